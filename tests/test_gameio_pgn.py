"""The PGN reader under seeded mutations of real games: it returns a legal game or
raises PgnError / another Xq65Error with a message, never anything else, and stays fast."""
from __future__ import annotations

import random
import time

from gameio_games import STARTS, random_game
from pyharness.gameio.pgn import read_pgn, write_pgn
from pyharness.gameio.savefile import SavedGame
from pyharness.reference.errors import Xq65Error
from pyharness.reference.game import Game

PIECES = list("[](){};$.-+=\"\n 0123456789abcdefghiABCHRNEKP炮马车兵将帅前后进退平一二三")


def test_mutated_pgn_reads_legally_or_fails_cleanly():
    rng = random.Random(31)
    texts = [write_pgn(SavedGame(fen=fen, kind=3, moves=random_game(fen, 40, i)))
             for i, fen in enumerate(STARTS)]
    t0 = time.monotonic()
    ok = refused = 0
    for _ in range(400):
        text = list(rng.choice(texts))
        for _ in range(rng.randint(1, 6)):
            at = rng.randrange(len(text))
            op = rng.random()
            if op < 0.4:
                text[at] = rng.choice(PIECES)
            elif op < 0.7:
                del text[at]
            else:
                text.insert(at, rng.choice(PIECES))
        try:
            game = read_pgn("".join(text))
        except Xq65Error as exc:
            assert str(exc)
            refused += 1
            continue
        g = Game(game.fen)
        for m in game.moves:
            g.push(m)                        # every move read is legal
        ok += 1
    assert ok > 20 and refused > 20, (ok, refused)
    assert time.monotonic() - t0 < 60
