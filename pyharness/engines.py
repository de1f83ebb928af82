"""One interface to the two search engines: the Python twin and the ROM's 6502 search.

    engine = make_engine("asm")            # or "ref"
    result = engine.think(position, Limits(level=3, seed=7))

`SearchEngine.think(position, limits) -> SearchResult` is what the CLI, the bench,
the match players and `xq65 diff` call. Both engines return the twin's
`reference.search.SearchResult`; the asm one returns its subclass `AsmSearchResult`,
which adds the cycles the 6502 spent (`measures_cycles` says which one you have).
The asm engine is built through `open_asm_engine`, the one guarded path to the ROM: a
missing toolchain, a failed build or a bad ROM is an `EngineUnavailableError` with one
line, never a traceback.
"""
from __future__ import annotations

from typing import Iterable, Protocol

from .limits import Limits, LimitsError
from .reference.position import Move, Position
from .reference.search import LMR_MIN_DEPTH, LMR_MIN_MOVE, SearchResult
from .reference.search_consts import PLAN_KEPT_HALVES

#: the engine names of make_engine
ENGINE_NAMES = ("ref", "asm")


class EngineUnavailableError(RuntimeError):
    """The engine cannot run here: the toolchain is missing, the ROM does not build or
    does not load."""


class SearchEngine(Protocol):
    """A search engine: `think(position, limits)`; `name` is "ref" or "asm"."""

    name: str
    measures_cycles: bool

    def think(self, position: Position, limits: Limits, *,
              history_moves: Iterable[Move] = (), trace: list | None = None
              ) -> SearchResult:
        """Search `position` (its undo stack is the game record) within `limits`.

        `history_moves`, when given, must be the tail of that stack; `trace`, a list,
        receives (from, to, key, red_sum, black_sum) at every node.
        """
        ...


class RefEngine:
    """The Python twin, reference.search.think."""

    name = "ref"
    measures_cycles = False

    def think(self, position: Position, limits: Limits, *,
              history_moves: Iterable[Move] = (), trace: list | None = None
              ) -> SearchResult:
        """reference.search.think with the limits."""
        from .reference.search import think
        return think(position, history_moves=history_moves, trace=trace,
                     null_move=limits.null_move, lmr=limits.lmr, iir=limits.iir,
                     qs_delta=limits.qs_delta, tt_deep=limits.tt_deep, rfp=limits.rfp,
                     qs_recap=limits.qs_recap, qs_see=limits.qs_see,
                     bad_caps=limits.bad_caps, lmr_depth=limits.lmr_depth,
                     lmr_move=limits.lmr_move,
                     lmr_deep=limits.lmr_deep, ext_limit=limits.ext_limit,
                     time_manage=limits.time_manage, plan_kept=limits.plan_kept,
                     **limits.think_kwargs())


class AsmSearchEngine:
    """srch_think of the ROM under py65 (pyharness.rom.asm_engine.AsmEngine)."""

    name = "asm"
    measures_cycles = True

    def __init__(self, engine=None) -> None:
        """Use an AsmEngine, or open one on the ROM through open_asm_engine()."""
        self.engine = engine if engine is not None else open_asm_engine()

    def think(self, position: Position, limits: Limits, *,
              history_moves: Iterable[Move] = (), trace: list | None = None
              ) -> SearchResult:
        """AsmEngine.think with the limits (an AsmSearchResult: it has the cycles)."""
        if not limits.lmr:
            raise LimitsError("the asm search always uses late-move reductions "
                              "(lmr=False is for the Python twin)")
        if limits.lmr_depth != LMR_MIN_DEPTH or limits.lmr_move != LMR_MIN_MOVE:
            raise LimitsError(f"the asm search reduces from depth {LMR_MIN_DEPTH} and "
                              f"move {LMR_MIN_MOVE} (lmr_depth and lmr_move are for the "
                              "Python twin)")
        if not limits.tt_deep:
            raise LimitsError("the asm TT always keeps deeper entries "
                              "(tt_deep=False is for the Python twin)")
        if limits.time_manage is not True or limits.plan_kept != PLAN_KEPT_HALVES:
            raise LimitsError("the asm always plans its iterations with PLAN_CHANGED_HALVES "
                              "and PLAN_KEPT_HALVES (time_manage=False, 2 or 3 and "
                              "another plan_kept are for the Python twin)")
        return self.engine.think(position, history_moves=history_moves, trace=trace,
                                 null_move=limits.null_move, iir=limits.iir,
                                 qs_delta=limits.qs_delta, rfp=limits.rfp,
                                 qs_recap=limits.qs_recap, qs_see=limits.qs_see,
                                 bad_caps=limits.bad_caps, lmr_deep=limits.lmr_deep,
                                 ext_limit=limits.ext_limit, **limits.think_kwargs())


def open_asm_engine():
    """An AsmEngine on the ROM (built first when it is the standard build).

    Raises EngineUnavailableError, with one line, when the toolchain is missing, the
    build fails, or the ROM or its label file is missing, not a ROM or does not match.
    """
    from .rom.asm_engine import AsmEngine
    from .rom.build import BuildError
    from .rom.sim import SimError
    try:
        return AsmEngine()
    except (BuildError, SimError, OSError) as exc:
        raise EngineUnavailableError(str(exc)) from exc


def make_engine(name: str) -> SearchEngine:
    """The engine called `name` ("ref" or "asm"); ValueError for another name."""
    if name == "ref":
        return RefEngine()
    if name == "asm":
        return AsmSearchEngine()
    raise ValueError(f"unknown engine {name!r} (have: {', '.join(ENGINE_NAMES)})")
