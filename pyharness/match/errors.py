"""The errors of a match."""
from __future__ import annotations


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
