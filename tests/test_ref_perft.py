"""Reference perft against the published counts of tests/data/perft_public.txt.

Every position to every depth whose count is <= 100,000 (about 5 s in total).
"""
from __future__ import annotations

import pytest

from pyharness.reference.perft import divide, perft, read_perft_file
from pyharness.reference.position import Position

from conftest import DATA_DIR

MAX_LEAVES = 100_000
CASES = [(case.id, case.fen, depth, count)
         for case in read_perft_file(DATA_DIR / "perft_public.txt")
         for depth, count in sorted(case.counts.items()) if count <= MAX_LEAVES]


def test_perft_file_has_the_expected_cases():
    ids = {case_id for case_id, *_ in CASES}
    assert {"start", "wiki2", "fsf1", "rule_stalemate_black_loses"} <= ids
    assert len(CASES) >= 45


@pytest.mark.parametrize("case_id,fen,depth,count", CASES,
                         ids=[f"{c[0]}-d{c[2]}" for c in CASES])
def test_perft_matches_published_count(case_id, fen, depth, count):
    pos = Position.from_fen(fen)
    before = (bytes(pos.board), bytes(pos.piece_sq), pos.side)
    assert perft(pos, depth) == count
    assert (bytes(pos.board), bytes(pos.piece_sq), pos.side) == before


def test_divide_sums_to_perft_and_keeps_generation_order():
    pos = Position.start()
    rows = divide(pos, 2)
    assert [m for m, _ in rows] == pos.legal_moves()
    assert sum(n for _, n in rows) == 1920
    assert perft(pos, 0) == 1


def test_perft_rejects_negative_depth():
    with pytest.raises(ValueError):
        perft(Position.start(), -1)


def test_read_perft_file_rejects_garbage(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("id x\nfen 4k4/9/9/9/9/9/9/9/9/3K5 w\nperft one 2\n")
    with pytest.raises(ValueError, match="bad perft line"):
        read_perft_file(bad)
