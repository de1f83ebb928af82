"""Evaluation: material + piece-square values, kept per side.

The engine's tables are assets/pst_engine.txt (read by the twin here and turned into the
ROM's by pyharness/gen/gen_eval.py); the asset's header says how they were made. Today
they are XQWLight's published tables (assets/pst.txt) re-weighted by `tune_pst`, with
numbers first fitted to Fairy-Stockfish and then tuned by games (tools/lab/spsa.py;
docs/search.md, "Evaluation"): a type's lowest entry, its
material, is replaced by TUNED_MATERIAL[type] and the rest above it, its positional part,
is scaled by POSITION_SCALE_PCT / 100, rounded half up; the king keeps its table.
tools/lab/pst_fit.py fits candidates square by square from there.
score = own_sum - opponent_sum + ADVANCED_VALUE, from the side to move's view.
Each side's sum is at most `max_side_sum` (every piece on its type's best square;
docs/search.md gives the figure), so a score is 16-bit signed with a wide margin.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .assets import PLAY_SQUARES, load_engine_pst, load_pst
from .board import ADVISOR, BISHOP, CANNON, KNIGHT, PAWN, PIECE_TYPES, ROOK, TYPE_SLOTS

ADVANCED_VALUE = 3
#: a type's material after the re-weighting (its lowest entry; the king is not re-weighted)
TUNED_MATERIAL = {ADVISOR: 26, BISHOP: 24, KNIGHT: 68, ROOK: 172, CANNON: 75, PAWN: 12}
#: the positional part (entry - the type's lowest entry) is scaled by this / 100
POSITION_SCALE_PCT = 115


def tune_pst(tables: tuple[bytes, ...], material: dict[int, int] | None = None,
             scale_pct: int | dict[int, int] | None = None) -> tuple[bytes, ...]:
    """The published tables re-weighted (see the module's docstring); `material` and
    `scale_pct` replace TUNED_MATERIAL and POSITION_SCALE_PCT (tools/lab/spsa.py,
    eval_fit.py --tables); a dict of `scale_pct` gives each re-weighted type its own."""
    material = TUNED_MATERIAL if material is None else material
    scale_pct = POSITION_SCALE_PCT if scale_pct is None else scale_pct
    out = []
    for t, table in enumerate(tables):
        if t not in material:
            out.append(bytes(table))
            continue
        pct = scale_pct[t] if isinstance(scale_pct, dict) else scale_pct
        low = min(table[sq] for sq in PLAY_SQUARES if table[sq])
        new = bytearray(256)
        for sq in PLAY_SQUARES:
            if table[sq]:
                v = material[t] + (pct * (table[sq] - low) + 50) // 100
                if not 1 <= v <= 255:
                    raise ValueError(f"re-weighted entry {v} of type {t} is not 1..255")
                new[sq] = v
        out.append(bytes(new))
    return tuple(out)


@lru_cache(maxsize=1)
def default_pst() -> tuple[bytes, ...]:
    """The engine's tables: assets/pst_engine.txt (read once)."""
    return load_engine_pst()


def reweighted_pst() -> tuple[bytes, ...]:
    """The published tables re-weighted (tune_pst): where tools/lab/pst_fit.py starts."""
    return tune_pst(load_pst())


def max_side_sum(tables: tuple[bytes, ...]) -> int:
    """A bound on one side's sum: each piece on its type's best square."""
    return sum(count * max(tables[t]) for t, (_, count) in TYPE_SLOTS.items())


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
