"""Endgame start positions from the tuning half: where the tables chosen at the root play.

    nice -n 19 .venv/bin/python tools/lab/endgame_positions.py OPENINGS OUT.txt
                                [--nodes 3000] [--margin 150] [--part I/N]

From every opening of OPENINGS (a file of the tuning half, e.g. the extended tuning
openings of extend_openings.py; the judging half is refused) Fairy-Stockfish plays both
sides at --nodes a move until the first position where the two sides' attack units
(eval.ATTACK_UNITS) together are at most eval.END_UNITS, the side to move is not in
check, has more than one legal move and none that ends the game at once; the position is
kept when Fairy-Stockfish at depth 10 scores it within +-margin cp (no mate). A game
stops at MAX_PLIES. Each kept position is written at once (`FEN ; opening name, ...`,
the openings-file format), so OUT is an opening set for `match_lines.py --openings` and
`spsa.py --openings`; --part I/N takes the openings numbered I modulo N (N processes
write N files). docs/journal.md, "Tables chosen at the root", used --nodes 3000 and 5000
on the 360 extended tuning openings.
"""
from __future__ import annotations

import argparse
import sys

# the script's own folder (tools/lab) is first on the path
from bench_positions import _fit
from match_lines import parse_part

from pyharness.match.runner import load_openings, openings_path
from pyharness.match.uci import UciEngine
from pyharness.reference.errors import Xq65Error
from pyharness.reference.eval import END_UNITS, attack_units
from pyharness.reference.position import Position

MAX_PLIES = 160
KEEP_DEPTH = 10


def endgame_of(engine: UciEngine, fen: str, nodes: int) -> Position | None:
    """The first endgame position of Fairy-Stockfish's game from `fen` (None: none)."""
    pos = Position.from_fen(fen)
    for _ in range(MAX_PLIES):
        if not pos.legal_moves():
            return None
        if sum(attack_units(pos.piece_sq)) <= END_UNITS and _fit(pos):
            return pos
        pos.push(pos.parse_move(engine.best_move(pos.fen(), nodes=nodes).iccs))
    return None


def write_positions(openings: str, out: str, nodes: int, margin: int, part: int = 0,
                    parts: int = 1, log=print) -> int:
    """Write the kept positions of the openings numbered `part` modulo `parts`; their
    number."""
    if "judge" in str(openings_path(openings)):
        raise Xq65Error("the judging half never enters a fit: use the tuning openings")
    kept = 0
    with UciEngine() as engine, open(out, "w", encoding="utf-8") as f:
        for i, opening in enumerate(load_openings(openings)):
            if i % parts != part:
                continue
            pos = endgame_of(engine, opening.fen, nodes)
            if pos is None:
                continue
            r = engine.best_move(pos.fen(), depth=KEEP_DEPTH)
            if r.mate is not None or r.score_cp is None or abs(r.score_cp) > margin:
                continue
            units = attack_units(pos.piece_sq)
            f.write(f"{pos.fen()} ; {opening.name}, Fairy-Stockfish {nodes} nodes a move, "
                    f"attack units {units[0]}+{units[1]}, depth {KEEP_DEPTH} {r.score_cp:+d}\n")
            f.flush()
            kept += 1
            log(f"{i}: kept ({kept})")
    return kept


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("openings")
    ap.add_argument("out")
    ap.add_argument("--nodes", type=int, default=3000)
    ap.add_argument("--margin", type=int, default=150)
    ap.add_argument("--part", default="0/1", help="I/N: the openings numbered I modulo N")
    a = ap.parse_args(argv)
    try:
        part, parts = parse_part(a.part)
        if a.nodes < 1 or a.margin < 0:
            raise ValueError("--nodes >= 1 and --margin >= 0")
        write_positions(a.openings, a.out, a.nodes, a.margin, part, parts)
    except (Xq65Error, OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
