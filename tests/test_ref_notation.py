"""WXF and Chinese move notation (about 6 s, most of it the pyffish comparison)."""
from __future__ import annotations

import random

import pytest

from pyharness.reference.errors import IllegalMoveError
from pyharness.reference.notation import chinese, wxf
from pyharness.reference.position import Move, Position
from pyharness.reference.randpos import random_positions

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
AFTER_C25 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
RED_ROOKS = "3k5/9/9/9/4R4/9/4R4/9/9/5K3 w - - 0 1"
THREE_PAWNS = "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1"
FOUR_PAWNS = "4k4/9/2P6/2P6/2P6/2P6/9/9/9/3K5 w - - 0 1"
TWO_PAWN_FILES = "4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1"
BLACK_PAWNS = "3k5/9/9/9/9/9/9/1p7/1p2K4/9 b - - 0 1"
ROOKS_OFF_BOARD = "9/9/4k4/9/P7P/1R2N4/9/8B/1R2K4/5A3 w - - 61 70"

# (fen, ICCS move, WXF, Chinese). The WXF strings are what Fairy-Stockfish
# (pyffish 0.0.90) writes, with "=" shown as "."; the Chinese ones follow the
# convention written down in docs/rules.md.
KNOWN = [
    (START, "h2e2", "C2.5", "炮二平五"),
    (START, "h0g2", "H2+3", "马二进三"),
    (START, "c0e2", "E7+5", "相七进五"),
    (START, "d0e1", "A6+5", "仕六进五"),
    (START, "a0a1", "R9+1", "车九进一"),
    (START, "b2b9", "C8+7", "炮八进七"),
    (AFTER_C25, "h9g7", "H8+7", "马8进7"),
    (AFTER_C25, "b7e7", "C2.5", "炮2平5"),
    (AFTER_C25, "e9e8", "K5+1", "将5进1"),
    (AFTER_C25, "a6a5", "P1+1", "卒1进1"),
    (RED_ROOKS, "e5d5", "R+.6", "前车平六"),
    (RED_ROOKS, "e3e4", "R-+1", "后车进一"),
    (RED_ROOKS, "e3e0", "R--3", "后车退三"),
    (ROOKS_OFF_BOARD, "b4b2", "R8-2", "前车退二"),
    (ROOKS_OFF_BOARD, "b4b3", "R+-1", "前车退一"),
    (THREE_PAWNS, "c7c8", "17+1", "前兵进一"),
    (THREE_PAWNS, "c6d6", "27.6", "中兵平六"),
    (THREE_PAWNS, "c5b5", "37.8", "后兵平八"),
    (FOUR_PAWNS, "c5d5", "37.6", "三兵平六"),
    (TWO_PAWN_FILES, "c6c7", "17+1", "前七进一"),
    (TWO_PAWN_FILES, "g5h5", "23.2", "后三平二"),
    (BLACK_PAWNS, "b1b0", "P++1", "前卒进1"),
    (BLACK_PAWNS, "b2a2", "P-.1", "后卒平1"),
]


@pytest.mark.parametrize("fen,move,want_wxf,want_chinese", KNOWN,
                         ids=[f"{k[1]}-{k[2]}" for k in KNOWN])
def test_known_notation(fen, move, want_wxf, want_chinese):
    pos = Position.from_fen(fen)
    m = pos.parse_move(move)
    assert wxf(pos, m) == want_wxf
    assert chinese(pos, m) == want_chinese


def test_notation_of_a_move_by_the_wrong_side_is_refused():
    pos = Position.start()
    with pytest.raises(IllegalMoveError):
        wxf(pos, Move.from_iccs("h9g7"))
    with pytest.raises(IllegalMoveError):
        chinese(pos, Move.from_iccs("e5e6"))


def _is_tandem(text: str) -> bool:
    return not text[0].isalpha() or text[1] in "+-"


def test_wxf_agrees_with_pyffish_on_random_moves():
    """Every move of the KNOWN positions, every tandem-piece move of 400 random
    positions and 500 other random moves (pyffish takes ~5 ms per call)."""
    sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed")
    rng = random.Random(77)
    tandem_moves, other_moves = [], []
    for fen in sorted({k[0] for k in KNOWN}):
        pos = Position.from_fen(fen)
        tandem_moves += [(fen, m) for m in pos.legal_moves()]
    for fen in random_positions(400, 77, capture_bias=0.7):
        pos = Position.from_fen(fen)
        for m in pos.legal_moves():
            (tandem_moves if _is_tandem(wxf(pos, m)) else other_moves).append((fen, m))
    sample = tandem_moves + rng.sample(other_moves, 500)
    tandem = 0
    for fen, m in sample:
        pos = Position.from_fen(fen)
        t = m.iccs()
        uci = f"{t[0]}{int(t[1]) + 1}{t[2]}{int(t[3]) + 1}"
        theirs = sf.get_san("xiangqi", fen, uci, False, sf.NOTATION_XIANGQI_WXF)
        ours = wxf(pos, m)
        assert ours.replace(".", "=") == theirs, (fen, t)
        tandem += _is_tandem(ours)
    assert len(sample) > 700
    assert tandem > 60  # the sample must exercise the tandem rules
