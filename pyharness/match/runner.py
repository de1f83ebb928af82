"""Playing a match: openings, one game, the schedule, the workers, the result."""
from __future__ import annotations

import multiprocessing
import multiprocessing.util
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from .elo import EloEstimate, elo_estimate
from ..inputfile import InputFileError, read_text
from ..reference.board import BLACK, RED
from ..reference.errors import InvalidFenError
from ..reference.game import Game
from ..reference.position import Move, Position
from .errors import EngineFailure, MatchError, OpeningsError
from .players import GameView, Player
from .registry import EngineSpec, check_spec, make_player, parse_spec


DEFAULT_OPENINGS = Path(__file__).resolve().parents[2] / "assets" / "match_openings.txt"


#: named opening sets (`--openings NAME`): the held-out halves of issue 33
#: (tools/lab/gen_heldout_openings.py); the judging half is never used for a fit
OPENING_SETS = {"default": DEFAULT_OPENINGS,
                "tune": DEFAULT_OPENINGS.with_name("openings_tune.txt"),
                "judge": DEFAULT_OPENINGS.with_name("openings_judge.txt")}


def openings_path(name: str | os.PathLike | None) -> Path:
    """The file of an opening set: a name of OPENING_SETS, a path, or None (default)."""
    if name is None:
        return DEFAULT_OPENINGS
    return OPENING_SETS.get(str(name), Path(name))


DEFAULT_MAX_PLIES = 300


SIDE_NAMES = ("red", "black")


@dataclass(frozen=True)
class Opening:
    """A start position of the match with its name (the comment of its line)."""

    fen: str
    name: str = ""


def load_openings(path: str | os.PathLike | None = None) -> list[Opening]:
    """Read an openings file: one FEN per line, `;` starts a comment, `#` a comment line.

    `path` is a file or a set name ("default", "tune", "judge": openings_path).

    Every FEN is checked by the reference rules; raises OpeningsError saying which
    line is bad.
    """
    file = openings_path(path)
    try:
        lines = read_text(file, "openings file").splitlines()
    except InputFileError as exc:
        raise OpeningsError(str(exc)) from exc
    openings = []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        fen, _, name = text.partition(";")
        try:
            position = Position.from_fen(fen.strip())
        except InvalidFenError as exc:
            raise OpeningsError(f"{file}:{number}: {exc}") from exc
        if not position.legal_moves():
            raise OpeningsError(f"{file}:{number}: the side to move has no legal move")
        openings.append(Opening(fen.strip(), name.strip()))
    if not openings:
        raise OpeningsError(f"{file}: no opening positions")
    return openings


@dataclass
class GameRecord:
    """One finished game. `winner` is RED, BLACK or None (draw); scores are A's."""

    index: int
    opening: Opening
    red: str
    black: str
    a_is_red: bool
    seed: int
    moves: list[str]
    winner: int | None
    reason: str
    seconds: float

    @property
    def a_score(self) -> float:
        """1, 1/2 or 0 from A's point of view."""
        if self.winner is None:
            return 0.5
        return 1.0 if (self.winner == RED) == self.a_is_red else 0.0

    @property
    def result_text(self) -> str:
        """PGN result from Red's point of view: "1-0", "0-1" or "1/2-1/2"."""
        return {RED: "1-0", BLACK: "0-1", None: "1/2-1/2"}[self.winner]

    def as_dict(self) -> dict:
        """JSON-ready form."""
        return {"index": self.index, "opening": self.opening.fen,
                "opening_name": self.opening.name, "red": self.red, "black": self.black,
                "a_is_red": self.a_is_red, "seed": self.seed, "moves": self.moves,
                "result": self.result_text, "reason": self.reason,
                "a_score": self.a_score, "plies": len(self.moves),
                "seconds": round(self.seconds, 3)}


def play_game(red: Player, black: Player, opening: Opening, *, seed: int = 0,
              max_plies: int = DEFAULT_MAX_PLIES, names: tuple[str, str] = ("red", "black"),
              index: int = 0, a_is_red: bool = True) -> GameRecord:
    """Play one game from `opening` and adjudicate it.

    Raises EngineFailure when a player crashes or answers an illegal move.
    """
    started = time.perf_counter()
    game = Game(opening.fen)
    position = Position.from_fen(opening.fen)
    players = (red, black)
    for player in players:
        player.new_game(seed)
    moves: list[Move] = []
    winner, reason = None, f"max plies ({max_plies})"
    for _ in range(max_plies + 1):
        over = game.result()
        if over is not None:
            winner, reason = over.winner, over.reason
            break
        if len(moves) >= max_plies:
            break
        mover = position.side
        view = GameView(opening.fen, tuple(moves), position.copy())
        try:
            move = players[mover].choose(view)
        except MatchError:
            raise
        except Exception as exc:
            raise EngineFailure(f"{names[mover]} ({SIDE_NAMES[mover]}) failed at ply "
                                f"{len(moves)} of game {index}: {exc}") from exc
        if not isinstance(move, Move) or not position.is_legal(move):
            raise EngineFailure(f"{names[mover]} ({SIDE_NAMES[mover]}) played the illegal "
                                f"move {move} at ply {len(moves)} of game {index} "
                                f"(FEN {position.fen()})")
        position.push(move)
        game.push(move)
        moves.append(move)
    return GameRecord(index, opening, names[0], names[1], a_is_red, seed,
                      [m.iccs() for m in moves], winner, reason,
                      time.perf_counter() - started)


@dataclass(frozen=True)
class GameTask:
    """One scheduled game of a match."""

    index: int
    opening: Opening
    a_is_red: bool
    seed: int


def schedule(games: int, openings: list[Opening], seed: int) -> list[GameTask]:
    """Game plan: openings in seeded order, each twice (A red, then A black).

    Both games of a pair share one engine seed, so colours are the only difference.
    """
    if games < 1:
        raise MatchError(f"need at least one game, got {games}")
    order = list(range(len(openings)))
    random.Random(seed).shuffle(order)
    tasks = []
    for i in range(games):
        pair = i // 2
        opening = openings[order[pair % len(order)]]
        game_seed = (seed * 1_000_003 + pair) & 0x7FFF_FFFF
        tasks.append(GameTask(i, opening, i % 2 == 0, game_seed))
    return tasks


@dataclass
class MatchResult:
    """A finished match: the games in schedule order and the totals from A's side."""

    a: str
    b: str
    records: list[GameRecord]
    seconds: float
    jobs: int
    seed: int
    max_plies: int

    @property
    def wins(self) -> int:
        """Games A won."""
        return sum(r.a_score == 1.0 for r in self.records)

    @property
    def draws(self) -> int:
        """Drawn games."""
        return sum(r.a_score == 0.5 for r in self.records)

    @property
    def losses(self) -> int:
        """Games A lost."""
        return sum(r.a_score == 0.0 for r in self.records)

    @property
    def elo(self) -> EloEstimate:
        """Elo difference A minus B with its 95 % interval."""
        return elo_estimate(self.wins, self.draws, self.losses)

    def reasons(self) -> dict[str, int]:
        """How many games ended for each reason."""
        counts: dict[str, int] = {}
        for r in self.records:
            counts[r.reason] = counts.get(r.reason, 0) + 1
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    def as_dict(self) -> dict:
        """JSON-ready summary with every game."""
        n = len(self.records)
        return {"a": self.a, "b": self.b, "games": n, **self.elo.as_dict(),
                "reasons": self.reasons(), "seed": self.seed, "jobs": self.jobs,
                "max_plies": self.max_plies, "seconds": round(self.seconds, 2),
                "seconds_per_game": round(sum(r.seconds for r in self.records) / n, 3),
                "elo_formula": "Elo=-400*log10(1/s-1); 95% bounds from s±1.96*se, "
                               "se=sqrt(var/N), var over per-game scores 1/0.5/0",
                "records": [r.as_dict() for r in self.records]}


class _Pairing:
    """The two players of a match in one process, built once, used for many games."""

    def __init__(self, a: EngineSpec, b: EngineSpec, max_plies: int) -> None:
        self.names = (a.text, b.text)
        self.max_plies = max_plies
        self.players: list[Player] = []
        try:
            self.players.append(make_player(a))
            self.players.append(make_player(b))
        except BaseException:
            self.close()
            raise

    def play(self, task: GameTask) -> GameRecord:
        a, b = self.players
        red, black = (a, b) if task.a_is_red else (b, a)
        names = self.names if task.a_is_red else self.names[::-1]
        return play_game(red, black, task.opening, seed=task.seed, max_plies=self.max_plies,
                         names=names, index=task.index, a_is_red=task.a_is_red)

    def close(self) -> None:
        for player in self.players:
            try:
                player.close()
            except Exception:  # pragma: no cover - best effort at shutdown
                pass
        self.players = []


_WORKER_PAIRING: _Pairing | None = None  # one per worker process


def _worker_init(a: EngineSpec, b: EngineSpec, max_plies: int) -> None:
    global _WORKER_PAIRING
    _WORKER_PAIRING = _Pairing(a, b, max_plies)
    multiprocessing.util.Finalize(None, _WORKER_PAIRING.close, exitpriority=10)


def _worker_play(task: GameTask) -> GameRecord:
    assert _WORKER_PAIRING is not None
    return _WORKER_PAIRING.play(task)


def resolve_jobs(jobs: int, games: int) -> int:
    """Worker count: `jobs`, or all cores when 0; never more than the games."""
    if jobs < 0:
        raise MatchError(f"-j must be 0 (all cores) or positive, got {jobs}")
    n = jobs or os.cpu_count() or 1
    return max(1, min(n, games))


def iter_match(a: EngineSpec, b: EngineSpec, tasks: list[GameTask], *, jobs: int = 1,
               max_plies: int = DEFAULT_MAX_PLIES) -> Iterator[GameRecord]:
    """Play `tasks`, yielding records as games finish (order depends on the workers)."""
    if jobs <= 1:
        pairing = _Pairing(a, b, max_plies)
        try:
            for task in tasks:
                yield pairing.play(task)
        finally:
            pairing.close()
        return
    # the players are built once here first: a spec the engine refuses (LimitsError ...)
    # raises in the caller, not in every worker the pool would respawn forever
    _Pairing(a, b, max_plies).close()
    ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    pool = ctx.Pool(jobs, initializer=_worker_init, initargs=(a, b, max_plies))
    try:
        for record in pool.imap_unordered(_worker_play, tasks):
            yield record
        pool.close()
        pool.join()
    finally:
        pool.terminate()


def run_match(a: str | EngineSpec, b: str | EngineSpec, games: int, *,
              openings: list[Opening] | None = None, seed: int = 0, jobs: int = 1,
              max_plies: int = DEFAULT_MAX_PLIES,
              on_game: Callable[[GameRecord], None] | None = None) -> MatchResult:
    """Play a match of `games` games between engine specs `a` and `b`.

    Raises SpecError / EngineUnavailableError before any game when a spec is bad or
    its engine cannot run, EngineFailure when an engine misbehaves mid-match.
    """
    spec_a = a if isinstance(a, EngineSpec) else parse_spec(a)
    spec_b = b if isinstance(b, EngineSpec) else parse_spec(b)
    if max_plies < 1:
        raise MatchError(f"--max-plies must be positive, got {max_plies}")
    for spec in (spec_a, spec_b):
        check_spec(spec)
    tasks = schedule(games, openings if openings is not None else load_openings(), seed)
    workers = resolve_jobs(jobs, games)
    started = time.perf_counter()
    records = []
    for record in iter_match(spec_a, spec_b, tasks, jobs=workers, max_plies=max_plies):
        records.append(record)
        if on_game is not None:
            on_game(record)
    records.sort(key=lambda r: r.index)
    return MatchResult(spec_a.text, spec_b.text, records, time.perf_counter() - started,
                       workers, seed, max_plies)
