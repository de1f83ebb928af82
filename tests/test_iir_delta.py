"""Internal iterative reduction and qsearch delta pruning (docs/search.md, search() and
qsearch()): the twin's rules, the nodes they save, and asm = twin.

Twin: a search() node below the root without a hash move, not in check, of depth >=
IIR_MIN_DEPTH searches one ply less; a qsearch node not in check skips a capture when
stand + value(victim) + QS_DELTA <= alpha. iir=False / qs_delta=False are the search
before them. Asm: node-identical to the twin where both rules fire, with the reduced
nodes and the skipped captures counted at the ROM labels srch_iir_try and
srch_delta_skip and compared with the twin's counters.
"""
from __future__ import annotations

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.bench.search import load_suite
from pyharness.reference import search as ref
from pyharness.reference.position import Position
from pyharness.reference.search import Searcher, SearchRules, think

MID = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3"


def test_constants_match_the_twin():
    c = AsmEngine().constants
    assert (c["IIR_MIN_DEPTH"], c["QS_DELTA"]) == (ref.IIR_MIN_DEPTH, ref.QS_DELTA)


def test_reduction_only_without_a_hash_move(monkeypatch):
    """Each reduction happens at a node (ply > 0, not in check, depth >= IIR_MIN_DEPTH)
    whose TT probe gave no move."""
    seen = []
    orig_probe = ref.TranspositionTable.probe
    state = {"probe": None}

    def probe(self, key):
        e = orig_probe(self, key)
        state["probe"] = e
        return e
    # null_ok() follows the reduction at every node: when the counter moved, the
    # last probe (this node's) must have given no move
    orig_null_ok = Searcher.null_ok

    def null_ok(self, depth, beta, ply, in_check):
        if self.iir_tries != state.get("tries", 0):
            state["tries"] = self.iir_tries
            e = state["probe"]
            seen.append((ply, in_check, depth + 1, e is None or not e.frm))
        return orig_null_ok(self, depth, beta, ply, in_check)
    monkeypatch.setattr(ref.TranspositionTable, "probe", probe)
    monkeypatch.setattr(Searcher, "null_ok", null_ok)
    res = think(Position.from_fen(MID), depth=5, seed=1, rules=SearchRules(iir=True))
    assert res.iir_tries == len(seen) > 20
    for ply, in_check, depth, no_move in seen:
        assert ply > 0 and not in_check and depth >= ref.IIR_MIN_DEPTH and no_move


def test_delta_pruning_skips_captures_and_saves_nodes():
    """qs_delta=False is the search before: no skip, more nodes."""
    res_on = think(Position.from_fen(MID), depth=4, seed=1, rules=SearchRules(qs_delta=True))
    res_off = think(Position.from_fen(MID), depth=4, seed=1, rules=SearchRules(qs_delta=False))
    assert res_on.delta_skips > 0 and res_off.delta_skips == 0
    assert res_on.nodes < res_off.nodes


def test_both_save_nodes_on_the_suite():
    """Measured on the whole suite at depth 4 (seed 1): 209,700 nodes without either,
    165,592 with delta pruning, 158,512 with the reduction, 130,689 with both."""
    before = {"tt_deep": False, "rfp": False, "qs_recap": False,
              "qs_see": False}                              # the search measured then
    n = {}
    for key, kw in (("none", {"iir": False, "qs_delta": False}),
                    ("both", {"iir": True, "qs_delta": True})):
        n[key] = sum(think(Position.from_fen(sp.fen), depth=3, seed=1,
                           rules=SearchRules(**kw, **before)).nodes
                     for sp in load_suite()[::3])
    assert n["both"] < 0.9 * n["none"]


# ---------------------------------------------------------------------- asm = twin

@pytest.mark.parametrize("fen, depth", [(MID, 4), (load_suite()[13].fen, 4),
                                        (load_suite()[22].fen, 5)])
def test_asm_reduces_and_prunes_like_the_twin(fen, depth):
    eng = AsmEngine()
    pos = Position.from_fen(fen)
    r = think(pos, depth=depth, seed=7, rules=SearchRules(iir=True, qs_delta=True))
    count = {"srch_iir_try": 0, "srch_delta_skip": 0}

    def hook(name):
        def on():
            count[name] += 1
        return on
    a = eng.think(pos, depth=depth, seed=7,
                  hooks={k: hook(k) for k in count}, rules=SearchRules(iir=True, qs_delta=True))
    assert r.iir_tries > 0 and r.delta_skips > 0
    assert (count["srch_iir_try"], count["srch_delta_skip"]) == (r.iir_tries, r.delta_skips)
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)


@pytest.mark.parametrize("iir, qs_delta", [(False, False), (True, False), (False, True),
                                           (True, True)])
def test_asm_switches_the_rules_like_the_twin(iir, qs_delta):
    """srch_rules (AsmEngine.think iir=, qs_delta=) switches each rule as the twin does."""
    eng = AsmEngine()
    pos = Position.from_fen(MID)
    r = think(pos, depth=4, seed=5, rules=SearchRules(iir=iir, qs_delta=qs_delta))
    a = eng.think(pos, depth=4, seed=5, rules=SearchRules(iir=iir, qs_delta=qs_delta))
    assert (r.iir_tries > 0, r.delta_skips > 0) == (iir, qs_delta)
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)
