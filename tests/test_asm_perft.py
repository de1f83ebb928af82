"""eng_perft and eng_perft_full (ROM code under py65) against the published perft counts."""
from __future__ import annotations

import pytest

from pyharness.rom.asm_engine import AsmEngine, asm_divide
from pyharness.reference.perft import divide
from pyharness.reference.position import Position


@pytest.fixture(scope="module")
def eng() -> AsmEngine:
    return AsmEngine()


@pytest.mark.parametrize("full", [False, True], ids=["bulk", "full"])
@pytest.mark.parametrize("depth", [1, 2])
def test_public_positions_shallow(eng, perft_cases, depth, full):
    for case in perft_cases:
        if depth not in case.counts:
            continue
        pos = Position.from_fen(case.fen)
        eng.load(pos)
        res = eng.perft(depth, full=full)
        assert res.nodes == case.counts[depth], case.id
        assert eng.ply == 0 and eng.side == pos.side
        assert eng.board() == bytes(pos.board), f"{case.id}: board not restored"
        assert eng.piece_sq() == bytes(pos.piece_sq), f"{case.id}: pieces not restored"


def test_start_position_depth3(eng, perft_cases):
    start = next(c for c in perft_cases if c.id == "start")
    eng.load(Position.from_fen(start.fen))
    res = eng.perft(3)
    assert res.nodes == start.counts[3] == 79666
    assert 0 < res.cycles_per_leaf < 500   # the budget per perft leaf (docs/cycle_budget.md)


@pytest.mark.parametrize("full", [False, True], ids=["bulk", "full"])
def test_small_positions_depth3(eng, perft_cases, full):
    small = [c for c in perft_cases if 3 in c.counts and c.counts[3] < 10000]
    assert len(small) >= 5
    for case in small:
        pos = Position.from_fen(case.fen)
        eng.load(pos)
        assert eng.perft(3, full=full).nodes == case.counts[3], case.id
        assert eng.board() == bytes(pos.board), f"{case.id}: board not restored"


def test_full_costs_more_than_bulk(eng):
    """Full mode makes and unmakes every leaf: same count, more cycles per leaf."""
    eng.load(Position.start())
    bulk, full = eng.perft(2), eng.perft(2, full=True)
    assert bulk.nodes == full.nodes == 1920
    assert full.cycles_per_leaf > bulk.cycles_per_leaf + 100   # make + unmake ~150
    assert full.cycles_per_leaf < 500                          # the perft-leaf budget


@pytest.mark.parametrize("full", [False, True], ids=["bulk", "full"])
def test_depth0_counts_one(eng, full):
    eng.load(Position.start())
    assert eng.perft(0, full=full).nodes == 1


def test_divide_matches_reference(eng, perft_cases):
    case = next(c for c in perft_cases if c.id == "wiki4")
    pos = Position.from_fen(case.fen)
    assert asm_divide(pos, 2, eng) == divide(pos, 2)
