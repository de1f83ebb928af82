"""The characters of the UI tile sheet (shared by make_ui_png.py and ui2chr.py).

assets/ui_glyphs.png is 256 pixels wide, 1 bit per pixel (palette index 0/1):
  rows 0..1   (y 0..31):   TEXT glyphs, 16x16 each, 16 per row, in TEXT order
  row 2       (y 32..47):  PIECE glyphs, 16x16 cells holding an ~11 px glyph, PIECES order
  row 3       (y 48..55):  LATIN glyphs, 8x8 each, 32 per row, LATIN order
  row 3b      (y 56..63):  the rest of LATIN
  row 4       (y 64..79):  DIGITS, 16x16 each: Black's file numbers in the notation
  row 5       (y 80..95):  MENU glyphs, 16x16 each: the level names of assets/levels.txt
                           (the menu's CHR bank, docs/cartridge.md "CHR-ROM")
"""
from pyharness.reference.assets import load_levels

TEXT = "一二三四五六七八九进退平前后中将军楚河漢界红黑胜和棋"
PIECES = "帅仕相马车炮兵将士象卒"
# Latin tiles sit at their ASCII code ($20..$5A); only these are drawn.
LATIN = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:-!?./>"
DIGITS = "123456789"


def menu_glyphs() -> str:
    """The characters of the level names (name_zh of assets/levels.txt), each once, in
    order of first use: the menu bank's glyphs."""
    return "".join(dict.fromkeys("".join(lv.name_zh for lv in load_levels())))


SHEET_W, SHEET_H = 256, 96
TEXT_Y, PIECE_Y, LATIN_Y, DIGIT_Y, MENU_Y = 0, 32, 48, 64, 80
MENU_MAX = SHEET_W // 16
