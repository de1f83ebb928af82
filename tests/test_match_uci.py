"""The UCI client: coordinates against pyffish, a real fairy-stockfish round trip."""
from __future__ import annotations

import random

import pytest

from pyharness.reference.position import Move, Position
from pyharness.match.uci import (EngineMissingError, EngineProtocolError, EngineTimeoutError,
                           UciEngine, find_binary, iccs_to_uci, uci_to_iccs)

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MATE_IN_ONE = "r2k1ab2/9/b8/prp1p1p1n/7R1/4C1P2/P1c1P4/R7B/5K3/9 w - - 2 15"  # h5d5


def _fsf_or_skip() -> str:
    try:
        return find_binary()
    except EngineMissingError as exc:
        pytest.skip(f"fairy-stockfish not installed: {exc}")


def test_coordinates_known_values():
    assert iccs_to_uci("h2e2") == "h3e3"
    assert iccs_to_uci("a0i9") == "a1i10"
    assert uci_to_iccs("h10g8") == "h9g7"
    assert uci_to_iccs("a1a10") == "a0a9"


def test_coordinates_round_trip_every_square_pair():
    squares = [f + r for f in "abcdefghi" for r in "0123456789"]
    for a in squares:
        for b in squares[::7]:
            assert uci_to_iccs(iccs_to_uci(a + b)) == a + b


@pytest.mark.parametrize("bad", ["h2e", "j2e2", "h2e10", "", "h-1e2"])
def test_bad_iccs_is_rejected(bad):
    with pytest.raises(ValueError, match="ICCS"):
        iccs_to_uci(bad)


@pytest.mark.parametrize("bad", ["h0e2", "h11e2", "z3e3", "h3e"])
def test_bad_fsf_move_is_rejected(bad):
    with pytest.raises(ValueError, match="Fairy-Stockfish"):
        uci_to_iccs(bad)


def test_conversion_agrees_with_pyffish_move_lists():
    """pyffish's legal moves, converted, are exactly the reference's legal moves."""
    sf = pytest.importorskip("pyffish")
    rng = random.Random(7)
    pos = Position.from_fen(START)
    for _ in range(40):
        fen = pos.fen()
        ours = sorted(m.iccs() for m in pos.legal_moves())
        theirs = sorted(uci_to_iccs(m) for m in sf.legal_moves("xiangqi", fen, []))
        assert ours == theirs, fen
        assert sorted(iccs_to_uci(m) for m in ours) == sorted(sf.legal_moves("xiangqi", fen, []))
        if not ours:
            break
        pos.push(Move.from_iccs(rng.choice(ours)))


def test_missing_binary_is_a_clear_error():
    with pytest.raises(EngineMissingError, match="not found"):
        UciEngine(binary="/nonexistent/fairy-stockfish")


def test_silent_engine_times_out():
    with pytest.raises(EngineTimeoutError, match="uciok"):
        UciEngine(binary="cat", timeout=0.3)


def test_dead_engine_is_a_protocol_error():
    with pytest.raises(EngineProtocolError, match="exited"):
        UciEngine(binary="true", timeout=2)


def test_fsf_round_trip_depth_1():
    _fsf_or_skip()
    with UciEngine() as engine:
        assert "Stockfish" in engine.name
        engine.new_game()
        answer = engine.best_move(START, ["h2e2"], depth=1)
        pos = Position.from_fen(START)
        pos.push(Move.from_iccs("h2e2"))
        assert pos.is_legal(Move.from_iccs(answer.iccs))
        assert answer.depth == 1
        assert engine.best_move(MATE_IN_ONE, depth=1).iccs == "h5d5"
        # same question, same answer (deterministic at fixed depth / nodes)
        engine.new_game()
        first = engine.best_move(START, nodes=500)
        engine.new_game()
        assert engine.best_move(START, nodes=500).iccs == first.iccs


def test_fsf_needs_exactly_one_limit():
    _fsf_or_skip()
    with UciEngine() as engine:
        with pytest.raises(ValueError, match="exactly one"):
            engine.best_move(START)
        with pytest.raises(ValueError, match="exactly one"):
            engine.best_move(START, depth=1, nodes=10)
