"""Reverse futility pruning (docs/search.md, search()): the twin's rule, the nodes it
saves, and asm = twin.

Twin: a search() node below the root, not in check, of depth <= RFP_MAX_DEPTH (after
the check extension), with -WIN < beta < WIN, returns its static eval when
eval - RFP_MARGIN * depth >= beta. rfp=False is the search before it. Asm: the same
nodes cut, counted at the ROM label srch_rfp_cut, and node-identical searches with the
rule on and off (srch_rules).
"""
from __future__ import annotations

import pytest

from pyharness.bench.search import load_suite
from pyharness.reference import search as ref
from pyharness.reference.position import Position
from pyharness.reference.search import Searcher, SearchRules, think
from pyharness.rom.asm_engine import AsmEngine

MID = load_suite()[10].fen          # mid-01: 170 cuts at depth 4, seed 5


def test_constants_match_the_twin():
    c = AsmEngine().constants
    assert (c["RFP_MAX_DEPTH"], c["RFP_MARGIN"]) == (ref.RFP_MAX_DEPTH, ref.RFP_MARGIN)


def test_a_cut_only_where_the_rule_allows(monkeypatch):
    """Every cut is at ply > 0, not in check, depth <= RFP_MAX_DEPTH, |beta| < WIN and
    eval - margin * depth >= beta; the value returned is the eval."""
    seen = []
    orig = Searcher.search

    def search(self, depth, alpha, beta, ply):
        before, nodes = self.rfp_cuts, self.nodes
        in_check = self.checks[-1]
        stand = self.evaluate()
        v = orig(self, depth, alpha, beta, ply)
        # a cut at this node made no move; a cut below it would have
        if self.rfp_cuts == before + 1 and self.nodes == nodes and not self.stopped:
            seen.append((ply, in_check, depth, beta, stand, v))
        return v
    monkeypatch.setattr(Searcher, "search", search)
    res = think(Position.from_fen(MID), depth=4, seed=1)
    assert res.rfp_cuts == len(seen) > 20
    for ply, in_check, depth, beta, stand, v in seen:
        assert ply > 0 and not in_check and 1 <= depth <= ref.RFP_MAX_DEPTH
        assert -ref.WIN < beta < ref.WIN and v == stand
        assert stand - ref.RFP_MARGIN * depth >= beta


def test_the_rule_saves_nodes_on_the_suite():
    """Measured (tools/lab/suite_nodes.py, seed 1, depth 4): 194,814 nodes without it,
    182,165 with it; depth 5 748,150 and 626,575."""
    n = {}
    for rfp in (False, True):
        n[rfp] = sum(think(Position.from_fen(sp.fen), depth=4, seed=1,
                           rules=SearchRules(rfp=rfp)).nodes
                     for sp in load_suite()[::3])
    assert n[True] < 0.97 * n[False], n


# ---------------------------------------------------------------------- asm = twin

@pytest.mark.parametrize("fen, depth", [(MID, 4), (load_suite()[0].fen, 4),
                                        (load_suite()[22].fen, 5)])
def test_asm_cuts_like_the_twin(fen, depth):
    eng = AsmEngine()
    pos = Position.from_fen(fen)
    r = think(pos, depth=depth, seed=7)
    count = {"srch_rfp_cut": 0}

    def on():
        count["srch_rfp_cut"] += 1
    a = eng.think(pos, depth=depth, seed=7, hooks={"srch_rfp_cut": on})
    assert r.rfp_cuts > 0 and count["srch_rfp_cut"] == r.rfp_cuts
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)


@pytest.mark.parametrize("rfp", [False, True])
def test_asm_switches_the_rule_like_the_twin(rfp):
    eng = AsmEngine()
    pos = Position.from_fen(MID)
    r = think(pos, depth=4, seed=5, rules=SearchRules(rfp=rfp))
    a = eng.think(pos, depth=4, seed=5, rules=SearchRules(rfp=rfp))
    assert (r.rfp_cuts > 0) == rfp
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)
