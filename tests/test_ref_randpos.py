"""randpos.random_positions: deterministic, legal, varied (about 2 s)."""
from __future__ import annotations

import pytest

from pyharness.reference.position import Position
from pyharness.reference.randpos import random_positions


def test_same_seed_same_positions_other_seed_others():
    a = random_positions(30, 11)
    assert a == random_positions(30, 11)
    assert a != random_positions(30, 12)
    assert len(a) == 30 and len(set(a)) == 30


def test_positions_are_legal_and_varied():
    fens = random_positions(200, 3)
    positions = [Position.from_fen(f) for f in fens]  # raises if illegal
    pieces = [sum(1 for sq in p.piece_sq if sq) for p in positions]
    assert min(pieces) <= 8, "captures are favoured, so endgames appear"
    assert max(pieces) >= 24, "short playouts keep middlegames too"
    assert any(not p.legal_moves() for p in positions), "some have no legal move"
    assert any(p.in_check() for p in positions)
    for p in positions:
        assert not p.in_check(p.side ^ 1)


def test_capture_bias_zero_keeps_more_pieces():
    def mean_pieces(bias):
        fens = random_positions(60, 9, capture_bias=bias, max_plies=60)
        return sum(sum(1 for sq in Position.from_fen(f).piece_sq if sq) for f in fens) / 60
    assert mean_pieces(0.0) > mean_pieces(1.0)


@pytest.mark.parametrize("kwargs", [dict(count=-1), dict(max_plies=0), dict(capture_bias=1.5)])
def test_bad_arguments_raise(kwargs):
    args = dict(count=3, seed=1) | kwargs
    with pytest.raises(ValueError):
        random_positions(args.pop("count"), args.pop("seed"), **args)
