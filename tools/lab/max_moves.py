#!/usr/bin/env python3
"""Search for the longest legal move list (hill climbing, pyharness.reference.movebound).

Usage: max_moves.py [--fen FEN] [--steps N] [--seed S]
Prints the bound, then the best FEN found with its legal and the most pseudo-legal
moves seen (docs/ram_map.md quotes a run).
"""
from __future__ import annotations

import argparse
import sys

from pyharness.reference.errors import InvalidFenError
from pyharness.reference.movebound import climb, move_bound, types_bound

NEAR_MAX_FEN = "6R2/1P1P1k3/2C6/4P4/1P1P1N3/4N4/7R1/B3BA3/3KA4/8C w - - 0 1"


def main() -> int:
    """Run the tool."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fen", default=NEAR_MAX_FEN)
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not 0 <= args.steps <= 10**7:
        print("error: --steps must be 0..10000000", file=sys.stderr)
        return 2
    try:
        found = climb(args.fen, args.steps, args.seed)
    except InvalidFenError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"bound {move_bound()} = " + " + ".join(f"{k} {v}" for k, v in types_bound().items()))
    print(f"best {found.moves} legal moves: {found.fen}")
    print(f"most pseudo-legal moves seen: {found.most_pseudo} ({found.seen} positions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
