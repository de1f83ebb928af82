"""The engine's state between commands and its answers: one `Session` per process.

`Session.handle(line)` obeys one command line and returns False when the engine
should exit (`quit`). The search runs in a `SearchJob` thread, so `isready` and
`stop` are answered while it thinks; output lines go through one lock.

Bad input never ends the session: an unknown command, a bad FEN, an illegal move or a
malformed number gets one `info string` saying what is wrong, and the position (and
every other state) stays as it was.
"""
from __future__ import annotations

import threading
import time
from typing import Callable

from ..limits import SEED_MAX, level_count
from ..match.players import search_seed
from ..reference.board import START_FEN
from ..reference.errors import IllegalMoveError, InvalidFenError
from ..reference.position import Move, Position
from ..reference.search_consts import DRAW_PLIES
from .budget import CLOCKS, SearchPlan, plan_search
from .commands import (CommandError, GoCommand, PositionCommand, parse_go,
                       parse_position, parse_setoption)
from .dialects import EngineOption, Iteration, Uci, Ucci
from .runner import AsmRunner, RefRunner, Runner, pv_text, split_root

#: the most moves a `position` command may carry (a game ends long before: the
#: 100-ply rule, repetitions)
MAX_POSITION_MOVES = 2000
#: the game moves kept before the position: a repetition further back is past the
#: 100-ply draw, and the asm's record window (GAME_MAX, 102 positions) holds no more
RECORD_MOVES = DRAW_PLIES + 1
#: seconds `isready`/`go` wait for the asm engine to load (it builds the ROM if needed)
LOAD_TIMEOUT = 600.0
#: seconds a new command waits for a stopped search to end
STOP_TIMEOUT = 30.0
#: seconds a finite search may go on after the end of the input before it is stopped
EOF_GRACE = 60.0
#: the longest command word echoed back in an info string
ECHO_MAX = 40

#: the options of both dialects (UCCI shows names in lower case)
COMMON_OPTIONS = (
    EngineOption("Level", "spin", "0", 0, level_count()),
    EngineOption("Clock", "combo", "NES", choices=CLOCKS),
    EngineOption("Seed", "spin", "0", 0, SEED_MAX),
)
UCI_OPTIONS = (EngineOption("UCI_Variant", "combo", "xiangqi", choices=("xiangqi",)),
               *COMMON_OPTIONS)
UCCI_OPTIONS = (*COMMON_OPTIONS, EngineOption("usemillisec", "check", "false"),
                EngineOption("newgame", "button"))

KNOWN_COMMANDS = ("uci", "ucci", "isready", "setoption", "ucinewgame", "position",
                  "banmoves", "go", "stop", "ponderhit", "quit", "debug", "register",
                  "probe", "d")


def _echo(word: str) -> str:
    """A word of the input, short and printable, for an info string."""
    text = "".join(c if c.isprintable() else "?" for c in word)
    return text[:ECHO_MAX] + ("..." if len(text) > ECHO_MAX else "")


def rebase(position: Position) -> Position:
    """The same game from the position before its last capture, or RECORD_MOVES moves
    back if that is nearer: positions before a capture can never repeat and the asm
    keeps no more, so the record the search needs (the positions since, and whether
    the last move captured) is unchanged, and the asm's game record is loaded with
    fewer moves (each costs a simulated call). The pieces keep their slots of the
    piece list, so the moves are generated, and searched, in the same order."""
    moves, back = [], position.copy()
    while True:
        try:
            moves.append(back.pop())
        except IndexError:
            break
    moves.reverse()
    last = 0
    replay = back.copy()
    for i, mv in enumerate(moves):
        if replay.board[mv.to]:
            last = i + 1
        replay.push(mv)
    cut = max(last - 1, len(moves) - RECORD_MOVES)
    if cut <= 0:
        return position
    for mv in moves[:cut]:
        back.push(mv)
    fresh = Position()            # the base as it stands, its piece slots kept (a FEN
    fresh.board[:] = back.board   # would renumber them: another move order)
    fresh.piece_sq[:] = back.piece_sq
    fresh.side, fresh.halfmove, fresh.fullmove = back.side, back.halfmove, back.fullmove
    for mv in moves[cut:]:
        fresh.push(mv)
    return fresh


class SearchJob(threading.Thread):
    """One `go`: searches a copy of the position, reports, then says bestmove (held
    back until `stop`/`ponderhit` when the plan waits for one)."""

    def __init__(self, session: "Session", position: Position, plan: SearchPlan,
                 allowed: list[Move] | None, go: GoCommand) -> None:
        super().__init__(name="xq65-search", daemon=True)
        self.session, self.position, self.plan = session, position, plan
        self.allowed, self.go = allowed, go
        self.stop_event = threading.Event()
        self.silent = False             # ponderhit / quit: say nothing at the end
        self.deadline = (time.monotonic() + plan.wall_ms / 1000
                         if plan.wall_ms is not None else None)

    def stop(self) -> None:
        """Ask the search to stop (it answers within a few nodes)."""
        self.stop_event.set()

    def should_stop(self) -> bool:
        """The move-now flag: `stop` said, or the wall deadline passed."""
        return self.stop_event.is_set() or (
            self.deadline is not None and time.monotonic() >= self.deadline)

    def report(self, it: Iteration) -> None:
        """An iteration: its info lines (unless silenced)."""
        if not self.silent:
            self.session.say(*self.session.dialect.info(it))

    def run(self) -> None:
        """Search, say the last info line and bestmove (whatever happens: a GUI
        waits for it)."""
        move: Move | None = None
        ponder: str | None = None
        try:
            move, ponder = self._search()
        except Exception as exc:            # a bug: still answer the go
            self.session.say(f"info string internal error in the search: "
                             f"{type(exc).__name__}: {' '.join(str(exc).split())}")
            legal = self.position.legal_moves()
            move = legal[0] if legal else None
        if self.plan.wait_for_stop:
            self.stop_event.wait()
        if not self.silent:
            self.session.say(self.session.dialect.bestmove(move.iccs() if move else None,
                                                           ponder))

    def _search(self) -> tuple[Move | None, str | None]:
        """The move and the ponder move (the runner's failure: the first legal move)."""
        s = self.session
        wall = s.clock == "wall"
        pos = self.position
        legal = pos.legal_moves()
        if self.allowed is not None:
            legal = [m for m in legal if m in self.allowed]
        move: Move | None = None
        ponder = None
        if legal:
            runner = s.runner(self.should_stop)
            try:
                if self.allowed is not None and len(legal) < len(pos.legal_moves()):
                    out = split_root(runner, pos, legal, self.plan.limits,
                                     self.should_stop, self.report, wall)
                else:
                    out = runner.search(pos, self.plan.limits, self.should_stop,
                                        self.report, wall)
            except Exception as exc:         # an engine failure must not end the session
                s.say(f"info string search failed ({runner.name}): "
                      f"{' '.join(str(exc).split())}; playing the first legal move")
                move = legal[0]
            else:
                res = out.result
                if res.from_book:
                    s.say("info string book move")
                move = res.best_move if res.best_move in legal else legal[0]
                pv = list(res.pv) if res.pv and res.pv[0] == move else [move]
                self.report(Iteration(res.depth, res.score, res.nodes, out.ms,
                                      pv_text(pv)))
                if len(pv) > 1:
                    ponder = pv[1].iccs()
        return move, ponder


class Session:
    """The protocol engine: state, options and the command table.

    `write(line)` sends one line to the GUI. `engine` is "asm" (loaded in the
    background at once; `isready` waits for it) or "ref"; `level` is the Level
    option's start value. `runner_factory`, for tests, builds the runner.
    """

    def __init__(self, write: Callable[[str], None], engine: str = "asm", level: int = 0,
                 runner_factory: Callable[[], Runner] | None = None) -> None:
        self._write = write
        self._out = threading.Lock()
        self._closed = False
        self.dialect: Uci = Uci()
        self.engine_name = engine
        self.level = level
        self.clock = "NES"
        self.seed = 0
        self.millis = False             # UCCI usemillisec
        self.position = Position.start()
        self.ply = 0                    # the moves of the last `position` command
        self.banned: set[Move] = set()
        self.job: SearchJob | None = None
        self._runner: Runner | None = None
        self._load_error: str | None = None
        factory = runner_factory or (AsmRunner if engine == "asm" else RefRunner)
        self._loaded = threading.Event()
        self._loader = threading.Thread(target=self._load, args=(factory,), daemon=True,
                                        name="xq65-load")
        self._loader.start()

    # ------------------------------------------------------------------ plumbing

    def say(self, *lines: str) -> None:
        """Send lines to the GUI, whole, one writer at a time (nothing once closed)."""
        with self._out:
            if self._closed:
                return
            for line in lines:
                self._write(line)

    def _load(self, factory: Callable[[], Runner]) -> None:
        try:
            self._runner = factory()
        except Exception as exc:            # EngineUnavailableError and the like
            self._load_error = " ".join(str(exc).split())
        self._loaded.set()

    def runner(self, stop: Callable[[], bool] = lambda: False) -> Runner:
        """The search runner: waits for the asm engine to load (the twin if it cannot
        load; the twin for this one search if `stop()` comes first: it answers at once,
        with the move the asm would have given for so few nodes)."""
        end = time.monotonic() + LOAD_TIMEOUT
        while not self._loaded.wait(0.02):
            if stop():
                return RefRunner()
            if time.monotonic() > end:
                break
        if self._runner is None:
            why = self._load_error or "it did not load in time"
            self.say(f"info string the asm engine is unavailable ({why}); "
                     "searching with the Python twin")
            self._runner = RefRunner()
            self._loaded.set()
        return self._runner

    def _finish_search(self, silent: bool = False) -> None:
        """Stop a running search and wait for it (its bestmove is said unless silent)."""
        job = self.job
        if job is None:
            return
        if silent:
            job.silent = True
        job.stop()
        job.join(STOP_TIMEOUT)
        if job.is_alive():
            self.say("info string the search did not stop in time")
        self.job = None

    def end_of_input(self) -> None:
        """EOF: a finite search ends as it would (at most EOF_GRACE seconds more) and
        says its bestmove, an infinite or pondering one is stopped and says it; then
        the session is over (`printf 'position ...\\ngo depth 3\\n' | xq65 uci` works)."""
        job = self.job
        if job is not None:
            if job.plan.wait_for_stop:
                job.stop()
            job.join(EOF_GRACE)
            job.stop()
            job.join(STOP_TIMEOUT)
        self.job = None

    def close(self) -> None:
        """End the session: stop a search without a word (quit, EOF)."""
        job = self.job
        if job is not None:
            job.silent = True
            job.stop()
            job.join(1.0)
        self.job = None

    def shut(self) -> None:
        """Say nothing more (the process is about to exit)."""
        with self._out:
            self._closed = True

    # ------------------------------------------------------------------ commands

    def handle(self, line: str) -> bool:
        """Obey one line; False when the engine should exit."""
        words = line.split()
        if not words:
            return True
        command, args = words[0].lower(), words[1:]
        if command in ("quit", "bye"):
            self.close()
            self.say(*self.dialect.goodbye())
            return False
        if command in ("fen", "startpos"):       # Cyclone's position without its keyword
            command, args = "position", words
        handler = getattr(self, f"cmd_{command}", None) if command in KNOWN_COMMANDS \
            or command == "position" else None
        if handler is None:
            self.say(f"info string unknown command {_echo(words[0])!r} "
                     f"(known: {', '.join(KNOWN_COMMANDS)})")
            return True
        try:
            handler(args)
        except CommandError as exc:
            self.say(f"info string {exc}")
        except Exception as exc:            # a bug must not end the session either
            self.say(f"info string internal error on {_echo(words[0])!r}: "
                     f"{type(exc).__name__}: {_echo(' '.join(str(exc).split()))}")
        return True

    def cmd_uci(self, args: list[str]) -> None:
        """UCI: id, options, uciok."""
        self.dialect = Uci()
        self.say(*self.dialect.handshake(UCI_OPTIONS, self.engine_name))

    def cmd_ucci(self, args: list[str]) -> None:
        """UCCI: id, options, ucciok."""
        self.dialect = Ucci()
        self.say(*self.dialect.handshake(UCCI_OPTIONS, self.engine_name))

    def cmd_isready(self, args: list[str]) -> None:
        """readyok, once the engine is loaded (also during a search)."""
        if not self._loaded.is_set():
            self._loaded.wait(LOAD_TIMEOUT)
        if self._runner is None:
            self.runner()                   # says why the asm engine is unavailable
        self.say("readyok")

    def cmd_debug(self, args: list[str]) -> None:
        """Accepted; there is no debug output."""

    def cmd_register(self, args: list[str]) -> None:
        """Accepted; nothing to register."""

    def cmd_probe(self, args: list[str]) -> None:
        """UCCI's probe (a hash lookup): `pophash` with nothing, as no table is kept
        between searches."""
        self.say("info string probe: the engine keeps no table between searches",
                 "pophash")

    def cmd_d(self, args: list[str]) -> None:
        """The position as a FEN (an aid for people at a terminal)."""
        self.say(f"info string fen {self.position.fen()}"
                 + (f" banmoves {' '.join(sorted(m.iccs() for m in self.banned))}"
                    if self.banned else ""))

    def cmd_ucinewgame(self, args: list[str]) -> None:
        """A new game: the start position. (Each search starts with a cleared TT,
        killers and history, in the ROM as in the twin: nothing else to clear.)"""
        self._finish_search(silent=True)
        self.position = Position.start()
        self.ply = 0
        self.banned = set()

    def cmd_setoption(self, args: list[str]) -> None:
        """Level, Clock, Seed; UCCI's usemillisec and newgame; UCI_Variant xiangqi."""
        opt = parse_setoption(args)
        key, value = opt.name.lower(), (opt.value or "").strip()
        if key == "newgame":
            self.cmd_ucinewgame([])
            return
        if key in ("level", "seed"):
            high = level_count() if key == "level" else SEED_MAX
            try:
                number = int(value)
            except ValueError:
                raise CommandError(f"setoption {opt.name}: want a number 0..{high}, "
                                   f"got {_echo(value)!r}") from None
            if not 0 <= number <= high:
                raise CommandError(f"setoption {opt.name}: {number} is out of 0..{high}")
            self._finish_search()
            setattr(self, key, number)
        elif key == "clock":
            match = [c for c in CLOCKS if c.lower() == value.lower()]
            if not match:
                raise CommandError(f"setoption Clock: want {' or '.join(CLOCKS)}, "
                                   f"got {_echo(value)!r}")
            self.clock = match[0]
        elif key == "usemillisec":
            if value.lower() not in ("true", "false"):
                raise CommandError(f"setoption usemillisec: want true or false, "
                                   f"got {_echo(value)!r}")
            self.millis = value.lower() == "true"
        elif key == "uci_variant":
            if value.lower() != "xiangqi":
                raise CommandError(f"setoption UCI_Variant: only xiangqi is played, "
                                   f"got {_echo(value)!r}")
        else:
            self.say(f"info string setoption: no option {_echo(opt.name)!r} "
                     "(have: Level, Clock, Seed); ignored")

    def cmd_position(self, args: list[str]) -> None:
        """Set the position; a bad FEN or move leaves the old one in force."""
        cmd: PositionCommand = parse_position(args)
        if len(cmd.moves) > MAX_POSITION_MOVES:
            raise CommandError(f"position: {len(cmd.moves)} moves, at most "
                               f"{MAX_POSITION_MOVES}; position unchanged")
        fen = START_FEN if cmd.fen is None else cmd.fen
        try:
            pos = Position.from_fen(fen)
        except InvalidFenError as exc:
            raise CommandError(f"bad FEN: {exc}; position unchanged") from None
        for number, text in enumerate(cmd.moves, 1):
            try:
                pos.push(pos.parse_move(text))
            except IllegalMoveError as exc:
                raise CommandError(f"move {number} {_echo(text)!r} is illegal: {exc} "
                                   "(squares are ICCS: files a-i, ranks 0-9 from Red's "
                                   "side); position unchanged") from None
        self._finish_search()
        self.position = rebase(pos)
        self.ply = len(cmd.moves)
        self.banned = set()

    def cmd_banmoves(self, args: list[str]) -> None:
        """UCCI: the next search must not play these moves."""
        banned = set()
        for text in args:
            try:
                banned.add(Move.from_iccs(text))
            except IllegalMoveError:
                raise CommandError(f"banmoves: {_echo(text)!r} is not a move "
                                   "(want e.g. h2e2); no move banned") from None
        self.banned = banned

    def cmd_go(self, args: list[str]) -> None:
        """Start a search in the worker thread."""
        go = parse_go(args, ucci=self.dialect.name == "ucci", millis=self.millis)
        self._start(go)

    def _start(self, go: GoCommand) -> None:
        self._finish_search()
        if go.warnings:
            self.say(f"info string go: ignored {' '.join(_echo(w) for w in go.warnings)}")
        pos = self.position.copy()
        allowed = None
        if go.searchmoves:
            allowed = []
            for text in go.searchmoves:
                try:
                    allowed.append(pos.parse_move(text))
                except IllegalMoveError as exc:
                    raise CommandError(f"go searchmoves: {exc}") from None
        if self.banned:
            allowed = [m for m in (allowed if allowed is not None else pos.legal_moves())
                       if m not in self.banned]
        seed = search_seed(self.seed, self.ply)     # as the match runner's players
        plan = plan_search(go, pos.side, level=self.level, clock=self.clock, seed=seed)
        if plan.note:
            self.say(f"info string {plan.note}")
        self.job = SearchJob(self, pos, plan, allowed, go)
        self.job.start()

    def cmd_stop(self, args: list[str]) -> None:
        """Stop the search: its bestmove comes at once."""
        self._finish_search()

    def cmd_ponderhit(self, args: list[str]) -> None:
        """The pondered move was played: search it anew under the go's own limits."""
        job = self.job
        if job is None or not job.go.ponder:
            return
        self._finish_search(silent=True)
        go = job.go
        go.ponder = False
        self._start(go)
