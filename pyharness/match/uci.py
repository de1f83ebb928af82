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
from dataclasses import dataclass, field

from ..errors import Xq65Error

#: where the Debian package installs the binary (not always on PATH)
_EXTRA_DIRS = ("/usr/games", "/usr/local/games")
#: environment variable that names the binary explicitly
BINARY_ENV = "XQ65_FAIRY_STOCKFISH"
DEFAULT_BINARY = "fairy-stockfish"

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


def find_binary(name: str | None = None) -> str:
    """Return the path of the fairy-stockfish binary.

    Looks at `name`, then $XQ65_FAIRY_STOCKFISH, then `fairy-stockfish` on PATH and in
    /usr/games; raises EngineMissingError when none exists.
    """
    candidate = name or os.environ.get(BINARY_ENV) or DEFAULT_BINARY
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

    Use as a context manager, or call `close()`. Every read has a timeout
    (`timeout` seconds, default 30); a silent or dead engine raises a UciError.
    """

    def __init__(self, binary: str | None = None, settings: UciSettings | None = None,
                 timeout: float = 30.0) -> None:
        self.path = find_binary(binary)
        self.settings = settings or UciSettings()
        self.timeout = timeout
        try:
            self._proc = subprocess.Popen(
                [self.path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as exc:
            raise EngineMissingError(f"cannot start {self.path}: {exc}") from exc
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()
        self.name = ""
        try:
            self._handshake()
        except BaseException:
            self.close()
            raise

    # -- plumbing ------------------------------------------------------------------

    def _read_loop(self) -> None:
        stdout = self._proc.stdout
        assert stdout is not None
        try:
            for line in stdout:
                self._lines.put(line.rstrip("\r\n"))
        except (ValueError, OSError):  # closed under us by close()
            pass
        self._lines.put(None)  # end of file: the engine exited

    def send(self, command: str) -> None:
        """Send one command line to the engine."""
        if self._proc.poll() is not None or self._proc.stdin is None:
            raise EngineProtocolError(f"engine exited (status {self._proc.returncode})")
        try:
            self._proc.stdin.write(command + "\n")
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise EngineProtocolError(f"engine pipe closed: {exc}") from exc

    def _read_until(self, prefix: str, timeout: float | None = None) -> tuple[str, list[str]]:
        """Read lines until one starts with `prefix`; return it and the lines before."""
        seen: list[str] = []
        limit = self.timeout if timeout is None else timeout
        while True:
            try:
                line = self._lines.get(timeout=limit)
            except queue.Empty:
                raise EngineTimeoutError(
                    f"fairy-stockfish gave no {prefix!r} within {limit:g} s") from None
            if line is None:
                raise EngineProtocolError(
                    f"fairy-stockfish exited while waiting for {prefix!r}")
            if line.startswith(prefix):
                return line, seen
            seen.append(line)

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
        line, infos = self._read_until("bestmove", timeout)
        parts = line.split()
        if len(parts) < 2 or parts[1] in ("(none)", "0000"):
            raise EngineProtocolError(f"fairy-stockfish found no move: {line!r}")
        result = BestMove(iccs=uci_to_iccs(parts[1]), uci=parts[1])
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
