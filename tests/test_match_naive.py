"""The naive material-only engine: captures, mates, tie-breaks, material."""
from __future__ import annotations

import pytest

from pyharness.match.naive import MATE, NaiveEngine, NaiveSearchError, material
from pyharness.reference.position import Move, Position

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
FREE_KNIGHT = "5k3/9/9/9/9/n8/9/9/9/R3K4 w - - 0 1"        # a0a4 wins a horse
#: the only mate of 38 legal moves (pyffish agrees); found by randpos seed 5
MATE_IN_ONE = "r2k1ab2/9/b8/prp1p1p1n/7R1/4C1P2/P1c1P4/R7B/5K3/9 w - - 2 15"


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_takes_a_free_piece(depth):
    result = NaiveEngine(depth).search(Position.from_fen(FREE_KNIGHT))
    assert result.best_move == Move.from_iccs("a0a4")
    assert result.score == 90  # rook against nothing


@pytest.mark.parametrize("depth", [2, 3])
def test_finds_mate_in_one(depth):
    pos = Position.from_fen(MATE_IN_ONE)
    result = NaiveEngine(depth).search(pos)
    assert result.score == MATE - 1
    assert result.best_move == Move.from_iccs("h5d5")
    pos.push(result.best_move)
    assert not pos.legal_moves()


def test_depth_one_cannot_see_mate():
    # mates are found at interior nodes only: depth 1 just counts material
    assert NaiveEngine(1).search(Position.from_fen(MATE_IN_ONE)).best_move != Move.from_iccs("h5d5")


def test_ties_go_to_the_first_move_in_generation_order():
    pos = Position.from_fen("5k3/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")
    assert NaiveEngine(1).search(pos).best_move == pos.legal_moves()[0]


def test_search_restores_the_position_and_counts_nodes():
    pos = Position.from_fen(START)
    before = pos.fen()
    result = NaiveEngine(2).search(pos)
    assert pos.fen() == before
    assert result.nodes > 40
    assert pos.is_legal(result.best_move)


def test_material_counts_pawns_across_the_river():
    assert material(Position.from_fen(START)) == 0
    pos = Position.from_fen("3k5/9/9/9/2P6/9/9/9/9/4K4 w - - 0 1")  # red pawn on c5
    assert material(pos) == 20
    pos = Position.from_fen("3k5/9/9/9/2P6/9/9/9/9/4K4 b - - 0 1")
    assert material(pos) == -20


def test_bad_depth_and_no_moves():
    with pytest.raises(NaiveSearchError, match="positive"):
        NaiveEngine(0)
    mated = Position.from_fen(MATE_IN_ONE)
    mated.push(Move.from_iccs("h5d5"))
    with pytest.raises(NaiveSearchError, match="no legal move"):
        NaiveEngine(2).search(mated)
