"""search()'s ordering of bad captures (docs/search.md, "Move ordering"): the twin's
keys, the nodes the rule saves, and asm = twin.

Twin: at a search() node (killers on) a capture of a victim worth less (MVV_LVA_VALUE)
than its taker onto a square the opponent defends (Searcher.defended, the qsearch's
defender test) gets KEY_BAD_CAPTURE: after the killers, before every quiet move, and
not reduced by late-move reductions. bad_caps=False is the search before it. Asm:
srch_bad_caps lowers the same keys, counted at the ROM label srch_bad_cap; the searches
are node-identical with the rule on and off (srch_rules).
"""
from __future__ import annotations

import pytest

from pyharness.bench.search import load_suite
from pyharness.reference import search as ref
from pyharness.reference.lfsr import Lfsr
from pyharness.reference.position import Position
from pyharness.reference.search import Searcher, think
from pyharness.rom.asm_engine import AsmEngine

SUITE = load_suite()
MID = SUITE[19].fen

# a red rook takes a black pawn on e6 that the black cannon on e8 guards over the black
# horse on e7 (its screen), another takes a black pawn on a6 that nothing guards
SCREENED = "3akab2/4c4/4n4/p3p4/9/4R4/R8/9/9/4K4 w - - 0 1"


def test_constants_match_the_twin_and_keep_the_key_order():
    c = AsmEngine().constants
    for name in ("RULE_BAD_CAPS", "KEY_BAD_CAPTURE", "KEY_KILLER1", "KEY_KILLER2",
                 "KEY_CAPTURE", "SRCH_RULES_DEFAULT"):
        assert c[name] == (ref.rules_default() if name == "SRCH_RULES_DEFAULT"
                           else getattr(ref, name)), name
    # history keys: twin 0..127 (history >> 1), asm 1..128; the least capture key is
    # KEY_CAPTURE - 1 + 8 * 1 - 6
    assert 128 < ref.KEY_BAD_CAPTURE < ref.KEY_KILLER2 < ref.KEY_KILLER1 \
        < ref.KEY_CAPTURE + 1 < ref.KEY_HASH


def _keys(fen: str, use_killers: bool, bad_caps: bool) -> dict[str, int]:
    pos = Position.from_fen(fen)
    lim = ref.SearchLimits()
    lim.bad_caps = bad_caps
    s = Searcher(pos, lim, Lfsr.seeded(1))
    moves = pos.legal_moves()
    return {m.iccs(): k for m, k in zip(moves, s.order_keys(moves, 0, None, use_killers))}


def test_a_defended_cheaper_victim_gets_the_bad_capture_key_at_search_nodes_only():
    on = _keys(SCREENED, True, True)
    assert on["e4e6"] == ref.KEY_BAD_CAPTURE               # pawn guarded by the cannon
    assert on["a3a6"] > ref.KEY_KILLER1                     # unguarded: MVV/LVA
    quiet = [k for m, k in on.items() if m not in ("e4e6", "a3a6")]
    assert max(quiet) < ref.KEY_BAD_CAPTURE
    # the qsearch's evasion lists (no killers) and the rule switched off: MVV/LVA
    assert _keys(SCREENED, False, True)["e4e6"] == _keys(SCREENED, True, False)["e4e6"] \
        > ref.KEY_KILLER1


def test_the_rule_saves_nodes_on_the_suite():
    """Measured (tools/suite_nodes.py, seed 1): depth 4 130,264 nodes without it,
    113,976 with it (middlegames 67,264 -> 56,266); depth 5 427,490 and 354,392."""
    n = {}
    for on in (False, True):
        n[on] = sum(think(Position.from_fen(sp.fen), depth=4, seed=1, bad_caps=on).nodes
                    for sp in SUITE[1::3])
    assert n[True] < 0.95 * n[False], n


# ---------------------------------------------------------------------- asm = twin

@pytest.mark.parametrize("fen, depth", [(MID, 3), (SUITE[12].fen, 4), (SUITE[2].fen, 4),
                                        (SUITE[25].fen, 4), (SCREENED, 3)])
def test_asm_keys_like_the_twin(fen, depth):
    eng = AsmEngine()
    pos = Position.from_fen(fen)
    r = think(pos, depth=depth, seed=3, bad_caps=True)
    count = {"n": 0}

    def on():
        count["n"] += 1
    a = eng.think(pos, depth=depth, seed=3, bad_caps=True, hooks={"srch_bad_cap": on})
    assert r.bad_captures > 0 and count["n"] == r.bad_captures
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)


@pytest.mark.parametrize("on", [False, True])
def test_asm_switches_the_rule_like_the_twin(on):
    eng = AsmEngine()
    pos = Position.from_fen(SUITE[13].fen)
    r = think(pos, depth=4, seed=5, bad_caps=on)
    a = eng.think(pos, depth=4, seed=5, bad_caps=on)
    assert (r.bad_captures > 0) == on
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)
