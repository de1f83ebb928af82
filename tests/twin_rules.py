"""Shared checks of a switchable search rule (docs/search.md): the asm counts at a ROM
hook what the twin counts in a SearchResult counter, and both search the same tree with
the rule on and off. Used by tests/test_qs_see.py and tests/test_bad_caps.py."""
from __future__ import annotations

from pyharness.reference.position import Position
from pyharness.reference.search import SearchRules, think
from pyharness.rom.asm_engine import AsmEngine


def _same_search(a, r) -> None:
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)


def assert_hook_counts_the_twin(fen: str, depth: int, switch: str, counter: str,
                                hook: str, seed: int = 3) -> None:
    """With the rule on: the twin's `counter` is > 0 and the asm passes `hook` as often;
    best move, score, depth, nodes and PV equal."""
    pos = Position.from_fen(fen)
    rules = SearchRules(**{switch: True})
    r = think(pos, depth=depth, seed=seed, rules=rules)
    count = {"n": 0}

    def on():
        count["n"] += 1
    a = AsmEngine().think(pos, depth=depth, seed=seed, hooks={hook: on}, rules=rules)
    assert getattr(r, counter) > 0 and count["n"] == getattr(r, counter)
    _same_search(a, r)


def assert_switch_like_the_twin(fen: str, switch: str, counter: str, on: bool,
                                depth: int = 4, seed: int = 5) -> None:
    """The rule switched on or off in both engines: the twin's counter moves only when
    on, and the two searches are equal."""
    pos = Position.from_fen(fen)
    rules = SearchRules(**{switch: on})
    r = think(pos, depth=depth, seed=seed, rules=rules)
    a = AsmEngine().think(pos, depth=depth, seed=seed, rules=rules)
    assert (getattr(r, counter) > 0) == on
    _same_search(a, r)
