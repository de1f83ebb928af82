"""Helpers of the tests of `xq65 uci`: a raw engine process and the pyffish check."""
from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time

from pyharness.match.uci import iccs_to_uci


class EngineProcess:
    """`xq65 uci` as a raw subprocess: send text or bytes, read lines with timeouts."""

    def __init__(self, *args: str, before: tuple[str, ...] = ()) -> None:
        """`xq65 [before...] uci [args...]`."""
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pyharness.cli", *before, "uci", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for raw in self.proc.stdout:
            self.lines.put((time.monotonic(), raw.decode().rstrip("\r\n")))
        self.lines.put((time.monotonic(), None))

    def send(self, text: str | bytes) -> float:
        """Write a line (a newline is added to text); the time it was sent."""
        data = text if isinstance(text, bytes) else (text + "\n").encode()
        self.proc.stdin.write(data)
        self.proc.stdin.flush()
        return time.monotonic()

    def expect(self, first_word: str, timeout: float = 60) -> tuple[str, list[str], float]:
        """Lines until one starting with `first_word`: (it, the lines before, its time).
        AssertionError on EOF or timeout."""
        seen = []
        end = time.monotonic() + timeout
        while True:
            try:
                stamp, line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {first_word!r} within {timeout} s; saw {seen}")
            assert line is not None, f"EOF while waiting for {first_word!r}; saw {seen}"
            if line.split()[:1] == [first_word]:
                return line, seen, stamp
            seen.append(line)

    def drain(self, seconds: float = 0.3) -> list[str]:
        """The lines that come within `seconds`."""
        out = []
        end = time.monotonic() + seconds
        while True:
            try:
                _, line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                return out
            if line is None:
                return out
            out.append(line)

    def handshake(self, dialect: str = "uci") -> list[str]:
        """uci/ucci + isready; the handshake lines."""
        self.send(dialect)
        _, seen, _ = self.expect(dialect + "ok")
        self.send("isready")
        self.expect("readyok", 300)
        return seen

    def close(self) -> int:
        """EOF, then the exit status (killed after 10 s)."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            return self.proc.wait(10)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


def assert_legal_game(start_fen: str, moves: list[str]) -> None:
    """Every ICCS move is legal for pyffish in turn (Fairy-Stockfish's rules)."""
    import pyffish as sf
    played: list[str] = []
    for ply, move in enumerate(moves):
        uci = iccs_to_uci(move)
        legal = sf.legal_moves("xiangqi", start_fen, played)
        assert uci in legal, f"ply {ply}: {move} is not legal for pyffish after {played}"
        played.append(uci)
