#!/usr/bin/env python3
"""Frames the CPU takes per reply in the cartridge, per level (docs/ui.md "The CPU").

Plays Red through the controller in cynes (the same player moves as
tests/test_game_cpu.py; an illegal one is replaced by the first legal move) against the
CPU at each level and prints the CPU's think frames per reply (play_think_frames) and
the level's cap. A reply of 0 frames came from the opening book.

Usage: cpu_frames.py [LEVELS]   (default: every level, e.g. 1,3)
"""
from __future__ import annotations

import sys

from pyharness.rom.build import build_rom
from pyharness.rom.emu import MODE_RED, Emulator, GameDriver
from pyharness.reference.levels import get_level, level_count
from pyharness.reference.position import Move, Position

PLAYER_MOVES = ["h2e2", "h0g2", "i0h0", "b0c2", "a0a1", "b2b6"]


def replies(rom, level: int) -> list[int]:
    """The CPU's think frames for each of its replies to PLAYER_MOVES at `level`."""
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_RED, level=level)
    out = []
    cap = get_level(level).frames
    for text in PLAYER_MOVES:
        pos = Position.start()
        for frm, to in d.record():
            pos.push_checked(Move(frm, to))
        mv = Move.from_iccs(text)
        if not pos.is_legal(mv):
            mv = pos.legal_moves()[0]
        n = d.emu.read("game_nply")
        if not d.play(mv.frm, mv.to, settle=50) or d.emu.read("game_result"):
            break
        d.wait_until(lambda: d.emu.read("game_nply") == n + 2 or d.emu.read("game_result"),
                     limit=cap + 600)
        d.settle()
        if d.emu.read("game_nply") != n + 2:
            break
        out.append(d.emu.read_u16("play_think_frames"))
    if d.emu.crashed:
        raise SystemExit(f"level {level}: the CPU crashed")
    return out


def main(argv: list[str] | None = None) -> int:
    """Print one line per level; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        levels = ([int(x) for x in argv[0].split(",")] if argv
                  else list(range(1, level_count() + 1)))
        for lv in levels:
            get_level(lv)
    except (ValueError, KeyError, IndexError) as exc:
        print(f"cpu_frames: levels must be a comma list of 1..{level_count()} ({exc})",
              file=sys.stderr)
        return 2
    rom = build_rom(quiet=True).rom
    for lv in levels:
        fr = replies(rom, lv)
        cap = get_level(lv).frames
        print(f"level {lv}: cap {cap} frames; replies {fr}; max {max(fr) if fr else '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
