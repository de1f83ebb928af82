"""Matches between engines: `xq65 match A B --games N`.

An engine is named by a spec string `kind:items`, items separated by commas, each
`key=value` (integers) or the level shorthand `L<n>`:

    fsf:depth=3      Fairy-Stockfish over UCI, fixed depth (or fsf:nodes=2000)
    naive:depth=3    material-only fixed-depth negamax (pyharness.naive)
    random:seed=1    uniform random legal mover
    ref:L4           the Python twin of the asm engine (pyharness.reference.search)
    ref:depth=3      ... at a fixed depth (also nodes=, frames=)
    ref:L4,null=1    ... with null-move pruning (null=0, the default, is without)
    ref:L4,lmr=0     ... without late-move reductions (lmr=1, the default, keeps them)
    asm:L4           the 6502 engine under py65 (AsmEngine.think; as ref:, same seeds)

Games start from a set of opening positions (assets/match_openings.txt), each played
twice with colours swapped, and are adjudicated by the game record
`pyharness.reference.game.Game` (docs/rules.md) plus a cap of `max_plies` plies,
which is a draw reported as "max plies". An illegal move or a crash of an engine
stops the match with a MatchError (an engine bug, not a result).

Determinism: the opening order and every game's engine seed come from the match
seed, and each game's seed does not depend on which worker plays it, so the same
seed gives the same games with any number of workers.
"""
from __future__ import annotations

import importlib
import multiprocessing
import multiprocessing.util
import os
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Protocol

from .elo import EloEstimate, elo_estimate
from .reference.board import BLACK, RED
from .reference.errors import InvalidFenError
from .reference.position import Move, Position

DEFAULT_OPENINGS = Path(__file__).resolve().parent.parent / "assets" / "match_openings.txt"
DEFAULT_MAX_PLIES = 300
SIDE_NAMES = ("red", "black")


class MatchError(Exception):
    """Base class of the errors of a match."""


class SpecError(MatchError, ValueError):
    """An engine spec string that cannot be parsed or names unknown parameters."""


class EngineUnavailableError(MatchError):
    """The engine named by a spec exists in the registry but cannot run here (yet)."""


class OpeningsError(MatchError, ValueError):
    """A missing or malformed openings file."""


class EngineFailure(MatchError):
    """An engine crashed or played an illegal move during a game."""


# --- players ----------------------------------------------------------------------


@dataclass(frozen=True)
class GameView:
    """What a player sees when asked to move.

    `position` is a private copy of the current position (its undo stack holds the
    game's moves); `moves` are the moves played since `start_fen`.
    """

    start_fen: str
    moves: tuple[Move, ...]
    position: Position


class Player(Protocol):
    """An engine able to play games: the interface every spec kind builds."""

    def new_game(self, seed: int) -> None:
        """Forget the previous game; `seed` feeds any randomness of this game."""

    def choose(self, view: GameView) -> Move:
        """Return the move to play in `view.position`."""

    def close(self) -> None:
        """Release processes and other resources."""


class RandomPlayer:
    """Plays a uniformly random legal move (seeded: spec seed and game seed)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def new_game(self, seed: int) -> None:
        """Reseed from the spec seed and the game seed."""
        self._rng = random.Random(self.seed * 1_000_003 + seed)

    def choose(self, view: GameView) -> Move:
        """A random legal move."""
        return self._rng.choice(view.position.legal_moves())

    def close(self) -> None:
        """Nothing to release."""


class NaivePlayer:
    """Wraps pyharness.naive.NaiveEngine (deterministic; ignores the seed)."""

    def __init__(self, depth: int = 3) -> None:
        from .naive import NaiveEngine
        self.engine = NaiveEngine(depth)

    def new_game(self, seed: int) -> None:
        """Nothing to reset: the search keeps no state between moves."""

    def choose(self, view: GameView) -> Move:
        """The naive search's best move."""
        return self.engine.search(view.position).best_move

    def close(self) -> None:
        """Nothing to release."""


class FsfPlayer:
    """Fairy-Stockfish at a fixed depth or node count (one thread, Skill Level 20)."""

    #: seconds one fixed-limit search may take before the engine counts as hung
    move_timeout = 300.0

    def __init__(self, depth: int | None = None, nodes: int | None = None) -> None:
        from .uci import UciEngine
        self.depth, self.nodes = depth, nodes
        self.engine = UciEngine()

    def new_game(self, seed: int) -> None:
        """`ucinewgame`: clear hash and histories so every game is reproducible."""
        self.engine.new_game()

    def choose(self, view: GameView) -> Move:
        """Ask the engine for the position after the game's moves (it sees the history)."""
        answer = self.engine.best_move(view.start_fen, [m.iccs() for m in view.moves],
                                       depth=self.depth, nodes=self.nodes,
                                       timeout=self.move_timeout)
        return Move.from_iccs(answer.iccs)

    def close(self) -> None:
        """Quit the engine process."""
        self.engine.close()


def search_seed(game_seed: int, ply: int) -> int:
    """The LFSR seed handed to a ref/asm search: 1..65535, varies with game and ply."""
    return (game_seed * 7919 + ply * 104_729) % 65_535 + 1


class RefPlayer:
    """The Python twin (pyharness.reference.search.think) at a level or fixed limits."""

    def __init__(self, think: Callable, level: int | None = None, depth: int | None = None,
                 nodes: int | None = None, frames: int | None = None,
                 null: int | None = None, lmr: int | None = None) -> None:
        self.think = think
        self.limits = {"level": level, "depth": depth, "nodes": nodes, "frames": frames}
        if null is not None:                      # ref only: null-move pruning on/off
            self.limits["null_move"] = bool(null)
        if lmr is not None:                       # ref only: late-move reductions on/off
            self.limits["lmr"] = bool(lmr)
        self.game_seed = 0

    def new_game(self, seed: int) -> None:
        """Remember the game seed; each move's search seed derives from it and the ply."""
        self.game_seed = seed

    def choose(self, view: GameView) -> Move:
        """Run the twin search on the current position with the game's history."""
        result = self.think(view.position, seed=search_seed(self.game_seed, len(view.moves)),
                            history_moves=view.moves, **self.limits)
        return result.best_move

    def close(self) -> None:
        """Nothing to release."""


# --- specs and the registry ---------------------------------------------------------


@dataclass(frozen=True)
class EngineSpec:
    """A parsed engine spec: kind and integer parameters; `text` is canonical."""

    kind: str
    params: tuple[tuple[str, int], ...]

    @property
    def options(self) -> dict[str, int]:
        """The parameters as a dict."""
        return dict(self.params)

    @property
    def text(self) -> str:
        """Canonical spec text, e.g. "fsf:depth=3" or "ref:L4"."""
        items = [f"L{v}" if k == "level" else f"{k}={v}" for k, v in self.params]
        return f"{self.kind}:{','.join(items)}" if items else self.kind

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ParamRule:
    """Allowed range of one integer parameter."""

    low: int
    high: int
    help: str = ""


@dataclass(frozen=True)
class EngineKind:
    """A registered engine kind: its parameters, how to check and build it.

    `factory(options)` returns a Player. `exclusive` lists groups of parameters of
    which at most one may be given; `required` groups need exactly one.
    `check(options)` runs in the parent process before a match and raises
    EngineUnavailableError when the engine cannot run here.
    """

    name: str
    summary: str
    params: dict[str, ParamRule]
    factory: Callable[[dict[str, int]], Player]
    defaults: dict[str, int] = field(default_factory=dict)
    required: tuple[tuple[str, ...], ...] = ()
    exclusive: tuple[tuple[str, ...], ...] = ()
    check: Callable[[dict[str, int]], None] | None = None


_REGISTRY: dict[str, EngineKind] = {}
_ITEM_RE = re.compile(r"^(?:L(\d+)|([a-z_]+)=(-?\d+))$")


def register_engine(kind: EngineKind, replace: bool = False) -> None:
    """Add an engine kind to the registry (replace=True to swap an existing one)."""
    if kind.name in _REGISTRY and not replace:
        raise ValueError(f"engine kind {kind.name!r} is already registered")
    _REGISTRY[kind.name] = kind


def engine_kinds() -> dict[str, EngineKind]:
    """The registered engine kinds by name."""
    return dict(_REGISTRY)


def parse_spec(text: str) -> EngineSpec:
    """Parse and validate an engine spec such as "fsf:depth=3"; raise SpecError."""
    if not isinstance(text, str) or not text.strip():
        raise SpecError("empty engine spec (want e.g. fsf:depth=3, naive:depth=3, ref:L4)")
    kind_name, _, rest = text.strip().partition(":")
    kind = _REGISTRY.get(kind_name.lower())
    if kind is None:
        raise SpecError(f"unknown engine {kind_name!r} in spec {text!r} "
                        f"(known: {', '.join(sorted(_REGISTRY))})")
    given: dict[str, int] = {}
    for item in filter(None, (i.strip() for i in rest.split(","))) if rest else ():
        m = _ITEM_RE.match(item)
        if not m:
            raise SpecError(f"bad item {item!r} in spec {text!r} (want key=integer or L<n>)")
        key, value = ("level", m.group(1)) if m.group(1) is not None else m.group(2, 3)
        if key not in kind.params:
            allowed = ", ".join("L<n>" if k == "level" else f"{k}=" for k in kind.params)
            raise SpecError(f"{kind.name} does not take {key!r} in spec {text!r} "
                            f"(it takes: {allowed or 'nothing'})")
        if key in given:
            raise SpecError(f"{key!r} given twice in spec {text!r}")
        rule = kind.params[key]
        number = int(value)
        if not rule.low <= number <= rule.high:
            raise SpecError(f"{key}={number} out of range {rule.low}..{rule.high} "
                            f"in spec {text!r}")
        given[key] = number
    for group in kind.exclusive:
        if sum(k in given for k in group) > 1:
            raise SpecError(f"give at most one of {', '.join(group)} in spec {text!r}")
    for group in kind.required:
        if not any(k in given for k in group):
            raise SpecError(f"{kind.name} needs one of {', '.join(group)} "
                            f"(e.g. {kind.name}:{group[0]}=3) in spec {text!r}")
    options = {**kind.defaults, **given}
    order = list(kind.params)
    return EngineSpec(kind.name, tuple(sorted(options.items(), key=lambda kv: order.index(kv[0]))))


def check_spec(spec: EngineSpec) -> None:
    """Raise EngineUnavailableError when the engine of `spec` cannot run here."""
    kind = _REGISTRY[spec.kind]
    if kind.check is not None:
        kind.check(spec.options)


def make_player(spec: EngineSpec) -> Player:
    """Build a Player for `spec` (raises EngineUnavailableError when it cannot run)."""
    return _REGISTRY[spec.kind].factory(spec.options)


def _check_fsf(options: dict[str, int]) -> None:
    from .uci import EngineMissingError, find_binary
    try:
        find_binary()
    except EngineMissingError as exc:
        raise EngineUnavailableError(str(exc)) from exc


def _make_fsf(options: dict[str, int]) -> Player:
    from .uci import EngineMissingError
    try:
        return FsfPlayer(depth=options.get("depth"), nodes=options.get("nodes"))
    except EngineMissingError as exc:
        raise EngineUnavailableError(str(exc)) from exc


def _ref_think() -> Callable:
    try:
        module = importlib.import_module("pyharness.reference.search")
    except ImportError as exc:
        raise EngineUnavailableError(
            f"ref: the reference search pyharness.reference.search is not importable "
            f"yet ({exc})") from exc
    think = getattr(module, "think", None)
    if think is None:
        raise EngineUnavailableError("ref: pyharness.reference.search has no think()")
    return think


def _make_ref(options: dict[str, int]) -> Player:
    return RefPlayer(_ref_think(), **options)


class AsmPlayer(RefPlayer):
    """The 6502 engine of the ROM under py65 (`AsmEngine.think`), driven exactly like
    RefPlayer: same limits, per-move seed `search_seed(game_seed, ply)`, and the game's
    moves as `history_moves` so repetitions are judged inside the search.

    One simulator per player (so per worker process with -j); `engine` may be given
    (tests, a shared simulator).
    """

    def __init__(self, level: int | None = None, depth: int | None = None,
                 nodes: int | None = None, frames: int | None = None, engine=None) -> None:
        if engine is None:
            from .asm_engine import AsmEngine
            engine = AsmEngine()
        self.engine = engine
        super().__init__(engine.think, level=level, depth=depth, nodes=nodes, frames=frames)
        # pass only the limits that are set: the asm think takes the twin's keywords
        self.limits = {k: v for k, v in self.limits.items() if v is not None}


def _asm_status(options: dict[str, int]) -> None:
    from .bench_search import asm_search_status
    why = asm_search_status()
    if why:
        raise EngineUnavailableError(
            f"asm: the 6502 engine player is not available yet: {why} "
            f"(use ref: for its Python twin)")


def _make_asm(options: dict[str, int]) -> Player:
    _asm_status(options)
    return AsmPlayer(**options)


_LEVEL = ParamRule(1, 5, "difficulty level 1..5")
register_engine(EngineKind(
    "fsf", "Fairy-Stockfish over UCI (one thread, Skill Level 20)",
    {"depth": ParamRule(1, 64), "nodes": ParamRule(1, 10**9)}, _make_fsf,
    required=(("depth", "nodes"),), exclusive=(("depth", "nodes"),), check=_check_fsf))
register_engine(EngineKind(
    "naive", "material-only fixed-depth negamax", {"depth": ParamRule(1, 8)},
    lambda o: NaivePlayer(o["depth"]), defaults={"depth": 3}))
register_engine(EngineKind(
    "random", "uniform random legal mover", {"seed": ParamRule(0, 2**31 - 1)},
    lambda o: RandomPlayer(o["seed"]), defaults={"seed": 0}))
register_engine(EngineKind(
    "ref", "the Python twin of the asm engine",
    {"level": _LEVEL, "depth": ParamRule(1, 32), "nodes": ParamRule(1, 10**9),
     "frames": ParamRule(1, 10**6), "null": ParamRule(0, 1, "null-move pruning"),
     "lmr": ParamRule(0, 1, "late-move reductions")}, _make_ref,
    required=(("level", "depth", "nodes", "frames"),), exclusive=(("level", "depth"),),
    check=lambda o: _ref_think() and None))
register_engine(EngineKind(
    "asm", "the 6502 engine under py65",
    {"level": _LEVEL, "depth": ParamRule(1, 32), "nodes": ParamRule(1, 10**9),
     "frames": ParamRule(1, 10**6)}, _make_asm,
    required=(("level", "depth", "nodes", "frames"),), exclusive=(("level", "depth"),),
    check=_asm_status))


# --- openings -------------------------------------------------------------------------


@dataclass(frozen=True)
class Opening:
    """A start position of the match with its name (the comment of its line)."""

    fen: str
    name: str = ""


def load_openings(path: str | os.PathLike | None = None) -> list[Opening]:
    """Read an openings file: one FEN per line, `;` starts a comment, `#` a comment line.

    Every FEN is checked by the reference rules; raises OpeningsError saying which
    line is bad.
    """
    file = Path(path) if path is not None else DEFAULT_OPENINGS
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise OpeningsError(f"cannot read openings file {file}: {exc.strerror or exc}") from exc
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


# --- one game -----------------------------------------------------------------------


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


def _game_class():
    try:
        from .reference.game import Game
    except ImportError as exc:
        raise MatchError(f"the game record pyharness.reference.game is not importable "
                         f"yet ({exc})") from exc
    return Game


def _finished(result) -> tuple[bool, int | None, str]:
    """Read a GameResult (or None while the game goes on)."""
    if result is None:
        return False, None, ""
    winner = getattr(result, "winner", None)
    reason = getattr(result, "reason", None)
    if winner is None and not reason:
        return False, None, ""
    return True, winner, str(reason or "")


def play_game(red: Player, black: Player, opening: Opening, *, seed: int = 0,
              max_plies: int = DEFAULT_MAX_PLIES, names: tuple[str, str] = ("red", "black"),
              index: int = 0, a_is_red: bool = True) -> GameRecord:
    """Play one game from `opening` and adjudicate it.

    Raises EngineFailure when a player crashes or answers an illegal move.
    """
    Game = _game_class()
    started = time.perf_counter()
    game = Game(opening.fen)
    position = Position.from_fen(opening.fen)
    players = (red, black)
    for player in players:
        player.new_game(seed)
    moves: list[Move] = []
    winner, reason = None, f"max plies ({max_plies})"
    for _ in range(max_plies + 1):
        done, w, why = _finished(game.result())
        if done:
            winner, reason = w, why
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


# --- a match --------------------------------------------------------------------------


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
    _game_class()
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
