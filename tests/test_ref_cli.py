"""`xq65 show / moves / perft` on the reference rules (fast, < 2 s)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pyharness.cli import main

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_show_prints_board_side_and_check():
    result = run("show", "start")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1].startswith("9") and "将" in lines[1] and "帅" in result.output
    assert "side to move: red" in result.output and "in check: no" in result.output
    result = run("show", "--letters", "4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1")
    assert result.exit_code == 0
    assert "0  . . . K . . . . ." in result.output
    assert "side to move: black" in result.output and "in check: yes" in result.output


def test_moves_in_generation_order_and_sorted():
    result = run("moves", "start")
    assert result.exit_code == 0
    moves = result.output.split()
    assert len(result.output.strip().splitlines()) == 1
    assert len(moves) == 44 and moves[0] == "e0e1" and moves[-1] == "i3i4"
    sorted_out = run("moves", START, "--sort", "--engine", "ref").output.split()
    assert sorted_out == sorted(moves)


def test_moves_of_a_stalemated_side_is_an_empty_line():
    result = run("moves", "3k5/2P6/9/9/4R4/9/9/9/9/5K3 b - - 0 1")
    assert result.exit_code == 0 and result.output.strip() == ""


def test_perft_count_on_the_last_line():
    result = run("perft", "start", "3")
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "79666"
    result = run("perft", START, "2", "--divide")
    lines = result.output.splitlines()
    assert lines[-1] == "1920" and len(lines) == 45 and lines[0] == "e0e1: 44"


@pytest.mark.parametrize("args,message", [
    (("show", "rnbakabnr/9 w"), "bad FEN"),
    (("moves", "4k4/9/9/9/9/9/9/9/9/4K4 w"), "not to move"),
    (("moves", "nonsense"), "bad FEN"),
    (("perft", "start", "x"), "'x' is not a valid integer"),
    (("perft", "start", "--", "-1"), "-1 is not in the range 0<=x<=8"),
    (("perft", "start", "99"), "99 is not in the range 0<=x<=8"),
])
def test_bad_input_exits_2_with_an_error_line(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert "error:" in result.output and message in result.output


def test_unknown_engine_is_refused():
    result = run("moves", "start", "--engine", "nope")
    assert result.exit_code == 2
