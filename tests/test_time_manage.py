"""Time management (docs/search.md, think()): an iteration predicted not to finish
within the frame cap is not started, in the twin (model clock) and the asm (its frame
counter), by the same rule: after an iteration that took t frames, ending E frames
after the start, the next starts only if E + p <= the cap, p = t * PLAN_KEPT_HALVES // 2
(4: p = 2 t, shipped; 3: the rule before) -- or, when that iteration changed the best
move, p = t * PLAN_CHANGED_HALVES // 2 (2: p = t, shipped; 3: 1.5 t). The twin alone
plays the other rules.
"""
from __future__ import annotations

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.bench.search import load_suite
from pyharness.reference.levels import level_node_cycles, node_frames
from pyharness.reference.position import Move, Position
from pyharness.reference.search import RECAP_DEPTH, IterationPlan, SearchRules, think
from pyharness.reference.search_consts import PLAN_CHANGED_HALVES, PLAN_KEPT_HALVES


def test_plan_rule_on_known_values():
    for halves, changed in ((3, False), (3, True), (2, False)):   # 1.5 t
        plan = IterationPlan(100, halves, 3)
        assert plan.next_fits(10, changed)         # t 10: 10 + 15 <= 100
        assert plan.next_fits(40, changed)         # t 30: 40 + 45 = 85
        assert not plan.next_fits(70, changed)     # t 30: 70 + 45 = 115 > 100
        plan = IterationPlan(100, halves, 3)
        assert plan.next_fits(40, changed)         # t 40: 40 + 60 = 100, just fits
        assert not plan.next_fits(100, changed)    # at the cap
    plan = IterationPlan(100, 2)                   # after a changed best move: t
    assert plan.next_fits(40, True)                # t 40: 40 + 40 <= 100
    assert plan.next_fits(70, True)                # t 30: 70 + 30 = 100, just fits
    assert not plan.next_fits(99, True)            # t 29: 99 + 29 > 100
    plan = IterationPlan(100, 2)
    assert not plan.next_fits(51, True)            # t 51: 102 > 100
    plan = IterationPlan(100)                      # after a kept best move: 2 t
    assert plan.next_fits(10, False)               # t 10: 10 + 20 <= 100
    assert plan.next_fits(40, False)               # t 30: 40 + 60 = 100, just fits
    plan = IterationPlan(100)
    assert plan.next_fits(20, False)               # t 20: 20 + 40 = 60
    assert not plan.next_fits(50, False)           # t 30: 50 + 60 = 110 > 100 (1.5 t: 95)
    for halves in (2, 3):
        for kept in (3, 4):
            for changed in (False, True):
                plan = IterationPlan(600, halves, kept)
                assert not plan.next_fits(0xFFFF, changed)  # no 16-bit wrap: beyond the cap
    assert IterationPlan(100).halves == PLAN_CHANGED_HALVES == SearchRules().plan_changed
    assert IterationPlan(100).kept == PLAN_KEPT_HALVES == SearchRules().plan_kept
    assert SearchRules(plan_changed=3).plan_changed == 3
    for bad in (1, 4, 0):
        with pytest.raises(ValueError):
            SearchRules(plan_changed=bad)
        with pytest.raises(ValueError):
            IterationPlan(100, bad)
    for bad in (2, 5):
        with pytest.raises(ValueError, match="kept move"):
            IterationPlan(100, 2, bad)


def _predicted_over(iterations: list, cap: int, halves: int, kept: int, cycles: int) -> bool:
    """The rule's verdict after the last of `iterations` (think()'s (depth, score, nodes,
    move) rows) on the model clock of `cycles` a node: True, the next one does not fit."""
    nodes, prev = iterations[-1][2], iterations[-2][2] if len(iterations) > 1 else 0
    changed = len(iterations) == 1 or iterations[-1][3] != iterations[-2][3]
    e, t = node_frames(nodes, cycles), node_frames(nodes, cycles) - node_frames(prev, cycles)
    return e + t * (halves if changed else kept) // 2 > cap


@pytest.mark.slow
@pytest.mark.parametrize("level, cap", [(4, 300), (5, 1800)])
def test_twin_skips_only_what_the_rule_says_and_saves_time(level, cap):
    """On the suite, level 4 at half its cap and level 5 at its own: every skip is
    justified by the model clock, the managed searches take less model time in total,
    and the rule before (1.5 t after a kept best move) skips nothing the shipped rule
    starts: the shipped rule only declines more, never less. Level 4's depth-4 search
    fits its 600 frames on nearly the whole suite, so how often the rule acts at that
    cap is a property of the evaluation's tables; at 300 frames it has to act."""
    t_on = t_off = t_old = skipped = 0
    for k, sp in enumerate(load_suite()):
        if level == 5 and k % 3:
            continue                               # level 5: every third position
        pos = Position.from_fen(sp.fen)
        on = think(pos, level=level, frames=cap, seed=1 + k, use_book=False)
        off = think(pos, level=level, frames=cap, seed=1 + k, use_book=False,
                    rules=SearchRules(time_manage=False))
        old = think(pos, level=level, frames=cap, seed=1 + k, use_book=False,
                    rules=SearchRules(plan_kept=3))
        assert old.iterations[:len(on.iterations)] == on.iterations
        assert on.depth <= old.depth and on.nodes <= old.nodes
        assert not (on.skipped and on.stopped)
        # the same iterations as far as the managed search went
        assert on.iterations == off.iterations[:len(on.iterations)]
        if on.skipped:
            skipped += 1
            assert _predicted_over(on.iterations, cap, PLAN_CHANGED_HALVES, PLAN_KEPT_HALVES,
                                   level_node_cycles(level))
        else:
            assert on.nodes == off.nodes
        if old.skipped:
            assert _predicted_over(old.iterations, cap, PLAN_CHANGED_HALVES, 3,
                                   level_node_cycles(level))
        t_on += on.nodes
        t_off += off.nodes
        t_old += old.nodes
    assert skipped > 0 and t_on < t_off and t_on <= t_old


def test_no_plan_without_a_frame_cap():
    pos = Position.from_fen(load_suite()[4].fen)
    a = think(pos, depth=3, seed=2)
    b = think(pos, depth=3, seed=2, rules=SearchRules(time_manage=False))
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
        calls.append(((fc - st) & 0xFFFF, s.peek("sr_t0") == 0))
    pos = Position.from_fen(load_suite()[index].fen)
    res = eng.think(pos, level=4, seed=5, use_book=False, hooks={"srch_plan": at_plan})
    plan = IterationPlan(600)
    decisions = [plan.next_fits(e, changed) for e, changed in calls]
    assert calls[0][1]                     # iteration 1 always "changes" the best move
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
    off = think(pos, depth=5, frames=60000, seed=3, rules=SearchRules(recapture=False))
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


@pytest.mark.parametrize("changed", [False, True])
@pytest.mark.parametrize("start, last, now, cap", [
    (0, 0, 40, 100), (0, 40, 70, 100), (0, 40, 71, 100), (0, 49, 99, 100),
    (0xFFF0, 0x20, 0x30, 600),                   # the frame counter wrapped since the start
    (100, 0, 350, 600), (100, 50, 350, 500),     # 2 halves: 250 + 200 fits; 3: 550 > 500
    (0, 0, 0x8000, 0xFFFF), (0, 0, 0xFFFF, 600)])
def test_asm_plan_is_the_twins(start, last, now, cap, changed):
    """srch_plan on chosen frame counts (sr_t0 = 0: the best move changed) decides as
    IterationPlan(cap) and leaves sr_tm_el = E; some of these values split the rules."""
    s = AsmEngine().sim
    s.write("frame_count", now.to_bytes(2, "little"))
    s.write("sr_start", start.to_bytes(2, "little"))
    s.write("sr_tm_el", last.to_bytes(2, "little"))
    s.write("sr_flimit", cap.to_bytes(2, "little"))
    s.poke("sr_t0", 0 if changed else 1)
    s.call("srch_plan", max_cycles=1000)
    plan = IterationPlan(cap)
    plan.elapsed = last
    elapsed = (now - start) & 0xFFFF
    assert bool(s.mpu.p & 1) == (not plan.next_fits(elapsed, changed))
    assert s.peek16("sr_tm_el") == elapsed


def test_plan_cases_split_the_rules():
    """The asm test above has cases where the shipped rule and the rules before differ
    (1.5 t after a change, 1.5 t after a kept move)."""
    split = 0
    for start, last, now, cap in [(0, 40, 70, 100), (100, 50, 350, 500), (0, 0, 40, 100)]:
        e = (now - start) & 0xFFFF
        for changed, other in ((True, (3, 4)), (False, (2, 3))):
            a, b = IterationPlan(cap), IterationPlan(cap, *other)
            a.elapsed = b.elapsed = last
            split += a.next_fits(e, changed) != b.next_fits(e, changed)
    assert split == 3
