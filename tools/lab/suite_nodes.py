"""Nodes the twin searches to a fixed depth on the bench suite, per phase: the
"fewer nodes to a fixed depth" evidence of a search change (docs/journal.md).

    python tools/lab/suite_nodes.py --depths 3,4,5 [--seed 1] [--set tt_deep=0 ...] [-j 2]

Each `--set NAME=VALUE` sets a rule of reference.search_types.SearchRules (a field
name; 0|1 for a switch), so one run measures the search before a change and another
after it. Prints one line per depth: nodes per phase and in all.
"""
from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor

from pyharness.bench.search import load_suite
from pyharness.reference.position import Position
from pyharness.reference.search import SearchInputError, SearchRules, think


def _nodes(job: tuple[str, int, int, SearchRules]) -> int:
    fen, depth, seed, rules = job
    return think(Position.from_fen(fen), depth=depth, seed=seed, rules=rules).nodes


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
    ap.add_argument("--depths", default="4")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    switches = parse_switches(args.set)
    try:
        depths = [int(d) for d in args.depths.split(",")]
    except ValueError:
        raise SystemExit(f"error: --depths takes numbers like 3,4,5, got {args.depths!r}")
    suite = load_suite()
    phases = sorted({p.phase for p in suite})
    print(f"twin, bench suite ({len(suite)} positions), seed {args.seed}, "
          f"rules {switches}")
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
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
