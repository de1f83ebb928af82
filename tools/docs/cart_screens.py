#!/usr/bin/env python3
"""Write the screenshots of the menu's START row, a handicap game, the review and a
puzzle (README, docs/ui.md), played in cynes through the controller only: each at 2x
into OUTDIR (default docs/screens) and at 1x and 3x into build/shots (to look at).

Usage: cart_screens.py [OUTDIR]
"""
from __future__ import annotations

import sys
from pathlib import Path

from pyharness.reference.position import Move
from pyharness.rom.build import build_rom
from pyharness.rom.emu import MODE_BLACK, MODE_TWO, Emulator, GameDriver
from pyharness.rom.starts import load_handicaps

SHOTS = Path("build/shots")
REVIEW_LINE = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "e2e6", "c6c5", "h0h6"]


def shoot(d: GameDriver, out: Path, name: str) -> None:
    """The frame as OUTDIR/name.png (2x) and build/shots/name_1x / _3x.png."""
    d.settle()
    d.wait(4)
    out.mkdir(parents=True, exist_ok=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.emu.save_png(out / f"{name}.png", scale=2)
    d.emu.save_png(SHOTS / f"{name}_1x.png")
    d.emu.save_png(SHOTS / f"{name}_3x.png", scale=3)


def idle(d: GameDriver) -> None:
    d.settle()
    d.wait_until(lambda: d.emu.read("ui_idle") == 1 and d.emu.read("vram_len") == 0,
                 limit=1200)


def main(argv: list[str] | None = None) -> int:
    """Play, shoot, save; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else Path("docs/screens")
    rom = build_rom(quiet=True).rom
    nine = [h.key for h in load_handicaps()].index("red_nine")
    # the menu on a handicap, then that game: the CPU (Red) gives nine pieces
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    while d.emu.read("game_mode") != MODE_BLACK:
        d.tap("right")
    d.tap("down", 2)
    d.tap("right", nine + 1)
    shoot(d, out, "menu_handicap")
    d.tap("a")
    d.wait_until(lambda: d.emu.read("game_nply") >= 1, limit=1200)
    idle(d)
    shoot(d, out, "handicap")
    # review of a two-player game, four plies back from the end
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_TWO)
    for text in REVIEW_LINE:
        mv = Move.from_iccs(text)
        d.play(mv.frm, mv.to)
    idle(d)
    d.tap("start")
    d.wait(3)
    d.tap("left")                      # REVIEW: the last item
    d.tap("a")
    idle(d)
    d.tap("left", 4)
    idle(d)
    shoot(d, out, "review")
    # the first puzzle: its start, then solved
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.tap("down", 2)
    while d.emu.read("menu_start") != len(load_handicaps()) + 1:
        d.tap("left")
    shoot(d, out, "menu_puzzle")
    d.tap("a")
    d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 1, limit=300)
    shoot(d, out, "puzzle")
    from pyharness.rom.starts import load_puzzles
    mv = Move.from_iccs(load_puzzles()[0].solution[0])
    d.play(mv.frm, mv.to)
    d.wait(30)
    shoot(d, out, "puzzle_solved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
