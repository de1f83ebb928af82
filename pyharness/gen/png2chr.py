"""PNG -> NES CHR tiles, nametable, attributes and palette (xq65 asset tool).

The source is an indexed (mode "P") PNG whose palette index encodes the NES
sub-palette and colour: index = 4 * subpalette + colour (0..15); colour 0 of every
sub-palette is the shared background colour (index 0). The RGB values of the PNG
palette are matched to the nearest colour of the NES master palette, which gives the
16-byte background palette. Every 8x8 tile must use one sub-palette, and the four
tiles of a 16x16 attribute area the same one.

Outputs (all optional):
  --chr FILE  2bpp CHR tiles, duplicates merged, padded to 256 tiles (4096 bytes);
              tile 0 is the all-background tile when the image has one.
  --inc FILE  ca65 include: `<name>_nametable` (960 tile bytes + 64 attribute bytes),
              then `<name>_palette` (16 bytes) and `<NAME>_TILE_COUNT`, headed by a comment
              naming this tool.

Usage: python -m pyharness.gen.png2chr assets/title.png --name title --chr build/title.chr --inc build/title.inc
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pyharness.reference.assets import AssetError   # a PNG off the rules of a NES image

# NES master palette (2C02, a common emulator palette; sRGB), index 0x00..0x3F.
NES_RGB = [
    (84, 84, 84), (0, 30, 116), (8, 16, 144), (48, 0, 136), (68, 0, 100), (92, 0, 48),
    (84, 4, 0), (60, 24, 0), (32, 42, 0), (8, 58, 0), (0, 64, 0), (0, 60, 0),
    (0, 50, 60), (0, 0, 0), (0, 0, 0), (0, 0, 0),
    (152, 150, 152), (8, 76, 196), (48, 50, 236), (92, 30, 228), (136, 20, 176),
    (160, 20, 100), (152, 34, 32), (120, 60, 0), (84, 90, 0), (40, 114, 0),
    (8, 124, 0), (0, 118, 40), (0, 102, 120), (0, 0, 0), (0, 0, 0), (0, 0, 0),
    (236, 238, 236), (76, 154, 236), (120, 124, 236), (176, 98, 236), (228, 84, 236),
    (236, 88, 180), (236, 106, 100), (212, 136, 32), (160, 170, 0), (116, 196, 0),
    (76, 208, 32), (56, 204, 108), (56, 180, 204), (60, 60, 60), (0, 0, 0), (0, 0, 0),
    (236, 238, 236), (168, 204, 236), (188, 188, 236), (212, 178, 236), (236, 174, 236),
    (236, 174, 212), (236, 180, 176), (228, 196, 144), (204, 210, 120), (180, 222, 120),
    (168, 226, 144), (152, 226, 180), (160, 214, 228), (160, 162, 160), (0, 0, 0), (0, 0, 0),
]
# Colours never chosen: $0D ("blacker than black") and the duplicate blacks/whites.
_AVOID = {0x0D, 0x0E, 0x0F, 0x1D, 0x1E, 0x1F, 0x2E, 0x2F, 0x3E, 0x3F, 0x20}
BLACK = 0x0F

TILE = 8
COLS, ROWS = 32, 30


@dataclass
class Converted:
    """The result of converting one full-screen image."""

    chr: bytes          # 16 bytes per unique tile
    nametable: bytes    # 960 tile numbers
    attributes: bytes   # 64 attribute bytes
    palette: bytes      # 16 NES colour numbers
    tile_count: int


def nearest_nes(rgb: tuple[int, int, int]) -> int:
    """Return the NES colour number closest to an sRGB triple (black is $0F)."""
    best, best_d = BLACK, None
    for i, c in enumerate(NES_RGB):
        if i in _AVOID:
            continue
        d = sum((a - b) ** 2 for a, b in zip(c, rgb))
        if best_d is None or d < best_d:
            best, best_d = i, d
    if sum(rgb) < 40:
        return BLACK
    return best


def encode_tile(pixels: list[int]) -> bytes:
    """Encode 64 colour numbers (0..3) as a 16-byte 2bpp NES tile."""
    lo = bytearray(8)
    hi = bytearray(8)
    for y in range(8):
        for x in range(8):
            c = pixels[y * 8 + x]
            lo[y] |= (c & 1) << (7 - x)
            hi[y] |= ((c >> 1) & 1) << (7 - x)
    return bytes(lo + hi)


def convert(img: Image.Image) -> Converted:
    """Convert a 256x240 indexed image into CHR tiles, nametable, attributes, palette."""
    if img.mode != "P":
        raise AssetError(f"image must be indexed (mode P), got mode {img.mode}")
    if img.size != (COLS * TILE, ROWS * TILE):
        raise AssetError(f"image must be 256x240, got {img.size[0]}x{img.size[1]}")
    data = img.tobytes()
    if max(data) > 15:
        raise AssetError(f"palette index {max(data)} used; only 0..15 are allowed")
    pal_rgb = img.getpalette()[: 16 * 3]
    pal_rgb += [0] * (48 - len(pal_rgb))
    palette = bytes(nearest_nes(tuple(pal_rgb[i * 3:i * 3 + 3])) for i in range(16))
    palette = bytes(palette[0] if i % 4 == 0 else palette[i] for i in range(16))

    tiles: dict[bytes, int] = {}
    blank = encode_tile([0] * 64)
    tiles[blank] = 0
    chr_data = [blank]
    nametable = bytearray(COLS * ROWS)
    subpal = [[None] * COLS for _ in range(ROWS)]
    for ty in range(ROWS):
        for tx in range(COLS):
            idx = [data[(ty * TILE + y) * 256 + tx * TILE + x]
                   for y in range(TILE) for x in range(TILE)]
            groups = {i >> 2 for i in idx if i & 3}
            if len(groups) > 1:
                raise AssetError(f"tile ({tx},{ty}) mixes sub-palettes {sorted(groups)}")
            subpal[ty][tx] = groups.pop() if groups else None
            enc = encode_tile([i & 3 for i in idx])
            if enc not in tiles:
                tiles[enc] = len(chr_data)
                chr_data.append(enc)
            nametable[ty * COLS + tx] = tiles[enc]
    if len(chr_data) > 256:
        raise AssetError(f"{len(chr_data)} unique tiles; a pattern table holds 256")

    attributes = bytearray(64)
    for ay in range(ROWS // 2):
        for ax in range(COLS // 2):
            area = {subpal[ay * 2 + dy][ax * 2 + dx] for dy in (0, 1) for dx in (0, 1)}
            area.discard(None)
            if len(area) > 1:
                raise AssetError(
                    f"16x16 area at tile ({ax * 2},{ay * 2}) mixes sub-palettes {sorted(area)}")
            p = area.pop() if area else 0
            shift = ((ay & 1) << 2) | ((ax & 1) << 1)
            attributes[(ay // 2) * 8 + ax // 2] |= p << shift
    return Converted(b"".join(chr_data), bytes(nametable), bytes(attributes),
                     palette, len(chr_data))


def write_inc(path: Path, name: str, conv: Converted, source: str) -> None:
    """Write the ca65 include with the nametable, attributes and palette."""
    lines = [f"; GENERATED by pyharness/gen/png2chr.py from {source}; do not edit.",
             f"; {name}.chr (CHR tiles) was written by the same run.",
             f"{name.upper()}_TILE_COUNT = {conv.tile_count}", "",
             f"{name}_nametable:"]
    blob = conv.nametable + conv.attributes
    for i in range(0, len(blob), 32):
        lines.append("    .byte " + ", ".join(f"${b:02X}" for b in blob[i:i + 32]))
    lines.append(f".assert * - {name}_nametable = 1024, error, \"nametable size\"")
    lines.append(f"{name}_palette:        ; last, so a sprite palette may follow it")
    lines.append("    .byte " + ", ".join(f"${b:02X}" for b in conv.palette))
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("png", type=Path)
    ap.add_argument("--name", default="title")
    ap.add_argument("--chr", type=Path)
    ap.add_argument("--inc", type=Path)
    args = ap.parse_args(argv)
    from pyharness.gen import depfile    # what the generator reads, for the build
    depfile.start()
    try:
        conv = convert(Image.open(args.png))
    except (AssetError, OSError) as e:
        print(f"error: {args.png}: {e}", file=sys.stderr)
        return 2
    if args.chr:
        args.chr.parent.mkdir(parents=True, exist_ok=True)
        args.chr.write_bytes(conv.chr.ljust(4096, b"\0"))
    if args.inc:
        args.inc.parent.mkdir(parents=True, exist_ok=True)
        write_inc(args.inc, args.name, conv, args.png.as_posix())
        depfile.write(args.inc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
