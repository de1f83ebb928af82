"""The twin's `qs_checks` rule (docs/search.md, qsearch(): "The horizon's quiet
checks"): off by default and in the asm; on, the first quiescence ply also searches the
legal quiet moves that give check, so a depth-1 search sees a mate in one that a quiet
move of the opponent gives at its horizon."""
from __future__ import annotations

import pytest

from pyharness.match.registry import SpecError, parse_spec
from pyharness.reference.position import Position
from pyharness.reference.search import MATE, SearchRules, quiet_checks, think

ON = SearchRules.of(qs_checks=1)
#: Red to move; whatever it plays, a quiet move of the black rook mates (found by the
#: twin with the rule on, every root move scored mated at ply 2)
MATED = "5PP2/9/4k4/4r3n/9/9/9/9/9/3K5 w - - 0 1"


def test_it_is_off_by_default():
    assert SearchRules().qs_checks is False


def test_the_horizon_sees_a_quiet_mate_in_one():
    pos = Position.from_fen(MATED)
    off = think(pos, depth=1, seed=0)
    on = think(pos, depth=1, seed=0, rules=ON)
    assert off.score > -1000                 # captures only: a rook and a horse down
    assert on.score == 2 - MATE              # mated at ply 2, whatever Red plays
    assert on.nodes > off.nodes


@pytest.mark.parametrize("fen", [
    "2ba1a1C1/4kr3/2n1b4/pc2p3p/2c6/4Cp3/P3P1n1P/B5N2/R2N5/3AKAB2 w - - 5 19",   # mid-02
    "3ak1b2/R3a4/2n1b2r1/p3p3p/2p6/5R1n1/PcP1P3P/2N1C4/3CA4/2B1KAB2 b - - 0 18"])  # mid-01
def test_it_adds_nodes_but_not_to_a_stand_pat_level(fen):
    """Depth 2 with the rule on searches more nodes than without, and the same when the
    quiescence is off (level 1's stand pat: no list at all)."""
    pos = Position.from_fen(fen)
    assert think(pos, depth=2, seed=0, rules=ON).nodes > think(pos, depth=2, seed=0).nodes
    assert (think(pos, level=1, seed=0, use_book=False, rules=ON).nodes
            == think(pos, level=1, seed=0, use_book=False).nodes)


def test_only_the_twin_plays_it():
    assert parse_spec("ref:L4,qchk=1")
    assert SearchRules.of(qs_checks=1).asm_refused() == ["qs_checks=True"]
    with pytest.raises(SpecError, match="qchk"):
        parse_spec("asm:L4,qchk=1")


@pytest.mark.parametrize("fen, want", [
    ("3k5/9/9/9/9/9/9/R8/9/4K4 w", ["a2a9", "a2d2"]),                 # a rook onto a line
    ("4k4/9/9/4P4/9/4N4/9/4C4/9/3K5 w",                               # a cannon uncovered
     ["e6d6", "e6f6", "e4d6", "e4f6", "e4c5", "e4g5", "e4c3", "e4g3", "e4d2", "e4f2"]),
    ("3k5/9/9/9/4r4/9/9/9/4R4/4K4 w", [])])                           # pinned: none
def test_the_list_is_the_legal_quiet_checks_by_from_and_to(fen, want):
    pos = Position.from_fen(fen + " - - 0 1")
    got = quiet_checks(pos)
    assert [m.iccs() for m in got] == want
    assert got == sorted(got, key=lambda m: (m.frm, m.to))
