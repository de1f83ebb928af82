"""The NES clock: the one place for its constants (NTSC console)."""
from __future__ import annotations

#: CPU cycles per second (NTSC 2A03: 21.477272 MHz / 12)
NES_CPU_HZ = 1_789_773
#: CPU cycles per video frame (NTSC: 1,789,773 Hz / 60.0988 Hz, rounded)
CYCLES_PER_FRAME = 29_781
#: frames per second, as the cartridge counts time (level caps are frames / 60)
FRAMES_PER_SECOND = 60


def nes_seconds(cycles: int) -> float:
    """CPU cycles as NES seconds."""
    return cycles / NES_CPU_HZ
