"""The errors of a match (EngineUnavailableError is the package's, pyharness.errors)."""
from __future__ import annotations

from ..errors import EngineUnavailableError, Xq65Error

__all__ = ["EngineFailure", "EngineUnavailableError", "MatchError", "OpeningsError",
           "SpecError"]


class MatchError(Xq65Error):
    """Base class of the errors of a match."""


class SpecError(MatchError, ValueError):
    """An engine spec string that cannot be parsed or names unknown parameters."""


class OpeningsError(MatchError, ValueError):
    """A missing or malformed openings file."""


class EngineFailure(MatchError):
    """An engine crashed or played an illegal move during a game."""
