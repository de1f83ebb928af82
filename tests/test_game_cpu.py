"""Against the CPU in cynes, through the controller only: replies within the level's
frame cap, undo back to your turn, hint, move now, a CPU-vs-CPU demo to a
rules-correct end, and the CPU's thinking time in frames against the py65 prediction."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyharness.bench.suite import load_suite
from pyharness.rom.asm_engine import AsmEngine
from pyharness.rom.emu import MODE_DEMO, MODE_RED, Emulator, GameDriver
from pyharness.reference.book import default_book
from pyharness.reference.game import Game
from pyharness.reference.levels import get_level
from pyharness.reference.position import Move, Position
from pyharness.rom.sim import CYCLES_PER_FRAME, Sim
from savev2 import GameSave, boot_with

UI_INC = (Path(__file__).resolve().parent.parent / "asm" / "include" / "ui.inc").read_text()
PLAYER_MOVES = ["h2e2", "h0g2", "i0h0", "b0c2", "a0a1", "b2b6"]


def replay(record) -> Position:
    pos = Position.start()
    for frm, to in record:
        pos.push_checked(Move(frm, to))
    return pos


def vs_cpu(rom, level: int) -> GameDriver:
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_RED, level=level)
    return d


def play_and_wait_reply(d: GameDriver, text: str, limit: int = 2400) -> int | None:
    """Play the player's move if legal; wait for the CPU's reply; its think frames."""
    pos = replay(d.record())
    mv = Move.from_iccs(text)
    if not pos.is_legal(mv):
        mv = pos.legal_moves()[0]
    n = d.emu.read("game_nply")
    assert d.play(mv.frm, mv.to, settle=50)
    if d.emu.read("game_result"):
        return None
    d.wait_until(lambda: d.emu.read("game_nply") == n + 2 or d.emu.read("game_result"),
                 limit=limit)
    d.settle()
    return d.emu.read_u16("play_think_frames")


# The search polls the clock every 16 nodes (SRCH_POLL_MASK): up to ~100,000 cycles,
# ~4 frames, pass the cap before it sees it; +2 frames of call overhead here.
POLL_SLACK = 6


@pytest.mark.parametrize("level", [1, 2, 3])
def test_cpu_replies_legally_within_its_level_cap(rom, level):
    cap = get_level(level).frames + POLL_SLACK
    d = vs_cpu(rom, level)
    for text in PLAYER_MOVES[:4]:
        frames = play_and_wait_reply(d, text)
        if frames is None:
            break
        pos = replay(d.record())                 # every CPU move legal (push_checked)
        assert d.board() == bytes(pos.board)
        assert d.emu.read("game_side") == 0      # the player's turn again
        assert frames <= cap, (level, frames, cap)
    assert not d.emu.crashed


def test_the_cpu_answers_from_the_book_before_it_thinks(rom):
    """At a book level the cartridge's think starts in the game bank (far_srch_start:
    the limits, the book) and searches only without a book move: the reply to h2e2 is
    one of the book's moves for that position, marked as the book's, found in a frame
    or two; out of the book the search follows."""
    d = vs_cpu(rom, 3)
    frames = play_and_wait_reply(d, "h2e2")
    pos = replay(d.record()[:1])
    reply = Move(*d.record()[1])
    assert reply in [m for m, _ in default_book().candidates(pos)]
    assert d.emu.read("srch_from_book") == 1 and d.emu.read("srch_nodes") == 0
    assert frames is not None and frames <= 2
    play_and_wait_reply(d, "a3a4")                   # out of the book: a search
    assert d.emu.read("srch_from_book") == 0 and d.emu.read("srch_nodes") > 0
    replay(d.record())                               # every move legal
    assert not d.emu.crashed


def test_undo_against_the_cpu_goes_back_to_your_turn(rom):
    d = vs_cpu(rom, 1)
    play_and_wait_reply(d, "h2e2")
    play_and_wait_reply(d, "h0g2")
    assert d.emu.read("game_nply") == 4
    d.tap("start")
    d.wait(3)
    d.tap("a")                                   # UNDO is the first item
    d.settle()
    assert d.emu.read("game_nply") == 2
    assert d.emu.read("game_side") == 0
    d.wait(120)                                  # the CPU does not move on its own
    assert d.emu.read("game_nply") == 2
    assert d.board() == bytes(replay(d.record()).board)


def test_hint_picks_a_legal_move_that_a_plays(rom):
    d = vs_cpu(rom, 1)
    d.tap("select")
    d.wait_until(lambda: d.emu.read("play_sel") != 0, limit=300)
    d.settle()
    frm = d.emu.read("play_sel")
    c, r = d.emu.read("ui_cur_c"), d.emu.read("ui_cur_r")
    to = next(sq for sq in range(256) if (3 <= sq & 15 <= 11) and (3 <= sq >> 4 <= 12)
              and d.cell_of_sq(sq) == (c, r))
    assert Position.start().is_legal(Move(frm, to))
    d.wait_until(lambda: d.emu.read("ui_idle") == 1, limit=60)   # HINT_GRACE passed
    d.tap("a")
    d.wait_until(lambda: d.emu.read("game_nply") >= 1, limit=30)
    assert d.record()[0] == (frm, to)


def test_move_now_stops_a_long_think(rom):
    d = vs_cpu(rom, 5)                           # cap 30 s = 1,800 frames
    pos = Position.start()
    mv = Move.from_iccs("a3a4")                  # out of the book
    assert d.play(mv.frm, mv.to, settle=5)
    d.wait_until(lambda: d.emu.read("ui_thinking") == 1, limit=60)
    d.wait(60)
    d.tap("select")                              # move now
    spent = d.wait_until(lambda: d.emu.read("game_nply") == 2, limit=300)
    assert spent < 60
    assert d.emu.read_u16("play_think_frames") < 200
    replay(d.record())


def test_move_now_inside_the_first_iteration_plays_a_legal_move(rom):
    """Select as soon as a level-1 think starts (after h2e2 Black's iteration 1 takes
    ~160 nodes): the search stops inside iteration 1 (depth 0) and the game plays its
    legal answer at once."""
    d = vs_cpu(rom, 1)
    mv = Move.from_iccs("h2e2")
    assert d.play(mv.frm, mv.to, settle=5)
    d.wait_until(lambda: d.emu.read("ui_thinking") == 1, limit=60)
    d.tap("select")                              # move now
    d.wait_until(lambda: d.emu.read("game_nply") == 2, limit=60)
    assert d.emu.read("srch_stopped") == 1
    assert d.emu.read("srch_depth_done") == 0    # stopped inside iteration 1
    nodes = int.from_bytes(d.emu.read("srch_nodes", 4), "little")
    assert nodes < 100
    assert d.emu.read_u16("play_think_frames") < 15
    pos = replay(d.record())                     # the CPU's move is legal
    d.settle()
    d.wait(30)
    assert d.board() == bytes(pos.board)
    assert d.emu.read("game_side") == 0          # the player's turn again
    # the Select was "move now" only: not queued as a hint request for the player
    assert d.emu.read("ui_thinking") == 0 and d.emu.read("play_sel") == 0
    assert not d.emu.crashed


DEMO_START = "end-03"     # the bench suite's rook + 3 pawns against rook + 2 pawns


@pytest.mark.slow
def test_demo_game_reaches_a_rules_correct_end(rom):
    """A CPU-vs-CPU demo (level 1 both sides), saved at an endgame of the bench suite and
    continued from the menu, plays on to an end the reference rules give too.  From the
    standard start a level-1 demo runs 150-200 plies (1-2 minutes of cynes); from the
    endgame 25 or 149 (the think's seed is the frame counter, and two cynes emulators
    do not start alike: docs/journal.md, "Back under ten minutes")."""
    start = Position.from_fen(next(p.fen for p in load_suite() if p.name == DEMO_START))
    save = GameSave(start=start, moves=[], mode=MODE_DEMO, level=1, kind=3)
    d = boot_with(rom, save.block())
    d.start_game(cont=True)
    assert d.emu.read("game_mode") == MODE_DEMO and d.emu.read("game_level") == 1
    d.wait_until(lambda: d.emu.read("game_result") != 0, limit=20_000, step=50)
    assert not d.emu.crashed
    game = Game(start.fen())
    for frm, to in d.record():
        game.push(Move(frm, to))
    res = game.result()
    if d.emu.read("game_result") == 8:               # RES_TOOLONG: the record is full
        # (level 1 slips on both sides, so a demo can run to GAME_MAX_PLY plies); the
        # reference has no such rule: it must see no earlier end, and it is a draw
        assert res is None and d.emu.read("game_winner") == 2
        assert d.emu.read("game_nply") == int(re.search(
            r"GAME_MAX_PLY\s*=\s*(\d+)", UI_INC).group(1))
        return
    assert res is not None, (d.emu.read("game_result"), d.emu.read("game_nply"),
                             [Move(f, t).iccs() for f, t in d.record()][-12:])
    winner = {0: 0, 1: 1, 2: None}[d.emu.read("game_winner")]
    assert res.winner == winner
    reasons = {1: "checkmate", 2: "stalemate", 3: "perpetual check", 4: "repetition",
               5: "100 plies without capture", 6: "no attacking pieces"}
    assert reasons[d.emu.read("game_result")] == res.reason


NMI_WHILE_THINKING = 1323   # cycles a frame's NMI takes from the search (py65, see
                            # tests/test_ui_nmi.py: idle buffer + indicator + pad/cursor/sound
                            # + the two bank maps around ui_nmi_tick, docs/cycle_budget.md)


def test_think_frames_agree_with_the_py65_prediction(rom):
    """Frames the ROM's CPU moves take vs the py65 cycles of the same searches divided
    by the cycles a frame leaves the main thread, within 5 %.  Level 1 (depth 1) ends
    before its frame cap in these opening positions (it could be cut in iteration 1
    now), so both runs do the same search node for node."""
    d = vs_cpu(rom, 1)
    compared = 0
    for text in PLAYER_MOVES[:4]:
        frames = play_and_wait_reply(d, text)
        if frames is None:
            break
        seed = d.emu.read_u16("srch_seed")
        rec = d.record()
        pos = replay(rec[:-1])
        res = AsmEngine(Sim(rom)).think(pos, level=1, seed=seed)
        assert res.move == Move(*rec[-1])                 # the same search
        assert res.nodes == int.from_bytes(d.emu.read("srch_nodes", 4), "little")
        predicted = res.cycles / (CYCLES_PER_FRAME - NMI_WHILE_THINKING)
        print(f"think: {frames} frames in cynes, {predicted:.1f} predicted "
              f"({res.cycles} cycles, {res.nodes} nodes)")
        assert abs(frames - predicted) <= 0.05 * predicted + 1
        compared += 1
    assert compared >= 3


def test_start_then_new_leaves_the_demo(rom):
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_DEMO, level=1)
    d.wait(200)
    assert d.emu.read("game_nply") >= 2                # the demo plays on its own
    d.tap("start")                                     # pause at the next CPU turn
    d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 0 and d.emu.read("ui_idle") == 1,
                 limit=300)
    d.tap("right", 5)                                  # UNDO HINT FLIP LEVEL SOUND NEW
    d.tap("a")
    d.wait(5)
    d.tap("a")                                         # SURE? A/B: yes
    d.wait(60)
    assert d.emu.read("menu_rows") == 4                # back in the menu, no save kept
    assert d.emu.read("ui_show_cursor") == 0
    assert all(d.emu.read(0x200 + 4 * i) == 0xFF for i in range(64))   # no sprites left
