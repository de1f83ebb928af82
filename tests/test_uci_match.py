"""The project's match runner drives `xq65 uci` as a subprocess against Fairy-Stockfish
over the protocol; every move of every game is legal for pyffish."""
from __future__ import annotations

import pytest

from pyharness.match import runner
from pyharness.match.registry import parse_spec
from pyharness.match.uci import EngineMissingError, find_binary
from uci_helpers import assert_legal_game

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(autouse=True)
def _needs_fsf():
    pytest.importorskip("pyffish")
    try:
        find_binary()
    except EngineMissingError as exc:
        pytest.skip(str(exc))


def test_spec():
    assert parse_spec("xq65uci:L1").text == "xq65uci:L1"
    assert parse_spec("xq65uci:depth=2,ref=1,ucci=1").options == {"depth": 2, "ref": 1,
                                                                  "ucci": 1}


@pytest.mark.parametrize("spec", ["xq65uci:depth=1,ref=1", "xq65uci:L1,ref=1,ucci=1"])
def test_match_against_fsf_is_legal(spec):
    result = runner.run_match(spec, "fsf:depth=1", 2, seed=3, max_plies=200)
    assert len(result.records) == 2
    for rec in result.records:
        assert len(rec.moves) >= 10
        assert_legal_game(rec.opening.fen, rec.moves)


def test_asm_level1_game_against_fsf_is_legal():
    result = runner.run_match("xq65uci:L1", "fsf:depth=1", 1, seed=5, max_plies=60)
    rec = result.records[0]
    assert len(rec.moves) >= 10
    assert_legal_game(rec.opening.fen, rec.moves)


@pytest.mark.parametrize("over, direct", [("xq65uci:L1,ref=1", "ref:L1"),
                                          ("xq65uci:L1,ucci=1", "ref:L1")])
def test_over_the_protocol_the_same_games(over, direct):
    """Level 1 (noise, slips: the seed matters at every move) over the protocol plays
    the very games the in-process player plays; the asm over UCCI equals the twin."""
    a = runner.run_match(over, "fsf:depth=1", 2, seed=4, max_plies=50)
    b = runner.run_match(direct, "fsf:depth=1", 2, seed=4, max_plies=50)
    assert [r.moves for r in a.records] == [r.moves for r in b.records]
    assert all(len(r.moves) >= 10 for r in a.records)
