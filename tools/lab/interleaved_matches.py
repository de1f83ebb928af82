"""Several matches played in turn, one opening pair of each at a time, every game
appended at once to its match's JSON-lines file (resumable; a cut-off run still counts).

    python tools/lab/interleaved_matches.py OUT_DIR GAMES SEED OPENINGS A1 B1 [A2 B2 ...]
                                            [--until HH:MM]
    python tools/lab/interleaved_matches.py --score OUT_DIR

Match i plays the games of `xq65 match Ai Bi -n GAMES --seed SEED --openings OPENINGS
-j 1` (the same schedule, openings, colours and engine seeds: pyharness.match.runner
schedule + iter_match), in the order pair 0 of match 1, pair 0 of match 2, ..., pair 1
of match 1, ... so that a run stopped early has a partial result for every match.
--until HH:MM (UTC) starts no game after the next such time (match_lines.parse_until). Files: OUT_DIR/<i>.jsonl, one
GameRecord.as_dict() per line plus "a" and "b".
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from match_lines import parse_until  # --until: the next such time (the script's own folder)
from pyharness.match.elo import elo_estimate
from pyharness.match.registry import parse_spec
from pyharness.match.runner import iter_match, load_openings, schedule


def read_games(path: Path) -> dict[int, dict]:
    """Games already in `path`, by index (no file: none)."""
    games: dict[int, dict] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                game = json.loads(line)
                games[game["index"]] = game
    return games


def summary(path: Path) -> str:
    """One line: A, B, games, W-D-L, score, Elo with its 95 % interval, s/game."""
    games = list(read_games(path).values())
    if not games:
        return f"{path.name}: no games"
    w = sum(g["a_score"] == 1.0 for g in games)
    d = sum(g["a_score"] == 0.5 for g in games)
    los = sum(g["a_score"] == 0.0 for g in games)
    est = elo_estimate(w, d, los)
    pairs = {g["index"] // 2 for g in games}
    whole = sum(1 for p in pairs if {2 * p, 2 * p + 1} <= {g["index"] for g in games})
    secs = sum(g["seconds"] for g in games) / len(games)
    return (f"{games[0]['a']} vs {games[0]['b']}: {len(games)} games ({whole} whole pairs), "
            f"A {w}-{d}-{los}, {100 * est.score:.1f} %, Elo {est.text()}, {secs:.0f} s/game")


def main(argv: list[str] | None = None) -> int:
    """Command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("args", nargs="+")
    ap.add_argument("--score", action="store_true")
    ap.add_argument("--until", help="HH:MM UTC: start no game after it")
    ns = ap.parse_args(argv)
    try:
        if ns.score:
            for path in sorted(Path(ns.args[0]).glob("*.jsonl")):
                print(summary(path))
            return 0
        if len(ns.args) < 6 or (len(ns.args) - 4) % 2:
            raise ValueError("give OUT_DIR GAMES SEED OPENINGS A1 B1 [A2 B2 ...]")
        out_dir, games, seed, openings = Path(ns.args[0]), int(ns.args[1]), \
            int(ns.args[2]), ns.args[3]
        specs = [(parse_spec(a), parse_spec(b)) for a, b in zip(ns.args[4::2], ns.args[5::2])]
        until = parse_until(ns.until, dt.datetime.now(dt.timezone.utc)) if ns.until else None
        out_dir.mkdir(parents=True, exist_ok=True)
        tasks = schedule(games, load_openings(openings), seed)
        paths = [out_dir / f"{i + 1}.jsonl" for i in range(len(specs))]
        for pair in range((games + 1) // 2):
            for (a, b), path in zip(specs, paths):
                done = read_games(path)
                for task in tasks[2 * pair:2 * pair + 2]:
                    if task.index in done:
                        continue
                    if until and dt.datetime.now(dt.timezone.utc) >= until:
                        raise TimeoutError
                    for rec in iter_match(a, b, [task], jobs=1):
                        with path.open("a", encoding="utf-8") as f:
                            f.write(json.dumps({"a": a.text, "b": b.text,
                                                **rec.as_dict()}) + "\n")
                    print(summary(path), flush=True)
    except TimeoutError:
        print("stopped: --until reached", flush=True)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    from pyharness import tune_gc
    tune_gc()                           # the searches run 15-20 % faster (pyharness)
    sys.exit(main())
