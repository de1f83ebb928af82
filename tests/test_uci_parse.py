"""The protocol's pure parts: commands, the go plan, the dialects, bounded lines."""
from __future__ import annotations

import io

import pytest

from pyharness.limits import FRAMES_MAX, Limits
from pyharness.protocol.budget import DEFAULT_LEVEL, move_budget, ms_to_frames, plan_search
from pyharness.protocol.commands import (CommandError, parse_go, parse_position,
                                         parse_setoption)
from pyharness.protocol.dialects import Iteration, Uci, Ucci, mate_moves
from pyharness.protocol.lines import LineReader, TooLong
from pyharness.reference.clock import FRAMES_PER_SECOND
from pyharness.reference.levels import MAX_DEPTH
from pyharness.reference.search_consts import BAN, MATE

pytestmark = pytest.mark.timeout(30)


def test_position_forms():
    assert parse_position(["startpos"]).fen is None
    cmd = parse_position(["startpos", "moves", "h2e2", "h9g7"])
    assert cmd.moves == ("h2e2", "h9g7")
    fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1".split()
    cmd = parse_position(["fen", *fen, "moves", "e0e1"])
    assert cmd.fen == " ".join(fen) and cmd.moves == ("e0e1",)
    assert parse_position(["fen", *fen]).moves == ()


@pytest.mark.parametrize("args, says", [([], "startpos or fen"), (["fen"], "missing"),
                                        (["fen", "moves", "h2e2"], "missing"),
                                        (["startpos", "x"], "unexpected"),
                                        (["nonsense"], "want startpos or fen")])
def test_position_errors_say_what(args, says):
    with pytest.raises(CommandError, match=says):
        parse_position(args)


def test_go_uci_fields():
    go = parse_go("wtime 60000 btime 50000 winc 1000 binc 2000 movestogo 20 depth 4 "
                  "nodes 900 movetime 300 mate 2".split())
    assert (go.wtime, go.btime, go.winc, go.binc, go.movestogo) == (60000, 50000, 1000,
                                                                     2000, 20)
    assert (go.depth, go.nodes, go.movetime, go.mate) == (4, 900, 300, 2)
    assert go.clock(0) == (60000, 1000) and go.clock(1) == (50000, 2000)
    assert parse_go(["infinite"]).infinite and parse_go(["ponder"]).ponder
    go = parse_go("searchmoves h2e2 b0c2 depth 2".split())
    assert go.searchmoves == ("h2e2", "b0c2") and go.depth == 2
    go = parse_go(["wtime", "-50", "frobnicate"])
    assert go.wtime == 0 and go.warnings == ["frobnicate"]


def test_go_ucci_time_is_seconds_unless_usemillisec():
    go = parse_go("time 300 increment 2 movestogo 10 opptime 200".split(), ucci=True,
                  millis=False)
    assert go.clock(0) == (300_000, 2000) == go.clock(1) and go.movestogo == 10
    go = parse_go("draw time 3000 increment 20".split(), ucci=True, millis=True)
    assert go.clock(1) == (3000, 20) and go.draw
    assert parse_go(["depth", "infinite"], ucci=True).infinite


@pytest.mark.parametrize("words", [["depth"], ["depth", "x"], ["nodes", "1e3"]])
def test_go_bad_number(words):
    with pytest.raises(CommandError, match="go (depth|nodes)"):
        parse_go(words)


def test_setoption_both_forms():
    opt = parse_setoption("name Level value 3".split())
    assert (opt.name, opt.value) == ("Level", "3")
    opt = parse_setoption("name Clear Hash".split())
    assert (opt.name, opt.value) == ("Clear Hash", None)
    opt = parse_setoption("usemillisec true".split())
    assert (opt.name, opt.value) == ("usemillisec", "true")
    with pytest.raises(CommandError):
        parse_setoption([])


def test_plan_depth_nodes_and_nes_movetime():
    plan = plan_search(parse_go("depth 3".split()), 0)
    assert plan.limits == Limits(depth=3) and plan.wall_ms is None
    plan = plan_search(parse_go("depth 99 nodes 500".split()), 0, seed=7)
    assert plan.limits == Limits(depth=MAX_DEPTH, nodes=500, seed=7)
    plan = plan_search(parse_go("movetime 2500".split()), 1)
    assert plan.limits.frames == 2500 * FRAMES_PER_SECOND // 1000 and plan.wall_ms is None
    assert ms_to_frames(10**9) == FRAMES_MAX and ms_to_frames(0) == 1


def test_plan_wall_clock_and_game_clock():
    plan = plan_search(parse_go("movetime 700".split()), 0, clock="wall")
    assert plan.limits.frames is None and plan.wall_ms == 700
    go = parse_go("wtime 30000 btime 9000 winc 0 binc 0".split())
    red, black = plan_search(go, 0), plan_search(go, 1)
    assert red.limits.frames == ms_to_frames(move_budget(30000, 0, None)) > \
        black.limits.frames
    assert red.wall_ms == 15000            # the backstop: half the time left
    assert move_budget(1000, 0, 1) < 1000  # never the whole clock
    assert move_budget(100, 5000, None) <= 100 + 5000 // 2


def test_plan_level_infinite_and_bare_go():
    plan = plan_search(parse_go("depth 9".split()), 0, level=2, seed=5)
    assert plan.limits == Limits(level=2, seed=5) and "Level 2" in plan.note
    plan = plan_search(parse_go([]), 0)
    assert plan.limits == Limits(level=DEFAULT_LEVEL) and plan.note
    plan = plan_search(parse_go(["infinite"]), 0)
    assert plan.wait_for_stop and plan.limits == Limits(depth=MAX_DEPTH)
    assert plan_search(parse_go("ponder wtime 100".split()), 0).wait_for_stop


def test_scores_and_info_lines():
    assert mate_moves(MATE - 1) == 1 and mate_moves(MATE - 3) == 2
    assert mate_moves(-(MATE - 2)) == -1 and mate_moves(120) is None
    assert mate_moves(BAN - 2) is None
    it = Iteration(3, MATE - 1, 1200, 600, ("h2e2", "h9g7"))
    assert Uci().info(it) == ["info depth 3 score mate 1 nodes 1200 time 600 nps 2000 "
                              "pv h2e2 h9g7"]
    assert Ucci().info(Iteration(2, -15, 40, 0, ("b0c2",))) == [
        "info depth 2 score -15 pv b0c2", "info time 0 nodes 40"]
    assert Uci().bestmove(None) == "bestmove (none)"
    assert Ucci().bestmove(None) == "nobestmove"
    assert Ucci().bestmove("h2e2", "h9g7") == "bestmove h2e2 ponder h9g7"
    assert Ucci().goodbye() == ["bye"] and Uci().goodbye() == []


def test_line_reader_caps_lines():
    data = b"uci\n" + b"x" * 300 + b"\n\xff\xfe garbage\nlast"
    reader = LineReader(io.BytesIO(data), cap=100)
    assert reader.next_line() == "uci"
    long = reader.next_line()
    assert isinstance(long, TooLong) and long.size == 301
    assert reader.next_line().endswith("garbage")
    assert reader.next_line() == "last"
    assert reader.next_line() is None
