"""Engine spec strings: parsing, canonical text, clear errors, ref/asm hooks."""
from __future__ import annotations

import sys
import types

import pytest
from click.testing import CliRunner

from pyharness.cli import main
from pyharness.match import (EngineSpec, EngineUnavailableError, GameView, SearchPlayer,
                             SpecError, check_spec, make_player, parse_spec, search_seed)
from pyharness.match.registry import RULE_KEYS, engine_kinds
from pyharness.reference.levels import level_count
from pyharness.reference.position import Move, Position
from pyharness.reference.search import SearchRules


@pytest.mark.parametrize("text, kind, options, canonical", [
    ("fsf:depth=3", "fsf", {"depth": 3}, "fsf:depth=3"),
    ("fsf:nodes=2000", "fsf", {"nodes": 2000}, "fsf:nodes=2000"),
    ("naive:depth=3", "naive", {"depth": 3}, "naive:depth=3"),
    ("naive", "naive", {"depth": 3}, "naive:depth=3"),
    ("random:seed=1", "random", {"seed": 1}, "random:seed=1"),
    ("random", "random", {"seed": 0}, "random:seed=0"),
    ("ref:L4", "ref", {"level": 4}, "ref:L4"),
    ("ref:depth=3", "ref", {"depth": 3}, "ref:depth=3"),
    ("ref:nodes=500,L2", "ref", {"level": 2, "nodes": 500}, "ref:L2,nodes=500"),
    ("asm:L4", "asm", {"level": 4}, "asm:L4"),
    (" FSF:depth=2 ", "fsf", {"depth": 2}, "fsf:depth=2"),
])
def test_good_specs(text, kind, options, canonical):
    spec = parse_spec(text)
    assert spec.kind == kind
    assert spec.options == options
    assert spec.text == canonical
    assert parse_spec(spec.text) == spec


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("stockfish:depth=3", "unknown engine 'stockfish'"),
    ("fsf", "needs one of depth, nodes"),
    ("fsf:depth=3,nodes=10", "at most one of depth, nodes"),
    ("fsf:depth=0", "out of range 1..64"),
    ("fsf:depth=three", "bad item 'depth=three'"),
    ("fsf:depth", "bad item 'depth'"),
    ("naive:depth=3,depth=4", "given twice"),
    ("naive:nodes=5", "naive does not take 'nodes'"),
    ("random:L3", "random does not take 'level'"),
    ("ref:L9", f"out of range 1..{level_count()}"),
    ("ref:L4,depth=3", "at most one of level, depth"),
    ("ref:", "needs one of level"),
    ("asm", "needs one of level"),
])
def test_bad_specs_say_what_is_wrong(text, message):
    with pytest.raises(SpecError, match=message):
        parse_spec(text)


@pytest.fixture
def no_asm_search(monkeypatch):
    """Make the asm engine look absent (the toolchain missing), whatever is built."""
    import pyharness.engines as engines

    def broken():
        raise engines.EngineUnavailableError("ca65 not found; run `make`")
    monkeypatch.setattr(engines, "open_asm_engine", broken)


def test_asm_without_its_rom_is_a_clear_error(no_asm_search):
    spec = parse_spec("asm:L4")
    with pytest.raises(EngineUnavailableError, match="asm: ca65 not found"):
        check_spec(spec)
    with pytest.raises(EngineUnavailableError, match="use ref: for its Python twin"):
        make_player(spec)


def test_cli_asm_without_its_rom_exits_2(no_asm_search):
    result = CliRunner().invoke(main, ["match", "naive", "asm:L4"])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: asm: ca65 not found")
    assert result.output.count("\n") == 1


def test_ref_calls_think_with_limits_rules_seed_and_history(monkeypatch):
    calls = []

    def think(position, level=None, depth=None, seed=0, nodes=None, frames=None,
              history_moves=(), trace=None, rules=None, evaluator=None):
        calls.append(dict(fen=position.fen(), level=level, depth=depth, seed=seed,
                          nodes=nodes, frames=frames, history=history_moves, rules=rules,
                          evaluator=evaluator))
        return types.SimpleNamespace(best_move=position.legal_moves()[0])

    import pyharness.reference.search as search
    monkeypatch.setattr(search, "think", think)
    player = make_player(parse_spec("ref:L4,null=1,lmr=0,iir=0,delta=1,ttdp=0,rfp=0,qsrc=0,"
                                    "see=0,lmrd=2,bcap=0,lmrx=1,cxl=1,tmg=3,lmrm=2,tmk=3"))
    assert isinstance(player, SearchPlayer) and player.engine.name == "ref"
    player.new_game(11)
    pos = Position.start()
    history = (Move.from_iccs("h2e2"),)
    pos.push(history[0])
    move = player.choose(GameView(Position.start().fen(), history, pos.copy()))
    assert move == pos.legal_moves()[0]
    rules = SearchRules(null_move=True, lmr=False, iir=False, qs_delta=True, tt_deep=False,
                        rfp=False, qs_recap=False, qs_see=False, lmr_depth=2,
                        bad_caps=False, lmr_deep=True, ext_limit=True, plan_changed=3,
                        lmr_move=2, plan_kept=3)
    assert calls == [dict(fen=pos.fen(), level=4, depth=None, seed=search_seed(11, 1),
                          nodes=None, frames=None, history=history, rules=rules,
                          evaluator=None)]          # ref: the engine's own tables


def test_rule_keys_name_every_rule_once():
    """Each SearchRules field has one spec key; ref: takes them all, asm: those the asm
    plays, with SearchRules' ranges."""
    assert sorted(RULE_KEYS.values()) == sorted(
        n for n in SearchRules.spans() if n not in ("time_manage", "recapture"))
    ref, asm = engine_kinds()["ref"].params, engine_kinds()["asm"].params
    assert {k for k in ref if k in RULE_KEYS} == set(RULE_KEYS)
    assert {RULE_KEYS[k] for k in asm if k in RULE_KEYS} == set(SearchRules.asm_plays())
    assert (ref["tmk"].low, ref["tmk"].high) == SearchRules.spans()["plan_kept"]
    with pytest.raises(SpecError, match="asm does not take 'lmr'"):
        parse_spec("asm:L4,lmr=0")


def test_search_seed_is_a_nonzero_16_bit_value_that_varies():
    seeds = {search_seed(g, p) for g in range(5) for p in range(50)}
    assert all(1 <= s <= 65535 for s in seeds)
    assert len(seeds) > 200


@pytest.mark.parametrize("args, message", [
    (["match", "fsf", "naive"], "fsf needs one of depth, nodes"),
    (["match", "naive", "bogus:x=1"], "unknown engine 'bogus'"),
    (["match", "naive", "random", "--games", "0"], "'--games' / '-n': 0 is not in the range"),
    (["match", "naive", "random", "-j", "-1"], "'--jobs' / '-j': -1 is not in the range"),
    (["match", "naive", "random", "--max-plies", "0"], "'--max-plies': 0 is not in the range"),
    (["match", "naive", "random", "--openings", "/nonexistent/openings.txt"],
     "openings file /nonexistent/openings.txt not found"),
])
def test_cli_bad_input_exits_2_with_error(args, message):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "error: " in result.output
    assert message in result.output


def test_engine_spec_is_hashable_and_picklable():
    import pickle
    spec = parse_spec("fsf:nodes=2000")
    assert pickle.loads(pickle.dumps(spec)) == spec
    assert {spec: 1}[EngineSpec("fsf", (("nodes", 2000),))] == 1
