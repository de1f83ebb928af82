"""The playable cartridge in cynes, driven only through the controller (RAM is read by
symbol to compare with the Python reference, never written, except where a test
simulates a damaged battery save)."""
from __future__ import annotations

import random

import pytest

from pyharness.rom.emu import MODE_RED, MODE_TWO, Emulator, GameDriver
from pyharness.reference.notation import chinese
from pyharness.reference.position import Move, Position

OPENING = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0",
           "c6c5", "e2e6", "g6g5", "e6e5", "h7h3", "h0h3", "b7b3"]


def new_game(rom, mode=MODE_TWO) -> GameDriver:
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(mode)
    return d


def play_opening(d: GameDriver, plies: int) -> Position:
    """Play the first `plies` moves of OPENING through the controller; the reference
    position after them."""
    pos = Position.start()
    for text in OPENING[:plies]:
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text
        pos.push(mv)
    return pos


def check_same(d: GameDriver, pos: Position) -> None:
    assert d.board() == bytes(pos.board)
    assert d.emu.read("game_pieces", 32) == bytes(pos.piece_sq)
    assert d.emu.read("game_side") == pos.side


def test_scripted_game_board_and_notation_equal_the_reference(rom):
    d = new_game(rom)
    pos = Position.start()
    check_same(d, pos)
    for text in OPENING:
        mv = Move.from_iccs(text)
        want = chinese(pos, mv)
        assert d.play(mv.frm, mv.to), text
        pos.push(mv)
        check_same(d, pos)
        assert d.last_note() == want, text
        assert d.record()[-1] == (mv.frm, mv.to)
        assert not d.emu.crashed


def test_illegal_drop_is_refused_and_keeps_the_selection(rom):
    d = new_game(rom)
    frm, to = Move.from_iccs("h2h8").frm, Move.from_iccs("h2h8").to   # beyond the screen, no capture
    d.cursor_to(frm)
    d.tap("a")
    d.wait(3)
    assert d.emu.read("play_sel") == frm
    d.cursor_to(to)
    d.tap("a")
    d.wait(2)
    assert d.sound_effect() == "snd_illegal"            # the buzz
    d.wait(8)
    assert d.emu.read("game_nply") == 0
    assert d.emu.read("play_sel") == frm          # still selected
    check_same(d, Position.start())
    # B cancels, never resigns
    d.tap("b")
    d.wait(5)
    assert d.emu.read("play_sel") == 0 and d.emu.read("game_result") == 0
    # a legal drop after the buzz is played
    mv = Move.from_iccs("h2e2")
    assert d.play(mv.frm, mv.to)


def open_pause_item(d: GameDriver, item: int) -> None:
    d.tap("start")
    d.wait(3)
    d.tap("right", item)
    d.tap("a")
    d.wait(5)


def test_undo_two_player(rom):
    d = new_game(rom)
    pos = play_opening(d, 5)
    open_pause_item(d, 0)                         # UNDO
    d.settle()
    pos.pop()
    check_same(d, pos)
    assert d.emu.read("game_nply") == 4
    # and play on from there
    mv = Move.from_iccs(OPENING[4])
    assert d.play(mv.frm, mv.to)
    pos.push(mv)
    check_same(d, pos)


def test_save_reset_continue_restores_the_game(rom):
    d = new_game(rom)
    pos = play_opening(d, 7)
    last = pos.pop()
    note = chinese(pos, last)
    pos.push(last)
    d.emu.reset()
    d.boot_to_menu()
    assert d.emu.read("menu_rows") == 5           # CONTINUE offered (the 5th row)
    d.start_game(cont=True)
    d.settle()
    check_same(d, pos)
    assert d.emu.read("game_mode") == MODE_TWO
    assert d.last_note() == note
    assert d.record() == [(Move.from_iccs(t).frm, Move.from_iccs(t).to) for t in OPENING[:7]]


def test_corrupted_save_is_refused(rom):
    d = new_game(rom)
    play_opening(d, 3)
    # a damaged battery save: one record byte flipped (simulated by a RAM write)
    addr = d.emu.address("save_moves") + 3
    d.emu.write(addr, d.emu.read(addr) ^ 0x10)
    d.emu.reset()
    d.boot_to_menu()
    assert d.emu.read("save_state") == 2          # SAVE_BAD
    assert d.emu.read("menu_rows") == 4           # no CONTINUE
    d.start_game(MODE_TWO)
    check_same(d, Position.start())


def test_repetition_ends_the_game_on_the_result_screen(rom):
    d = new_game(rom)
    shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"] * 3        # start position 4 times
    for text in shuffle:
        mv = Move.from_iccs(text)
        assert d.emu.read("game_result") == 0
        assert d.play(mv.frm, mv.to), text
    assert d.emu.read("game_result") == 4                  # RES_REPEAT
    assert d.emu.read("game_winner") == 2                  # draw
    assert d.emu.read("ui_nmi_cursor") == 0                # no more moves
    # a further drop is not played
    d.tap("a")
    d.wait(10)
    assert d.emu.read("game_nply") == len(shuffle)
    # Start leaves the result screen for the menu; the finished game is not offered
    d.tap("start")
    d.wait(30)
    assert d.emu.read("menu_rows") == 4


def test_check_is_shown(rom):
    d = new_game(rom)
    pos = Position.start()
    for text in ["e0e1", "a6a5", "b2b4", "a5a4", "b4e4"]:   # the cannon checks on e
        mv = Move.from_iccs(text)
        assert d.emu.read("game_check") == 0
        assert d.play(mv.frm, mv.to)
        pos.push(mv)
    assert pos.in_check()
    assert d.emu.read("game_check") == 1
    assert d.sound_effect() == "snd_check"
    # every legal reply ends the check; the flag (which draws 将军) goes off
    reply = pos.legal_moves()[0]
    assert d.play(reply.frm, reply.to)
    pos.push(reply)
    assert d.emu.read("game_check") == int(pos.in_check()) == 0


def test_power_off_keeps_the_game_in_battery_ram(rom):
    d = new_game(rom)
    pos = play_opening(d, 5)
    battery = d.emu.read(0x6000, 0x2000)          # what the battery keeps
    d2 = GameDriver(Emulator(rom))                # power on: internal RAM is new
    d2.emu.write(0x6000, battery)
    d2.boot_to_menu()
    assert d2.emu.read("menu_rows") == 5
    d2.start_game(cont=True)
    d2.settle()
    check_same(d2, pos)
