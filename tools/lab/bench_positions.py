"""Bench positions by the recipe of assets/bench_suite.txt, from another openings file.

    python tools/lab/bench_positions.py tune --per-phase 20 --seed 7000 > FILE

The bench suite's positions are fixed so that its figures compare across commits; a
second suite made the same way from openings it never used (the tuning half by
default) says whether a figure holds on positions the suite does not hold
(assets/bench_suite2.txt, docs/bench.md). From opening i (in file order) the twin's
level 2 plays both sides (seed `search_seed(seed + i, ply)`, the book off, its frame cap
on a model clock of GAME_NODE_CYCLES cycles a node, fixed so that a new
levels.NODE_CYCLES_ESTIMATE does not change the games):

* open-: the opening itself (every second opening, from the first);
* mid-:  the game's first position from ply 31 on that is not in check;
* end-:  the game's first position with at most 14 pieces, not in check;

each with more than one legal move and none that ends the game at once, until every
phase has `--per-phase` positions.
A game stops at MAX_GAME_PLIES, at mate or stalemate, or once it gave its end-
position. The output is a suite file (`xq65 bench --suite FILE`).
"""
from __future__ import annotations

import argparse
import sys

from pyharness.match.players import search_seed
from pyharness.match.runner import load_openings
from pyharness.reference.position import Position
from pyharness.reference.search import SearchRules, think

MAX_GAME_PLIES = 200
#: the model clock of the games (levels.NODE_CYCLES_ESTIMATE when the file was made)
GAME_NODE_CYCLES = 2710
MID_FROM_PLY = 31
END_MAX_PIECES = 14
PHASES = ("open", "mid", "end")
GAME_RULES = SearchRules(node_cycles=GAME_NODE_CYCLES)


def _mates_at_once(pos: Position) -> bool:
    """A legal move mates or stalemates (a search ends at depth 1 there)."""
    for move in pos.legal_moves():
        pos.push(move)
        done = not pos.legal_moves()
        pos.pop()
        if done:
            return True
    return False


def _fit(pos: Position) -> bool:
    return (not pos.in_check() and len(pos.legal_moves()) > 1
            and not _mates_at_once(pos))


def suite_positions(openings: str, per_phase: int, seed: int) -> dict[str, list[str]]:
    """FENs by phase (see the module's docstring)."""
    out: dict[str, list[str]] = {phase: [] for phase in PHASES}
    for i, opening in enumerate(load_openings(openings)):
        if all(len(fens) >= per_phase for fens in out.values()):
            break
        pos = Position.from_fen(opening.fen)
        if i % 2 == 0 and len(out["open"]) < per_phase and _fit(pos):
            out["open"].append(pos.fen())
        mid_done = False
        for ply in range(MAX_GAME_PLIES):
            if not pos.legal_moves():
                break
            if ply >= MID_FROM_PLY and not mid_done and _fit(pos):
                mid_done = True
                if len(out["mid"]) < per_phase:
                    out["mid"].append(pos.fen())
            if sum(1 for sq in pos.piece_sq if sq) <= END_MAX_PIECES and _fit(pos):
                if len(out["end"]) < per_phase:
                    out["end"].append(pos.fen())
                break
            result = think(pos, level=2, seed=search_seed(seed + i, ply), use_book=False,
                           rules=GAME_RULES)
            pos.push(result.best_move)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("openings", help="an openings file or a set name (tune, judge, default)")
    ap.add_argument("--per-phase", type=int, default=20)
    ap.add_argument("--seed", type=int, default=7000, help="game i is seeded seed + i")
    args = ap.parse_args(argv)
    if not 1 <= args.per_phase <= 100:
        ap.error("--per-phase must be 1..100")
    out = suite_positions(args.openings, args.per_phase, args.seed)
    for phase in PHASES:
        if len(out[phase]) < args.per_phase:
            print(f"bench_positions: only {len(out[phase])} {phase}- positions from "
                  f"{args.openings}", file=sys.stderr)
        for k, fen in enumerate(out[phase], 1):
            print(f"{phase}-{k:02d} {fen} ; {args.openings} opening, ref:L2 self-play, "
                  f"seed {args.seed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
