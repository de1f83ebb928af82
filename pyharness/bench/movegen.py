"""Benchmarks of the asm engine under py65 (cycle counts of the ROM's own code).

Movegen part: over the public perft positions, the cycles of one full legal generation
(mg_generate), per generated move, and the cycles per leaf of an asm perft at a given
depth, twice: eng_perft_full (every leaf move made and unmade: the "perft leaf" of
docs/cycle_budget.md, make + legality + unmake with the generation amortised) and
eng_perft (bulk counting: the last ply adds the generated count). The search's cycle
budgets are pyharness/bench/search.py.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from ..rom.asm_engine import AsmEngine
from ..reference.clock import NES_CPU_HZ
from ..reference.perft import PerftCase, read_perft_file
from ..reference.position import Position
from ..errors import Xq65Error

PUBLIC_PERFT = Path(__file__).resolve().parents[2] / "tests" / "data" / "perft_public.txt"


class PerftMismatchError(Xq65Error):
    """The asm perft count differs from the published count."""


@dataclass
class MovegenRow:
    """Bench figures of one position."""

    id: str
    moves: int
    gen_cycles: int
    perft_depth: int
    perft_leaves: int
    perft_cycles: int
    published: int | None
    perft_full_cycles: int = 0

    @property
    def cycles_per_move(self) -> float:
        """Generation cycles per generated legal move."""
        return self.gen_cycles / self.moves if self.moves else 0.0

    @property
    def cycles_per_leaf(self) -> float:
        """Perft cycles per counted leaf."""
        return self.perft_cycles / self.perft_leaves if self.perft_leaves else 0.0

    @property
    def cycles_per_leaf_full(self) -> float:
        """Full-mode perft cycles (make/unmake at every leaf) per leaf."""
        return self.perft_full_cycles / self.perft_leaves if self.perft_leaves else 0.0

    def as_dict(self) -> dict:
        """JSON-ready dict, derived figures included (perft_cycles: bulk counting)."""
        d = asdict(self)
        d["cycles_per_move"] = round(self.cycles_per_move, 1)
        d["cycles_per_leaf"] = round(self.cycles_per_leaf, 1)
        d["cycles_per_leaf_full"] = round(self.cycles_per_leaf_full, 1)
        return d


@dataclass
class MovegenBench:
    """The whole movegen table and its averages."""

    depth: int
    rows: list[MovegenRow] = field(default_factory=list)

    @property
    def total_leaves(self) -> int:
        """Leaves over all positions."""
        return sum(r.perft_leaves for r in self.rows)

    @property
    def total_perft_cycles(self) -> int:
        """Perft cycles over all positions."""
        return sum(r.perft_cycles for r in self.rows)

    @property
    def leaf_average(self) -> float:
        """Cycles per leaf over all positions (total cycles / total leaves)."""
        return self.total_perft_cycles / self.total_leaves if self.total_leaves else 0.0

    @property
    def total_perft_full_cycles(self) -> int:
        """Full-mode perft cycles over all positions."""
        return sum(r.perft_full_cycles for r in self.rows)

    @property
    def leaf_average_full(self) -> float:
        """Full-mode cycles per leaf over all positions (total cycles / total leaves)."""
        return self.total_perft_full_cycles / self.total_leaves if self.total_leaves else 0.0

    @property
    def leaf_mean_of_positions(self) -> float:
        """Mean over positions of their cycles per leaf (positions with leaves)."""
        vals = [r.cycles_per_leaf for r in self.rows if r.perft_leaves]
        return sum(vals) / len(vals) if vals else 0.0

    @property
    def gen_per_move_average(self) -> float:
        """Generation cycles per generated move over all positions."""
        moves = sum(r.moves for r in self.rows)
        return sum(r.gen_cycles for r in self.rows) / moves if moves else 0.0

    def as_dict(self) -> dict:
        """JSON-ready dict."""
        return {
            "perft_depth": self.depth,
            "rows": [r.as_dict() for r in self.rows],
            "total_leaves": self.total_leaves,
            "total_perft_cycles": self.total_perft_cycles,
            "cycles_per_leaf_overall": round(self.leaf_average, 1),
            "cycles_per_leaf_mean_of_positions": round(self.leaf_mean_of_positions, 1),
            "total_perft_full_cycles": self.total_perft_full_cycles,
            "cycles_per_leaf_full_overall": round(self.leaf_average_full, 1),
            "gen_cycles_per_move_overall": round(self.gen_per_move_average, 1),
        }

    def table(self) -> str:
        """A fixed-width table for people."""
        head = (f"{'position':<26} {'moves':>5} {'gen cyc':>7} {'cyc/mv':>6} "
                f"{'leaves(d' + str(self.depth) + ')':>11} {'full cyc':>10} {'full/lf':>7} "
                f"{'bulk cyc':>10} {'bulk/lf':>7}")
        lines = [head, "-" * len(head)]
        for r in self.rows:
            lines.append(f"{r.id:<26} {r.moves:>5} {r.gen_cycles:>7} {r.cycles_per_move:>6.1f} "
                         f"{r.perft_leaves:>11} {r.perft_full_cycles:>10} "
                         f"{r.cycles_per_leaf_full:>7.1f} {r.perft_cycles:>10} "
                         f"{r.cycles_per_leaf:>7.1f}")
        lines.append("-" * len(head))
        lines.append(f"{'all positions':<26} {'':>5} {'':>7} {self.gen_per_move_average:>6.1f} "
                     f"{self.total_leaves:>11} {self.total_perft_full_cycles:>10} "
                     f"{self.leaf_average_full:>7.1f} {self.total_perft_cycles:>10} "
                     f"{self.leaf_average:>7.1f}")
        lines.append("full = eng_perft_full (make + unmake at every leaf: the perft leaf); "
                     "bulk = eng_perft (last ply counted, no make/unmake)")
        lines.append(f"mean of per-position bulk cycles/leaf: {self.leaf_mean_of_positions:.1f}; "
                     f"perft time on a NES: full {self.total_perft_full_cycles / NES_CPU_HZ:.1f} s, "
                     f"bulk {self.total_perft_cycles / NES_CPU_HZ:.1f} s")
        return "\n".join(lines)


@dataclass
class RoutineCost:
    """Cycles spent inside one routine (its own instructions, callees excluded)."""

    name: str
    cycles: int
    calls: int
    share: float

    @property
    def per_call(self) -> float:
        """Average own cycles per call (0 when never entered)."""
        return self.cycles / self.calls if self.calls else 0.0


def profile_perft(depth: int = 3, cases: list[PerftCase] | None = None,
                  engine: AsmEngine | None = None, *, full: bool = False
                  ) -> tuple[int, int, list[RoutineCost]]:
    """Run eng_perft(depth) (eng_perft_full if full) on every case with a profile.

    Returns (total cycles, total leaves, per-routine costs sorted by cycles). A routine's
    calls are the executions of its first instruction.
    """
    if cases is None:
        cases = read_perft_file(PUBLIC_PERFT)
    eng = engine or AsmEngine()
    prof: dict[int, int] = {}
    hits: dict[int, int] = {}
    total = leaves = 0
    for case in cases:
        eng.load(Position.from_fen(case.fen))
        run = eng.perft(depth, full=full, profile=prof, hits=hits)
        total += run.cycles
        leaves += run.nodes
    return total, leaves, costs_by_routine(eng, prof, hits, total)


def costs_by_routine(eng: AsmEngine, prof: dict[int, int], hits: dict[int, int],
                     total: int) -> list[RoutineCost]:
    """A `Sim.call` profile (cycles by PC, executions by PC) summed per routine (the
    nearest label at or below each PC of the mapped banks), most cycles first; a
    routine's calls are the executions of its first instruction."""
    from ..rom.symbols import routine_of
    name_of = routine_of(eng.sim.symbols, banks=eng.sim.banks,
                         mapped=(eng.sim.mapped_bank, eng.sim.fixed_bank))
    starts = {}
    for name, addr in eng.sim.symbols.items():
        if name_of(addr) == name:
            starts[name] = addr
    by_name: dict[str, int] = {}
    for pc, cyc in prof.items():
        n = name_of(pc)
        by_name[n] = by_name.get(n, 0) + cyc
    costs = [RoutineCost(n, c, hits.get(starts.get(n, -1), 0), c / total if total else 0.0)
             for n, c in by_name.items()]
    costs.sort(key=lambda r: -r.cycles)
    return costs


def bench_movegen(depth: int = 3, cases: list[PerftCase] | None = None,
                  engine: AsmEngine | None = None,
                  progress: Callable[[str], None] | None = None) -> MovegenBench:
    """Measure generation and perft(depth) cycles on every case (default: public set).

    Raises PerftMismatchError when a published count for `depth` disagrees.
    """
    if cases is None:
        cases = read_perft_file(PUBLIC_PERFT)
    eng = engine or AsmEngine()
    bench = MovegenBench(depth)
    for case in cases:
        if progress:
            progress(case.id)
        pos = Position.from_fen(case.fen)
        eng.load(pos)
        gen = eng.generate()
        pf = eng.perft(depth)
        full = eng.perft(depth, full=True)
        published = case.counts.get(depth)
        for mode, res in (("bulk", pf), ("full", full)):
            if published is not None and published != res.nodes:
                raise PerftMismatchError(f"{case.id}: asm perft {depth} ({mode}) = "
                                         f"{res.nodes}, published {published}")
        if full.nodes != pf.nodes:
            raise PerftMismatchError(f"{case.id}: asm perft {depth}: full {full.nodes}, "
                                     f"bulk {pf.nodes}")
        bench.rows.append(MovegenRow(case.id, len(gen.moves), gen.cycles, depth,
                                     pf.nodes, pf.cycles, published, full.cycles))
    return bench
