"""Open the built ROM in an emulator for a person to play (`make play`, `xq65 play`)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

from ..errors import Xq65Error

ROM = Path("build/xiangqi.nes")

HOW_TO_PLAY = """\
No emulator window here ({why}).
Play {rom} in any NES emulator that supports MMC1 with battery RAM
(FCEUX, Mesen, Nestopia) or on a flash cartridge:
    fceux {rom}
Controls: D-pad moves the cursor, A picks up / drops, B cancels, Start pauses,
Select asks for a hint (or "move now" while the computer thinks).
Headless look: `xq65 screenshot build/screens/title.png` saves the title frame."""


class PlayError(Xq65Error, RuntimeError):
    """The ROM cannot be opened for play."""


def _windowed_nes():
    """cynes' own SDL window class, or None when it is not available."""
    try:
        from cynes.windowed import WindowedNES
    except ImportError:
        return None
    return WindowedNES


def play(rom: Path = ROM) -> str | None:
    """Start an emulator window on `rom`; return instructions instead when impossible.

    The ROM must be a regular iNES file (a directory, FIFO or device is refused with
    PlayError before any emulator starts). The emulator is FCEUX, else cynes' SDL
    window; without one of them, or without a display, the text says which is missing.
    Returns None after the emulator exits, or the text telling how to play elsewhere.
    """
    from .fceux import find_fceux
    from .sim import RomFormatError, RomImage
    try:
        RomImage.read(rom)                    # regular, bounded, iNES: or one line
    except RomFormatError as exc:
        raise PlayError(str(exc)) from None
    fceux = find_fceux()
    windowed = None if fceux else _windowed_nes()
    why = []
    if fceux is None and windowed is None:
        why.append("FCEUX is not installed: apt-get install fceux")
    if not os.environ.get("DISPLAY"):
        why.append("DISPLAY is not set")
    if why:
        return HOW_TO_PLAY.format(why="; ".join(why), rom=rom)
    if fceux:
        subprocess.run([fceux, str(rom)], check=False)
        return None
    nes = windowed(str(rom))
    while not nes.should_close:
        nes.step()
    return None
