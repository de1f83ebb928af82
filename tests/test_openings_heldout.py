"""The held-out openings of issue 33 (assets/openings_tune.txt, openings_judge.txt).

Checks: at least 100 positions; the halves disjoint and without duplicates (a position
and its left-right mirror count as one); every position legal by the reference rules
and by pyffish (the same legal moves); none is a match opening, a position on a book
line, or a position the book has a move for; every recorded depth-12 score within the
stated +-60 cp; the header names the seed, depth, margin and the judging rule.

Balance is re-measured on a sample only, to stay fast: RESCORE_COUNT positions (every
k-th of each half) searched by Fairy-Stockfish at RESCORE_DEPTH (not the generator's
depth 12) must score within +-RESCORE_BOUND cp, a wider bound than the generator's
+-60 because a shallower search swings more.
"""
from __future__ import annotations

import re

import pytest

from pyharness.match.runner import OPENING_SETS, load_openings
from pyharness.match.uci import uci_to_iccs
from pyharness.reference.assets import load_book_lines
from pyharness.reference.book import default_book
from pyharness.reference.position import Position

MIN_COUNT = 100
KEEP_MARGIN = 60          # the generator's bound at depth 12, stated in the headers
RESCORE_COUNT = 10
RESCORE_DEPTH = 8
RESCORE_BOUND = 150
SEARCH_TIMEOUT_S = 60

_SCORE_RE = re.compile(r"\(d12 ([+-]\d+)\)$")


def _identity(fen: str) -> frozenset[str]:
    """The position and its mirror, board and side only."""
    board, side = fen.split()[:2]
    mirror = "/".join(rank[::-1] for rank in board.split("/"))
    return frozenset({f"{board} {side}", f"{mirror} {side}"})


@pytest.fixture(scope="module")
def halves():
    return {name: load_openings(name) for name in ("tune", "judge")}


def test_count_and_split(halves):
    tune, judge = halves["tune"], halves["judge"]
    assert len(tune) + len(judge) >= MIN_COUNT
    assert abs(len(tune) - len(judge)) <= 1


def test_no_duplicates_and_disjoint(halves):
    ids = {name: [_identity(o.fen) for o in ops] for name, ops in halves.items()}
    for name, group in ids.items():
        assert len(set(group)) == len(group), f"duplicate position in the {name} half"
    assert not set(ids["tune"]) & set(ids["judge"])


def test_legal_by_pyffish(halves):
    sf = pytest.importorskip("pyffish")
    for ops in halves.values():
        for o in ops:
            assert sf.validate_fen(o.fen, "xiangqi") == 1, o.fen
            theirs = sorted(uci_to_iccs(m) for m in sf.legal_moves("xiangqi", o.fen, []))
            ours = sorted(m.iccs() for m in Position.from_fen(o.fen).legal_moves())
            assert ours and ours == theirs, o.fen


def test_outside_the_book_and_the_match_openings(halves):
    known: set[str] = set()
    for o in load_openings("default"):
        known |= _identity(o.fen)
    for line in load_book_lines():
        pos = Position.start()
        known |= _identity(pos.fen())
        for text in line.moves:
            pos.push(pos.parse_move(text))
            known |= _identity(pos.fen())
    book = default_book()
    for ops in halves.values():
        for o in ops:
            assert not _identity(o.fen) & known, o.fen
            assert not book.candidates(Position.from_fen(o.fen)), o.fen


def test_recorded_scores_and_header(halves):
    for name, ops in halves.items():
        for o in ops:
            m = _SCORE_RE.search(o.name)
            assert m, o.name
            assert abs(int(m.group(1))) <= KEEP_MARGIN, o.name
        header = OPENING_SETS[name].read_text(encoding="utf-8")
        assert "--seed" in header and "depth 12" in header and f"+-{KEEP_MARGIN} cp" in header
        assert "NEVER BE USED FOR A FIT OR A KEEP-OR-DROP DECISION" in header


def test_sample_is_balanced(halves, fsf):
    sample = []
    for ops in halves.values():
        step = max(1, len(ops) // (RESCORE_COUNT // 2))
        sample += ops[::step][:RESCORE_COUNT // 2]
    assert len(sample) == RESCORE_COUNT
    for o in sample:
        fsf.new_game()
        answer = fsf.best_move(o.fen, depth=RESCORE_DEPTH, timeout=SEARCH_TIMEOUT_S)
        assert answer.mate is None and answer.score_cp is not None, o.name
        assert abs(answer.score_cp) <= RESCORE_BOUND, (o.name, answer.score_cp)


def test_named_sets_resolve():
    assert load_openings(None) == load_openings("default")
    assert load_openings(str(OPENING_SETS["judge"])) == load_openings("judge")
