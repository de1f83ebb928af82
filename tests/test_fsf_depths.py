"""tools/lab/fsf_depths.py: Fairy-Stockfish's nodes to a depth and the depth a node
budget reaches, each search from a cleared hash (the figures of docs/bench.md, "What
the yardsticks ask")."""
from __future__ import annotations

import pytest
from lab_support import lab_module

from pyharness.match.runner import load_openings


def test_nodes_grow_with_depth_and_repeat_a_fresh_search(fsf):
    fd = lab_module("fsf_depths")
    fens = [o.fen for o in load_openings("judge")[:3]]
    nodes, reached = fd.measure(fens, [2, 3, 4], [600], fsf)
    for i in range(len(fens)):
        assert 0 < nodes[2][i] < nodes[3][i] < nodes[4][i]
    fsf.new_game()
    assert fsf.best_move(fens[1], depth=3).nodes == nodes[3][1]   # the hash was cleared
    assert all(d >= 2 for d in reached[600])


def test_bad_numbers_are_refused(capsys):
    fd = lab_module("fsf_depths")
    with pytest.raises(SystemExit, match="--depths takes numbers"):
        fd.main(["--depths", "4,x"])
