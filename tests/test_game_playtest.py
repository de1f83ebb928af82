"""The defects a playtest found, each driven through the controller only in cynes.

RAM is read by symbol (never written); what the player reads on the panel is read
from the picture: screen_text matches the frame's 8x8 cells against the Latin tiles
of build/ui.chr."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pyharness.rom.emu import (MODE_BLACK, MODE_DEMO, MODE_RED, MODE_TWO, Emulator, GameDriver,
                           asm_const)
from pyharness.reference.position import Move, Position

ROOT = Path(__file__).resolve().parent.parent


def ui_const(name: str) -> int:
    """A constant of asm/include/ui.inc (the one source of the layout)."""
    return asm_const(name)


PANEL_X = ui_const("PANEL_X") + 1          # PANEL_L: the panel's left tile column
STATUS_Y = ui_const("PANEL_STATUS_Y")
RESULT_Y = ui_const("PANEL_RESULT_Y")
BOARD_X, BOARD_Y, RIVER_ROW = ui_const("BOARD_X"), ui_const("BOARD_Y"), ui_const("RIVER_ROW")
HINT_FRAMES = ui_const("HINT_FRAMES")
POLL_SLACK = 6           # frames a capped search may overrun (tests/test_game_cpu.py)


def new_game(rom, mode=MODE_TWO, level=3) -> GameDriver:
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(mode, level=level)
    return d


def play_all(d: GameDriver, moves: str) -> Position:
    pos = Position.start()
    for text in moves.split():
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text
        pos.push(mv)
    return pos


def status(d: GameDriver) -> str:
    return d.screen_text(PANEL_X, STATUS_Y, 9)


def cursor_hidden(d: GameDriver) -> bool:
    oam = d.emu.address("oam_buf")
    return all(d.emu.read(oam + 4 * i) >= 0xEF for i in range(4))


def pick(d: GameDriver, iccs_sq: str) -> None:
    d.cursor_to(Move.from_iccs(iccs_sq + "a0").frm)
    d.tap("a")
    d.wait(2)


# -- 1. a piece without a legal move --------------------------------------------------

def test_blocked_piece_buzzes_no_moves_and_the_game_goes_on(rom):
    d = new_game(rom)
    pos = play_all(d, "h2e2 h9g7 b2a2 b9c7")        # the elephant c0 is boxed in
    pick(d, "c0")
    assert d.sound_effect() == "snd_illegal"
    d.settle()
    assert status(d) == "NO MOVES"
    assert d.emu.read("play_sel") == 0               # not taken
    assert d.emu.read("ui_nmi_cursor") == 1          # still on the board, not the menu
    assert d.board() == bytes(pos.board) and d.emu.read("game_nply") == 4
    mv = Move.from_iccs("c3c4")                      # and the game goes on
    assert d.play(mv.frm, mv.to)


def test_blocked_piece_in_check_and_against_the_cpu(rom):
    d = new_game(rom)
    pos = play_all(d, "e0e1 a6a5 b2b4 a5a4 b4e4")   # Black in check: the horse h9 is stuck
    assert pos.in_check()
    pick(d, "h9")
    d.settle()
    assert status(d) == "NO MOVES" and d.emu.read("play_sel") == 0
    assert d.emu.read("ui_nmi_cursor") == 1
    # the playtest's own sequence against the CPU (level 1)
    d = new_game(rom, MODE_RED, level=1)
    for text in ("h2e2", "b2a2"):
        mv = Move.from_iccs(text)
        n = d.emu.read("game_nply")
        assert d.play(mv.frm, mv.to)
        d.wait_until(lambda: d.emu.read("game_nply") == n + 2, limit=200)
        d.settle()
    before = d.board()
    pos = Position.start()
    for frm, to in d.record():
        pos.push_checked(Move(frm, to))
    sq = Move.from_iccs("c0a0").frm
    if not any(m.frm == sq for m in pos.legal_moves()):
        pick(d, "c0")
        d.settle()
        assert status(d) == "NO MOVES"
    assert d.emu.read("ui_nmi_cursor") == 1 and d.board() == before
    assert d.emu.read("game_nply") == 4


# -- 3, 4. the river: border and text ------------------------------------------------

def river_band(d: GameDriver) -> np.ndarray:
    y0 = (BOARD_Y + 2 * RIVER_ROW) * 8
    return d.emu.frame()[y0:y0 + 16, BOARD_X * 8:(BOARD_X + 18) * 8].copy()


def cell_pixels(d: GameDriver, c: int, r: int) -> np.ndarray:
    y0 = (BOARD_Y + 2 * r + (2 if r >= RIVER_ROW else 0)) * 8
    x0 = (BOARD_X + 2 * c) * 8
    return d.emu.frame()[y0:y0 + 16, x0:x0 + 16].copy()


def test_river_border_and_text_stay_whole_with_pieces_beside_them(rom):
    d = new_game(rom)
    d.settle()
    band = river_band(d)
    wood = d.emu.frame()[0, 0]
    line_x = 7                                  # the a-file line inside the band
    assert all((band[y, line_x] != wood).any() for y in range(16))      # border drawn
    assert all((band[y, :line_x] == wood).all() for y in range(16))     # no stub outside
    ink = (band != wood).any(axis=2).sum()
    empty = {c: cell_pixels(d, c, 4) for c in range(9)}
    # pawns to a4 and i5, cannons beside 楚 and 界: every river-side cell gets a piece
    play_all(d, "a3a4 i6i5 b2b4 h7h5")
    d.cursor_to(Move.from_iccs("e4e5").frm)     # the cursor away from the river
    d.settle()
    assert np.array_equal(river_band(d), band)
    assert (river_band(d) != wood).any(axis=2).sum() == ink
    # a5 is empty beside the pawn on a4: drawn as at the start (border, no stub)
    assert np.array_equal(cell_pixels(d, 0, 4), empty[0])


# -- 5. the pause menu's arrows ------------------------------------------------------

def test_pause_menu_items_show_both_arrows(rom):
    d = new_game(rom)
    d.tap("start")
    d.settle()
    seen = []
    for _ in range(8):
        seen.append(status(d))
        d.tap("right")
        d.settle()
    assert seen[0] == "< UNDO  >" and "<RESUME >" in seen
    assert all(s.startswith("<") and s.endswith(">") for s in seen), seen
    d.tap("b")


# -- 6. hints ------------------------------------------------------------------------

def test_hint_has_its_own_budget_without_noise_and_a_label(rom):
    d = new_game(rom, MODE_TWO, level=5)            # level 5: a 30 s cap, no hint waits that
    play_all(d, "a3a4 a6a5")                         # out of the book
    d.tap("select")
    d.wait_until(lambda: d.emu.read("ui_thinking") == 2, limit=60)
    d.wait(3)
    assert status(d) == "HINT..."                   # labelled as a hint, not "CPU"
    assert d.screen_text(PANEL_X, RESULT_Y, 9) == "B:"
    assert d.emu.read("srch_level") == 0            # no level: no noise
    assert d.emu.read("sr_mask") == 0
    d.wait_until(lambda: d.emu.read("play_sel") != 0, limit=HINT_FRAMES + 60)
    assert d.emu.read_u16("play_think_frames") <= HINT_FRAMES + POLL_SLACK
    d.settle()
    assert status(d) == "HINT: A"


def test_b_cancels_a_hint(rom):
    d = new_game(rom, MODE_TWO, level=5)
    pos = play_all(d, "a3a4 a6a5")                   # out of the book: a 2 s search
    d.tap("select")
    d.wait_until(lambda: d.emu.read("ui_thinking") == 2, limit=60)
    d.wait(10)
    d.tap("b")
    d.wait_until(lambda: d.emu.read("ui_thinking") == 0, limit=30)
    d.settle()
    assert d.emu.read("play_sel") == 0              # nothing picked up
    assert status(d) == ""
    assert d.emu.read_u16("play_think_frames") < 30  # stopped at once
    assert d.emu.read("game_nply") == 2 and d.board() == bytes(pos.board)


# -- 7. NEW asks first ---------------------------------------------------------------

def test_new_in_the_pause_menu_asks_first(rom):
    d = new_game(rom)
    play_all(d, "h2e2 h9g7")
    d.tap("start")
    d.wait(3)
    d.tap("right", 4)                                # UNDO HINT FLIP SOUND NEW (2 players:
                                                     # no LEVEL)
    d.settle()
    assert status(d) == "<  NEW  >"
    d.tap("a")
    d.settle()
    assert status(d) == "SURE? A/B"
    d.tap("b")                                       # no: the game and its save stay
    d.settle()
    assert status(d) == "<  NEW  >"
    assert d.emu.read("game_nply") == 2 and d.emu.read("save_nply") == 2
    d.tap("a")
    d.settle()
    d.tap("a")                                       # yes
    d.wait(40)
    assert d.emu.read("menu_rows") == 4              # the menu, no save offered


# -- 8. an early "move now" ----------------------------------------------------------

@pytest.mark.parametrize("delay", [0, 2, 5])
def test_move_now_right_after_the_drop_is_kept(rom, delay):
    d = new_game(rom, MODE_RED, level=5)             # cap 1,800 frames
    mv = Move.from_iccs("a3a4")                      # out of the book
    d.cursor_to(mv.frm)
    d.tap("a")
    d.wait(3)
    d.cursor_to(mv.to)
    d.tap("a")
    if delay:
        d.wait(delay)
    d.tap("select")                                  # move now, before the think began
    d.wait_until(lambda: d.emu.read("game_nply") == 2, limit=240)
    assert d.emu.read_u16("play_think_frames") < 60
    d.settle()
    d.wait(30)
    assert d.emu.read("play_sel") == 0               # the Select asked for no hint


# -- 9. ILLEGAL only for illegal moves -------------------------------------------------

def test_a_without_a_selection_says_what_is_wrong_and_b_clears_it(rom):
    d = new_game(rom)
    pick(d, "e5")                                    # an empty point
    d.settle()
    assert status(d) == "NO PIECE"
    pick(d, "e6")                                    # an enemy pawn
    d.settle()
    assert status(d) == "NOT YOURS"
    d.tap("b")
    d.settle()
    assert status(d) == ""
    pick(d, "h2")                                    # a real illegal drop
    d.cursor_to(Move.from_iccs("h8a0").frm)
    d.tap("a")
    d.settle()
    assert status(d) == "ILLEGAL"
    d.tap("b")
    d.settle()
    assert status(d) == "" and d.emu.read("play_sel") == 0


# -- 10. menus -----------------------------------------------------------------------

def test_a_on_the_mode_row_starts_and_continue_shows_what_it_resumes(rom):
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    assert d.emu.read("menu_row") == 0
    d.tap("right")                                   # MODE: you play Black
    d.tap("a")                                       # A on the MODE row starts
    d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 1, limit=300)
    assert d.emu.read("game_mode") == MODE_BLACK
    d.wait_until(lambda: d.emu.read("game_nply") == 1, limit=600)   # the CPU opened
    d.settle()
    d.wait_until(lambda: d.emu.read("ui_idle") == 1, limit=120)     # saved: your turn
    d.emu.reset()
    d.boot_to_menu()
    assert d.emu.read("menu_rows") == 5
    info = d.screen_text(6 + 2, 9 + 10, 20)         # MENU_CONT_INFO_Y: a blank row under
    assert info == "YOU BLACK  LEVEL 3", info
    d.start_game(cont=True)
    assert d.emu.read("game_mode") == MODE_BLACK and d.emu.read("game_nply") == 1
    # Start on the LEVEL row starts a new game (over the save: once confirmed with A)
    d.emu.reset()
    d.boot_to_menu()
    d.tap("up", 4)                                   # from CONTINUE (row 4) to MODE
    d.tap("down")
    assert d.emu.read("menu_row") == 1
    d.tap("start")
    d.wait(4)
    d.tap("a")
    d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 1, limit=300)
    assert d.emu.read("game_nply") in (0, 1)


# -- 11. no cursor in the demo and on the result screen; result: UNDO, REMATCH --------

def test_no_cursor_in_the_demo(rom):
    d = new_game(rom, MODE_DEMO, level=1)
    d.wait(100)
    assert d.emu.read("game_nply") >= 1
    assert cursor_hidden(d)


SHUFFLE = "h0g2 h9g7 g2h0 g7h9 " * 3                 # start position 4 times: a draw


def test_result_screen_hides_the_cursor_and_offers_undo_and_rematch(rom):
    d = new_game(rom)
    play_all(d, SHUFFLE)
    assert d.emu.read("game_result") == 4
    d.settle()
    assert cursor_hidden(d)
    assert status(d) == "< MENU  >"
    d.tap("right")
    d.settle()
    assert status(d) == "<REMATCH>"
    d.tap("right")
    d.settle()
    assert status(d) == "< UNDO  >"
    d.tap("a")                                       # take back the move that drew
    d.wait_until(lambda: d.emu.read("ui_show_cursor") == 1 and d.emu.read("ui_idle") == 1,
                 limit=120)
    d.settle()
    assert d.emu.read("game_result") == 0 and d.emu.read("game_nply") == 11
    assert not cursor_hidden(d) and status(d) == ""
    mv = Move.from_iccs("b9c7")                      # and play on (Black's turn again)
    assert d.play(mv.frm, mv.to)
    assert d.emu.read("game_nply") == 12 and d.emu.read("game_result") == 0
    # draw again, then REMATCH: a new game, same mode and level
    d2 = new_game(rom, MODE_TWO, level=2)
    play_all(d2, SHUFFLE)
    d2.settle()
    d2.tap("right")
    d2.tap("a")
    d2.wait_until(lambda: d2.emu.read("ui_nmi_cursor") == 1, limit=300)
    d2.settle()
    assert d2.emu.read("game_nply") == 0 and d2.emu.read("game_result") == 0
    assert d2.emu.read("game_mode") == MODE_TWO and d2.emu.read("game_level") == 2
    assert d2.board() == bytes(Position.start().board)


# -- screen: the king in check flashes ------------------------------------------------

def king_palette(d: GameDriver, sq: int) -> int:
    """The palette the attribute shadow gives the king's cell (ui_set_attr's layout)."""
    c, r = d.cell_of_sq(sq)
    ax, ay = c + BOARD_X // 2, r + (1 if r >= RIVER_ROW else 0) + BOARD_Y // 2
    byte = d.emu.read(d.emu.address("ui_attr") + (ay >> 1) * 8 + (ax >> 1))
    return byte >> ((ay & 1) * 4 + (ax & 1) * 2) & 3


def test_the_king_in_check_flashes_and_stops_when_the_check_ends(rom):
    d = new_game(rom)
    pos = play_all(d, "e0e1 a6a5 b2b4 a5a4 b4e4")   # Black in check
    king = pos.king_square(1)
    seen = set()
    for _ in range(48):
        d.wait(2)
        seen.add(king_palette(d, king))
    assert seen == {0, 2}                            # PAL_BOARD and PAL_BLACK in turn
    reply = next(m for m in pos.legal_moves() if m.frm != king)
    assert d.play(reply.frm, reply.to)
    d.wait(40)
    assert {king_palette(d, king) for _ in range(3)} == {2}
