"""The opening book: compiled from assets/book.txt into <= 512 bytes (docs/search.md).

Compiled layout (the ROM table and what Book reads): byte 0 = entry count N (<= 127),
then four arrays of N bytes: key_lo, key_hi (the high 16 bits of the position's
Zobrist key), mv_lo, mv_hi, where mv = from90 | to90 << 7 | (weight - 1) << 14 and
sq90 = (rank16 - 3) * 9 + (file16 - 3). Entries are sorted by key (stable: first
appearance in book.txt breaks ties).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .assets import PLAY_SQUARES, BookLine, load_book_lines
from .errors import IllegalMoveError
from .lfsr import Lfsr
from .position import Move, Position
from .zobrist import mirror_square, position_key
from .errors import Xq65Error

MAX_ENTRIES = 127
MAX_WEIGHT = 4
SQ90 = {sq: i for i, sq in enumerate(PLAY_SQUARES)}


class BookError(Xq65Error, ValueError):
    """A book line that is illegal, or a book that does not fit its table."""


@dataclass(frozen=True)
class BookEntry:
    """One compiled entry: 16-bit key, move and weight 1..4."""

    key16: int
    move: Move
    weight: int

    def encoded_move(self) -> int:
        """The 16-bit mv field."""
        return SQ90[self.move.frm] | SQ90[self.move.to] << 7 | (self.weight - 1) << 14


def compile_lines(lines: tuple[BookLine, ...]) -> list[BookEntry]:
    """Replay every line from the start position; one entry per (position, move)."""
    edges: dict[tuple[int, int, int], int] = {}
    key16_of: dict[int, int] = {}
    for line in lines:
        pos = Position.start()
        for text in line.moves:
            try:
                move = pos.parse_move(text)
            except IllegalMoveError as exc:
                raise BookError(f"book.txt line {line.line_no} ({line.name}): {exc}") from None
            key = position_key(pos.piece_sq, pos.side)
            other = key16_of.setdefault(key >> 16, key)
            if other != key:
                raise BookError(f"book.txt line {line.line_no}: two book positions share "
                                f"the 16-bit key {key >> 16:#06x}; change a line or the seed")
            edge = (key, move.frm, move.to)
            edges[edge] = edges.get(edge, 0) + 1
            pos.push(move)
    entries = [BookEntry(k >> 16, Move(f, t), min(n, MAX_WEIGHT))
               for (k, f, t), n in edges.items()]
    entries.sort(key=lambda e: e.key16)          # stable: first appearance breaks ties
    if len(entries) > MAX_ENTRIES:
        raise BookError(f"the book has {len(entries)} entries, at most {MAX_ENTRIES} fit")
    return entries


def to_bytes(entries: list[BookEntry]) -> bytes:
    """The compiled table: count, key_lo[], key_hi[], mv_lo[], mv_hi[]."""
    mv = [e.encoded_move() for e in entries]
    return bytes([len(entries)] + [e.key16 & 0xFF for e in entries]
                 + [e.key16 >> 8 for e in entries] + [m & 0xFF for m in mv]
                 + [m >> 8 for m in mv])


def from_bytes(data: bytes) -> list[BookEntry]:
    """Decode a compiled table (inverse of to_bytes)."""
    n = data[0] if data else 0
    if len(data) != 1 + 4 * n:
        raise BookError(f"compiled book has {len(data)} bytes, want {1 + 4 * n}")
    out = []
    for i in range(n):
        key16 = data[1 + i] | data[1 + n + i] << 8
        m = data[1 + 2 * n + i] | data[1 + 3 * n + i] << 8
        out.append(BookEntry(key16, Move(PLAY_SQUARES[m & 0x7F], PLAY_SQUARES[(m >> 7) & 0x7F]),
                             (m >> 14) + 1))
    return out


class Book:
    """Lookup in a compiled book; the choice is weighted by the search's LFSR."""

    def __init__(self, data: bytes):
        self.data = bytes(data)
        self.entries = from_bytes(self.data)

    def candidates(self, pos: Position) -> list[tuple[Move, int]]:
        """(move, weight) for `pos`: direct entries; if none, the mirrored entries."""
        legal = set(pos.legal_moves())
        for mirrored in (False, True):
            k16 = position_key(pos.piece_sq, pos.side, mirrored=mirrored) >> 16
            found = []
            for e in self.entries:
                if e.key16 != k16:
                    continue
                m = e.move
                if mirrored:
                    m = Move(mirror_square(m.frm), mirror_square(m.to))
                if m in legal:
                    found.append((m, e.weight))
            if found:
                return found
        return []

    def choose(self, pos: Position, lfsr: Lfsr) -> Move | None:
        """A book move for `pos`, or None; draws one LFSR byte only when there are
        candidates: r = byte, reduced by W (total weight) while r >= W, then the first
        candidate whose running weight sum exceeds r."""
        cands = self.candidates(pos)
        if not cands:
            return None
        total = sum(w for _, w in cands)
        r = lfsr.next_byte()
        while r >= total:
            r -= total
        acc = 0
        for m, w in cands:
            acc += w
            if r < acc:
                return m
        raise AssertionError("unreachable: r < total")


def compile_book(path: Path | None = None) -> bytes:
    """Compile assets/book.txt (or `path`) to the table bytes."""
    return to_bytes(compile_lines(load_book_lines(path)))


@lru_cache(maxsize=1)
def default_book() -> Book:
    """The book of assets/book.txt."""
    return Book(compile_book())
