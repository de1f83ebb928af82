"""One interface to the two search engines: the Python twin and the ROM's 6502 search.

    engine = make_engine("asm")            # or "ref"
    result = engine.think(position, Limits(level=3, seed=7), SearchRules(rfp=False))

`SearchEngine.think(position, limits, rules=SearchRules()) -> SearchResult` is what the
CLI, the bench, the match players and `xq65 diff` call: `Limits` ends the search,
`SearchRules` (reference.search_types) are its rule switches, carried whole to either
engine; the asm refuses the rules it cannot play (`SearchRules.asm_refused`). Both
engines return the twin's `reference.search.SearchResult`; the asm one returns its
subclass `AsmSearchResult`, which adds the cycles the 6502 spent (`measures_cycles`
says which one you have). The asm engine is built through `open_asm_engine`, the one
guarded path to the ROM: a missing toolchain, a failed build or a bad ROM is an
`EngineUnavailableError` (pyharness.errors) with one line, never a traceback.
"""
from __future__ import annotations

from typing import Iterable, Protocol

from .errors import EngineUnavailableError
from .limits import Limits
from .reference.position import Move, Position
from .reference.search_types import SearchResult, SearchRules

#: the engine names of make_engine
ENGINE_NAMES = ("ref", "asm")


class SearchEngine(Protocol):
    """A search engine: `think(position, limits, rules)`; `name` is "ref" or "asm"."""

    name: str
    measures_cycles: bool

    def think(self, position: Position, limits: Limits, rules: SearchRules = SearchRules(),
              *, history_moves: Iterable[Move] = (), trace: list | None = None
              ) -> SearchResult:
        """Search `position` (its undo stack is the game record) within `limits`, under
        `rules`.

        `history_moves`, when given, must be the tail of that stack; `trace`, a list,
        receives (from, to, key, red_sum, black_sum) at every node.
        """
        ...


class RefEngine:
    """The Python twin, reference.search.think."""

    name = "ref"
    measures_cycles = False

    def __init__(self, evaluator=None) -> None:
        """The engine's tables, or a reference.eval.Evaluator of other ones (a lab's)."""
        self.evaluator = evaluator

    def think(self, position: Position, limits: Limits, rules: SearchRules = SearchRules(),
              *, history_moves: Iterable[Move] = (), trace: list | None = None
              ) -> SearchResult:
        """reference.search.think with the limits and the rules."""
        from .reference.search import think
        return think(position, history_moves=history_moves, trace=trace, rules=rules,
                     evaluator=self.evaluator, **limits.think_kwargs())


class AsmSearchEngine:
    """srch_think of the ROM under py65 (pyharness.rom.asm_engine.AsmEngine)."""

    name = "asm"
    measures_cycles = True

    def __init__(self, engine=None) -> None:
        """Use an AsmEngine, or open one on the ROM through open_asm_engine()."""
        self.engine = engine if engine is not None else open_asm_engine()

    def think(self, position: Position, limits: Limits, rules: SearchRules = SearchRules(),
              *, history_moves: Iterable[Move] = (), trace: list | None = None
              ) -> SearchResult:
        """AsmEngine.think with the limits and the rules (an AsmSearchResult: it has the
        cycles); LimitsError for rules the asm cannot play."""
        return self.engine.think(position, history_moves=history_moves, trace=trace,
                                 rules=rules, **limits.think_kwargs())


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
