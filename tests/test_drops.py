"""tools/lab/drops.py: a match log's moves scored by Fairy-Stockfish, and a player's
drops compared with its opponent's (docs/journal.md, "Where levels 4 and 5 lose to
Fairy-Stockfish")."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from lab_support import lab_module

from pyharness.cli import main as cli
from pyharness.reference.position import Move, Position


def _log(tmp_path, games=2, plies=6, red="random:seed=1"):
    path = tmp_path / "m.log"
    r = CliRunner().invoke(cli, ["match", red, "random:seed=2", "-n", str(games),
                                 "--max-plies", str(plies), "--log", str(path), "-q"])
    assert r.exit_code == 0, r.output
    return path


def test_the_log_is_read_game_by_game_with_legal_moves(tmp_path):
    dr = lab_module("drops")
    games = dr.games_of(str(_log(tmp_path)))
    assert len(games) == 2
    for g in games:
        assert len(g.moves) == int(g.tags["PlyCount"]) > 0
        pos = Position.from_fen(g.fen)
        for m in g.moves:
            pos.push_checked(Move.from_iccs(m))


def test_a_bad_game_in_the_log_is_named(tmp_path):
    dr = lab_module("drops")
    path = _log(tmp_path)
    path.write_text(path.read_text().replace("[FEN ", "[FEN x", 1))
    with pytest.raises(SystemExit, match="game 1"):
        dr.games_of(str(path))


def test_drops_follow_the_side_to_move_and_the_report_compares_the_players():
    dr = lab_module("drops")

    class G:
        fen = "4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1"
        tags = {"Red": "ref:L4", "Black": "fsf:nodes=5000"}
        moves = ["e9d9", "e0d0", "d9e9"]
    rows = dr.drops([G], [[10, 40, -20, 500]])
    assert [r["mover"] for r in rows] == ["fsf:nodes=5000", "ref:L4", "fsf:nodes=5000"]
    assert [r["drop"] for r in rows] == [50, 20, 480]
    assert [r["before"] for r in rows] == [10, 40, -20]
    text = "\n".join(dr.report(rows, "ref:L4", balanced=250, plies=2))
    # the third move was made at -20, but its drop (480) counts: a balanced game
    assert "| 0-1 | 1, 1 | 20.0 | 50.0 | -30.0 |" in text
    assert "| 2-3 | 0, 1 | 0.0 | 480.0 | -480.0 |" in text
    assert "| >= 300 | 0 | 1 |" in text
    with pytest.raises(SystemExit, match="no balanced move"):
        dr.report([r for r in rows if r["mover"] != "ref:L4"], "ref:L4")


def test_score_writes_a_row_a_move(tmp_path, fsf):
    dr = lab_module("drops")
    out = tmp_path / "rows.jsonl"
    assert dr.score(str(_log(tmp_path, games=2, plies=4)), str(out), depth=2, jobs=1) == 8
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["game"] for r in rows} == {0, 1}
    assert all(abs(r["before"]) <= dr.MATE_CP for r in rows)
    for a, b in zip(rows, rows[1:]):
        if a["game"] == b["game"]:           # the score after a move is the next before
            assert a["drop"] == a["before"] + b["before"]


def test_bad_arguments_are_refused(tmp_path):
    dr = lab_module("drops")
    with pytest.raises(SystemExit, match="--depth takes"):
        dr.main(["score", "x.log", "y.jsonl", "--depth", "0"])
    with pytest.raises(SystemExit, match="nosuch.log"):
        dr.games_of(str(tmp_path / "nosuch.log"))
    bad = tmp_path / "rows.jsonl"
    bad.write_text("{not json\n")
    with pytest.raises(SystemExit, match="rows.jsonl"):
        dr.main(["report", str(bad), "--player", "ref:L4"])


def test_mend_replays_the_players_move_and_scores_other_specs(tmp_path, fsf):
    """`mend` gives the player's own spec the game's seed and moves, so it answers the
    played move; another spec's answer is scored by Fairy-Stockfish against it."""
    dr = lab_module("drops")
    log = _log(tmp_path, games=2, plies=8, red="ref:depth=1")
    games = dr.games_of(str(log))
    rows = []
    for g, game in enumerate(games):        # every move a large drop
        for k, move in enumerate(game.moves):
            red = (game.fen.split()[1] == "w") == (k % 2 == 0)
            rows.append({"game": g, "ply": k, "move": move, "before": 0, "drop": 500,
                         "mover": game.tags["Red" if red else "Black"]})
    lines = dr.mend(rows, games, "ref:depth=1", ["ref:depth=1", "ref:depth=2"],
                    least=300, count=4, depth=2, jobs=1)
    assert lines[0].startswith("ref:depth=1: 4 drops")
    assert lines[3] == "| ref:depth=1 | 4 | 0 | +0.0 |"
    assert lines[4].startswith("| ref:depth=2 | ")
    with pytest.raises(SystemExit, match="no drop of 300"):
        dr.mend(rows, games, "naive:depth=1", ["ref:depth=1"], 300, 3, 2, 1)
    (tmp_path / "r.jsonl").write_text("")
    with pytest.raises(SystemExit, match="--specs"):
        dr.main(["mend", str(tmp_path / "r.jsonl"), str(log), "--player", "x",
                 "--specs", "nosuch:depth=1"])
