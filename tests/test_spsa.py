"""tools/lab/spsa.py: the tables' recipe tuned by pairs of games (SPSA), resumable, on the
tuning openings only."""
from __future__ import annotations

import json
import sys

import pytest

from lab_support import lab_module
from pyharness.match.runner import load_openings
from pyharness.reference.assets import load_pst
from pyharness.reference.eval import default_pst


def _load():
    """spsa, with the siblings it imports given as modules first (no sys.path edit)."""
    lab_module("eval_fit")
    lab_module("pst_fit")
    lab_module("match_lines")
    return lab_module("spsa")


def _rook_oracle(tool):
    """A fake pair: theta+ wins both games when its rook is worth more, else loses both."""
    r = [p.name for p in tool.PARAMS].index("R")

    def play(level, plus, minus, opening, seed):
        return (2, 0, 0) if plus[r] > minus[r] else (0, 0, 2)
    return play, r


def test_the_start_is_the_engines_tables_and_the_bounds_build():
    tool = _load()
    assert tool.tables_of([p.start for p in tool.PARAMS]) == default_pst()
    for corner in ([p.lo for p in tool.PARAMS], [p.hi for p in tool.PARAMS]):
        tables = tool.tables_of(corner)           # tune_pst raises outside 1..255
        assert all(max(t) <= 255 for t in tables)
    assert tool.tables_of([p.start + (p.name == "R") * 10 for p in tool.PARAMS]) != default_pst()


def test_gains_end_at_the_documented_step():
    tool = _load()
    cs, steps = tool.gains(999, 1000, 0.02)
    for p, c, st in zip(tool.PARAMS, cs, steps):
        assert c == pytest.approx(p.c_end)
        assert st == pytest.approx(0.02 * p.c_end)
    c0, s0 = tool.gains(0, 1000, 0.02)
    assert all(a > b for a, b in zip(c0, cs)) and all(a > b for a, b in zip(s0, steps))


def test_a_pair_that_favours_the_rook_raises_it_and_a_run_resumes(tmp_path, monkeypatch):
    tool = _load()
    play, r = _rook_oracle(tool)
    monkeypatch.setattr(tool, "play_pair", play)
    out = tmp_path / "run.jsonl"
    theta = tool.run(str(out), 6, 1, 3, "tune", 5, 0.02, log=lambda s: None)
    rise = sum(2 * tool.gains(k, 6, 0.02)[1][r] for k in range(6))
    assert theta[r] == pytest.approx(tool.PARAMS[r].start + rise, abs=1e-3)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["k"] for row in rows] == list(range(6))
    assert all(row["wdl"] in ([2, 0, 0], [0, 0, 2]) for row in rows)
    cut = tmp_path / "cut.jsonl"                  # a run stopped after 3 pairs, resumed
    cut.write_text("".join(line + "\n" for line in out.read_text().splitlines()[:3]))
    again = tool.run(str(cut), 6, 1, 3, "tune", 5, 0.02, log=lambda s: None)
    assert again == pytest.approx(theta, abs=1e-3)
    assert cut.read_text() == out.read_text()


def test_show_writes_the_means_tables(tmp_path, monkeypatch):
    tool = _load()
    play, _ = _rook_oracle(tool)
    monkeypatch.setattr(tool, "play_pair", play)
    out = tmp_path / "run.jsonl"
    tool.run(str(out), 4, 1, 3, "tune", 2, 0.02, log=lambda s: None)
    tables = tmp_path / "t.txt"
    lines = []
    mean = tool.show(str(out), str(tables), log=lines.append)
    rows = tool.read_run(str(out))
    assert mean == pytest.approx([sum(r["theta"][i] for r in rows[2:]) / 2
                                  for i in range(len(tool.PARAMS))])
    assert load_pst(tables) == tool.tables_of(mean)
    assert "Made by tools/lab/spsa.py" in tables.read_text()
    assert any(line.startswith("R ") for line in lines)


def test_the_judging_half_and_bad_input_are_refused(tmp_path, capsys):
    tool = _load()
    with pytest.raises(tool.SpsaError, match="judging"):
        tool.run(str(tmp_path / "x.jsonl"), 2, 1, 3, "judge", 1, 0.02, log=lambda s: None)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"k": 0, "theta": [1, 2]}\n')
    assert tool.main(["show", str(bad)]) == 2
    assert "bad.jsonl:1" in capsys.readouterr().err
    assert tool.main(["run", str(tmp_path / "y.jsonl"), "--pairs", "0"]) == 2
    assert tool.main(["run", str(tmp_path / "y.jsonl"), "--pairs", "2",
                      "--openings", str(tmp_path / "none.txt")]) == 2
    assert tool.main(["show", str(tmp_path / "missing.jsonl")]) == 2
    assert tool.main(["run", str(tmp_path / "y.jsonl"), "--pairs", "2", "--until", "7pm"]) == 2
    assert "--until" in capsys.readouterr().err


def test_a_real_pair_is_two_games():
    tool = _load()
    start = [float(p.start) for p in tool.PARAMS]
    w, d, lo = tool.play_pair(1, start, start, load_openings("tune")[0], 3)
    assert w + d + lo == 2


def test_the_recipe_takes_its_numbers_as_arguments():
    """tune_pst's material and scale arguments, and eval_fit --tables, change the tables
    without touching the module's constants (a scale given is a scale used)."""
    from pyharness.reference import eval as ev
    from pyharness.reference.board import ADVISOR, BISHOP, CANNON, KNIGHT, PAWN, ROOK
    _load()
    fit = sys.modules["eval_fit"]
    before = (dict(ev.TUNED_MATERIAL), ev.POSITION_SCALE_PCT)
    assert ev.tune_pst(load_pst(), None, 100) != ev.reweighted_pst()
    published = "20,18,78,194,89,7,100"
    material = dict(zip((ADVISOR, BISHOP, KNIGHT, ROOK, CANNON, PAWN), (20, 18, 78, 194, 89, 7)))
    assert fit.use_tables(published).pst == ev.tune_pst(load_pst(), material, 100)
    assert fit.use_tables(published).pst[1:] == load_pst()[1:]     # scale 100: the published
    assert (dict(ev.TUNED_MATERIAL), ev.POSITION_SCALE_PCT) == before


def test_per_type_scales_start_at_the_engines_tables_and_keep_their_set(tmp_path, monkeypatch):
    """--scales per-type: five scales all at POSITION_SCALE_PCT make the engine's tables,
    each moves its own type's positional part alone, the bounds build, and a run file
    of one set refuses the other."""
    from pyharness.reference.board import ADVISOR, BISHOP, CANNON
    tool = _load()
    params = tool.PARAMS_PER_TYPE
    start = [p.start for p in params]
    assert tool.tables_of(start) == default_pst()
    for corner in ([p.lo for p in params], [p.hi for p in params]):
        assert all(max(t) <= 255 for t in tool.tables_of(corner))
    names = [p.name for p in params]
    moved = tool.tables_of([x + 20 * (n == "sC") for n, x in zip(names, start)])
    changed = [t for t in range(7) if moved[t] != default_pst()[t]]
    assert changed == [CANNON]
    # the same lowest entry (material), a larger spread above it
    assert min(v for v in moved[CANNON] if v) == min(v for v in default_pst()[CANNON] if v)
    assert max(moved[CANNON]) > max(default_pst()[CANNON])
    guards = tool.tables_of([x + 40 * (n == "sG") for n, x in zip(names, start)])
    assert [t for t in range(7) if guards[t] != default_pst()[t]] == [ADVISOR, BISHOP]
    play, r = _rook_oracle(tool)
    monkeypatch.setattr(tool, "play_pair", play)
    out = tmp_path / "pt.jsonl"
    theta = tool.run(str(out), 2, 1, 3, "tune", 3, 0.02, log=lambda s: None, params=params)
    assert len(theta) == len(params) and theta[r] > params[r].start
    with pytest.raises(tool.SpsaError, match="another parameter set"):
        tool.run(str(out), 3, 1, 3, "tune", 3, 0.02, log=lambda s: None)
    lines = []
    tool.show(str(out), log=lines.append)
    assert any(line.startswith("sR ") for line in lines)


def test_root_recipe_starts_at_the_type_tables_and_shows_its_numbers(tmp_path, monkeypatch):
    """--scales root: its start gives root tables equal to the type tables (the engine
    before the root tables), a moved PE changes the endgame pawn table alone, the bounds
    build, and `show` prints the recipe instead of writing tables."""
    from pyharness.reference.board import ADVISOR, BISHOP, PAWN
    tool = _load()
    params = tool.PARAMS_ROOT
    start = [p.start for p in params]
    rt = tool.evaluator_of(start).root
    assert (rt.pawn_end, rt.advisor_spare, rt.bishop_spare) == \
        (default_pst()[PAWN], default_pst()[ADVISOR], default_pst()[BISHOP])
    moved = tool.evaluator_of([x + 5 * (p.name == "PE") for p, x in zip(params, start)]).root
    assert moved.pawn_end != rt.pawn_end and moved.advisor_spare == rt.advisor_spare
    for corner in ([p.lo for p in params], [p.hi for p in params]):
        e = tool.evaluator_of(corner)
        assert max(e.root.pawn_end) <= 255 and min(v for v in e.root.advisor_spare if v) >= 1
    monkeypatch.setattr(tool, "play_pair", lambda *a: (1, 0, 1))
    out = tmp_path / "root.jsonl"
    tool.run(str(out), 2, 1, 3, "tune", 3, 0.02, log=lambda s: None, params=params)
    lines = []
    tool.show(str(out), str(tmp_path / "never.txt"), log=lines.append)
    assert any("PAWN_END_MATERIAL 12" in line for line in lines)
    assert not (tmp_path / "never.txt").exists()
