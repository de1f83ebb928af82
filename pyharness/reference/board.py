"""Constants and square helpers of docs/encoding.md (the 16x16 board).

Squares are `rank16 * 16 + file16`; the playing area is rank16 3..12, file16 3..11.
ICCS `(f, r)` maps to `(12 - r) * 16 + 3 + f`.
"""
from __future__ import annotations

from .errors import IllegalMoveError

RED = 0
BLACK = 1

KING, ADVISOR, BISHOP, KNIGHT, ROOK, CANNON, PAWN = range(7)
TYPE_LETTERS = "KABNRCP"
#: piece index within a side (0..15) -> type code
PIECE_TYPES = (KING, ADVISOR, ADVISOR, BISHOP, BISHOP, KNIGHT, KNIGHT,
               ROOK, ROOK, CANNON, CANNON, PAWN, PAWN, PAWN, PAWN, PAWN)
#: first piece index and number of slots of each type
TYPE_SLOTS = {KING: (0, 1), ADVISOR: (1, 2), BISHOP: (3, 2), KNIGHT: (5, 2),
              ROOK: (7, 2), CANNON: (9, 2), PAWN: (11, 5)}

EMPTY = 0x00
OFFBOARD = 0xFF
RED_TAG = 0x10
BLACK_TAG = 0x20

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

RANK16_TOP, RANK16_BOTTOM = 3, 12
FILE16_LEFT, FILE16_RIGHT = 3, 11


def side_tag(side: int) -> int:
    """Return the board side tag of `side`: 0x10 for Red, 0x20 for Black."""
    return RED_TAG if side == RED else BLACK_TAG


def piece_type(index: int) -> int:
    """Return the type code of piece index `index` (0..15 within a side)."""
    return PIECE_TYPES[index & 0x0F]


def make_square(file: int, rank: int) -> int:
    """Return the square of ICCS file 0..8 (a..i) and rank 0..9."""
    return (12 - rank) * 16 + 3 + file


def square_file(sq: int) -> int:
    """Return the ICCS file 0..8 of a playing square."""
    return (sq & 15) - 3


def square_rank(sq: int) -> int:
    """Return the ICCS rank 0..9 of a playing square."""
    return 12 - (sq >> 4)


def _build_in_board() -> tuple[bool, ...]:
    return tuple(RANK16_TOP <= (sq >> 4) <= RANK16_BOTTOM
                 and FILE16_LEFT <= (sq & 15) <= FILE16_RIGHT for sq in range(256))


IN_BOARD = _build_in_board()


def in_board(sq: int) -> bool:
    """True when `sq` is one of the 90 playing squares."""
    return 0 <= sq < 256 and IN_BOARD[sq]


def _build_palace(side: int) -> tuple[bool, ...]:
    ranks = (10, 11, 12) if side == RED else (3, 4, 5)
    return tuple((sq >> 4) in ranks and 6 <= (sq & 15) <= 8 for sq in range(256))


IN_PALACE = (_build_palace(RED), _build_palace(BLACK))


def in_palace(sq: int, side: int) -> bool:
    """True when `sq` is inside the palace of `side`."""
    return 0 <= sq < 256 and IN_PALACE[side][sq]


OWN_HALF = (tuple(IN_BOARD[sq] and bool(sq & 0x80) for sq in range(256)),
            tuple(IN_BOARD[sq] and not sq & 0x80 for sq in range(256)))


def own_half(sq: int, side: int) -> bool:
    """True when playing square `sq` is on `side`'s half of the river."""
    return 0 <= sq < 256 and OWN_HALF[side][sq]


def sq_from_iccs(text: str) -> int:
    """Parse an ICCS square such as "h2"; raise IllegalMoveError when malformed."""
    if len(text) != 2 or text[0] not in "abcdefghi" or text[1] not in "0123456789":
        raise IllegalMoveError(f"not an ICCS square: {text!r} (want a0..i9)")
    return make_square("abcdefghi".index(text[0]), int(text[1]))


def sq_to_iccs(sq: int) -> str:
    """Format a playing square as ICCS, e.g. 0xC3 -> "a0"."""
    if not in_board(sq):
        raise ValueError(f"square 0x{sq:02X} is not on the board")
    return "abcdefghi"[square_file(sq)] + str(square_rank(sq))
