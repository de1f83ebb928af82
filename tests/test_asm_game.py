"""The asm game API (eng_game_push/pop/result) against pyharness/reference/game.py."""
from __future__ import annotations

import random

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.reference.game import Game
from pyharness.reference.position import Move
from pyharness.reference.randpos import random_positions

ROOK_VS_KING = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
SCRIPTED = [
    (ROOK_VS_KING, "a0a9 e9e8 a9a8 e8e9 " + "a8a9 e9e8 a9a8 e8e9 " * 2 + "a8a9"),
    ("r2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
     "a9a0 e0e1 a0a1 e1e0 " + "a1a0 e0e1 a0a1 e1e0 " * 2 + "a1a0"),
    (ROOK_VS_KING, "a0a1 e9e8 a1a0 e8e9 " * 3),
    (ROOK_VS_KING, "a0a9 e9e8 a9a0 e8e9 " * 3),
    ("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1", "a1d1"),
    ("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 97 60", "a1a2 d9d8 a2a1"),
    ("3k5/2P6/9/9/4R4/9/9/9/9/5K3 b - - 0 1", ""),
    ("3k5/9/9/9/9/9/9/9/3r5/4K4 w - - 0 1", ""),
    ("3ak4/9/4b4/9/9/9/9/9/4A4/3K5 w - - 0 1", ""),
]


@pytest.fixture(scope="module")
def eng() -> AsmEngine:
    return AsmEngine()


def check_same(eng: AsmEngine, game: Game) -> None:
    assert eng.game_result() == game.result(), game.moves
    pos = game.position
    assert bytes(eng.piece_sq()) == bytes(pos.piece_sq) and eng.side == pos.side
    assert eng.ply == 0
    assert eng.sim.peek("game_half") == min(pos.halfmove, 255)


@pytest.mark.parametrize("fen,moves", SCRIPTED)
def test_scripted_endings(eng, fen, moves):
    game = Game(fen)
    eng.game_new(game.position)
    check_same(eng, game)
    for text in moves.split():
        game.push(text)
        eng.game_push(Move.from_iccs(text))
        check_same(eng, game)
    # and back to the start
    while game.moves:
        game.pop()
        assert eng.game_pop()
        check_same(eng, game)
    assert not eng.game_pop()


def test_random_games_with_takebacks(eng):
    rng = random.Random(4)
    for fen in random_positions(12, 31)[:12]:
        game = Game(fen)
        eng.game_new(game.position)
        for _ in range(70):
            if game.result() is not None:
                break
            moves = game.position.legal_moves()
            if rng.random() < 0.15 and game.moves:
                game.pop()
                assert eng.game_pop()
            else:
                mv = rng.choice(moves)
                game.push(mv)
                eng.game_push(mv)
            check_same(eng, game)


def test_shuffling_kings_repeat(eng):
    """Quiet shuffles reach the 4th occurrence: draw or perpetual, as the referee says."""
    fen = "3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1"
    game = Game(fen)
    eng.game_new(game.position)
    for text in ("a0a1 d9e9 a1a0 e9d9 " * 3).split():
        game.push(text)
        eng.game_push(Move.from_iccs(text))
        check_same(eng, game)
    assert game.result() is not None


def test_long_game_window(eng):
    """More game moves than the record keeps (GAME_MAX): results still agree, and the
    moves that dropped out of the window can no longer be taken back."""
    rng = random.Random(11)
    kept = eng.constants["GAME_MAX"] - 1
    for _ in range(3):
        game = Game()
        eng.game_new(game.position)
        while len(game.moves) < 180 and game.result() is None:
            mv = rng.choice(game.position.legal_moves())
            game.push(mv)
            eng.game_push(mv)
            check_same(eng, game)
        if len(game.moves) > kept:
            break
    assert len(game.moves) > kept
    for _ in range(kept):
        game.pop()
        assert eng.game_pop()
        check_same(eng, game)
    assert not eng.game_pop()
