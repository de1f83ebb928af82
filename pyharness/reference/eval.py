"""Evaluation: material + piece-square values (assets/pst.txt), kept per side.

score = own_sum - opponent_sum + ADVANCED_VALUE, from the side to move's view.
Each side's sum is 0..1205 (all entries 0..255, at most 16 pieces), so a score is
within -1202..+1208: 16-bit signed with a wide margin (docs/search.md, "Bounds").
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .assets import load_pst
from .board import PIECE_TYPES

ADVANCED_VALUE = 3


@lru_cache(maxsize=1)
def default_pst() -> tuple[bytes, ...]:
    """The tables of assets/pst.txt (read once)."""
    return load_pst()


@dataclass(frozen=True)
class Evaluator:
    """Piece values from one set of tables (Red's view; Black reads square 254 - sq)."""

    pst: tuple[bytes, ...]

    @classmethod
    def default(cls) -> "Evaluator":
        """The evaluator of the project's assets."""
        return cls(default_pst())

    def piece_value(self, piece: int, sq: int) -> int:
        """Value of piece number 0..31 (board value - 16) standing on `sq`."""
        table = self.pst[PIECE_TYPES[piece & 15]]
        return table[sq] if piece < 16 else table[254 - sq]

    def side_sums(self, piece_sq) -> list[int]:
        """[red_sum, black_sum] recomputed from a 32-byte piece list."""
        sums = [0, 0]
        for p, sq in enumerate(piece_sq):
            if sq:
                sums[p >> 4] += self.piece_value(p, sq)
        return sums

    @staticmethod
    def score(sums, side: int) -> int:
        """Score for the side to move from the two sums."""
        return sums[side] - sums[side ^ 1] + ADVANCED_VALUE

    def evaluate(self, piece_sq, side: int) -> int:
        """Full (non-incremental) evaluation of a position."""
        return self.score(self.side_sums(piece_sq), side)
