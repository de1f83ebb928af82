"""Null-move pruning (docs/search.md, "Null move"): the twin's rule, and asm = twin.

Twin: the null move cuts where it must (side to move far ahead: no node is made),
is never tried at the root, in check, right after a null move, or by a side without
a horse, rook or cannon; the repetition walk does not look through it; null_move=False
(the default of think() and of the asm's srch_null_on since the match of docs/journal.md)
is the search without it. Asm: node-identical to the twin on positions where null moves
are tried and cut, with the tries and cuts counted at the ROM labels srch_null_try and
srch_null_cut and compared with the twin's counters.
"""
from __future__ import annotations

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.bench.search import load_suite
from pyharness.reference import search as ref
from pyharness.reference.board import START_FEN
from pyharness.reference.lfsr import Lfsr
from pyharness.reference.position import Move, Position
from pyharness.reference.randpos import random_positions
from pyharness.reference.search import SearchLimits, Searcher, SearchRules, think

FAR_AHEAD = "4k4/9/9/9/9/9/9/2N1C4/R7R/4K4 w - - 0 1"   # Red: 2 rooks, horse, cannon
IN_CHECK = "3k5/9/9/9/9/9/9/9/4r4/R3K4 w - - 0 1"       # Red in check, has a rook
NO_MAJORS = "3k5/4a4/9/9/9/9/2P6/9/9/3AK4 w - - 0 1"   # pawns and advisors only
ONE_SIDE = "3k5/4a4/r8/9/9/9/2P6/9/9/3AK4 w - - 0 1"  # only Black has a major


def searcher(fen: str, null_move: bool = True, iir: bool = True) -> Searcher:
    """A searcher with the null move (reverse futility pruning off: with the reduction
    a depth-3 node far ahead would return its eval before the null move is tried)."""
    return Searcher(Position.from_fen(fen),
                    SearchLimits(rules=SearchRules(null_move=null_move, iir=iir, rfp=False)),
                    Lfsr.seeded(1))


def has_major(pos: Position) -> bool:
    return any(pos.piece_sq[16 * pos.side + i] for i in range(5, 11))


@pytest.fixture
def null_calls(monkeypatch):
    """Every make_null(): (record index of the node, side to move in check, side has a
    major piece, the node was reached by a null move)."""
    calls = []
    real = Searcher.make_null

    def spy(self):
        calls.append((len(self.keys) - 1 - self._root_index, self.pos.in_check(),
                      has_major(self.pos), self.nulls[-1]))
        real(self)
    real_init = Searcher.__init__

    def init(self, *a, **k):
        real_init(self, *a, **k)
        self._root_index = len(self.keys) - 1
    monkeypatch.setattr(Searcher, "make_null", spy)
    monkeypatch.setattr(Searcher, "__init__", init)
    return calls


def test_null_move_cuts_when_far_ahead_without_a_node():
    s = searcher(FAR_AHEAD)
    assert s.search(3, -1, 0, 1) == 0          # fail high on beta, no move made
    assert (s.nodes, s.null_tries, s.null_cuts) == (0, 1, 1)
    off = searcher(FAR_AHEAD, null_move=False)
    assert off.search(3, -1, 0, 1) > 0 and off.nodes > 0 and off.null_tries == 0


def test_null_move_cut_returns_beta_not_the_null_value():
    s = searcher(FAR_AHEAD)
    assert s.search(3, 499, 500, 1) == 500     # the null value is ~ +1,000
    assert (s.nodes, s.null_cuts) == (0, 1)
    s = searcher(FAR_AHEAD)                     # beta a mate score: no null move
    s.search(3, ref.WIN, ref.WIN + 1, 1)
    assert s.null_tries == 0


def test_no_null_move_in_check():
    calls = []
    s = searcher(IN_CHECK, iir=False)   # (the reduction leaves the children too shallow)
    orig = s.make_null

    def spy():
        calls.append(len(s.keys) - 1)
        orig()
    s.make_null = spy
    assert s.checks[-1]
    s.search(3, -1, 0, 1)
    assert 0 not in calls and calls            # tried below the node, never at it


def test_no_null_move_without_a_major_piece():
    s = searcher(NO_MAJORS)
    s.search(4, -1, 0, 1)
    assert s.null_tries == 0 and s.nodes > 0


@pytest.mark.parametrize("fen", [START_FEN, FAR_AHEAD, IN_CHECK, ONE_SIDE,
                                 "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKAB1R w - - 4 3"])
def test_null_move_conditions_hold_at_every_try(fen, null_calls):
    res = think(Position.from_fen(fen), depth=4, seed=3, rules=SearchRules(null_move=True))
    assert len(null_calls) == res.null_tries
    for index, in_check, major, after_null in null_calls:
        assert index > 0 and not in_check and major and not after_null


def test_null_moves_happen_and_prune_on_the_suite():
    tried = cut = n_on = n_off = 0
    for sp in load_suite()[::3]:
        pos = Position.from_fen(sp.fen)
        # the null move's own pruning, measured on the search without late-move
        # reductions (with them it saves less: -10 % on these positions)
        on = think(pos, depth=4, seed=1, rules=SearchRules(null_move=True, lmr=False))
        off = think(pos, depth=4, seed=1, rules=SearchRules(null_move=False, lmr=False))
        assert off.null_tries == off.null_cuts == 0
        tried += on.null_tries
        cut += on.null_cuts
        n_on += on.nodes
        n_off += off.nodes
    assert cut > 0 and tried >= cut
    assert n_on < 0.8 * n_off                   # measured: -37 % on the whole suite


def test_repetition_walk_stops_at_a_null_move():
    s = searcher(START_FEN)
    s.make(Move.from_iccs("h2e2"))
    s.make_null()
    s.make(Move.from_iccs("e2h2"))
    s.make_null()                               # same pieces and side as the start
    assert s.keys[-1] == s.keys[0]
    assert s.repetition(4) is None
    s.unmake_null()
    s.unmake()
    s.unmake_null()
    s.unmake()
    assert len(s.keys) == 1 and s.pos.side == 0


def test_make_null_and_unmake_null_restore_everything():
    s = searcher(FAR_AHEAD)
    before = (list(s.keys), list(s.checks), list(s.captures), list(s.halfmoves),
              list(s.nulls), s.pos.side, list(s.sums), s.nodes)
    s.make_null()
    assert s.keys[-1] == s.keys[-2] ^ s.zside and s.captures[-1] and s.halfmoves[-1] == 0
    assert s.nodes == 0 and s.nulls[-1] and not s.checks[-1]
    s.unmake_null()
    assert before == (s.keys, s.checks, s.captures, s.halfmoves, s.nulls, s.pos.side,
                      s.sums, s.nodes)


# ---------------------------------------------------------------------- asm = twin

@pytest.fixture(scope="module")
def eng() -> AsmEngine:
    return AsmEngine()


def test_constants_match_the_twin(eng):
    c = eng.constants
    assert (c["NULL_R"], c["NULL_MIN_DEPTH"]) == (ref.NULL_R, ref.NULL_MIN_DEPTH)


def asm_think(eng, pos, **kw):
    count = {"try": 0, "cut": 0}

    def on_try():
        count["try"] += 1

    def on_cut():
        count["cut"] += 1
    res = eng.think(pos, hooks={"srch_null_try": on_try, "srch_null_cut": on_cut}, **kw)
    return res, count["try"], count["cut"]


def check_same(eng, pos, **kw):
    kw.setdefault("rules", SearchRules(null_move=True))   # off by default: these test it on
    r = think(pos, **kw)
    a, tries, cuts = asm_think(eng, pos, **kw)
    assert (a.best_move, a.score, a.depth, a.nodes, a.pv) == \
        (r.best_move, r.score, r.depth, r.nodes, r.pv)
    assert (a.tt_probes, a.tt_hits) == (r.tt_probes, r.tt_hits)
    assert (tries, cuts) == (r.null_tries, r.null_cuts)
    return r


@pytest.mark.parametrize("fen", [FAR_AHEAD, IN_CHECK, NO_MAJORS, ONE_SIDE])
def test_asm_equals_twin_on_null_move_edge_cases(eng, fen):
    check_same(eng, Position.from_fen(fen), depth=4, seed=5)


def test_asm_equals_twin_where_null_moves_cut(eng):
    tried = cut = 0
    suite = load_suite()
    picks = [sp for sp in suite if sp.name in ("open-02", "mid-01", "end-05", "end-07")]
    for sp in picks:
        depth = 4 if sp.name.startswith("end") else 3
        r = check_same(eng, Position.from_fen(sp.fen), depth=depth, seed=1)
        tried += r.null_tries
        cut += r.null_cuts
    assert cut >= 20 and tried > cut


def test_asm_equals_twin_with_null_moves_and_a_repetition_record(eng):
    pos = Position.from_fen(START_FEN)
    for m in ("h2e2", "h7e7", "e2h2", "e7h7", "b0c2", "b9c7"):
        pos.push(Move.from_iccs(m))
    r = check_same(eng, pos, depth=3, seed=2)
    assert r.null_tries > 0


@pytest.mark.parametrize("fen", random_positions(6, 77))
def test_asm_equals_twin_on_random_positions(eng, fen):
    check_same(eng, Position.from_fen(fen), depth=3, seed=9)


def test_null_move_is_off_by_default_in_both(eng):
    """The default search (every level) has no null move, in the twin and the asm."""
    pos = Position.from_fen(load_suite()[1].fen)
    r = think(pos, depth=3, seed=5)
    a, tries, cuts = asm_think(eng, pos, depth=3, seed=5)
    assert r.null_tries == tries == 0
    assert (a.best_move, a.score, a.nodes) == (r.best_move, r.score, r.nodes)
    assert think(pos, depth=3, seed=5, rules=SearchRules(null_move=True)).null_tries > 0
