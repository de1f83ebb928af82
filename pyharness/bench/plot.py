"""PNG plots of bench results, drawn with Pillow (no plotting library needed).

`plot_levels(bench, path)`: NES seconds per level as a strip plot on a log axis, one
dot per position (coloured by phase), the median as a bar, and each level's frame cap
as a dashed red line.
"""
from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

PHASE_COLOURS = {"open": (40, 110, 200), "mid": (30, 150, 70), "end": (220, 120, 20)}
CAP_COLOUR = (200, 30, 30)
AXIS_COLOUR = (60, 60, 60)
GRID_COLOUR = (225, 225, 225)
Y_MIN, Y_MAX = 0.001, 100.0     # NES seconds shown at most (log scale; the low end
                                # starts at the decade of the fastest search)


def _font(size: int):
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1: one bitmap size
        return ImageFont.load_default()


def plot_levels(bench, path: str | Path, width: int = 900, height: int = 560) -> Path:
    """Draw NES seconds per level of a SearchBench into a PNG at `path`; return it."""
    img = Image.new("RGB", (width, height), "white")
    d = ImageDraw.Draw(img)
    small, mid, big = _font(12), _font(14), _font(17)
    left, right, top, bottom = 80, 150, 50, 60
    pw, ph = width - left - right, height - top - bottom
    shown = [r.nes_seconds for s in bench.levels for r in s.runs if r.nes_seconds > 0]
    lo = max(math.log10(Y_MIN), math.floor(math.log10(min(shown)))) if shown \
        else math.log10(Y_MIN)
    hi = math.log10(Y_MAX)

    def y_of(sec: float) -> float:
        v = math.log10(min(max(sec, Y_MIN), Y_MAX))
        return top + ph * (hi - v) / (hi - lo)

    # grid and y axis (decades)
    for e in range(int(lo), int(hi) + 1):
        y = y_of(10.0 ** e)
        d.line([(left, y), (left + pw, y)], fill=GRID_COLOUR)
        label = f"{10.0 ** e:g}"
        d.text((left - 8, y), label, fill=AXIS_COLOUR, font=small, anchor="rm")
    d.rectangle([left, top, left + pw, top + ph], outline=AXIS_COLOUR)
    d.text((18, top + ph / 2), "NES s", fill=AXIS_COLOUR, font=mid, anchor="lm")

    levels = [s for s in bench.levels if s.runs]
    n = max(1, len(levels))
    col = pw / n
    for i, s in enumerate(levels):
        cx = left + col * (i + 0.5)
        d.text((cx, top + ph + 10), f"L{s.level}", fill=AXIS_COLOUR, font=mid, anchor="mt")
        d.text((cx, top + ph + 30), s.name, fill=AXIS_COLOUR, font=small, anchor="mt")
        # the cap: dashed line across the column
        yc = y_of(s.cap_seconds)
        x0, x1 = cx - col * 0.42, cx + col * 0.42
        x = x0
        while x < x1:
            d.line([(x, yc), (min(x + 6, x1), yc)], fill=CAP_COLOUR, width=2)
            x += 10
        d.text((x1, yc - 3), f"cap {s.cap_seconds:g} s", fill=CAP_COLOUR, font=small,
               anchor="rb")
        # dots, spread deterministically over the column
        runs = s.runs
        for j, r in enumerate(runs):
            off = ((j * 0.618034) % 1.0 - 0.5) * col * 0.5
            y = y_of(r.nes_seconds)
            c = PHASE_COLOURS.get(r.phase, (90, 90, 90))
            d.ellipse([cx + off - 4, y - 4, cx + off + 4, y + 4], fill=c,
                      outline=(255, 255, 255) if not r.stopped else (0, 0, 0))
        secs = sorted(r.nes_seconds for r in runs)
        med = (secs[(len(secs) - 1) // 2] + secs[len(secs) // 2]) / 2
        ym = y_of(med)
        d.line([(cx - col * 0.3, ym), (cx + col * 0.3, ym)], fill=(0, 0, 0), width=3)
        d.text((cx + col * 0.32, ym), f"{med:.3g}", fill=(0, 0, 0), font=small, anchor="lm")

    # legend
    lx, ly = left + pw + 15, top + 10
    for phase, c in PHASE_COLOURS.items():
        d.ellipse([lx, ly - 4, lx + 8, ly + 4], fill=c)
        d.text((lx + 14, ly), phase, fill=AXIS_COLOUR, font=small, anchor="lm")
        ly += 20
    d.ellipse([lx, ly - 4, lx + 8, ly + 4], fill=(255, 255, 255), outline=(0, 0, 0))
    d.text((lx + 14, ly), "cap cut it", fill=AXIS_COLOUR, font=small, anchor="lm")
    ly += 20
    d.line([(lx, ly), (lx + 10, ly)], fill=(0, 0, 0), width=3)
    d.text((lx + 14, ly), "median", fill=AXIS_COLOUR, font=small, anchor="lm")
    ly += 20
    d.line([(lx, ly), (lx + 10, ly)], fill=CAP_COLOUR, width=2)
    d.text((lx + 14, ly), "frame cap", fill=AXIS_COLOUR, font=small, anchor="lm")

    src = "asm, py65 cycles" if bench.engine == "asm" else "ref twin, MODEL cycles"
    d.text((left, 15), f"xq65 search time per move by level ({len(bench.positions)} "
           f"positions; {src})", fill=(0, 0, 0), font=big, anchor="lt")
    from ..inputfile import open_output
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open_output(out, "plot", ".png", binary=True) as fh:
        img.save(fh, format="PNG")
    return out
