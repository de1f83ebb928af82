"""The engine interface: Limits checks ranges once for both engines, SearchRules the
rules; make_engine("ref") and make_engine("asm") answer the same through
SearchEngine.think, and the asm refuses the rules it cannot play."""
from __future__ import annotations

import pytest

from pyharness.engines import ENGINE_NAMES, EngineUnavailableError, make_engine
from pyharness.limits import FRAMES_MAX, NODES_MAX, SEED_MAX, Limits, LimitsError
from pyharness.reference.levels import MAX_DEPTH, level_count
from pyharness.reference.position import Position
from pyharness.reference.search import RULE_DELTA, RULE_IIR, RULE_RFP, SearchInputError, SearchRules
from pyharness.rom.asm_engine import srch_rules


@pytest.mark.parametrize("kwargs, word", [
    ({}, "give a level"),
    ({"depth": 0}, "depth must be 1..24"),
    ({"depth": MAX_DEPTH + 1}, "depth"),
    ({"level": 0}, f"level must be 1..{level_count()}"),
    ({"level": level_count() + 1}, "level"),
    ({"depth": 1, "nodes": -1}, "nodes"),
    ({"depth": 1, "nodes": NODES_MAX + 1}, "nodes"),
    ({"depth": 1, "frames": FRAMES_MAX + 1}, "frames"),
    ({"depth": 1, "seed": -5}, "seed"),
    ({"depth": 1, "seed": SEED_MAX + 1}, "seed"),
    ({"depth": True}, "whole number"),
])
def test_limits_refuse_out_of_range(kwargs, word):
    with pytest.raises(LimitsError, match=word):
        Limits(**kwargs)


@pytest.mark.parametrize("name", ENGINE_NAMES)
def test_asm_engine_think_checks_the_same_ranges(name):
    engine = make_engine(name)
    if name == "asm":
        with pytest.raises(LimitsError, match="depth"):
            engine.engine.think(Position.start(), depth=0)
        with pytest.raises(LimitsError, match="seed"):
            engine.engine.think(Position.start(), depth=1, seed=-5)


def test_both_engines_answer_the_same_through_the_protocol():
    pos = Position.from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
    pos.push(pos.parse_move("h2e2"))
    limits = Limits(depth=2, seed=77)
    ref, asm = make_engine("ref"), make_engine("asm")
    r, a = ref.think(pos, limits), asm.think(pos, limits)
    assert not ref.measures_cycles and asm.measures_cycles
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)
    assert a.cycles > 1000 * a.nodes
    assert isinstance(a, type(r))          # one result type: the asm's adds cycles


def test_unknown_engine_and_twin_only_rules_for_asm():
    with pytest.raises(ValueError, match="unknown engine"):
        make_engine("auto")
    for twin_only in ({"lmr": False}, {"tt_deep": False}, {"time_manage": False},
                      {"plan_changed": 3}, {"plan_kept": 3}, {"lmr_depth": 2},
                      {"lmr_move": 2}, {"recapture": False}):
        name, value = next(iter(twin_only.items()))
        with pytest.raises(LimitsError, match=f"cannot play {name}={value!r} .*Python twin"):
            make_engine("asm").think(Position.start(), Limits(depth=1), SearchRules(**twin_only))
    assert set(SearchRules.asm_plays()) == {"null_move", "iir", "qs_delta", "rfp", "qs_recap",
                                            "qs_see", "bad_caps", "lmr_deep", "ext_limit"}


@pytest.mark.parametrize("kwargs, word", [
    ({"plan_kept": 2}, "plan_kept must be 3..4"),
    ({"plan_changed": 4}, "plan_changed must be 2..3"),
    ({"lmr_move": 4}, "lmr_move must be 2..3"),
    ({"lmr_depth": True}, "lmr_depth must be 2..3"),
    ({"rfp": 1}, "rfp is True or False"),
])
def test_rules_refuse_out_of_range(kwargs, word):
    with pytest.raises(SearchInputError, match=word):
        SearchRules(**kwargs)


def test_rules_of_numbers_and_the_asm_bits():
    assert SearchRules.of(rfp=0, lmr_move=2) == SearchRules(rfp=False, lmr_move=2)
    with pytest.raises(SearchInputError, match="unknown rules bogus"):
        SearchRules.of(bogus=1)
    default = SearchRules().bits()
    assert SearchRules(iir=True).bits() == default | RULE_IIR
    assert SearchRules(rfp=False).bits() == default & ~RULE_RFP
    assert srch_rules(SearchRules()) == 0
    assert srch_rules(SearchRules(rfp=False, qs_delta=True)) == RULE_RFP | RULE_DELTA


def test_open_asm_engine_reports_a_missing_rom_as_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("XQ65_ROM", str(tmp_path / "none.nes"))
    with pytest.raises(EngineUnavailableError, match="none.nes not found"):
        make_engine("asm")
