"""The same ROM in FCEUX (under xvfb-run) agrees with cynes: frame counter and picture."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from pyharness.rom.build import build_rom
from pyharness.rom.emu import Emulator
from pyharness.rom.fceux import missing_reason, probe_word

FRAMES = 120

pytestmark = [
    pytest.mark.fceux,
    pytest.mark.xdist_group("fceux"),    # one Xvfb at a time: `xvfb-run -a` races for a display
    pytest.mark.skipif(missing_reason() is not None,
                       reason=f"FCEUX test skipped: {missing_reason()}"),
]


def test_fceux_agrees_with_cynes(tmp_path):
    rom = build_rom(quiet=True).rom
    shot = tmp_path / "fceux.png"
    result = probe_word(rom, "frame_count", frames=FRAMES, timeout=60, screenshot=shot)
    assert result.value > 60, result
    assert abs(result.framecount - FRAMES) <= 2, result

    emu = Emulator(rom)
    frame = emu.step(FRAMES)
    ours = emu.read_u16("frame_count")
    assert abs(result.value - ours) <= 3, (result.value, ours)

    # same picture up to the emulators' palettes: compare "not backdrop" masks
    theirs = np.asarray(Image.open(shot).convert("RGB"))
    assert theirs.shape == (224, 256, 3)
    ours_vis = frame[8:232]
    mask_t = np.any(theirs != theirs[0, 0], axis=2)
    mask_o = np.any(ours_vis != ours_vis[0, 0], axis=2)
    assert mask_o.sum() > 5000
    agree = (mask_t == mask_o).mean()
    print(f"mask agreement {agree:.5f}")
    assert agree > 0.995, agree
