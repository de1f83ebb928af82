"""Zobrist keys of positions (32-bit; tables from assets/zobrist.txt, docs/search.md)."""
from __future__ import annotations

from functools import lru_cache

from .assets import ZobristKeys, load_zobrist
from .board import PIECE_TYPES


@lru_cache(maxsize=1)
def default_keys() -> ZobristKeys:
    """The keys of the project's seed (read once)."""
    return load_zobrist()


def piece_kind(piece: int) -> int:
    """Zobrist kind 0..13 of piece number 0..31 (board value - 16): side * 7 + type."""
    return (piece >> 4) * 7 + PIECE_TYPES[piece & 15]


def mirror_square(sq: int) -> int:
    """Left-right mirror of a square: file16 f -> 14 - f, same rank."""
    return (sq & 0xF0) | (14 - (sq & 0x0F))


def position_key(piece_sq, side: int, keys: ZobristKeys | None = None,
                 mirrored: bool = False) -> int:
    """Key of a position given its 32-byte piece list and side to move.

    XOR of piece[kind][sq] over pieces on the board, XOR side key when Black is to
    move. With `mirrored`, the key of the left-right mirror image.
    """
    keys = keys or default_keys()
    key = keys.side if side else 0
    for p, sq in enumerate(piece_sq):
        if sq:
            key ^= keys.piece[piece_kind(p)][mirror_square(sq) if mirrored else sq]
    return key
