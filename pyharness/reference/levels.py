"""The difficulty levels (assets/levels.txt is the one table)."""
from __future__ import annotations

from functools import lru_cache

from ..engine_data import Level, load_levels

#: depth used when a level says "until the cap" (depth 0)
MAX_DEPTH = 24


class LevelError(ValueError):
    """A level number outside the table."""


@lru_cache(maxsize=1)
def all_levels() -> tuple[Level, ...]:
    """Every level of assets/levels.txt, level 1 first."""
    return load_levels()


def get_level(number: int) -> Level:
    """The level `number` (1..5)."""
    levels = all_levels()
    if not 1 <= number <= len(levels):
        raise LevelError(f"level must be 1..{len(levels)}, got {number}")
    return levels[number - 1]


def level_depth(level: Level) -> int:
    """Maximum iteration depth of a level (MAX_DEPTH for "until the cap")."""
    return level.depth or MAX_DEPTH
