"""SPSA: the evaluation's material and positional scale tuned by games, not by labels.

    python tools/lab/spsa.py run OUT.jsonl --pairs N [--jobs J] [--level L]
                             [--openings SET|FILE] [--seed S] [--r-end R] [--until HH:MM]
                             [--scales one|per-type|root]
    python tools/lab/spsa.py show OUT.jsonl [--out TABLES.txt]

The parameters are those of eval.tune_pst, the recipe of the engine's tables
(assets/pst_engine.txt): a type's material (its lowest entry) for the horse, rook,
cannon and pawn, one offset `guard` added to both guards' material (the advisor's 25
and the elephant's 23), and `scale`, POSITION_SCALE_PCT; with --scales per-type, five
scales instead of the one (sG for both guards, sN, sR, sC, sP), each starting at
POSITION_SCALE_PCT; with --scales root, the recipe of the tables chosen at the root
(eval.RootTables: the endgame pawn table's material PE and scale sPE, the spare guards'
offset GS), starting where they equal the type tables. A run file's rows say which set
they are (by their length). Each pair of games draws a
random sign for every parameter (delta = +-1) and plays theta + c_k delta against
theta - c_k delta from one opening of the set (a random line of it), each side once,
both the twin (`ref`) at level L (its model clock) with its own tables; then

    theta_i += a_k / c_k * (wins - losses of theta+) * delta_i

with c_k = c_i / (k + 1)^0.101 and a_k = a_i / (A + k + 1)^0.602, A = N / 10, where
c_i = c_end_i N^0.101 and a_i = r_end c_end_i^2 (A + N)^0.602, so that at the last pair
a step of one won game moves parameter i by r_end c_end_i (the schedule of Spall's SPSA
with the end-of-run parameterisation of Fishtest). J workers play pairs at once; a pair
is drawn with the theta of its start and its step lands on the theta of its end
(asynchronous SPSA). Every pair is appended to OUT at once (the theta after it), so a
run cut short still counts and a second run resumes it; --until HH:MM (UTC) starts no
pair after the next such time (match_lines.parse_until). The tuning openings only: a
judging opening is refused.

`show` prints the theta of the last pair and the mean of the second half of the run
(the estimate: the last theta alone carries the noise of its last steps) and writes the
mean's tables (--out), in assets/pst.txt's format. SPSA proposes; a table is kept only
after a match at a level's budget against the engine's (match_lines.py --pst,
docs/journal.md).
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from match_lines import parse_until  # --until: the next such time (the script's own folder)
from pst_fit import HEADER, write_tables  # tools/lab's table writer (the script's own folder)

from pyharness.match.players import SearchPlayer
from pyharness.match.runner import Opening, load_openings, openings_path, play_game
from pyharness.reference.assets import load_pst
from pyharness.reference.board import ADVISOR, BISHOP, CANNON, KNIGHT, PAWN, ROOK
from pyharness.reference.errors import Xq65Error
from pyharness.reference.eval import (POSITION_SCALE_PCT, TUNED_MATERIAL, Evaluator, RootTables,
                                      default_pst, make_root_tables, tune_pst)

ALPHA, GAMMA = 0.602, 0.101


@dataclass(frozen=True)
class Param:
    """One tuned number: its start, its perturbation at the end of a run, its bounds."""

    name: str
    start: float
    c_end: float
    lo: float
    hi: float


#: the recipe: four materials, the guards' offset and one positional scale
PARAMS = (
    Param("guard", 0, 4, -15, 30),
    Param("N", TUNED_MATERIAL[KNIGHT], 6, 30, 120),
    Param("R", TUNED_MATERIAL[ROOK], 10, 120, 190),
    Param("C", TUNED_MATERIAL[CANNON], 6, 40, 130),
    Param("P", TUNED_MATERIAL[PAWN], 3, 1, 40),
    Param("scale", POSITION_SCALE_PCT, 10, 60, 150),
)
#: --scales per-type: the same materials, and a positional scale for each type (the
#: guards share one)
PARAMS_PER_TYPE = PARAMS[:5] + tuple(
    Param(f"s{name}", POSITION_SCALE_PCT, 12, 40, 160) for name in ("G", "N", "R", "C", "P"))
#: --scales root: the tables chosen at the root (eval.RootTables) -- the endgame pawn
#: table's material and positional scale, and the offset of the spare guards' material
PARAMS_ROOT = (
    Param("PE", TUNED_MATERIAL[PAWN], 3, 1, 40),
    Param("sPE", POSITION_SCALE_PCT, 12, 40, 220),
    Param("GS", 0, 4, -20, 20),
)
PARAM_SETS = {"one": PARAMS, "per-type": PARAMS_PER_TYPE, "root": PARAMS_ROOT}


class SpsaError(Xq65Error, ValueError):
    """Bad arguments or a bad run file."""


def params_of(theta: list[float]) -> tuple[Param, ...]:
    """The parameter set a theta belongs to, by its length."""
    for params in PARAM_SETS.values():
        if len(theta) == len(params):
            return params
    raise SpsaError(f"a theta of {len(theta)} numbers is of no parameter set")


def tables_of(theta: list[float]) -> tuple[bytes, ...]:
    """The engine's tables made by tune_pst with theta's values (rounded)."""
    v = {p.name: int(round(x)) for p, x in zip(params_of(theta), theta)}
    material = {ADVISOR: TUNED_MATERIAL[ADVISOR] + v["guard"],
                BISHOP: TUNED_MATERIAL[BISHOP] + v["guard"],
                KNIGHT: v["N"], ROOK: v["R"], CANNON: v["C"], PAWN: v["P"]}
    if "scale" in v:
        return tune_pst(load_pst(), material, v["scale"])
    scales = {ADVISOR: v["sG"], BISHOP: v["sG"], KNIGHT: v["sN"], ROOK: v["sR"],
              CANNON: v["sC"], PAWN: v["sP"]}
    return tune_pst(load_pst(), material, scales)


def evaluator_of(theta: list[float]) -> Evaluator:
    """The twin's evaluator of a theta."""
    if params_of(theta) is PARAMS_ROOT:
        return Evaluator(default_pst(), make_root_tables(*(int(round(x)) for x in theta)))
    # the other sets tune the tables by type; the root tables stay the shipped ones
    tables = tables_of(theta)
    return Evaluator(tables, RootTables.default(tables))


def clamp(theta: list[float]) -> list[float]:
    """theta inside every parameter's bounds."""
    return [min(max(x, p.lo), p.hi) for p, x in zip(params_of(theta), theta)]


def gains(k: int, n: int, r_end: float, params: tuple[Param, ...] = PARAMS
          ) -> tuple[list[float], list[float]]:
    """(c_k, a_k / c_k) of every parameter at pair k of a run of n pairs."""
    big_a = n / 10
    cs, steps = [], []
    for p in params:
        c = p.c_end * n ** GAMMA
        a = r_end * p.c_end ** 2 * (big_a + n) ** ALPHA
        c_k = c / (k + 1) ** GAMMA
        cs.append(c_k)
        steps.append(a / (big_a + k + 1) ** ALPHA / c_k)
    return cs, steps


def draw(seed: int, k: int, openings: int, params: tuple[Param, ...] = PARAMS
         ) -> tuple[list[int], int]:
    """The signs and the opening index of pair k (the same for a resumed run)."""
    rng = random.Random(seed * 1_000_003 + k)
    return [rng.choice((-1, 1)) for _ in params], rng.randrange(openings)


def play_pair(level: int, plus: list[float], minus: list[float], opening: Opening,
              game_seed: int) -> tuple[int, int, int]:
    """theta+'s wins, draws and losses in two games from `opening`, one with each colour."""
    from pyharness.engines import RefEngine
    players = [SearchPlayer(RefEngine(evaluator_of(t)), level=level)
               for t in (plus, minus)]
    w = d = lo = 0
    for plus_red in (True, False):
        red, black = (players[0], players[1]) if plus_red else (players[1], players[0])
        rec = play_game(red, black, opening, seed=game_seed, a_is_red=plus_red)
        s = rec.a_score
        w, d, lo = w + (s == 1.0), d + (s == 0.5), lo + (s == 0.0)
    return w, d, lo


def read_run(path: str) -> list[dict]:
    """The pairs written so far (a missing file: none), in the order they finished."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            row = json.loads(line)
            params_of(row["theta"])
            if rows and len(row["theta"]) != len(rows[0]["theta"]):
                raise KeyError("theta")
        except (ValueError, KeyError, TypeError) as exc:
            raise SpsaError(f"{path}:{number}: not a pair of this tuner ({exc})") from exc
        rows.append(row)
    return rows


def run(out: str, pairs: int, jobs: int, level: int, openings_name: str, seed: int,
        r_end: float, until: dt.datetime | None = None, log=print,
        params: tuple[Param, ...] = PARAMS) -> list[float]:
    """Play the pairs not yet in OUT with `params` (a run resumes with its own); return
    the last theta."""
    if "judge" in str(openings_path(openings_name)):
        raise SpsaError("the judging half never enters a fit: use the tuning openings")
    openings = load_openings(openings_name)
    done = read_run(out)
    if done and params_of(done[0]["theta"]) is not params:
        raise SpsaError(f"{out}: a run of another parameter set (--scales)")
    theta = list(done[-1]["theta"]) if done else [float(p.start) for p in params]
    started = {row["k"] for row in done}
    todo = [k for k in range(pairs) if k not in started]
    pool_kind = ProcessPoolExecutor if jobs > 1 else ThreadPoolExecutor   # 1: in this process
    with open(out, "a", encoding="utf-8") as f, pool_kind(max(1, jobs)) as pool:
        running = {}

        def submit(k: int) -> None:
            signs, index = draw(seed, k, len(openings), params)
            cs, _ = gains(k, pairs, r_end, params)
            plus = clamp([x + c * s for x, c, s in zip(theta, cs, signs)])
            minus = clamp([x - c * s for x, c, s in zip(theta, cs, signs)])
            fut = pool.submit(play_pair, level, plus, minus, openings[index],
                              (seed * 7919 + k) & 0x7FFF_FFFF)
            running[fut] = (k, signs, index)

        while todo or running:
            while todo and len(running) < max(1, jobs):
                if until is not None and dt.datetime.now(dt.timezone.utc) >= until:
                    todo = []
                    break
                submit(todo.pop(0))
            if not running:
                break
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in finished:
                k, signs, index = running.pop(fut)
                w, d, lo = fut.result()
                _, steps = gains(k, pairs, r_end, params)
                theta = clamp([x + st * (w - lo) * s for x, st, s in zip(theta, steps, signs)])
                row = {"k": k, "opening": index, "signs": signs, "wdl": [w, d, lo],
                       "theta": theta}
                f.write(json.dumps(row) + "\n")
                f.flush()
                log(f"pair {k}: {w}-{d}-{lo}  " + "  ".join(
                    f"{p.name} {x:.1f}" for p, x in zip(params, theta)))
    return theta


def estimate(rows: list[dict]) -> list[float]:
    """The mean theta of the second half of the pairs (the last one's when one)."""
    half = rows[len(rows) // 2:]
    return [sum(r["theta"][i] for r in half) / len(half) for i in range(len(half[0]["theta"]))]


def show(path: str, out: str | None = None, log=print) -> list[float]:
    """Print a run's last and mean theta; write the mean's tables to `out`."""
    rows = read_run(path)
    if not rows:
        raise SpsaError(f"{path}: no pairs")
    mean = estimate(rows)
    w = sum(r["wdl"][0] for r in rows)
    d = sum(r["wdl"][1] for r in rows)
    lo = sum(r["wdl"][2] for r in rows)
    log(f"{len(rows)} pairs, theta+ {w}-{d}-{lo}")
    log("param   start    last    mean (2nd half)")
    params = params_of(mean)
    for p, last, m in zip(params, rows[-1]["theta"], mean):
        log(f"{p.name:6s} {p.start:6.1f} {last:7.1f} {m:7.1f}")
    if params is PARAMS_ROOT:
        log("the root tables' recipe (pyharness/reference/eval.py): PAWN_END_MATERIAL "
            f"{round(mean[0])}, PAWN_END_SCALE_PCT {round(mean[1])}, SPARE_GUARD_OFFSET "
            f"{round(mean[2])}")
    elif out:
        values = ", ".join(f"{p.name} {round(m)}" for p, m in zip(params, mean))
        write_tables(out, tables_of(mean), HEADER[:5] + [
            f"Made by tools/lab/spsa.py from {path}: eval.tune_pst of assets/pst.txt with",
            f"{values} (the mean of the second half of {len(rows)} pairs of games).", ""])
        log(f"wrote {out}")
    return mean


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play pairs and move theta")
    r.add_argument("out")
    r.add_argument("--pairs", type=int, required=True, help="the run's length (its gains)")
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--level", type=int, default=3)
    r.add_argument("--openings", default="tune")
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--r-end", type=float, default=0.02)
    r.add_argument("--until", help="HH:MM UTC: start no pair after it")
    r.add_argument("--scales", choices=sorted(PARAM_SETS), default="one",
                   help="one positional scale for every type, or one per type")
    s = sub.add_parser("show", help="a run's theta, and its tables")
    s.add_argument("out")
    s.add_argument("--out", dest="tables")
    a = ap.parse_args(argv)
    try:
        if a.cmd == "run":
            if a.pairs < 1 or not 1 <= a.level <= 5 or a.r_end <= 0:
                raise SpsaError("--pairs >= 1, --level 1..5 and --r-end > 0")
            until = None
            if a.until:
                try:
                    until = parse_until(a.until, dt.datetime.now(dt.timezone.utc))
                except ValueError as exc:
                    raise SpsaError(str(exc)) from exc
            run(a.out, a.pairs, a.jobs, a.level, a.openings, a.seed, a.r_end, until,
                params=PARAM_SETS[a.scales])
        else:
            show(a.out, a.tables)
    except (Xq65Error, OSError) as exc:   # SpsaError, or a bad openings file
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    from pyharness import tune_gc
    tune_gc()                           # the searches run 15-20 % faster (pyharness)
    sys.exit(main())
