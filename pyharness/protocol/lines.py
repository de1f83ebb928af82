"""Bounded reading of protocol input: one line at a time, never more than a cap."""
from __future__ import annotations

from dataclasses import dataclass
from typing import BinaryIO

#: the longest line read as a command (bytes, newline excluded); a longer one is skipped
MAX_LINE_BYTES = 65_536


@dataclass(frozen=True)
class TooLong:
    """A line longer than the cap: it was read to its end and dropped."""

    size: int


class LineReader:
    """Reads lines of at most `cap` bytes from a binary stream.

    `next_line()` returns the line as text (undecodable bytes replaced), a `TooLong`
    for a line over the cap (its bytes are consumed in chunks of `cap`, never held),
    or None at the end of the input.
    """

    def __init__(self, stream: BinaryIO, cap: int = MAX_LINE_BYTES) -> None:
        self.stream = stream
        self.cap = cap

    def next_line(self) -> str | TooLong | None:
        """The next line, a TooLong, or None at EOF."""
        data = self.stream.readline(self.cap + 1)
        if not data:
            return None
        if len(data) > self.cap and not data.endswith(b"\n"):
            size = len(data)
            while True:                      # drop the rest, a chunk at a time
                chunk = self.stream.readline(self.cap)
                size += len(chunk)
                if not chunk or chunk.endswith(b"\n"):
                    break
            return TooLong(size)
        return data.rstrip(b"\r\n").decode("utf-8", errors="replace")
