"""Build the UI pattern tables (two 4 KB CHR banks at PPU $1000) and their tables from
assets/ui_glyphs.png.

The glyph masks come from the committed PNG (tools/assets/make_ui_png.py made it); the board
lines, piece discs and sprite shapes are drawn here, so the build needs no font.

Colours (2bpp): 0 = wood (the universal background), 1 = board lines, 2 = disc
face, 3 = ink (glyphs, disc rim, Latin text, river text).

Both banks hold these tiles at the same numbers: tile 0 is blank;
tiles $20..$5A are the Latin font at their ASCII codes; text glyphs and piece discs
are 2x2 metatiles (TL, TR, BL, BR) at UI_TEXT_BASE + 4*k and UI_PIECE_BASE + 4*k; the
sprite corner UI_SPR_CORNER.  The rest of each bank is its own:

  --chr FILE       the GAME bank (4096 bytes): the board's cells and river band, the
                   thinking bar, and `ui_digit_tiles`: the 4 tiles (TL, TR, BL, BR) of the
                   16x16 Arabic digit n (Black's notation) at 4 * (n - 1).
  --menu-chr FILE  the MENU bank (4096 bytes): the glyphs of the level names
                   (ui_charset.menu_glyphs(), from assets/levels.txt).
  --inc FILE       ca65 include: the constants above, GL_* glyph numbers, and
              `ui_cell_tiles`: 90 x 4 tile numbers of the empty board cells by SCREEN
              cell (row-major, 9 per row, top-left first); `ui_river_tiles`: 9 x 4
              tiles of the river band (its own row of cells between rows 4 and 5,
              holding 楚河 漢界; pieces never stand there); under UI_MENU_TABLE the
              menu's level names as two tile strings each (`menu_level_n`: "1 ", the
              glyphs' bottom halves, " NOVICE"; `menu_level_top_n`: their top halves,
              for the row above) and `menu_level_lo/hi`, `menu_level_top_lo/hi`
              (index = level - 1).

Usage: python -m pyharness.gen.ui2chr assets/ui_glyphs.png --chr build/ui.chr
       --menu-chr build/ui_menu.chr --inc build/ui_tiles.inc
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PIL import Image, ImageDraw

from pyharness.gen.ui_charset import (DIGIT_Y, DIGITS, LATIN, LATIN_Y, MENU_Y, PIECE_Y, PIECES,
                                     SHEET_H, SHEET_W, TEXT, TEXT_Y, menu_glyphs)
from pyharness.reference.assets import load_levels

TEXT_NAMES = ("YI ER SAN SI WU LIU QI BA JIU JIN TUI PING QIAN HOU ZHONG JIANG JUN "
              "CHU HE HAN JIE HONG HEI SHENG HEDRAW QICHESS").split()
PIECE_NAMES = "SHUAI SHI_R XIANG_R MA JU PAO BING JIANG_B SHI_B XIANG_B ZU".split()
TEXT_BASE = 0x5C
PIECE_BASE = TEXT_BASE + 4 * len(TEXT)
assert len(TEXT_NAMES) == len(TEXT) and len(PIECE_NAMES) == len(PIECES)
assert PIECE_BASE + 4 * len(PIECES) <= 0x100
LINE, FACE, INK = 1, 2, 3


def encode_tile(px: list[int]) -> bytes:
    """64 colour numbers (0..3) -> 16-byte 2bpp tile."""
    lo, hi = bytearray(8), bytearray(8)
    for y in range(8):
        for x in range(8):
            c = px[y * 8 + x]
            lo[y] |= (c & 1) << (7 - x)
            hi[y] |= (c >> 1 & 1) << (7 - x)
    return bytes(lo + hi)


def tiles_of(img: Image.Image, x0: int, y0: int, w: int, h: int) -> list[list[int]]:
    """Row-major list of 8x8 tiles (pixel lists) of a region of a mode-L/P image."""
    out = []
    for ty in range(h // 8):
        for tx in range(w // 8):
            out.append([img.getpixel((x0 + tx * 8 + x, y0 + ty * 8 + y))
                        for y in range(8) for x in range(8)])
    return out


def metatile(img: Image.Image, x0: int, y0: int) -> list[list[int]]:
    """The 4 tiles TL, TR, BL, BR of a 16x16 area."""
    return tiles_of(img, x0, y0, 16, 16)


BOARD_ROWS = 10
RIVER_ROW = 5            # the screen row of cells between ranks 4 and 5: the river band


def rank_y(r: int) -> int:
    """Pixel row of the line of screen row r (0..9) in the board image: cell centres,
    one extra cell (the river band) between rows 4 and 5."""
    return 7 + 16 * (r + (r >= RIVER_ROW))


def draw_board(sheet: Image.Image) -> Image.Image:
    """The empty 144x176 board as 11 rows of 16x16 cells: lines through cell centres
    (pixel 7), palace diagonals, and a river band of its own (cell row 5) holding
    楚河 漢界 aligned with the cells, so no piece ever covers the text."""
    b = Image.new("L", (144, 16 * (BOARD_ROWS + 1)), 0)
    d = ImageDraw.Draw(b)
    c = [7 + 16 * i for i in range(9)]
    y = [rank_y(r) for r in range(BOARD_ROWS)]
    for r in range(BOARD_ROWS):
        d.line((c[0], y[r], c[8], y[r]), fill=LINE)
    for f in range(9):
        if f in (0, 8):
            d.line((c[f], y[0], c[f], y[9]), fill=LINE)
        else:
            d.line((c[f], y[0], c[f], y[4]), fill=LINE)
            d.line((c[f], y[5], c[f], y[9]), fill=LINE)
    for r0 in (0, 7):
        d.line((c[3], y[r0], c[5], y[r0 + 2]), fill=LINE)
        d.line((c[5], y[r0], c[3], y[r0 + 2]), fill=LINE)
    # river text: glyph k of TEXT in the river band's cell at board column col
    for name, col in (("CHU", 1), ("HE", 2), ("HAN", 6), ("JIE", 7)):
        k = TEXT_NAMES.index(name)
        gx, gy = (k % 16) * 16, TEXT_Y + (k // 16) * 16
        for yy in range(16):
            for x in range(16):
                if sheet.getpixel((gx + x, gy + yy)):
                    b.putpixel((16 * col + x, 16 * RIVER_ROW + yy), INK)
    return b


# Hand-drawn at NES size (the font's rendering was a blob for 象, read 土 for 士 and
# was cramped for 将; the Latin M, V, W were too narrow): these replace the sheet's.
PIECE_FIX = {
    "将": [
        "................",
        "................",
        "....#...#.......",
        "....#..######...",
        "..#.#..#...#....",
        "...##...#.#.....",
        "....#....#......",
        "...##.#######...",
        "..#.#.....#.....",
        "....#..#..#.....",
        "....#.....#.....",
        "....#....##.....",
        "................",
        "................",
        "................",
        "................",
    ],
    "士": [
        "................",
        "................",
        "................",
        ".......#........",
        ".......#........",
        "..###########...",
        ".......#........",
        ".......#........",
        ".......#........",
        ".......#........",
        ".....#####......",
        "................",
        "................",
        "................",
        "................",
        "................",
    ],
    "象": [
        "................",
        "................",
        ".....#..........",
        "....#####.......",
        "...#...#........",
        "...#########....",
        "...#...#...#....",
        "...#########....",
        ".....##...#.....",
        "...##.#.##......",
        ".....###.##.....",
        "...##.#.#..#....",
        ".....##.........",
        "................",
        "................",
        "................",
    ],
}
LATIN_FIX = {
    "M": [".#...#..", ".##.##..", ".#.#.#..", ".#.#.#..", ".#...#..", ".#...#..", ".#...#..",
          "........"],
    "V": [".#...#..", ".#...#..", ".#...#..", ".#...#..", "..#.#...", "..#.#...", "...#....",
          "........"],
    "W": [".#...#..", ".#...#..", ".#...#..", ".#.#.#..", ".#.#.#..", ".##.##..", ".#...#..",
          "........"],
}
assert all(len(r) == 16 for g in PIECE_FIX.values() for r in g) and all(
    len(g) == 16 for g in PIECE_FIX.values())
assert all(len(r) == 8 for g in LATIN_FIX.values() for r in g)


def piece_disc(sheet: Image.Image, k: int) -> Image.Image:
    """16x16 piece k: face colour 2, rim and glyph colour 3, corners colour 0."""
    m = Image.new("L", (16, 16), 0)
    d = ImageDraw.Draw(m)
    d.ellipse((0, 0, 14, 14), fill=INK)
    d.ellipse((1, 1, 13, 13), fill=FACE)
    fix = PIECE_FIX.get(PIECES[k])
    for y in range(16):
        for x in range(16):
            if (fix[y][x] == "#") if fix else sheet.getpixel((k * 16 + x, PIECE_Y + y)):
                m.putpixel((x, y), INK)
    return m


def cursor_corner() -> list[int]:
    """Sprite tile: the top-left corner bracket of a 16x16 cell (colour 1)."""
    px = [0] * 64
    for i in range(6):
        px[i] = px[8 + i] = LINE          # two rows
        px[i * 8] = px[i * 8 + 1] = LINE  # two columns
    return px


class Bank:
    """One 4 KB CHR bank being filled: 256 tiles, `place` puts a tile in the first free
    slot (or finds it there already)."""

    def __init__(self, tiles: list[bytes | None]):
        self.tiles = list(tiles)
        self.index = {t: i for i, t in enumerate(self.tiles) if t is not None}
        self.free = [i for i in range(1, 256) if self.tiles[i] is None]

    def place(self, t: bytes) -> int:
        """The tile number of `t` in this bank, placed in the first free slot if new."""
        if t not in self.index:
            if not self.free:
                raise ValueError("the UI tiles do not fit in 256")
            i = self.free.pop(0)
            self.tiles[i] = t
            self.index[t] = i
        return self.index[t]

    def data(self) -> bytes:
        """The 4096 bytes (free slots blank)."""
        return b"".join(t if t is not None else self.tiles[0] for t in self.tiles)


def glyph16(sheet: Image.Image, x0: int, y0: int) -> list[bytes]:
    """The 4 encoded tiles TL, TR, BL, BR of the 16x16 sheet glyph at x0, y0 (ink)."""
    return [encode_tile([INK if p else 0 for p in t]) for t in metatile(sheet, x0, y0)]


def common_tiles(sheet: Image.Image) -> list[bytes | None]:
    """The 256 slots with what both banks hold at the same numbers: blank, Latin, TEXT
    glyphs, piece discs (the rest None)."""
    tiles: list[bytes | None] = [None] * 256
    tiles[0] = encode_tile([0] * 64)
    for i, ch in enumerate(LATIN):
        gx, gy = (i % 32) * 8, LATIN_Y + (i // 32) * 8
        px = [INK if sheet.getpixel((gx + x, gy + y)) else 0 for y in range(8) for x in range(8)]
        if ch in LATIN_FIX:
            px = [INK if LATIN_FIX[ch][y][x] == "#" else 0 for y in range(8) for x in range(8)]
        tiles[ord(ch)] = encode_tile(px)
    tiles[0x20] = tiles[0]
    gt = LATIN.index(">")                  # '<' is the mirror image of '>'
    gx, gy = (gt % 32) * 8, LATIN_Y + (gt // 32) * 8
    tiles[ord("<")] = encode_tile([INK if sheet.getpixel((gx + 7 - x, gy + y)) else 0
                                   for y in range(8) for x in range(8)])
    for k in range(len(TEXT)):
        for q, t in enumerate(glyph16(sheet, (k % 16) * 16, TEXT_Y + (k // 16) * 16)):
            tiles[TEXT_BASE + 4 * k + q] = t
    for k in range(len(PIECES)):
        for q, t in enumerate(metatile(piece_disc(sheet, k), 0, 0)):
            tiles[PIECE_BASE + 4 * k + q] = encode_tile(t)
    return tiles


def menu_level_lines(levels, glyph_tiles: dict[str, list[int]]) -> list[str]:
    """ca65 lines of the menu's level names: "1 入门 NOVICE" as two tile strings each,
    `menu_level_n` (the number, the glyphs' bottom halves, the English name: the
    label's row, so the Latin stands on the glyphs' baseline) and `menu_level_top_n`
    (the glyphs' top halves, the row above), and their lo/hi tables."""
    width = max(len(lv.name_zh) for lv in levels)
    en = max(len(lv.name_en) for lv in levels)
    out = []
    for lv in levels:
        top, bot = [], []
        for ch in lv.name_zh.ljust(width, " "):
            t = glyph_tiles[ch] if ch != " " else [0x20] * 4
            top += t[:2]
            bot += t[2:]
        name = f" {lv.name_en.upper().ljust(en)}"
        out.append(f"menu_level_{lv.number}: .byte \"{lv.number} \", "
                   + ", ".join(f"${b:02X}" for b in bot) + f', "{name}", 0')
        out.append(f"menu_level_top_{lv.number}: .byte \"  \", "
                   + ", ".join(f"${b:02X}" for b in top) + f', "{" " * len(name)}", 0')
    for label in ("menu_level", "menu_level_top"):
        for half, op in (("lo", "<"), ("hi", ">")):
            out.append(f"{label}_{half}: .byte "
                       + ", ".join(f"{op}{label}_{lv.number}" for lv in levels))
    return out


def convert(sheet: Image.Image) -> tuple[bytes, bytes, str]:
    """Return (4096-byte game bank, 4096-byte menu bank, include text)."""
    if sheet.mode != "P":
        raise ValueError("ui_glyphs.png must be indexed")
    if sheet.size != (SHEET_W, SHEET_H):
        raise ValueError(f"ui_glyphs.png is {sheet.width}x{sheet.height}, want "
                         f"{SHEET_W}x{SHEET_H} (tools/assets/make_ui_png.py renders it)")
    common = common_tiles(sheet)
    game, menu = Bank(common), Bank(common)
    corner = encode_tile(cursor_corner())   # the same number in both banks (sprites)
    if game.place(corner) != menu.place(corner):
        raise ValueError("the sprite corner must sit at one number in both banks")
    # Arabic digits 1..9 (Black's notation): 16x16 glyphs like the Chinese numerals
    digit_tiles = []
    for n in range(len(DIGITS)):
        digit_tiles.extend(game.place(t) for t in glyph16(sheet, n * 16, DIGIT_Y))
    board = draw_board(sheet)
    cells = []
    for r in range(BOARD_ROWS + 1):
        if r == RIVER_ROW:
            continue
        for c in range(9):
            cells.extend(game.place(encode_tile(t)) for t in metatile(board, c * 16, r * 16))
    river = []
    for c in range(9):
        river.extend(game.place(encode_tile(t)) for t in metatile(board, c * 16, RIVER_ROW * 16))
    bar = game.place(encode_tile([0] * 16 + [INK] * 32 + [0] * 16))   # thinking bar tile
    glyph_tiles = {ch: [menu.place(t) for t in glyph16(sheet, i * 16, MENU_Y)]
                   for i, ch in enumerate(menu_glyphs())}
    lines = ["; GENERATED by pyharness/gen/ui2chr.py from assets/ui_glyphs.png; do not edit.",
             f"UI_TEXT_BASE = ${TEXT_BASE:02X}", f"UI_PIECE_BASE = ${PIECE_BASE:02X}",
             f"UI_SPR_CORNER = ${game.index[corner]:02X}", f"UI_BAR = ${bar:02X}",
             f"UI_TILES_FREE = {len(game.free)}", f"UI_MENU_TILES_FREE = {len(menu.free)}"]
    lines += [f"GL_{n} = {i}" for i, n in enumerate(TEXT_NAMES)]
    lines += [f"PG_{n} = {i}" for i, n in enumerate(PIECE_NAMES)]
    lines.append(".ifdef UI_CELL_TABLE       ; defined by the one module that holds the table")
    lines.append("ui_cell_tiles:")
    for i in range(0, len(cells), 36):
        lines.append("    .byte " + ", ".join(f"${b:02X}" for b in cells[i:i + 36]))
    lines.append('.assert * - ui_cell_tiles = 360, error, "cell table size"')
    lines.append("ui_digit_tiles:")
    lines.append("    .byte " + ", ".join(f"${b:02X}" for b in digit_tiles))
    lines.append("ui_river_tiles:")
    lines.append("    .byte " + ", ".join(f"${b:02X}" for b in river))
    lines.append(".endif")
    lines.append(".ifdef UI_MENU_TABLE       ; the menu's level names (menu.s)")
    lines += menu_level_lines(load_levels(), glyph_tiles)
    lines.append(".endif")
    return game.data(), menu.data(), "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("png", type=Path)
    ap.add_argument("--chr", type=Path, required=True)
    ap.add_argument("--menu-chr", type=Path, required=True)
    ap.add_argument("--inc", type=Path, required=True)
    args = ap.parse_args(argv)
    from pyharness.gen import depfile    # what the generator reads, for the build
    depfile.start()
    try:
        chr_data, menu_data, inc = convert(Image.open(args.png))
    except (ValueError, OSError) as e:
        print(f"error: {args.png}: {e}", file=sys.stderr)
        return 2
    args.chr.parent.mkdir(parents=True, exist_ok=True)
    args.chr.write_bytes(chr_data)
    args.menu_chr.write_bytes(menu_data)
    args.inc.write_text(inc)
    depfile.write(args.inc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
