"""The search and the game API write only the engine's RAM (docs/ram_map.md) and the
stack, and never read a hardware register."""
from __future__ import annotations

import re

from pyharness.rom.asm_engine import AsmEngine
from pyharness.rom.build import project_root
from pyharness.reference.board import START_FEN
from pyharness.reference.position import Move, Position
from pyharness.rom.sim import SENTINEL, make_sim
from pyharness.rom.symbols import routine_of

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
    """A think writes only the engine's RAM; the game record's routines (the game bank,
    docs/cartridge.md) also write the trampolines' bytes and the MMC1's registers, which
    they switch to reach the engine bank, and nothing else."""
    sim = make_sim()
    eng = AsmEngine(sim)
    allowed = regions(sim.symbols)
    assert len(allowed) == 6
    pos = Position.from_fen(START_FEN)
    for text in "h2e2 h9g7".split():
        pos.push(Move.from_iccs(text))
    eng.game_setup(pos)              # unwatched: the harness writes the inputs
    # the harness pokes the inputs (srch_level .. srch_use_book, pos_from/to) itself
    # ... and advances frame_count every 29,781 cycles, as the NMI does
    fc = sim.addr("frame_count")
    harness = {sim.addr("pos_from"), sim.addr("pos_to"), fc, fc + 1}
    inputs = range(sim.addr("srch_level"), sim.addr("srch_best_from"))

    wm = sim.watch(allowed, forbidden_reads=[HARDWARE])
    eng.think(pos, depth=2)
    eng.think(pos, level=1, seed=3, frames=0)
    eng.think(Position.start(), level=3, seed=1)
    eng.game_push(Move.from_iccs("h0g2"))
    eng.game_result()
    eng.game_pop()
    # the bank switch: its bytes and the MMC1's registers, written only by the
    # trampolines and mmc1_select (and mmc1_bank by the harness, which maps the game bank
    # for a call as mmc1_select would)
    switch = {sim.addr(n) for n in ("far_a", "far_x", "far_t", "far_b", "mmc1_bank",
                                    "mmc1_nmi_hit")}
    name = routine_of(sim.symbols, lo=0xC000)
    mapper = [v for v in wm.violations if v[0] == "write" and v[1] >= 0x8000]
    assert mapper                    # the game bank really switches to the engine bank
    bad = [f"{k} ${a:04X} at PC ${pc:04X}" for k, a, _, pc in wm.violations
           if k == "read" or not (
               a in inputs or a in harness
               or ((a in switch or a >= 0x8000)
                   and (pc == SENTINEL or name(pc).startswith(("far_", "mmc1_")))))]
    assert not bad, bad[:5]


def test_search_make_unmake_restore_the_position_bytes():
    """srch_make (srch_make_q) / srch_unmake (the search's own inline make, not pos_make): at every
    srch_unmake_done the board, piece list, eval sums of plies 0..ply, side, ply and record
    index are byte-identical to what they were when the matching srch_make started."""
    sim = make_sim()
    eng = AsmEngine(sim)
    mem = sim.memory
    areas = [(sim.addr("eng_board"), 256), (sim.addr("eng_piece_sq"), 32),
             (sim.addr("eng_side"), 1), (sim.addr("eng_ply"), 1), (sim.addr("sr_n"), 1)]
    sums = [sim.addr(f"ev_s{i}") for i in range(4)]   # per ply: plies 0..ply are the path's
    a_ply = sim.addr("eng_ply")
    stack: list[tuple[int, bytes]] = []
    pairs = [0]
    bad: list[str] = []

    def snap(ply: int) -> bytes:
        return b"".join([bytes(mem[a:a + n]) for a, n in areas]
                        + [bytes(mem[a:a + ply + 1]) for a in sums])

    def at_make():
        ply = mem[a_ply]
        stack.append((ply, snap(ply)))

    def at_unmake_done():
        ply, before = stack.pop()
        pairs[0] += 1
        if before != snap(ply) and len(bad) < 3:
            bad.append(f"pair {pairs[0]}: position bytes differ after srch_unmake")

    hooks = {sim.addr("srch_make"): at_make, sim.addr("srch_make_q"): at_make,
             sim.addr("srch_unmake_done"): at_unmake_done}
    fens = [START_FEN,
            # captures of every kind, checks, a cannon screen
            "3ak1b2/R3a4/2n1b2r1/p3p3p/2p6/5R1n1/PcP1P3P/2N1C4/3CA4/2B1KAB2 b - - 0 18",
            "4k4/4a3C/4ba3/1P7/2b6/4p1C2/4n4/9/4A4/2BK1A3 b - - 0 59"]
    for fen in fens:
        pos = Position.from_fen(fen)
        eng.game_setup(pos)
        before_pairs = pairs[0]
        s = sim                      # the inputs as AsmEngine.think pokes them
        s.poke("srch_level", 0)
        s.poke("srch_depth", 3)
        s.write("srch_seed", bytes(2))
        s.write("srch_node_limit", bytes(4))
        s.poke("srch_frames_set", 0)
        s.write("srch_frames", bytes(2))
        s.poke("srch_use_book", 1)
        s.poke("srch_move_now", 0)
        s.call("srch_start", max_cycles=10**6)      # a think's first half (no book)
        s.call("srch_think", hooks=hooks, max_cycles=10**10)
        assert pairs[0] - before_pairs > 100, fen
        assert not stack, "a srch_make without its srch_unmake"
    assert not bad, bad
