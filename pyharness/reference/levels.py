"""The difficulty levels (assets/levels.txt is the one table)."""
from __future__ import annotations

from functools import lru_cache

from .assets import Level, load_levels
from .clock import CYCLES_PER_FRAME
from .errors import Xq65Error

#: depth used when a level says "until the cap" (depth 0)
MAX_DEPTH = 24
#: 6502 cycles per search node, for the Python frame clock model (think() without a
#: `clock`) of a search that names no level: the median the asm search (srch_think)
#: measures on the bench suite over every level (`xq65 bench --full --engine asm`; the run
#: it comes from and its value now: docs/figures.md, which tests/test_docs_figures.py keeps
#: within 2 % of this). Earlier values are in docs/journal.md.
NODE_CYCLES_ESTIMATE = 2710
#: the model clock of each level, level 1 first: the median cycles a node the same bench
#: measures at that level (docs/figures.md; tests/test_docs_figures.py keeps each within
#: 2 % of it). A level's nodes cost what its rules make them cost (level 1 stands pat,
#: level 5 pays an uncounted node for each null try), so one clock for all would give the
#: twin more or fewer nodes than the cartridge searches in the same cap.
LEVEL_NODE_CYCLES = (2259, 2741, 2987, 2506, 3019)


class LevelError(Xq65Error, ValueError):
    """A level number outside the table."""


@lru_cache(maxsize=1)
def all_levels() -> tuple[Level, ...]:
    """Every level of assets/levels.txt, level 1 first."""
    return load_levels()


def level_count() -> int:
    """How many levels assets/levels.txt defines (levels are 1..level_count())."""
    return len(all_levels())


def get_level(number: int) -> Level:
    """The level `number` (1..level_count())."""
    levels = all_levels()
    if not 1 <= number <= len(levels):
        raise LevelError(f"level must be 1..{len(levels)}, got {number}")
    return levels[number - 1]


def level_node_cycles(number: int) -> int:
    """The model clock of level `number` (1..level_count()): its cycles a node."""
    get_level(number)
    if len(LEVEL_NODE_CYCLES) != level_count():
        raise LevelError(f"levels.LEVEL_NODE_CYCLES has {len(LEVEL_NODE_CYCLES)} clocks for "
                         f"{level_count()} levels (assets/levels.txt): bench them")
    return LEVEL_NODE_CYCLES[number - 1]


def model_clock(level: int | None = None, node_cycles: int = 0) -> int:
    """The cycles a node a twin's search is charged: `node_cycles` (the rule, a player's
    own clock) if given, else the level's clock, else NODE_CYCLES_ESTIMATE."""
    return node_cycles or (level_node_cycles(level) if level else NODE_CYCLES_ESTIMATE)


def node_frames(nodes: int, node_cycles: int = 0) -> int:
    """Frames the NES would have spent on `nodes` nodes of `node_cycles` cycles (0:
    NODE_CYCLES_ESTIMATE) (16-bit counter model)."""
    return (nodes * (node_cycles or NODE_CYCLES_ESTIMATE) // CYCLES_PER_FRAME) & 0xFFFF


def level_depth(level: Level) -> int:
    """Maximum iteration depth of a level (MAX_DEPTH for "until the cap")."""
    return level.depth or MAX_DEPTH
