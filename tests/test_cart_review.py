"""Game review on the cartridge, through the controller in cynes: from the pause menu
and from the result screen, Left/Right step through the record (the board follows the
reference's positions, the status line counts the plies), B goes back to where it was,
A plays on from the ply shown and cuts the record there (the save too)."""
from __future__ import annotations

import pytest

from pyharness.reference.position import Move, Position
from pyharness.rom.emu import MODE_TWO, Emulator, GameDriver, asm_const

from savev2 import GAME_BLOCK, parse_block

LINE = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "e2e6", "c6c5"]
PM_REVIEW = asm_const("PM_REVIEW", "asm/include/play.inc")
PANEL_L, STATUS_Y = asm_const("PANEL_X") + 1, asm_const("PANEL_STATUS_Y")


def positions() -> list[Position]:
    pos, out = Position.start(), [Position.start()]
    for text in LINE:
        pos.push(Move.from_iccs(text))
        out.append(pos.copy())
    return out


def game(rom) -> GameDriver:
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_TWO)
    for text in LINE:
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text
    d.settle()
    return d


def review_from_pause(d: GameDriver) -> None:
    d.tap("start")
    d.wait(3)
    d.tap("left")                                    # RESUME .. REVIEW is the last item
    idle(d)
    assert d.emu.read("play_item") == PM_REVIEW
    d.tap("a")
    idle(d)


def idle(d: GameDriver) -> None:
    """Until the ROM waits for a button with nothing left to draw."""
    d.settle()
    d.wait_until(lambda: d.emu.read("ui_idle") == 1 and d.emu.read("vram_len") == 0,
                 limit=600)
    d.wait(2)


def status(d: GameDriver) -> str:
    return d.screen_text(PANEL_L, STATUS_Y, 9)


@pytest.mark.timeout(120)
def test_review_steps_back_and_forward_and_b_goes_back_to_the_end(rom):
    d = game(rom)
    want = positions()
    review_from_pause(d)
    assert status(d) == f"{len(LINE)}/{len(LINE)}"
    for n in range(len(LINE) - 1, 2, -1):
        d.tap("left")
        idle(d)
        assert d.emu.read("game_nply") == n and d.board() == bytes(want[n].board), n
        assert status(d) == f"{n}/{len(LINE)}"
    d.tap("up")                                      # to the start
    idle(d)
    assert d.emu.read("game_nply") == 0 and d.board() == bytes(want[0].board)
    d.tap("right")
    idle(d)
    assert d.emu.read("game_nply") == 1 and d.board() == bytes(want[1].board)
    assert (d.emu.read("play_last_from"), d.emu.read("play_last_to")) == \
        (Move.from_iccs(LINE[0]).frm, Move.from_iccs(LINE[0]).to)
    d.tap("b")                                       # back: the game as it was
    idle(d)
    assert d.emu.read("game_nply") == len(LINE) and d.board() == bytes(want[-1].board)
    f = parse_block(d.emu.read(0x6000 + GAME_BLOCK, 0x300))
    assert f["sum_ok"] and f["nply"] == len(LINE)


@pytest.mark.timeout(120)
def test_play_on_from_here_cuts_the_record(rom):
    d = game(rom)
    want = positions()
    review_from_pause(d)
    d.tap("left", 3)
    idle(d)
    d.tap("a")                                       # play on from ply 5
    idle(d)
    n = len(LINE) - 3
    assert d.emu.read("game_nply") == n and d.board() == bytes(want[n].board)
    f = parse_block(d.emu.read(0x6000 + GAME_BLOCK, 0x300))
    assert f["sum_ok"] and f["nply"] == n and f["tail_zero"]
    mv = want[n].legal_moves()[0]
    assert d.play(mv.frm, mv.to)                     # and the game goes on
    assert d.emu.read("game_nply") == n + 1


MATE = ["b0c2", "h7h3", "a0a1", "g9e7", "a1d1", "a6a5", "d1d7", "i9i7", "h2h9", "e9e8",
        "d7b7", "e8d8", "b7b8", "d8d7", "i0i1", "a5a4", "i1d1"]   # tests/test_game_edges.py


@pytest.mark.timeout(180)
def test_review_from_the_result_screen_keeps_the_result_or_plays_on(rom, consts):
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_TWO)
    for text in MATE:
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text
    idle(d)
    assert d.emu.read("game_result") == consts["RES_MATE"]
    while d.emu.read("play_item") != consts["RS_REVIEW"]:
        d.tap("right")
    assert status(d) == "<REVIEW >"
    d.tap("a")
    idle(d)
    d.tap("left", 2)
    idle(d)
    assert status(d) == f"{len(MATE) - 2}/{len(MATE)}"
    d.tap("b")                                       # back: mated as before
    idle(d)
    assert d.emu.read("game_result") == consts["RES_MATE"]
    assert d.emu.read("game_nply") == len(MATE) and status(d) == "<REVIEW >"
    d.tap("a")
    idle(d)
    d.tap("left")
    idle(d)
    d.tap("a")                                       # play on one ply before the mate
    idle(d)
    assert d.emu.read("game_result") == 0 and d.emu.read("game_nply") == len(MATE) - 1
    f = parse_block(d.emu.read(0x6000 + GAME_BLOCK, 0x300))
    assert f["sum_ok"] and f["result"] == 0 and f["nply"] == len(MATE) - 1
    mv = Move.from_iccs(MATE[-1])
    assert d.play(mv.frm, mv.to)                     # the mate again
    assert d.emu.read("game_result") == consts["RES_MATE"]
