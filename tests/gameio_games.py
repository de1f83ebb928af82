"""Seeded games for the game-io tests: random legal moves from the standard start and
from handicap-like starts, stopped before the rules end the game."""
from __future__ import annotations

import random

from pyharness.gameio.savefile import SavedGame, classify_start
from pyharness.reference.board import START_FEN
from pyharness.reference.game import Game
from pyharness.reference.position import Position

#: the standard start, Red giving a horse (让单马), Red giving both horses, Black to move
#: after Red gave a rook, a set-up endgame
STARTS = (
    START_FEN,
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR b - - 0 1",
    "3ak4/4a4/4b4/9/2p6/9/9/4B4/4A4/3AK1R2 w - - 12 40",
)


def random_game(fen: str, plies: int, seed: int) -> list[str]:
    """Up to `plies` random legal moves from `fen` (fewer when the game ends)."""
    rng = random.Random(seed)
    game = Game(fen)
    out: list[str] = []
    for _ in range(plies):
        if game.result() is not None:
            break
        move = rng.choice(game.position.legal_moves())
        game.push(move)
        out.append(move.iccs())
    if game.result() is not None:            # keep games that end by the rules out
        out.pop()
    return out


def sample_games() -> list[SavedGame]:
    """A few games of every start, modes and levels varied."""
    out = []
    for i, fen in enumerate(STARTS):
        for j, plies in enumerate((0, 7, 60)):
            kind, index = classify_start(Position.from_fen(fen))
            out.append(SavedGame(fen=Position.from_fen(fen).fen(), kind=kind, index=index,
                                 mode=(i + j) % 4, level=1 + (i + 2 * j) % 5, flip=j % 2,
                                 moves=random_game(fen, plies, 100 * i + j)))
    return out


def rom_save_version(rom) -> int | None:
    """The save version the ROM writes (None: no save seen): a two-player game of one
    move in cynes, then the game block's header."""
    from pyharness.gameio.savefile import GAME_OFFSET, MAGIC, SRAM_BASE, V1_MAGIC_OFFSET
    from pyharness.reference.position import Move
    from pyharness.rom.emu import MODE_TWO, Emulator, GameDriver

    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_TWO)
    mv = Move.from_iccs("h2e2")
    d.play(mv.frm, mv.to)
    d.settle()
    image = bytes(d.emu.read(SRAM_BASE, 0x2000))
    if image[GAME_OFFSET:GAME_OFFSET + 4] == MAGIC:
        return image[GAME_OFFSET + 4]
    return 1 if image[V1_MAGIC_OFFSET:V1_MAGIC_OFFSET + 4] == MAGIC else None
