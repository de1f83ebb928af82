"""The data types of the reference search: its rules, its limits, its result and its
input error (re-exported by reference.search)."""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Callable

from .errors import Xq65Error
from .levels import MAX_DEPTH
from .position import Move
from .search_consts import (LMR_MIN_DEPTH, LMR_MIN_MOVE, PLAN_CHANGED_HALVES, PLAN_KEPT_HALVES,
                            RULE_BAD_CAPS, RULE_DELTA, RULE_EXT_LIMIT, RULE_IIR, RULE_LMR_DEEP,
                            RULE_QS_RECAP, RULE_QS_SEE, RULE_RFP)


class SearchInputError(Xq65Error, ValueError):
    """Inconsistent arguments to think() (limits, rules, level, history)."""


def _rule(default: bool | int, doc: str, *, bit: int = 0, asm: bool = False,
          span: tuple[int, int] = (0, 1)):
    """A SearchRules field: its default, what it does (`doc`), its bit in the asm's
    srch_rules byte (`bit`, 0: none), `asm=True` when the asm plays it switched through a
    byte of its own (null_move: srch_null_on), and, for a number, its range (`span`). A
    rule with neither a bit nor `asm` is the twin's alone: the asm plays its default."""
    return field(default=default, metadata={"doc": doc, "bit": bit, "asm": asm or bool(bit),
                                            "span": span})


@dataclass(frozen=True)
class SearchRules:
    """The search's rule switches (docs/search.md), one value carried whole by think(),
    both engines and the match specs. The defaults are the shipped search (the levels',
    the cartridge's); each field's metadata says what it does, its bit in the asm's
    srch_rules byte (`bits()`) and whether the asm can play it switched (`asm_refused()`).
    """

    null_move: bool = _rule(False, "null-move pruning (off: docs/journal.md)", asm=True)
    lmr: bool = _rule(True, "late-move reductions")
    lmr_depth: int = _rule(LMR_MIN_DEPTH, "late-move reductions from this depth on",
                           span=(2, 3))
    lmr_move: int = _rule(LMR_MIN_MOVE, "late-move reductions from this move index on",
                          span=(2, 3))
    lmr_deep: bool = _rule(False, "very late moves reduced one ply more (off: it cost "
                           "strength, docs/journal.md)", bit=RULE_LMR_DEEP)
    iir: bool = _rule(False, "internal iterative reduction: one ply less without a hash "
                      "move (off: it cost strength at level budgets, docs/journal.md)",
                      bit=RULE_IIR)
    rfp: bool = _rule(True, "reverse futility pruning: shallow nodes far above beta return "
                      "the eval", bit=RULE_RFP)
    ext_limit: bool = _rule(True, "no check extension at depth 1 (CHECK_EXT_MIN_DEPTH)",
                            bit=RULE_EXT_LIMIT)
    bad_caps: bool = _rule(True, "search(): defended cheaper-victim captures ordered after "
                           "the killers", bit=RULE_BAD_CAPS)
    qs_delta: bool = _rule(False, "qsearch delta pruning: skip captures that cannot reach "
                           "alpha (off: lost its match, docs/journal.md)", bit=RULE_DELTA)
    qs_recap: bool = _rule(False, "deep qsearch: recaptures only (off: its matches leaned "
                           "negative, docs/journal.md)", bit=RULE_QS_RECAP)
    qs_see: bool = _rule(True, "qsearch: skip a defended victim worth less than its taker",
                         bit=RULE_QS_SEE)
    tt_deep: bool = _rule(True, "the TT keeps deeper entries of other positions "
                          "(depth-preferred replacement)")
    time_manage: bool = _rule(True, "with a frame cap: skip an iteration predicted not to "
                              "finish (plan.py)")
    plan_changed: int = _rule(PLAN_CHANGED_HALVES, "time plan: after a changed best move, "
                              "the next iteration = plan_changed/2 x the last", span=(2, 3))
    plan_kept: int = _rule(PLAN_KEPT_HALVES, "time plan: after a kept best move, the next "
                           "iteration = plan_kept/2 x the last", span=(3, 4))
    recapture: bool = _rule(True, "with time management: a clear recapture ends the search")
    qs_checks: bool = _rule(False, "the first quiescence ply (the horizon) also searches "
                            "the quiet moves that give check (off: the twin's alone, a "
                            "screen; at level budgets even, docs/journal.md)")
    node_cycles: int = _rule(0, "the model clock's cycles a node (0: the level's measured "
                             "levels.level_node_cycles, or levels.NODE_CYCLES_ESTIMATE "
                             "without a level; the twin's alone: an engine "
                             "at the cost it measured, e.g. before a change of its cost)",
                             span=(0, 20000))
    partial: bool = _rule(False, "a stop inside iteration d > 1 answers with the best root "
                          "move completed at depth d (off: the twin's alone, a screen; "
                          "docs/journal.md)")

    def __post_init__(self) -> None:
        for f in fields(self):
            value, low_high = getattr(self, f.name), f.metadata["span"]
            if isinstance(f.default, bool):
                if not isinstance(value, bool):
                    raise SearchInputError(f"rule {f.name} is True or False, got {value!r}")
            elif (isinstance(value, bool) or not isinstance(value, int)
                  or not low_high[0] <= value <= low_high[1]):
                raise SearchInputError(f"rule {f.name} must be {low_high[0]}..{low_high[1]}, "
                                       f"got {value!r}")

    @classmethod
    def of(cls, **values: int) -> "SearchRules":
        """The default rules with `values` (numbers: 0 / 1 for a switch) in their place;
        SearchInputError for an unknown name or a value out of range."""
        kinds = {f.name: f for f in fields(cls)}
        unknown = sorted(set(values) - set(kinds))
        if unknown:
            raise SearchInputError(f"unknown rules {', '.join(unknown)} "
                                   f"(have: {', '.join(kinds)})")
        out = {}
        for name, value in values.items():
            if isinstance(kinds[name].default, bool) and value in (0, 1):
                value = bool(value)
            out[name] = value
        return replace(cls(), **out)

    @staticmethod
    def spans() -> dict[str, tuple[int, int]]:
        """Each rule's range as numbers (0..1 for a switch), by name."""
        return {f.name: f.metadata["span"] for f in fields(SearchRules)}

    @staticmethod
    def docs() -> dict[str, str]:
        """What each rule does, by name."""
        return {f.name: f.metadata["doc"] for f in fields(SearchRules)}

    @staticmethod
    def asm_plays() -> tuple[str, ...]:
        """The rules the asm can play switched (srch_null_on and the srch_rules bits)."""
        return tuple(f.name for f in fields(SearchRules) if f.metadata["asm"])

    def bits(self) -> int:
        """The RULE_* bits of the rules that are on (SRCH_RULES_DEFAULT for the defaults;
        the asm's srch_rules byte holds `bits() ^ SearchRules().bits()`)."""
        return sum(f.metadata["bit"] for f in fields(self)
                   if f.metadata["bit"] and getattr(self, f.name))

    @staticmethod
    def level_switches(names) -> int:
        """The RULE_* bits of a level's rules (assets/levels.txt `rules`): each must be a
        switch the asm plays (a srch_rules bit, or null_move's byte: gen_levels writes it
        into level_null) and off by default (SearchInputError otherwise), so that a level
        can only switch rules on."""
        kinds = {f.name: f for f in fields(SearchRules)}
        bits = 0
        for name in names:
            f = kinds.get(name)
            if f is None or not f.metadata["asm"] or f.default is not False:
                have = ", ".join(k for k, g in kinds.items()
                                 if g.metadata["asm"] and g.default is False)
                raise SearchInputError(f"a level cannot switch on the rule {name!r} (a "
                                       f"level's rules: {have})")
            bits |= f.metadata["bit"]
        return bits

    def with_level(self, names) -> "SearchRules":
        """These rules with a level's rules switched on (level_switches checks them): a
        level's rule is on at that level whatever the caller's rules say of it, as the
        asm's srch_start ORs the level's bits into what srch_rules toggles (and
        level_null into srch_null_on)."""
        self.level_switches(names)
        return replace(self, **{name: True for name in names}) if names else self

    def asm_refused(self) -> list[str]:
        """The rules set away from their default that the asm cannot play (the twin's
        alone), as "name=value"; empty when the asm can play these rules."""
        return [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                if not f.metadata["asm"] and getattr(self, f.name) != f.default]


@dataclass(slots=True)
class SearchLimits:
    """What stops a search, and its rules. 0 / None means "no limit" (depth is always
    bounded). Slotted: setting a name that is not a field is an error."""

    depth: int = MAX_DEPTH
    nodes: int = 0
    frames: int = 0
    clock: Callable[[], int] | None = None       # the frame counter (16-bit wraps)
    move_now: Callable[[], bool] | None = None   # the "move now" flag
    noise_mask: int = 0
    quiesce: bool = True                         # qsearch searches captures (the level's)
    slip: int = 0                                # chance/256 of a random root move
    rules: SearchRules = SearchRules()


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
