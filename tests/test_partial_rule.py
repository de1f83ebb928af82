"""The twin-only `partial` rule (docs/search.md, "Every iteration can be stopped"): a stop
inside iteration d > 1 answers with the best root move completed at depth d instead of
iteration d - 1's answer; the tree is the same, and the asm does not take the rule."""
from __future__ import annotations

import pytest

from pyharness.bench.suite import load_suite
from pyharness.match.registry import SpecError, parse_spec
from pyharness.reference.position import Position
from pyharness.reference.search import SearchRules, think


def _mid10() -> Position:
    return Position.from_fen(next(p.fen for p in load_suite() if p.name == "mid-10"))


def test_a_stopped_iteration_answers_with_its_best_completed_root_move():
    pos = _mid10()
    plain = think(pos, depth=24, nodes=2000, seed=1)
    part = think(pos, depth=24, nodes=2000, seed=1, rules=SearchRules.of(partial=1))
    assert plain.stopped and part.stopped and plain.nodes == part.nodes
    assert plain.depth == part.depth == 2
    assert plain.best_move == plain.pv[0] and plain.best_move.iccs() == \
        plain.iterations[-1][3]                       # iteration 2's answer
    assert part.best_move != plain.best_move          # a move iteration 3 completed
    assert part.pv[0] == part.best_move and part.score != plain.score
    assert part.best_move in pos.legal_moves()


def test_a_search_that_is_not_stopped_is_unchanged():
    pos = _mid10()
    a = think(pos, depth=3, seed=1)
    b = think(pos, depth=3, seed=1, rules=SearchRules.of(partial=1))
    assert not a.stopped and (a.best_move, a.score, a.nodes, a.pv) == \
        (b.best_move, b.score, b.nodes, b.pv)


def test_the_rule_is_the_twins_alone():
    assert parse_spec("ref:L5,prt=1")
    with pytest.raises(SpecError, match="asm does not take 'prt'"):
        parse_spec("asm:L5,prt=1")
