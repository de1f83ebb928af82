"""Puzzles on the cartridge, through the controller in cynes: the menu's START row lists
the puzzles of assets/puzzles.txt with their goals, a puzzle starts at its position with
the player on the side to move and the CPU at full strength, playing its stored solution
solves it (the puzzle block in battery RAM says so, and the list shows OK), and a
damaged puzzle block reads as nothing solved."""
from __future__ import annotations

import pytest

from pyharness.reference.position import Move
from pyharness.rom.emu import Emulator, GameDriver
from pyharness.rom.starts import GOAL_MATE, load_handicaps, load_puzzles

from savev2 import PUZZLE_BLOCK, fletcher, puzzle_block

PUZZLES = load_puzzles()
HCAPS = len(load_handicaps())
sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed")


def ffish(iccs: str) -> str:
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def start_row(d: GameDriver) -> str:
    """The START row's value as the screen shows it (menu.s: MENU_VAL_X, row 13)."""
    return d.screen_text(13, 13, 16)


def choose_puzzle(d: GameDriver, n: int) -> None:
    d.boot_to_menu()
    d.tap("down", 2)                                       # START
    d.tap("left", len(PUZZLES) - n)                        # from STANDARD, backwards
    assert d.emu.read("menu_start") == 1 + HCAPS + n
    d.settle()                                             # the row drawn


def test_the_provisional_puzzles_are_mates_fairy_stockfish_agrees_with():
    assert PUZZLES
    for pz in PUZZLES:
        if pz.goal != GOAL_MATE:
            continue
        moves = [ffish(m) for m in pz.solution]
        assert len(moves) == 2 * pz.mate_in - 1
        assert sf.gives_check("xiangqi", pz.fen, moves)
        assert not sf.legal_moves("xiangqi", pz.fen, moves)    # mate


@pytest.mark.timeout(120)
def test_a_puzzle_solved_through_the_pads_is_remembered(rom):
    n = 0
    pz = PUZZLES[n]
    d = GameDriver(Emulator(rom))
    choose_puzzle(d, n)
    assert start_row(d) == f"PUZ  {n + 1} MATE {pz.mate_in}"
    d.tap("a")
    d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 1, limit=300)
    d.wait(4)
    pos = pz.position
    assert d.emu.read("save_kind") == 2 and d.emu.read("save_index") == n
    assert d.emu.read("game_mode") == pos.side and d.emu.read("game_level") == 5
    assert bytes(d.emu.read("save_pieces", 32)) == bytes(pos.piece_sq[:32])
    assert d.screen_text(21, 5, 9) == f"MATE IN {pz.mate_in}"
    mv = Move.from_iccs(pz.solution[0])
    assert d.play(mv.frm, mv.to)
    d.wait_until(lambda: d.emu.read("game_result") != 0, limit=120)
    d.wait(20)
    assert d.screen_text(21, 3, 9) == "SOLVED!"
    raw = d.emu.read(0x6000 + PUZZLE_BLOCK, 16)
    assert raw[:4] == b"XQPZ" and raw[4] & 1 and fletcher(raw[:14]) == raw[14:]
    d.tap("start")                                         # result screen -> menu
    d.wait(30)
    assert d.emu.read("menu_start") == 1 + HCAPS + n       # the START row kept
    assert start_row(d) == f"PUZ  {n + 1} MATE {pz.mate_in} OK"


@pytest.mark.timeout(60)
def test_a_damaged_puzzle_block_reads_as_nothing_solved(rom):
    d = GameDriver(Emulator(rom))
    d.wait(5)
    bad = bytearray(puzzle_block({0, 1}))
    bad[14] ^= 0xFF
    d.emu.write(0x6000 + PUZZLE_BLOCK, bytes(bad))
    d.wait(15)
    d.tap("start")
    d.wait(20)
    raw = d.emu.read(0x6000 + PUZZLE_BLOCK, 16)
    assert raw == puzzle_block(set())
    d2 = GameDriver(Emulator(rom))
    d2.wait(5)
    d2.emu.write(0x6000 + PUZZLE_BLOCK, puzzle_block({1}))
    d2.wait(15)
    choose_puzzle(d2, 1)
    assert start_row(d2).endswith("OK")
