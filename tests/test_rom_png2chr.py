"""pyharness/gen/png2chr.py: tiles, dedup, attributes, palette, errors; the committed title."""
from __future__ import annotations

import pytest
from PIL import Image

from pyharness.gen import png2chr
from pyharness.rom.build import project_root

ROOT = project_root()


def _image(pixels: dict[tuple[int, int], int]) -> Image.Image:
    img = Image.new("P", (256, 240), 0)
    pal = [0, 0, 0] * 16
    pal[4 * 3:4 * 3 + 12] = [0, 0, 0, 236, 238, 236, 152, 34, 32, 84, 4, 0]
    img.putpalette(pal + [0] * (768 - len(pal)))
    for (x, y), v in pixels.items():
        img.putpixel((x, y), v)
    return img


def test_tile_encoding_planes():
    # one row: colour 1, 2, 3, 0 ... -> low plane 1010..., high plane 0110...
    tile = png2chr.encode_tile([1, 2, 3, 0, 0, 0, 0, 0] + [0] * 56)
    assert tile[0] == 0b10100000 and tile[8] == 0b01100000
    assert len(tile) == 16


def test_dedup_attributes_and_palette():
    # the same glyph in two tiles of sub-palette 1, at tile (2,2) and (20,13)
    img = _image({(16, 16): 5, (17, 17): 6, (160, 104): 5, (161, 105): 6})
    conv = png2chr.convert(img)
    assert conv.tile_count == 2                      # blank + one glyph
    assert conv.nametable[2 * 32 + 2] == 1 and conv.nametable[13 * 32 + 20] == 1
    assert conv.nametable[0] == 0
    # tile (2,2) -> 16x16 area (1,1) -> byte 0, bottom-right quadrant (shift 6)
    assert conv.attributes[0] == 1 << 6
    # tile (20,13) -> area (10,6) -> byte 3*8+5, quadrant top-left (ax even, ay even)
    assert conv.attributes[3 * 8 + 5] == 1
    # colour 0 of each sub-palette is the backdrop; white -> $30, reds -> $16, $06
    assert conv.palette[4:8] == bytes([0x0F, 0x30, 0x16, 0x06])


def test_mixed_subpalettes_in_a_tile_are_rejected():
    img = _image({(0, 0): 1, (1, 0): 5})
    with pytest.raises(png2chr.AssetError, match="mixes sub-palettes"):
        png2chr.convert(img)


def test_mixed_subpalettes_in_an_attribute_area_are_rejected():
    img = _image({(0, 0): 1, (8, 0): 5})
    with pytest.raises(png2chr.AssetError, match="16x16 area"):
        png2chr.convert(img)


def test_wrong_size_or_mode_is_rejected():
    with pytest.raises(png2chr.AssetError, match="256x240"):
        png2chr.convert(Image.new("P", (128, 120)))
    with pytest.raises(png2chr.AssetError, match="mode P"):
        png2chr.convert(Image.new("RGB", (256, 240)))


def test_committed_title_converts():
    conv = png2chr.convert(Image.open(ROOT / "assets/title.png"))
    assert 64 < conv.tile_count <= 256
    assert conv.palette[0] == 0x0F                   # black backdrop
    assert len(set(conv.nametable)) == conv.tile_count
