"""The save contract on the cartridge itself (cynes, controller only): the ROM's own save
reads back in Python as the game played, and a save written by Python is CONTINUEd on
the cartridge to the position the rules give. Both need a ROM that writes save version
2 (docs/save_format.md); against an older ROM they are skipped, saying so."""
from __future__ import annotations

import pytest

from gameio_games import STARTS, random_game
from pyharness.gameio.savefile import (GAME_OFFSET, MAGIC, SRAM_BASE, SRAM_SIZE, VERSION,
                                       SavedGame, classify_start, read_save, write_save)
from pyharness.reference.position import Move, Position
from pyharness.reference.puzzles import load_puzzles
from pyharness.rom.emu import MODE_TWO, Emulator, GameDriver

OPENING = ["h2e2", "h9g7", "h0g2"]


@pytest.fixture(scope="module")
def cartridge_save(rom) -> bytes:
    """The PRG-RAM after three moves of a two-player game on the cartridge."""
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_TWO)
    for text in OPENING:
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text
    d.settle()
    return bytes(d.emu.read(SRAM_BASE, SRAM_SIZE))


def need_v2(image: bytes) -> None:
    if image[GAME_OFFSET:GAME_OFFSET + 5] != MAGIC + bytes([VERSION]):
        pytest.skip("this ROM does not write save version 2 yet (the cartridge's side of "
                    "docs/save_format.md)")


def test_the_cartridges_save_reads_as_the_game_played(cartridge_save):
    need_v2(cartridge_save)
    game = read_save(cartridge_save)
    assert (game.moves, game.mode, game.kind, game.result) == (OPENING, MODE_TWO, 0, 0)
    assert game.fen.split()[:2] == Position.start().fen().split()[:2]


PUZZLE_FEN = load_puzzles()[30].fen


@pytest.mark.parametrize("fen,plies,seed", [(STARTS[0], 12, 1), (STARTS[1], 9, 2),
                                            (STARTS[3], 8, 4), (STARTS[4], 6, 3),
                                            (PUZZLE_FEN, 2, 5)])
def test_a_python_save_continues_on_the_cartridge(rom, cartridge_save, fen, plies, seed):
    need_v2(cartridge_save)
    moves = random_game(fen, plies, seed)
    pos = Position.from_fen(fen)
    for m in moves:
        pos.push(Move.from_iccs(m))
    kind, index = classify_start(Position.from_fen(fen))   # a handicap of the asset too
    emu = Emulator(rom)
    emu.write(SRAM_BASE, write_save(SavedGame(fen=fen, kind=kind, index=index, mode=MODE_TWO,
                                              moves=moves)))
    d = GameDriver(emu)
    d.boot_to_menu()
    d.start_game(cont=True)
    d.settle()
    assert d.board() == bytes(pos.board)
    assert emu.read("game_side") == pos.side


def test_a_version_1_cartridge_save_is_refused_not_misread(cartridge_save):
    from pyharness.gameio.savefile import SaveOldVersionError, V1_MAGIC_OFFSET
    if cartridge_save[GAME_OFFSET:GAME_OFFSET + 5] == MAGIC + bytes([VERSION]):
        pytest.skip("this ROM writes version 2")
    assert cartridge_save[V1_MAGIC_OFFSET:V1_MAGIC_OFFSET + 4] == MAGIC   # a real v1 save
    with pytest.raises(SaveOldVersionError, match="older version"):
        read_save(cartridge_save)
