"""Positions right after a capture, from twin games: the think-time check of the
clear-recapture stop (docs/journal.md, "Clear recapture").

    python tools/lab/recapture_positions.py OUT.txt [--games 16] [--plies 80] [--nodes 400]
    python tools/lab/recapture_positions.py --measure IN.txt --levels 4,5

The first form plays each match opening out with the twin at a node budget and writes,
for every position reached by a capture where the side to move can take back on that
square, one line: the opening FEN; the moves played (ICCS, space separated).
The second form thinks at each level on every such position with the rule on and off
(model clock) and prints depth, NES seconds and how often the move is the same.
"""
from __future__ import annotations

import argparse
import statistics
import sys

from pyharness.match import load_openings
from pyharness.reference.levels import level_node_cycles, node_frames
from pyharness.reference.position import Move, Position
from pyharness.reference.search import SearchRules, think


def play_out(games: int, plies: int, nodes: int) -> list[tuple[str, list[str]]]:
    """(FEN, moves) of every recapturable position after a capture in the games."""
    found = []
    for g, op in enumerate(load_openings()[:games]):
        pos = Position.from_fen(op.fen)
        moves: list[str] = []
        for ply in range(plies):
            legal = pos.legal_moves()
            if not legal:
                break
            r = think(pos, depth=24, nodes=nodes, seed=1 + g * 101 + ply)
            capture = pos.board[r.best_move.to] != 0
            pos.push(r.best_move)
            moves.append(r.best_move.iccs())
            if capture and any(m.to == r.best_move.to for m in pos.legal_moves()):
                found.append((op.fen, list(moves)))
    return found


def measure(path: str, levels: list[int]) -> None:
    """Rule on / off per level: depth, NES seconds (model), same move."""
    cases = []
    with open(path) as f:
        for line in f:
            fen, _, mv = line.strip().partition(";")
            pos = Position.from_fen(fen.strip())
            for m in mv.split():
                pos.push(Move.from_iccs(m))
            cases.append(pos)
    for level in levels:
        t_on, t_off, same, stops, lost = [], [], 0, 0, 0
        for k, pos in enumerate(cases):
            on = think(pos, level=level, seed=1 + k, use_book=False)
            off = think(pos, level=level, seed=1 + k, use_book=False,
                        rules=SearchRules(recapture=False))
            t_on.append(node_frames(on.nodes, level_node_cycles(level)) / 60)
            t_off.append(node_frames(off.nodes, level_node_cycles(level)) / 60)
            same += on.best_move == off.best_move
            stops += on.recaptured
            lost += on.depth < off.depth
        print(f"L{level}: {len(cases)} positions, stopped by the rule {stops}, "
              f"depth lower {lost}, same move {same}; NES s median/mean "
              f"off {statistics.median(t_off):.2f}/{statistics.mean(t_off):.2f} -> "
              f"on {statistics.median(t_on):.2f}/{statistics.mean(t_on):.2f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--measure", action="store_true")
    ap.add_argument("--levels", default="4,5")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--plies", type=int, default=80)
    ap.add_argument("--nodes", type=int, default=400)
    ns = ap.parse_args(argv)
    try:
        if ns.measure:
            measure(ns.file, [int(x) for x in ns.levels.split(",")])
            return 0
        found = play_out(ns.games, ns.plies, ns.nodes)
        with open(ns.file, "w") as f:
            for fen, moves in found:
                f.write(f"{fen} ; {' '.join(moves)}\n")
        print(f"{len(found)} positions")
        return 0
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
