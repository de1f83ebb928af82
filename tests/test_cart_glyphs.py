"""What the controller-only playtest of issue 31 found on the screens, fixed and read
from the picture in cynes: the menu names the levels in Chinese (入门 .. 大师 of
assets/levels.txt, from the menu's CHR bank), the result screen's lines stand apart
(a blank row between the big glyphs, who won and why), Black's numbers in the move
list are 16x16 digits like the glyphs around them; and the committed glyph sheet is
what tools/assets/make_ui_png.py renders from the charset (so the level names in it
are assets/levels.txt's)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from pyharness.gen.ui_charset import DIGIT_Y, DIGITS, MENU_Y, TEXT, TEXT_Y, menu_glyphs
from pyharness.reference.assets import load_levels
from pyharness.reference.position import Move
from pyharness.rom.emu import MODE_TWO, Emulator, GameDriver, asm_const

ROOT = Path(__file__).resolve().parents[1]
SHEET = ROOT / "assets" / "ui_glyphs.png"
PANEL_L = asm_const("PANEL_X") + 1
MENU_X, MENU_VAL_X = (asm_const(n, "asm/nes/menu.s") for n in ("MENU_X", "MENU_VAL_X"))
LEVEL_Y, TURN_Y = asm_const("PANEL_LEVEL_Y") + 1, asm_const("PANEL_TURN_Y")
NOTES_Y, NOTES = asm_const("PANEL_NOTES_Y"), asm_const("NOTES")
REPEAT = ["h0g2", "h9g7", "g2h0", "g7h9"] * 3        # two players: a draw by repetition


def sheet_mask(x0: int, y0: int) -> np.ndarray:
    """The 16x16 ink mask (bool) of the glyph at x0, y0 of assets/ui_glyphs.png."""
    img = Image.open(SHEET)
    return np.array([[bool(img.getpixel((x0 + x, y0 + y))) for x in range(16)]
                     for y in range(16)])


def frame_mask(d: GameDriver, col: int, row: int) -> np.ndarray:
    """The 16x16 mask of what is not wood at tile column col, row row of the frame."""
    frame = d.emu.frame()
    cell = frame[row * 8:row * 8 + 16, col * 8:col * 8 + 16]
    return np.any(cell != frame[0, 0], axis=-1) if cell.ndim == 3 else cell != frame[0, 0]


def play(d: GameDriver, moves: list[str]) -> None:
    for text in moves:
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text


def idle(d: GameDriver) -> None:
    d.settle()
    d.wait_until(lambda: d.emu.read("ui_idle") == 1 and d.emu.read("vram_len") == 0,
                 limit=900)
    d.wait(2)


def test_the_menu_names_the_levels_in_chinese(rom):
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.tap("down")                                     # the LEVEL row
    d.settle()
    rows = [r for r in range(30) if d.screen_text(MENU_X - 2, r, 1) == ">"]
    assert len(rows) == 1
    row = rows[0]
    assert d.screen_text(MENU_X, row, 5) == "LEVEL"
    menu = menu_glyphs()
    for lv in load_levels():
        while d.emu.read("game_level") != lv.number:
            d.tap("right")
        d.settle()
        d.wait(2)
        assert d.screen_text(MENU_VAL_X, row, 2) == str(lv.number)
        x = MENU_VAL_X + 2 + 2 * len(lv.name_zh) + 1
        assert d.screen_text(x, row, 8) == lv.name_en.upper()
        for i, ch in enumerate(lv.name_zh):               # the glyphs stand on the row
            got = frame_mask(d, MENU_VAL_X + 2 + 2 * i, row - 1)
            assert (got == sheet_mask(16 * menu.index(ch), MENU_Y)).all(), (lv.number, ch)
        assert d.screen_text(MENU_X, row - 1, 5) == "" and d.screen_text(MENU_X, row + 1, 5) == ""


@pytest.mark.timeout(180)
def test_the_result_lines_stand_apart_and_give_their_rows_back(rom, consts):
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_TWO)
    play(d, REPEAT)
    idle(d)
    assert d.emu.read("game_result") == consts["RES_REPEAT"]
    win_gl, win, why = (consts[n] for n in ("PANEL_WIN_GL_Y", "PANEL_WIN_Y", "PANEL_WHY_Y"))
    text = {r: d.screen_text(PANEL_L, r, 9) for r in range(asm_const("PANEL_MODE_Y"), why + 2)}
    assert text[win] == "DRAW" and text[why] == "REPEATED"
    for r in (win_gl - 1, win - 1, win + 1, why + 1):            # blank rows between
        assert text[r] == "", (r, text)
    k = TEXT.index("和")
    assert (frame_mask(d, PANEL_L, win_gl) == sheet_mask(16 * (k % 16), TEXT_Y + 16 * (k // 16))).all()
    # UNDO: the level row (blank with two players), the side to move, no result left
    while d.emu.read("play_item") != consts["RS_UNDO"]:
        d.tap("right")
    d.tap("a")
    idle(d)
    assert d.emu.read("game_result") == 0
    assert d.screen_text(PANEL_L + 2, TURN_Y + 1, 7) == "TO MOVE"
    for r in (win_gl - 1, LEVEL_Y, win, win + 1):
        assert d.screen_text(PANEL_L, r, 9) == "", r
    assert not frame_mask(d, PANEL_L + 2, TURN_Y)[:8].any()       # 棋's bottom is gone
    assert d.screen_text(PANEL_L + 2, TURN_Y, 7) == ""
    # the game ends again; REVIEW from the result screen shows the side to move
    mv = Move.from_iccs(REPEAT[-1])
    assert d.play(mv.frm, mv.to)
    idle(d)
    assert d.emu.read("game_result") == consts["RES_REPEAT"]
    while d.emu.read("play_item") != consts["RS_REVIEW"]:
        d.tap("right")
    d.tap("a")
    idle(d)
    d.tap("left")
    idle(d)
    assert d.screen_text(PANEL_L + 2, TURN_Y + 1, 7) == "TO MOVE"
    assert d.screen_text(PANEL_L, win_gl - 1, 9) == "" and d.screen_text(PANEL_L, LEVEL_Y, 9) == ""


def test_blacks_numbers_are_16x16_digits(rom):
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_TWO)
    play(d, ["h2e2", "h9g7"])                          # 炮二平五, 马8进7
    idle(d)
    row = NOTES_Y + 2 * (NOTES - 1)                    # the last note: 马 8 进 7
    for col, digit in ((PANEL_L + 2, "8"), (PANEL_L + 6, "7")):
        got = frame_mask(d, col, row)
        want = sheet_mask(16 * DIGITS.index(digit), DIGIT_Y)
        assert (got == want).all(), digit
        ys = np.nonzero(got.any(axis=1))[0]
        assert ys[-1] - ys[0] + 1 >= 12, digit          # as tall as the glyphs, not 8x8


def test_the_glyph_sheet_is_rendered_from_the_charset(tmp_path):
    font = Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc")
    if not font.is_file():
        pytest.skip("fonts-wqy-zenhei is not installed (make_ui_png.py needs it)")
    out = tmp_path / "sheet.png"
    subprocess.run([sys.executable, str(ROOT / "tools" / "assets" / "make_ui_png.py"), str(out)],
                   check=True, cwd=ROOT, timeout=120)
    a, b = Image.open(SHEET), Image.open(out)
    assert a.size == b.size
    assert np.array_equal(np.array(a), np.array(b)), "run tools/assets/make_ui_png.py"
