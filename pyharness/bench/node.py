"""Where a search node's cycles go: own cycles per routine of fixed-depth asm searches.

The figures of docs/cycle_budget.md ("Search: where a node's cycles go") come from
`xq65 bench node`: `srch_think` to a fixed depth (no frame cap, so the nodes are the
twin's) on a few bench-suite positions, profiled by PC and summed per routine (the
nearest label of the mapped banks, `costs_by_routine`). Each routine's own cycles
(callees excluded) are divided by the total node count.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..reference.position import Position
from ..rom.asm_engine import AsmEngine
from .movegen import RoutineCost, costs_by_routine
from .search import SuitePosition, load_suite
from ..errors import Xq65Error

#: the profile's default positions (the first four middlegames of the suite)
DEFAULT_NAMES = ("mid-01", "mid-02", "mid-03", "mid-04")

#: routine groups of the cycle budget's table, by name prefix (first match wins)
GROUPS = (
    ("generation: king-ray scan, list pointers", ("mg_scan", "mg_set_ptrs")),
    ("generation: attack tests, side setup", ("pos_attacked", "pos_setup_side", "pos_setup_att")),
    ("generation: captures (quiescence)", ("mg_generate_captures", "mg_cap", "mg_emit_capt")),
    ("generation: full lists", ("mg_", "srch_generate")),
    ("check flag of a make (pos_gives_check)", ("pos_gives_check", "gc_")),
    ("make / unmake", ("srch_make", "srch_unmake", "srch_key", "pos_make", "pos_unmake",
                       "rec_store")),
    ("ordering keys", ("srch_order", "srch_bad_cap", "srch_lazy_bad")),
    ("picking the next move", ("srch_pick",)),
    ("node bodies (search, quiescence, TT)", ("srch_search", "srch_qsearch", "tt_", "iir_",
                                              "qs_")),
)


class ProfileError(Xq65Error, ValueError):
    """A position name that is not in the suite."""


@dataclass
class NodeProfile:
    """The profile of a set of fixed-depth searches."""

    depth: int
    positions: list[str]
    nodes: int
    cycles: int
    costs: list[RoutineCost]

    @property
    def per_node(self) -> float:
        """Cycles a node, everything included."""
        return self.cycles / self.nodes if self.nodes else 0.0

    def groups(self) -> list[tuple[str, float]]:
        """Cycles a node per group of GROUPS (and "the rest"), in GROUPS order."""
        sums = {name: 0 for name, _ in GROUPS}
        rest = 0
        for c in self.costs:
            for name, prefixes in GROUPS:
                if c.name.startswith(prefixes):
                    sums[name] += c.cycles
                    break
            else:
                rest += c.cycles
        out = [(name, sums[name] / self.nodes) for name, _ in GROUPS]
        out.append(("the rest (windows, repetition, limits, think)", rest / self.nodes))
        return out

    def table(self, top: int = 30) -> str:
        """The report `xq65 bench node` prints."""
        lines = [f"srch_think depth {self.depth} on {', '.join(self.positions)}: "
                 f"{self.nodes:,} nodes, {self.cycles:,} cycles, "
                 f"{self.per_node:,.0f} cycles a node", "",
                 f"{'group':<48} {'cycles/node':>11}"]
        for name, per in self.groups():
            lines.append(f"{name:<48} {per:>11.0f}")
        lines += ["", f"{'routine (own cycles)':<28} {'cycles/node':>11} {'share':>6} "
                      f"{'entries':>9}"]
        for c in self.costs[:top]:
            lines.append(f"{c.name:<28} {c.cycles / self.nodes:>11.1f} {100 * c.share:>5.1f}% "
                         f"{c.calls:>9,}")
        return "\n".join(lines)


def pick_positions(names: list[str] | None = None,
                   suite: list[SuitePosition] | None = None) -> list[SuitePosition]:
    """The suite positions called `names` (default DEFAULT_NAMES), in that order."""
    suite = suite if suite is not None else load_suite()
    by_name = {p.name: p for p in suite}
    names = list(names or DEFAULT_NAMES)
    missing = [n for n in names if n not in by_name]
    if missing:
        raise ProfileError(f"not in the bench suite: {', '.join(missing)}")
    return [by_name[n] for n in names]


def profile_node(depth: int = 3, positions: list[SuitePosition] | None = None,
                 engine: AsmEngine | None = None) -> NodeProfile:
    """srch_think(depth) on every position with a PC profile (seed 0, no book)."""
    positions = positions if positions is not None else pick_positions()
    eng = engine or AsmEngine()
    prof: dict[int, int] = {}
    hits: dict[int, int] = {}
    nodes = cycles = 0
    for p in positions:
        res = eng.think(Position.from_fen(p.fen), depth=depth, use_book=False,
                        profile=prof, hits=hits)
        nodes += res.nodes
        cycles += res.cycles - res.start_cycles      # srch_think's: the profiled ones
    if nodes == 0:              # every figure is per node: none is a broken search
        raise ProfileError(f"srch_think made no node on {', '.join(p.name for p in positions)}"
                           f" at depth {depth}: no profile per node")
    return NodeProfile(depth, [p.name for p in positions], nodes, cycles,
                       costs_by_routine(eng, prof, hits, cycles))
