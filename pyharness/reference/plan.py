"""Time management of think() (docs/search.md, think()): the iteration plan and the
clear-recapture threshold."""
from __future__ import annotations

from .search_consts import RECAP_DEPTH, RECAP_MIN_DEPTH


def recapture_depth(max_depth: int) -> int:
    """The first iteration after which a clear recapture ends the search:
    max(RECAP_MIN_DEPTH, min(max_depth - 1, RECAP_DEPTH)) (level 4: 3, level 5: 4)."""
    return max(RECAP_MIN_DEPTH, min(max_depth - 1, RECAP_DEPTH))


class IterationPlan:
    """Time management (docs/search.md, think()): is there time for the next iteration?

    After each completed iteration, with `elapsed` frames since the start: t = the
    frames that iteration took. The next one is predicted to take at least
    t + t // 2 frames (a growth factor of 1.5, below every measured one); it is not
    started when elapsed + t + t // 2 > the cap. (The growth of the last two
    iterations alternates between ~1.3 and ~10 with the depth's parity, so it predicts
    badly: docs/search.md.)
    """

    def __init__(self, cap: int):
        self.cap = cap
        self.elapsed = 0         # frames at the end of the last iteration

    def next_fits(self, elapsed: int) -> bool:
        """Record the iteration that just ended; True: start the next one."""
        t = (elapsed - self.elapsed) & 0xFFFF
        self.elapsed = elapsed
        return elapsed + t + (t >> 1) <= self.cap
