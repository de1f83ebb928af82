#!/usr/bin/env python3
"""Write the README screenshots (make screenshots): title, a mid-game board and a
result screen, played in cynes through the controller only.

Usage: ui_screens.py [OUTDIR]   (default docs/screens)
"""
from __future__ import annotations

import sys
from pathlib import Path

from pyharness.rom.build import build_rom
from pyharness.rom.emu import MODE_TWO, Emulator, GameDriver
from pyharness.reference.position import Move

MIDGAME = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0",
           "c6c5", "e2e6", "g6g5", "e6e5", "h7h3", "h0h3", "b7b3"]
SHUFFLE = ["h0g2", "h9g7", "g2h0", "g7h9"] * 3


def main(argv: list[str] | None = None) -> int:
    """Play, shoot, save; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else Path("docs/screens")
    rom = build_rom(quiet=True).rom
    d = GameDriver(Emulator(rom))
    d.wait(100)
    # PRESS START shows while frame_count & 32 is 0 (main.s BLINK_FRAMES): 8 frames into it
    d.wait_until(lambda: d.emu.read_u16("frame_count") & 63 == 8, limit=128)
    d.emu.save_png(out / "title.png", scale=2)
    d.tap("start")
    d.wait(20)
    d.start_game(MODE_TWO)
    for text in MIDGAME:
        mv = Move.from_iccs(text)
        d.play(mv.frm, mv.to)
    # pick up the rook on b0 to show its legal destinations
    d.cursor_to(Move.from_iccs("b0b1").frm)
    d.tap("a")
    d.settle()
    d.emu.save_png(out / "board.png", scale=2)
    d.tap("b")
    d.emu.reset()
    d.boot_to_menu()
    d.start_game(MODE_TWO)
    for text in SHUFFLE:
        mv = Move.from_iccs(text)
        d.play(mv.frm, mv.to)
    d.settle()
    d.wait(30)
    d.emu.save_png(out / "result.png", scale=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
