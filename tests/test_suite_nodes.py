"""tools/lab/suite_nodes.py --levels: where a level's time goes, checked against the
twin's own think on suite positions (one the level's cap cuts, one it does not)."""
from __future__ import annotations

from lab_support import lab_module

from pyharness.bench.search import load_suite
from pyharness.reference.levels import get_level, level_node_cycles, node_frames
from pyharness.reference.position import Position
from pyharness.reference.search import SearchRules, think

SUITE = {p.name: p.fen for p in load_suite()}


def test_a_think_the_cap_cuts_splits_kept_and_thrown_at_its_last_iteration():
    sn = lab_module("suite_nodes")
    fen = SUITE["mid-04"]                  # level 3 completes depth 2 only (seed 1)
    r = think(Position.from_fen(fen), level=3, seed=1, use_book=False)
    assert r.stopped and r.iterations
    kept, thrown, depth, stopped = sn._time_use((fen, 3, 1, SearchRules()))
    assert stopped and depth == r.depth
    cycles = level_node_cycles(3)                 # the level's own clock
    assert kept == node_frames(r.iterations[-1][2], cycles)
    assert kept + thrown == node_frames(r.nodes, cycles) >= get_level(3).frames


def test_a_think_that_ends_by_itself_keeps_all_it_spent():
    sn = lab_module("suite_nodes")
    fen = SUITE["end-01"]
    r = think(Position.from_fen(fen), level=2, seed=1, use_book=False)
    assert not r.stopped
    assert sn._time_use((fen, 2, 1, SearchRules())) == (
        node_frames(r.nodes, level_node_cycles(2)), 0, r.depth, False)


def test_the_shares_add_up_to_the_cap():
    sn = lab_module("suite_nodes")
    rows = [(50, 190, 2, True), (100, 0, 3, False), (240, 0, 3, False)]
    use = sn.time_use(rows, 240)
    assert use["kept"] == 390 / 720 and use["thrown"] == 190 / 720
    assert abs(use["kept"] + use["thrown"] + use["unused"] - 1) < 1e-12
    assert use["depth"] == 8 / 3 and use["stopped"] == 1
