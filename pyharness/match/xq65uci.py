"""`xq65 uci` as a match player: the cartridge's engine in its own process, over the
protocol (UCI or UCCI), as a GUI or tournament manager would run it.

`ProtocolClient` is a small client of either dialect for an engine that writes ICCS
squares (ranks 0-9, as xq65 and Pikafish do; Fairy-Stockfish's ranks 1-10 are
pyharness.match.uci's). Every read has a timeout; a silent or dead engine is an
EngineFailure-worthy `ProtocolClientError`.
"""
from __future__ import annotations

import queue
import subprocess
import sys
import threading

from ..reference.position import Move
from .players import GameView
from ..errors import Xq65Error

#: seconds the handshake may take (the asm engine builds/loads the ROM at `isready`)
READY_TIMEOUT = 300.0
#: seconds one move may take
MOVE_TIMEOUT = 300.0


class ProtocolClientError(Xq65Error, RuntimeError):
    """The engine did not answer as the protocol says (or in time), or it died."""


def xq65_command(engine: str = "asm") -> list[str]:
    """The command line of `xq65 uci` with this interpreter."""
    return [sys.executable, "-m", "pyharness.cli", "uci", "--engine", engine]


class ProtocolClient:
    """A running engine process spoken to in UCI (`ucci=False`) or UCCI."""

    def __init__(self, command: list[str], ucci: bool = False) -> None:
        self.ucci = ucci
        try:
            self.proc = subprocess.Popen(command, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as exc:
            raise ProtocolClientError(f"cannot start {command[0]}: {exc}") from exc
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("ucci" if ucci else "uci")
        self.read_until("ucciok" if ucci else "uciok", READY_TIMEOUT)
        self.ready()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        try:
            for line in self.proc.stdout:
                self.lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def send(self, line: str) -> None:
        """One command line."""
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError) as exc:
            raise ProtocolClientError(f"engine pipe closed: {exc}") from exc

    def read_until(self, first_word: str, timeout: float) -> tuple[str, list[str]]:
        """Lines until one whose first word is `first_word` (or, with bestmove, the
        UCCI nobestmove); that line and the ones before."""
        seen: list[str] = []
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise ProtocolClientError(f"no {first_word!r} within {timeout:g} s") \
                    from None
            if line is None:
                raise ProtocolClientError(f"the engine exited while waiting for "
                                          f"{first_word!r}")
            word = line.split()[0] if line.split() else ""
            if word == first_word or (first_word == "bestmove" and word == "nobestmove"):
                return line, seen
            seen.append(line)

    def ready(self) -> None:
        """isready / readyok."""
        self.send("isready")
        self.read_until("readyok", READY_TIMEOUT)

    def set_option(self, name: str, value: str | None = None) -> None:
        """setoption in the dialect's form."""
        if self.ucci:
            self.send(f"setoption {name}" + (f" {value}" if value is not None else ""))
        else:
            self.send(f"setoption name {name}" + (f" value {value}" if value is not None
                                                  else ""))

    def best_move(self, fen: str, moves: list[str], go: str) -> str | None:
        """The engine's move (ICCS) after `position fen FEN moves ...` and `go`; None
        for `bestmove (none)` / `nobestmove`."""
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(go.strip())
        line, _ = self.read_until("bestmove", MOVE_TIMEOUT)
        words = line.split()
        if words[0] == "nobestmove" or len(words) < 2 or words[1] in ("(none)", "0000"):
            return None
        return words[1]

    def close(self) -> None:
        """quit, then reap the process (killed when it does not exit)."""
        if self.proc.poll() is None:
            try:
                self.send("quit")
                assert self.proc.stdin is not None
                self.proc.stdin.close()
            except (ProtocolClientError, OSError, ValueError):
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


class Xq65UciPlayer:
    """`xq65 uci` in a subprocess at a level, a depth or a node budget.

    It sends the opening's FEN and every move since, and the game seed as the Seed
    option, so each search gets the seed SearchPlayer gives it: `xq65uci:L1` plays the
    games `asm:L1` and `ref:L1` play."""

    def __init__(self, level: int | None = None, depth: int | None = None,
                 nodes: int | None = None, ref: int = 0, ucci: int = 0) -> None:
        self.level, self.depth, self.nodes = level, depth, nodes
        self.client = ProtocolClient(xq65_command("ref" if ref else "asm"), bool(ucci))
        self.client.set_option("Level", str(level or 0))
        self.client.ready()
        self.game_seed = 0

    def new_game(self, seed: int) -> None:
        """ucinewgame (UCCI: setoption newgame) and the game's seed."""
        if self.client.ucci:
            self.client.set_option("newgame")
        else:
            self.client.send("ucinewgame")
        # search_seed(g, ply) depends on g mod 65535 only: the same seeds as SearchPlayer
        self.client.set_option("Seed", str(seed % 65_535))
        self.client.ready()

    def choose(self, view: GameView) -> Move:
        """The engine's answer to the game so far."""
        if self.depth is not None:
            go = f"go depth {self.depth}"
        elif self.nodes is not None:
            go = f"go nodes {self.nodes}"
        else:
            go = "go"                       # the Level option's own limits
        move = self.client.best_move(view.start_fen, [m.iccs() for m in view.moves], go)
        if move is None:
            raise ProtocolClientError("xq65 uci found no move in a game still going on")
        return Move.from_iccs(move)

    def close(self) -> None:
        """Quit the engine process."""
        self.client.close()
