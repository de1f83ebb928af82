"""Handicaps (让子) on the cartridge: assets/handicaps.txt is what the ROM offers (the
generator's tables), each handicap is the standard start less the giver's named pieces,
the asm engine and the twin search alike from a handicap start, and a handicap game
chosen through the menu in cynes starts there with the book off."""
from __future__ import annotations

import pytest

from pyharness.reference.board import KNIGHT, PIECE_TYPES, ROOK, RED, BLACK
from pyharness.reference.position import Position
from pyharness.rom.emu import MODE_BLACK, MODE_TWO, Emulator, GameDriver
from pyharness.rom.starts import load_handicaps, may_stand, place_table, slot_bits

HANDICAPS = load_handicaps()
REMOVED = {"horse": [KNIGHT], "horses": [KNIGHT, KNIGHT], "rook": [ROOK],
           "nine": [1, 1, 2, 2, 6, 6, 6, 6, 6]}       # advisors, elephants, pawns


def test_every_handicap_is_the_start_less_the_givers_named_pieces():
    start = Position.start()
    keys = set()
    for hc in HANDICAPS:
        giver, what = hc.key.split("_")
        side = {"red": RED, "black": BLACK}[giver]
        pos = hc.position
        here = {q: pos.piece_at(q) for q in range(256) if pos.piece_at(q)}
        was = {q: start.piece_at(q) for q in range(256) if start.piece_at(q)}
        assert all(was.get(q) == p for q, p in here.items()), hc.key   # nothing moved
        gone = [was[q] for q in was if q not in here]
        assert all(s == side for s, _ in gone), hc.key
        assert sorted(t for _, t in gone) == sorted(REMOVED[what]), hc.key
        assert pos.side == RED and hc.source and hc.name_zh
        keys.add(hc.key)
    assert {k.split("_")[1] for k in keys} == set(REMOVED) and len(keys) == 2 * len(REMOVED)


def sq(text: str) -> int:
    """ICCS square name -> 16x16 square (docs/encoding.md)."""
    return (12 - int(text[1])) * 16 + 3 + "abcdefghi".index(text[0])


def test_the_place_rule_holds_the_start_and_refuses_the_wrong_points():
    start = Position.start()
    bits, place = slot_bits(), place_table()
    for i, square in enumerate(start.piece_sq[:32]):
        assert place[square] & bits[i], i
    assert not may_stand(RED, 1, sq("e0")) and may_stand(RED, 1, sq("e1"))   # advisor
    assert not may_stand(RED, 2, sq("e4")) and may_stand(RED, 2, sq("g4"))   # elephant
    assert not may_stand(RED, 2, sq("e6"))                                    # over the river
    assert not may_stand(RED, 6, sq("b3")) and may_stand(RED, 6, sq("b5"))   # pawn
    assert may_stand(BLACK, 6, sq("a2")) and not may_stand(BLACK, 6, sq("b6"))
    assert not may_stand(RED, 0, sq("c0")) and not may_stand(BLACK, 0, sq("e0"))
    assert sum(1 for v in place if v) == 90


@pytest.mark.timeout(300)
def test_the_asm_engine_and_the_twin_search_alike_from_a_handicap():
    from pyharness.diff import run_diff
    nine = next(h for h in HANDICAPS if h.key == "red_nine")
    rep = run_diff(depth=3, seed=5, named=[(nine.key, nine.fen)])
    assert rep.first is None, rep.first
    assert rep.searches == 3 and rep.nodes > 100


@pytest.mark.timeout(120)
def test_a_handicap_chosen_in_the_menu_starts_there_with_the_book_off(rom):
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    want = 3                                              # the 4th line: red_nine
    while d.emu.read("game_mode") != MODE_BLACK:         # the CPU plays Red
        d.tap("right")
    d.tap("down", 2)                                      # START
    d.tap("right", want + 1)
    assert d.emu.read("menu_start") == want + 1
    d.tap("a")
    d.wait_until(lambda: d.emu.read("save_kind") == 1, limit=60)
    assert d.emu.read("save_index") == want
    d.wait_until(lambda: d.emu.read("game_nply") == 1, limit=900)   # the CPU's move
    assert d.emu.read("srch_use_book") == 1               # off: not the standard start
    start = HANDICAPS[want].position
    assert bytes(d.emu.read("save_pieces", 32)) == bytes(start.piece_sq[:32])
    (frm, to), = d.record()
    pos = start.copy()
    assert any(m.frm == frm and m.to == to for m in pos.legal_moves())


@pytest.mark.timeout(300)
def test_no_book_move_from_a_handicap_in_the_asm_book_nor_the_twins():
    """Even with the book forced on (the cartridge turns it off away from the standard
    start), neither book has a move for a handicap start: they agree."""
    from pyharness.reference.search import think
    from pyharness.rom.asm_engine import AsmEngine
    eng = AsmEngine()
    for hc in HANDICAPS:
        a = eng.think(hc.position, depth=1, use_book=True, seed=3)
        r = think(hc.position, depth=1, use_book=True, seed=3)
        assert not a.from_book and not r.from_book, hc.key
        assert a.best_move == r.best_move, hc.key
    start = Position.start()                      # the standard start: both books play
    assert eng.think(start, depth=1, use_book=True, seed=3).from_book
    assert think(start, depth=1, use_book=True, seed=3).from_book
