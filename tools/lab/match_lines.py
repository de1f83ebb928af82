"""A resumable match: the games of `xq65 match A B -n N --seed S`, one JSON line each.

    python tools/lab/match_lines.py A B GAMES SEED JOBS OUT.jsonl [--reverse] [--part I/N]
                                [--sprt ELO0,ELO1] [--openings SET] [--until HH:MM]
    python tools/lab/match_lines.py --score OUT.jsonl [--sprt ELO0,ELO1]

The schedule, openings and engine seeds are those of `xq65 match` (pyharness.match
schedule + iter_match), but every finished game is appended to OUT at once, so a run
cut short (a deadline, a shared machine) still counts, a second run resumes it, and a
second process with --reverse plays the schedule from its end into the same file
(--score keeps one line per game index); --part I/N plays only the games of the pairs
(an opening with both colours) whose number is I modulo N, so N processes share the
rest without playing a game twice, whenever each starts, and a part cut short stays
balanced between the colours.
--sprt ELO0,ELO1 adds a sequential test (elo.sprt_llr, alpha = beta = 0.05): the
log-likelihood ratio of Elo A-B = ELO1 against ELO0 is printed, and a run stops as soon
as it leaves the bounds (H0 or H1 accepted; GAMES is then the most it plays; write
--sprt=-5,5 when ELO0 is negative). Used for the search-change matches of
docs/journal.md ("Late-move reductions: strength", "Null move with late-move reductions").
--openings SET plays another opening set (`xq65 match --openings`: tune, judge or a
file; tune for a keep-or-drop decision, docs/match.md); --until HH:MM (UTC) starts no
game after the next such time (a time already past today is tomorrow's). --pst FILE
registers the engine kind `pst`: the twin (the options of `ref`) evaluating with the
tables of FILE (assets/pst.txt's format, read as they are) and the engine's root tables
made from them (eval.RootTables), to match a candidate's tables against the engine's
(`pst:L4 ref:L4`); --no-root leaves the root tables out (`pst:L4` with the engine's own
file is then the engine without them).
Each line also has the game's seconds.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import sys

from pyharness.match.elo import elo_estimate, sprt_bounds, sprt_llr
from pyharness.match import iter_match, load_openings, parse_spec, schedule
from pyharness.match.registry import EngineKind, engine_kinds, register_engine, search_player


def register_pst(path: str, root: bool = True) -> None:
    """The engine kind `pst`: `ref` with the tables of `path` (--pst), and the root
    tables made from them unless `root` is false (--no-root)."""
    from pathlib import Path
    from pyharness.engines import RefEngine
    from pyharness.reference.assets import load_pst
    from pyharness.reference.eval import Evaluator, RootTables
    tables = load_pst(Path(path))
    ev = Evaluator(tables, RootTables.default(tables) if root else RootTables())
    ref = engine_kinds()["ref"]
    register_engine(EngineKind("pst", f"the twin with the tables of {path}", ref.params,
                               lambda o: search_player(RefEngine(ev), o),
                               required=ref.required, exclusive=ref.exclusive), replace=True)


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


def wdl(path: str) -> tuple[int, int, int]:
    """A's wins, draws and losses in the file."""
    games = list(read_lines(path).values())
    return (sum(g["a_score"] == 1.0 for g in games), sum(g["a_score"] == 0.5 for g in games),
            sum(g["a_score"] == 0.0 for g in games))


def sprt_state(path: str, sprt: tuple[float, float]) -> tuple[float, str]:
    """(LLR, verdict) of the games so far: verdict "H0", "H1" or "" (go on)."""
    llr = sprt_llr(*wdl(path), *sprt)
    lo, hi = sprt_bounds()
    return llr, "H1" if llr >= hi else "H0" if llr <= lo else ""


def score(path: str, sprt: tuple[float, float] | None = None) -> str:
    """W-D-L from A's side, score and Elo with its 95 % interval (and the SPRT's state)."""
    w, d, los = wdl(path)
    est = elo_estimate(w, d, los)
    text = f"{w + d + los} games, A: {w}-{d}-{los}, {100 * est.score:.1f} %, Elo {est.text()}"
    if sprt:
        llr, verdict = sprt_state(path, sprt)
        lo, hi = sprt_bounds()
        text += (f"; SPRT elo0 {sprt[0]:g}, elo1 {sprt[1]:g}: LLR {llr:.2f} ({lo:.2f} .. "
                 f"{hi:.2f}), " + {"H1": "H1 accepted", "H0": "H0 accepted"}.get(verdict,
                                                                            "go on"))
    return text


def parse_sprt(text: str | None) -> tuple[float, float] | None:
    """"ELO0,ELO1" of --sprt (None: no test)."""
    if text is None:
        return None
    try:
        e0, e1 = (float(v) for v in text.split(","))
    except ValueError:
        raise ValueError(f"--sprt wants ELO0,ELO1, got {text!r}") from None
    if not e0 < e1:
        raise ValueError(f"--sprt wants ELO0 < ELO1, got {text!r}")
    return e0, e1


def parse_until(text: str, now: dt.datetime) -> dt.datetime:
    """--until "HH:MM" (UTC): the first such time after `now` (01:45 asked at 23:30 is
    tomorrow's)."""
    try:
        hh, mm = (int(x) for x in text.split(":"))
        until = now.replace(hour=hh, minute=mm, second=0, microsecond=0)
    except ValueError:
        raise ValueError(f"--until wants HH:MM (UTC), got {text!r}") from None
    return until if until > now else until + dt.timedelta(days=1)


def parse_part(text: str) -> tuple[int, int]:
    """--part "I/N" -> (I, N) with 0 <= I < N."""
    try:
        part, parts = (int(x) for x in text.split("/"))
    except ValueError:
        raise ValueError(f"--part wants I/N, got {text!r}") from None
    if not 0 <= part < parts:
        raise ValueError(f"--part {text}: give I/N with 0 <= I < N")
    return part, parts


def part_tasks(tasks: list, done, part: int, parts: int) -> list:
    """The tasks whose index is not in `done` (the game indices played) and whose pair
    (game index // 2: one opening, both colours) is `part` modulo `parts`: a partition
    of the schedule that does not depend on what is done, so parts started at
    different times never leave a game out."""
    return [t for t in tasks if t.index not in done and (t.index // 2) % parts == part]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("args", nargs="+")
    ap.add_argument("--reverse", action="store_true")
    ap.add_argument("--score", action="store_true")
    ap.add_argument("--part", default="0/1", help="I/N: the pairs of games numbered I modulo N")
    ap.add_argument("--openings", default=None, help="opening set: tune, judge or a file")
    ap.add_argument("--until", help="HH:MM UTC: start no game after it")
    ap.add_argument("--pst", help="FILE: register the engine kind pst (the twin with "
                    "these tables)")
    ap.add_argument("--no-root", action="store_true",
                    help="pst without the root tables (eval.RootTables)")
    ap.add_argument("--sprt", help="ELO0,ELO1: stop when the SPRT accepts one of them "
                    "(--sprt=-5,5 when ELO0 is negative)")
    ns = ap.parse_args(argv)
    try:
        sprt = parse_sprt(ns.sprt)
        if ns.pst:
            register_pst(ns.pst, not ns.no_root)
        if ns.score:
            print(score(ns.args[0], sprt))
            return 0
        if len(ns.args) != 6:
            raise ValueError("give A B GAMES SEED JOBS OUT.jsonl (or --score OUT.jsonl)")
        a, b, games, seed, jobs, out = ns.args
        done = read_lines(out)
        part, parts = parse_part(ns.part)
        tasks = part_tasks(schedule(int(games), load_openings(ns.openings), int(seed)),
                           done, part, parts)
        if ns.reverse:
            tasks.reverse()
        if sprt and done and sprt_state(out, sprt)[1]:
            tasks = []                  # decided already
        until = parse_until(ns.until, dt.datetime.now(dt.timezone.utc)) if ns.until else None
        with open(out, "a") as f:
            for rec in iter_match(parse_spec(a), parse_spec(b), tasks, jobs=int(jobs)):
                f.write(json.dumps({"index": rec.index, "a_score": rec.a_score,
                                    "reason": rec.reason,
                                    "seconds": getattr(rec, "seconds", None)}) + "\n")
                f.flush()
                if sprt and sprt_state(out, sprt)[1]:
                    break               # the generator's finally stops the workers
                if until and dt.datetime.now(dt.timezone.utc) >= until:
                    print("stopped: --until reached")
                    break
        print(score(out, sprt))
        return 0
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    from pyharness import tune_gc
    tune_gc()                           # the searches run 15-20 % faster (pyharness)
    sys.exit(main())
