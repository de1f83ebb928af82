"""Reference move generation: encoding bytes, generation order, and pyffish agreement.

The pyffish comparison covers 600 seeded random positions (legal move sets and
in_check); about 8 s.
"""
from __future__ import annotations

import re

import pytest

from pyharness.reference.board import (BLACK, EMPTY, OFFBOARD, RED, in_board, in_palace,
                                       own_half, sq_from_iccs, sq_to_iccs)
from pyharness.reference.position import Move, Position
from pyharness.reference.randpos import random_positions

sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed")

RANDOM_COUNT = 600
SEED = 20261122


def _from_ffish(uci: str) -> str:
    """pyffish move (ranks 1..10) -> ICCS (ranks 0..9)."""
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", uci)
    assert m, uci
    return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"


def test_square_mapping_matches_encoding_doc():
    assert sq_from_iccs("a0") == 0xC3
    assert sq_from_iccs("i9") == 0x3B
    assert sq_from_iccs("e0") == 0xC7
    assert sum(in_board(sq) for sq in range(256)) == 90
    assert all(sq_to_iccs(sq_from_iccs(f + r)) == f + r for f in "abcdefghi" for r in "0123456789")
    assert sum(in_palace(sq, RED) for sq in range(256)) == 9
    assert in_palace(sq_from_iccs("d7"), BLACK) and not in_palace(sq_from_iccs("d7"), RED)
    assert own_half(sq_from_iccs("a4"), RED) and own_half(sq_from_iccs("a5"), BLACK)


def test_start_position_bytes_follow_the_encoding_doc():
    pos = Position.start()
    assert len(pos.board) == 256 and len(pos.piece_sq) == 32
    assert all((pos.board[sq] == OFFBOARD) != in_board(sq) for sq in range(256))
    # piece indices: reading order, lowest free index of the type (encoding.md)
    expected = {"e0": 0x10, "d0": 0x11, "f0": 0x12, "c0": 0x13, "g0": 0x14, "b0": 0x15,
                "h0": 0x16, "a0": 0x17, "i0": 0x18, "b2": 0x19, "h2": 0x1A, "a3": 0x1B,
                "c3": 0x1C, "e3": 0x1D, "g3": 0x1E, "i3": 0x1F,
                "e9": 0x20, "d9": 0x21, "f9": 0x22, "a9": 0x27, "b7": 0x29, "i6": 0x2F}
    for name, value in expected.items():
        assert pos.board[sq_from_iccs(name)] == value, name
        assert pos.piece_sq[value - 0x10] == sq_from_iccs(name), name
    assert pos.board[sq_from_iccs("e5")] == EMPTY
    assert sum(1 for x in pos.piece_sq if x) == 32


def test_start_generation_order_follows_the_encoding_doc():
    # Worked out by hand from the table in docs/encoding.md: king, advisors d0 f0,
    # bishops c0 g0, knights b0 h0, rooks a0 i0, cannons b2 h2, pawns a3..i3; steps
    # in the listed order, sliders near to far, the cannon capture after the screen.
    expected = ("e0e1 d0e1 f0e1 c0a2 c0e2 g0e2 g0i2 b0a2 b0c2 h0g2 h0i2 a0a1 a0a2 "
                "i0i1 i0i2 b2b3 b2b4 b2b5 b2b6 b2b9 b2a2 b2c2 b2d2 b2e2 b2f2 b2g2 b2b1 "
                "h2h3 h2h4 h2h5 h2h6 h2h9 h2g2 h2f2 h2e2 h2d2 h2c2 h2i2 h2h1 "
                "a3a4 c3c4 e3e4 g3g4 i3i4")
    assert " ".join(m.iccs() for m in Position.start().legal_moves()) == expected


def test_black_pawn_after_the_river_moves_sideways_in_order():
    pos = Position.from_fen("4k4/9/9/9/9/4p4/9/9/9/3K5 b - - 0 1")
    pawn = [m.iccs() for m in pos.legal_moves() if m.frm == sq_from_iccs("e4")]
    assert pawn == ["e4e3", "e4d4", "e4f4"]


def test_legal_moves_are_the_pseudo_legal_ones_kept_in_order():
    for fen in random_positions(40, SEED + 1):
        pos = Position.from_fen(fen)
        pseudo = pos.pseudo_legal_moves()
        legal = pos.legal_moves()
        assert [m for m in pseudo if m in set(legal)] == legal
        for m in pseudo:
            assert pos.is_legal(m) == (m in legal)


def test_flying_general_pins_the_piece_between_the_kings():
    pos = Position.from_fen("4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1")
    knight = sq_from_iccs("e5")
    assert any(m.frm == knight for m in pos.pseudo_legal_moves())
    assert not any(m.frm == knight for m in pos.legal_moves())
    # moving the king off the file is fine, the open file is check
    pos = Position.from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
    assert sorted(m.iccs() for m in pos.legal_moves()) == ["e0e1", "e0f0"]
    pos = Position.from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
    pos.push(Move.from_iccs("d0e0"))
    assert pos.in_check() and pos.in_check(BLACK)


def test_push_pop_restores_everything():
    pos = Position.from_fen("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 3 7")
    before = (bytes(pos.board), bytes(pos.piece_sq), pos.side, pos.halfmove, pos.fullmove)
    for m in pos.legal_moves():
        pos.push(m)
        assert pos.halfmove == (0 if pos._stack[-1].captured else 4)
        assert pos.pop() == m
        assert (bytes(pos.board), bytes(pos.piece_sq), pos.side, pos.halfmove,
                pos.fullmove) == before


def test_random_positions_agree_with_pyffish():
    fens = random_positions(RANDOM_COUNT, SEED)
    compared = 0
    for fen in fens:
        pos = Position.from_fen(fen)
        ours = sorted(m.iccs() for m in pos.legal_moves())
        theirs = sorted(_from_ffish(u) for u in sf.legal_moves("xiangqi", fen, []))
        assert ours == theirs, fen
        assert pos.in_check() == sf.gives_check("xiangqi", fen, []), fen
        compared += 1
    assert compared == RANDOM_COUNT
