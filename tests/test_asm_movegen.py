"""The asm move generator (ROM code under py65) against the Python reference.

Same legal moves in the same order: every public perft position, 500 seeded random
positions (and every child of some of them), a position near the most legal moves,
positions without legal moves; and the move-stack overflow guard.  mg_generate_captures
(the quiescence generator) against the same legal list filtered to captures.
"""
from __future__ import annotations

import pytest

from pyharness.rom.asm_engine import AsmEngine, EngineOverflowError
from pyharness.reference.position import Position
from pyharness.reference.randpos import random_positions

RANDOM_SEED = 20261122
NEAR_MAX_FEN = "6R2/1P1P1k3/2C6/4P4/1P1P1N3/4N4/7R1/B3BA3/3KA4/8C w - - 0 1"  # 108 moves
CHECKMATE_FEN = "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1"
STALEMATE_FEN = "3k5/2P6/9/9/4R4/9/9/9/9/5K3 b - - 0 1"


@pytest.fixture(scope="module")
def eng() -> AsmEngine:
    return AsmEngine()


@pytest.fixture(scope="module")
def random_fens() -> list[str]:
    return random_positions(500, RANDOM_SEED)


def iccs(moves) -> list[str]:
    return [m.iccs() for m in moves]


def test_start_position(eng):
    pos = Position.start()
    eng.load(pos)
    assert iccs(eng.generate().moves) == iccs(pos.legal_moves())


def test_public_positions(eng, perft_cases):
    assert len(perft_cases) >= 17
    for case in perft_cases:
        pos = Position.from_fen(case.fen)
        eng.load(pos)
        moves = eng.generate().moves
        assert iccs(moves) == iccs(pos.legal_moves()), case.id
        assert len(moves) == case.counts[1], case.id


def test_random_positions(eng, random_fens):
    assert len(random_fens) == 500
    mismatches = []
    for fen in random_fens:
        pos = Position.from_fen(fen)
        eng.load(pos)
        if eng.generate().moves != pos.legal_moves():
            mismatches.append(fen)
    assert not mismatches, f"{len(mismatches)} differ, first {mismatches[0]}"


def walk_children(eng, fens, check) -> int:
    """Make each legal move of each FEN in the engine and the reference, call
    check(pos, where) at ply 1 (it returns whether it checked something), unmake.
    Returns how many children were checked."""
    checked = 0
    for fen in fens:
        pos = Position.from_fen(fen)
        eng.load(pos)
        for move in eng.generate().moves:
            eng.make(move)
            pos.push(move)
            assert eng.ply == 1
            checked += bool(check(pos, f"{fen} after {move}"))
            eng.unmake()
            pos.pop()
    return checked


def test_children_of_random_positions(eng, random_fens):
    """Make each legal move in the engine, generate at ply 1, compare, unmake."""
    def check(pos, where):
        assert eng.generate().moves == pos.legal_moves(), where
        return True
    assert walk_children(eng, random_fens[:40], check) > 500


def test_in_check_agrees(eng, random_fens):
    seen = set()
    for fen in random_fens[:200]:
        pos = Position.from_fen(fen)
        eng.load(pos)
        eng.generate()
        assert bool(eng.sim.peek("mg_incheck")) == pos.in_check(), fen
        assert eng.in_check() == pos.in_check(), fen
        seen.add(pos.in_check())
    assert seen == {True, False}


# In check: evasions that mg_emit_ev must NOT store without the full test (each was
# stored wrongly by a first version of the quick path; the twin rejects the move listed).
EVASION_FENS = {
    # a stamped square off the check line (the file cannon's landing square): g4e2
    "stamp_off_the_line": "6b2/4k4/9/2p6/2b6/P5B2/2P1c1P2/B8/9/1N1AK3r w - - 2 18",
    # a block in front of a screen that is an enemy cannon: a2c0, a1c0
    "block_before_cannon_screen": "1rbakab2/9/9/p1p1p1p1p/9/2P6/P3P3P/B8/N8/cc2K4 w - - 2 15",
    # capturing a checking rook with a cannon behind it: d7e8
    "capture_rook_cannon_behind": "2b1kab2/4R4/3a5/p1p1C1p1p/8r/2P5P/1c4P2/8B/9/2BAKA3 b - - 5 13",
    # a block in front of a cannon screen, black to move: c7e8
    "block_before_cannon_screen_black": "r2akab2/9/2n6/p1p1C1p2/9/P3C4/2P1c1P2/9/4K4/2B3B2 b - - 3 12",
    # movers on a line of the king that must not evade: the checking cannon's own screen
    # moving along the check line (e2e3, e2e4; e2e5 captures it: legal), and a block
    # from the king's rank that uncovers a rook there (d0e2).  mg_scan stamps both (the
    # check line, the pin), so they get the full test, not mg_emit_ev's quick path.
    "screen_moves_along_check_line": "3k5/9/9/9/4c4/9/9/4R4/9/4K4 w - - 0 1",
    "block_uncovers_rank": "3k5/9/9/4r4/9/9/9/9/9/r2NK4 w - - 0 1",
}


@pytest.mark.parametrize("name", sorted(EVASION_FENS))
def test_evasions_hand_made(eng, name):
    pos = Position.from_fen(EVASION_FENS[name])
    assert pos.in_check()
    eng.load(pos)
    assert eng.generate().moves == pos.legal_moves(), name


def test_evasions_of_checking_children(eng, random_fens):
    """Every position in check one or two plies below the random positions."""
    checked = 0
    for fen in random_fens:
        pos = Position.from_fen(fen)
        for m in pos.legal_moves():
            pos.push(m)
            kids = [pos.copy()] if pos.in_check() else []
            if not kids:
                for m2 in pos.legal_moves()[:12]:
                    pos.push(m2)
                    if pos.in_check():
                        kids.append(pos.copy())
                    pos.pop()
            pos.pop()
            for kid in kids:
                q = Position.from_fen(kid.fen())
                eng.load(q)
                assert eng.generate().moves == q.legal_moves(), q.fen()
                checked += 1
    assert checked > 300


def test_near_maximum_move_count(eng):
    pos = Position.from_fen(NEAR_MAX_FEN)
    eng.load(pos)
    moves = eng.generate().moves
    ref = pos.legal_moves()
    assert moves == ref
    assert len(ref) >= 100
    consts = eng.constants
    assert len(moves) < consts["MG_MAX"]


@pytest.mark.parametrize("fen, in_check", [(CHECKMATE_FEN, True), (STALEMATE_FEN, False)])
def test_no_legal_moves(eng, fen, in_check):
    pos = Position.from_fen(fen)
    assert pos.legal_moves() == []
    assert pos.in_check() == in_check
    eng.load(pos)
    assert eng.generate().moves == []
    assert eng.sim.peek("mg_count") == 0
    assert eng.sim.peek("mv_base_lo", 1) == eng.sim.peek("mv_base_lo", 0)
    assert eng.in_check() == in_check


def test_random_positions_without_moves(eng, random_fens):
    ended = [f for f in random_fens if not Position.from_fen(f).legal_moves()]
    for fen in ended:
        eng.load(Position.from_fen(fen))
        assert eng.generate().moves == []


def _set_base(eng, ply: int, base: int) -> None:
    eng.sim.poke("mv_base_lo", base & 0xFF, ply)
    eng.sim.poke("mv_base_hi", base >> 8, ply)


def test_move_stack_overflow_guard(eng):
    consts = eng.constants
    cap, reserve = consts["MV_CAP"], consts["MG_MAX"]
    pos = Position.from_fen(NEAR_MAX_FEN)
    eng.load(pos)
    _set_base(eng, 0, cap - reserve)          # exactly MG_MAX slots left: fits
    assert eng.generate().moves == pos.legal_moves()
    eng.load(pos)
    _set_base(eng, 0, cap - reserve + 1)      # one slot short: refused, nothing written
    with pytest.raises(EngineOverflowError):
        eng.generate()
    assert eng.sim.peek("mg_count") == 0


def test_ply_limit_guard(eng):
    consts = eng.constants
    eng.load(Position.start())
    eng.sim.poke("eng_ply", consts["MAX_PLY"])
    with pytest.raises(EngineOverflowError):
        eng.generate()


def test_stamp_wrap_clears_the_map(eng):
    """After 255 generations the stamp wraps; the map must then hold only fresh stamps."""
    pos = Position.from_fen(NEAR_MAX_FEN)
    eng.load(pos)
    ref = pos.legal_moves()
    wrapped = False
    for _ in range(300):
        assert eng.generate().moves == ref
        if eng.sim.peek("mg_stamp") == 1:
            dmap = eng.sim.read("mg_dmap", 256)
            assert set(dmap) <= {0, 1}
            wrapped = True
    assert wrapped


def test_pos_attacked_any_own_half_square(eng, random_fens):
    """pos_attacked on every square of the defender's half agrees with the reference
    (the public entry counts every enemy horse; the generator's palace entry only those
    on the own half)."""
    checked = 0
    for fen in random_fens[:60]:
        pos = Position.from_fen(fen)
        eng.load(pos)
        eng.in_check()                          # pos_setup_side for the side to move
        for rank in range(10):
            for file in range(9):
                sq = (12 - rank) * 16 + 3 + file
                if bool(sq & 0x80) != (pos.side == 0):
                    continue                    # not on the defender's half
                eng.sim.poke("att_sq", sq)
                eng.sim.call("pos_attacked")
                got = bool(eng.sim.mpu.p & 1)
                assert got == pos.square_attacked(sq, pos.side ^ 1), f"{fen} sq {sq:02X}"
                checked += 1
    assert checked == 60 * 45


# ---------------------------------------------------------------- mg_generate_captures

# Positions not in check where a pseudo-legal capture is illegal (or a stamped target is
# captured legally): each is the case of one line of the legality filter (movegen.s).
CAPTURE_FENS = {
    "rook_pin": "3k5/9/9/9/4r4/9/2p1R4/9/9/4K4 w - - 0 1",               # e3c3 illegal
    "black_rook_pin": "4k4/9/9/2P1r4/9/4R4/9/9/9/3K5 b - - 0 1",        # e6c6 illegal
    "cannon_screens": "3k5/9/4c4/9/9/p3R4/3p5/9/4N4/4K4 w - - 0 1",      # p1, p2 of a cannon
    "flying_general": "4k4/9/9/9/9/pP2C4/9/9/9/4K4 w - - 0 1",           # e4a4 illegal
    "horse_leg": "3k5/9/9/9/9/9/9/5n3/p4R3/4K4 w - - 0 1",               # f1a1 illegal
    "king_captures": "3k5/9/9/9/4r4/9/9/9/4n4/4Kn3 w - - 0 1",           # e0e1 illegal
    "king_captures_attacked": "3k1r3/9/9/9/9/9/9/9/r3n4/4Kn3 w - - 0 1",  # both illegal
    "stamped_target": "3k5/9/9/4r4/9/9/R3n4/9/9/4K4 w - - 0 1",          # a3e3 legal
}


def ref_captures(pos: Position) -> list:
    """The quiescence list of the twin: legal moves onto an occupied square, in order."""
    return [m for m in pos.legal_moves() if pos.board[m.to]]


def assert_captures(eng, pos: Position, label: str) -> None:
    eng.load(pos)
    got = eng.generate_captures().moves
    want = pos.legal_moves() if pos.in_check() else ref_captures(pos)
    assert got == want, f"{label}: {iccs(got)} != {iccs(want)}"


@pytest.mark.parametrize("name", sorted(CAPTURE_FENS))
def test_captures_hand_made(eng, name):
    pos = Position.from_fen(CAPTURE_FENS[name])
    assert not pos.in_check()
    pseudo = [m for m in pos.pseudo_legal_moves() if pos.board[m.to]]
    if name != "stamped_target":
        assert pseudo != ref_captures(pos), "the position must test the filter"
    assert_captures(eng, pos, name)


def test_captures_public_positions(eng, perft_cases):
    for case in perft_cases:
        assert_captures(eng, Position.from_fen(case.fen), case.id)


def test_captures_bench_suite(eng):
    from pyharness.bench.search import load_suite

    total = 0
    for entry in load_suite():
        pos = Position.from_fen(entry.fen)
        assert_captures(eng, pos, entry.name)
        total += len(ref_captures(pos))
    assert total > 50


def test_captures_random_positions(eng, random_fens):
    mismatches, quiet, total = [], 0, 0
    for fen in random_fens:
        pos = Position.from_fen(fen)
        eng.load(pos)
        want = pos.legal_moves() if pos.in_check() else ref_captures(pos)
        if eng.generate_captures().moves != want:
            mismatches.append(fen)
        quiet += not pos.in_check()
        total += len(want) if not pos.in_check() else 0
    assert not mismatches, f"{len(mismatches)} differ, first {mismatches[0]}"
    assert quiet > 400 and total > 100


def test_captures_children_of_random_positions(eng, random_fens):
    """At ply 1 after every legal move of some random positions (the search's case)."""
    def check(pos, where):
        want = pos.legal_moves() if pos.in_check() else ref_captures(pos)
        assert eng.generate_captures().moves == want, where
        return True
    assert walk_children(eng, random_fens[:40], check) > 500


def test_captures_in_check_are_all_evasions(eng, random_fens):
    checked = [f for f in random_fens if Position.from_fen(f).in_check()]
    assert checked
    for fen in checked:
        pos = Position.from_fen(fen)
        eng.load(pos)
        assert eng.generate_captures().moves == pos.legal_moves(), fen
        assert eng.sim.peek("mg_incheck")


def test_captures_stack_guards(eng):
    consts = eng.constants
    cap, reserve = consts["MV_CAP"], consts["MG_MAX"]
    pos = Position.from_fen(NEAR_MAX_FEN)
    eng.load(pos)
    _set_base(eng, 0, cap - reserve)
    assert eng.generate_captures().moves == ref_captures(pos)
    eng.load(pos)
    _set_base(eng, 0, cap - reserve + 1)
    with pytest.raises(EngineOverflowError):
        eng.generate_captures()
    assert eng.sim.peek("mg_count") == 0
    eng.load(pos)
    eng.sim.poke("eng_ply", consts["MAX_PLY"])
    with pytest.raises(EngineOverflowError):
        eng.generate_captures()


# ------------------------------------------- the "not in check" entries (the search's)
# mg_generate_nc / mg_generate_captures_nc: called when the side to move is known not to
# be in check (REC_CHECK clear); they skip mg_scan's pawn tests and must give the lists
# of mg_generate / mg_generate_captures exactly.

def _gen_nc(eng, routine: str) -> list:
    s = eng.sim
    s.call(routine)
    if s.mpu.p & 1:
        raise EngineOverflowError(f"{routine}: move stack full at ply {eng.ply}")
    assert s.peek("mg_incheck") == 0
    return eng.read_moves()


def _assert_nc(eng, pos: Position, label: str) -> None:
    assert not pos.in_check()
    eng.load(pos)
    assert _gen_nc(eng, "mg_generate_nc") == pos.legal_moves(), label
    assert _gen_nc(eng, "mg_generate_captures_nc") == ref_captures(pos), label


# Not in check, with pawns beside and before the king (tests mg_scan::nc skips) and
# pins that only the horse and ray parts stamp.
NC_FENS = {
    "pawns_near_king": "3k5/9/9/9/9/9/9/3p1p3/4K4/4p4 w - - 0 1",
    "enemy_pawn_behind": "3k5/9/9/9/9/9/9/4K4/4p4/9 w - - 0 1",
    "black_pawns_beside": "9/3pkp3/4p4/9/9/9/9/9/9/3K5 b - - 0 1",
    "pinned_by_horse_leg": "3k5/9/9/9/9/9/9/5n3/p4R3/4K4 w - - 0 1",
}


@pytest.mark.parametrize("name", sorted(NC_FENS) + sorted(CAPTURE_FENS))
def test_nc_entries_hand_made(eng, name):
    fen = NC_FENS.get(name) or CAPTURE_FENS[name]
    _assert_nc(eng, Position.from_fen(fen), name)


def _assert_nc_where_not_in_check(eng, labelled_fens) -> int:
    """_assert_nc on every (fen, label) whose side to move is not in check; how many."""
    checked = 0
    for fen, label in labelled_fens:
        pos = Position.from_fen(fen)
        if not pos.in_check():
            _assert_nc(eng, pos, label)
            checked += 1
    return checked


def test_nc_entries_public_and_suite(eng, perft_cases):
    from pyharness.bench.search import load_suite

    fens = [(c.fen, c.id) for c in perft_cases] + [(e.fen, e.name) for e in load_suite()]
    assert _assert_nc_where_not_in_check(eng, fens) > 40


def test_nc_entries_random_positions(eng, random_fens):
    assert _assert_nc_where_not_in_check(eng, [(f, f) for f in random_fens]) > 400


def test_nc_entries_children_of_random_positions(eng, random_fens):
    def check(pos, where):
        if pos.in_check():
            return False
        assert _gen_nc(eng, "mg_generate_nc") == pos.legal_moves(), where
        assert _gen_nc(eng, "mg_generate_captures_nc") == ref_captures(pos), where
        return True
    assert walk_children(eng, random_fens[:40], check) > 500


# mg_generate_captures_nc runs no mg_scan: a capture's mover on the king's file or rank
# gets a ray scan (mg_capt_line), one on a horse leg and every king capture the full
# test.  Each position has a pseudo-legal capture that uncovers the king (checked below,
# so every case exercises a rejection): both file directions, both rank directions, a
# cannon's second screen, the flying general, a target on the same ray with a cannon
# behind it, king captures along the file and the rank, and Black to move.
UNCOVER_FENS = {
    "file_rook_pin_sideways": "3k5/9/9/4r4/9/9/9/2p1R4/9/4K4 w - - 0 1",        # e2c2
    "file_cannon_second_screen": "3k5/9/4c4/9/3p5/9/4N4/9/4A4/4K4 w - - 0 1",   # e3d5
    "rank_east_rook_pin": "4k4/9/9/9/9/9/9/6p2/9/3K1N1r1 w - - 0 1",            # f0g2
    "rank_west_cannon_screens": "3k5/9/9/9/9/9/4p4/2p6/9/1c1NRK3 w - - 0 1",    # d0c2, e0e3
    "flying_general_cannon": "4k4/9/9/9/9/2rpC4/9/9/9/4K4 w - - 0 1",           # e4c4
    "target_on_ray_cannon_behind": "3k5/4c4/9/9/4n4/9/9/4R4/9/4K4 w - - 0 1",   # e2e5
    "king_capture_file": "3k5/9/9/9/4r4/9/9/9/4n4/4K4 w - - 0 1",              # e0e1
    "king_capture_rank": "5k3/9/9/9/9/9/9/9/9/r2nK4 w - - 0 1",                # e0d0
    "black_file_south": "4k4/9/2P1r4/9/9/9/9/4R4/9/3K5 b - - 0 1",              # e7c7
    "horse_leg": CAPTURE_FENS["horse_leg"],                                     # f1a1
}


@pytest.mark.parametrize("name", sorted(UNCOVER_FENS))
def test_captures_nc_rejects_uncovering_captures(eng, name):
    pos = Position.from_fen(UNCOVER_FENS[name])
    pseudo = [m for m in pos.pseudo_legal_moves() if pos.board[m.to]]
    assert len(ref_captures(pos)) < len(pseudo), f"{name}: no illegal capture to reject"
    _assert_nc(eng, pos, name)


@pytest.mark.parametrize("routine", ["mg_generate_nc", "mg_generate_captures_nc"])
def test_nc_entries_stack_guards(eng, routine):
    consts = eng.constants
    cap, reserve = consts["MV_CAP"], consts["MG_MAX"]
    pos = Position.from_fen(NEAR_MAX_FEN)
    want = pos.legal_moves() if routine == "mg_generate_nc" else ref_captures(pos)
    eng.load(pos)
    _set_base(eng, 0, cap - reserve)
    assert _gen_nc(eng, routine) == want
    eng.load(pos)
    _set_base(eng, 0, cap - reserve + 1)
    with pytest.raises(EngineOverflowError):
        _gen_nc(eng, routine)
    assert eng.sim.peek("mg_count") == 0
