"""The quiescence's recaptures-only rule (docs/search.md, qsearch()): the twin's rule,
the nodes it saves, and asm = twin.

Twin: a qsearch node out of check, QS_RECAP_PLY or more plies below the search()
node that called the quiescence (the horizon), searches only the captures onto the
square of the last move, in the legal list's order. qs_recap=False is the search before
it. Asm: qs_recap_only filters the captures' list the same way; the searches are
node-identical with the rule on and off (srch_rules).
"""
from __future__ import annotations

import pytest

from pyharness.bench.search import load_suite
from pyharness.reference import search as ref
from pyharness.reference.position import Position
from pyharness.reference.search import Searcher, SearchRules, think
from pyharness.rom.asm_engine import AsmEngine

MID = load_suite()[19].fen          # mid-10: deep capture chains
DEEP = load_suite()[13].fen         # mid-04: 117 deep captures with the rule, 1,115 without


def test_constants_match_the_twin():
    c = AsmEngine().constants
    assert c["QS_RECAP_PLY"] == ref.QS_RECAP_PLY


@pytest.mark.parametrize("on", [False, True])
def test_deep_quiescence_nodes_search_recaptures_only(monkeypatch, on):
    """With the rule every capture made by a deep qsearch node out of check lands on
    the last move's square; without it some do not."""
    frames, made = [], []
    orig_q, orig_make = Searcher.qsearch, Searcher.make

    def qsearch(self, alpha, beta, ply):
        frames.append((ply - self.qs_start, self.pos.last_move_to(), self.checks[-1]))
        try:
            return orig_q(self, alpha, beta, ply)
        finally:
            frames.pop()

    def make(self, move):
        if frames:
            made.append(frames[-1] + (move.to,))
        return orig_make(self, move)
    monkeypatch.setattr(Searcher, "qsearch", qsearch)
    monkeypatch.setattr(Searcher, "make", make)
    think(Position.from_fen(DEEP), depth=3, seed=1, rules=SearchRules(qs_recap=on, qs_see=False))
    deep = [(last, to) for qd, last, check, to in made
            if qd >= ref.QS_RECAP_PLY and not check]
    assert len(deep) > 20       # enough deep captures to judge; how many is the tables'
    assert all(last == to for last, to in deep) == on


def test_the_rule_saves_nodes_on_the_suite():
    """Measured (tools/lab/suite_nodes.py, seed 1, depth 4, the skip of defended victims off):
    182,165 nodes without it, 146,293 with it; depth 5 626,575 and 493,178."""
    n = {}
    for on in (False, True):
        n[on] = sum(think(Position.from_fen(sp.fen), depth=4, seed=1,
                          rules=SearchRules(qs_recap=on, qs_see=False)).nodes
                    for sp in load_suite()[1::3])
    assert n[True] < 0.9 * n[False], n


# ---------------------------------------------------------------------- asm = twin

@pytest.mark.parametrize("on", [False, True])
@pytest.mark.parametrize("fen, depth", [(MID, 3), (load_suite()[2].fen, 4),
                                        (load_suite()[25].fen, 5)])
def test_asm_searches_like_the_twin_with_the_rule_on_and_off(fen, depth, on):
    eng = AsmEngine()
    pos = Position.from_fen(fen)
    r = think(pos, depth=depth, seed=3, rules=SearchRules(qs_recap=on))
    a = eng.think(pos, depth=depth, seed=3, rules=SearchRules(qs_recap=on))
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)
