"""Property-based fuzzing of the FEN and move parsers (Hypothesis): any string gives a
position (or a move) or the parser's own error; through the CLI, any string gives
output or one `error:` line with status 2, never a traceback."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pyharness.cli import main
from pyharness.reference.board import START_FEN
from pyharness.reference.errors import IllegalMoveError, InvalidFenError
from pyharness.reference.position import Move, Position

#: characters a FEN is made of, and a few that look like them (str.isdigit takes the
#: superscripts and other scripts' digits; int() refuses some of them)
FEN_ALPHABET = "rnbakcpehRNBAKCPEH0123456789/ wb-²³¹٣६\u00a0\t"
BOUNDED = settings(max_examples=300, deadline=2000,
                   suppress_health_check=[HealthCheck.too_slow])

fen_like = st.text(alphabet=FEN_ALPHABET, max_size=90)


@st.composite
def mutated_fens(draw):
    """A valid FEN with one character replaced, inserted or deleted."""
    base = draw(st.sampled_from([START_FEN, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
                                 "3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 b - - 12 40"]))
    i = draw(st.integers(0, len(base)))
    ch = draw(st.sampled_from(FEN_ALPHABET) | st.characters())
    kind = draw(st.sampled_from(["replace", "insert", "delete"]))
    if kind == "insert":
        return base[:i] + ch + base[i:]
    if kind == "delete":
        return base[:i] + base[i + 1:]
    return base[:i] + ch + base[i + 1:]


def _parse_or_refuse(text: str) -> Position | None:
    try:
        pos = Position.from_fen(text)
    except InvalidFenError as exc:
        assert str(exc)
        return None
    # a position it accepts is one it can write back and read again
    again = Position.from_fen(pos.fen())
    assert again.fen() == pos.fen()
    return pos


@BOUNDED
@given(st.text(max_size=120) | fen_like | mutated_fens())
@example("9/9/9/9/9/9/9/9/9/²")
@example("4k4/9/9/9/9/9/9/9/9/3K²4 w")
@example("4k4/9/9/9/9/9/9/9/9/4K4 w - - ² 1")
def test_from_fen_gives_a_position_or_invalid_fen_error(text):
    _parse_or_refuse(text)


@BOUNDED
@given(st.text(max_size=8) | st.text(alphabet="abcdefghij0123456789²٣İ ", max_size=6))
@example("h2e²")
@example("İ2e2")
def test_move_parsers_give_a_move_or_illegal_move_error(text):
    try:
        move = Move.from_iccs(text)
    except IllegalMoveError:
        pass
    else:
        assert Move.from_iccs(move.iccs()) == move
    try:
        Position.start().parse_move(text)
    except IllegalMoveError:
        pass


def _assert_output_or_one_error(result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    if result.exit_code == 0:
        return
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output


@settings(max_examples=60, deadline=5000, suppress_health_check=[HealthCheck.too_slow])
@given(fen_like | mutated_fens())
@pytest.mark.parametrize("command", [("show",), ("moves",), ("perft", "--", "{fen}", "1"),
                                     ("search", "--depth", "1", "--", "{fen}")])
def test_cli_on_any_fen_prints_or_says_error(command, text):
    args = [text if a == "{fen}" else a for a in command]
    if "{fen}" not in command:
        args = [*command, "--", text]
    _assert_output_or_one_error(CliRunner().invoke(main, args))


@settings(max_examples=60, deadline=5000, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="abcdefghij0123456789² ", max_size=12))
def test_cli_search_moves_any_text_prints_or_says_error(text):
    _assert_output_or_one_error(CliRunner().invoke(
        main, ["search", "start", "--depth", "1", "--moves", text]))
