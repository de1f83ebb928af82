"""The most moves one side can have: the bound behind the generator's MG_MAX slots.

Every move of a piece goes to a different square, so a piece has at most as many moves
as its movement pattern has target squares from where it stands, whatever else is on
the board (a blocker or an own piece only removes targets; a cannon's capture lands on
a square of its line, beyond the screen, which also takes a square of that line away
from the quiet steps). target_count() counts those squares on the empty board, by the
rules of docs/rules.md for a piece standing anywhere a FEN may put it (an advisor off
its points still steps into its palace, an elephant anywhere steps onto its own half,
a soldier behind its start still steps forward). A side's bound is the best placement
of its pieces on distinct squares, type by type (types_bound); the sum is the same for
pseudo-legal and legal moves. docs/ram_map.md has the table; tests/test_move_bound.py
checks it against the engine's constants and the largest lists found (climb(), also
run by tools/lab/max_moves.py).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .board import (ADVISOR, BISHOP, CANNON, IN_BOARD, IN_PALACE, KING, KNIGHT,
                    OWN_HALF, PAWN, RED, ROOK, TYPE_LETTERS, TYPE_SLOTS)
from .position import (ADVISOR_STEPS, BISHOP_STEPS, KING_STEPS, KNIGHT_STEPS, LINE_STEPS,
                       Position)

SQUARES = tuple(sq for sq in range(256) if IN_BOARD[sq])


def target_count(ptype: int, sq: int, side: int = RED) -> int:
    """Target squares of a `ptype` piece of `side` on `sq`, on an empty board."""
    if ptype == KING:
        return sum(IN_PALACE[side][sq + d] for d in KING_STEPS)
    if ptype == ADVISOR:
        return sum(IN_PALACE[side][sq + d] for d in ADVISOR_STEPS)
    if ptype == BISHOP:
        return sum(OWN_HALF[side][sq + d] for d, _ in BISHOP_STEPS)
    if ptype == KNIGHT:
        return sum(IN_BOARD[sq + d] for d, _ in KNIGHT_STEPS)
    if ptype in (ROOK, CANNON):
        total = 0
        for d in LINE_STEPS:
            t = sq + d
            while IN_BOARD[t]:
                total += 1
                t += d
        return total
    fwd = -16 if side == RED else 16
    across = (sq & 0x80 == 0) == (side == RED)
    return IN_BOARD[sq + fwd] + (IN_BOARD[sq - 1] + IN_BOARD[sq + 1] if across else 0)


def type_bound(ptype: int, side: int = RED) -> int:
    """The most moves all the pieces of one type can have together: the largest counts
    of as many distinct squares as the type has slots (the king: its palace only)."""
    where = [sq for sq in SQUARES if IN_PALACE[side][sq]] if ptype == KING else SQUARES
    counts = sorted((target_count(ptype, sq, side) for sq in where), reverse=True)
    return sum(counts[:TYPE_SLOTS[ptype][1]])


def types_bound(side: int = RED) -> dict[str, int]:
    """type_bound by type letter (K A B N R C P)."""
    return {TYPE_LETTERS[t]: type_bound(t, side) for t in range(7)}


def move_bound(side: int = RED) -> int:
    """The most moves (pseudo-legal, hence legal) a side can ever have."""
    return sum(types_bound(side).values())


def grid_fen(grid: dict[int, str]) -> str:
    """FEN (red to move) of the pieces `grid` holds: {square: FEN letter}."""
    rows = []
    for rank in range(9, -1, -1):
        row, gap = "", 0
        for f in range(9):
            ch = grid.get((12 - rank) * 16 + 3 + f)
            if ch:
                row += (str(gap) if gap else "") + ch
                gap = 0
            else:
                gap += 1
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows) + " w - - 0 1"


@dataclass
class Climb:
    """What climb() found: the best FEN and its legal moves, the most pseudo-legal
    moves of any position seen, and how many valid positions were seen."""

    fen: str
    moves: int
    most_pseudo: int
    seen: int


def climb(fen: str, steps: int, seed: int) -> Climb:
    """Seeded hill climb for a long move list (Red to move): move one or two pieces to
    random empty squares, keep the result when it is a valid FEN whose list is not
    shorter; every `steps // 20` steps without progress, restart from the best."""
    from .errors import InvalidFenError
    rng = random.Random(seed)
    start = Position.from_fen(fen)
    grid = {}
    for sq in SQUARES:
        p = start.piece_at(sq)
        if p:
            letter = TYPE_LETTERS[p[1]]
            grid[sq] = letter if p[0] == RED else letter.lower()
    cur = len(start.legal_moves())
    best = Climb(grid_fen(grid), cur, len(start.pseudo_legal_moves()), 1)
    best_grid, stale = dict(grid), 0
    for _ in range(steps):
        trial = dict(grid)
        for _ in range(rng.choice((1, 1, 2))):
            sq = rng.choice(sorted(trial))
            ch = trial.pop(sq)
            trial[rng.choice([s for s in SQUARES if s not in trial])] = ch
        try:
            pos = Position.from_fen(grid_fen(trial))
        except InvalidFenError:
            continue
        best.seen += 1
        n = len(pos.legal_moves())
        best.most_pseudo = max(best.most_pseudo, len(pos.pseudo_legal_moves()))
        stale += 1
        if n >= cur:
            grid, cur = trial, n
            if n > best.moves:
                best.fen, best.moves, best_grid, stale = grid_fen(trial), n, dict(trial), 0
        if stale > max(steps // 20, 1):
            grid, cur, stale = dict(best_grid), best.moves, 0
    return best
