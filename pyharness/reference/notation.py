"""Human move notation: WXF (as Fairy-Stockfish writes it) and Chinese (炮二平五).

Both notations count files from the mover's right: Red's file a is 9, Black's file a
is 1. Straight movers (king, rook, cannon, pawn) give the number of ranks moved when
advancing or retreating and the target file when moving sideways; diagonal movers
(advisor, bishop, knight) always give the target file.

Tandem pieces (two or more of the mover's pieces of one type on one file) are told
apart front to back, "front" being nearer the opponent:

* WXF, as pyffish 0.0.90 (Fairy-Stockfish) writes it: two pieces of a type on the
  file -> letter then "+" (front) or "-" (rear) in place of the file, e.g. "R+.4",
  but only when the other piece, shifted by the same step, would land on the board
  and inside the region its type may stand on (palace for the advisor, own half for
  the bishop); otherwise the plain file is kept ("R8-2" when the rear rook cannot go
  back 2). Pawns on a file with three or more, or pawns when two files each hold two
  or more: the pawn's ordinal from the front (1..5) then the file, e.g. "17+1".
  Sideways moves are written "." (pyffish: "=").
* Chinese (our choice, after the common convention): advisors and bishops never get
  前/后 (their direction tells them apart); other pieces, two on a file -> 前/后 before
  the piece name, file dropped ("前炮平五");
  three pawns -> 前/中/后; four or five pawns -> 一二三四五 front to back ("二兵平六").
  When two or more files each hold several pawns, the file is kept and the piece name
  dropped: "前七进一" (Red), "后3平4" (Black). Ordinals are Chinese for both sides.
"""
from __future__ import annotations

from .board import (ADVISOR, BISHOP, KING, KNIGHT, PAWN, RED, in_board, in_palace, own_half,
                    square_file, square_rank)
from .errors import IllegalMoveError
from .position import Move, Position

WXF_LETTERS = "KAEHRCP"
CHINESE_PIECES = ("帅仕相马车炮兵", "将士象马车炮卒")
CHINESE_NUMBERS = "一二三四五六七八九"
ORDINALS = "一二三四五"
DIAGONAL_TYPES = (ADVISOR, BISHOP, KNIGHT)


def _file_number(side: int, file: int) -> int:
    """1..9 file number from the mover's right."""
    return 9 - file if side == RED else file + 1


def _parts(pos: Position, move: Move) -> tuple[int, int, int, str, int]:
    """Return (side, type, file number, direction '+'/'-'/'.', number) of a move."""
    piece = pos.piece_at(move.frm)
    if piece is None:
        raise IllegalMoveError(f"{move.iccs()}: no piece on the from-square")
    side, ptype = piece
    if side != pos.side:
        raise IllegalMoveError(f"{move.iccs()}: the piece does not belong to the side to move")
    f0, r0 = square_file(move.frm), square_rank(move.frm)
    f1, r1 = square_file(move.to), square_rank(move.to)
    step = (r1 - r0) if side == RED else (r0 - r1)
    direction = "+" if step > 0 else "-" if step < 0 else "."
    if ptype in DIAGONAL_TYPES or direction == ".":
        number = _file_number(side, f1)
    else:
        number = abs(step)
    return side, ptype, _file_number(side, f0), direction, number


def _tandem(pos: Position, move: Move) -> tuple[int, int, int]:
    """Return (index from the front 0.., pieces on the file, files with several).

    Counts the mover's pieces of the moving piece's type on its file; the last
    value counts files holding two or more such pieces.
    """
    side, ptype = pos.piece_at(move.frm)
    per_file: dict[int, list[int]] = {}
    for sq in range(256):
        if pos.piece_at(sq) == (side, ptype):
            per_file.setdefault(square_file(sq), []).append(square_rank(sq))
    ranks = sorted(per_file[square_file(move.frm)], reverse=(side == RED))
    index = ranks.index(square_rank(move.frm))
    several = sum(1 for rs in per_file.values() if len(rs) >= 2)
    return index, len(ranks), several


def wxf(pos: Position, move: Move) -> str:
    """Return the WXF notation of `move` in `pos`, e.g. "C2.5" (pyffish writes "C2=5")."""
    side, ptype, file_no, direction, number = _parts(pos, move)
    index, on_file, several = _tandem(pos, move)
    letter = WXF_LETTERS[ptype]
    if on_file > 2 or (ptype == PAWN and on_file == 2 and several > 1):
        head = f"{index + 1}{file_no}"
    elif on_file == 2 and _other_shift_fits(pos, move):
        head = letter + ("+" if index == 0 else "-")
    else:
        head = f"{letter}{file_no}"
    return f"{head}{direction}{number}"


def _other_shift_fits(pos: Position, move: Move) -> bool:
    """True when the other same-type piece on the file, moved by the same step,
    lands on the board inside its type's region (pyffish's test for +/-)."""
    side, ptype = pos.piece_at(move.frm)
    file = square_file(move.frm)
    others = [sq for sq in range(256) if sq != move.frm and pos.piece_at(sq) == (side, ptype)
              and in_board(sq) and square_file(sq) == file]
    target = others[0] + move.to - move.frm
    if not in_board(target):
        return False
    if ptype in (KING, ADVISOR):
        return in_palace(target, side)
    if ptype == BISHOP:
        return own_half(target, side)
    return True


def _chinese_number(side: int, n: int) -> str:
    return CHINESE_NUMBERS[n - 1] if side == RED else str(n)


def chinese(pos: Position, move: Move) -> str:
    """Return the Chinese notation of `move` in `pos`, e.g. "炮二平五", "马8进7"."""
    side, ptype, file_no, direction, number = _parts(pos, move)
    index, on_file, several = _tandem(pos, move)
    name = CHINESE_PIECES[side][ptype]
    verb = {"+": "进", "-": "退", ".": "平"}[direction]
    tail = verb + _chinese_number(side, number)
    if on_file == 1 or ptype in (ADVISOR, BISHOP):
        return name + _chinese_number(side, file_no) + tail
    if on_file == 2:
        prefix = "前后"[index]
    elif on_file == 3:
        prefix = "前中后"[index]
    else:
        prefix = ORDINALS[index]
    if ptype == PAWN and several > 1:
        return prefix + _chinese_number(side, file_no) + tail
    return prefix + name + tail
