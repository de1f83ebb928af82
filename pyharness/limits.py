"""What bounds one search, checked in one place for both engines.

`Limits` is what `SearchEngine.think` takes (pyharness.engines); its ranges are the
ones the cartridge can hold (a 16-bit seed and frame cap, a 32-bit node budget, the
level table, the iteration depth of reference.levels.MAX_DEPTH). The CLI builds its
`click.IntRange`s from the same constants, so a bad value is refused at the command
line and, for every other caller, here.
"""
from __future__ import annotations

from dataclasses import dataclass

from .reference.levels import MAX_DEPTH, all_levels
from .reference.search import (IIR_DEFAULT, LMR_MIN_DEPTH, LMR_MIN_MOVE, QS_DELTA_DEFAULT,
                               QS_RECAP_DEFAULT, QS_SEE_DEFAULT, RFP_DEFAULT, BAD_CAPS_DEFAULT,
                               EXT_LIMIT_DEFAULT, SearchInputError)
from .reference.search_consts import PLAN_KEPT_HALVES

SEED_MAX = 0xFFFF
NODES_MAX = 0xFFFF_FFFF
FRAMES_MAX = 0xFFFF
DEPTH_MIN = 1


def level_count() -> int:
    """How many levels assets/levels.txt defines (levels are 1..level_count())."""
    return len(all_levels())


class LimitsError(SearchInputError):
    """A search limit out of its range, or no level and no depth."""


def _check(name: str, value: int | None, low: int, high: int) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise LimitsError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise LimitsError(f"{name} must be {low}..{high}, got {value}")


@dataclass(frozen=True)
class Limits:
    """A level (1..N) or a fixed depth (1..MAX_DEPTH), optional node and frame budgets,
    the LFSR seed, null-move pruning (off by default; both engines can switch it on) and
    late-move reductions and the TT's depth-preferred replacement (on; the Python twin
    can switch them off), internal iterative reduction, qsearch delta pruning, reverse
    futility pruning, the qsearch's recaptures-only rule, its skip of defended victims
    worth less than their taker and search()'s ordering of such captures after the killers
    (the twin's defaults; both engines can switch them); the
    depth late-move reductions start at (the twin only)."""

    level: int | None = None
    depth: int | None = None
    nodes: int | None = None
    frames: int | None = None
    seed: int = 0
    null_move: bool = False
    lmr: bool = True
    iir: bool = IIR_DEFAULT
    qs_delta: bool = QS_DELTA_DEFAULT
    tt_deep: bool = True
    rfp: bool = RFP_DEFAULT
    qs_recap: bool = QS_RECAP_DEFAULT
    qs_see: bool = QS_SEE_DEFAULT
    bad_caps: bool = BAD_CAPS_DEFAULT
    lmr_depth: int = LMR_MIN_DEPTH
    lmr_move: int = LMR_MIN_MOVE
    lmr_deep: bool = False
    ext_limit: bool = EXT_LIMIT_DEFAULT
    time_manage: bool | int = True               # 2 or 3: the twin's plan in halves (plan.py)
    plan_kept: int = PLAN_KEPT_HALVES            # 3 or 4: ... after a kept best move (twin)

    def __post_init__(self) -> None:
        if self.level is None and self.depth is None:
            raise LimitsError(f"give a level (1..{level_count()}) or a depth "
                              f"({DEPTH_MIN}..{MAX_DEPTH})")
        _check("level", self.level, 1, level_count())
        _check("depth", self.depth, DEPTH_MIN, MAX_DEPTH)
        _check("nodes", self.nodes, 0, NODES_MAX)
        _check("frames", self.frames, 0, FRAMES_MAX)
        _check("seed", self.seed, 0, SEED_MAX)
        _check("lmr_depth", self.lmr_depth, 2, 3)
        _check("lmr_move", self.lmr_move, 2, 3)
        if not isinstance(self.time_manage, bool):
            _check("time_manage", self.time_manage, 2, 3)
        _check("plan_kept", self.plan_kept, 3, 4)

    def think_kwargs(self) -> dict:
        """The limits as keyword arguments of reference.search.think (and AsmEngine's)."""
        return {"level": self.level, "depth": self.depth, "nodes": self.nodes,
                "frames": self.frames, "seed": self.seed}
