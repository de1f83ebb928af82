"""The root of every exception of the package, and the errors of the reference rules.

`Xq65Error` lives here, in the twin, so the twin stands alone; `pyharness.errors`
re-exports it for the rest of the package. Every exception class of pyharness derives
from it (tests/test_errors.py), beside the builtin it refines (ValueError, OSError ...).
"""
from __future__ import annotations


class Xq65Error(Exception):
    """Base class of every exception raised by the xq65 package."""


class InvalidFenError(Xq65Error, ValueError):
    """A FEN string that does not describe a valid xiangqi position."""


class IllegalMoveError(Xq65Error, ValueError):
    """A malformed move text, or a move that is not legal in the position."""
