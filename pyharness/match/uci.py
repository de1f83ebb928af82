"""A small UCI client for the `fairy-stockfish` binary, playing xiangqi.

Deterministic by construction: one thread, Skill Level 20, a small hash that is
cleared with `ucinewgame` before every game, and searches limited by depth or nodes
only (never by time).

Coordinates: Fairy-Stockfish writes xiangqi squares as files a..i and ranks 1..10,
where our ICCS ranks are 0..9 (its rank r+1 is our ICCS rank r). `iccs_to_uci` and
`uci_to_iccs` are the one place where moves are converted, both ways.
"""
from __future__ import annotations

import os
import queue
import re
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field

from ..errors import Xq65Error

#: where the Debian package installs the binary (not always on PATH)
_EXTRA_DIRS = ("/usr/games", "/usr/local/games")
#: environment variable that names the binary explicitly
BINARY_ENV = "XQ65_FAIRY_STOCKFISH"
DEFAULT_BINARY = "fairy-stockfish"

#: seconds the engine may take to answer `uci`, `isready` (Fairy-Stockfish: ~0.1 s)
HANDSHAKE_TIMEOUT = 10.0
#: environment variable that sets both HANDSHAKE_TIMEOUT and SEARCH_BASE (seconds, 0.5 to
#: 600): the tests of hung programs wait 2 s instead of 10
WAIT_ENV = "XQ65_ENGINE_WAIT_S"
#: the longest line and the most lines an engine may print before the answer awaited:
#: a program that floods its output (`yes`, a binary dump) is refused, not read forever
LINE_MAX = 64 * 1024
LINES_MAX = 100_000
#: a fixed-limit search's time bound: SEARCH_BASE seconds, doubled for every ply of
#: depth beyond SEARCH_BASE_DEPTH; plus one second per SEARCH_NODES_PER_SECOND nodes
#: (Fairy-Stockfish searches ~1 M xiangqi nodes a second on one thread: 20x margin)
SEARCH_BASE = 10.0
SEARCH_BASE_DEPTH = 10
SEARCH_NODES_PER_SECOND = 50_000

#: what the reader queues for a line longer than LINE_MAX (then it stops reading)
_TOO_LONG = object()

_ICCS_RE = re.compile(r"^([a-i])([0-9])([a-i])([0-9])$")
_UCI_RE = re.compile(r"^([a-i])(10|[1-9])([a-i])(10|[1-9])$")


class UciError(Xq65Error):
    """Base class of the errors of the UCI client."""


class EngineMissingError(UciError, FileNotFoundError):
    """The fairy-stockfish binary could not be found or started."""


class EngineTimeoutError(UciError, TimeoutError):
    """The engine did not answer within the allowed time."""


class EngineProtocolError(UciError):
    """The engine answered something the client does not understand, or died."""


def _shift_ranks(move: str, pattern: re.Pattern, shift: int, name: str, example: str) -> str:
    """`move` matched by `pattern` (file, rank, file, rank) with both ranks + `shift`;
    ValueError naming what was wanted when it does not match."""
    m = pattern.match(move)
    if not m:
        raise ValueError(f"not {name}: {move!r} (want e.g. {example})")
    f1, r1, f2, r2 = m.groups()
    return f"{f1}{int(r1) + shift}{f2}{int(r2) + shift}"


def iccs_to_uci(move: str) -> str:
    """Convert an ICCS move ("h2e2", ranks 0..9) to Fairy-Stockfish's ("h3e3", ranks 1..10)."""
    return _shift_ranks(move, _ICCS_RE, +1, "an ICCS move", "h2e2")


def uci_to_iccs(move: str) -> str:
    """Convert a Fairy-Stockfish xiangqi move ("h10g8", ranks 1..10) to ICCS ("h9g7")."""
    return _shift_ranks(move, _UCI_RE, -1, "a Fairy-Stockfish xiangqi move", "h3e3")


def base_wait(default: float = HANDSHAKE_TIMEOUT) -> float:
    """`default` seconds, or what XQ65_ENGINE_WAIT_S says (UciError when it is no number
    of seconds in 0.5..600)."""
    raw = os.environ.get(WAIT_ENV)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0.5 <= value <= 600:
        raise UciError(f"{WAIT_ENV}={raw!r}: want seconds from 0.5 to 600")
    return value


def search_timeout(depth: int | None = None, nodes: int | None = None) -> float:
    """Seconds a fixed-depth or fixed-node search may take before the engine counts as
    hung: 10 s up to depth 10 (then twice as long per ply), or 10 s + 1 s per 50,000
    nodes (fsf:nodes=5000: 10.1 s)."""
    seconds = base_wait(SEARCH_BASE)
    if depth is not None and depth > SEARCH_BASE_DEPTH:
        seconds *= 2.0 ** (depth - SEARCH_BASE_DEPTH)
    if nodes is not None:
        seconds += nodes / SEARCH_NODES_PER_SECOND
    return seconds


def find_binary(name: str | None = None) -> str:
    """Return the path of the fairy-stockfish binary.

    Looks at `name`, then $XQ65_FAIRY_STOCKFISH, then `fairy-stockfish` on PATH and in
    /usr/games; raises EngineMissingError when none exists.
    """
    candidate = name or os.environ.get(BINARY_ENV) or DEFAULT_BINARY
    if os.sep in candidate and os.path.exists(candidate):
        if os.path.isdir(candidate):
            raise EngineMissingError(f"{candidate!r} is a directory, not an engine binary")
        if not os.access(candidate, os.X_OK):
            raise EngineMissingError(f"{candidate!r} is not executable")
    found = shutil.which(candidate)
    if found:
        return found
    if os.sep not in candidate:
        for directory in _EXTRA_DIRS:
            found = shutil.which(candidate, path=directory)
            if found:
                return found
    raise EngineMissingError(
        f"{candidate!r} not found (install the Debian package fairy-stockfish, "
        f"or set ${BINARY_ENV} to the binary)")


@dataclass
class UciSettings:
    """Engine options sent once after `uci`."""

    variant: str = "xiangqi"
    threads: int = 1
    skill_level: int = 20
    hash_mb: int = 16
    extra: dict[str, str] = field(default_factory=dict)


@dataclass
class BestMove:
    """The answer to one `go`: the move in ICCS and FSF notation, and the last info line."""

    iccs: str
    uci: str
    score_cp: int | None = None
    mate: int | None = None
    depth: int | None = None
    nodes: int | None = None


class UciEngine:
    """A running fairy-stockfish process speaking UCI.

    Use as a context manager, or call `close()`. Every wait has a deadline
    (`timeout` seconds for the handshake and `isready`, `base_wait()` by default; a
    search's own in `best_move`), and a program that prints too much or too long lines
    is refused: a silent, dead or babbling program raises a UciError naming it.
    """

    def __init__(self, binary: str | None = None, settings: UciSettings | None = None,
                 timeout: float | None = None) -> None:
        self.path = find_binary(binary)
        self.settings = settings or UciSettings()
        self.timeout = base_wait() if timeout is None else timeout
        self._closed = False
        try:
            self._proc = subprocess.Popen(
                [self.path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1, encoding="utf-8",
                errors="replace")
        except OSError as exc:
            raise EngineMissingError(f"cannot start {self.path}: {exc}") from exc
        self._lines: queue.Queue = queue.Queue(maxsize=1024)
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()
        self.name = ""
        try:
            self._handshake()
        except BaseException:
            self.close()
            raise

    # -- plumbing ------------------------------------------------------------------

    def _put(self, item) -> bool:
        """Queue a line for the reader of the answers; False once the client is closed
        (the queue is bounded: a flood waits here, not in the memory)."""
        while not self._closed:
            try:
                self._lines.put(item, timeout=0.5)
                return True
            except queue.Full:
                continue
        return False

    def _read_loop(self) -> None:
        stdout = self._proc.stdout
        assert stdout is not None
        try:
            while True:
                line = stdout.readline(LINE_MAX)
                if not line:
                    break
                if len(line) >= LINE_MAX and not line.endswith("\n"):
                    self._put(_TOO_LONG)
                    return
                if not self._put(line.rstrip("\r\n")):
                    return
        except (ValueError, OSError):  # closed under us by close()
            pass
        self._put(None)  # end of file: the engine exited

    def send(self, command: str) -> None:
        """Send one command line to the engine."""
        if self._proc.poll() is not None or self._proc.stdin is None:
            raise EngineProtocolError(f"{self.path} exited (status {self._proc.returncode}) "
                                      f"before {command.split()[0]!r}: not a UCI engine, "
                                      f"or it crashed")
        try:
            self._proc.stdin.write(command + "\n")
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise EngineProtocolError(f"{self.path} closed its input before "
                                      f"{command.split()[0]!r} ({exc.strerror or exc}): "
                                      f"not a UCI engine, or it crashed") from exc

    def _read_until(self, prefix: str, timeout: float | None = None) -> tuple[str, list[str]]:
        """Read lines until one starts with `prefix`; return it and the lines before (the
        last 1,000). The whole wait is bounded by `timeout` seconds (default: the
        client's) and by LINES_MAX lines."""
        seen: list[str] = []
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        for _ in range(LINES_MAX):
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineTimeoutError(
                    f"{self.path} gave no {prefix!r} within {limit:g} s ("
                    + ("the bound of this search, uci.search_timeout" if prefix == "bestmove"
                       else "a UCI engine answers at once") + ")") from None
            if line is None:
                raise EngineProtocolError(
                    f"{self.path} exited (status {self._proc.poll()}) while waiting for "
                    f"{prefix!r}: not a UCI engine, or it crashed")
            if line is _TOO_LONG:
                raise EngineProtocolError(f"{self.path} printed a line longer than "
                                          f"{LINE_MAX:,} characters: not a UCI engine")
            if line.startswith(prefix):
                return line, seen
            seen.append(line)
            if len(seen) > 1000:
                del seen[:500]
        raise EngineProtocolError(f"{self.path} printed {LINES_MAX:,} lines without "
                                  f"{prefix!r}: not a UCI engine")

    def _handshake(self) -> None:
        self.send("uci")
        _, lines = self._read_until("uciok")
        for line in lines:
            if line.startswith("id name "):
                self.name = line[len("id name "):]
        options = "\n".join(lines)
        if self.settings.variant not in options:
            raise EngineProtocolError(
                f"{self.path} does not offer UCI_Variant {self.settings.variant}")
        s = self.settings
        self.set_option("UCI_Variant", s.variant)
        self.set_option("Threads", str(s.threads))
        self.set_option("Skill Level", str(s.skill_level))
        self.set_option("Hash", str(s.hash_mb))
        for key, value in s.extra.items():
            self.set_option(key, value)
        self.ready()

    # -- commands ------------------------------------------------------------------

    def set_option(self, name: str, value: str) -> None:
        """Send `setoption name <name> value <value>`."""
        self.send(f"setoption name {name} value {value}")

    def ready(self) -> None:
        """Send `isready` and wait for `readyok`."""
        self.send("isready")
        self._read_until("readyok")

    def new_game(self) -> None:
        """Send `ucinewgame` (clears hash and histories) and wait until ready."""
        self.send("ucinewgame")
        self.ready()

    def best_move(self, fen: str, moves: list[str] | tuple[str, ...] = (), *,
                  depth: int | None = None, nodes: int | None = None,
                  searchmoves: list[str] | tuple[str, ...] = (),
                  timeout: float | None = None) -> BestMove:
        """Search `fen` after the ICCS `moves` at a fixed depth or node count.

        Exactly one of `depth` and `nodes` must be given; `searchmoves` (ICCS) limits
        the root to those moves (the score is then the best of them). Raises
        EngineProtocolError when the engine reports no move (`bestmove (none)`, a lost
        position).
        """
        if (depth is None) == (nodes is None):
            raise ValueError("give exactly one of depth= and nodes=")
        position = f"position fen {fen}"
        if moves:
            position += " moves " + " ".join(iccs_to_uci(m) for m in moves)
        self.send(position)
        go = f"go depth {depth}" if depth is not None else f"go nodes {nodes}"
        if searchmoves:
            go += " searchmoves " + " ".join(iccs_to_uci(m) for m in searchmoves)
        self.send(go)
        if timeout is None:
            timeout = search_timeout(depth, nodes)
        line, infos = self._read_until("bestmove", timeout)
        parts = line.split()
        if len(parts) < 2 or parts[1] in ("(none)", "0000"):
            raise EngineProtocolError(f"{self.path} found no move: {line[:80]!r}")
        try:
            result = BestMove(iccs=uci_to_iccs(parts[1]), uci=parts[1])
        except ValueError as exc:
            raise EngineProtocolError(f"{self.path} answered {line[:80]!r}: {exc}") from None
        for info in reversed(infos):
            if info.startswith("info") and " score " in info:
                _parse_info(info, result)
                break
        return result

    def close(self) -> None:
        """Quit the engine and reap the process (kills it if it does not quit)."""
        proc = getattr(self, "_proc", None)
        if proc is None:
            return
        self._closed = True
        if proc.poll() is None:
            try:
                assert proc.stdin is not None
                proc.stdin.write("quit\n")
                proc.stdin.flush()
                proc.stdin.close()  # EOF: also ends an engine that ignores "quit"
            except (BrokenPipeError, OSError, ValueError):
                pass
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for stream in (proc.stdin, proc.stdout):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass
        self._proc = None

    def __enter__(self) -> "UciEngine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:  # pragma: no cover - safety net
        try:
            self.close()
        except Exception:
            pass


def _parse_info(info: str, result: BestMove) -> None:
    tokens = info.split()
    for i, tok in enumerate(tokens[:-1]):
        nxt = tokens[i + 1]
        try:
            if tok == "depth":
                result.depth = int(nxt)
            elif tok == "nodes":
                result.nodes = int(nxt)
            elif tok == "score" and nxt == "cp" and i + 2 < len(tokens):
                result.score_cp = int(tokens[i + 2])
            elif tok == "score" and nxt == "mate" and i + 2 < len(tokens):
                result.mate = int(tokens[i + 2])
        except ValueError:
            continue
