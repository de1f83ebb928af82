"""tools/lab/match_lines.py: the resumable match's score and its sequential test (--sprt)."""
from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from types import SimpleNamespace

import pytest

from lab_support import lab_module
from pyharness.rom.build import project_root

ROOT = project_root()
TOOL = ROOT / "tools" / "lab" / "match_lines.py"


def _load():
    return lab_module("match_lines")


def _write(path, scores):
    path.write_text("".join(json.dumps({"index": i, "a_score": s, "reason": "x"}) + "\n"
                            for i, s in enumerate(scores)))


def test_score_with_sprt_and_bad_arguments(tmp_path):
    out = tmp_path / "m.jsonl"
    _write(out, [1.0] * 30 + [0.5] * 10)
    r = subprocess.run([sys.executable, str(TOOL), "--score", str(out), "--sprt", "0,10"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("40 games, A: 30-10-0") and "H1 accepted" in r.stdout
    _write(out, [1.0, 0.0, 0.5, 0.5])
    r = subprocess.run([sys.executable, str(TOOL), "--score", str(out), "--sprt=-5,5"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "go on" in r.stdout
    for bad in ("10,0", "5", "a,b"):
        r = subprocess.run([sys.executable, str(TOOL), "--score", str(out), f"--sprt={bad}"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and r.stderr.startswith("error: --sprt"), r.stderr


def test_sprt_stops_the_run_when_decided(tmp_path, monkeypatch, capsys):
    """A run with --sprt stops at the first game that decides the test; a second run on
    the decided file plays nothing; without --sprt every game is played."""
    tool = _load()
    played = []

    def fake_iter_match(a, b, tasks, jobs=1):
        for t in tasks:                 # A loses every game
            played.append(t.index)
            yield SimpleNamespace(index=t.index, a_score=0.0, reason="mate")

    monkeypatch.setattr(tool, "iter_match", fake_iter_match)
    out = tmp_path / "m.jsonl"
    args = ["naive:depth=1", "naive:depth=2", "200", "3", "1", str(out)]
    assert tool.main(args + ["--sprt", "0,10"]) == 0
    n = len(out.read_text().splitlines())
    assert 10 < n < 100 and len(played) == n
    assert "H0 accepted" in capsys.readouterr().out
    assert tool.main(args + ["--sprt", "0,10"]) == 0
    assert len(played) == n
    assert tool.main(args) == 0
    assert len(out.read_text().splitlines()) == 200


def test_pst_kind_searches_with_the_file_tables(tmp_path):
    """--pst FILE registers `pst`, the twin with FILE's tables: with the published tables
    (assets/pst.txt, not the engine's re-weighted ones) its depth-1 score is the
    published tables' evaluation after its move, not the engine's; a bad file exits 2."""
    from pyharness.limits import Limits
    from pyharness.match.registry import make_player, parse_spec
    from pyharness.reference import assets
    from pyharness.reference.eval import Evaluator
    from pyharness.reference.position import Position
    tool = _load()
    tool.register_pst(str(ROOT / "assets" / "pst.txt"))
    player = make_player(parse_spec("pst:depth=1"))
    pos = Position.start()
    res = player.engine.think(pos, Limits(depth=1, seed=1), player.rules)
    ref = make_player(parse_spec("ref:depth=1")).engine.think(pos, Limits(depth=1, seed=1))
    assert res.score != ref.score
    after = pos.copy()
    after.push(res.best_move)
    published = Evaluator(assets.load_pst())
    assert res.score == -published.evaluate(after.piece_sq, after.side)
    bad = tmp_path / "bad.txt"
    bad.write_text("type K\n1 2 3\n")
    out = tmp_path / "m.jsonl"
    r = subprocess.run([sys.executable, str(TOOL), "pst:depth=1", "ref:depth=1", "2", "1", "1",
                        str(out), "--pst", str(bad)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "9 numbers" in r.stderr, r.stderr


def test_pst_kind_takes_the_root_tables_unless_told_not_to():
    """`pst` with the engine's own file is the engine (its root tables made from the
    file); with --no-root it is the engine without them: on an endgame root (both
    sides' attack units at most END_UNITS) they search differently."""
    from pyharness.limits import Limits
    from pyharness.match.registry import make_player, parse_spec
    from pyharness.reference.position import Position
    tool = _load()
    pos = Position.from_fen("3ak1b2/4a4/b8/p3p2r1/3R4p/2P6/P7C/4B4/3K5/c2A5 w - - 0 30")
    ref = make_player(parse_spec("ref:depth=3")).engine.think(pos, Limits(depth=3, seed=1))
    got = {}
    for root in (True, False):
        tool.register_pst(str(ROOT / "assets" / "pst_engine.txt"), root)
        player = make_player(parse_spec("pst:depth=3"))
        res = player.engine.think(pos, Limits(depth=3, seed=1), player.rules)
        got[root] = (res.nodes, res.score, res.best_move)
    assert got[True] == (ref.nodes, ref.score, ref.best_move)
    assert got[False] != got[True]


def test_until_is_the_next_such_time():
    """--until 01:45 asked at 23:30 means tomorrow's 01:45, not a time already past
    (which stopped a run after its first game); a bad time is refused."""
    parse = _load().parse_until
    utc = dt.timezone.utc
    evening = dt.datetime(2026, 11, 27, 23, 30, 12, tzinfo=utc)
    assert parse("01:45", evening) == dt.datetime(2026, 11, 28, 1, 45, tzinfo=utc)
    assert parse("23:45", evening) == dt.datetime(2026, 11, 27, 23, 45, tzinfo=utc)
    assert parse("23:30", evening) == dt.datetime(2026, 11, 28, 23, 30, tzinfo=utc)
    for bad in ("1745", "25:00", "ab:cd"):
        with pytest.raises(ValueError, match="--until"):
            parse(bad, evening)


def test_parts_partition_the_schedule_by_pairs_whenever_they_start():
    ml = _load()
    tasks = [SimpleNamespace(index=i) for i in range(40)]
    early = ml.part_tasks(tasks, set(), 0, 2)                   # part 0 starts alone
    done = {t.index for t in early[:7]}                         # and plays 7 games
    late = ml.part_tasks(tasks, done, 1, 2)                     # then part 1 starts
    rest = ml.part_tasks(tasks, done, 0, 2)
    played = [t.index for t in early[:7] + rest + late]
    assert sorted(played) == list(range(40))                    # every game, once
    assert {t.index // 2 for t in late}.isdisjoint({t.index // 2 for t in early})
    assert {t.index % 2 for t in late} == {0, 1}                # both colours in a part
    for bad in ("2/2", "-1/2", "1", "a/b"):
        with pytest.raises(ValueError, match="--part"):
            ml.parse_part(bad)
