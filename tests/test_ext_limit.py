"""The check extension's limit (docs/search.md, search(); switch ext_limit, spec key
cxl): with the rule on, a search() node in check is extended only at depth >=
CHECK_EXT_MIN_DEPTH. The twin counts the nodes it does not extend (ext_cuts), the asm
passes its hook srch_ext_cut as often, and both search the same tree on and off."""
from __future__ import annotations

import pytest

from pyharness.bench.search import load_suite
from pyharness.reference import search as ref
from pyharness.reference.position import Position
from pyharness.reference.search import SearchRules, think
from pyharness.rom.asm_engine import AsmEngine
from twin_rules import assert_hook_counts_the_twin, assert_switch_like_the_twin

SUITE = load_suite()
# red to move gives check at once (the rook on the e-file, the horse): checks near the horizon
CHECKY = "3k5/4a4/4b4/9/9/9/9/4R4/3N5/4K4 w - - 0 1"


def test_constants_match_the_twin():
    c = AsmEngine().constants
    assert c["RULE_EXT_LIMIT"] == ref.RULE_EXT_LIMIT
    assert c["CHECK_EXT_MIN_DEPTH"] == ref.CHECK_EXT_MIN_DEPTH == 2
    assert c["SRCH_RULES_DEFAULT"] == ref.SearchRules().bits()


def test_the_rule_cuts_only_depth_1_nodes_in_check():
    pos = Position.from_fen(SUITE[19].fen)
    off = think(pos, depth=4, seed=2, rules=SearchRules(ext_limit=False))
    on = think(pos, depth=4, seed=2, rules=SearchRules(ext_limit=True))
    assert off.ext_cuts == 0 < on.ext_cuts
    assert on.nodes < off.nodes


@pytest.mark.parametrize("fen, depth", [(SUITE[19].fen, 3), (SUITE[12].fen, 4), (CHECKY, 4)])
def test_asm_cuts_like_the_twin(fen, depth):
    assert_hook_counts_the_twin(fen, depth, "ext_limit", "ext_cuts", "srch_ext_cut")


@pytest.mark.parametrize("on", [False, True])
def test_asm_switches_the_rule_like_the_twin(on):
    assert_switch_like_the_twin(SUITE[13].fen, "ext_limit", "ext_cuts", on)
