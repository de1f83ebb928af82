"""The same ROM in FCEUX (under xvfb-run) agrees with cynes on the NMI frame counter."""
from __future__ import annotations

import pytest

from pyharness.build import build_rom
from pyharness.emu import Emulator
from pyharness.fceux import missing_reason, probe_word

FRAMES = 120

pytestmark = [
    pytest.mark.fceux,
    pytest.mark.skipif(missing_reason() is not None,
                       reason=f"FCEUX test skipped: {missing_reason()}"),
]


def test_frame_count_in_fceux_matches_cynes():
    rom = build_rom(quiet=True).rom
    result = probe_word(rom, "frame_count", frames=FRAMES, timeout=60)
    assert result.value > 60, result
    assert abs(result.framecount - FRAMES) <= 2, result
    emu = Emulator(rom)
    emu.step(FRAMES)
    ours = emu.read_u16("frame_count")
    assert abs(result.value - ours) <= 3, (result.value, ours)
