"""Time management of think() (docs/search.md, think()): the iteration plan, the
clear-recapture threshold and the answer of a search stopped in iteration 1."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .search_consts import PLAN_CHANGED_HALVES, PLAN_KEPT_HALVES, RECAP_DEPTH, RECAP_MIN_DEPTH

if TYPE_CHECKING:
    from .position import Move
    from .search_types import SearchResult


def recapture_depth(max_depth: int) -> int:
    """The first iteration after which a clear recapture ends the search:
    max(RECAP_MIN_DEPTH, min(max_depth - 1, RECAP_DEPTH)) (level 4: 3, level 5: 4)."""
    return max(RECAP_MIN_DEPTH, min(max_depth - 1, RECAP_DEPTH))


class IterationPlan:
    """Time management (docs/search.md, think()): is there time for the next iteration?

    After each completed iteration, with `elapsed` frames since the start: t = the
    frames that iteration took. The next one is predicted to take at least
    p = t * kept // 2 frames (PLAN_KEPT_HALVES = 4: p = 2 t), or p = t * halves // 2
    when that iteration's best move was not the one before's (PLAN_CHANGED_HALVES = 2:
    p = t); it is not started when elapsed + p > the cap. An iteration's cost over the
    last one's ranges from 0.4 to 16 on the bench suite; after a kept best move it was
    never below 1.9 (twin nodes) and 2.7 (asm cycles), after a changed one, which costs
    more than its successor, down to 0.4 (docs/search.md).
    """

    def __init__(self, cap: int, halves: int = PLAN_CHANGED_HALVES,
                 kept: int = PLAN_KEPT_HALVES):
        if halves not in (2, 3):
            raise ValueError(f"the plan's growth after a change is 2 or 3 halves, got {halves}")
        if kept not in (3, 4):
            raise ValueError(f"the plan's growth after a kept move is 3 or 4 halves, got {kept}")
        self.cap = cap
        self.halves = halves
        self.kept = kept
        self.elapsed = 0         # frames at the end of the last iteration

    def next_fits(self, elapsed: int, changed: bool = False) -> bool:
        """Record the iteration that just ended (`changed`: its best move was not the
        last iteration's); True: start the next one."""
        t = (elapsed - self.elapsed) & 0xFFFF
        self.elapsed = elapsed
        return elapsed + t * (self.halves if changed else self.kept) // 2 <= self.cap


def stopped_answer(result: SearchResult, pv0: list[Move], root_best: int,
                   root_list: list[Move]) -> None:
    """The answer of a search stopped inside iteration 1 (depth completed stays 0).

    The best root move whose search completed, with its value and the root's PV (`pv0`,
    pv[0]: at ply 0 the window is (-INF, INF), so the first completed move raises
    alpha); when none completed, the first move of the root's search order (pick(0)
    put it at root_list[0]), score 0, PV that move alone. (A stop in a later iteration
    keeps the last completed iteration's answer.)
    """
    if pv0:
        result.best_move = pv0[0]
        result.score = root_best
        result.pv = list(pv0)
    else:
        result.best_move = root_list[0]
        result.score = 0
        result.pv = [root_list[0]]
