"""Issue 10's remaining stumbles, each driven through the controller only in cynes:
UNDO with nothing to take back, NEW GAME over a valid save, buttons pressed while the
CPU thinks.  RAM is read by symbol (never written); the panel's text is read from the
picture (GameDriver.screen_text)."""
from __future__ import annotations

import pytest

from pyharness.build import build_rom
from pyharness.emu import MODE_BLACK, MODE_RED, MODE_TWO, Emulator, GameDriver
from pyharness.reference.position import Move, Position

from test_game_playtest import PANEL_X, STATUS_Y, new_game, play_all, sound, status

MENU_SURE = (3, 20)          # asm/nes/menu.s MENU_SURE_Y: the question's place


@pytest.fixture(scope="module")
def rom():
    return build_rom(quiet=True).rom


def pause_undo(d: GameDriver) -> None:
    d.tap("start")
    d.wait(3)
    d.settle()
    assert status(d) == "< UNDO  >"
    d.tap("a")
    d.wait(2)


@pytest.mark.parametrize("mode", [MODE_TWO, MODE_RED, MODE_BLACK])
def test_undo_with_nothing_to_take_back_says_so_and_changes_nothing(rom, mode):
    d = new_game(rom, mode, level=1)
    n = 1 if mode == MODE_BLACK else 0               # you play Black: the CPU opened
    d.wait_until(lambda: d.emu.read("game_nply") == n and d.emu.read("ui_idle") == 1,
                 limit=300)
    d.settle()
    board = d.board()
    pause_undo(d)
    assert sound(d) == "snd_illegal"                 # a buzz
    d.settle()
    assert status(d) == "NO UNDO"
    assert d.emu.read("game_nply") == n and d.board() == board
    d.tap("b")                                       # back to the game
    d.settle()
    assert status(d) == "" and d.emu.read("ui_nmi_cursor") == 1
    d.wait(60)
    assert d.emu.read("game_nply") == n and d.board() == board
    # a move of the player's can be taken back as before
    mv = Move.from_iccs("h2e2" if mode != MODE_BLACK else "h9g7")
    assert d.play(mv.frm, mv.to)
    d.wait_until(lambda: d.emu.read("ui_idle") == 1 and
                 d.emu.read("game_nply") == (n + 1 if mode == MODE_TWO else n + 2),
                 limit=300)
    d.settle()
    pause_undo(d)
    d.wait_until(lambda: d.emu.read("game_nply") == n, limit=60)
    d.settle()
    assert d.board() == board and status(d) == ""


def test_new_game_in_the_menu_asks_before_the_save_goes(rom):
    d = new_game(rom, MODE_TWO, level=2)
    play_all(d, "h2e2 h9g7")
    d.settle()
    d.emu.reset()
    d.boot_to_menu()
    assert d.emu.read("menu_rows") == 4 and d.emu.read("menu_row") == 3
    d.tap("up")                                      # NEW GAME
    assert d.emu.read("menu_row") == 2
    d.tap("a")
    d.wait(4)
    assert d.screen_text(*MENU_SURE, 26) == "SAVED GAME GOES: SURE? A/B"
    d.tap("b")                                       # no: the save stays, the menu too
    d.wait(6)
    assert d.screen_text(*MENU_SURE, 26) == ""
    assert d.emu.read("ui_nmi_cursor") == 0 and d.emu.read("save_nply") == 2
    d.tap("start")                                   # Start asks as well
    d.wait(4)
    assert d.screen_text(*MENU_SURE, 26) == "SAVED GAME GOES: SURE? A/B"
    d.tap("select")                                  # anything but A is a no
    d.wait(6)
    assert d.emu.read("ui_nmi_cursor") == 0
    d.tap("down")                                    # CONTINUE still resumes it
    d.tap("a")
    d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 1, limit=300)
    d.settle()
    assert d.emu.read("game_nply") == 2
    d.emu.reset()
    d.boot_to_menu()
    d.tap("up")
    d.tap("a")
    d.wait(4)
    d.tap("a")                                       # yes: a new game, the save gone
    d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 1, limit=300)
    d.settle()
    assert d.emu.read("game_nply") == 0 and d.board() == bytes(Position.start().board)
    d.emu.reset()
    d.boot_to_menu()
    assert d.emu.read("menu_rows") == 3              # no CONTINUE


def test_new_game_without_a_save_does_not_ask(rom):
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    assert d.emu.read("menu_rows") == 3
    d.tap("down", 2)
    d.tap("a")
    d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 1, limit=60)


def test_buttons_pressed_while_the_cpu_thinks_do_nothing_after(rom):
    d = new_game(rom, MODE_RED, level=3)             # cap 240 frames
    mv = Move.from_iccs("a3a4")                      # out of the book: a full think
    assert d.play(mv.frm, mv.to, settle=0)
    d.wait_until(lambda: d.emu.read("ui_thinking") == 1, limit=60)
    d.cursor_to(Move.from_iccs("h2a0").frm)          # the cursor moves meanwhile
    for b in ("b", "a"):                             # A on one of the player's cannons
        d.tap(b)
        d.wait(5)
    assert d.emu.read("ui_thinking") == 1            # still thinking
    d.wait_until(lambda: d.emu.read("game_nply") == 2, limit=400)
    d.settle()
    d.wait(30)
    assert d.emu.read("play_sel") == 0               # nothing picked up behind your back
    assert status(d) == "" and d.emu.read("ui_idle") == 1
    assert (d.emu.read("ui_cur_c"), d.emu.read("ui_cur_r")) == d.cell_of_sq(
        Move.from_iccs("h2a0").frm)
    # Start during the think still opens the pause menu once the CPU has moved
    mv = Move.from_iccs("a4a5")
    assert d.play(mv.frm, mv.to, settle=0)
    d.wait_until(lambda: d.emu.read("ui_thinking") == 1, limit=60)
    d.tap("start")
    d.wait_until(lambda: d.emu.read("game_nply") == 4, limit=400)
    d.settle()
    assert status(d) == "< UNDO  >"
