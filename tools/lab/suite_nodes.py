"""Nodes the twin searches to a fixed depth on the bench suite, per phase: the
"fewer nodes to a fixed depth" evidence of a search change (docs/journal.md); and with
`--levels`, where a level's time goes at the model clock.

    python tools/lab/suite_nodes.py --depths 3,4,5 [--seed 1] [--set tt_deep=0 ...] [-j 2]
    python tools/lab/suite_nodes.py --levels 4,5 [--seed 1] [--set ...] [-j 2]

Each `--set NAME=VALUE` sets a rule of reference.search_types.SearchRules (a field
name; 0|1 for a switch), so one run measures the search before a change and another
after it. Prints one line per depth: nodes per phase and in all. `--levels` prints one
line per level (the book off, the model clock): of the frame cap summed over the suite,
the share spent on completed iterations (kept), on an iteration the cap cut (thrown
away), and not spent (the plan did not start another iteration, or the depth was
reached), and the mean depth completed.
"""
from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor

from pyharness.bench.search import load_suite
from pyharness.reference.levels import get_level, model_clock, node_frames
from pyharness.reference.position import Position
from pyharness.reference.search import SearchInputError, SearchRules, think


def _nodes(job: tuple[str, int, int, SearchRules]) -> int:
    fen, depth, seed, rules = job
    return think(Position.from_fen(fen), depth=depth, seed=seed, rules=rules).nodes


def _time_use(job: tuple[str, int, int, SearchRules]) -> tuple[int, int, int, bool]:
    """(frames kept, frames thrown away, depth, stopped) of one think at a level."""
    fen, level, seed, rules = job
    r = think(Position.from_fen(fen), level=level, seed=seed, use_book=False, rules=rules)
    cycles = model_clock(level, rules.node_cycles)    # the clock think() stopped on
    done = node_frames(r.iterations[-1][2], cycles) if r.iterations else 0
    spent = node_frames(r.nodes, cycles)
    return (done, spent - done, r.depth, r.stopped) if r.stopped else (spent, 0, r.depth, False)


def time_use(rows: list[tuple[int, int, int, bool]], cap: int) -> dict[str, float]:
    """Shares of the summed cap (kept, thrown, unused), the mean depth, the stopped count."""
    total = cap * len(rows)
    kept = sum(r[0] for r in rows)
    thrown = sum(r[1] for r in rows)
    return {"kept": kept / total, "thrown": thrown / total,
            "unused": (total - kept - thrown) / total,
            "depth": sum(r[2] for r in rows) / len(rows), "stopped": sum(r[3] for r in rows)}


def parse_switches(items: list[str]) -> SearchRules:
    """NAME=VALUE pairs (SearchRules fields, 0|1 for a switch) into SearchRules."""
    values = {}
    for item in items:
        name, _, value = item.partition("=")
        if not value.isdigit():
            raise SystemExit(f"error: --set takes NAME=VALUE (a number), got {item!r}")
        values[name] = int(value)
    try:
        return SearchRules.of(**values)
    except SearchInputError as exc:
        raise SystemExit(f"error: --set: {exc}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depths", default=None, help="e.g. 3,4,5 (4 without --levels)")
    ap.add_argument("--levels", default="", help="e.g. 4,5: where the level's time goes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--suite", default=None, help="a suite file (default: the bench suite; "
                    "assets/bench_suite2.txt: the second suite)")
    args = ap.parse_args(argv)
    switches = parse_switches(args.set)
    try:
        levels = [get_level(int(x)) for x in args.levels.split(",") if x]
    except ValueError as exc:
        raise SystemExit(f"error: --levels takes level numbers like 4,5: {exc}")
    text = args.depths if args.depths is not None else ("" if levels else "4")
    try:
        depths = [int(d) for d in text.split(",") if d]
    except ValueError:
        raise SystemExit(f"error: --depths takes numbers like 3,4,5, got {text!r}")
    try:
        suite = load_suite(args.suite)
    except (OSError, ValueError) as exc:
        raise SystemExit(f"error: --suite: {exc}")
    phases = sorted({p.phase for p in suite})
    print(f"twin, {args.suite or 'bench suite'} ({len(suite)} positions), seed {args.seed}, "
          f"rules {switches}")
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for level in levels:
            jobs = [(p.fen, level.number, args.seed, switches) for p in suite]
            use = time_use(list(pool.map(_time_use, jobs)), level.frames)
            print(f"level {level.number} (cap {level.frames:,} frames): kept "
                  f"{use['kept']:.1%}, thrown away {use['thrown']:.1%} ({use['stopped']} "
                  f"cut), not spent {use['unused']:.1%}; mean depth {use['depth']:.2f}",
                  flush=True)
        for depth in depths:
            jobs = [(p.fen, depth, args.seed, switches) for p in suite]
            nodes = list(pool.map(_nodes, jobs))
            per = {ph: sum(n for p, n in zip(suite, nodes) if p.phase == ph)
                   for ph in phases}
            cols = "  ".join(f"{ph} {per[ph]:,}" for ph in phases)
            print(f"depth {depth}: {cols}  all {sum(nodes):,}", flush=True)
    return 0


if __name__ == "__main__":
    from pyharness import tune_gc
    tune_gc()                           # the searches run 15-20 % faster (pyharness)
    sys.exit(main())
