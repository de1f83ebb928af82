"""Defects of the controller-only playtest, fixed and driven through the pads in cynes:
a hint is never played by an A pressed before it could be seen, and a B pressed then
puts it back; UNDO after a resignation takes a move back; two players see no LEVEL; the
menu's level names come from assets/levels.txt; a long game is told that its record
fills up, and ends TOO LONG at 350 plies."""
from __future__ import annotations

import random

import pytest

from pyharness.reference.assets import load_levels
from pyharness.reference.game import Game
from pyharness.reference.position import Move, Position
from pyharness.rom.emu import MODE_TWO, Emulator, GameDriver, asm_const

from savev2 import GAME_BLOCK, GameSave

PANEL_L = asm_const("PANEL_X") + 1
STATUS_Y, LEVEL_Y = asm_const("PANEL_STATUS_Y"), asm_const("PANEL_LEVEL_Y") + 1
MAX_PLY, WARN = asm_const("GAME_MAX_PLY"), 350 - 40
PM = {n: asm_const(n, "asm/include/play.inc") for n in ("PM_FLIP", "PM_LEVEL", "PM_SOUND")}


def new_game(rom, mode=MODE_TWO, level=1) -> GameDriver:
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(mode, level=level)
    return d


def play(d: GameDriver, moves: str) -> None:
    for text in moves.split():
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text


def idle(d: GameDriver) -> None:
    d.settle()
    d.wait_until(lambda: d.emu.read("ui_idle") == 1 and d.emu.read("vram_len") == 0,
                 limit=900)
    d.wait(2)


@pytest.mark.timeout(120)
def test_an_a_pressed_as_the_hint_ends_does_not_play_it(rom):
    d = new_game(rom)
    play(d, "a3a4 i6i5")
    d.cursor_to(Move.from_iccs("g3a0").frm)
    d.tap("select")
    d.wait_until(lambda: d.emu.read("ui_thinking") == 2, limit=60)
    d.wait_until(lambda: d.emu.read("ui_thinking") == 0, limit=400)
    d.tap("a")                                       # 0-1 frames after the search
    idle(d)
    assert d.emu.read("game_nply") == 2               # not played
    assert d.emu.read("play_sel") != 0               # the hint is shown, piece picked up
    d.tap("a")                                       # now seen: A plays it
    idle(d)
    assert d.emu.read("game_nply") == 3


@pytest.mark.timeout(120)
def test_a_b_pressed_as_the_hint_ends_puts_the_hint_back(rom):
    """B and A pressed in the grace after a hint is shown: A is dropped, B is not (it
    drops the hint's selection and its status line, as B does on the player's turn)."""
    d = new_game(rom)
    play(d, "a3a4 i6i5")
    d.tap("select")
    d.wait_until(lambda: d.emu.read("ui_thinking") == 2, limit=60)
    d.wait_until(lambda: d.emu.read("ui_thinking") == 0, limit=400)
    d.tap("b")                                       # in the grace
    d.tap("a")                                       # in the grace: dropped
    idle(d)
    assert d.emu.read("game_nply") == 2
    assert d.emu.read("play_sel") == 0               # the hint is put back
    assert d.screen_text(PANEL_L, STATUS_Y, 9).strip() == ""
    d.tap("select")                                  # a hint shown and left alone
    d.wait_until(lambda: d.emu.read("ui_thinking") == 2, limit=60)
    d.wait_until(lambda: d.emu.read("ui_thinking") == 0, limit=400)
    idle(d)
    assert d.emu.read("play_sel") != 0
    assert d.screen_text(PANEL_L, STATUS_Y, 9).strip() != ""


@pytest.mark.timeout(120)
def test_undo_after_a_resignation_takes_a_move_back(rom, consts):
    d = new_game(rom)
    play(d, "h2e2 h9g7 h0g2 i9h9")
    d.tap("start")
    d.wait(3)
    while d.emu.read("play_item") != consts["PM_RESIGN"]:
        d.tap("right")
    d.tap("a")
    d.wait(3)
    d.tap("a")
    d.wait_until(lambda: d.emu.read("game_result") == consts["RES_RESIGN"], limit=60)
    idle(d)
    while d.emu.read("play_item") != consts["RS_UNDO"]:
        d.tap("right")
    d.tap("a")
    idle(d)
    assert d.emu.read("game_result") == 0 and d.emu.read("game_nply") == 3
    assert d.emu.read("save_nply") == 3 and d.emu.read("save_result") == 0


@pytest.mark.timeout(120)
def test_two_players_see_no_level(rom):
    d = new_game(rom, MODE_TWO, level=4)
    assert d.screen_text(PANEL_L, LEVEL_Y, 9) == ""
    d.tap("start")
    d.wait(3)
    seen = []
    for _ in range(asm_const("PM_ITEMS", "asm/include/play.inc")):
        seen.append(d.emu.read("play_item"))
        d.tap("right")
    assert PM["PM_LEVEL"] not in seen and PM["PM_SOUND"] in seen
    d2 = new_game(rom, 0, level=4)                   # against the CPU: LEVEL 4
    assert d2.screen_text(PANEL_L, LEVEL_Y, 9) == "LEVEL 4"
    d2.tap("start")
    d2.wait(3)
    seen = []
    for _ in range(asm_const("PM_ITEMS", "asm/include/play.inc")):
        seen.append(d2.emu.read("play_item"))
        d2.tap("right")
    assert sorted(seen) == list(range(asm_const("PM_ITEMS", "asm/include/play.inc")))


def test_the_menu_level_names_come_from_the_levels_table(rom):
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.tap("down")
    for lv in load_levels():
        while d.emu.read("game_level") != lv.number:
            d.tap("right")
        d.settle()
        # "1 入门 NOVICE": the number, the glyphs (test_cart_glyphs.py reads them), the
        # English name
        assert d.screen_text(13, 11, 2) == str(lv.number)
        assert d.screen_text(13 + 2 + 2 * len(lv.name_zh) + 1, 11, 8) == lv.name_en.upper()


def long_line(plies: int, seed: int) -> list[str]:
    """A legal game of `plies` plies that no rule ends (quiet moves, a capture before
    the 100-ply rule; seeded), checked by the reference Game."""
    rng, g, out, quiet = random.Random(seed), Game(), [], 0
    while len(out) < plies:
        pos = g.position
        moves = pos.legal_moves()
        caps = [m for m in moves if pos.is_capture(m)]
        pool = [m for m in moves if m not in caps] if quiet < 70 or not caps else caps
        rng.shuffle(pool)
        for mv in pool:
            g.push(mv)
            if g.result() is None:
                break
            g.pop()
        else:
            raise AssertionError("no move keeps the game going")
        quiet = 0 if mv in caps else quiet + 1
        out.append(mv.iccs())
    return out


@pytest.mark.timeout(300)
def test_a_long_game_is_warned_and_ends_too_long_at_350(rom, consts):
    line = long_line(MAX_PLY, seed=0)
    for n, want in ((WARN - 1, f"{MAX_PLY - WARN} LEFT"), (MAX_PLY - 1, None)):
        d = GameDriver(Emulator(rom))
        d.wait(5)
        d.emu.write(0x6000 + GAME_BLOCK, GameSave(moves=line[:n], mode=MODE_TWO).block())
        d.wait(15)
        d.tap("start")
        d.wait(20)
        while d.emu.read("menu_row") != d.emu.read("menu_rows") - 1:
            d.tap("down")
        d.tap("a")
        d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 1, limit=900)
        idle(d)
        assert d.emu.read("game_nply") + 256 * d.emu.read("game_nply_hi") == n
        mv = Move.from_iccs(line[n])
        assert d.play(mv.frm, mv.to)
        idle(d)
        if want:
            assert d.screen_text(PANEL_L, STATUS_Y, 9) == want
            assert d.emu.read("game_result") == 0
        else:
            assert d.emu.read("game_result") == consts["RES_TOOLONG"]
            assert d.emu.read("save_result") == consts["RES_TOOLONG"]
