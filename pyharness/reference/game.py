"""A game record that judges the end of the game exactly as docs/rules.md states."""
from __future__ import annotations

from dataclasses import dataclass

from .board import CANNON, KNIGHT, PAWN, PIECE_TYPES, RED, ROOK, START_FEN
from .position import Move, Position

ATTACKING_TYPES = (ROOK, KNIGHT, CANNON, PAWN)
REPETITIONS_TO_END = 4
NO_CAPTURE_PLIES = 100


@dataclass(frozen=True)
class GameResult:
    """The end of a game: `winner` is RED, BLACK or None for a draw; `reason` says why."""

    winner: int | None
    reason: str


@dataclass(frozen=True)
class _Ply:
    move: Move
    gave_check: bool
    key: str


class Game:
    """A game from a start FEN: validated moves, history, and the referee (result())."""

    def __init__(self, fen: str = START_FEN) -> None:
        """Start a game from `fen` (InvalidFenError when malformed)."""
        self._pos = Position.from_fen(fen)
        self._start_key = self._key()
        self._plies: list[_Ply] = []

    def _key(self) -> str:
        return f"{self._pos.board_fen()} {'wb'[self._pos.side]}"

    @property
    def position(self) -> Position:
        """The current position (do not push/pop it directly; use the game)."""
        return self._pos

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, in order."""
        return [p.move for p in self._plies]

    def push(self, move: Move | str) -> None:
        """Play a legal move (Move or ICCS text); raise IllegalMoveError if it is not."""
        if isinstance(move, str):
            move = Move.from_iccs(move)
        self._pos.push_checked(move)
        self._plies.append(_Ply(move, self._pos.in_check(), self._key()))

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self._plies:
            raise IndexError("pop from a game with no moves")
        self._plies.pop()
        return self._pos.pop()

    def _keys(self) -> list[str]:
        """Position keys P0..Pn (Pi after i plies)."""
        return [self._start_key] + [p.key for p in self._plies]

    def repetition_count(self) -> int:
        """How many times the current position (board and side) has occurred."""
        keys = self._keys()
        return keys.count(keys[-1])

    def result(self) -> GameResult | None:
        """Judge the current position; None while the game goes on.

        In this order: no legal move (the side to move loses: checkmate, stalemate);
        4th occurrence of a position (perpetual check loses, otherwise a draw);
        100 plies without capture (draw); no rook, horse, cannon or pawn on the board
        (draw).
        """
        pos = self._pos
        if not pos._legal_codes():
            return GameResult(pos.side ^ 1, "checkmate" if pos.in_check() else "stalemate")
        keys = self._keys()
        occurrences = [i for i, k in enumerate(keys) if k == keys[-1]]
        if len(occurrences) >= REPETITIONS_TO_END:
            first = occurrences[-REPETITIONS_TO_END]
            mover_at_first = pos.side  # same side to move at every occurrence
            cycle = self._plies[first:]
            # ply j of the cycle (0-based) is played by mover_at_first when j is even
            checks_by = {mover_at_first: [], mover_at_first ^ 1: []}
            for j, ply in enumerate(cycle):
                checks_by[mover_at_first ^ (j & 1)].append(ply.gave_check)
            perpetual = [side for side, checks in checks_by.items() if checks and all(checks)]
            if len(perpetual) == 1:
                return GameResult(perpetual[0] ^ 1, "perpetual check")
            return GameResult(None, "repetition")
        if pos.halfmove >= NO_CAPTURE_PLIES:
            return GameResult(None, "100 plies without capture")
        if not any(pos.piece_sq[i] and PIECE_TYPES[i & 15] in ATTACKING_TYPES
                   for i in range(32)):
            return GameResult(None, "no attacking pieces")
        return None
