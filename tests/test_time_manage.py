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
from pyharness.reference.position import Position
from pyharness.reference.search import IterationPlan, think


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
