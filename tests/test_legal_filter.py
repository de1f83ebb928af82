"""The twin's legality filter (`Position._legal_codes`) tests only the moves that can
expose the mover's king; it must equal making and testing every pseudo-legal move
(`_legal_codes_slow`) everywhere, and the sample must hold every kind of exposure the
filter's clauses exist for."""
from __future__ import annotations

import random

from pyharness.reference.position import Move, Position

LEGS = {15, 17, -15, -17}


def _positions(playouts: int, seed: int):
    """Every position along seeded random playouts (captures favoured, so endgames with
    open lines and exposed kings come up)."""
    rng = random.Random(seed)
    for _ in range(playouts):
        pos = Position.start()
        for _ in range(rng.randint(20, 160)):
            yield pos                   # (the test compares both filters here first)
            codes = pos._legal_codes()
            if not codes:
                break
            caps = [c for c in codes if pos.board[c & 0xFF]]
            code = rng.choice(caps if caps and rng.random() < 0.6 else codes)
            pos.push(Move(code >> 8, code & 0xFF))


def _kind(pos: Position, code: int) -> str:
    """Which clause of the filter an illegal move needs (the first that flags it)."""
    ks = pos.piece_sq[16 * pos.side]
    f, t = code >> 8, code & 0xFF
    if pos.in_check():
        return "in check"
    if f == ks:
        return "king move"
    if not (f ^ ks) & 0x0F or not (f ^ ks) & 0xF0:
        if (t ^ ks) & 0x0F and (t ^ ks) & 0xF0:
            return "leaves a line"
        return "along a line"
    if not (t ^ ks) & 0x0F or not (t ^ ks) & 0xF0:
        return "becomes a screen"
    if f - ks in LEGS:
        return "frees a leg"
    return "none"


def test_filter_equals_testing_every_move():
    kinds: dict[str, int] = {}
    checked = 0
    for pos in _positions(220, seed=29):
        fast = pos._legal_codes()
        slow = pos._legal_codes_slow()
        assert fast == slow, pos.fen()
        checked += 1
        for code in set(pos._pseudo_codes()) - set(slow):
            k = _kind(pos, code)
            kinds[k] = kinds.get(k, 0) + 1
    assert checked > 6_000
    assert "none" not in kinds                       # no illegal move outside the clauses
    for k in ("in check", "king move", "leaves a line", "becomes a screen", "frees a leg"):
        assert kinds.get(k, 0) > 0, (k, kinds)


def test_filter_catches_each_exposure_on_a_set_position():
    cases = {
        # the horse steps onto the e-file and becomes the screen of the cannon on e5
        "3k5/9/9/9/4c4/9/9/3N5/9/4K4 w": ("d2e4", "d2c4"),
        # the rook leaves the e-file and opens the black rook's line
        "3k5/9/4r4/9/9/9/9/4R4/9/4K4 w": ("e2d2", "e2e5"),
        # the horse on d1 holds the leg of the black horse on d2
        "3k5/9/9/9/9/9/9/3n5/3N5/4K4 w": ("d1f2", None),
    }
    for fen, (illegal, legal) in cases.items():
        pos = Position.from_fen(fen + " - - 0 1")
        codes = pos._legal_codes()
        assert codes == pos._legal_codes_slow(), fen
        names = {pos_move_iccs(c) for c in codes}
        assert illegal in {pos_move_iccs(c) for c in pos._pseudo_codes()}, fen
        assert illegal not in names, fen
        assert legal is None or legal in names, fen


def pos_move_iccs(code: int) -> str:
    """ICCS text of a move code."""
    return str(Move(code >> 8, code & 0xFF))


def test_check_squares_say_in_check_exactly_when_the_king_is_attacked():
    from pyharness.reference.legality import ENEMY_TYPE, check_squares
    seen = [0, 0]
    for pos in _positions(150, seed=31):
        ks = pos.piece_sq[16 * pos.side]
        if not ks:
            continue
        squares = check_squares(pos.board, ks, pos.side, ENEMY_TYPE[pos.side])
        assert bool(squares) == pos.in_check(), pos.fen()
        seen[pos.in_check()] += 1
    assert seen[1] > 200 and seen[0] > 2000, seen


def test_capture_list_is_the_filtered_move_list():
    """The quiescence's list (`legal_captures`, from the capture-only generator) is the
    legal moves onto an enemy piece, in the same order, and the capture-only generator
    is the pseudo-legal list's captures: on the playouts' positions, the check and
    evasion ones among them, and with no capture at all."""
    checked = in_check = empty = 0
    for pos in _positions(120, seed=31):
        b = pos.board
        assert pos._capture_codes() == [c for c in pos._pseudo_codes() if b[c & 0xFF]], pos.fen()
        caps = pos.legal_captures()
        assert caps == [m for m in pos.legal_moves() if b[m.to]], pos.fen()
        checked += 1
        in_check += pos.in_check()
        empty += not caps
    assert checked > 3_000 and in_check > 50 and empty > 100, (checked, in_check, empty)
