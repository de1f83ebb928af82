"""From a `go` to a search: the `Limits`, a wall-clock deadline, and whether to wait
for `stop` before answering.

Two clocks (the session's Clock option):

* NES (the default): a time budget becomes a frame cap (60 frames a second), which
  the asm search measures on the frames of the simulated console (29,781 cycles each)
  and the Python twin on its model clock (levels.NODE_CYCLES_ESTIMATE cycles a node).
  The search then thinks exactly as long as the cartridge would, whatever the host's
  speed. With a game clock (wtime/btime, UCCI time) a wall backstop is added, so a
  host slower than the console cannot lose on time.
* wall: the budget is the host's time; the search stops when it runs out.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..limits import FRAMES_MAX, NODES_MAX, Limits
from ..reference.clock import FRAMES_PER_SECOND
from ..reference.levels import MAX_DEPTH
from .commands import GoCommand

#: moves assumed left in the game when the clock has no movestogo
MOVES_LEFT_DEFAULT = 30
#: the most of the time left a move may take
MAX_SHARE_OF_LEFT = 2          # 1/2
#: the level a `go` without any limit plays (with the Level option 0)
DEFAULT_LEVEL = 3
CLOCKS = ("NES", "wall")


@dataclass(frozen=True)
class SearchPlan:
    """How to run one `go`.

    `limits` go to the engine; `wall_ms` stops it by the host's clock (None: never);
    `wait_for_stop` holds the bestmove back until `stop` or `ponderhit` (infinite,
    ponder); `note` is said as an info string first."""

    limits: Limits
    wall_ms: int | None = None
    wait_for_stop: bool = False
    note: str | None = None


def move_budget(left: int, inc: int, movestogo: int | None) -> int:
    """Milliseconds for this move from the time `left`, the increment and movestogo."""
    moves = max(1, movestogo or MOVES_LEFT_DEFAULT)
    budget = left // moves + inc * 3 // 4
    reserve = min(left // 10, 1000)
    return max(1, min(budget, left // MAX_SHARE_OF_LEFT + inc // 2, left - reserve))


def ms_to_frames(ms: int) -> int:
    """A budget in milliseconds as a frame cap (1..FRAMES_MAX)."""
    return max(1, min(FRAMES_MAX, ms * FRAMES_PER_SECOND // 1000))


def plan_search(go: GoCommand, side: int, *, level: int = 0, clock: str = "NES",
                seed: int = 0) -> SearchPlan:
    """The plan of `go` for `side` to move (0 red, 1 black).

    `level` > 0 plays the cartridge's level exactly (its depth, frame cap, noise,
    book and slips; go's depth, nodes and times are not used); otherwise depth, nodes,
    movetime and the clock bound the search, and a `go` without any limit plays
    DEFAULT_LEVEL."""
    waits = go.infinite or go.ponder
    left, inc = go.clock(side)
    backstop = None
    if left is not None and not waits:
        backstop = max(1, left // MAX_SHARE_OF_LEFT)
    limited = (go.depth is not None or go.nodes is not None or go.movetime is not None
               or go.mate is not None)
    if level:
        note = None
        if limited:
            note = f"Level {level} plays the cartridge's level: go's limits are not used"
        return SearchPlan(Limits(level=level, seed=seed), backstop, waits, note)
    if not (limited or left is not None or waits):
        return SearchPlan(Limits(level=DEFAULT_LEVEL, seed=seed), None, False,
                          f"go without a limit: level {DEFAULT_LEVEL}")
    depth = MAX_DEPTH
    if go.depth is not None:
        depth = max(1, min(go.depth, MAX_DEPTH))
    elif go.mate is not None:
        depth = max(1, min(2 * go.mate - 1, MAX_DEPTH))
    nodes = max(1, min(go.nodes, NODES_MAX)) if go.nodes is not None else None
    budget = None
    if go.movetime is not None:
        budget = go.movetime
    elif left is not None and not waits:
        budget = move_budget(left, inc, go.movestogo)
    if budget is None or clock == "wall":
        wall = budget if budget is not None else backstop
        return SearchPlan(Limits(depth=depth, nodes=nodes, seed=seed), wall, waits)
    limits = Limits(depth=depth, nodes=nodes, frames=ms_to_frames(budget), seed=seed)
    return SearchPlan(limits, backstop, waits)
