"""Tables chosen at the root (docs/search.md, "Evaluation"): the twin's Evaluator.rows and
the asm's ev_prep choose the same table for every piece from the root's material, the
ROM holds the twin's bytes, and a search plays them node for node."""
from __future__ import annotations

import pytest

from pyharness.gen.gen_eval import packed, render
from pyharness.reference import eval as ev
from pyharness.reference.board import ADVISOR, BISHOP, KING, PAWN, PIECE_TYPES
from pyharness.reference.position import Position
from pyharness.reference.search import think
from pyharness.rom.asm_engine import AsmEngine

#: (FEN, Red's attack units, Black's): a middlegame, an endgame by both sides' units,
#: one where only Black's guards are spare, one where both sides' are
POSITIONS = [
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 8, 8),
    ("3ak1b2/4a4/b8/p3p2r1/3R4p/2P6/P7C/4B4/3K5/c2A5 w - - 0 30", 3, 3),
    ("3ak1b2/4a4/4b4/p7p/9/2P6/8P/4R4/4AC3/2BAKN3 w - - 0 39", 4, 0),
    ("3ak1b2/4a4/4b4/p7p/4n4/2P6/8P/9/4A4/2BAK1R2 b - - 0 39", 2, 1),
]


@pytest.mark.parametrize("fen, red, black", POSITIONS)
def test_the_twin_chooses_by_the_roots_attack_units(fen, red, black):
    pos = Position.from_fen(fen)
    assert ev.attack_units(pos.piece_sq) == [red, black]
    e = ev.Evaluator.default()
    rows = e.rows(pos.piece_sq)
    rt = e.root
    for p in range(32):
        t, side = PIECE_TYPES[p & 15], p >> 4
        enemy = (red, black)[side ^ 1]
        if t == PAWN:
            want = rt.pawn_end if red + black <= ev.END_UNITS else e.pst[PAWN]
        elif t == ADVISOR:
            want = rt.advisor_spare if enemy <= ev.SPARE_UNITS else e.pst[ADVISOR]
        elif t == BISHOP:
            want = rt.bishop_spare if enemy <= ev.SPARE_UNITS else e.pst[BISHOP]
        else:
            want = e.pst[t]
        assert rows[p] == want, p
    assert e.side_sums(pos.piece_sq) == e.side_sums(pos.piece_sq, rows)


def test_the_recipe_at_its_start_is_the_type_tables():
    """make_root_tables with the pawn's material and scale and no guard offset gives the
    engine's own tables: the recipe starts where the engine was (tools/lab/spsa.py)."""
    pst = ev.default_pst()
    same = ev.make_root_tables(ev.TUNED_MATERIAL[PAWN], ev.POSITION_SCALE_PCT, 0)
    assert same.pawn_end == pst[PAWN]
    assert (same.advisor_spare, same.bishop_spare) == (pst[ADVISOR], pst[BISHOP])
    rt = ev.RootTables.default()
    assert rt.pawn_end != pst[PAWN] and rt.advisor_spare != pst[ADVISOR]


def test_no_root_tables_is_the_type_tables():
    pos = Position.from_fen(POSITIONS[3][0])
    e = ev.Evaluator(ev.default_pst())
    assert e.rows(pos.piece_sq) == [e.pst[PIECE_TYPES[p & 15]] for p in range(32)]


def test_the_spare_guards_fit_in_the_other_guards_page():
    pst = ev.default_pst()
    rt = ev.RootTables.default()
    bishop_page = packed(pst[BISHOP], rt.advisor_spare, "advisor")
    for sq in range(256):
        assert bishop_page[sq] == (pst[BISHOP][sq] or rt.advisor_spare[sq])
    with pytest.raises(ValueError, match="square .* is taken"):
        packed(pst[KING], rt.advisor_spare, "advisor in the king's page")


def test_the_include_holds_the_root_tables():
    text = "\n".join(render(ev.default_pst(), "assets/pst_engine.txt"))
    assert "pst_pawn_end:" in text
    assert f"EVAL_END_UNITS = {ev.END_UNITS}" in text
    assert f"EVAL_SPARE_UNITS = {ev.SPARE_UNITS}" in text


@pytest.fixture(scope="module")
def eng():
    return AsmEngine()


def _page_of(eng: AsmEngine) -> dict[int, bytes]:
    """ROM page -> the twin table it holds at the squares a piece can stand on."""
    s = eng.sim
    return {s.addr(f"pst_{n}") >> 8: n for n in
            ("king", "advisor", "bishop", "knight", "rook", "cannon", "pawn", "pawn_end")}


@pytest.mark.parametrize("fen, red, black", POSITIONS)
def test_ev_prep_chooses_the_twins_tables(eng, fen, red, black):
    pos = Position.from_fen(fen)
    eng.load(pos)
    eng.sim.call("ev_full", max_cycles=20_000)
    pages = eng.sim.read("ev_page", 32)
    names = _page_of(eng)
    e = ev.Evaluator.default()
    rows = e.rows(pos.piece_sq)
    rt = e.root
    want = {id(rt.pawn_end): "pawn_end", id(rt.advisor_spare): "bishop",
            id(rt.bishop_spare): "advisor"}
    for p in range(32):
        if rows[p] is e.pst[PIECE_TYPES[p & 15]]:
            name = ("king", "advisor", "bishop", "knight", "rook", "cannon",
                    "pawn")[PIECE_TYPES[p & 15]]
        else:
            name = want[id(rows[p])]
        assert names[pages[p]] == name, p
    s = eng.sim.read("ev_sum", 4)
    assert [s[0] | s[1] << 8, s[2] | s[3] << 8] == e.side_sums(pos.piece_sq)


@pytest.mark.parametrize("fen", [f for f, r, b in POSITIONS[1:]])
def test_the_asm_searches_the_root_tables_node_for_node(eng, fen):
    pos = Position.from_fen(fen)
    trace_a, trace_r = [], []
    a = eng.think(pos, depth=3, seed=5, trace=trace_a)
    r = think(pos, depth=3, seed=5, trace=trace_r)
    assert trace_a == trace_r
    assert (a.best_move, a.score, a.nodes, a.pv) == (r.best_move, r.score, r.nodes, r.pv)
    plain = think(pos, depth=3, seed=5, evaluator=ev.Evaluator(ev.default_pst()))
    assert (plain.nodes, plain.score) != (r.nodes, r.score)   # the tables changed the search
