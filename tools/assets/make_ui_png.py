#!/usr/bin/env python3
"""Render assets/ui_glyphs.png, the glyph masks of the UI tiles (run once; committed).

Needs a CJK font (Debian: fonts-wqy-zenhei) and DejaVu; the build does not run this
tool: pyharness/gen/ui2chr.py turns the committed PNG (plus the board it draws itself) into
CHR tiles. Layout: pyharness/gen/ui_charset.py.

Usage: python tools/assets/make_ui_png.py [assets/ui_glyphs.png]
"""
from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from pyharness.gen.ui_charset import (DIGIT_Y, DIGITS, LATIN, LATIN_Y, MENU_MAX, MENU_Y,
                                     PIECE_Y, PIECES, SHEET_H, SHEET_W, TEXT, TEXT_Y,
                                     menu_glyphs)
from render_png import CJK_FONT, LATIN_MONO, save_main   # beside this script


def _glyph(ch: str, font: ImageFont.FreeTypeFont, box: int) -> Image.Image:
    """`ch` as a 1-bit mask, cropped and centred in a box x box image."""
    img = Image.new("1", (box * 3, box * 3), 0)
    d = ImageDraw.Draw(img)
    d.fontmode = "1"
    d.text((box, box), ch, font=font, fill=1)
    bb = img.getbbox()
    g = img.crop(bb)
    out = Image.new("1", (box, box), 0)
    out.paste(g, ((box - g.width) // 2, (box - g.height) // 2))
    return out


def render() -> Image.Image:
    """Return the 1-bit glyph sheet (mode P, indices 0 and 1)."""
    sheet = Image.new("P", (SHEET_W, SHEET_H), 0)
    sheet.putpalette([236, 220, 180, 0, 0, 0] + [0] * 762)
    big = ImageFont.truetype(CJK_FONT, 15)
    small = ImageFont.truetype(CJK_FONT, 11)
    latin = ImageFont.truetype(LATIN_MONO, 9)
    digit = ImageFont.truetype(CJK_FONT, 18)    # 13 px tall: the weight of the glyphs
    for i, ch in enumerate(TEXT):
        g = _glyph(ch, big, 16)
        sheet.paste(1, ((i % 16) * 16, TEXT_Y + (i // 16) * 16), g)
    for i, ch in enumerate(PIECES):
        g = _glyph(ch, small, 11)
        sheet.paste(1, (i * 16 + 2, PIECE_Y + 2), g)
    top = latin.getbbox("H")[1]
    for i, ch in enumerate(LATIN):
        g = Image.new("1", (8, 8), 0)
        d = ImageDraw.Draw(g)
        d.fontmode = "1"
        d.text((1, -top), ch, font=latin, fill=1)       # cap height from row 0
        sheet.paste(1, ((i % 32) * 8, LATIN_Y + (i // 32) * 8), g)
    for i, ch in enumerate(DIGITS):
        sheet.paste(1, (i * 16, DIGIT_Y), _glyph(ch, digit, 16))
    menu = menu_glyphs()
    if len(menu) > MENU_MAX:
        raise ValueError(f"{len(menu)} level-name characters; the sheet holds {MENU_MAX}")
    for i, ch in enumerate(menu):
        sheet.paste(1, (i * 16, MENU_Y), _glyph(ch, big, 16))
    return sheet


def main(argv: list[str] | None = None) -> int:
    """Render and save the PNG; returns the exit status."""
    return save_main(render, "assets/ui_glyphs.png", argv)


if __name__ == "__main__":
    sys.exit(main())
