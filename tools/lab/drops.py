"""Where a player loses its games: every move of a match log scored by Fairy-Stockfish,
and each side's drops compared (docs/journal.md, "Where levels 4 and 5 lose to Fairy-Stockfish").

    python tools/lab/drops.py score LOG OUT.jsonl [--depth 10] [--jobs 2]
    python tools/lab/drops.py report OUT.jsonl --player ref:L4
    python tools/lab/drops.py mend OUT.jsonl LOG --player ref:L4 --specs SPEC [SPEC ...]
                             [--min 300] [--count 30] [--depth 10] [--jobs 2]

LOG is what `xq65 match ... --log LOG` writes. `score` searches every position of every
game at a fixed depth from a cleared hash (`ucinewgame`) and writes one line a move:
the game, the ply, the mover's engine spec, the score before the move from the mover's
view (`before`), and the drop, `before` minus the score after the move from the
mover's view. A fixed-depth score of the side to move carries a bias of its own, so a
drop means little alone; `report` compares the player's drops with its opponent's, in
the same games, while the game is within --balanced centipawns (the drops of a lost
game say nothing), by ply and by size. A mate score counts as +-MATE_CP.
`mend` takes the player's first --count drops of at least --min cp made in a balanced
game, asks each engine spec (`xq65 match`'s, e.g. `ref:L4,qchk=1`, `ref:depth=5`) for
its move there, with the game's seed and moves as the match gave them, and has
Fairy-Stockfish score each answer at --depth (`searchmoves`, a cleared hash) against
the move played: a spec *mends* a drop when its move scores at least MEND_CP better.
The player's own spec gives back the played move (a check of the replay).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from pyharness.gameio.pgn import PgnError, read_pgn
from pyharness.match.players import GameView
from pyharness.match.registry import SpecError, make_player, parse_spec
from pyharness.match.uci import EngineProtocolError, UciEngine
from pyharness.reference.position import Move, Position

#: a mate, and every score past it, counts as this many centipawns
MATE_CP = 3000
#: seconds one scoring search may take
SCORE_TIMEOUT = 120.0
#: a spec mends a drop when Fairy-Stockfish scores its move this much above the played one
MEND_CP = 100
#: a log larger than this is refused (a match log holds ~1 KB a game)
MAX_LOG_BYTES = 50_000_000


def games_of(path: str) -> list:
    """The games of a match log (pgn.PgnGame each), in order."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(MAX_LOG_BYTES + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise SystemExit(f"{path}: {exc}") from None
    if len(text) > MAX_LOG_BYTES:
        raise SystemExit(f"{path}: more than {MAX_LOG_BYTES} bytes")
    out = []
    for no, block in enumerate(text.split("[Event ")[1:], 1):
        try:
            out.append(read_pgn("[Event " + block))
        except PgnError as e:
            raise SystemExit(f"{path}: game {no}: {e}") from None
    return out


_ENGINE = None


def _fsf_score(fen: str, moves: list[str], depth: int, searchmoves: tuple[str, ...] = ()
               ) -> int:
    """The side to move's score of FEN after the moves at `depth` (of the best of
    `searchmoves` when given), from a cleared hash, within +-MATE_CP."""
    global _ENGINE
    if _ENGINE is None:
        _ENGINE = UciEngine()
    _ENGINE.new_game()
    try:
        r = _ENGINE.best_move(fen, moves, depth=depth, searchmoves=searchmoves,
                              timeout=SCORE_TIMEOUT)
    except EngineProtocolError:     # no legal move: the side to move has lost
        return -MATE_CP
    if r.mate is not None:
        return MATE_CP if r.mate > 0 else -MATE_CP
    return max(-MATE_CP, min(MATE_CP, r.score_cp))


def drops(games: list, scores: list[list[int]]) -> list[dict]:
    """One row a move from the scores of every position of each game (len(moves) + 1
    each, the side to move's view)."""
    rows = []
    for g, (game, s) in enumerate(zip(games, scores)):
        red_first = game.fen.split()[1] == "w"
        for k, move in enumerate(game.moves):
            red = red_first == (k % 2 == 0)
            rows.append({"game": g, "ply": k, "move": move,
                         "mover": game.tags["Red" if red else "Black"],
                         "before": s[k], "drop": s[k] + s[k + 1]})
    return rows


def score(log: str, out: str, depth: int, jobs: int) -> int:
    """Score every position of the log and write the rows; the number of rows."""
    games = games_of(log)
    starts = [(g.fen, g.moves[:k]) for g in games for k in range(len(g.moves) + 1)]
    with ProcessPoolExecutor(jobs) as ex:
        flat = list(ex.map(_fsf_score, [f for f, _ in starts], [m for _, m in starts],
                           [depth] * len(starts), chunksize=8))
    scores, i = [], 0
    for g in games:
        scores.append(flat[i:i + len(g.moves) + 1])
        i += len(g.moves) + 1
    rows = drops(games, scores)
    with open(out, "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    return len(rows)


def report(rows: list[dict], player: str, balanced: int = 250, plies: int = 20,
           sizes: tuple[int, ...] = (100, 150, 200, 300)) -> list[str]:
    """The player's drops against its opponent's, while the game is balanced."""
    mine: dict[int, list[int]] = defaultdict(list)
    theirs: dict[int, list[int]] = defaultdict(list)
    by_game: dict[int, list[dict]] = defaultdict(list)
    for r in rows:
        by_game[r["game"]].append(r)
    for rs in by_game.values():
        rs.sort(key=lambda r: r["ply"])
        for r in rs:
            if abs(r["before"]) > balanced:
                continue
            (mine if r["mover"] == player else theirs)[r["ply"] // plies].append(r["drop"])
    if not mine or not theirs:
        raise SystemExit(f"no balanced move of {player!r} and of its opponent")
    out = [f"{player}: the moves made within +-{balanced} cp",
           "| plies | moves (player, opponent) | mean drop, player | opponent | excess |",
           "|---|---|---|---|---|"]
    for b in sorted(set(mine) | set(theirs)):
        m, t = mine.get(b, [0]), theirs.get(b, [0])
        out.append(f"| {b * plies}-{b * plies + plies - 1} | {len(mine.get(b, []))}, "
                   f"{len(theirs.get(b, []))} | {statistics.mean(m):.1f} | "
                   f"{statistics.mean(t):.1f} | {statistics.mean(m) - statistics.mean(t):+.1f} |")
    am = [d for v in mine.values() for d in v]
    at = [d for v in theirs.values() for d in v]
    out += ["", "| drop | moves, player | opponent | cp a move from them, player | opponent |",
            "|---|---|---|---|---|"]
    edges = (None,) + sizes + (None,)
    for lo, hi in zip(edges, edges[1:]):
        def sel(ds):
            return [d for d in ds if (lo is None or d >= lo) and (hi is None or d < hi)]
        name = f"< {hi}" if lo is None else f">= {lo}" if hi is None else f"{lo}-{hi - 1}"
        out.append(f"| {name} | {len(sel(am))} | {len(sel(at))} | "
                   f"{sum(sel(am)) / len(am):.1f} | {sum(sel(at)) / len(at):.1f} |")
    return out


def _mend_one(job: tuple) -> dict:
    """The specs' answers to one drop, each scored against the played move."""
    fen, moves, seed, played, specs, depth = job
    pos = Position.from_fen(fen)
    for m in moves:
        pos.push(Move.from_iccs(m))
    base = _fsf_score(fen, moves, depth, (played,))
    out = {"played": played, "base": base, "answers": {}}
    for spec in specs:
        player = make_player(parse_spec(spec))
        try:
            player.new_game(seed)
            view = GameView(fen, tuple(Move.from_iccs(m) for m in moves), pos.copy())
            move = player.choose(view).iccs()
        finally:
            player.close()
        value = base if move == played else _fsf_score(fen, moves, depth, (move,))
        out["answers"][spec] = (move, value)
    return out


def mend(rows: list[dict], games: list, player: str, specs: list[str], least: int,
         count: int, depth: int, jobs: int, balanced: int = 250) -> list[str]:
    """Which specs avoid the player's large drops (see the module's docstring)."""
    picked = [r for r in rows if r["mover"] == player and r["drop"] >= least
              and abs(r["before"]) <= balanced][:count]
    if not picked:
        raise SystemExit(f"no drop of {least} cp or more by {player!r} in a balanced game")
    jobs_list = []
    for r in picked:
        g = games[r["game"]]
        jobs_list.append((g.fen, g.moves[:r["ply"]], int(g.tags.get("Seed", 0)), r["move"],
                          specs, depth))
    with ProcessPoolExecutor(jobs) as ex:
        results = list(ex.map(_mend_one, jobs_list))
    out = [f"{player}: {len(picked)} drops of {least} cp or more in a balanced game",
           "| spec | plays the played move | mends (its move >= "
           f"{MEND_CP} cp better at depth {depth}) | mean gain (cp) |", "|---|---|---|---|"]
    for spec in specs:
        same = sum(res["answers"][spec][0] == res["played"] for res in results)
        gains = [res["answers"][spec][1] - res["base"] for res in results]
        out.append(f"| {spec} | {same} | {sum(g >= MEND_CP for g in gains)} | "
                   f"{statistics.mean(gains):+.1f} |")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("score")
    s.add_argument("log")
    s.add_argument("out")
    s.add_argument("--depth", type=int, default=10)
    s.add_argument("--jobs", type=int, default=2)
    r = sub.add_parser("report")
    r.add_argument("rows")
    r.add_argument("--player", required=True)
    r.add_argument("--balanced", type=int, default=250)
    m = sub.add_parser("mend")
    m.add_argument("rows")
    m.add_argument("log")
    m.add_argument("--player", required=True)
    m.add_argument("--specs", nargs="+", required=True)
    m.add_argument("--min", type=int, default=300)
    m.add_argument("--count", type=int, default=30)
    m.add_argument("--depth", type=int, default=10)
    m.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args(argv)
    if a.cmd == "score":
        if not 1 <= a.depth <= 30 or not 1 <= a.jobs <= 64:
            raise SystemExit("--depth takes 1..30 and --jobs 1..64")
        print(f"{score(a.log, a.out, a.depth, a.jobs)} moves scored")
        return 0
    try:
        with open(a.rows) as f:
            rows = [json.loads(line) for line in f]
    except (OSError, ValueError) as exc:
        raise SystemExit(f"{a.rows}: {exc}") from None
    if a.cmd == "mend":
        if not 1 <= a.depth <= 30 or not 1 <= a.jobs <= 64 or a.count < 1:
            raise SystemExit("--depth takes 1..30, --jobs 1..64 and --count 1 or more")
        for spec in a.specs:
            try:
                parse_spec(spec)        # a bad spec now, not in a worker
            except SpecError as exc:
                raise SystemExit(f"--specs: {exc}") from None
        print("\n".join(mend(rows, games_of(a.log), a.player, a.specs, a.min, a.count,
                              a.depth, a.jobs)))
        return 0
    print("\n".join(report(rows, a.player, a.balanced)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
