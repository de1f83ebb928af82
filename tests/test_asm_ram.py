"""Engine RAM discipline: make/unmake restores every byte; writes stay in docs/ram_map.md.
"""
from __future__ import annotations

import re

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.rom.build import project_root
from pyharness.reference.position import Position
from pyharness.reference.randpos import random_positions
from pyharness.rom.sim import make_sim

RANDOM_SEED = 77
REGION_LINE = re.compile(r"^- (\w+): `(\w+)` \.\. `(\w+)`\s*$")
HARDWARE = (0x2000, 0x5FFF)  # PPU, APU/IO, mapper expansion


def ram_map_ranges(symbols) -> dict[str, tuple[int, int]]:
    """The write ranges listed in docs/ram_map.md, resolved to (lo, hi) inclusive."""
    text = (project_root() / "docs" / "ram_map.md").read_text()
    out = {}
    for line in text.splitlines():
        m = REGION_LINE.match(line)
        if m:
            out[m.group(1)] = (symbols[m.group(2)], symbols[m.group(3)] - 1)
    return out


@pytest.fixture(scope="module")
def eng() -> AsmEngine:
    return AsmEngine()


def engine_ram(eng, ranges) -> dict[int, int]:
    mem = eng.sim.memory
    return {a: mem[a] for lo, hi in ranges.values() for a in range(lo, hi + 1)}


def test_ram_map_lists_three_regions(eng):
    ranges = ram_map_ranges(eng.sim.symbols)
    assert set(ranges) == {"ZEROPAGE", "BSS", "WRAM"}
    zp_lo, zp_hi = ranges["ZEROPAGE"]
    assert zp_hi < 0x100 and zp_hi - zp_lo + 1 <= 96   # the engine's zero-page budget (docs/ram_map.md)
    wram_lo, _ = ranges["WRAM"]
    assert eng.sim.addr("eng_board") & 0xFF == 0


def test_make_unmake_restores_every_byte(eng):
    """After make+unmake all engine RAM equals the snapshot, except the undo record of
    the ply (scratch that pos_make writes), eng_tmp0 (scratch of pos_unmake) and the
    input pos_from/pos_to that the caller writes."""
    s = eng.sim
    ranges = ram_map_ranges(s.symbols)
    moves_checked = 0
    for fen in random_positions(30, RANDOM_SEED):
        pos = Position.from_fen(fen)
        eng.load(pos)
        moves = eng.generate().moves
        ply = eng.ply
        scratch = {s.addr("undo_from") + ply, s.addr("undo_to") + ply,
                   s.addr("undo_cap") + ply, s.addr("eng_tmp0"),
                   s.addr("pos_from"), s.addr("pos_to")}
        before = engine_ram(eng, ranges)
        for move in moves:
            eng.make(move)
            pos.push(move)
            assert eng.board() == bytes(pos.board)
            assert eng.piece_sq() == bytes(pos.piece_sq)
            assert eng.side == pos.side and eng.ply == ply + 1
            eng.unmake()
            pos.pop()
            after = engine_ram(eng, ranges)
            diff = [hex(a) for a in before if a not in scratch and before[a] != after[a]]
            assert not diff, f"{fen} {move}: bytes changed {diff[:8]}"
            moves_checked += 1
    assert moves_checked > 300


def test_engine_writes_only_its_ram():
    sim = make_sim()
    eng = AsmEngine(sim)
    ranges = ram_map_ranges(sim.symbols)
    fens = [Position.start().fen(),
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1"]
    wm = sim.watch(ranges.values(), forbidden_reads=[HARDWARE])
    total = 0
    for fen in fens:
        pos = Position.from_fen(fen)
        eng.load(pos)
        moves = eng.generate().moves
        if moves:
            eng.make(moves[-1])
            eng.unmake()
        total += eng.perft(2).nodes
        total += eng.perft(2, full=True).nodes
        eng.in_check()
    assert total > 4000
    assert not wm.violations, f"outside writes/reads: {wm.violations[:5]}"


def test_watch_catches_a_stray_write():
    """The watch itself must fail when the engine's RAM ranges are withheld."""
    sim = make_sim()
    eng = AsmEngine(sim)
    ranges = ram_map_ranges(sim.symbols)
    del ranges["WRAM"]
    wm = sim.watch(ranges.values())
    eng.load(Position.start())
    assert any(kind == "write" and addr >= 0x6000 for kind, addr, _, _ in wm.violations)
