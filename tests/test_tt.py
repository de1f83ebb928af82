"""The twin's transposition table: probe and the replacement rule of docs/search.md
("Transposition table"). The asm's tt_store follows the same rule; the twin contract
(tests/test_asm_search.py, `xq65 diff`) compares the node counts it produces."""
from __future__ import annotations

from pyharness.reference.tt import (FLAG_EXACT, FLAG_LOWER, FLAG_UPPER, TT_ENTRIES,
                                    TranspositionTable)

A = 0x1234_0005          # slot 5
B = 0x9876_0005          # slot 5, another lock


def test_probe_hits_only_its_own_lock():
    tt = TranspositionTable()
    assert tt.probe(A) is None
    tt.store(A, 3, 40, FLAG_EXACT, 0x33, 0x44)
    e = tt.probe(A)
    assert (e.depth, e.score, e.flag, e.frm, e.to) == (3, 40, FLAG_EXACT, 0x33, 0x44)
    assert tt.probe(B) is None
    assert (tt.stats.probes, tt.stats.hits) == (3, 1)


def test_a_deeper_entry_of_another_position_is_kept():
    tt = TranspositionTable()
    tt.store(A, 4, 10, FLAG_LOWER, 0x33, 0x44)
    tt.store(B, 3, 20, FLAG_UPPER, 0x55, 0x66)
    assert tt.probe(B) is None and tt.probe(A).depth == 4


def test_an_equal_or_greater_depth_replaces_another_position():
    for depth in (4, 5):
        tt = TranspositionTable()
        tt.store(A, 4, 10, FLAG_LOWER, 0x33, 0x44)
        tt.store(B, depth, 20, FLAG_UPPER, 0x55, 0x66)
        assert tt.probe(A) is None
        e = tt.probe(B)
        assert (e.depth, e.score, e.frm, e.to) == (depth, 20, 0x55, 0x66)


def test_the_old_rule_replaces_another_position_at_any_depth():
    tt = TranspositionTable()
    tt.store(A, 4, 10, FLAG_LOWER, 0x33, 0x44)
    tt.store(B, 1, 20, FLAG_UPPER, 0x55, 0x66, keep_deeper=False)
    assert tt.probe(A) is None and tt.probe(B).depth == 1


def test_same_position_keeps_its_deeper_draft_and_its_move():
    tt = TranspositionTable()
    tt.store(A, 4, 10, FLAG_LOWER, 0x33, 0x44)
    for keep in (True, False):
        tt.store(A, 2, 99, FLAG_EXACT, 0x55, 0x66, keep_deeper=keep)
        assert tt.probe(A).score == 10
    tt.store(A, 4, 30, FLAG_UPPER, 0, 0)          # no move: the old one stays
    e = tt.probe(A)
    assert (e.score, e.flag, e.frm, e.to) == (30, FLAG_UPPER, 0x33, 0x44)


def test_clear_empties_every_slot():
    tt = TranspositionTable()
    for i in range(TT_ENTRIES):
        tt.store(i | 0x10000, 2, i, FLAG_EXACT, 1, 2)
    tt.clear()
    assert all(tt.probe(i | 0x10000) is None for i in range(TT_ENTRIES))


def test_depth_preferred_replacement_searches_fewer_nodes_in_the_middlegame():
    """The reason for the rule (docs/search.md): fewer nodes to a fixed depth."""
    from pyharness.bench.search import load_suite
    from pyharness.reference.position import Position
    from pyharness.reference.search import SearchRules, think

    mids = [p for p in load_suite() if p.phase == "mid"]
    new = sum(think(Position.from_fen(p.fen), depth=4, seed=1).nodes for p in mids)
    old = sum(think(Position.from_fen(p.fen), depth=4, seed=1,
                    rules=SearchRules(tt_deep=False)).nodes
              for p in mids)
    # the sign is the rule's; the margin is the tables' (how often a deep entry is met
    # again), so it is not pinned here: journal.md has the measured figures
    assert new < old, (new, old)
