"""A material-only negamax alpha-beta at fixed depth: the hobbyist's engine.

This is the sparring partner "in the spirit of hobby engines": no quiescence, no
piece-square tables, no move ordering, no transposition table, no repetition
awareness. Values (in tenths of a pawn): rook 90, knight 40, cannon 45, advisor 20,
bishop 20, pawn 10 (20 once across the river). A side with no legal move is mated
(checkmate and stalemate alike lose in xiangqi); mates are found only at interior
nodes, so a mate in 1 needs depth >= 2. Ties go to the first move in generation order.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..reference.board import (ADVISOR, BISHOP, CANNON, KING, KNIGHT, PAWN, PIECE_TYPES,
                              ROOK)
from ..reference.position import Move, Position
from ..errors import Xq65Error

#: piece values in tenths of a pawn, by type code
VALUES = {KING: 0, ADVISOR: 20, BISHOP: 20, KNIGHT: 40, ROOK: 90, CANNON: 45, PAWN: 10}
#: a pawn across the river is worth this much more
PAWN_CROSSED_BONUS = 10
MATE = 10_000
_INF = MATE + 1
_TYPE_VALUE = tuple(VALUES[t] for t in range(7))


class NaiveSearchError(Xq65Error, ValueError):
    """The search was asked something it cannot do (bad depth, no legal move)."""


@dataclass(frozen=True)
class NaiveResult:
    """What one search found: best move, its score for the side to move, nodes visited."""

    best_move: Move
    score: int
    nodes: int


def piece_value(code: int, sq: int) -> int:
    """Value of the board byte `code` (a piece) standing on square `sq`."""
    ptype = PIECE_TYPES[code & 0x0F]
    value = _TYPE_VALUE[ptype]
    if ptype == PAWN and (bool(sq & 0x80) == bool(code & 0x20)):
        value += PAWN_CROSSED_BONUS  # red pawn on black's half or black pawn on red's
    return value


def material(position: Position) -> int:
    """Material balance in tenths of a pawn from the side to move's point of view."""
    total = 0
    for index, sq in enumerate(position.piece_sq):
        if sq:
            v = piece_value(0x10 + index, sq)
            total += v if index < 16 else -v
    return total if position.side == 0 else -total


def _gain(position: Position, move: Move) -> int:
    """Material the mover gains by `move`: the capture plus a pawn crossing."""
    board = position.board
    mover = board[move.frm]
    gain = piece_value(mover, move.to) - piece_value(mover, move.frm)
    captured = board[move.to]
    if captured:
        gain += piece_value(captured, move.to)
    return gain


class NaiveEngine:
    """Fixed-depth material negamax with alpha-beta; `search(position)` picks a move."""

    def __init__(self, depth: int = 3) -> None:
        if not isinstance(depth, int) or depth < 1:
            raise NaiveSearchError(f"naive depth must be a positive integer, got {depth!r}")
        self.depth = depth
        self.nodes = 0

    def search(self, position: Position) -> NaiveResult:
        """Search `position` (restored on return) and return the best move found."""
        self.nodes = 0
        moves = position.legal_moves()
        if not moves:
            raise NaiveSearchError("no legal move in this position")
        stand = material(position)
        best_move, best = moves[0], -_INF
        alpha, beta = -_INF, _INF
        for move in moves:
            gain = _gain(position, move)
            position.push(move)
            score = -self._negamax(position, self.depth - 1, -beta, -alpha, 1,
                                   -(stand + gain))
            position.pop()
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
        return NaiveResult(best_move, best, self.nodes)

    def _negamax(self, position: Position, depth: int, alpha: int, beta: int,
                 ply: int, stand: int) -> int:
        """Score for the side to move; `stand` is its material balance."""
        self.nodes += 1
        if depth == 0:
            return stand
        moves = position.legal_moves()
        if not moves:
            return -MATE + ply
        best = -_INF
        for move in moves:
            gain = _gain(position, move)
            position.push(move)
            score = -self._negamax(position, depth - 1, -beta, -alpha, ply + 1,
                                   -(stand + gain))
            position.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best
