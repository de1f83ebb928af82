"""The move-list bound: no side ever has more than MG_BOUND (117) moves, so a generation
never overruns the MG_MAX (128) slots it reserves on the move stack (docs/ram_map.md).

The bound is derived by pyharness/reference/movebound.py (target squares of each piece
type, best placement per type); here it is checked against the engine's constants,
against the reference generator piece by piece, and against the largest lists found: a
position built by hill climbing (offline, 4 minutes) and a short seeded climb from it.
"""
from __future__ import annotations

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.reference import search as ref
from pyharness.reference.board import (BLACK, CANNON, KING, PAWN, RED, TYPE_LETTERS,
                                       TYPE_SLOTS, make_square)
from pyharness.reference.errors import InvalidFenError
from pyharness.reference.movebound import (SQUARES, climb, grid_fen, move_bound,
                                           target_count, types_bound)
from pyharness.reference.position import Position

# the largest list found: tools/lab/max_moves.py (hill climbing over placements of a full red
# army against a bare black king), two 4-minute runs from NEAR_MAX_FEN
LARGEST_FEN = "R8/1P1P1k3/2C6/4P1P2/3P1N3/4N4/7R1/1B7/3KAAB2/8C w - - 0 1"
LARGEST = 111


@pytest.fixture(scope="module")
def eng() -> AsmEngine:
    return AsmEngine()


def test_the_bound_and_the_engine_constants(eng):
    c = eng.constants
    assert types_bound(RED) == {"K": 4, "A": 6, "B": 8, "N": 16, "R": 34, "C": 34, "P": 15}
    assert move_bound(RED) == move_bound(BLACK) == c["MG_BOUND"] == 117
    assert c["MG_BOUND"] <= c["MG_MAX"] == ref.GEN_RESERVE < 256
    assert c["MV_CAP"] % 256 == 0 and c["MV_CAP"] >= c["MG_MAX"]


def _alone(ptype: int, sq: int) -> Position | None:
    """A red piece of `ptype` on `sq` with the two kings out of its way, or None."""
    kings = [(make_square(4, 0), make_square(3, 9)), (make_square(3, 0), make_square(5, 9))]
    for rk, bk in kings:
        if ptype == KING:
            rk = sq
        if sq == bk or (ptype != KING and sq == rk):
            continue
        board = {rk: "K", bk: "k"}
        board[sq] = TYPE_LETTERS[ptype]
        try:
            return Position.from_fen(grid_fen(board))
        except InvalidFenError:
            continue
    return None


@pytest.mark.timeout(60)
def test_target_counts_bound_the_generator():
    """For every type and square: the reference generator's moves of that piece (alone
    with the kings) never exceed target_count, and reach it on the best square."""
    for ptype in range(7):
        best = 0
        for sq in SQUARES:
            pos = _alone(ptype, sq)
            if pos is None:
                continue
            n = sum(m.frm == sq for m in pos.pseudo_legal_moves())
            assert n <= target_count(ptype, sq), (TYPE_LETTERS[ptype], sq)
            best = max(best, n)
        want = max(target_count(ptype, sq) for sq in SQUARES)
        assert best == want, TYPE_LETTERS[ptype]
    assert max(target_count(PAWN, sq) for sq in SQUARES) == 3
    assert max(target_count(CANNON, sq) for sq in SQUARES) == 17
    assert TYPE_SLOTS[PAWN][1] == 5


@pytest.mark.timeout(30)
def test_the_largest_list_found(eng):
    pos = Position.from_fen(LARGEST_FEN)
    moves = pos.legal_moves()
    assert len(moves) == LARGEST <= len(pos.pseudo_legal_moves()) <= move_bound()
    eng.load(pos)
    assert eng.generate().moves == moves


@pytest.mark.timeout(120)
def test_a_seeded_climb_stays_under_the_bound(eng):
    """3,000 climbing steps from the largest position (movebound.climb): no position seen
    has more pseudo-legal moves than the bound, and the cartridge's generator lists the
    best one exactly as the reference."""
    found = climb(LARGEST_FEN, 3000, seed=15)
    assert found.seen >= 1000
    assert LARGEST <= found.moves <= found.most_pseudo <= move_bound()
    pos = Position.from_fen(found.fen)
    eng.load(pos)
    assert eng.generate().moves == pos.legal_moves()
