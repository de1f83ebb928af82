"""The engine interface: Limits checks ranges once for both engines; make_engine("ref")
and make_engine("asm") answer the same through SearchEngine.think."""
from __future__ import annotations

import pytest

from pyharness.engines import ENGINE_NAMES, EngineUnavailableError, make_engine
from pyharness.limits import FRAMES_MAX, NODES_MAX, SEED_MAX, Limits, LimitsError
from pyharness.reference.levels import MAX_DEPTH
from pyharness.reference.position import Position


@pytest.mark.parametrize("kwargs, word", [
    ({}, "give a level"),
    ({"depth": 0}, "depth must be 1..24"),
    ({"depth": MAX_DEPTH + 1}, "depth"),
    ({"level": 0}, "level must be 1..5"),
    ({"level": 6}, "level"),
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


def test_unknown_engine_and_twin_only_switches_for_asm():
    with pytest.raises(ValueError, match="unknown engine"):
        make_engine("auto")
    with pytest.raises(LimitsError, match="late-move reductions"):
        make_engine("asm").think(Position.start(), Limits(depth=1, lmr=False))
    with pytest.raises(LimitsError, match="keeps deeper entries"):
        make_engine("asm").think(Position.start(), Limits(depth=1, tt_deep=False))
    for plan in ({"time_manage": False}, {"time_manage": 3}, {"plan_kept": 3}):
        with pytest.raises(LimitsError, match="PLAN_CHANGED_HALVES and PLAN_KEPT_HALVES"):
            make_engine("asm").think(Position.start(), Limits(depth=1, **plan))
    with pytest.raises(LimitsError, match="plan_kept must be 3..4"):
        Limits(level=4, plan_kept=2)
    with pytest.raises(LimitsError, match="time_manage must be 2..3"):
        Limits(level=4, time_manage=4)
    for twin_only in ({"lmr_depth": 2}, {"lmr_move": 2}):
        with pytest.raises(LimitsError, match="are for the Python twin"):
            make_engine("asm").think(Position.start(), Limits(depth=1, **twin_only))
    with pytest.raises(LimitsError, match="lmr_move must be 2..3"):
        Limits(depth=1, lmr_move=4)


def test_open_asm_engine_reports_a_missing_rom_as_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("XQ65_ROM", str(tmp_path / "none.nes"))
    with pytest.raises(EngineUnavailableError, match="none.nes not found"):
        make_engine("asm")
