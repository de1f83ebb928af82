"""pos_gives_check (asm/engine/gives_check.s) against pos_in_check and the reference.

After pos_make of a move, pos_gives_check must say exactly what pos_in_check says (and
Position.in_check() after push): on every legal move of the public perft positions to
depth 2, on every pseudo-legal move of 500 seeded random positions (pseudo-legal moves
reach the flying-general lines that no legal move reaches) and on hand-made moves for
each case of the argument in the routine's header. The board sweeps (a piece on every
square, every king square) hold pos_gives_check to the reference alone.
"""
from __future__ import annotations

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.reference.position import Move, Position
from pyharness.reference.randpos import random_positions

RANDOM_SEED = 20261122          # the positions of tests/test_asm_movegen.py

# (FEN, move, the defender is in check afterwards)
HAND_MADE = [
    # flying general: the king steps onto the open file / the last block leaves it
    # (pseudo-legal only: the mover's king is then attacked too)
    ("4k4/9/9/9/9/9/9/9/9/3K5 w", "d0e0", True),
    ("4k4/9/9/9/4N4/9/9/9/9/4K4 w", "e5c6", True),
    ("4k4/9/9/9/4n4/9/9/9/4K4/9 b", "e5d7", True),
    # discovered cannon check: one screen of a double screen leaves the file
    ("4k4/9/9/4P4/9/4N4/9/4C4/9/3K5 w", "e6d6", True),
    ("4k4/9/9/4P4/9/4N4/9/4C4/9/3K5 w", "e4d6", True),
    ("3k5/9/4c4/9/4n4/9/4p4/9/9/4K4 b", "e3d3", True),
    # a screen moves along the file: still two screens
    ("4k4/9/9/4P4/9/4R4/9/4C4/9/3K5 w", "e4e5", False),
    # a new screen: a horse lands between the cannon and the king
    ("4k4/9/9/9/9/9/6N2/4C4/9/3K5 w", "g3e4", True),
    # a capture on the file replaces a screen: still two screens
    ("4k4/9/4n4/2N6/4n4/9/9/4C4/9/3K5 w", "c6e7", False),
    # the cannon's own move changes its screens (jumps a screen, lands behind another)
    ("4k4/4a4/9/4n4/4N4/9/9/4C4/9/3K5 w", "e2e6", True),
    ("4k4/4a4/9/9/C8/9/9/9/9/3K5 w", "a5e5", True),
    ("4k4/9/9/9/C8/9/9/9/9/3K5 w", "a5e5", False),
    # horse-leg discoveries: both horse squares that use the leg f8 of e9
    ("4k4/5P3/5N3/9/9/9/9/9/9/3K5 w", "f8g8", True),
    ("4k4/5RN2/9/9/9/9/9/9/9/3K5 w", "f8f5", True),
    ("4k4/5RN2/9/9/9/9/9/9/9/3K5 w", "g8h6", False),
    ("3k5/9/9/9/9/9/9/5n3/5p3/4K4 b", "f1g1", True),
    ("3k5/9/9/9/9/9/9/6n2/5p3/4K4 b", "f1g1", False),
    # horse moves: leg empty / blocked
    ("4k4/9/9/9/6N2/9/9/9/9/3K5 w", "g5f7", True),
    ("4k4/5n3/9/9/6N2/9/9/9/9/3K5 w", "g5f7", False),
    ("4k4/9/9/9/9/9/9/9/5N3/3K5 w", "f1g3", False),
    # pawns: beside the king, in front of it, behind it
    ("3P5/2P1k4/9/4P4/9/9/9/9/9/3K5 w", "c8d8", True),
    ("3P5/2P1k4/9/4P4/9/9/9/9/9/3K5 w", "e6e7", True),
    ("3P5/2P1k4/9/4P4/9/9/9/9/9/3K5 w", "d9e9", False),
    ("3k5/9/9/9/9/9/4p4/9/2p1K4/5p3 b", "c1d1", True),
    ("3k5/9/9/9/9/9/4p4/9/2p1K4/5p3 b", "e3e2", True),
    ("3k5/9/9/9/9/9/4p4/9/2p1K4/5p3 b", "f0e0", False),
    # king moves: the king was a screen of its own cannon; a king step beside the file
    ("4k4/9/9/9/4n4/9/9/9/4K4/4C4 w", "e1d1", True),
    ("4k4/9/9/9/4n4/9/9/9/4K4/4C4 w", "e1f1", True),
    ("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0f0", False),
    # from on the rank (discovered rook), to on the file of the king (no check there)
    ("9/R1Nk5/9/9/9/9/9/9/9/4K4 w", "c8d6", True),
    ("9/R1Nk5/9/9/9/9/9/9/9/4K4 w", "a8a1", False),
    # a rook checks along the file / the rank; a rook on the file behind a block
    ("3k5/9/9/9/9/9/9/9/R8/4K4 w", "a1d1", True),
    ("9/3k5/9/9/9/9/9/9/R8/4K4 w", "a1a8", True),
    ("3k5/3a5/9/9/9/9/9/9/R8/4K4 w", "a1d1", False),
]


@pytest.fixture(scope="module")
def eng() -> AsmEngine:
    return AsmEngine()


def _checks(eng: AsmEngine, in_check: bool = True) -> tuple[bool, bool | None, int, int]:
    """(pos_gives_check, pos_in_check, their cycles) after the last make; without
    `in_check`, pos_in_check is not called (None, 0 cycles)."""
    s = eng.sim
    g = s.call("pos_gives_check")
    gives = bool(s.mpu.p & 1)
    if not in_check:
        return gives, None, g.cycles, 0
    i = s.call("pos_in_check")
    return gives, bool(s.mpu.p & 1), g.cycles, i.cycles


class Walk:
    """Counts of a tree walk: moves, checks, mismatches, cycles of both routines.
    `asm_in_check=False` (the board sweeps) compares pos_gives_check with the reference
    alone: pos_in_check, three times dearer, is held to both on the other walks."""

    def __init__(self, asm_in_check: bool = True):
        self.asm_in_check = asm_in_check
        self.moves = self.checks = 0
        self.gives_cycles = self.in_check_cycles = 0
        self.bad: list[str] = []

    def visit(self, eng: AsmEngine, pos: Position, move: Move) -> None:
        eng.make(move)
        pos.push(move)
        gives, in_check, gc, ic = _checks(eng, self.asm_in_check)
        ref = pos.in_check()
        if in_check is None:
            in_check = ref
        if not gives == in_check == ref:
            self.bad.append(f"{pos.fen()} after {move.iccs()}: gives {gives} "
                            f"in_check {in_check} reference {ref}")
        self.moves += 1
        self.checks += ref
        self.gives_cycles += gc
        self.in_check_cycles += ic

    def undo(self, eng: AsmEngine, pos: Position) -> None:
        eng.unmake()
        pos.pop()


def test_public_positions_depth_2(eng, perft_cases):
    walk = Walk()
    for case in perft_cases:
        pos = Position.from_fen(case.fen)
        eng.load(pos)
        for move in eng.generate().moves:
            walk.visit(eng, pos, move)
            for reply in eng.generate().moves:      # the legal moves at ply 1
                walk.visit(eng, pos, reply)
                walk.undo(eng, pos)
            walk.undo(eng, pos)
    assert not walk.bad, f"{len(walk.bad)} of {walk.moves} differ: {walk.bad[:5]}"
    assert walk.moves > 9_000 and walk.checks > 100
    assert walk.gives_cycles * 3 < walk.in_check_cycles


def test_random_positions_every_pseudo_legal_move(eng):
    """Pseudo-legal moves too: the argument does not need the mover's move legal, only
    the defender out of check before it (true in every legal position)."""
    walk = Walk()
    for fen in random_positions(500, RANDOM_SEED):
        pos = Position.from_fen(fen)
        assert not pos.in_check(pos.side ^ 1)
        eng.load(pos)
        legal = set(eng.generate().moves)
        pseudo = pos.pseudo_legal_moves()
        assert legal <= set(pseudo)
        for move in pseudo:
            walk.visit(eng, pos, move)
            walk.undo(eng, pos)
    assert not walk.bad, f"{len(walk.bad)} of {walk.moves} differ: {walk.bad[:5]}"
    assert walk.moves > 8_000 and walk.checks > 300
    assert walk.gives_cycles * 3 < walk.in_check_cycles


@pytest.mark.parametrize("fen, iccs, check", HAND_MADE,
                         ids=[f"{i}-{c[1]}" for i, c in enumerate(HAND_MADE)])
def test_hand_made(eng, fen, iccs, check):
    pos = Position.from_fen(fen)
    move = Move.from_iccs(iccs)
    assert move in pos.pseudo_legal_moves()
    eng.load(pos)
    eng.make(move)
    pos.push(move)
    assert pos.in_check() == check             # the case is what it says
    gives, in_check, _, _ = _checks(eng)
    assert (gives, in_check) == (check, check)


def _fen(pieces: dict[int, str], side: int) -> str:
    """FEN of a board given as {square: FEN letter}."""
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            ch = pieces.get((12 - rank) * 16 + 3 + file)
            if ch is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + ch
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " " + "wb"[side]


def _on_board(sq: int) -> bool:
    return 3 <= sq >> 4 <= 12 and 3 <= sq & 15 <= 11


def _palace(side: int) -> list[int]:
    ranks = (10, 11, 12) if side == 0 else (3, 4, 5)
    return [r * 16 + f for r in ranks for f in (6, 7, 8)]


def _sweep(eng, walk, defender: int, extra) -> None:
    """For every defender king square in its palace and every placement `extra(k)`
    yields ({square: letter} of the mover's pieces): walk every pseudo-legal move of the
    mover (the defender not in check before; the mover's king off the defender's file)."""
    mover = defender ^ 1
    kd, km = ("K", "k") if defender == 0 else ("k", "K")
    for k in _palace(defender):
        mk = next(sq for sq in _palace(mover) if sq & 15 != k & 15)
        for placed in extra(k):
            pieces = {k: kd, mk: km}
            if any(sq in pieces or not _on_board(sq) for sq in placed):
                continue
            pieces.update(placed)
            pos = Position.from_fen(_fen(pieces, mover)) if not _checked(pieces, mover) \
                else None
            if pos is None:
                continue
            eng.load(pos)
            for move in pos.pseudo_legal_moves():
                walk.visit(eng, pos, move)
                walk.undo(eng, pos)


def _checked(pieces, mover) -> bool:
    """True when the defender is in check in the placement (not a legal position)."""
    pos = Position.from_fen(_fen(pieces, mover ^ 1))
    return pos.in_check()


DIAGONALS = (-17, -15, 15, 17)


@pytest.mark.parametrize("defender", [0, 1])
def test_sweep_horse_legs(eng, defender):
    """Every leg of every king square, both horse squares that use it: a mover's rook
    on the leg steps away (a discovered horse check) or stays."""
    walk = Walk(asm_in_check=False)
    letter = "nr" if defender == 0 else "NR"
    found = set()

    def placements(k):
        for d in DIAGONALS:
            leg = k + d
            v, h = (16 if d > 0 else -16), d - (16 if d > 0 else -16)
            for horse in (leg + v, leg + h):
                before = walk.checks
                yield {horse: letter[0], leg: letter[1]}
                if walk.checks > before:
                    found.add((k, d, horse - k))

    _sweep(eng, walk, defender, placements)
    assert not walk.bad, f"{len(walk.bad)} of {walk.moves} differ: {walk.bad[:5]}"
    # every (king square, leg, horse square) on the board gave a check somewhere
    expect = {(k, d, h) for k in _palace(defender) for d in DIAGONALS
              for h in (d + (16 if d > 0 else -16), d + d - (16 if d > 0 else -16))
              if _on_board(k + h) and _on_board(k + d)}
    assert expect <= found, sorted(expect - found)[:5]


@pytest.mark.slow
@pytest.mark.parametrize("defender", [0, 1])
@pytest.mark.parametrize("kind", ["horse", "pawn", "cannon"])
def test_sweep_single_piece(eng, defender, kind):
    """One mover's horse, pawn or cannon on every square of the board, every king
    square: all its moves (a cannon with a defender's screen two steps from the king, a
    horse near the king also with one of the king's legs blocked)."""
    walk = Walk(asm_in_check=False)
    letter = {"horse": "n", "pawn": "p", "cannon": "c"}[kind]
    if defender == 1:
        letter = letter.upper()
    screen = "A" if defender == 0 else "a"

    def placements(k):
        for sq in range(256):
            if not _on_board(sq):
                continue
            if kind == "cannon":
                for other in (k - 32, k + 32, k - 2, k + 2):   # a screen two steps away
                    yield {sq: letter, other: screen}
            else:
                yield {sq: letter}
                near = abs((sq >> 4) - (k >> 4)) <= 4 and abs((sq & 15) - (k & 15)) <= 4
                if kind == "horse" and near:
                    for d in DIAGONALS:             # one leg of the king blocked
                        yield {sq: letter, k + d: screen}

    _sweep(eng, walk, defender, placements)
    assert not walk.bad, f"{len(walk.bad)} of {walk.moves} differ: {walk.bad[:5]}"
    assert walk.checks > 20


def test_hand_made_cover_every_branch():
    """Each class of the argument has a move that checks and one that does not."""
    kinds = {True: 0, False: 0}
    for _, _, check in HAND_MADE:
        kinds[check] += 1
    assert kinds[True] >= 15 and kinds[False] >= 8
