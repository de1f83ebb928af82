"""Whole games and matches: adjudication, seeds, workers, output."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pyharness.cli import main
from pyharness.match import (DEFAULT_OPENINGS, EngineFailure, GameView, Opening,
                             OpeningsError, RandomPlayer, load_openings, play_game,
                             run_match, schedule)
from pyharness.match.report import game_pgn, summary_lines
from pyharness.reference.board import BLACK, RED
from pyharness.reference.position import Move, Position

MATE_IN_ONE = "r2k1ab2/9/b8/prp1p1p1n/7R1/4C1P2/P1c1P4/R7B/5K3/9 w - - 2 15"  # h5d5


def _moves(result):
    return [(r.index, r.opening.fen, r.a_is_red, r.moves, r.winner, r.reason)
            for r in result.records]


def test_default_openings_are_valid_and_varied():
    openings = load_openings()
    assert 10 <= len(openings) <= 20
    assert len({o.fen for o in openings}) == len(openings)
    assert all(o.name for o in openings)
    assert DEFAULT_OPENINGS.exists()


def test_bad_openings_file_names_the_line(tmp_path):
    bad = tmp_path / "openings.txt"
    bad.write_text("# comment\n" + load_openings()[0].fen + "\nrnbakabnr/9 w - - 0 1 ; broken\n")
    with pytest.raises(OpeningsError, match=r"openings.txt:3:"):
        load_openings(bad)
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n\n")
    with pytest.raises(OpeningsError, match="no opening positions"):
        load_openings(empty)


def test_schedule_pairs_openings_with_colours_swapped():
    openings = load_openings()
    tasks = schedule(8, openings, seed=3)
    for first, second in zip(tasks[::2], tasks[1::2]):
        assert first.opening == second.opening and first.seed == second.seed
        assert first.a_is_red and not second.a_is_red
    assert len({t.opening for t in tasks}) == 4
    assert [t.opening for t in schedule(8, openings, 3)] == [t.opening for t in tasks]
    assert [t.opening for t in schedule(8, openings, 4)] != [t.opening for t in tasks]


def test_naive_beats_random():
    """naive:depth=2 scores well against a random mover (depth 1 cannot see mates and
    shuffles its king into repetition draws, so depth 2 is the smallest that wins)."""
    result = run_match("naive:depth=2", "random:seed=1", 4, seed=0)
    assert len(result.records) == 4
    assert result.wins + 0.5 * result.draws >= 3
    assert result.losses == 0
    assert [r.a_is_red for r in result.records] == [True, False, True, False]


def test_same_seed_same_games_and_workers_do_not_matter():
    one = run_match("naive:depth=1", "random:seed=2", 4, seed=9, max_plies=60)
    again = run_match("naive:depth=1", "random:seed=2", 4, seed=9, max_plies=60)
    parallel = run_match("naive:depth=1", "random:seed=2", 4, seed=9, max_plies=60, jobs=2)
    assert _moves(one) == _moves(again) == _moves(parallel)
    assert parallel.jobs == 2
    other = run_match("naive:depth=1", "random:seed=2", 4, seed=10, max_plies=60)
    assert _moves(other) != _moves(one)


def test_max_plies_is_a_draw_reported_as_such():
    result = run_match("random:seed=1", "random:seed=2", 2, max_plies=12)
    for record in result.records:
        assert len(record.moves) == 12
        assert record.winner is None and record.reason == "max plies (12)"
        assert record.a_score == 0.5


class _Scripted:
    """A player that plays a fixed list of ICCS moves."""

    def __init__(self, moves):
        self.moves = list(moves)

    def new_game(self, seed):
        pass

    def choose(self, view: GameView) -> Move:
        return Move.from_iccs(self.moves[len(view.moves) // 2])

    def close(self):
        pass


def test_checkmate_ends_the_game_with_a_winner():
    record = play_game(_Scripted(["h5d5"]), RandomPlayer(1), Opening(MATE_IN_ONE),
                       names=("scripted", "random"))
    assert record.moves == ["h5d5"]
    assert record.winner == RED and record.a_score == 1.0
    assert record.result_text == "1-0"
    pgn = game_pgn(record)
    assert '[Result "1-0"]' in pgn and "15. h5d5 1-0" in pgn


def test_illegal_move_stops_the_match_with_a_clear_error():
    with pytest.raises(EngineFailure, match="illegal move a0a5"):
        play_game(_Scripted(["a0a5"]), RandomPlayer(1), Opening(Position.start().fen()),
                  names=("scripted", "random"))


def test_crashing_engine_is_reported():
    class Broken(_Scripted):
        def choose(self, view):
            raise RuntimeError("boom")
    with pytest.raises(EngineFailure, match="scripted.*boom"):
        play_game(Broken([]), RandomPlayer(1), Opening(Position.start().fen()),
                  names=("scripted", "random"))


def test_black_wins_from_a_black_to_move_opening():
    fen = MATE_IN_ONE.replace(" w ", " b ")
    mirrored = Position.from_fen(fen)  # black to move: any legal game just runs
    record = play_game(RandomPlayer(3), RandomPlayer(4), Opening(fen), max_plies=4)
    assert record.moves and mirrored.is_legal(Move.from_iccs(record.moves[0]))
    assert record.winner in (RED, BLACK, None)


def test_cli_json_and_log(tmp_path):
    log = tmp_path / "games.pgn"
    result = CliRunner().invoke(main, ["match", "naive:depth=1", "random:seed=1", "-n", "2",
                                       "--max-plies", "40", "--json", "-q",
                                       "--log", str(log)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["a"] == "naive:depth=1" and data["games"] == 2
    assert data["wins"] + data["draws"] + data["losses"] == 2
    assert len(data["records"]) == 2
    assert log.read_text().count("[Event ") == 2


def test_cli_summary_text():
    result = CliRunner().invoke(main, ["match", "naive:depth=2", "random:seed=1", "-n", "2",
                                       "-q"])
    assert result.exit_code == 0, result.output
    assert "naive:depth=2 vs random:seed=1: 2 games" in result.output
    assert "Elo A - B:" in result.output


def test_summary_lines_mention_every_total():
    result = run_match("random:seed=1", "random:seed=2", 2, max_plies=8)
    text = "\n".join(summary_lines(result))
    assert "W 0  D 2  L 0" in text and "max plies (8) 2" in text


def test_cli_engine_failure_exits_2(monkeypatch):
    from pyharness.match import registry

    class Illegal(_Scripted):
        def choose(self, view):
            return Move.from_iccs("a0a9")
    kind = registry.EngineKind("illegal", "always plays a0a9", {}, lambda o: Illegal([]))
    monkeypatch.setitem(registry._REGISTRY, "illegal", kind)
    result = CliRunner().invoke(main, ["match", "illegal", "random", "-n", "1", "-q"])
    assert result.exit_code == 2, result.output
    assert "engine failure" in result.output and "illegal move a0a9" in result.output


def test_fsf_games_are_reproducible():
    from pyharness.match.uci import EngineMissingError, find_binary
    try:
        find_binary()
    except EngineMissingError as exc:
        pytest.skip(f"fairy-stockfish not installed: {exc}")
    first = run_match("naive:depth=1", "fsf:depth=1", 2, seed=1, max_plies=40)
    second = run_match("naive:depth=1", "fsf:depth=1", 2, seed=1, max_plies=40, jobs=2)
    assert _moves(first) == _moves(second)
    assert all(len(r.moves) > 4 for r in first.records)


def test_a_spec_the_engine_refuses_is_an_error_with_workers_too():
    """ref:nodes=... without a level or depth: the twin's limits refuse it. With two
    workers the error must come from the parent (a pool whose initializer raises
    respawns its workers forever): exit 2 with the message, within the test's bound."""
    import signal

    def bound(*_):
        raise TimeoutError("the match hung on a refused spec")
    old = signal.signal(signal.SIGALRM, bound)
    signal.alarm(60)
    try:
        for jobs in ("1", "2"):
            res = CliRunner().invoke(main, ["match", "ref:nodes=100", "random", "-n", "2",
                                            "-j", jobs])
            assert res.exit_code == 2, (jobs, res.output)
            assert "give a level" in res.output
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
