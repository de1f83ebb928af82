"""The xiangqi position of the reference rules: board, piece list, move generation.

The bytes of `Position.board` and `Position.piece_sq` and the order of the generated
moves follow docs/encoding.md exactly; the asm engine is compared against them.
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import (ADVISOR, BISHOP, BLACK, CANNON, EMPTY, IN_BOARD, IN_PALACE, KING,
                    KNIGHT, OFFBOARD, PAWN, PIECE_TYPES, RED, ROOK, START_FEN,
                    TYPE_LETTERS, TYPE_SLOTS, make_square, sq_from_iccs,
                    sq_to_iccs)
from .errors import IllegalMoveError, InvalidFenError
from .legality import (ADVISOR_STEPS, BISHOP_STEPS, KING_STEPS,  # noqa: F401
                       KNIGHT_STEPS, LINE_STEPS, legal_codes, square_attacked)
from .movelists import capture_codes, pseudo_codes

SIDE_NAMES = ("red", "black")
TYPE_NAMES = ("king", "advisor", "bishop", "knight", "rook", "cannon", "pawn")

#: Move objects by code `frm << 8 | to`, made once (a Move is immutable)
_MOVES: list = [None] * 0x10000


def _move_of(code: int) -> "Move":
    """The shared Move of a code."""
    m = _MOVES[code] = Move(code >> 8, code & 0xFF)
    return m


_LETTER_TYPES = {"k": KING, "a": ADVISOR, "b": BISHOP, "e": BISHOP, "n": KNIGHT,
                 "h": KNIGHT, "r": ROOK, "c": CANNON, "p": PAWN}


@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """A move: from-square and to-square (docs/encoding.md squares)."""

    frm: int
    to: int

    @classmethod
    def from_iccs(cls, text: str) -> "Move":
        """Parse ICCS text such as "h2e2"; raise IllegalMoveError when malformed."""
        if not isinstance(text, str) or len(text.strip()) != 4:
            raise IllegalMoveError(f"not an ICCS move: {text!r} (want e.g. h2e2)")
        t = text.strip().lower()
        return cls(sq_from_iccs(t[:2]), sq_from_iccs(t[2:]))

    def iccs(self) -> str:
        """Return the ICCS text of the move, e.g. "h2e2"."""
        return sq_to_iccs(self.frm) + sq_to_iccs(self.to)

    def __str__(self) -> str:
        return self.iccs()

    def __repr__(self) -> str:
        try:
            return f"Move.from_iccs({self.iccs()!r})"
        except ValueError:
            return f"Move(frm={self.frm:#04x}, to={self.to:#04x})"


@dataclass
class _Undo:
    frm: int
    to: int
    captured: int
    halfmove: int
    fullmove: int


class Position:
    """A xiangqi position: 256-byte board, 32-byte piece list, side, counters."""

    __slots__ = ("board", "piece_sq", "side", "halfmove", "fullmove", "_stack")

    def __init__(self) -> None:
        """An empty board (no pieces); use from_fen() or start() for real positions."""
        self.board = bytearray(OFFBOARD if not IN_BOARD[sq] else EMPTY for sq in range(256))
        self.piece_sq = bytearray(32)
        self.side = RED
        self.halfmove = 0
        self.fullmove = 1
        self._stack: list[_Undo] = []

    # ---------------------------------------------------------------- FEN

    @classmethod
    def start(cls) -> "Position":
        """Return the standard start position."""
        return cls.from_fen(START_FEN)

    @classmethod
    def from_fen(cls, fen: str) -> "Position":
        """Parse a FEN; raise InvalidFenError saying what is wrong.

        Accepts n/h for the horse, b/e for the elephant, w/r/b for the side; the
        castling / en-passant fields are ignored; counters default to 0 and 1.
        """
        if not isinstance(fen, str) or not fen.strip():
            raise InvalidFenError("empty FEN")
        fields = fen.split()
        if len(fields) < 2:
            raise InvalidFenError(f"FEN needs at least a board and a side field: {fen!r}")
        pos = cls()
        rows = fields[0].split("/")
        if len(rows) != 10:
            raise InvalidFenError(f"FEN board has {len(rows)} ranks, want 10")
        counts: dict[tuple[int, int], int] = {}
        for row_no, row in enumerate(rows):
            rank = 9 - row_no
            file = 0
            for ch in row:
                if ch in "0123456789":          # ASCII only: str.isdigit takes "²"
                    file += int(ch)
                    continue
                ptype = _LETTER_TYPES.get(ch.lower())
                if ptype is None:
                    raise InvalidFenError(f"unknown piece letter {ch!r} in rank {rank}")
                if file > 8:
                    raise InvalidFenError(f"rank {rank} has more than 9 files: {row!r}")
                side = RED if ch.isupper() else BLACK
                first, slots = TYPE_SLOTS[ptype]
                used = counts.get((side, ptype), 0)
                if used >= slots:
                    raise InvalidFenError(
                        f"too many {SIDE_NAMES[side]} {TYPE_NAMES[ptype]}s (at most {slots})")
                counts[(side, ptype)] = used + 1
                sq = make_square(file, rank)
                index = first + used + 16 * side
                pos.board[sq] = 0x10 + index
                pos.piece_sq[index] = sq
                file += 1
            if file != 9:
                raise InvalidFenError(f"rank {rank} has {file} files, want 9: {row!r}")
        side_text = fields[1].lower()
        if side_text in ("w", "r"):
            pos.side = RED
        elif side_text == "b":
            pos.side = BLACK
        else:
            raise InvalidFenError(f"bad side to move {fields[1]!r} (want w, r or b)")
        for side in (RED, BLACK):
            ks = pos.piece_sq[16 * side]
            if not ks:
                raise InvalidFenError(f"{SIDE_NAMES[side]} king is missing")
            if not IN_PALACE[side][ks]:
                raise InvalidFenError(
                    f"{SIDE_NAMES[side]} king on {sq_to_iccs(ks)} is outside its palace")
        for idx, name, default in ((4, "halfmove", 0), (5, "fullmove", 1)):
            value = default
            if len(fields) > idx:
                try:
                    value = int(fields[idx])
                except ValueError:
                    raise InvalidFenError(f"bad {name} counter {fields[idx]!r}") from None
                if value < 0:
                    raise InvalidFenError(f"negative {name} counter {value}")
            setattr(pos, name, value)
        if len(fields) > 6:
            raise InvalidFenError(f"FEN has {len(fields)} fields, want at most 6")
        if pos._king_attacked(pos.side ^ 1):
            raise InvalidFenError(
                f"{SIDE_NAMES[pos.side ^ 1]} (not to move) is in check")
        return pos

    def board_fen(self) -> str:
        """Return the board field of the FEN (rank 9 first)."""
        rows = []
        for rank in range(9, -1, -1):
            row, empty = "", 0
            for file in range(9):
                v = self.board[make_square(file, rank)]
                if v == EMPTY:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                letter = TYPE_LETTERS[PIECE_TYPES[v & 0x0F]]
                row += letter if v & 0x10 else letter.lower()
            if empty:
                row += str(empty)
            rows.append(row)
        return "/".join(rows)

    def fen(self) -> str:
        """Return the FEN of the position (writes N/B letters and w/b)."""
        return f"{self.board_fen()} {'wb'[self.side]} - - {self.halfmove} {self.fullmove}"

    def copy(self) -> "Position":
        """Return an independent copy (the undo stack is copied too)."""
        other = Position.__new__(Position)
        other.board = bytearray(self.board)
        other.piece_sq = bytearray(self.piece_sq)
        other.side = self.side
        other.halfmove = self.halfmove
        other.fullmove = self.fullmove
        other._stack = list(self._stack)
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.board == other.board and self.piece_sq == other.piece_sq
                and self.side == other.side)

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r})"

    # ---------------------------------------------------------------- queries

    def piece_at(self, sq: int) -> tuple[int, int] | None:
        """Return (side, type) of the piece on `sq`, or None when empty/off board."""
        v = self.board[sq] if 0 <= sq < 256 else OFFBOARD
        if v == EMPTY or v == OFFBOARD:
            return None
        return (RED if v & 0x10 else BLACK, PIECE_TYPES[v & 0x0F])

    def king_square(self, side: int) -> int:
        """Return the square of `side`'s king (0 when absent)."""
        return self.piece_sq[16 * side]

    def is_capture(self, move: Move) -> bool:
        """True when `move` lands on a piece."""
        v = self.board[move.to]
        return v != EMPTY and v != OFFBOARD

    def in_check(self, side: int | None = None) -> bool:
        """True when `side`'s king (default: side to move) is attacked.

        Includes the flying general (kings facing on an open file).
        """
        return self._king_attacked(self.side if side is None else side)

    def _king_attacked(self, side: int) -> bool:
        ks = self.piece_sq[16 * side]
        if not ks:
            return False
        return self.square_attacked(ks, side ^ 1)

    def square_attacked(self, sq: int, by: int) -> bool:
        """True when a piece of side `by` attacks `sq` (the king counts on its file)."""
        return square_attacked(self.board, sq, by)

    # ---------------------------------------------------------------- generation

    def _pseudo_codes(self) -> list[int]:
        """Pseudo-legal moves as ints `frm << 8 | to`, in docs/encoding.md order."""
        return pseudo_codes(self)

    def _capture_codes(self) -> list[int]:
        """The pseudo-legal captures, in `_pseudo_codes` order."""
        return capture_codes(self)

    def _place_code(self, code: int) -> int:
        """Move the piece of `code` (`frm << 8 | to`) on the board and in piece_sq only
        (no side, counters or undo record); return what stood on `to` (0 or a piece)."""
        b = self.board
        ps = self.piece_sq
        frm = code >> 8
        to = code & 0xFF
        v = b[frm]
        c = b[to]
        b[to] = v
        b[frm] = 0
        ps[v - 16] = to
        if c:
            ps[c - 16] = 0
        return c

    def _unplace_code(self, code: int, captured: int) -> None:
        """Undo `_place_code(code)`, which returned `captured`."""
        b = self.board
        ps = self.piece_sq
        frm = code >> 8
        to = code & 0xFF
        v = b[to]
        b[frm] = v
        b[to] = captured
        ps[v - 16] = frm
        if captured:
            ps[captured - 16] = to

    def _code_is_legal(self, code: int) -> bool:
        """Make the pseudo-legal move `code`, test the mover's king, unmake."""
        c = self._place_code(code)
        ok = not self.square_attacked(self.piece_sq[16 * self.side], self.side ^ 1)
        self._unplace_code(code, c)
        return ok

    def _legal_codes(self) -> list[int]:
        """Legal moves as ints `frm << 8 | to`, generation order kept (only the moves
        that can expose the king are made and tested: pyharness.reference.legality)."""
        return legal_codes(self, self._pseudo_codes())

    def _legal_codes_slow(self) -> list[int]:
        """Legal moves by making and testing every pseudo-legal move (the definition
        `_legal_codes` must equal)."""
        test = self._code_is_legal
        return [c for c in self._pseudo_codes() if test(c)]

    def pseudo_legal_moves(self) -> list[Move]:
        """Pseudo-legal moves of the side to move, in docs/encoding.md order."""
        return [Move(c >> 8, c & 0xFF) for c in self._pseudo_codes()]

    def legal_moves(self) -> list[Move]:
        """Legal moves of the side to move, in docs/encoding.md order."""
        cache = _MOVES
        return [cache[c] or _move_of(c) for c in self._legal_codes()]

    def legal_captures(self) -> list[Move]:
        """The legal captures of the side to move: `legal_moves()` with an occupied
        target, in the same order (the quiescence's list): only the captures are
        generated (`_capture_codes`) and tested (legality.legal_codes judges each move
        on its own)."""
        cache = _MOVES
        return [cache[c] or _move_of(c) for c in legal_codes(self, self._capture_codes())]

    def is_legal(self, move: Move) -> bool:
        """True when `move` is legal for the side to move."""
        code = move.frm << 8 | move.to
        return code in self._pseudo_codes() and self._code_is_legal(code)

    # ---------------------------------------------------------------- make / unmake

    def push(self, move: Move) -> None:
        """Play `move` without checking legality; pop() undoes it."""
        b = self.board
        frm, to = move.frm, move.to
        v = b[frm]
        c = b[to]
        self._stack.append(_Undo(frm, to, c, self.halfmove, self.fullmove))
        b[to] = v
        b[frm] = 0
        self.piece_sq[v - 16] = to
        if c:
            self.piece_sq[c - 16] = 0
            self.halfmove = 0
        else:
            self.halfmove += 1
        if self.side == BLACK:
            self.fullmove += 1
        self.side ^= 1

    def last_move_to(self) -> int:
        """The target square of the last push() (IndexError when nothing was pushed)."""
        return self._stack[-1].to

    def pop(self) -> Move:
        """Undo the last push(); return the move undone."""
        if not self._stack:
            raise IndexError("pop from a position with no moves pushed")
        u = self._stack.pop()
        b = self.board
        v = b[u.to]
        b[u.frm] = v
        b[u.to] = u.captured
        self.piece_sq[v - 16] = u.frm
        if u.captured:
            self.piece_sq[u.captured - 16] = u.to
        self.halfmove = u.halfmove
        self.fullmove = u.fullmove
        self.side ^= 1
        return Move(u.frm, u.to)

    def push_checked(self, move: Move) -> None:
        """Play `move` after checking it is legal; raise IllegalMoveError if not."""
        self.check_move(move)
        self.push(move)

    def check_move(self, move: Move) -> None:
        """Raise IllegalMoveError, saying why, unless `move` is legal here."""
        if not (IN_BOARD[move.frm] and IN_BOARD[move.to]):
            raise IllegalMoveError(f"move {move.frm:#x}->{move.to:#x} leaves the board")
        name = move.iccs()
        piece = self.piece_at(move.frm)
        if piece is None:
            raise IllegalMoveError(f"{name}: no piece on {sq_to_iccs(move.frm)}")
        side, ptype = piece
        if side != self.side:
            raise IllegalMoveError(
                f"{name}: the piece on {sq_to_iccs(move.frm)} is {SIDE_NAMES[side]}, "
                f"but {SIDE_NAMES[self.side]} is to move")
        code = move.frm << 8 | move.to
        if code not in self._pseudo_codes():
            raise IllegalMoveError(
                f"{name}: a {SIDE_NAMES[side]} {TYPE_NAMES[ptype]} cannot move that way")
        if not self._code_is_legal(code):
            raise IllegalMoveError(
                f"{name}: leaves the {SIDE_NAMES[side]} king in check")

    def parse_move(self, text: str) -> Move:
        """Parse ICCS `text` and check it is legal here (IllegalMoveError if not)."""
        move = Move.from_iccs(text)
        self.check_move(move)
        return move
