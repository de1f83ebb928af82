"""More tuning openings from the tuning half: each opening and its near-best replies.

    nice -n 19 .venv/bin/python tools/lab/extend_openings.py OUT.txt [--per 4] [--from FILE]

A deterministic engine pair plays at most two games per opening (one each colour), so the
tuning half (assets/openings_tune.txt, 60 positions) gives 120 distinct games; a
keep-or-drop match of 400 games needs more. This writes, in the openings-file format
(`FEN ; name`), every tuning opening and, after it, up to --per of its children: the
position after one of Fairy-Stockfish's MultiPV 6 moves (depth 8) within 60 cp of its best,
kept only when Fairy-Stockfish at depth 12 (hash cleared) scores it within +-60 cp, the
side to move is not in check, and neither it nor its mirror is a position already kept
or a judging opening (assets/openings_judge.txt never enters: only its identities are
read, to refuse a collision). The methods and margins are gen_heldout_openings.py's.
--from FILE extends the openings of FILE instead (a file this tool wrote, so from the
tuning half: its lines are written again, each followed by its own children).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

# the script's own folder (tools/lab) is first on the path when it runs
from gen_heldout_openings import (FIRST_MARGIN, KEEP_DEPTH, KEEP_MARGIN, MULTIPV,
                                  PLY_DEPTH, MultiPvEngine, position_keys)

from pyharness.match.runner import load_openings
from pyharness.match.uci import UciSettings
from pyharness.reference.position import Move, Position


def extend(out: str, per: int, log=print, source: str = "tune") -> int:
    """Write the openings of `source` (the tuning half, or a file this tool wrote) and
    their children to `out`; the number of lines."""
    tune = load_openings(source)
    refused = set()
    for o in load_openings("judge"):
        refused.update(position_keys(Position.from_fen(o.fen)))
    kept: set[str] = set()
    for o in tune:                      # no child repeats an opening of the source
        kept.update(position_keys(Position.from_fen(o.fen)))
    lines = []
    with MultiPvEngine(settings=UciSettings(hash_mb=16), timeout=120) as engine:
        for o in tune:
            pos = Position.from_fen(o.fen)
            lines.append(f"{o.fen} ; {o.name}")
            engine.new_game()
            top = engine.top_moves(o.fen, [], PLY_DEPTH, MULTIPV)
            children = 0
            for mv, cp in top:
                if children >= per or cp < top[0][1] - FIRST_MARGIN:
                    break
                child = pos.copy()
                child.push(Move.from_iccs(mv))
                keys = position_keys(child)
                if child.in_check() or not child.legal_moves() or \
                        any(k in kept or k in refused for k in keys):
                    continue
                engine.new_game()
                answer = engine.best_move(o.fen, [mv], depth=KEEP_DEPTH, timeout=300)
                if answer.mate is not None or answer.score_cp is None \
                        or abs(answer.score_cp) > KEEP_MARGIN:
                    continue
                kept.update(keys)
                children += 1
                lines.append(f"{child.fen()} ; {o.name.split()[0]}+{mv} "
                             f"(d{KEEP_DEPTH} {answer.score_cp:+d})")
            log(f"{o.name.split()[0]}: {children} children")
    Path(out).write_text(
        "# tools/lab/extend_openings.py: the tuning half and near-best replies "
        f"(--per {per}); never the judging half\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--per", type=int, default=4)
    ap.add_argument("--from", dest="source", default="tune", help="extend this file's openings")
    ns = ap.parse_args(argv)
    if not 1 <= ns.per <= 5:
        print("error: --per must be 1..5", file=sys.stderr)
        return 2
    try:
        if ns.source != "tune":
            with open(ns.source, encoding="utf-8") as f:
                first = f.readline(200)
            if "never the judging half" not in first:
                raise ValueError(f"--from {ns.source}: not a file of this tool")
        n = extend(ns.out, ns.per, log=lambda s: print(s, flush=True), source=ns.source)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{n} openings written to {ns.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
