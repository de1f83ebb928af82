"""What ends one search, checked in one place for both engines.

`Limits` is what `SearchEngine.think` takes (pyharness.engines) beside the rules
(`reference.search_types.SearchRules`): a level or a depth, node and frame budgets and
the seed. Its ranges are the ones the cartridge can hold (a 16-bit seed and frame cap,
a 32-bit node budget, the level table, the iteration depth of
reference.levels.MAX_DEPTH). The CLI builds its `click.IntRange`s from the same
constants, so a bad value is refused at the command line and, for every other caller,
here.
"""
from __future__ import annotations

from dataclasses import dataclass

from .reference.levels import MAX_DEPTH, level_count
from .reference.search_types import SearchInputError

__all__ = ["DEPTH_MIN", "FRAMES_MAX", "NODES_MAX", "SEED_MAX", "Limits", "LimitsError",
           "level_count"]

SEED_MAX = 0xFFFF
NODES_MAX = 0xFFFF_FFFF
FRAMES_MAX = 0xFFFF
DEPTH_MIN = 1


class LimitsError(SearchInputError):
    """A search limit out of its range, no level and no depth, or rules an engine
    cannot play."""


def _check(name: str, value: int | None, low: int, high: int) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise LimitsError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise LimitsError(f"{name} must be {low}..{high}, got {value}")


@dataclass(frozen=True)
class Limits:
    """What ends a search: a level (1..level_count()) or a fixed depth (1..MAX_DEPTH),
    optional node and frame budgets, and the LFSR seed."""

    level: int | None = None
    depth: int | None = None
    nodes: int | None = None
    frames: int | None = None
    seed: int = 0

    def __post_init__(self) -> None:
        if self.level is None and self.depth is None:
            raise LimitsError(f"give a level (1..{level_count()}) or a depth "
                              f"({DEPTH_MIN}..{MAX_DEPTH})")
        _check("level", self.level, 1, level_count())
        _check("depth", self.depth, DEPTH_MIN, MAX_DEPTH)
        _check("nodes", self.nodes, 0, NODES_MAX)
        _check("frames", self.frames, 0, FRAMES_MAX)
        _check("seed", self.seed, 0, SEED_MAX)

    def think_kwargs(self) -> dict:
        """The limits as keyword arguments of reference.search.think (and AsmEngine's)."""
        return {"level": self.level, "depth": self.depth, "nodes": self.nodes,
                "frames": self.frames, "seed": self.seed}
