"""The cartridge in cynes: runs without crashing, NMI frame counter, title, pad."""
from __future__ import annotations

import numpy as np
import pytest

from pyharness.rom.emu import Emulator, RomMissingError, UnknownButtonError

WARMUP = 10          # frames until the title is up and the NMI runs every frame


@pytest.fixture
def emu(rom):
    e = Emulator(rom)
    e.step(WARMUP)
    return e


def test_600_frames_without_a_cpu_crash(emu):
    for _ in range(6):
        emu.step(100)
        assert not emu.crashed
    assert emu.frames_run == WARMUP + 600


def test_frame_count_advances_once_per_frame(emu):
    before = emu.read_u16("frame_count")
    assert before > 0
    seen = []
    for _ in range(120):
        emu.step()
        seen.append(emu.read_u16("frame_count"))
    assert np.diff([before] + seen).tolist() == [1] * 120


def test_title_frame_is_not_blank(emu, rom):
    frame = emu.step(50)
    colours = {tuple(c) for c in frame.reshape(-1, 3)}
    assert len(colours) >= 5                          # black, browns, cream, reds, greys
    background = frame[0, 0]
    busy = np.any(frame != background, axis=2).sum()
    assert busy > 5000                                # pieces, title, frame
    # the red of the pieces is there (NES $16 is a saturated red)
    red = (frame[:, :, 0] > 120) & (frame[:, :, 1] < 60) & (frame[:, :, 2] < 60)
    assert red.sum() > 500
    emu.save_png(rom.parent / "screens" / "title.png")


def test_press_start_blinks(emu):
    # "PRESS START" is drawn around y = 176..183 with the gold/cream sub-palette 3
    rows = []
    for _ in range(4):
        emu.step(32)
        band = emu.frame()[174:186, 64:192]
        rows.append(int(np.any(band != emu.frame()[0, 0], axis=2).sum()))
    assert min(rows) == 0 and max(rows) > 100, rows


def test_pad_held_and_new(emu):
    emu.hold("start")
    emu.step()
    assert emu.read("pad_cur") == 0x10 and emu.read("pad_new") == 0x10
    emu.step()
    assert emu.read("pad_cur") == 0x10 and emu.read("pad_new") == 0
    emu.release()
    emu.press("a+b")
    assert emu.read("pad_cur") == 0                   # released by press()
    emu.hold(["up", "left"])
    emu.step()
    assert emu.read("pad_cur") == 0x0A


def test_ram_write_read_roundtrip(emu):
    emu.write(0x6000, b"\x12\x34")
    assert emu.read_u16(0x6000) == 0x3412
    assert emu.read(0x6000, 2) == b"\x12\x34"
    with pytest.raises(ValueError, match="outside RAM"):
        emu.read(0x8000)


def test_bad_inputs_raise_clear_errors(rom, tmp_path):
    with pytest.raises(RomMissingError, match="xq65 build"):
        Emulator(tmp_path / "none.nes")
    e = Emulator(rom)
    with pytest.raises(UnknownButtonError, match="turbo"):
        e.press("turbo")
    with pytest.raises(KeyError, match="no_such_symbol"):
        e.read("no_such_symbol")


def test_cli_screenshot(rom, tmp_path):
    from click.testing import CliRunner
    from PIL import Image

    from pyharness.cli import main as cli_main

    out = tmp_path / "shot.png"
    res = CliRunner().invoke(cli_main, ["screenshot", str(out), "--frames", "30",
                                        "--scale", "2"])
    assert res.exit_code == 0, res.output
    assert Image.open(out).size == (512, 480)
    bad = CliRunner().invoke(cli_main, ["screenshot", str(out), "--press", "turbo"])
    assert bad.exit_code == 2 and "unknown button 'turbo'" in bad.output
