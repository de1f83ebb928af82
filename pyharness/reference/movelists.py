"""The pseudo-legal move lists of a position, as ints `frm << 8 | to`: every move in
docs/encoding.md order (`pseudo_codes`), or its captures alone in the same order
(`capture_codes`, the quiescence's list before the legality filter). Both are one loop
over the slots and steps, told which board values a move may land on. Position's
`_pseudo_codes` and `_capture_codes` call them; legality.legal_codes filters either."""
from __future__ import annotations

from .board import IN_PALACE, OFFBOARD, OWN_HALF, RED
from .legality import ADVISOR_STEPS, BISHOP_STEPS, KING_STEPS, KNIGHT_STEPS, LINE_STEPS


def _targets(own: int, captures: bool) -> bytes:
    """Board value -> 1 where a move of the side whose tag is `own` may land: empty or
    an enemy piece (every move), an enemy piece alone (captures)."""
    enemy = 0x30 ^ own
    return bytes((v & 0x30) == enemy or (not captures and v == 0) for v in range(256))


#: _TARGETS[side][captures]
_TARGETS = tuple((_targets(own, False), _targets(own, True)) for own in (0x10, 0x20))


def _codes(pos, captures: bool) -> list[int]:
    """The pseudo-legal moves (captures: those onto an enemy piece), in
    docs/encoding.md order."""
    b = pos.board
    ps = pos.piece_sq
    side = pos.side
    ok = _TARGETS[side][captures]
    base = 16 * side
    out: list[int] = []
    ap = out.append
    pal = IN_PALACE[side]
    for i, steps in ((0, KING_STEPS), (1, ADVISOR_STEPS), (2, ADVISOR_STEPS)):
        sq = ps[base + i]                   # the king, then the advisors: palace steps
        if sq:
            for d in steps:
                t = sq + d
                if pal[t] and ok[b[t]]:
                    ap(sq << 8 | t)
    half = OWN_HALF[side]
    for i in (3, 4):
        sq = ps[base + i]
        if sq:
            for d, eye in BISHOP_STEPS:
                t = sq + d
                if half[t] and ok[b[t]] and b[sq + eye] == 0:
                    ap(sq << 8 | t)
    for i in (5, 6):
        sq = ps[base + i]
        if sq:
            for d, leg in KNIGHT_STEPS:
                t = sq + d
                if ok[b[t]] and b[sq + leg] == 0:
                    ap(sq << 8 | t)
    for i in (7, 8, 9, 10):                 # rooks, then cannons: the same slide
        sq = ps[base + i]
        if sq:
            for d in LINE_STEPS:
                t = sq + d
                if captures:
                    while b[t] == 0:
                        t += d
                else:
                    while b[t] == 0:
                        ap(sq << 8 | t)
                        t += d
                if i < 9:                   # a rook takes what stops it
                    if ok[b[t]]:
                        ap(sq << 8 | t)
                elif b[t] != OFFBOARD:      # a cannon jumps the screen to take
                    t += d
                    while b[t] == 0:
                        t += d
                    if ok[b[t]]:
                        ap(sq << 8 | t)
    fwd = -16 if side == RED else 16
    for i in range(11, 16):
        sq = ps[base + i]
        if sq:
            t = sq + fwd
            if ok[b[t]]:
                ap(sq << 8 | t)
            if (sq & 0x80 == 0) == (side == RED):
                if ok[b[sq - 1]]:
                    ap(sq << 8 | (sq - 1))
                if ok[b[sq + 1]]:
                    ap(sq << 8 | (sq + 1))
    return out


def pseudo_codes(pos) -> list[int]:
    """Pseudo-legal moves as ints `frm << 8 | to`, in docs/encoding.md order."""
    return _codes(pos, False)


def capture_codes(pos) -> list[int]:
    """The pseudo-legal captures: `pseudo_codes(pos)` onto an enemy piece, in its order."""
    return _codes(pos, True)
