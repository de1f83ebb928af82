#!/usr/bin/env python3
"""Render assets/title.png, the xq65 title screen (run once; the PNG is committed).

Needs a CJK font (Debian: fonts-wqy-zenhei) and DejaVu; the build does not run this
tool, it only converts the committed PNG with pyharness/gen/png2chr.py.

The image is indexed: palette index = 4 * subpalette + colour (see png2chr.py).
  sub-palette 0: frame (browns)       sub-palette 1: the two pieces (cream, red, dark red)
  sub-palette 2: text (grey, white)   sub-palette 3: "PRESS START" (gold; blinks in the ROM)
Everything stays inside the title-safe area (x 16..239, y 24..215).

Usage: python tools/assets/make_title_png.py [assets/title.png]
"""
from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render_png import CJK_FONT, LATIN_BOLD, LATIN_MONO, save_main   # beside this script

W, H = 256, 240
# RGB of each index, matching NES colours ($0F black, $07/$17/$27 browns, ...)
PALETTE = [
    (0, 0, 0), (120, 60, 0), (212, 136, 32), (228, 196, 144),        # 0: frame
    (0, 0, 0), (236, 238, 236), (152, 34, 32), (84, 4, 0),           # 1: pieces
    (0, 0, 0), (152, 150, 152), (236, 238, 236), (60, 60, 60),       # 2: text
    (0, 0, 0), (212, 136, 32), (228, 196, 144), (236, 238, 236),     # 3: press start
]
FRAME, PIECE, TEXT, PRESS = 0, 4, 8, 12   # first index of each sub-palette


def _mask_text(text: str, font: ImageFont.FreeTypeFont, spacing: int = 0,
               stroke: int = 0) -> Image.Image:
    """Render text as a 1-bit mask (no anti-aliasing), letters `spacing` px apart,
    strokes thickened by `stroke` px."""
    widths = [int(font.getlength(ch)) for ch in text]
    w = sum(widths) + spacing * (len(text) - 1) + 4 + 2 * stroke * len(text)
    asc, desc = font.getmetrics()
    img = Image.new("1", (w, asc + desc + 4 + 2 * stroke), 0)
    d = ImageDraw.Draw(img)
    d.fontmode = "1"
    x = 0
    for ch, cw in zip(text, widths):
        d.text((x + stroke, stroke), ch, font=font, fill=1, stroke_width=stroke,
               stroke_fill=1)
        x += cw + spacing + 2 * stroke
    return img.crop(img.getbbox())


def _stamp(canvas: Image.Image, mask: Image.Image, x: int, y: int, index: int) -> None:
    canvas.paste(index, (x, y, x + mask.width, y + mask.height), mask)


def _centered(canvas: Image.Image, mask: Image.Image, y: int, index: int) -> None:
    _stamp(canvas, mask, (W - mask.width) // 2, y, index)


def _piece(canvas: Image.Image, x: int, y: int, glyph: str) -> None:
    """A round xiangqi piece, 64x64 at (x, y): cream disc, red rings, red glyph."""
    d = ImageDraw.Draw(canvas)
    d.ellipse((x + 1, y + 1, x + 62, y + 62), fill=PIECE + 3)         # dark rim
    d.ellipse((x + 2, y + 2, x + 59, y + 59), fill=PIECE + 1)         # cream face
    d.ellipse((x + 7, y + 7, x + 54, y + 54), outline=PIECE + 2, width=2)
    font = ImageFont.truetype(CJK_FONT, 36)
    mask = _mask_text(glyph, font)
    _stamp(canvas, mask, x + 31 - mask.width // 2, y + 31 - mask.height // 2, PIECE + 2)


def _frame(canvas: Image.Image) -> None:
    """A double frame on tile boundaries with corner knots (xiangqi board style)."""
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = 16, 24, 239, 215
    d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=FRAME + 2)
    d.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=FRAME + 1)
    for cx, cy in ((x0, y0), (x1 - 7, y0), (x0, y1 - 7), (x1 - 7, y1 - 7)):
        d.rectangle((cx + 1, cy + 1, cx + 6, cy + 6), fill=FRAME + 3)
        d.rectangle((cx + 3, cy + 3, cx + 4, cy + 4), fill=FRAME + 1)


def render() -> Image.Image:
    """Return the indexed 256x240 title image."""
    img = Image.new("P", (W, H), 0)
    flat = [c for rgb in PALETTE for c in rgb]
    img.putpalette(flat + [0] * (768 - len(flat)))
    _frame(img)
    _piece(img, 48, 40, "象")
    _piece(img, 144, 40, "棋")
    big = ImageFont.truetype(LATIN_BOLD, 22)
    _centered(img, _mask_text("XIANGQI", big, spacing=5), 120, TEXT + 2)
    small = ImageFont.truetype(LATIN_MONO, 11)
    _centered(img, _mask_text("CHINESE CHESS", small, spacing=1), 150, TEXT + 1)
    _centered(img, _mask_text("PRESS START", small, spacing=2), 176, PRESS + 2)
    tiny = ImageFont.truetype(LATIN_MONO, 9)
    _stamp(img, _mask_text("xq65", tiny, spacing=1), 194, 194, TEXT + 1)
    return img


def main(argv: list[str] | None = None) -> int:
    """Render and save the title PNG; returns the exit status."""
    return save_main(render, "assets/title.png", argv)


if __name__ == "__main__":
    sys.exit(main())
