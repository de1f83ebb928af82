"""Evaluation: material + piece-square values, kept per side.

The engine's tables are assets/pst_engine.txt (read by the twin here and turned into the
ROM's by pyharness/gen/gen_eval.py); the asset's header says how they were made. Today
they are XQWLight's published tables (assets/pst.txt) re-weighted by `tune_pst`, with
numbers first fitted to Fairy-Stockfish and then tuned by games (tools/lab/spsa.py;
docs/search.md, "Evaluation"): a type's lowest entry, its
material, is replaced by TUNED_MATERIAL[type] and the rest above it, its positional part,
is scaled by POSITION_SCALE_PCT / 100, rounded half up; the king keeps its table.
tools/lab/pst_fit.py fits candidates square by square from there.
Some pieces read another table, chosen once a search from the root's material
(RootTables: the endgame pawn table, the spare guard tables; Evaluator.rows).
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


#: a side's attack units at the root: 2 a rook, 1 a horse or a cannon
ATTACK_UNITS = {ROOK: 2, KNIGHT: 1, CANNON: 1}
#: the tables chosen at the root (RootTables.default; tools/lab/spsa.py --scales root):
#: both sides' pawns read the endgame table when the two sides' attack units together
#: are at most END_UNITS; it is the published pawn table re-weighted (tune_pst) with
#: this material and positional scale
END_UNITS = 6
PAWN_END_MATERIAL = 21
PAWN_END_SCALE_PCT = 134
#: a side's guards read the spare tables (the guard tables with SPARE_GUARD_OFFSET added
#: to every entry) when the enemy's attack units are at most SPARE_UNITS
SPARE_UNITS = 2
SPARE_GUARD_OFFSET = -6


@dataclass(frozen=True)
class RootTables:
    """Tables chosen once per search from the root's material (docs/search.md,
    "Evaluation"): every node of the tree reads the same tables, so the choice costs
    a node nothing. `pawn_end` replaces both sides' pawn table when the two sides'
    attack units together are at most `end_units`; `advisor_spare`/`bishop_spare`
    replace a side's guard tables when the enemy's attack units are at most
    `spare_units`. A table left None is never chosen."""

    pawn_end: bytes | None = None
    advisor_spare: bytes | None = None
    bishop_spare: bytes | None = None
    end_units: int = END_UNITS
    spare_units: int = SPARE_UNITS

    @classmethod
    def default(cls, pst: tuple[bytes, ...] | None = None) -> "RootTables":
        """The engine's, made from the constants above (on the type tables `pst`,
        default: the engine's)."""
        return make_root_tables(PAWN_END_MATERIAL, PAWN_END_SCALE_PCT, SPARE_GUARD_OFFSET,
                                pst)


def shifted(table: bytes, offset: int) -> bytes:
    """`table` with `offset` added to every entry that is not 0 (kept within 1..255)."""
    return bytes(min(max(v + offset, 1), 255) if v else 0 for v in table)


def make_root_tables(pawn_material: int, pawn_scale_pct: int, guard_offset: int,
                     pst: tuple[bytes, ...] | None = None) -> RootTables:
    """Root tables from their recipe: the endgame pawn table (tune_pst of the published
    pawn table) and the guard tables of `pst` (default: the engine's) shifted by
    `guard_offset`."""
    pawn = tune_pst(load_pst(), {PAWN: pawn_material}, {PAWN: pawn_scale_pct})[PAWN]
    pst = default_pst() if pst is None else pst
    return RootTables(pawn_end=pawn, advisor_spare=shifted(pst[ADVISOR], guard_offset),
                      bishop_spare=shifted(pst[BISHOP], guard_offset))


def best_entries(tables: tuple[bytes, ...], root: RootTables | None = None) -> list[int]:
    """Each type's best entry in `tables` or in a root table that stands in for it."""
    best = [max(t) for t in tables]
    if root is not None:
        for t, alt in ((PAWN, root.pawn_end), (ADVISOR, root.advisor_spare),
                       (BISHOP, root.bishop_spare)):
            if alt is not None:
                best[t] = max(best[t], max(alt))
    return best


def max_side_sum(tables: tuple[bytes, ...], root: RootTables | None = None) -> int:
    """A bound on one side's sum: each piece on its type's best square (of its tables
    and the root tables that stand in for them)."""
    best = best_entries(tables, root)
    return sum(count * best[t] for t, (_, count) in TYPE_SLOTS.items())


def attack_units(piece_sq) -> list[int]:
    """[red, black] attack units of a 32-byte piece list (ATTACK_UNITS)."""
    units = [0, 0]
    for p, sq in enumerate(piece_sq):
        if sq:
            units[p >> 4] += ATTACK_UNITS.get(PIECE_TYPES[p & 15], 0)
    return units


@dataclass(frozen=True)
class Evaluator:
    """Piece values from one set of tables (Red's view; Black reads square 254 - sq),
    some of them chosen at the root (`root`)."""

    pst: tuple[bytes, ...]
    root: RootTables = RootTables()

    @classmethod
    def default(cls) -> "Evaluator":
        """The evaluator of the project's assets, with the root tables of its constants."""
        return cls(default_pst(), RootTables.default())

    def rows(self, piece_sq) -> list[bytes]:
        """The table of each piece number 0..31 for a search from the position of
        `piece_sq` (its root)."""
        rows = [self.pst[PIECE_TYPES[p & 15]] for p in range(32)]
        rt = self.root
        units = attack_units(piece_sq)
        if rt.pawn_end is not None and sum(units) <= rt.end_units:
            for p in range(32):
                if PIECE_TYPES[p & 15] == PAWN:
                    rows[p] = rt.pawn_end
        for side in (0, 1):
            if units[side ^ 1] > rt.spare_units:
                continue
            for p in range(16 * side, 16 * side + 16):
                t = PIECE_TYPES[p & 15]
                if t == ADVISOR and rt.advisor_spare is not None:
                    rows[p] = rt.advisor_spare
                elif t == BISHOP and rt.bishop_spare is not None:
                    rows[p] = rt.bishop_spare
        return rows

    def piece_value(self, piece: int, sq: int, rows=None) -> int:
        """Value of piece number 0..31 (board value - 16) standing on `sq`, from `rows`
        (default: the tables by type)."""
        table = rows[piece] if rows is not None else self.pst[PIECE_TYPES[piece & 15]]
        return table[sq] if piece < 16 else table[254 - sq]

    def side_sums(self, piece_sq, rows=None) -> list[int]:
        """[red_sum, black_sum] recomputed from a 32-byte piece list, with the tables
        `rows` (default: those the position would choose as a root)."""
        rows = self.rows(piece_sq) if rows is None else rows
        sums = [0, 0]
        for p, sq in enumerate(piece_sq):
            if sq:
                sums[p >> 4] += self.piece_value(p, sq, rows)
        return sums

    @staticmethod
    def score(sums, side: int) -> int:
        """Score for the side to move from the two sums."""
        return sums[side] - sums[side ^ 1] + ADVANCED_VALUE

    def evaluate(self, piece_sq, side: int) -> int:
        """Full (non-incremental) evaluation of a position (as the root of a search)."""
        return self.score(self.side_sums(piece_sq), side)
