"""Every puzzle of assets/puzzles.txt checked by Fairy-Stockfish (the UCI client of
pyharness/match/uci.py), nothing cached:

* a mate in N: the engine, searching 2N + 8 plies (deep enough to see every shorter
  mate), reports
  mate in exactly N for the side to move; the stored solution (checked legal by the
  loader) ends in mate, and after each of the attacker's moves the engine still sees
  the mate one move nearer;
* a "win": a deep-ish search scores the side to move winning (a mate, or >= WIN_CP);
* a "draw": it scores the position within DRAW_CP of level.

Plus the form: at least 40 puzzles, mates first in rising N, then the endgames, every
source named, Red to move in every puzzle (the goal's side is the side to move).
"""
from __future__ import annotations

import time

import pytest

from pyharness.match.uci import EngineMissingError, UciEngine
from pyharness.reference.puzzles import load_puzzles

WIN_CP = 300
DRAW_CP = 120
#: the endgame verdicts' search (fixed nodes: deterministic, ~0.2 s each alone)
VERDICT_NODES = 200_000
#: a guard against a stuck engine (each read has its own 30 s timeout); ~40 s alone
BUDGET_S = 300.0

PUZZLES = load_puzzles()


@pytest.fixture(scope="module")
def fsf():
    try:
        eng = UciEngine()
    except EngineMissingError as exc:
        pytest.skip(f"Fairy-Stockfish is not installed: {exc}")
    yield eng
    eng.close()


def test_the_list_has_its_form():
    assert len(PUZZLES) >= 40
    order = [(0, p.mate_in) if p.goal == "mate" else (1, 0) for p in PUZZLES]
    assert order == sorted(order), "mates first, N rising, then the endgames"
    assert {p.mate_in for p in PUZZLES if p.goal == "mate"} == {1, 2, 3, 4, 5}
    assert {p.goal for p in PUZZLES} == {"mate", "win", "draw"}
    for p in PUZZLES:
        assert p.source and p.fen.split()[1] == "w", p
    fens = [p.fen.split()[0] for p in PUZZLES]
    assert len(set(fens)) == len(fens), "a position twice"


def test_every_mate_is_exactly_n_and_its_solution_mates(fsf):
    t0 = time.monotonic()
    for p in (p for p in PUZZLES if p.goal == "mate"):
        fsf.new_game()
        n = p.mate_in
        depth = 2 * n + 8
        bm = fsf.best_move(p.fen, depth=depth)
        assert bm.mate == n, f"puzzle {p.number + 1} (line {p.line_no}): engine says " \
                             f"{bm.mate and f'mate {bm.mate}' or f'{bm.score_cp} cp'}, stored mate {n}"
        line = list(p.solution)
        for k in range(2, len(line), 2):      # after Black's reply: still mate, one nearer
            bm = fsf.best_move(p.fen, line[:k], depth=2 * (n - k // 2) + 8)
            assert bm.mate == n - k // 2, (p.number + 1, k, bm)
    assert time.monotonic() - t0 < BUDGET_S


def test_every_endgame_goal_agrees_with_a_deep_search(fsf):
    t0 = time.monotonic()
    for p in (p for p in PUZZLES if p.goal != "mate"):
        fsf.new_game()
        bm = fsf.best_move(p.fen, nodes=VERDICT_NODES)
        where = f"puzzle {p.number + 1} (line {p.line_no}, {p.goal})"
        if p.goal == "win":
            assert (bm.mate is not None and bm.mate > 0) or \
                (bm.score_cp is not None and bm.score_cp >= WIN_CP), (where, bm)
        else:
            assert bm.mate is None and abs(bm.score_cp) <= DRAW_CP, (where, bm)
    assert time.monotonic() - t0 < BUDGET_S
