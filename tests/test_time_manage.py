"""Time management (docs/search.md, think()): an iteration predicted not to finish
within the frame cap is not started, in the twin (model clock) and the asm (its frame
counter), by the same rule: after an iteration that took t frames, ending E frames
after the start, the next starts only if E + t + t // 2 <= the cap.
"""
from __future__ import annotations

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.bench.search import load_suite
from pyharness.reference.levels import node_frames
from pyharness.reference.position import Move, Position
from pyharness.reference.search import RECAP_DEPTH, IterationPlan, think


def test_plan_rule_on_known_values():
    plan = IterationPlan(100)
    assert plan.next_fits(10)          # t 10: 10 + 15 <= 100
    assert plan.next_fits(40)          # t 30: 40 + 45 = 85
    assert not plan.next_fits(70)      # t 30: 70 + 45 = 115 > 100
    plan = IterationPlan(100)
    assert plan.next_fits(40)          # t 40: 40 + 60 = 100, just fits
    assert not plan.next_fits(100)     # at the cap
    plan = IterationPlan(600)
    assert not plan.next_fits(0xFFFF)  # no 16-bit wrap: far beyond the cap


def test_twin_skips_only_what_the_rule_says_and_saves_time():
    """At the L4 cap on the suite: every skip is justified by the model clock, depth is
    never lost where the unmanaged search completed its last iteration, and the managed
    searches take less model time in total."""
    t_on = t_off = skipped = 0
    for k, sp in enumerate(load_suite()):
        pos = Position.from_fen(sp.fen)
        on = think(pos, level=4, seed=1 + k, use_book=False)
        off = think(pos, level=4, seed=1 + k, use_book=False, time_manage=False)
        assert not (on.skipped and on.stopped)
        # the same iterations as far as the managed search went
        assert on.iterations == off.iterations[:len(on.iterations)]
        if on.skipped:
            skipped += 1
            d, _, nodes, _ = on.iterations[-1]
            prev = on.iterations[-2][2] if len(on.iterations) > 1 else 0
            e, t = node_frames(nodes), node_frames(nodes) - node_frames(prev)
            assert e + t + t // 2 > 600
        else:
            assert on.nodes == off.nodes
        t_on += on.nodes
        t_off += off.nodes
    assert skipped > 0 and t_on < t_off


def test_no_plan_without_a_frame_cap():
    pos = Position.from_fen(load_suite()[4].fen)
    a = think(pos, depth=3, seed=2)
    b = think(pos, depth=3, seed=2, time_manage=False)
    assert not a.skipped and (a.nodes, a.best_move) == (b.nodes, b.best_move)


@pytest.mark.parametrize("index", [1, 4])
def test_asm_follows_the_rule_on_its_frame_counter(index):
    eng = AsmEngine()
    s = eng.sim
    mem = s.memory
    a_fc, a_st = s.addr("frame_count"), s.addr("sr_start")
    calls = []

    def at_plan():
        fc = mem[a_fc] | mem[a_fc + 1] << 8
        st = mem[a_st] | mem[a_st + 1] << 8
        calls.append((fc - st) & 0xFFFF)
    pos = Position.from_fen(load_suite()[index].fen)
    res = eng.think(pos, level=4, seed=5, use_book=False, hooks={"srch_plan": at_plan})
    plan = IterationPlan(600)
    decisions = [plan.next_fits(e) for e in calls]
    assert calls and all(decisions[:-1])
    if not decisions[-1]:                  # the asm did not start the next iteration
        assert res.depth == len(calls) and not res.stopped
    else:                                  # it did: completed it, or the cap stopped it
        assert res.depth == len(calls) + 1 or res.stopped


# ---------------------------------------------------------------------- clear recapture

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def _after(*moves: str) -> Position:
    pos = Position.from_fen(START)
    for m in moves:
        pos.push(Move.from_iccs(m))
    return pos


def test_twin_stops_on_a_clear_recapture():
    """The red cannon took the horse on b9: the rook's recapture is best in iterations 2
    and 3 (and 4), so with a frame cap the search to depth 5 ends after iteration 4 (the
    threshold max(3, min(5 - 1, 4))); without the rule (or without a frame cap) it goes
    on to depth 5 and plays the same move."""
    pos = _after("b2b9")
    on = think(pos, depth=5, frames=60000, seed=3)
    off = think(pos, depth=5, frames=60000, seed=3, recapture=False)
    fixed = think(pos, depth=5, seed=3)
    assert on.recaptured and on.skipped and on.depth == RECAP_DEPTH == 4
    assert on.best_move == Move.from_iccs("a9b9")
    assert not off.recaptured and off.depth == 5 and off.best_move == on.best_move
    assert not fixed.recaptured and fixed.depth == 5
    assert on.nodes < off.nodes
    # a quiet last move: no such stop
    quiet = think(_after("h2e2"), depth=4, frames=60000, seed=3)
    assert not quiet.recaptured and quiet.depth == 4


@pytest.mark.parametrize("moves, stops", [(("b2b9",), True), (("h2e2",), False)])
def test_asm_stops_on_the_same_recapture(moves, stops):
    eng = AsmEngine()
    pos = _after(*moves)
    count = [0]

    def on_stop():
        count[0] += 1
    r = think(pos, depth=4, frames=60000, seed=3)      # threshold max(3, min(3, 4)) = 3
    assert r.depth == (3 if stops else 4)
    a = eng.think(pos, depth=4, frames=60000, seed=3, hooks={"srch_recap_stop": on_stop})
    assert r.recaptured == stops and count[0] == int(stops)
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)
