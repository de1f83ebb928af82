"""The cartridge's start positions other than the standard one: the handicaps
(assets/handicaps.txt), the puzzles (assets/puzzles.txt) and the rule of where a piece
may stand (the save's start position check, docs/save_format.md).

pyharness/gen/gen_starts.py turns them into the ROM's tables; the tests read them from here.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..reference.board import (ADVISOR, BISHOP, BLACK, KING, PAWN, PIECE_TYPES, RED,
                               in_board, in_palace, square_file, square_rank)
from ..reference.errors import InvalidFenError
from ..reference.position import Move, Position
from ..errors import Xq65Error

ROOT = Path(__file__).resolve().parent.parent.parent
HANDICAPS = ROOT / "assets" / "handicaps.txt"
PUZZLES = ROOT / "assets" / "puzzles.txt"
NAME_MAX = 16            # characters of a handicap's English name (the menu's value column)
PUZZLES_MAX = 64         # the puzzle block's solved bits
GOAL_MATE, GOAL_WIN, GOAL_DRAW = 0, 1, 2
MATE_MAX = 5


class StartsError(Xq65Error, ValueError):
    """A line of assets/handicaps.txt or assets/puzzles.txt is not what it must be."""


@dataclass(frozen=True)
class Handicap:
    """One line of assets/handicaps.txt."""

    key: str
    name_en: str
    name_zh: str
    fen: str
    source: str

    @property
    def position(self) -> Position:
        """The start position."""
        return Position.from_fen(self.fen)


@dataclass(frozen=True)
class Puzzle:
    """One line of assets/puzzles.txt: the goal's side is the side to move."""

    fen: str
    goal: int            # GOAL_MATE, GOAL_WIN, GOAL_DRAW
    mate_in: int         # N of "mate N" (0 for the others)
    solution: tuple[str, ...]
    source: str

    @property
    def position(self) -> Position:
        """The start position."""
        return Position.from_fen(self.fen)


def _lines(path: Path):
    for no, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if line and not line.startswith("#"):
            yield no, line


def may_stand(side: int, ptype: int, sq: int) -> bool:
    """Can a piece of `side` and type `ptype` ever stand on `sq`?  The king in its
    palace, the advisor on the palace's five points, the elephant on its seven points
    of its own half, the pawn on its half's start points and anywhere across the river;
    horse, rook and cannon anywhere on the board."""
    if not in_board(sq):
        return False
    file, rank = square_file(sq), square_rank(sq)
    rel = rank if side == RED else 9 - rank          # ranks from the own back rank
    if ptype == KING:
        return in_palace(sq, side)
    if ptype == ADVISOR:
        return in_palace(sq, side) and (file + rel) % 2 == 1
    if ptype == BISHOP:
        return rel <= 4 and rel % 2 == 0 and file % 2 == 0 and (file // 2 + rel // 2) % 2 == 1
    if ptype == PAWN:
        return rel >= 5 or (rel in (3, 4) and file % 2 == 0)
    return True


def check_places(pos: Position) -> None:
    """Raise StartsError when a piece of `pos` stands where its type never can."""
    for index, sq in enumerate(pos.piece_sq):
        if sq and not may_stand(index >> 4, PIECE_TYPES[index & 15], sq):
            raise StartsError(f"piece {index} cannot stand on square ${sq:02X}")


def load_handicaps(path: Path = HANDICAPS) -> tuple[Handicap, ...]:
    """Read assets/handicaps.txt (key ; English name ; Chinese name ; FEN ; source)."""
    out = []
    for no, line in _lines(path):
        parts = [p.strip() for p in line.split(";")]
        if len(parts) != 5 or not all(parts):
            raise StartsError(f"{path.name}:{no}: want 'key ; name ; 名 ; FEN ; source'")
        hc = Handicap(*parts)
        if len(hc.name_en) > NAME_MAX or not hc.name_en.isascii():
            raise StartsError(f"{path.name}:{no}: English name longer than {NAME_MAX}")
        try:
            check_places(hc.position)
        except InvalidFenError as exc:
            raise StartsError(f"{path.name}:{no}: {exc}") from None
        out.append(hc)
    if not 1 <= len(out) <= 255:
        raise StartsError(f"{path.name}: want 1..255 handicaps, got {len(out)}")
    return tuple(out)


def parse_goal(text: str) -> tuple[int, int]:
    """'mate N' (N 1..5), 'win' or 'draw' -> (goal, N)."""
    words = text.lower().split()
    if words == ["win"]:
        return GOAL_WIN, 0
    if words == ["draw"]:
        return GOAL_DRAW, 0
    if len(words) == 2 and words[0] == "mate" and words[1].isdigit() \
            and 1 <= int(words[1]) <= MATE_MAX:
        return GOAL_MATE, int(words[1])
    raise StartsError(f"bad goal {text!r} (want 'mate N', N 1..{MATE_MAX}, 'win' or 'draw')")


def load_puzzles(path: Path = PUZZLES) -> tuple[Puzzle, ...]:
    """Read assets/puzzles.txt (FEN ; goal ; solution ; source); none when absent."""
    if not path.is_file():
        return ()
    out = []
    for no, line in _lines(path):
        parts = [p.strip() for p in line.split(";")]
        if len(parts) != 4 or not parts[0] or not parts[3]:
            raise StartsError(f"{path.name}:{no}: want 'FEN ; goal ; solution ; source'")
        try:
            goal, n = parse_goal(parts[1])
            pos = Position.from_fen(parts[0])
            check_places(pos)
            for text in parts[2].split():
                pos.push_checked(Move.from_iccs(text))
        except (InvalidFenError, ValueError) as exc:
            raise StartsError(f"{path.name}:{no}: {exc}") from None
        out.append(Puzzle(parts[0], goal, n, tuple(parts[2].split()), parts[3]))
    if len(out) > PUZZLES_MAX:
        raise StartsError(f"{path.name}: {len(out)} puzzles, the save holds {PUZZLES_MAX}")
    return tuple(out)


def piece_list(pos: Position) -> bytes:
    """The 32-byte piece list of `pos` (docs/encoding.md)."""
    return bytes(pos.piece_sq[:32])


def place_table() -> bytes:
    """start_place: per square, a bit per (side, type) with a restricted region that may
    stand there (bits 0-3 Red K A B P, 4-7 Black K A B P); every playing square has a
    pawn's bit, so 0 means off the board."""
    out = bytearray(256)
    for sq in range(256):
        for side in (RED, BLACK):
            for bit, ptype in enumerate((KING, ADVISOR, BISHOP, PAWN)):
                if may_stand(side, ptype, sq):
                    out[sq] |= 1 << (bit + 4 * side)
    return bytes(out)


def slot_bits() -> bytes:
    """start_slot_bits: per piece slot 0..31, the start_place bits its piece needs
    (horse, rook, cannon: any playing square)."""
    out = bytearray(32)
    for index in range(32):
        side, ptype = index >> 4, PIECE_TYPES[index & 15]
        region = (KING, ADVISOR, BISHOP, PAWN)
        out[index] = 1 << (region.index(ptype) + 4 * side) if ptype in region else 0xFF
    return bytes(out)
