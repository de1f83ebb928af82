"""The 100-ply rule at the edges: asm search == twin at counters 96..100, 255 and past it.

The plies-since-capture counter counts up at every node of the tree on both sides (a
capture or null move restarts it at 0); a node at ply > 0 whose counter is >= 100 scores
a draw. Counters above 255 are clamped to 255 (the asm keeps one byte) on both sides,
which keeps every ">= 100" judgement (docs/rules.md, docs/search.md).
"""
from __future__ import annotations

import random

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.engines import AsmSearchEngine
from pyharness.diff import EDGE_COUNTERS, compare_one, edge_position, game_record, run_diff
from pyharness.reference import search as ref
from pyharness.reference.board import START_FEN
from pyharness.reference.game import Game
from pyharness.reference.position import Move, Position
from pyharness.reference.randpos import random_positions
from pyharness.reference.search import think

COUNTERS = (96, 97, 98, 99, 100, 255, 256, 1000)
QUOTED = "3k5/9/9/9/9/9/4p4/9/R8/4K4 w - - 99 80"      # the asm once played a1a9 +194 here
POSITIONS = [START_FEN, QUOTED,
             "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",            # rook v king
             "4k4/4a4/9/9/3r5/9/9/9/9/3K5 w - - 0 1",         # in check
             *random_positions(3, 15)]


@pytest.fixture(scope="module")
def eng() -> AsmEngine:
    return AsmEngine()


def at_counter(fen: str, counter: int) -> Position:
    pos = Position.from_fen(fen)
    pos.halfmove = counter
    return pos


@pytest.mark.timeout(120)
@pytest.mark.parametrize("fen", POSITIONS)
def test_counters_near_the_rule_and_past_255(eng, fen):
    """Node-by-node identity (trace, best move, score, nodes, PV) at every edge counter."""
    for counter in COUNTERS:
        for depth in (1, 2, 3):
            text, _, _ = compare_one(AsmSearchEngine(eng), at_counter(fen, counter), depth)
            assert text is None, f"counter {counter}: {text}"


@pytest.mark.timeout(30)
def test_the_quoted_cases_score_the_draw(eng):
    """Two positions where asm and twin once parted: no capture at hand, so every line draws at ply 1."""
    for fen, depth, best in ((START_FEN, 1, "f0e1"), (QUOTED, 2, "e0e1")):
        pos = at_counter(fen, 99)
        a, r = eng.think(pos, depth=depth), think(pos, depth=depth)
        assert (a.best_move.iccs(), a.score, a.nodes) == (r.best_move.iccs(), r.score, r.nodes)
        assert a.score == 0 and a.best_move.iccs() == best


@pytest.mark.timeout(30)
def test_counter_counts_up_in_the_tree(eng):
    """At counter 98 a quiet line is judged at ply 2 (100), not at ply 1 (99): the score
    of the rook-up ending stays a win at depth 1 and becomes a draw at depth 2 only where
    no capture is near."""
    pos = at_counter("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 98)
    for depth in (1, 2, 3):
        a, r = eng.think(pos, depth=depth), think(pos, depth=depth)
        assert (a.score, a.nodes, a.pv) == (r.score, r.nodes, r.pv)
    assert think(pos, depth=1).score > 0          # ply 1 is at 99: no draw yet
    assert think(pos, depth=2).score == 0         # every reply is a quiet ply 2 at 100


@pytest.mark.timeout(30)
def test_game_new_clamps_the_counter(eng):
    """eng_game_new receives min(counter, 255): 256 no longer wraps to 0."""
    for counter, want in ((0, 0), (99, 99), (255, 255), (256, 255), (1000, 255)):
        eng.game_new(at_counter(START_FEN, counter))
        assert eng.sim.peek("game_half") == want
        assert eng.sim.peek("game_half0") == want
    assert ref.HALFMOVE_MAX == eng.constants["SRCH_HALF_MAX"] == 255
    assert ref.HALFMOVE_MAX >= ref.DRAW_PLIES


@pytest.mark.timeout(60)
def test_game_record_crosses_the_rule(eng):
    """Counter 97 + quiet game moves: the game ends at 100 in the record, as in the
    twin's referee, and searches on the way agree node for node."""
    game = Game("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 97 1")
    for mv in ("a0a1", "e9f9", "a1a0"):
        pos = game.position.copy()
        for depth in (1, 2, 3):
            assert compare_one(AsmSearchEngine(eng), pos, depth)[0] is None
        eng.game_setup(pos)
        assert eng.game_result() == game.result() is None
        game.push(mv)
    eng.game_setup(game.position)
    assert eng.game_result() == game.result()
    assert game.result().reason == "100 plies without capture"


@pytest.mark.timeout(60)
def test_repetitions_in_the_record_near_the_rule(eng):
    """A shuffle that repeats the root, with counters before and past 100 and past 255."""
    shuffle = [Move.from_iccs(m) for m in ("a0a1", "e9f9", "a1a0", "f9e9")] * 2
    for counter in (90, 95, 99, 254, 300):
        pos = at_counter("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", counter)
        for mv in shuffle:
            pos.push(mv)
        _, moves, seen = game_record(pos)
        assert len(moves) == 8 and seen
        for depth in (1, 2, 3):
            text, _, _ = compare_one(AsmSearchEngine(eng), pos, depth)
            assert text is None, f"counter {counter}: {text}"


def test_edge_positions_walk_the_edges():
    """The diff's generator draws counters >= 100 and past 255 and game histories that
    repeat the root position."""
    rng = random.Random(5)
    drawn = [edge_position(f, rng) for f in random_positions(60, 5)]
    counters = [p.halfmove for p in drawn]
    records = [game_record(p) for p in drawn]
    assert any(c == 0 for c in counters)
    assert any(96 <= c <= 100 for c in counters) and any(c > 255 for c in counters)
    assert sum(bool(moves) for _, moves, _ in records) >= 15
    assert sum(seen for _, _, seen in records) >= 5
    assert set(EDGE_COUNTERS) >= {0, 99, 100, 255, 256, 1000}


@pytest.mark.timeout(300)
def test_diff_on_edge_positions_is_equal(eng):
    """`xq65 diff` over 40 edge positions at depths 1-3: no difference."""
    rep = run_diff(40, 3, seed=7, engine=eng)
    assert rep.equal, rep.first
    assert rep.searches == 120
    assert sum(c >= 100 for c in rep.counters) >= 10 and rep.repeated >= 3
