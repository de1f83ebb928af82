"""Rules by level (assets/levels.txt `rules`, docs/search.md "Rules by level"): a level
switches search rules on; the twin (think(level=...)) and the asm (srch_start ORs
level_rules into sr_rules) play them alike, node for node; a depth think plays none."""
from __future__ import annotations

import pytest

from pyharness.bench.search import load_suite
from pyharness.reference import assets
from pyharness.reference.levels import all_levels, get_level
from pyharness.reference.position import Position
from pyharness.reference.search import SearchInputError, SearchRules, think
from pyharness.rom.asm_engine import AsmEngine

SUITE = {p.name: p.fen for p in load_suite()}
#: the levels that name internal iterative reduction
IIR_LEVELS = [lv.number for lv in all_levels() if "iir" in lv.rules]
#: the levels that name the null move (the asm's level_null byte, not a srch_rules bit)
NULL_LEVELS = [lv.number for lv in all_levels() if "null_move" in lv.rules]


def test_the_table_names_rules_a_level_can_switch_on():
    for lv in all_levels():
        SearchRules.level_switches(lv.rules)
    assert IIR_LEVELS == [4]
    assert NULL_LEVELS == [5]
    assert SearchRules.level_switches(("null_move",)) == 0      # no srch_rules bit


@pytest.mark.parametrize("names, message", [
    (("rfp",), "cannot switch on the rule 'rfp'"),          # on by default
    (("partial",), "cannot switch on the rule 'partial'"),  # the twin's alone
    (("lmr_depth",), "cannot switch on"),                   # a number, not a switch
    (("nonsense",), "a level's rules: "),
])
def test_a_rule_a_level_cannot_name_is_refused(names, message):
    with pytest.raises(SearchInputError, match=message):
        SearchRules.level_switches(names)


def test_the_levels_file_column_is_checked(tmp_path):
    good = "1 4 600 0 1 1 0 iir+qs_delta 高级 Hard\n"
    f = tmp_path / "levels.txt"
    f.write_text(good, encoding="utf-8")
    assert assets.load_levels(f)[0].rules == ("iir", "qs_delta")
    for bad in ("1 4 600 0 1 1 0 IIR x y\n", "1 4 600 0 1 1 0 iir+iir x y\n",
                "1 4 600 0 1 1 0 x y\n"):
        f.write_text(bad, encoding="utf-8")
        with pytest.raises(assets.AssetError):
            assets.load_levels(f)


def test_with_level_switches_on_whatever_the_caller_says():
    assert SearchRules().with_level(("iir",)).iir
    assert SearchRules(iir=True).with_level(("iir",)).iir
    assert SearchRules(iir=True).with_level(()) == SearchRules(iir=True)


def test_the_twin_reduces_at_the_level_and_not_at_its_depth():
    """Level 4 without its frame cap is depth 4 with the level's rules."""
    pos = Position.from_fen(SUITE["mid-02"])
    lv = think(pos, level=4, frames=0, seed=1, use_book=False)
    plain = think(pos, depth=4, seed=1)
    same = think(pos, depth=4, seed=1, rules=SearchRules(iir=True))
    assert lv.iir_tries > 0 and plain.iir_tries == 0
    assert (lv.nodes, lv.best_move, lv.score, lv.pv) == \
        (same.nodes, same.best_move, same.score, same.pv)
    assert lv.nodes < plain.nodes
    assert think(pos, level=3, frames=0, seed=1, use_book=False).iir_tries == 0


#: (the levels that name a rule, the asm hook its try passes, the twin's count of tries)
RULE_TRIES = [(IIR_LEVELS, "srch_iir_try", "iir_tries"),
              (NULL_LEVELS, "srch_null_try", "null_tries")]


@pytest.mark.parametrize("levels, hook, count", RULE_TRIES)
@pytest.mark.parametrize("name", ["open-02", "mid-04", "end-05"])
def test_the_asm_plays_the_levels_rules_node_for_node(name, levels, hook, count):
    """srch_start ORs a level's level_rules into sr_rules and its level_null into
    sr_null: the rule's tries at a level that names it are the twin's, node for node
    (to depth 4: level 5 would iterate to depth 24 without its cap)."""
    eng = AsmEngine()
    pos = Position.from_fen(SUITE[name])
    for level in levels:
        tries = [0]

        def on():
            tries[0] += 1
        trace_a, trace_r = [], []
        a = eng.think(pos, level=level, depth=4, frames=0, seed=3, use_book=False,
                      trace=trace_a, hooks={hook: on})
        r = think(pos, level=level, depth=4, frames=0, seed=3, use_book=False, trace=trace_r)
        assert getattr(r, count) > 0 and tries[0] == getattr(r, count)
        assert trace_a == trace_r
        assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
            (r.best_move, r.score, r.depth, r.nodes, r.pv)
    # a depth think after a level think plays no level rule (both bytes are set each time)
    tries = [0]

    def on_depth():
        tries[0] += 1
    a = eng.think(pos, depth=4, seed=3, hooks={hook: on_depth})
    assert tries[0] == 0 and a.nodes == think(pos, depth=4, seed=3).nodes


def test_level_rules_table_is_the_twins():
    """build/levels.inc's level_rules row: each level's RULE_* bits."""
    from pyharness.rom.build import build_rom
    built = build_rom(quiet=True)
    text = (built.rom.parent / "levels.inc").read_text(encoding="utf-8")
    row = text.split("level_rules:", 1)[1].split("\n", 2)[1]
    got = [int(v) for v in row.replace(".byte", "").split(",")]
    assert got == [SearchRules.level_switches(get_level(n).rules)
                   for n in range(1, len(all_levels()) + 1)]
    assert got[3] == SearchRules.level_switches(("iir",)) != 0
    row = text.split("level_null:", 1)[1].split("\n", 2)[1]
    got = [int(v) for v in row.replace(".byte", "").split(",")]
    assert got == [int(n in NULL_LEVELS) for n in range(1, len(all_levels()) + 1)]
