"""The battery save, version 2, on the cartridge (docs/save_format.md): a save with any
legal start position and moves is CONTINUEd in cynes and the board read from RAM is
Fairy-Stockfish's position after the moves; damaged, illegal and version-1 saves are
refused; a game played writes a block a reader accepts, its result byte when it ends.

The save is put into PRG-RAM before the menu reads it, as an emulator loads a `.sav`."""
from __future__ import annotations

import random

import pytest

from pyharness.reference.board import PIECE_TYPES
from pyharness.reference.position import Move, Position
from pyharness.rom.emu import MODE_TWO, Emulator, GameDriver

from savev2 import GAME_BLOCK, GameSave, boot_with, parse_block

sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed")

SETUP = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 4 3"
V1_MAGIC = 0x7F83


def ffish(iccs: str) -> str:
    """ICCS (ranks 0..9) -> pyffish's move text (ranks 1..10)."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def kinds(board: bytes) -> list[tuple[int, int] | None]:
    """The board as (side tag, type) per square: piece numbers aside (a FEN read back
    numbers the pieces of a type in board order)."""
    return [(v & 0x30, PIECE_TYPES[v & 15]) if v not in (0, 0xFF) else v for v in board]


def random_line(start: Position, plies: int, seed: int) -> list[str]:
    """`plies` legal moves from `start`, captures preferred (seeded)."""
    rng, pos, out = random.Random(seed), start.copy(), []
    for _ in range(plies):
        moves = pos.legal_moves()
        caps = [m for m in moves if pos.is_capture(m)]
        mv = rng.choice(caps if caps and rng.random() < 0.5 else moves)
        out.append(mv.iccs())
        pos.push(mv)
    return out


def cont(d: GameDriver) -> None:
    """CONTINUE (the menu's last row) and wait for the game screen."""
    while d.emu.read("menu_row") != d.emu.read("menu_rows") - 1:
        d.tap("down")
    d.tap("a")
    d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 1, limit=600)
    d.wait(4)


def test_a_setup_position_and_its_moves_continue_as_fairy_stockfish_plays_them(rom):
    start = Position.from_fen(SETUP)
    moves = random_line(start, 12, seed=31)
    save = GameSave(start=start, moves=moves, mode=MODE_TWO, kind=3)
    d = boot_with(rom, save.block())
    assert d.emu.read("save_state") == d.emu.address("SAVE_OK")
    cont(d)
    fen = sf.get_fen("xiangqi", SETUP, [ffish(m) for m in moves])
    want = Position.from_fen(fen)
    assert kinds(d.board()) == kinds(bytes(want.board))
    assert d.emu.read("game_side") == want.side
    assert d.emu.read("game_nply") == len(moves) and d.emu.read("game_result") == 0
    assert [Move(f, t).iccs() for f, t in d.record()] == moves


def test_a_game_played_writes_a_block_a_reader_accepts(rom):
    d = boot_with(rom)
    d.start_game(MODE_TWO, level=2)
    line = ["h2e2", "h9g7", "e2e6", "c6c5", "h0g2"]     # the cannon takes a pawn
    for text in line:
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text
    d.settle()
    raw = d.emu.read(0x6000 + GAME_BLOCK, 0x300)
    f = parse_block(raw)
    assert f["magic"] == b"XQ65" and f["version"] == 2 and f["sum_ok"] and f["tail_zero"]
    assert (f["mode"], f["level"], f["kind"], f["side"], f["half"], f["fullmove"]) == \
        (MODE_TWO, 2, 0, 0, 0, 1)
    assert f["pieces"] == bytes(Position.start().piece_sq[:32])
    assert [Move(a, b).iccs() for a, b in f["moves"]] == line and f["result"] == 0


def test_a_finished_game_keeps_its_result_and_is_not_offered(rom):
    start = Position.from_fen("3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 0 1")
    save = GameSave(start=start, moves=[], mode=MODE_TWO, kind=3)
    d = boot_with(rom, save.block())
    cont(d)
    mv = Move.from_iccs("b1b9")                         # mate
    d.play(mv.frm, mv.to)
    d.wait_until(lambda: d.emu.read("game_result") != 0, limit=120)
    f = parse_block(d.emu.read(0x6000 + GAME_BLOCK, 0x300))
    assert f["sum_ok"] and f["result"] == d.emu.read("game_result") == 1 and f["nply"] == 1
    d.emu.reset()
    d.wait(20)
    d.tap("start")
    d.wait(20)
    assert d.emu.read("save_state") == d.emu.address("SAVE_DONE")
    fresh = boot_with(rom)
    assert d.emu.read("menu_rows") == fresh.emu.read("menu_rows")   # no CONTINUE


@pytest.mark.parametrize("damage", ["checksum", "start", "move", "range"])
def test_damaged_or_illegal_saves_are_refused_as_a_whole(rom, damage):
    start = Position.from_fen(SETUP)
    moves = random_line(start, 6, seed=7)
    save = GameSave(start=start, moves=moves, mode=MODE_TWO, kind=3)
    raw = bytearray(save.block())
    if damage == "checksum":
        raw[0x45] ^= 1
    elif damage == "start":                     # Red's advisor off its points
        raw[0x21] = Move.from_iccs("c2c3").frm                # c2 (empty in SETUP)
    elif damage == "move":
        raw[0x40 + 2 * 3 + 1] = raw[0x40 + 2 * 3]             # a move onto its own square
    elif damage == "range":
        raw[0x0B] = 100                                       # halfmove clock 0..99
    if damage != "checksum":
        from savev2 import fletcher
        raw[0x2FE:0x300] = fletcher(bytes(raw[:0x2FE]))
    d = boot_with(rom, bytes(raw))
    if damage in ("checksum", "range"):
        assert d.emu.read("save_state") == d.emu.address("SAVE_BAD")
        assert d.screen_text(3, 21, 27) == "SAVED GAME CORRUPT: REFUSED"
        return
    assert d.emu.read("save_state") == d.emu.address("SAVE_OK")   # the header holds
    while d.emu.read("menu_row") != d.emu.read("menu_rows") - 1:
        d.tap("down")
    d.tap("a")
    d.wait_until(lambda: d.emu.read("save_state") == d.emu.address("SAVE_BAD"), limit=600)
    d.wait(30)
    assert d.screen_text(3, 21, 27) == "SAVED GAME CORRUPT: REFUSED"


def test_a_version_1_save_is_refused_with_its_own_message(rom):
    d = GameDriver(Emulator(rom))
    d.wait(5)
    d.emu.write(V1_MAGIC, b"XQ65")
    d.wait(15)
    d.tap("start")
    d.wait(20)
    assert d.emu.read("save_state") == d.emu.address("SAVE_OLD")
    assert d.screen_text(3, 21, 27).startswith("SAVE OF AN OLDER VERSION")
