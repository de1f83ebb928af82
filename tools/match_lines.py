"""A resumable match: the games of `xq65 match A B -n N --seed S`, one JSON line each.

    python tools/match_lines.py A B GAMES SEED JOBS OUT.jsonl [--reverse]
    python tools/match_lines.py --score OUT.jsonl

The schedule, openings and engine seeds are those of `xq65 match` (pyharness.match
schedule + iter_match), but every finished game is appended to OUT at once, so a run
cut short (a deadline, a shared machine) still counts, a second run resumes it, and a
second process with --reverse plays the schedule from its end into the same file
(--score keeps one line per game index). Used for the search-change matches of
docs/bench.md ("Late-move reductions: strength", "Null move with late-move reductions").
"""
from __future__ import annotations

import argparse
import json
import sys

from pyharness.match.elo import elo_estimate
from pyharness.match import iter_match, load_openings, parse_spec, schedule


def read_lines(path: str) -> dict[int, dict]:
    """The games written so far, by game index (a missing file: none)."""
    games: dict[int, dict] = {}
    try:
        with open(path) as f:
            for line in f:
                game = json.loads(line)
                games[game["index"]] = game
    except FileNotFoundError:
        pass
    return games


def score(path: str) -> str:
    """W-D-L from A's side, score and Elo with its 95 % interval."""
    games = list(read_lines(path).values())
    w = sum(g["a_score"] == 1.0 for g in games)
    d = sum(g["a_score"] == 0.5 for g in games)
    los = sum(g["a_score"] == 0.0 for g in games)
    est = elo_estimate(w, d, los)
    return f"{len(games)} games, A: {w}-{d}-{los}, {100 * est.score:.1f} %, Elo {est.text()}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("args", nargs="+")
    ap.add_argument("--reverse", action="store_true")
    ap.add_argument("--score", action="store_true")
    ns = ap.parse_args(argv)
    try:
        if ns.score:
            print(score(ns.args[0]))
            return 0
        if len(ns.args) != 6:
            raise ValueError("give A B GAMES SEED JOBS OUT.jsonl (or --score OUT.jsonl)")
        a, b, games, seed, jobs, out = ns.args
        done = read_lines(out)
        tasks = [t for t in schedule(int(games), load_openings(), int(seed))
                 if t.index not in done]
        if ns.reverse:
            tasks.reverse()
        with open(out, "a") as f:
            for rec in iter_match(parse_spec(a), parse_spec(b), tasks, jobs=int(jobs)):
                f.write(json.dumps({"index": rec.index, "a_score": rec.a_score,
                                    "reason": rec.reason}) + "\n")
                f.flush()
        print(score(out))
        return 0
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
