"""The data types of the reference search: its limits, its result and its input error
(re-exported by reference.search)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .levels import MAX_DEPTH
from .position import Move
from .search_consts import (IIR_DEFAULT, LMR_MIN_DEPTH, LMR_MIN_MOVE, QS_DELTA_DEFAULT,
                            QS_RECAP_DEFAULT, QS_SEE_DEFAULT, RFP_DEFAULT, BAD_CAPS_DEFAULT,
                            EXT_LIMIT_DEFAULT, PLAN_CHANGED_HALVES,
                            PLAN_KEPT_HALVES)


class SearchInputError(ValueError):
    """Inconsistent arguments to think() (limits, level, history)."""


@dataclass
class SearchLimits:
    """What stops a search. 0 / None means "no limit" (depth is always bounded)."""

    depth: int = MAX_DEPTH
    nodes: int = 0
    frames: int = 0
    clock: Callable[[], int] | None = None       # the frame counter (16-bit wraps)
    move_now: Callable[[], bool] | None = None   # the "move now" flag
    noise_mask: int = 0
    null_move: bool = False                      # null-move pruning (docs/search.md): off
    lmr: bool = True                             # late-move reductions (docs/search.md)
    time_manage: bool = True                     # skip an iteration predicted not to finish
    plan_halves: int = PLAN_CHANGED_HALVES       # ... after a changed best move: halves x t / 2
    plan_kept: int = PLAN_KEPT_HALVES            # ... after a kept one: plan_kept x t / 2
    iir: bool = IIR_DEFAULT                      # one ply less without a hash move
    qs_delta: bool = QS_DELTA_DEFAULT            # qsearch: skip captures that cannot reach alpha
    rfp: bool = RFP_DEFAULT                      # shallow nodes far above beta return the eval
    qs_recap: bool = QS_RECAP_DEFAULT            # deep qsearch: recaptures only
    qs_see: bool = QS_SEE_DEFAULT                # qsearch: skip a defended victim worth less than its taker
    bad_caps: bool = BAD_CAPS_DEFAULT            # search(): such captures ordered after the killers
    lmr_depth: int = LMR_MIN_DEPTH               # late-move reductions from this depth on
    lmr_move: int = LMR_MIN_MOVE                 # ... of the moves searched from this index on
    lmr_deep: bool = False                       # very late moves reduced one ply more
    ext_limit: bool = EXT_LIMIT_DEFAULT          # no check extension at depth 1
    recapture: bool = True                       # with time management: a clear recapture ends it
    tt_deep: bool = True                         # TT keeps deeper entries of other positions
    quiesce: bool = True                         # qsearch searches captures
    slip: int = 0                                # chance/256 of a random root move


@dataclass
class SearchResult:
    """What think() returns. `score` is from the side to move's view."""

    best_move: Move | None
    score: int
    depth: int
    nodes: int
    pv: list[Move] = field(default_factory=list)
    tt_probes: int = 0
    tt_hits: int = 0
    tt_cutoffs: int = 0
    null_tries: int = 0
    null_cuts: int = 0
    lmr_tries: int = 0
    iir_tries: int = 0
    delta_skips: int = 0
    rfp_cuts: int = 0
    see_skips: int = 0
    bad_captures: int = 0
    lmr_deep_tries: int = 0
    ext_cuts: int = 0                            # nodes in check not extended (ext_limit)
    skipped: bool = False                        # time management ended the iterations
    recaptured: bool = False                     # ... because the recapture is clear
    from_book: bool = False
    stopped: bool = False
    iterations: list[tuple[int, int, int, str]] = field(default_factory=list)

    @property
    def move(self) -> Move | None:
        """Alias of best_move."""
        return self.best_move

    @property
    def tt_hit_rate(self) -> float:
        """TT hits / probes (0.0 when nothing was probed)."""
        return self.tt_hits / self.tt_probes if self.tt_probes else 0.0
