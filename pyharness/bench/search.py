"""Cycle budgets of the search, level by level, on a fixed position suite.

`xq65 bench` runs think(level=L) for every level on the positions of
assets/bench_suite.txt (opening, middlegame, endgame) and reports, per level: depth
completed, nodes, cycles min/median/max, NES seconds (cycles / 1,789,773), cycles per
node and how often the level's frame cap cut the search; plus the summary lines the
design targets (L4 completing depth 4 within 10 s, L5 depth 5 within 30 s, median
cycles per node, L1 median NES seconds). docs/bench.md says how to read them; docs/figures.md has the current ones.

Engines:

* ``asm``: `AsmEngine.think` -- the ROM's think (srch_start, srch_think) under py65; cycles are counted by
  the simulator, the cap by the frame counter it advances every 29,781 cycles.
* ``ref``: the Python twin `reference.search.think`. It has no cycles: its frame cap
  runs on the model clock (nodes x the level's `levels.LEVEL_NODE_CYCLES`), and the cycles it
  reports are that model, never a measurement. Every report says which engine ran.

Each (level, position) search gets the fixed LFSR seed `BENCH_SEED + position index`
and no game record, so a run is reproducible and independent of `-j`.
"""
from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from dataclasses import asdict, dataclass, field
from typing import Callable, Iterable

from ..reference.clock import CYCLES_PER_FRAME, FRAMES_PER_SECOND, NES_CPU_HZ
from .suite import (DEFAULT_SUITE, PHASES, SuiteError, SuitePosition,  # noqa: F401 (the
                    choose_positions, load_suite, name_ranges,  # suite's names, here too)
                    select_positions)

BENCH_SEED = 1
#: positions of the default (quick) run: the first ones of each phase, round robin
QUICK_POSITIONS = 6
#: the design's targets: (level, depth to complete) within the level's cap
TARGETS = ((4, 4), (5, 5))
#: py65 speed used for the run-time estimate (measured on srch_think here: ~1.7 M/s)
PY65_CYCLES_PER_SECOND = 1_700_000


def parse_levels(text: str | None) -> list[int]:
    """"1,2,5" -> [1, 2, 5] (each 1..level_count(), no repeats); None or "" -> all levels."""
    from ..reference.levels import all_levels
    n = len(all_levels())
    if not text:
        return list(range(1, n + 1))
    out = []
    for item in text.split(","):
        item = item.strip()
        if not item.isdigit() or not 1 <= int(item) <= n:
            raise ValueError(f"bad level {item!r}: want numbers 1..{n}, comma separated")
        if int(item) in out:
            raise ValueError(f"level {item} given twice")
        out.append(int(item))
    return out


# --- one search ----------------------------------------------------------------------------


@dataclass
class SearchRun:
    """One think(level) on one suite position."""

    level: int
    position: str
    phase: str
    seed: int
    best_move: str | None
    score: int
    depth: int
    nodes: int
    cycles: int
    stopped: bool
    tt_hit_rate: float
    wall_seconds: float

    @property
    def nes_seconds(self) -> float:
        """cycles / 1,789,773."""
        return self.cycles / NES_CPU_HZ

    @property
    def cycles_per_node(self) -> float:
        """cycles / nodes (0 without nodes)."""
        return self.cycles / self.nodes if self.nodes else 0.0

    def as_dict(self) -> dict:
        """JSON-ready dict with the derived figures."""
        d = asdict(self)
        d["nes_seconds"] = round(self.nes_seconds, 4)
        d["cycles_per_node"] = round(self.cycles_per_node, 1)
        d["tt_hit_rate"] = round(self.tt_hit_rate, 4)
        d["wall_seconds"] = round(self.wall_seconds, 3)
        return d


class _Runner:
    """Runs think(level) of one engine; one per process (the asm one holds a simulator)."""

    def __init__(self, engine: str) -> None:
        from ..engines import make_engine
        self.engine = make_engine(engine)

    def run(self, pos_entry: SuitePosition, level: int, seed: int) -> SearchRun:
        """think(level) on the position; the cycles measured (asm) or modelled (ref)."""
        from ..limits import Limits
        from ..reference.levels import level_node_cycles
        from ..reference.position import Position
        pos = Position.from_fen(pos_entry.fen)
        t0 = time.perf_counter()
        res = self.engine.think(pos, Limits(level=level, seed=seed))
        cycles = (res.cycles if self.engine.measures_cycles
                  else res.nodes * level_node_cycles(level))
        wall = time.perf_counter() - t0
        best = res.best_move.iccs() if res.best_move is not None else None
        return SearchRun(level, pos_entry.name, pos_entry.phase, seed, best, res.score,
                         res.depth, res.nodes, cycles, res.stopped, res.tt_hit_rate, wall)


# --- statistics ------------------------------------------------------------------------------


def _spread(values: list[float]) -> dict:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


@dataclass
class LevelStats:
    """The runs of one level and their figures."""

    level: int
    name: str
    max_depth: int          # 0 = until the cap
    cap_frames: int
    runs: list[SearchRun] = field(default_factory=list)

    @property
    def cap_seconds(self) -> float:
        """The frame cap in NES seconds (frames / 60)."""
        return self.cap_frames / FRAMES_PER_SECOND

    @property
    def cut(self) -> int:
        """Searches the cap stopped (their last iteration thrown away)."""
        return sum(r.stopped for r in self.runs)

    def depth_histogram(self) -> dict[int, int]:
        """depth completed -> positions."""
        h: dict[int, int] = {}
        for r in self.runs:
            h[r.depth] = h.get(r.depth, 0) + 1
        return dict(sorted(h.items()))

    def reached(self, depth: int) -> int:
        """Positions whose completed depth is at least `depth`."""
        return sum(r.depth >= depth for r in self.runs)

    @property
    def total_cycles_per_node(self) -> float:
        """All cycles / all nodes of the level."""
        n = sum(r.nodes for r in self.runs)
        return sum(r.cycles for r in self.runs) / n if n else 0.0

    def as_dict(self) -> dict:
        """JSON-ready dict."""
        runs = self.runs
        with_nodes = [r.cycles_per_node for r in runs if r.nodes]
        return {
            "level": self.level, "name": self.name, "max_depth": self.max_depth,
            "cap_frames": self.cap_frames, "cap_seconds": self.cap_seconds,
            "positions": len(runs),
            "depth": _spread([r.depth for r in runs]),
            "depth_histogram": {str(k): v for k, v in self.depth_histogram().items()},
            "nodes": _spread([r.nodes for r in runs]),
            "cycles": _spread([r.cycles for r in runs]),
            "nes_seconds": {k: round(v, 4) for k, v in
                            _spread([r.nes_seconds for r in runs]).items()},
            "cycles_per_node_median": round(statistics.median(with_nodes), 1)
            if with_nodes else None,
            "cycles_per_node_total": round(self.total_cycles_per_node, 1),
            "cap_cut": self.cut,
            "cap_cut_share": round(self.cut / len(runs), 4) if runs else 0.0,
            "wall_seconds": round(sum(r.wall_seconds for r in runs), 2),
        }


@dataclass
class SearchBench:
    """A whole bench run: engine, positions, the levels' figures, the summary."""

    engine: str
    note: str | None
    positions: list[SuitePosition]
    levels: list[LevelStats]
    wall_seconds: float = 0.0
    jobs: int = 1

    @property
    def cycles_source(self) -> str:
        """How the cycles were obtained."""
        if self.engine == "asm":
            return "measured (py65, srch_start + srch_think)"
        return "MODEL: nodes x the level's clock, levels.LEVEL_NODE_CYCLES (Python twin, not asm)"

    def level(self, number: int) -> LevelStats | None:
        """The stats of level `number`, if it ran."""
        return next((s for s in self.levels if s.level == number), None)

    def summary(self) -> dict:
        """The design targets: L4 depth 4 within 10 s, L5 depth 5 within 30 s, median
        cycles per node, L1 median NES seconds (None for levels that did not run)."""
        out: dict = {}
        for lv, depth in TARGETS:
            st = self.level(lv)
            key = f"L{lv}_depth{depth}_within_cap"
            if st is None or not st.runs:
                out[key] = None
            else:
                out[key] = {"positions": len(st.runs), "reached": st.reached(depth),
                            "share": round(st.reached(depth) / len(st.runs), 4),
                            "cap_seconds": st.cap_seconds}
        per_node = [r.cycles_per_node for s in self.levels for r in s.runs if r.nodes]
        out["median_cycles_per_node"] = round(statistics.median(per_node), 1) if per_node \
            else None
        l1 = self.level(1)
        out["L1_median_nes_seconds"] = (round(statistics.median(r.nes_seconds for r in l1.runs),
                                              4) if l1 and l1.runs else None)
        return out

    def summary_lines(self) -> list[str]:
        """The summary for people."""
        s = self.summary()
        tag = "" if self.engine == "asm" else "  [ref model]"
        lines = []
        for lv, depth in TARGETS:
            v = s[f"L{lv}_depth{depth}_within_cap"]
            if v is not None:
                lines.append(f"L{lv}: {v['reached']}/{v['positions']} positions "
                             f"({100 * v['share']:.0f} %) complete depth {depth} within "
                             f"{v['cap_seconds']:g} s{tag}")
        if s["median_cycles_per_node"] is not None:
            lines.append(f"median cycles per node: {s['median_cycles_per_node']:.0f}{tag}")
        if s["L1_median_nes_seconds"] is not None:
            lines.append(f"L1 median NES seconds: {s['L1_median_nes_seconds']:.3f}{tag}")
        return lines

    @classmethod
    def from_dict(cls, data: dict) -> "SearchBench":
        """Rebuild a bench from its as_dict() JSON (to reprint or replot a saved run)."""
        try:
            positions = [SuitePosition(p["name"], p["fen"], p.get("comment", ""))
                         for p in data["positions"]]
            fields = ("level", "position", "phase", "seed", "best_move", "score", "depth",
                      "nodes", "cycles", "stopped", "tt_hit_rate", "wall_seconds")
            runs = [SearchRun(*(r[k] for k in fields)) for r in data["runs"]]
            levels = [LevelStats(lv["level"], lv["name"], lv["max_depth"], lv["cap_frames"],
                                 [r for r in runs if r.level == lv["level"]])
                      for lv in data["levels"]]
            return cls(data["engine"], data.get("note"), positions, levels,
                       data.get("wall_seconds", 0.0), data.get("jobs", 1))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a bench JSON (missing {exc})") from exc

    def as_dict(self) -> dict:
        """JSON-ready dict: engine, cycles source, levels, summary and every run."""
        return {
            "engine": self.engine, "note": self.note, "cycles_source": self.cycles_source,
            "nes_cpu_hz": NES_CPU_HZ, "cycles_per_frame": CYCLES_PER_FRAME,
            "seed": BENCH_SEED, "jobs": self.jobs, "wall_seconds": round(self.wall_seconds, 2),
            "positions": [{"name": p.name, "phase": p.phase, "fen": p.fen,
                           "comment": p.comment} for p in self.positions],
            "levels": [s.as_dict() for s in self.levels],
            "summary": self.summary(),
            "runs": [r.as_dict() for s in self.levels for r in s.runs],
        }

    def table(self) -> str:
        """A fixed-width table for people, then the summary lines."""
        head = (f"{'lvl':>3} {'cap s':>5} {'pos':>3} {'depth min/med/max':>17} "
                f"{'nodes med':>9} {'cycles min':>11} {'median':>11} {'max':>11} "
                f"{'NES s med':>9} {'max':>6} {'cyc/node':>8} {'cut':>6}")
        lines = [f"engine: {self.engine}; cycles: {self.cycles_source}; "
                 f"{len(self.positions)} positions, seed {BENCH_SEED}"]
        if self.note:
            lines.append(f"NOTE: {self.note}")
        lines += [head, "-" * len(head)]
        for s in self.levels:
            if not s.runs:
                continue
            d = s.as_dict()
            dep = d["depth"]
            lines.append(
                f"{s.level:>3} {s.cap_seconds:>5g} {len(s.runs):>3} "
                f"{dep['min']:>7}/{dep['median']:g}/{dep['max']:<4} "
                f"{round(d['nodes']['median']):>9} {d['cycles']['min']:>11,} "
                f"{round(d['cycles']['median']):>11,} {d['cycles']['max']:>11,} "
                f"{d['nes_seconds']['median']:>9.3f} {d['nes_seconds']['max']:>6.2f} "
                f"{d['cycles_per_node_median'] or 0:>8.0f} {s.cut:>3}/{len(s.runs):<2}")
        lines.append("-" * len(head))
        hist = "; ".join(f"L{s.level} " + " ".join(f"d{k}:{v}" for k, v in
                                                   s.depth_histogram().items())
                         for s in self.levels if s.runs)
        lines.append(f"depth completed (depth:positions): {hist}")
        lines += self.summary_lines()
        return "\n".join(lines)


# --- running ---------------------------------------------------------------------------------


_WORKER: _Runner | None = None


def _worker_init(engine: str) -> None:
    global _WORKER
    _WORKER = _Runner(engine)


def _worker_run(task: tuple[SuitePosition, int, int]) -> SearchRun:
    assert _WORKER is not None
    entry, level, seed = task
    return _WORKER.run(entry, level, seed)


def estimate_seconds(levels: Iterable[int], positions: int, engine: str) -> float:
    """Worst-case Python seconds of a run on one core: every search up to its cap.

    asm: cap cycles / PY65_CYCLES_PER_SECOND; ref: cap nodes (model clock) at ~50 us a
    node. Searches that finish their depth early take less.
    """
    from ..reference.levels import get_level, level_node_cycles
    total = 0.0
    for lv in levels:
        cycles = get_level(lv).frames * CYCLES_PER_FRAME
        if engine == "asm":
            total += cycles / PY65_CYCLES_PER_SECOND
        else:
            total += cycles / level_node_cycles(lv) * 50e-6
    return total * positions


def run_bench(levels: list[int] | None = None, positions: list[SuitePosition] | None = None,
              *, engine: str = "asm", jobs: int = 1,
              progress: Callable[[SearchRun, int, int], None] | None = None) -> SearchBench:
    """Run every level on every position and collect the figures.

    `engine`: "asm" or "ref" (engines.make_engine). `jobs` > 1 runs searches in that
    many processes (0 = all cores). `progress(run, done, total)` is called as each
    search finishes. Raises engines.EngineUnavailableError when the asm cannot run.
    """
    from ..engines import ENGINE_NAMES, make_engine
    from ..reference.levels import get_level
    if engine not in ENGINE_NAMES:
        raise ValueError(f"unknown engine {engine!r} (have: {', '.join(ENGINE_NAMES)})")
    if engine == "asm":
        make_engine("asm")      # the ROM builds and loads here, before any worker starts
    levels = levels or parse_levels(None)
    positions = positions if positions is not None else load_suite()
    stats = [LevelStats(lv, get_level(lv).name_en, get_level(lv).depth, get_level(lv).frames)
             for lv in levels]
    # costly levels first: better load balance over the workers
    tasks = [(p, lv, BENCH_SEED + i) for lv in sorted(levels, reverse=True)
             for i, p in enumerate(positions)]
    total = len(tasks)
    workers = max(1, min(jobs or os.cpu_count() or 1, total))
    started = time.perf_counter()
    runs: list[SearchRun] = []
    if workers == 1:
        runner = _Runner(engine)
        for t in tasks:
            run = runner.run(*t)
            runs.append(run)
            if progress:
                progress(run, len(runs), total)
    else:
        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with ctx.Pool(workers, initializer=_worker_init, initargs=(engine,)) as pool:
            for run in pool.imap_unordered(_worker_run, tasks):
                runs.append(run)
                if progress:
                    progress(run, len(runs), total)
    order = {p.name: i for i, p in enumerate(positions)}
    for s in stats:
        s.runs = sorted((r for r in runs if r.level == s.level),
                        key=lambda r: order[r.position])
    return SearchBench(engine, None, list(positions), stats,
                       time.perf_counter() - started, workers)
