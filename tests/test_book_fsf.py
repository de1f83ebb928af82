"""Every opening-book move, checked by Fairy-Stockfish.

For every position on every line of assets/book.txt the book move is searched alone
(`go depth BOOK_DEPTH searchmoves <move>`) and compared with the engine's free choice
at the same depth, from a fresh `ucinewgame` each time (so the result does not depend
on the order); a book move that is the free choice loses nothing and is not searched
again. No book move may score more than BOOK_MARGIN_CP centipawns below the engine's
best. Nothing is cached: the positions are walked from the asset every run. ~10-30 s
on this machine (2 cores under load); the whole walk is bounded by WALL_LIMIT_S.

The lines' left-right mirrors are played too (lookups also try the mirror), but they
are not searched: a mirrored position and move are the image of the original under a
symmetry of the rules and of the evaluation, so the move loses what the original
loses; a second search of the image would measure the search's noise (its move order
differs), not the book. test_book.py checks the mirrored lookups.
"""
from __future__ import annotations

import time

import pytest

from pyharness.reference.assets import load_book_lines
from pyharness.reference.position import Position
from pyharness.match.uci import UciEngine

BOOK_DEPTH = 10          # Fairy-Stockfish depth of both searches
BOOK_MARGIN_CP = 150     # a book move may be at most this much worse than the best
WALL_LIMIT_S = 300       # the walk fails rather than run longer
SEARCH_TIMEOUT_S = 30    # one search


def mirror_move(move: str) -> str:
    """ICCS move mirrored left-right (file a <-> i)."""
    return "".join(chr(ord("a") + ord("i") - ord(ch)) if ch.isalpha() else ch
                   for ch in move)


def book_pairs() -> dict[tuple[tuple[str, ...], str], str]:
    """(moves before, book move) -> line name, for every line."""
    pairs: dict[tuple[tuple[str, ...], str], str] = {}
    for line in load_book_lines():
        for i, move in enumerate(line.moves):
            pairs.setdefault((tuple(line.moves[:i]), move), line.name)
    return pairs


def move_loss(engine: UciEngine, before: tuple[str, ...], move: str,
              best_cache: dict) -> tuple[int, str]:
    """Centipawns the book move loses against the engine's best (>= about 0), best move."""
    start = Position.start().fen()
    if before not in best_cache:
        engine.new_game()
        best_cache[before] = engine.best_move(start, list(before), depth=BOOK_DEPTH,
                                              timeout=SEARCH_TIMEOUT_S)
    best = best_cache[before]
    if best.iccs == move:                   # the free choice is the book move: no loss
        return 0, best.iccs
    engine.new_game()
    alone = engine.best_move(start, list(before), depth=BOOK_DEPTH, searchmoves=[move],
                             timeout=SEARCH_TIMEOUT_S)
    assert alone.iccs == move
    return _cp(best) - _cp(alone), best.iccs


def _cp(answer) -> int:
    if answer.mate is not None:
        return 30000 if answer.mate > 0 else -30000
    assert answer.score_cp is not None
    return answer.score_cp


def test_the_check_catches_a_hung_rook(fsf):
    """The line the playtest found (起马 then 车一平二 behind the cannon) fails the margin."""
    loss, best = move_loss(fsf, ("h0g2", "g6g5"), "i0h0", {})
    assert loss > BOOK_MARGIN_CP, (loss, best)


def test_the_check_catches_the_mirror_image_too(fsf):
    """The mirror of a bad line is caught as well.  The two searches are not equal (at
    depth 10 the hung rook loses 433 and its mirror image 360: the move order differs,
    the position's value does not), which is why the walk searches each pair once."""
    before, move = ("h0g2", "g6g5"), "i0h0"
    image, best = move_loss(fsf, tuple(mirror_move(m) for m in before),
                            mirror_move(move), {})
    assert image > BOOK_MARGIN_CP, (image, best)


@pytest.mark.slow
def test_every_book_move_is_within_the_margin_of_fairy_stockfish(fsf):
    pairs = book_pairs()
    assert len(pairs) >= len(load_book_lines())
    t0 = time.monotonic()
    cache: dict = {}
    bad = []
    for (before, move), name in pairs.items():
        assert time.monotonic() - t0 < WALL_LIMIT_S, "book check ran out of time"
        loss, best = move_loss(fsf, before, move, cache)
        if loss > BOOK_MARGIN_CP:
            bad.append(f"{name}: after [{' '.join(before)}] {move} loses {loss} cp "
                       f"(depth {BOOK_DEPTH} best {best})")
    assert not bad, "\n".join(bad)
