"""search()'s ordering of bad captures (docs/search.md, "Move ordering"): the twin's
keys, the nodes the rule saves, and asm = twin.

Twin: at a search() node (killers on) a capture of a victim worth less (MVV_LVA_VALUE)
than its taker onto a square the opponent defends (Searcher.defended, the qsearch's
defender test) gets KEY_BAD_CAPTURE: after the killers, before every quiet move, and
not reduced by late-move reductions. The test runs when a pick selects the capture
(pick_search), so a cutoff spares the rest. bad_caps=False is the search before it.
Asm: srch_lazy_bad lowers the same keys at the same picks, counted at the ROM label
srch_bad_cap; the searches are node-identical with the rule on and off (srch_rules).
"""
from __future__ import annotations

import pytest

from pyharness.bench.search import load_suite
from pyharness.reference import search as ref
from pyharness.reference.lfsr import Lfsr
from pyharness.reference.position import Position
from pyharness.reference.search import Searcher, SearchRules, think
from pyharness.rom.asm_engine import AsmEngine
from twin_rules import assert_hook_counts_the_twin, assert_switch_like_the_twin

SUITE = load_suite()
MID = SUITE[19].fen

# a red rook takes a black pawn on e6 that the black cannon on e8 guards over the black
# horse on e7 (its screen), another takes a black pawn on a6 that nothing guards
SCREENED = "3akab2/4c4/4n4/p3p4/9/4R4/R8/9/9/4K4 w - - 0 1"


def test_constants_match_the_twin_and_keep_the_key_order():
    c = AsmEngine().constants
    for name in ("RULE_BAD_CAPS", "KEY_BAD_CAPTURE", "KEY_KILLER1", "KEY_KILLER2",
                 "KEY_CAPTURE", "SRCH_RULES_DEFAULT"):
        assert c[name] == (ref.SearchRules().bits() if name == "SRCH_RULES_DEFAULT"
                           else getattr(ref, name)), name
    # history keys: twin 0..127 (history >> 1), asm 1..128; the least capture key is
    # KEY_CAPTURE - 1 + 8 * 1 - 6
    assert 128 < ref.KEY_BAD_CAPTURE < ref.KEY_KILLER2 < ref.KEY_KILLER1 \
        < ref.KEY_CAPTURE + 1 < ref.KEY_HASH


def _picks(fen: str, bad_caps: bool) -> list[tuple[str, int]]:
    """The search() node's pick sequence at the root: (move, its key when picked)."""
    pos = Position.from_fen(fen)
    lim = ref.SearchLimits(rules=ref.SearchRules(bad_caps=bad_caps))
    s = Searcher(pos, lim, Lfsr.seeded(1))
    moves = pos.legal_moves()
    pending: set = set()
    keys = s.order_keys(moves, 0, None, True, pending)
    out = [(s.pick_search(moves, keys, i, pending).iccs(), keys[i]) for i in range(len(moves))]
    assert not pending and s.bad_captures == (1 if bad_caps else 0)
    return out


def test_a_defended_cheaper_victim_is_picked_after_the_killers_and_before_quiet_moves():
    on = _picks(SCREENED, True)
    assert on[0][0] == "a3a6" and on[0][1] > ref.KEY_KILLER1     # unguarded pawn: MVV/LVA
    assert on[1] == ("e4e6", ref.KEY_BAD_CAPTURE)               # guarded by the cannon
    assert max(k for _, k in on[2:]) < ref.KEY_BAD_CAPTURE
    # switched off: both captures keep MVV/LVA, the first found first
    off = dict(_picks(SCREENED, False))
    assert off["e4e6"] == off["a3a6"] > ref.KEY_KILLER1
    # a qsearch evasion list (no killers, no pending set): MVV/LVA
    pos = Position.from_fen(SCREENED)
    s = Searcher(pos, ref.SearchLimits(), Lfsr.seeded(1))
    moves = pos.legal_moves()
    keys = dict(zip((m.iccs() for m in moves), s.order_keys(moves, 0, None, False)))
    assert keys["e4e6"] > ref.KEY_KILLER1 and s.bad_captures == 0


def test_the_lazy_test_keeps_the_eager_sequence():
    """Keying every defended cheaper capture at node start (the rule as first built)
    and testing it when a pick selects it give the same pick sequence, on every
    search() node list of a real search."""
    seen = {"lists": 0, "tested": 0}
    orig = Searcher.order_keys

    def check(self, moves, ply, hash_move, use_killers, pending=None):
        keys = orig(self, moves, ply, hash_move, use_killers, pending)
        if pending:
            eager = [ref.KEY_BAD_CAPTURE if m in pending and self.defended(m.to) else k
                     for m, k in zip(moves, keys)]
            em, lm, lk, lp = list(moves), list(moves), list(keys), set(pending)
            before = self.bad_captures
            seq_e = [Searcher.pick(em, eager, i) for i in range(len(em))]
            seq_l = [self.pick_search(lm, lk, i, lp) for i in range(len(lm))]
            assert seq_e == seq_l and eager == lk
            seen["lists"] += 1
            seen["tested"] += self.bad_captures - before
            self.bad_captures = before
        return keys
    Searcher.order_keys = check
    try:
        think(Position.from_fen(MID), depth=3, seed=1)
    finally:
        Searcher.order_keys = orig
    assert seen["lists"] > 20 and seen["tested"] > 0, seen


def test_the_rule_saves_nodes_on_the_suite():
    """Measured (tools/lab/suite_nodes.py, seed 1): depth 4 130,264 nodes without it,
    113,976 with it (middlegames 67,264 -> 56,266); depth 5 427,490 and 354,392."""
    n = {}
    for on in (False, True):
        n[on] = sum(think(Position.from_fen(sp.fen), depth=4, seed=1,
                          rules=SearchRules(bad_caps=on)).nodes
                    for sp in SUITE[1::3])
    assert n[True] < 0.95 * n[False], n


# ---------------------------------------------------------------------- asm = twin

@pytest.mark.parametrize("fen, depth", [(MID, 3), (SUITE[12].fen, 4), (SUITE[2].fen, 4),
                                        (SUITE[25].fen, 4), (SCREENED, 3)])
def test_asm_keys_like_the_twin(fen, depth):
    assert_hook_counts_the_twin(fen, depth, "bad_caps", "bad_captures", "srch_bad_cap")


@pytest.mark.parametrize("on", [False, True])
def test_asm_switches_the_rule_like_the_twin(on):
    assert_switch_like_the_twin(SUITE[13].fen, "bad_caps", "bad_captures", on)
