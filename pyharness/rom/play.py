"""Open the built ROM in an emulator for a person to play (`make play`, `xq65 play`)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from ..errors import Xq65Error

ROM = Path("build/xiangqi.nes")

HOW_TO_PLAY = """\
No display here (DISPLAY is not set), so no emulator window can open.
Play build/xiangqi.nes in any NES emulator that supports MMC1 with battery RAM
(FCEUX, Mesen, Nestopia) or on a flash cartridge:
    fceux build/xiangqi.nes
Controls: D-pad moves the cursor, A picks up / drops, B cancels, Start pauses,
Select asks for a hint (or "move now" while the computer thinks).
Headless look: `xq65 screenshot build/screens/title.png` saves the title frame."""


class PlayError(Xq65Error, RuntimeError):
    """The ROM cannot be opened for play."""


def play(rom: Path = ROM) -> str | None:
    """Start an emulator window on `rom`; return instructions instead when impossible.

    Returns None after the emulator exits, or the text telling how to play elsewhere.
    """
    if not rom.exists():
        raise PlayError(f"{rom} does not exist: run `make` first")
    if not os.environ.get("DISPLAY"):
        return HOW_TO_PLAY
    fceux = shutil.which("fceux")
    if fceux:
        subprocess.run([fceux, str(rom)], check=False)
        return None
    try:  # cynes' own SDL window, if it is available
        from cynes.windowed import WindowedNES
    except ImportError:
        return HOW_TO_PLAY
    nes = WindowedNES(str(rom))
    while not nes.should_close:
        nes.step()
    return None
