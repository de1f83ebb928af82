"""Seeded random positions (FENs) from random playouts of the start position.

Used by the tests of the reference and of the asm engine. Captures are favoured so that
endgames appear; a playout that reaches a position with no legal move stops there, so
such positions are included. Every position is reached by legal moves, so it is legal.
"""
from __future__ import annotations

import random

from .position import Move, Position


def random_positions(count: int, seed: int, *, max_plies: int = 160,
                     capture_bias: float = 0.7) -> list[str]:
    """Return `count` FENs from seeded random playouts (deterministic per seed).

    Each playout starts from the start position and plays a random number of plies
    in 1..`max_plies` (fewer when the side to move has no legal move). At each ply, with
    probability `capture_bias` a capture is chosen when there is one, else any legal
    move. Duplicate positions (same board and side) are skipped.
    """
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    if max_plies < 1:
        raise ValueError(f"max_plies must be >= 1, got {max_plies}")
    if not 0.0 <= capture_bias <= 1.0:
        raise ValueError(f"capture_bias must be in 0..1, got {capture_bias}")
    rng = random.Random(seed)
    out: list[str] = []
    seen: set[str] = set()
    attempts = 0
    while len(out) < count:
        attempts += 1
        if attempts > 20 * count + 100:
            raise RuntimeError("random_positions: too many duplicate playouts")
        pos = Position.start()
        for _ in range(rng.randint(1, max_plies)):
            codes = pos._legal_codes()
            if not codes:
                break
            board = pos.board
            captures = [c for c in codes if board[c & 0xFF]]
            if captures and rng.random() < capture_bias:
                code = rng.choice(captures)
            else:
                code = rng.choice(codes)
            pos.push(Move(code >> 8, code & 0xFF))
        key = pos.fen().rsplit(" ", 4)[0] + " " + "wb"[pos.side]
        if key in seen:
            continue
        seen.add(key)
        out.append(pos.fen())
    return out
