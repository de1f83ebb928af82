"""The players of a match: the Player interface and the players the registry
builds (random, naive, Fairy-Stockfish, and the twin or asm search)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from ..engines import SearchEngine
from ..limits import Limits
from ..reference.position import Move, Position
from ..reference.search_types import SearchRules


@dataclass(frozen=True)
class GameView:
    """What a player sees when asked to move.

    `position` is a private copy of the current position (its undo stack holds the
    game's moves); `moves` are the moves played since `start_fen`.
    """

    start_fen: str
    moves: tuple[Move, ...]
    position: Position


class Player(Protocol):
    """An engine able to play games: the interface every spec kind builds."""

    def new_game(self, seed: int) -> None:
        """Forget the previous game; `seed` feeds any randomness of this game."""

    def choose(self, view: GameView) -> Move:
        """Return the move to play in `view.position`."""

    def close(self) -> None:
        """Release processes and other resources."""


class RandomPlayer:
    """Plays a uniformly random legal move (seeded: spec seed and game seed)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def new_game(self, seed: int) -> None:
        """Reseed from the spec seed and the game seed."""
        self._rng = random.Random(self.seed * 1_000_003 + seed)

    def choose(self, view: GameView) -> Move:
        """A random legal move."""
        return self._rng.choice(view.position.legal_moves())

    def close(self) -> None:
        """Nothing to release."""


class NaivePlayer:
    """Wraps pyharness.match.naive.NaiveEngine (deterministic; ignores the seed)."""

    def __init__(self, depth: int = 3) -> None:
        from .naive import NaiveEngine
        self.engine = NaiveEngine(depth)

    def new_game(self, seed: int) -> None:
        """Nothing to reset: the search keeps no state between moves."""

    def choose(self, view: GameView) -> Move:
        """The naive search's best move."""
        return self.engine.search(view.position).best_move

    def close(self) -> None:
        """Nothing to release."""


class FsfPlayer:
    """Fairy-Stockfish at a fixed depth or node count (one thread, Skill Level 20)."""

    def __init__(self, depth: int | None = None, nodes: int | None = None) -> None:
        from .uci import UciEngine, search_timeout
        self.depth, self.nodes = depth, nodes
        #: seconds one search may take before the engine counts as hung (uci.search_timeout)
        self.move_timeout = search_timeout(depth, nodes)
        self.engine = UciEngine()

    def new_game(self, seed: int) -> None:
        """`ucinewgame`: clear hash and histories so every game is reproducible."""
        self.engine.new_game()

    def choose(self, view: GameView) -> Move:
        """Ask the engine for the position after the game's moves (it sees the history)."""
        answer = self.engine.best_move(view.start_fen, [m.iccs() for m in view.moves],
                                       depth=self.depth, nodes=self.nodes,
                                       timeout=self.move_timeout)
        return Move.from_iccs(answer.iccs)

    def close(self) -> None:
        """Quit the engine process."""
        self.engine.close()


def search_seed(game_seed: int, ply: int) -> int:
    """The LFSR seed handed to a ref/asm search: 1..65535, varies with game and ply."""
    return (game_seed * 7919 + ply * 104_729) % 65_535 + 1


class SearchPlayer:
    """A search engine (pyharness.engines: the Python twin or the ROM's 6502 search)
    at a level or fixed limits.

    Each move's seed is `search_seed(game_seed, ply)`, and the game's moves are the
    position's undo stack and `history_moves`, so repetitions are judged inside the
    search; the same game seed gives the same games with either engine.
    """

    def __init__(self, engine: SearchEngine, level: int | None = None,
                 depth: int | None = None, nodes: int | None = None,
                 frames: int | None = None, rules: SearchRules = SearchRules()) -> None:
        self.engine = engine
        self.limits = {"level": level, "depth": depth, "nodes": nodes, "frames": frames}
        self.rules = rules
        Limits(**self.limits)                    # LimitsError now, not mid-game
        self.game_seed = 0

    def new_game(self, seed: int) -> None:
        """Remember the game seed; each move's search seed derives from it and the ply."""
        self.game_seed = seed

    def choose(self, view: GameView) -> Move:
        """Search the current position with the game's history."""
        limits = Limits(seed=search_seed(self.game_seed, len(view.moves)), **self.limits)
        return self.engine.think(view.position, limits, self.rules,
                                 history_moves=view.moves).best_move

    def close(self) -> None:
        """Nothing to release."""
