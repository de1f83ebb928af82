"""The board's step tables and the twin's legality filter.

A pseudo-legal move is legal when it leaves the mover's king unattacked. Making every
move and testing the king square costs most of the twin's time, so `legal_codes` makes
only the moves that can expose the king and, for those, looks again only where the move
changed something. When the king is not in check, a move by another piece can attack it
only by:

* leaving the first or second piece on a line (rank or file) from the king: a rook,
  king or cannon behind it may then see the king;
* landing on an empty square between the king and an enemy cannon standing first on
  that line: the piece becomes the cannon's screen;
* leaving a square diagonally next to the king: a horse's leg frees.

Every other attack on the king square (pawns, horses, the lines the move does not
touch) is left as it was, or only blocked or taken, so after such a move only the lines
through its two squares and the horses behind a freed leg are looked at. A king move,
or a move that touches an attack while in check (`check_squares`), is made and tested
whole; in check, a move by another piece that touches no attack is not legal. `tests/test_legal_filter.py`
proves the filter equal to testing every move.
"""
from __future__ import annotations

from .board import BLACK, CANNON, KING, KNIGHT, OFFBOARD, PAWN, PIECE_TYPES, RED, ROOK, side_tag

KING_STEPS = (-16, -1, 1, 16)
ADVISOR_STEPS = (-17, -15, 15, 17)
BISHOP_STEPS = ((-34, -17), (-30, -15), (30, 15), (34, 17))
KNIGHT_STEPS = ((-33, -16), (-31, -16), (-18, -1), (-14, 1),
                (14, -1), (18, 1), (31, 16), (33, 16))
LINE_STEPS = (-16, -1, 1, 16)
#: (offset of an attacking knight from the target, offset of that knight's leg)
KNIGHT_ATTACKS = tuple((-m, -m + leg) for m, leg in KNIGHT_STEPS)
#: a knight's leg seen from the square it attacks: one diagonal step
DIAGONAL_STEPS = frozenset(leg for _, leg in KNIGHT_ATTACKS)
#: leg offset -> the offsets of the two knights that use it
_KNIGHTS_BY_LEG = {d: tuple(off for off, leg in KNIGHT_ATTACKS if leg == d)
                   for d in DIAGONAL_STEPS}


def _enemy_type_table(side: int) -> tuple[int, ...]:
    """Board value -> type code when it is a piece of `side`'s opponent, else -1."""
    tag = side_tag(side ^ 1)
    return tuple(PIECE_TYPES[v - tag] if tag <= v < tag + 16 else -1 for v in range(256))


#: ENEMY_TYPE[side][board value]: the type of a piece of `side`'s opponent, else -1
ENEMY_TYPE = (_enemy_type_table(RED), _enemy_type_table(BLACK))


def _line_attacks(b, ks: int, d: int, enemy) -> bool:
    """True when a rook, the king (on a file) or a cannon of `enemy` sees `ks` along d
    (the line attacks of `square_attacked`)."""
    s = ks + d
    while b[s] == 0:
        s += d
    v = b[s]
    ty = enemy[v]
    if ty == ROOK or (ty == KING and (d == 16 or d == -16)):
        return True
    if v != OFFBOARD:
        s += d
        while b[s] == 0:
            s += d
        if enemy[b[s]] == CANNON:
            return True
    return False


def square_attacked(b, sq: int, by: int) -> bool:
    """True when a piece of side `by` attacks `sq` on board `b` (the king counts on its
    file): Position.square_attacked, the rules' one definition of an attack."""
    enemy = ENEMY_TYPE[by ^ 1]
    for d in LINE_STEPS:
        if _line_attacks(b, sq, d, enemy):
            return True
    for off, leg in KNIGHT_ATTACKS:
        if enemy[b[sq + off]] == KNIGHT and b[sq + leg] == 0:
            return True
    if by == BLACK:                             # a pawn ahead of sq, or beside it past the river
        if enemy[b[sq - 16]] == PAWN:
            return True
        for t in (sq - 1, sq + 1):
            if enemy[b[t]] == PAWN and t & 0x80:
                return True
    else:
        if enemy[b[sq + 16]] == PAWN:
            return True
        for t in (sq - 1, sq + 1):
            if enemy[b[t]] == PAWN and not t & 0x80:
                return True
    return False


def _line_step(sq: int, ks: int) -> int:
    """The step from ks toward sq when they share a file or rank, else 0."""
    x = sq ^ ks
    if not x & 0x0F:
        return 16 if sq > ks else -16
    if not x & 0xF0:
        return 1 if sq > ks else -1
    return 0


def _exposes(pos, code: int, ks: int, enemy) -> bool:
    """Make `code` (a move by a piece other than the king, the king not in check) and
    look where it changed something: the lines through its squares, a freed leg."""
    f = code >> 8
    captured = pos._place_code(code)
    b = pos.board
    hit = False
    for sq in (f, code & 0xFF):
        d = _line_step(sq, ks)
        if d and _line_attacks(b, ks, d, enemy):
            hit = True
            break
    if not hit:
        knights = _KNIGHTS_BY_LEG.get(f - ks)
        if knights:
            hit = any(enemy[b[ks + off]] == KNIGHT for off in knights)
    pos._unplace_code(code, captured)
    return hit


def check_squares(b, ks: int, side: int, enemy) -> set[int]:
    """The squares of every attack on `side`'s king at ks (empty: not in check): an
    attacker's square, the squares between it and the king (a cannon's screen among
    them) and a horse's leg. A move by another piece that touches none of them leaves
    every attack standing. The attacks are those of Position.square_attacked."""
    out: set[int] = set()
    for d in LINE_STEPS:
        t = ks + d
        while b[t] == 0:
            t += d
        v = b[t]
        ty = enemy[v]
        end = 0
        if ty == ROOK or (ty == KING and (d == 16 or d == -16)):
            end = t
        if v != OFFBOARD:
            t2 = t + d
            while b[t2] == 0:
                t2 += d
            if enemy[b[t2]] == CANNON:
                end = t2
        if end:
            sq = ks + d
            while sq != end:
                out.add(sq)
                sq += d
            out.add(end)
    for off, leg in KNIGHT_ATTACKS:
        if enemy[b[ks + off]] == KNIGHT and b[ks + leg] == 0:
            out.add(ks + off)
            out.add(ks + leg)
    ahead = ks - 16 if side == RED else ks + 16  # an enemy pawn facing the king
    if enemy[b[ahead]] == PAWN:
        out.add(ahead)
    for t in (ks - 1, ks + 1):                   # a pawn beside: only over its river
        if enemy[b[t]] == PAWN and bool(t & 0x80) == (side == RED):
            out.add(t)
    return out


def legal_codes(pos, codes: list[int]) -> list[int]:
    """The legal moves among the pseudo-legal `codes` of `pos` (order kept): each is
    judged on its own, so any subset of the pseudo-legal moves may be given."""
    if not codes:
        return []
    side = pos.side
    ks = pos.piece_sq[16 * side]
    test = pos._code_is_legal
    if not ks:
        return [c for c in codes if test(c)]
    b = pos.board
    enemy = ENEMY_TYPE[side]
    checks = check_squares(b, ks, side, enemy)
    if checks:                                  # in check: a move must touch an attack
        return [c for c in codes
                if (c >> 8 == ks or c >> 8 in checks or c & 0xFF in checks) and test(c)]
    hot_from = set()                        # the first two pieces on each line
    hot_to = set()                          # the squares before a first enemy cannon
    for d in LINE_STEPS:
        first = ks + d
        while b[first] == 0:
            first += d
        if b[first] == OFFBOARD:
            continue
        hot_from.add(first)
        second = first + d
        while b[second] == 0:
            second += d
        hot_from.add(second)
        if enemy[b[first]] == CANNON:
            sq = ks + d
            while sq != first:
                hot_to.add(sq)
                sq += d
    out: list[int] = []
    ap = out.append
    diagonal = DIAGONAL_STEPS
    for c in codes:
        f = c >> 8
        if f == ks:
            if not test(c):
                continue
        elif f in hot_from or (c & 0xFF) in hot_to or (f - ks) in diagonal:
            if _exposes(pos, c, ks, enemy):
                continue
        ap(c)
    return out


__all__ = ["KING_STEPS", "ADVISOR_STEPS", "BISHOP_STEPS", "KNIGHT_STEPS", "LINE_STEPS",
           "KNIGHT_ATTACKS", "DIAGONAL_STEPS", "ENEMY_TYPE", "legal_codes", "square_attacked"]
