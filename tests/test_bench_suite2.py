"""The second bench suite (assets/bench_suite2.txt): positions the bench suite does not
hold, made by tools/lab/bench_positions.py from the tuning half's openings."""
from __future__ import annotations

import pytest

from lab_support import lab_module
from pyharness.bench.search import load_suite
from pyharness.reference.position import Position
from pyharness.rom.build import project_root

SUITE2 = project_root() / "assets" / "bench_suite2.txt"
PER_PHASE = 20


def _key(fen: str) -> str:
    board, side = fen.split()[:2]
    return board + side


def test_twenty_positions_a_phase_none_of_the_first_suite():
    suite = load_suite(SUITE2)
    for phase in ("open", "mid", "end"):
        assert [p.name for p in suite if p.phase == phase] == \
            [f"{phase}-{i:02d}" for i in range(1, PER_PHASE + 1)]
    keys = [_key(p.fen) for p in suite]
    assert len(set(keys)) == len(keys) == 3 * PER_PHASE
    assert not set(keys) & {_key(p.fen) for p in load_suite()}


def test_no_move_ends_the_game_at_once():
    """Beside the checks of every suite line (tests/test_bench_search.py): no position
    where a search would stop at depth 1 on a mate."""
    bp = lab_module("bench_positions")
    ends = [p.name for p in load_suite(SUITE2) if bp._mates_at_once(Position.from_fen(p.fen))]
    assert ends == []


def test_the_tool_makes_the_files_first_positions():
    """The recipe is prefix-stable: two a phase are the file's first two of each."""
    bp = lab_module("bench_positions")
    got = bp.suite_positions("tune", 2, 7000)
    suite = load_suite(SUITE2)
    for phase in bp.PHASES:
        want = [p.fen for p in suite if p.phase == phase][:2]
        assert got[phase] == want


def test_the_tool_refuses_a_bad_count(capsys):
    bp = lab_module("bench_positions")
    with pytest.raises(SystemExit) as err:
        bp.main(["tune", "--per-phase", "0"])
    assert err.value.code == 2
    assert "--per-phase must be 1..100" in capsys.readouterr().err


def test_the_file_says_how_it_was_made():
    head = [line for line in SUITE2.read_text(encoding="utf-8").splitlines()
            if line.startswith("#")]
    assert any("tools/lab/bench_positions.py tune --per-phase 20 --seed 7000" in line
               for line in head)
