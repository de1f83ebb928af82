"""The exception root of the package and the errors shared across its folders.

`Xq65Error` (defined in reference/errors.py, so the twin stands alone) is the base of
every exception class of pyharness; each module keeps its own specific errors, derived
from it. `EngineUnavailableError` is here because both the engine interface
(engines.py) and the matches (match/) raise it.
"""
from __future__ import annotations

from .reference.errors import Xq65Error

__all__ = ["EngineUnavailableError", "Xq65Error"]


class EngineUnavailableError(Xq65Error, RuntimeError):
    """An engine cannot run here: the toolchain is missing, the ROM does not build or
    does not load, or a spec names an engine whose program is absent."""
