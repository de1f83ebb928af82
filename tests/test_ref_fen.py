"""FEN reading and writing of the reference Position (fast, < 2 s)."""
from __future__ import annotations

import re

import pytest

from pyharness.reference.board import BLACK, KNIGHT, RED, START_FEN, sq_from_iccs
from pyharness.reference.errors import InvalidFenError, Xq65Error
from pyharness.reference.position import Position
from pyharness.reference.randpos import random_positions


def test_start_round_trip():
    assert Position.start().fen() == START_FEN
    assert Position.from_fen(START_FEN).fen() == START_FEN


def test_random_positions_round_trip():
    for fen in random_positions(100, 5):
        pos = Position.from_fen(fen)
        assert pos.fen() == fen
        assert Position.from_fen(pos.fen()) == pos


def test_alternative_letters_and_red_side_are_read():
    pos = Position.from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1")
    assert pos.fen() == START_FEN
    assert pos.piece_at(sq_from_iccs("b9")) == (BLACK, KNIGHT)
    assert pos.side == RED


def test_short_fen_gets_default_counters():
    pos = Position.from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b")
    assert (pos.side, pos.halfmove, pos.fullmove) == (BLACK, 0, 1)


@pytest.mark.parametrize("fen,message", [
    ("", "empty"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "side field"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "9 ranks"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w", "11 ranks"),
    ("rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "8 files"),
    ("rnbakabnr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "10 files"),
    ("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "more than 9 files"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w", "unknown piece letter 'X'"),
    (START_FEN.replace(" w ", " x "), "side to move"),
    ("9/9/9/9/9/9/9/9/9/4K4 w", "black king is missing"),
    ("4k4/9/9/9/9/9/9/9/9/9 w", "red king is missing"),
    ("3kk4/9/9/9/9/9/9/9/9/4K4 w", "too many black kings"),
    ("4k4/9/9/9/9/9/9/9/9/RRR1K4 w", "too many red rooks"),
    ("4k4/9/9/9/PPPPPP3/9/9/9/9/3K5 w", "too many red pawns"),
    ("4k4/9/9/9/9/9/9/9/9/K8 w", "red king on a0 is outside its palace"),
    ("9/9/9/4k4/9/9/9/9/9/3K5 w", "black king on e6 is outside its palace"),
    ("4k4/9/9/9/9/9/9/9/9/4K4 w", "black (not to move) is in check"),
    ("4k4/9/9/9/4R4/9/9/9/9/3K5 w", "black (not to move) is in check"),
    ("4k4/9/9/9/9/9/9/9/9/3K5 w - - x 1", "bad halfmove counter"),
    ("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 7", "fields"),
])
def test_malformed_fen_is_rejected_with_a_reason(fen, message):
    with pytest.raises(InvalidFenError, match=re.escape(message)) as info:
        Position.from_fen(fen)
    assert isinstance(info.value, Xq65Error) and isinstance(info.value, ValueError)


def test_side_to_move_may_be_in_check():
    pos = Position.from_fen("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1")
    assert pos.in_check() and not pos.in_check(RED)


@pytest.mark.parametrize("fen", [
    "4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1",   # advisor off its points
    "3k5/9/9/9/9/9/1B7/9/9/4K4 w - - 0 1",   # bishop off its points
    "3k5/9/9/9/9/9/9/P8/9/4K4 w - - 0 1",    # pawn behind its start
    "3k5/9/9/9/9/9/9/9/B8/4K4 w - - 0 1",
    "3k5/4A4/9/9/9/9/9/9/9/4K4 w - - 0 1",   # advisor in the enemy palace
])
def test_lenient_positions_follow_the_rules_like_fairy_stockfish(fen):
    sf = pytest.importorskip("pyffish")
    ours = sorted(m.iccs() for m in Position.from_fen(fen).legal_moves())
    theirs = sorted(_iccs(u) for u in sf.legal_moves("xiangqi", fen, []))
    assert ours == theirs


def _iccs(uci: str) -> str:
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", uci)
    return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"
