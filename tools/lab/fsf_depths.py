"""How many nodes Fairy-Stockfish searches to each depth from an opening set, and which
depth a node budget reaches: what `fsf:depth=D` and `fsf:nodes=N` mean (docs/bench.md,
"What the yardsticks ask").

    python tools/lab/fsf_depths.py [--openings judge] [--depths 4,5,6,7,8]
                                   [--nodes 5000,10000]

Every search starts from a new game (`ucinewgame`: the hash cleared), one thread, the
match's settings (pyharness.match.uci.UciSettings). Prints one line per depth (median
and mean nodes) and per node budget (median and mean depth reached).
"""
from __future__ import annotations

import argparse
import statistics
import sys

from pyharness.match.runner import load_openings
from pyharness.match.uci import UciEngine


def measure(fens: list[str], depths: list[int], budgets: list[int],
            engine: UciEngine) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """{depth: nodes per opening}, {budget: depth reached per opening}."""
    nodes: dict[int, list[int]] = {d: [] for d in depths}
    reached: dict[int, list[int]] = {n: [] for n in budgets}
    for fen in fens:
        for d in depths:
            engine.new_game()
            nodes[d].append(engine.best_move(fen, depth=d).nodes)
        for n in budgets:
            engine.new_game()
            reached[n].append(engine.best_move(fen, nodes=n).depth)
    return nodes, reached


def _numbers(text: str, what: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x]
    except ValueError:
        raise SystemExit(f"error: {what} takes numbers like 4,5,6, got {text!r}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--openings", default="judge")
    ap.add_argument("--depths", default="4,5,6,7,8")
    ap.add_argument("--nodes", default="5000,10000")
    args = ap.parse_args(argv)
    depths, budgets = _numbers(args.depths, "--depths"), _numbers(args.nodes, "--nodes")
    fens = [o.fen for o in load_openings(args.openings)]
    with UciEngine() as engine:
        nodes, reached = measure(fens, depths, budgets, engine)
    print(f"Fairy-Stockfish, {len(fens)} openings ({args.openings}), hash cleared each search")
    for d in depths:
        print(f"depth {d}: nodes median {statistics.median(nodes[d]):,.0f}, "
              f"mean {statistics.mean(nodes[d]):,.0f}")
    for n in budgets:
        print(f"nodes {n:,}: depth median {statistics.median(reached[n]):g}, "
              f"mean {statistics.mean(reached[n]):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
