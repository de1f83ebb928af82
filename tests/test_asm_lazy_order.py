"""The 6502 engine computes the history ordering keys lazily (docs/search.md "Lazy keys
in the 6502 engine"); the twin computes every key at node start.  The sequence of moves
searched must stay the same: every node equal (trace), with the staging edge cases
present in the twin's searches -- nodes with no hash move, capture or killer (every key
is a history key), quiet evasions in the quiescence (keys without killers), history
keys at 0 and above, and history changed under
a node still in stage 1 (keys computed before the reward)."""
from __future__ import annotations

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.reference import search as ref
from pyharness.reference.position import Position
from pyharness.reference.randpos import random_positions
from pyharness.reference.search import think

QUIET_AND_CHECKS = [
    "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",                       # rook v king
    "3k5/9/4b4/9/9/9/9/4B4/9/3AK4 w - - 0 1",                   # nothing to capture
    "2bak4/4a4/4b4/9/9/9/9/9/4A4/2BK1A3 w - - 0 1",             # quiet shuffles
    "4k4/4a4/9/9/3r5/9/9/9/9/3K5 w - - 0 1",                    # in check
    "3ak4/9/9/9/9/9/9/9/4r4/3K1R3 w - - 0 1",                   # checks both ways
    "r3k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1",                      # rooks
]


@pytest.fixture(scope="module")
def eng() -> AsmEngine:
    return AsmEngine()


def watched_think(pos: Position, depth: int, seen: dict) -> ref.SearchResult:
    """think() of the twin, counting the edge cases in its ordering keys."""
    real = ref.Searcher.order_keys

    def order_keys(self, moves, ply, hash_move, use_killers, pending=None):
        keys = real(self, moves, ply, hash_move, use_killers, pending)
        if keys and max(keys) < ref.KEY_KILLER2:
            seen["history only"] += 1
        if not use_killers and any(not self.pos.board[m.to] for m in moves):
            seen["quiet evasions"] += 1
        if use_killers:
            hk = [k for k in keys if k < ref.KEY_KILLER2]
            seen["history 0"] += hk.count(0)
            seen["history max"] = max([seen["history max"]] + hk)
        return keys

    real_reward = ref.Searcher.reward

    def reward(self, move, depth, ply):
        seen["rewards"] += 1
        return real_reward(self, move, depth, ply)

    ref.Searcher.order_keys = order_keys
    ref.Searcher.reward = reward
    try:
        return think(pos, depth=depth, trace=seen.setdefault("trace", []))
    finally:
        ref.Searcher.order_keys = real
        ref.Searcher.reward = real_reward


@pytest.mark.parametrize("depth", [3, 4])
def test_lazy_keys_same_nodes(eng, depth):
    seen = dict.fromkeys(["history only", "quiet evasions",
                          "history 0", "rewards", "history max"], 0)
    fens = QUIET_AND_CHECKS + (random_positions(6, 31) if depth == 3 else [])
    for fen in fens:
        pos = Position.from_fen(fen)
        seen["trace"] = []
        r = watched_think(pos, depth, seen)
        ta = []
        a = eng.think(pos, depth=depth, trace=ta)
        assert ta == seen["trace"], fen
        assert (a.best_move, a.score, a.depth, a.nodes, a.pv, a.tt_probes, a.tt_hits) \
            == (r.best_move, r.score, r.depth, r.nodes, r.pv, r.tt_probes, r.tt_hits)
    for case in ("history only", "quiet evasions", "history 0", "rewards"):
        assert seen[case] > 0, case
    assert seen["history max"] >= 8         # history keys other than 0 are ordered
