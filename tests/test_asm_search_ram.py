"""The search and the game API write only the engine's RAM (docs/ram_map.md) and the
stack, and never read a hardware register."""
from __future__ import annotations

import re

from pyharness.asm_engine import AsmEngine
from pyharness.build import project_root
from pyharness.reference.board import START_FEN
from pyharness.reference.position import Move, Position
from pyharness.sim import make_sim

REGION = re.compile(r"^- (?:search )?(\w+): `(\w+)` \.\. `(\w+)`\s*$")
HARDWARE = (0x2000, 0x5FEF)  # PPU, APU/IO, mapper expansion (up to the harness sentinel)


def regions(symbols) -> list[tuple[int, int]]:
    text = (project_root() / "docs" / "ram_map.md").read_text()
    out = []
    for line in text.splitlines():
        m = REGION.match(line)
        if m:
            out.append((symbols[m.group(2)], symbols[m.group(3)] - 1))
    return out


def test_search_and_game_write_only_engine_ram():
    sim = make_sim()
    eng = AsmEngine(sim)
    allowed = regions(sim.symbols)
    assert len(allowed) == 6
    pos = Position.from_fen(START_FEN)
    for text in "h2e2 h9g7".split():
        pos.push(Move.from_iccs(text))
    eng.game_setup(pos)              # unwatched: the harness writes the inputs
    wm = sim.watch(allowed, forbidden_reads=[HARDWARE])
    eng.think(pos, depth=2)
    eng.think(pos, level=1, seed=3, frames=0)
    eng.think(Position.start(), level=3, seed=1)
    eng.game_push(Move.from_iccs("h0g2"))
    eng.game_result()
    eng.game_pop()
    writes = [v for v in wm.violations if v[0] == "write"
              and not sim.addr("srch_level") <= v[1] < sim.addr("srch_best_from")]
    # the harness pokes the inputs (srch_level .. srch_use_book, pos_from/to) itself
    # ... and advances frame_count every 29,781 cycles, as the NMI does
    fc = sim.addr("frame_count")
    harness = (sim.addr("pos_from"), sim.addr("pos_to"), fc, fc + 1)
    writes = [v for v in writes if v[1] not in harness]
    reads = [v for v in wm.violations if v[0] == "read"]
    assert not writes, [f"{k} ${a:04X} at PC ${pc:04X}" for k, a, _, pc in writes[:5]]
    assert not reads, [f"{k} ${a:04X} at PC ${pc:04X}" for k, a, _, pc in reads[:5]]
