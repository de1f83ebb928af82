"""The level bench: the fixed suite, the statistics, the runs, the plot, the CLI, and
the asm: match player (with a stand-in engine while the asm search is absent)."""
from __future__ import annotations

import json
import types

import pytest
from click.testing import CliRunner
from PIL import Image

from pyharness.bench.search import (LevelStats, SearchBench, SearchRun, SuiteError,
                                    choose_positions, load_suite, name_ranges, parse_levels,
                                    run_bench, select_positions)
from pyharness.cli import main
from pyharness.engines import AsmSearchEngine, EngineUnavailableError
from pyharness.limits import Limits
from pyharness.match import GameView, SearchPlayer, search_seed
from pyharness.bench.plot import CAP_COLOUR, plot_levels
from pyharness.reference.book import default_book
from pyharness.reference.position import Move, Position
from pyharness.reference.levels import level_count
from pyharness.reference.search import SearchRules
from pyharness.rom.asm_engine import AsmEngine
from pyharness.rom.build import project_root


@pytest.fixture(scope="module")
def asm_available():
    """The asm engine opens (the ROM builds and loads): a failure here is an error."""
    AsmSearchEngine()


# --- the suite -------------------------------------------------------------------------


def test_suite_has_ten_positions_per_phase_with_names_and_comments():
    suite = load_suite()
    assert len(suite) == 30
    for phase in ("open", "mid", "end"):
        names = [p.name for p in suite if p.phase == phase]
        assert names == [f"{phase}-{i:02d}" for i in range(1, 11)]
    assert all(p.comment for p in suite)
    assert len({p.fen.split()[0] + p.fen.split()[1] for p in suite}) == 30


#: both suite files: the bench suite and the second one (tests/test_bench_suite2.py)
SUITES = [(name, p) for name in ("bench_suite", "bench_suite2")
          for p in load_suite(project_root() / "assets" / f"{name}.txt")]


@pytest.mark.parametrize("suite, entry", SUITES, ids=lambda x: x if isinstance(x, str)
                         else x.name)
def test_suite_position_is_a_real_search_position(suite, entry):
    pos = Position.from_fen(entry.fen)
    assert not pos.in_check(), "the side to move is in check"
    assert not pos.square_attacked(pos.king_square(pos.side ^ 1), pos.side), \
        "the side to move could capture the king"
    assert len(pos.legal_moves()) > 1, "mated, stalemated or a forced move"
    assert default_book().candidates(pos) == [], "levels 3-5 would answer from the book"


def test_suite_phases_look_like_their_names():
    """Both suites: openings with at least 30 pieces, endgames with at most 14."""
    for suite in ("bench_suite", "bench_suite2"):
        pieces = {phase: [sum(1 for sq in Position.from_fen(p.fen).piece_sq if sq)
                          for name, p in SUITES if name == suite and p.phase == phase]
                  for phase in ("open", "mid", "end")}
        assert min(pieces["open"]) >= 30 and max(pieces["end"]) <= 14, suite
        assert 15 <= min(pieces["mid"]) and max(pieces["mid"]) <= 30, suite


@pytest.mark.parametrize("text, message", [
    ("x-01 3k5/9/9/9/9/9/9/9/9/5K3 w ; bad name", "must start with"),
    ("open-01 3k5/9/9/9/9/9/9/9/9/5K3 w\nopen-01 3k5/9/9/9/9/9/9/9/9/4K4 w", "twice"),
    ("end-01 4k4/9/9/9/9/9/9/9 w ; short", ":1:"),
    ("# only a comment", "no positions"),
])
def test_bad_suite_files_say_what_is_wrong(tmp_path, text, message):
    f = tmp_path / "suite.txt"
    f.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(SuiteError, match=message):
        load_suite(f)


def test_subsets_take_the_phases_in_turn():
    suite = load_suite()
    assert [p.name for p in select_positions(suite, 4)] == \
        ["open-01", "mid-01", "end-01", "open-02"]
    assert len(select_positions(suite, None)) == 30
    assert len(select_positions(suite, 99)) == 30


def test_positions_chosen_by_name_phase_or_all():
    suite = load_suite()
    assert [p.name for p in choose_positions(suite, "mid-05, end-02,mid-05")] == \
        ["mid-05", "end-02"]
    assert [p.name for p in choose_positions(suite, "mid")] == \
        [f"mid-{i:02d}" for i in range(1, 11)]
    assert len(choose_positions(suite, "all,mid")) == 30
    for bad in ("mid-11", "", "mid,,end", "MID", "open-1"):
        with pytest.raises(ValueError, match="not in the bench suite"):
            choose_positions(suite, bad)
    assert name_ranges(p.name for p in suite) == \
        "open-01..open-10,mid-01..mid-10,end-01..end-10"
    assert name_ranges(["mid-09", "mid-10", "mid-12", "end-x", "end-y"]) == \
        "mid-09..mid-10,mid-12,end-x,end-y"


def test_parse_levels():
    n = level_count()
    assert parse_levels(None) == list(range(1, n + 1))
    assert parse_levels(f"{n}, 1") == [n, 1]
    for bad in ("0", str(n + 1), "1,,2", "x", "2,2"):
        with pytest.raises(ValueError):
            parse_levels(bad)


# --- the statistics ----------------------------------------------------------------------


def _run(level, name, depth, nodes, cycles, stopped=False):
    return SearchRun(level, name, name.split("-")[0], 1, "h2e2", 0, depth, nodes, cycles,
                     stopped, 0.5, 0.0)


def test_level_stats_and_summary_from_known_runs():
    l4 = LevelStats(4, "Hard", 4, 600, [_run(4, "open-01", 4, 1000, 3_000_000),
                                        _run(4, "mid-01", 3, 5000, 17_900_000, True),
                                        _run(4, "end-01", 4, 200, 1_000_000)])
    l1 = LevelStats(1, "Novice", 1, 30, [_run(1, "open-01", 1, 100, 178_977),
                                         _run(1, "mid-01", 1, 10, 35_795)])
    bench = SearchBench("asm", None, [], [l1, l4])
    d = l4.as_dict()
    assert d["cycles"] == {"min": 1_000_000, "median": 3_000_000, "max": 17_900_000}
    assert d["depth_histogram"] == {"3": 1, "4": 2}
    assert d["cap_cut"] == 1 and d["cap_seconds"] == 10
    assert d["cycles_per_node_median"] == 3580.0       # of 3000, 3580, 5000
    s = bench.summary()
    assert s["L4_depth4_within_cap"]["reached"] == 2
    assert s["L4_depth4_within_cap"]["share"] == pytest.approx(2 / 3, abs=1e-4)
    assert s["L5_depth5_within_cap"] is None
    assert s["median_cycles_per_node"] == 3579.5       # of 1790, 3000, 3580, 3579.5 ...
    assert s["L1_median_nes_seconds"] == pytest.approx((0.1 + 0.02) / 2, abs=1e-4)
    text = bench.table()
    assert "L4: 2/3 positions (67 %) complete depth 4 within 10 s" in text
    assert "[ref model]" not in text


def test_ref_bench_is_reproducible_and_independent_of_jobs():
    positions = select_positions(load_suite(), 3)
    one = run_bench([1, 2], positions, engine="ref", jobs=1)
    two = run_bench([1, 2], positions, engine="ref", jobs=2)
    key = lambda b: [(r.level, r.position, r.best_move, r.depth, r.nodes, r.cycles)
                     for s in b.levels for r in s.runs]
    assert key(one) == key(two)
    assert [s.level for s in one.levels] == [1, 2]
    assert all(r.depth >= 1 and r.nodes > 0 for s in one.levels for r in s.runs)
    assert one.engine == "ref" and "MODEL" in one.cycles_source
    assert "[ref model]" in one.table()


def test_plot_draws_a_png_with_the_caps(tmp_path):
    positions = select_positions(load_suite(), 3)
    bench = run_bench([1, 2], positions, engine="ref")
    out = plot_levels(bench, tmp_path / "p.png")
    img = Image.open(out).convert("RGB")
    assert img.size == (900, 560)
    assert CAP_COLOUR in {c for _, c in img.getcolors(1 << 20)}


# --- the CLI --------------------------------------------------------------------------------


def test_cli_bench_json_and_plot(tmp_path):
    png = tmp_path / "levels.png"
    res = CliRunner().invoke(main, ["bench", "--engine", "ref", "--levels", "1",
                                    "--positions", "2", "--json", "--plot", str(png)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["engine"] == "ref" and [lv["level"] for lv in data["levels"]] == [1]
    assert [r["position"] for r in data["runs"]] == ["open-01", "mid-01"]
    assert png.exists()
    assert "[  2/2] L1" in res.stderr


def test_cli_bench_table_says_the_engine():
    res = CliRunner().invoke(main, ["bench", "levels", "--engine", "ref", "--levels", "2",
                                    "--positions", "1", "-q"])
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith("engine: ref; cycles: MODEL")
    assert res.stderr == ""


@pytest.mark.parametrize("args, message", [
    (["--levels", "7"], "bad level"),
    (["--suite", "/nonexistent/suite.txt"], "bench suite /nonexistent/suite.txt not found"),
])
def test_cli_bench_bad_input_exits_2(args, message):
    res = CliRunner().invoke(main, ["bench", "--engine", "ref", *args])
    assert res.exit_code == 2
    assert message in res.output


def test_cli_bench_asm_unavailable_is_one_error_line(monkeypatch):
    import pyharness.engines as engines

    def broken():
        raise EngineUnavailableError("ca65 not found; run `make`")
    monkeypatch.setattr(engines, "open_asm_engine", broken)
    res = CliRunner().invoke(main, ["bench", "--engine", "asm", "--levels", "1"])
    assert res.exit_code == 2
    assert res.output == "error: ca65 not found; run `make`\n"


# --- the asm: match player ----------------------------------------------------------------


def test_asm_player_passes_limits_seed_and_history_like_ref():
    calls = []

    def think(position, **kw):
        calls.append((position.fen(), kw))
        return types.SimpleNamespace(best_move=position.legal_moves()[0])

    player = SearchPlayer(AsmSearchEngine(types.SimpleNamespace(think=think)), level=3)
    player.new_game(7)
    pos = Position.start()
    history = (Move.from_iccs("h2e2"), Move.from_iccs("h9g7"))
    for m in history:
        pos.push(m)
    move = player.choose(GameView(Position.start().fen(), history, pos.copy()))
    assert move == pos.legal_moves()[0]
    assert calls == [(pos.fen(), {"level": 3, "depth": None, "nodes": None, "frames": None,
                                  "seed": search_seed(7, 2), "history_moves": history,
                                  "trace": None, "rules": SearchRules()})]


def test_asm_player_refuses_lmr_off_and_bad_limits():
    with pytest.raises(ValueError, match=f"level must be 1..{level_count()}"):
        SearchPlayer(AsmSearchEngine(types.SimpleNamespace()), level=level_count() + 1)
    player = SearchPlayer(AsmSearchEngine(AsmEngine.__new__(AsmEngine)), level=2,
                          rules=SearchRules(lmr=False))
    with pytest.raises(ValueError, match="cannot play lmr=False"):
        player.choose(GameView(Position.start().fen(), (), Position.start()))
    assert SearchRules().lmr and not SearchRules().null_move


def test_asm_bench_measures_cycles_on_one_position(asm_available):
    bench = run_bench([1], select_positions(load_suite(), 1), engine="asm")
    run = bench.levels[0].runs[0]
    assert bench.engine == "asm" and "measured" in bench.cycles_source
    assert run.depth == 1 and run.cycles > run.nodes * 500


def test_asm_player_plays_the_twins_moves_without_a_cap(asm_available):
    """No frame cap: asm:depth=1 and ref:depth=1 must play the same game (twin contract,
    seeds per move and the game record passed the same way)."""
    from pyharness.match import load_openings, run_match
    opening = load_openings()[:1]
    games = [run_match(f"{kind}:depth=1", "random:seed=3", 1, openings=opening, seed=5,
                       max_plies=10).records[0].moves for kind in ("asm", "ref")]
    assert len(games[0]) == 10
    assert games[0] == games[1]


def test_cli_bench_from_a_saved_json_reprints_the_same_table(tmp_path):
    saved, png = tmp_path / "b.json", tmp_path / "b.png"
    first = CliRunner().invoke(main, ["bench", "--engine", "ref", "--levels", "1,2",
                                      "--positions", "2", "-q", "--out", str(saved)])
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(main, ["bench", "--from", str(saved), "--plot", str(png)])
    assert again.exit_code == 0, again.output
    assert again.stdout == first.stdout
    assert png.exists()
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    res = CliRunner().invoke(main, ["bench", "--from", str(bad)])
    assert res.exit_code == 2 and "not a bench JSON" in res.output
