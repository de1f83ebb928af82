"""Stumbles a player could meet, each driven through the controller only in cynes:
UNDO with nothing to take back, NEW GAME over a valid save, buttons pressed while the
CPU thinks.  RAM is read by symbol (never written); the panel's text is read from the
picture (GameDriver.screen_text)."""
from __future__ import annotations

import re

import numpy as np
import pytest

from pyharness.reference.levels import get_level
from pyharness.rom.emu import MODE_BLACK, MODE_RED, MODE_TWO, Emulator, GameDriver, asm_const
from pyharness.reference.board import (ADVISOR, BISHOP, BLACK_TAG, CANNON, KNIGHT, PAWN,
                                       PIECE_TYPES, RED_TAG, ROOK)
from pyharness.reference.position import Move, Position

from test_game_playtest import ROOT, PANEL_X, new_game, play_all, status, ui_const

FRAMES_PER_SEC = ui_const("FRAMES_PER_SEC")


MENU_SURE = (3, 21)          # asm/nes/menu.s MENU_SURE_Y: the question's place


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
    assert d.sound_effect() == "snd_illegal"                 # a buzz
    d.settle()
    assert status(d) == "NO UNDO"
    assert d.emu.read("game_nply") == n and d.board() == board
    d.tap("b")                                       # back to the game
    d.settle()
    assert status(d) == "" and d.emu.read("ui_nmi_cursor") == 1
    d.wait(60)
    assert d.emu.read("game_nply") == n and d.board() == board
    # a move of the player's can be taken back as before
    pos = Position.start()
    for frm, to in d.record():
        pos.push_checked(Move(frm, to))
    mv = next(m for m in pos.legal_moves() if not pos.board[m.to])   # whatever the CPU opened
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
    assert d.emu.read("menu_rows") == 5 and d.emu.read("menu_row") == 4
    d.tap("up")                                      # NEW GAME
    assert d.emu.read("menu_row") == 3
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
    assert d.emu.read("menu_rows") == 4              # no CONTINUE


def test_new_game_without_a_save_does_not_ask(rom):
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    assert d.emu.read("menu_rows") == 4
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


# -- the pieces taken: small discs by kind with a count ----------------------------------

CAP_ORDER = (ROOK, KNIGHT, CANNON, BISHOP, ADVISOR, PAWN)     # play.s play_cap_order
#: disc glyph (PIECE_GLYPHS index) of each kind: red, black (notation.s ui_piece_glyph)
DISC = {RED_TAG: (0, 1, 2, 3, 4, 5, 6), BLACK_TAG: (7, 8, 9, 3, 4, 5, 10)}


def chr_tile(code: int) -> np.ndarray:
    """The 8x8 2-bit pixel values of tile `code` of build/ui.chr."""
    data = (ROOT / "build" / "ui.chr").read_bytes()[16 * code:16 * code + 16]
    return np.array([[((data[y] >> (7 - x)) & 1) | (((data[y + 8] >> (7 - x)) & 1) << 1)
                      for x in range(8)] for y in range(8)])


def disc_values(glyph: int) -> np.ndarray:
    base = int(re.search(r"^UI_PIECE_BASE\s*=\s*\$([0-9A-Fa-f]+)",
                         (ROOT / "build" / "ui_tiles.inc").read_text(), re.M).group(1), 16)
    t = [chr_tile(base + 4 * glyph + i) for i in range(4)]
    return np.block([[t[0], t[1]], [t[2], t[3]]])


def shows_tiles(region: np.ndarray, values: np.ndarray) -> bool:
    """True when the frame region is the 2-bit tile picture `values` in some palette:
    one colour per value and one value per colour."""
    to_val, to_rgb = {}, {}
    for y in range(values.shape[0]):
        for x in range(values.shape[1]):
            rgb, v = tuple(region[y, x]), int(values[y, x])
            if to_val.setdefault(rgb, v) != v or to_rgb.setdefault(v, rgb) != rgb:
                return False
    return True


def taken_slots(d: GameDriver, tag: int) -> list[tuple[int | None, str]]:
    """What the panel shows for the pieces of side `tag` taken: per slot the disc glyph
    recognised from the pixels (None: blank) and the count beside it."""
    y0 = ui_const("PANEL_CAPB_Y" if tag == BLACK_TAG else "PANEL_CAPR_Y")
    per_row = ui_const("CAP_PER_ROW")
    frame = d.emu.frame()
    wood = frame[0, 0]
    out = []
    for slot in range(ui_const("CAP_SLOTS")):
        col, row = PANEL_X + 3 * (slot % per_row), y0 + 2 * (slot // per_row)
        region = frame[row * 8:row * 8 + 16, col * 8:col * 8 + 16]
        count = d.screen_text(col + 2, row + 1, 1)
        if (region == wood).all():
            out.append((None, count))
            continue
        found = [g for g in range(11) if shows_tiles(region, disc_values(g))]
        assert len(found) == 1, (slot, found)
        out.append((found[0], count))
    return out


def expected_slots(taken: list[int], tag: int) -> list[tuple[int | None, str]]:
    counts = {k: sum(1 for v in taken if v & 0x30 == tag and PIECE_TYPES[v & 15] == k)
              for k in CAP_ORDER}
    out = [(DISC[tag][k], str(n) if n > 1 else "") for k, n in counts.items() if n]
    return out + [(None, "")] * (len(CAP_ORDER) - len(out))


CAPTURES = ("b2b9 a9b9 h2h9 i9h9 g3g4 c9e7 i3i4 e9e8 i0i3 b7b6 i3i1 b6b8 g0i2 h7h1 "
            "i1h1 h9h1 c3c4 h1h0 c0e2 h0f0 e0f0 e8e9 d0e1 e7g5 g4g5 g6g5 f0f1 i6i5 "
            "i4i5 b8b7 i5h5 a6a5 h5g5")                # 33 plies, 13 captures


def test_pieces_taken_are_shown_as_discs_by_kind_with_a_count(rom):
    d = new_game(rom)
    pos, taken = Position.start(), []
    moves = CAPTURES.split()
    checked = 0
    for i, text in enumerate(moves):
        mv = Move.from_iccs(text)
        if pos.board[mv.to]:
            taken.append(pos.board[mv.to])
        assert d.play(mv.frm, mv.to), text
        pos.push(mv)
        if pos.board[mv.to] and (i % 4 == 0 or i == len(moves) - 1):
            d.settle()
            for tag in (RED_TAG, BLACK_TAG):
                assert taken_slots(d, tag) == expected_slots(taken, tag), (text, tag)
            checked += 1
    assert checked >= 3
    # both sides lost pieces of several kinds, some twice
    assert sum(1 for s in expected_slots(taken, BLACK_TAG) if s[1]) >= 1
    assert sum(1 for s in expected_slots(taken, RED_TAG) if s[0] is not None) >= 4
    # undo gives a piece back: its slot goes
    d.tap("start")
    d.wait(3)
    d.tap("a")                                       # UNDO: the pawn g5 back
    d.wait(10)
    d.settle()
    taken.pop()
    for tag in (RED_TAG, BLACK_TAG):
        assert taken_slots(d, tag) == expected_slots(taken, tag)


# -- CONTINUE says LOADING... while the save replays --------------------------------------

def test_continue_shows_loading_then_the_board(rom):
    d = new_game(rom)
    pos = play_all(d, CAPTURES)
    d.settle()
    d.emu.reset()
    d.boot_to_menu()
    assert d.emu.read("menu_row") == 4               # CONTINUE
    d.tap("a")
    seen = []
    for _ in range(300):
        seen.append((d.screen_text(MENU_SURE[0] + 8, MENU_SURE[1], 10),
                     d.emu.read("ui_nmi_cursor")))
        if seen[-1][1] == 1:
            break
        d.wait(1)
    texts = [t for t, _ in seen]
    assert "LOADING..." in texts, texts
    first = texts.index("LOADING...")
    gone = next(i for i in range(first, len(texts)) if texts[i] != "LOADING...")
    assert "LOADING..." not in texts[gone:], texts   # shown while the save replays, then
    assert seen[-1][1] == 1                          # the board (the replay: ~20 frames)
    d.settle()
    assert d.screen_text(MENU_SURE[0] + 8, MENU_SURE[1], 10) != "LOADING..."
    assert d.emu.read("game_nply") == 33 and d.board() == bytes(pos.board)


# -- the CPU's seconds beside its bar ------------------------------------------------------

@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_the_cpu_shows_its_seconds_used_and_its_cap(rom, level):
    cap_s = -(-get_level(level).frames // FRAMES_PER_SEC)      # rounded up
    d = new_game(rom, MODE_RED, level=level)
    mv = Move.from_iccs("a3a4")                                 # out of the book
    assert d.play(mv.frm, mv.to, settle=0)
    d.wait_until(lambda: d.emu.read("ui_thinking") == 1, limit=60)
    d.wait(2)
    assert status(d) == f"{0:2d}/{cap_s:2d} SEC"
    shown, spent = [], 2                                        # it counts while it thinks
    while d.emu.read("ui_thinking") == 1 and spent < 3 * FRAMES_PER_SEC:
        d.wait(15)
        spent += 15
        if d.emu.read("ui_thinking") == 1:
            text = status(d)
            assert text.endswith(f"/{cap_s:2d} SEC"), text
            secs = int(text.split("/")[0])
            assert spent // FRAMES_PER_SEC - 1 <= secs <= spent // FRAMES_PER_SEC, (spent, text)
            shown.append(secs)
    if level == 5:                                              # (a 30 s cap: still thinking)
        assert max(shown) >= 2, shown
    if d.emu.read("ui_thinking") == 1:
        d.tap("select")                                         # move now
    d.wait_until(lambda: d.emu.read("game_nply") == 2, limit=600)
    d.settle()
    assert status(d) == ""                                      # gone with the think


# -- the result screen: no cursor, the last move's frame stays -----------------------------

def test_result_screen_keeps_the_last_move_frame_and_hides_the_cursor(rom):
    d = new_game(rom)
    shuffle = "h0g2 h9g7 g2h0 g7h9 " * 3                        # a repetition draw
    play_all(d, shuffle)
    assert d.emu.read("game_result") != 0
    d.settle()
    oam = d.emu.address("oam_buf")
    sprite = [(d.emu.read(oam + 4 * i + 3), d.emu.read(oam + 4 * i) + 1) for i in range(16)]
    assert all(y >= 0xF0 for _, y in sprite[:4])                # the cursor: hidden
    last = asm_const("LAST_OAM", "asm/include/play.inc") // 4
    bx, by = ui_const("BOARD_X"), ui_const("BOARD_Y")
    mv = Move.from_iccs(shuffle.split()[-1])
    for n, sq in enumerate((mv.frm, mv.to)):
        c, r = d.cell_of_sq(sq)
        x0, y0 = (bx + 2 * c) * 8, (by + 2 * r + (2 if r >= ui_const("RIVER_ROW") else 0)) * 8
        corners = sprite[last + 4 * n:last + 4 * n + 4]
        assert all(x0 - 8 <= x <= x0 + 16 and y0 - 8 <= y <= y0 + 16 for x, y in corners), (
            sq, corners, (x0, y0))
