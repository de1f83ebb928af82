"""`xq65 diff`: the asm search against its Python twin, node by node, on seeded positions.

For each position (random_positions with the seed, the start position first) and depth,
both engines search with a node trace: (from, to, key, red_sum, black_sum) at every
make. The first position, node and field where they part is reported.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .engines import AsmSearchEngine, RefEngine, SearchEngine, open_asm_engine
from .limits import Limits
from .reference.position import Move, Position
from .reference.randpos import random_positions

TRACE_FIELDS = ("move", "key", "red_sum", "black_sum")


@dataclass
class DiffReport:
    """What a diff run found: counts, and the first difference (None when equal)."""

    positions: int = 0
    searches: int = 0
    nodes: int = 0
    cycles: int = 0
    first: str | None = None
    lines: list[str] = field(default_factory=list)

    @property
    def equal(self) -> bool:
        """True when no search differed."""
        return self.first is None


def _fmt(entry) -> str:
    f, t, key, rs, bs = entry
    return f"{Move(f, t).iccs()} key={key:08x} sums={rs}/{bs}"


def compare_one(asm: SearchEngine, fen: str, depth: int, seed: int = 0,
                ref: SearchEngine | None = None) -> tuple[str | None, int, int]:
    """Search `fen` to `depth` with both engines; (difference text or None, nodes, cycles)."""
    pos = Position.from_fen(fen)
    limits = Limits(depth=depth, seed=seed)
    ta, tr = [], []
    a = asm.think(pos, limits, trace=ta)
    r = (ref or RefEngine()).think(pos, limits, trace=tr)
    for i, (x, y) in enumerate(zip(ta, tr)):
        if x != y:
            what = [n for n, u, v in zip(TRACE_FIELDS, (x[:2],) + x[2:], (y[:2],) + y[2:])
                    if u != v]
            return (f"{fen} depth {depth}: node {i + 1} differs in {', '.join(what)}\n"
                    f"  asm {_fmt(x)}\n  ref {_fmt(y)}", a.nodes, a.cycles)
    if len(ta) != len(tr):
        return (f"{fen} depth {depth}: traces agree for {min(len(ta), len(tr))} nodes, then "
                f"asm made {len(ta)} and ref {len(tr)}", a.nodes, a.cycles)
    got = (a.best_move, a.score, a.depth, a.nodes, a.pv)
    want = (r.best_move, r.score, r.depth, r.nodes, r.pv)
    if got != want:
        names = ("best move", "score", "depth", "nodes", "pv")
        parts = [f"{n}: asm {u} ref {v}" for n, u, v in zip(names, got, want) if u != v]
        return f"{fen} depth {depth}: " + "; ".join(parts), a.nodes, a.cycles
    return None, a.nodes, a.cycles


def run_diff(positions: int = 30, depth: int = 3, seed: int = 1, engine=None,
             progress=None) -> DiffReport:
    """Compare on `positions` positions at depths 1..`depth`; stop at the first difference.

    `engine`: an AsmEngine (default: engines.open_asm_engine()).
    """
    from .reference.board import START_FEN
    eng = AsmSearchEngine(engine or open_asm_engine())
    fens = [START_FEN] + random_positions(max(positions - 1, 0), seed)
    rep = DiffReport()
    for fen in fens[:positions]:
        rep.positions += 1
        for d in range(1, depth + 1):
            text, nodes, cycles = compare_one(eng, fen, d, seed)
            rep.searches += 1
            rep.nodes += nodes
            rep.cycles += cycles
            if text is not None:
                rep.first = text
                return rep
        if progress:
            progress(rep)
    return rep
