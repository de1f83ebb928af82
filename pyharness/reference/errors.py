"""Exceptions of the reference rules."""
from __future__ import annotations


class XQError(Exception):
    """Base class of every error raised by the reference rules."""


class InvalidFenError(XQError, ValueError):
    """A FEN string that does not describe a valid xiangqi position."""


class IllegalMoveError(XQError, ValueError):
    """A malformed move text, or a move that is not legal in the position."""
