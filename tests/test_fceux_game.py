"""FCEUX (Xvfb + Lua) plays the same opening through the controller as cynes: both
reach the reference board in RAM (eng_board)."""
from __future__ import annotations

import pytest

from pyharness.rom.build import build_rom
from pyharness.rom.emu import Emulator
from pyharness.rom.fceux import missing_reason, play_script
from pyharness.reference.position import Move, Position

pytestmark = [
    pytest.mark.fceux,
    pytest.mark.xdist_group("fceux"),    # one Xvfb at a time: `xvfb-run -a` races for a display
    pytest.mark.skipif(missing_reason() is not None,
                       reason=f"FCEUX test skipped: {missing_reason()}"),
]

OPENING = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
SETTLE = 40          # frames after a drop: the move, the redraw and the panel


def script_for(moves: list[str]) -> list[tuple[str, int]]:
    """Power-on -> title -> menu (two players) -> the moves, as pad steps."""
    s: list[tuple[str, int]] = [("", 40), ("start", 1), ("", 40)]
    tap = lambda b: s.extend([(b, 1), ("", 1)])                 # noqa: E731
    for b in ("right", "right", "down", "down", "a"):             # mode 2, row NEW GAME
        tap(b)
        s.append(("", 4))
    s.append(("", 60))
    cur = (4, 6)                                                # CURSOR_START_C/R
    for text in moves:
        mv = Move.from_iccs(text)
        for sq in (mv.frm, mv.to):
            c, r = (sq & 15) - 3, (sq >> 4) - 3
            dc, dr = c - cur[0], r - cur[1]
            for _ in range(abs(dc)):
                tap("right" if dc > 0 else "left")
            for _ in range(abs(dr)):
                tap("down" if dr > 0 else "up")
            tap("a")
            s.append(("", 6 if sq == mv.frm else SETTLE))
            cur = (c, r)
    return s


def run_cynes(rom, script) -> bytes:
    emu = Emulator(rom)
    for buttons, frames in script:
        if buttons:
            emu.hold(buttons)
        emu.step(frames)
        emu.release()
    return emu.read("eng_board", 256)


def test_fceux_and_cynes_reach_the_reference_board():
    rom = build_rom(quiet=True).rom
    script = script_for(OPENING)
    pos = Position.start()
    for text in OPENING:
        pos.push(Move.from_iccs(text))
    ours = run_cynes(rom, script)
    assert ours == bytes(pos.board)
    theirs = play_script(rom, script, "eng_board", 256, timeout=120)
    assert theirs == bytes(pos.board)


def test_fceux_and_cynes_take_a_move_back_alike():
    """Pause -> UNDO after the opening (two players: one ply back). The take-back runs
    the game bank's eng_game_pop, which reaches the engine bank's pos_unmake through a
    nested trampoline: both emulators' MMC1 must switch there and back."""
    rom = build_rom(quiet=True).rom
    script = script_for(OPENING) + [("start", 1), ("", 10), ("a", 1), ("", 60)]
    pos = Position.start()
    for text in OPENING[:-1]:
        pos.push(Move.from_iccs(text))
    assert run_cynes(rom, script) == bytes(pos.board)
    assert play_script(rom, script, "eng_board", 256, timeout=120) == bytes(pos.board)
