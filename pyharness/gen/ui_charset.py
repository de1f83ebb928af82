"""The characters of the UI tile sheet (shared by make_ui_png.py and ui2chr.py).

assets/ui_glyphs.png is 256 pixels wide, 1 bit per pixel (palette index 0/1):
  rows 0..1   (y 0..31):   TEXT glyphs, 16x16 each, 16 per row, in TEXT order
  row 2       (y 32..47):  PIECE glyphs, 16x16 cells holding an ~11 px glyph, PIECES order
  row 3       (y 48..55):  LATIN glyphs, 8x8 each, 32 per row, LATIN order
  row 3b      (y 56..63):  the rest of LATIN
"""
TEXT = "一二三四五六七八九进退平前后中将军楚河漢界红黑胜和棋"
PIECES = "帅仕相马车炮兵将士象卒"
# Latin tiles sit at their ASCII code ($20..$5A); only these are drawn.
LATIN = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:-!?./>"
SHEET_W, SHEET_H = 256, 64
TEXT_Y, PIECE_Y, LATIN_Y = 0, 32, 48
