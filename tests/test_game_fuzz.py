"""Seeded controller fuzz of the cartridge in cynes: random presses for FUZZ_FRAMES
frames (menus, games, pause menu, results, new games); the CPU never crashes and,
whenever the ROM waits for input during a game, its board, piece list and side equal
the reference replay of the ROM's own game record, every recorded move being legal."""
from __future__ import annotations

import os
import random

import pytest

from pyharness.rom.emu import Emulator, GameDriver
from pyharness.reference.position import Move, Position

# The full run (>= 50,000 frames; 3.6-8 min in cynes on this 2-CPU machine, passed at
# commits a51801f and 0b2e583) is
#   XQ65_FUZZ_FRAMES=50000 pytest tests/test_game_fuzz.py
# the suite runs a shorter one.
FUZZ_FRAMES = int(os.environ.get("XQ65_FUZZ_FRAMES", "5000"))
SEED = 20261122
# weights: the D-pad and A most, Start rarely (it opens the pause menu)
BUTTONS = (["up", "down", "left", "right"] * 6 + ["a"] * 8 + ["b"] * 2 + ["start"]
           + ["select"])


def replay(record) -> Position:
    pos = Position.start()
    for frm, to in record:
        pos.push_checked(Move(frm, to))       # IllegalMoveError if the ROM let one in
    return pos


@pytest.mark.slow
def test_fuzz_never_crashes_and_always_equals_the_reference(rom):
    rng = random.Random(SEED)
    d = GameDriver(Emulator(rom))
    emu = d.emu
    checks = 0
    most_plies = 0
    d.boot_to_menu()
    d.start_game()                               # two players; later games: random
    frames = emu.frames_run
    while frames < FUZZ_FRAMES:
        idle = emu.read("ui_idle") and emu.read("ui_show_cursor")
        if idle and emu.read("ui_nmi_cursor") and rng.random() < 0.25:
            # a player's intent, still only through the pad: pick one of the side's
            # pieces, then drop on a legal square (or anywhere, 1 time in 4)
            pos = replay(d.record())
            moves = pos.legal_moves()
            if moves:
                mv = rng.choice(moves)
                d.cursor_to(mv.frm)
                d.tap("a")
                to = mv.to if rng.random() < 0.75 else rng.choice(range(0x33, 0xCC))
                if 3 <= (to & 15) <= 11 and 3 <= (to >> 4) <= 12:
                    d.cursor_to(to)
                    d.tap("a")
                    emu.step(3)
        else:
            b = rng.choice(BUTTONS)
            hold = rng.choice((1, 1, 2, 3, 20))
            emu.press(b, hold)
            emu.step(rng.choice((1, 2, 4, 8)))
        frames = emu.frames_run
        assert not emu.crashed, f"CPU crash after {frames} frames"
        if emu.read("ui_idle") and emu.read("ui_show_cursor"):
            rec = d.record()
            pos = replay(rec)
            assert d.board() == bytes(pos.board), f"board differs after {frames} frames"
            assert emu.read("game_pieces", 32) == bytes(pos.piece_sq)
            assert emu.read("game_side") == pos.side
            checks += 1
            most_plies = max(most_plies, len(rec))
    print(f"fuzz: {frames} frames, {checks} reference checks, longest record {most_plies}")
    assert checks > FUZZ_FRAMES // 100, checks
    assert most_plies >= 6, most_plies           # the fuzz really played moves          # the fuzz really played moves
