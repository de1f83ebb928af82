"""The quiescence's skip of defended cheaper victims (docs/search.md, qsearch()): the
twin's rule, its defender test, the nodes it saves, and asm = twin.

Twin: a qsearch node out of check does not search a capture whose victim is worth less
(MVV_LVA_VALUE) than its taker when the opponent defends the target
(Searcher.defended: Position.square_attacked, or an opponent's pawn beside the square on
either half). qs_see=False is the search before it. Asm: qs_see_skip skips the same
captures, counted at the ROM label srch_see_skip; the searches are node-identical with
the rule on and off (srch_rules).
"""
from __future__ import annotations

import pytest

from pyharness.bench.search import load_suite
from pyharness.reference import search as ref
from pyharness.reference.board import PAWN, PIECE_TYPES
from pyharness.reference.lfsr import Lfsr
from pyharness.reference.position import Position
from pyharness.reference.search import Searcher, SearchRules, think
from pyharness.rom.asm_engine import AsmEngine
from twin_rules import assert_hook_counts_the_twin, assert_switch_like_the_twin

SUITE = load_suite()
MID = SUITE[19].fen                 # mid-10: deep capture chains

# a red rook takes a black pawn on e6 that the black cannon on e8 guards over the black
# horse on e7 (its screen), another takes a black pawn on a6 that nothing guards: only
# the first capture is skipped
SCREENED = "3akab2/4c4/4n4/p3p4/9/4R4/R8/9/9/4K4 w - - 0 1"


def test_constants_match_the_twin():
    c = AsmEngine().constants
    assert c["RULE_QS_SEE"] == ref.RULE_QS_SEE
    assert c["SRCH_RULES_DEFAULT"] == ref.SearchRules().bits()


def _value(code: int) -> int:
    return ref.MVV_LVA_VALUE[PIECE_TYPES[code & 15]]


def test_defended_is_the_attack_test_plus_pawns_beside_the_square():
    """Searcher.defended on every occupied square of the suite's positions: the
    opponent's attack test, or one of its pawns on a neighbouring square of the rank."""
    checked = extra = 0
    for sp in SUITE:
        pos = Position.from_fen(sp.fen)
        s = Searcher(pos, ref.SearchLimits(), Lfsr.seeded(1))
        opp_tag = 0x20 if pos.side == 0 else 0x10
        for sq, code in enumerate(pos.board):
            if code in (0, 0xFF):
                continue
            beside = any(pos.board[t] & 0x30 == opp_tag and PIECE_TYPES[pos.board[t] & 15]
                         == PAWN for t in (sq - 1, sq + 1) if pos.board[t] != 0xFF)
            attacked = pos.square_attacked(sq, pos.side ^ 1)
            assert s.defended(sq) == (attacked or beside), (sp.name, sq)
            checked += 1
            extra += beside and not attacked
    assert checked > 500 and extra > 0


def test_a_skip_only_where_the_rule_allows(monkeypatch):
    """Every skipped capture is made by a qsearch node out of check, takes a cheaper
    victim than its taker, and lands on a defended square; every capture such a node
    makes is not of that kind."""
    made = []
    orig_q, orig_make = Searcher.qsearch, Searcher.make
    frames = []

    def qsearch(self, alpha, beta, ply):
        frames.append(self.checks[-1])
        try:
            return orig_q(self, alpha, beta, ply)
        finally:
            frames.pop()

    def make(self, move):
        if frames and not frames[-1]:
            b = self.pos.board
            made.append(_value(b[move.to]) < _value(b[move.frm]) and self.defended(move.to))
        return orig_make(self, move)
    monkeypatch.setattr(Searcher, "qsearch", qsearch)
    monkeypatch.setattr(Searcher, "make", make)
    res = think(Position.from_fen(MID), depth=3, seed=1, rules=SearchRules(qs_see=True))
    assert res.see_skips > 50 and len(made) > 50 and not any(made)
    made.clear()
    res = think(Position.from_fen(MID), depth=3, seed=1, rules=SearchRules(qs_see=False))
    assert res.see_skips == 0 and any(made)


def test_a_screened_guard_counts_and_an_unguarded_victim_is_searched():
    pos = Position.from_fen(SCREENED)
    s = Searcher(pos, ref.SearchLimits(), Lfsr.seeded(1))
    moves = [m for m in pos.legal_moves() if pos.board[m.to]]
    names = {m.iccs(): s.defended(m.to) for m in moves}
    assert names == {"e4e6": True, "a3a6": False}, names


def test_the_rule_saves_nodes_on_the_suite():
    """Measured (tools/lab/suite_nodes.py, seed 1): depth 4 182,165 nodes without it,
    130,264 with it; depth 5 626,575 and 427,490."""
    n = {}
    for on in (False, True):
        n[on] = sum(think(Position.from_fen(sp.fen), depth=4, seed=1,
                          rules=SearchRules(qs_see=on)).nodes
                    for sp in SUITE[1::3])
    assert n[True] < 0.85 * n[False], n


# ---------------------------------------------------------------------- asm = twin

@pytest.mark.parametrize("fen, depth", [(MID, 3), (SUITE[12].fen, 4), (SUITE[2].fen, 4),
                                        (SUITE[25].fen, 5), (SCREENED, 3)])
def test_asm_skips_like_the_twin(fen, depth):
    assert_hook_counts_the_twin(fen, depth, "qs_see", "see_skips", "srch_see_skip")


@pytest.mark.parametrize("on", [False, True])
def test_asm_switches_the_rule_like_the_twin(on):
    assert_switch_like_the_twin(SUITE[13].fen, "qs_see", "see_skips", on)
