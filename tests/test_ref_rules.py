"""The end-of-game rules of docs/rules.md, one test per rule (fast, < 1 s)."""
from __future__ import annotations

import pytest

from pyharness.reference.board import BLACK, RED
from pyharness.reference.errors import IllegalMoveError
from pyharness.reference.game import Game, GameResult
from pyharness.reference.position import Move

ROOK_VS_KING = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"


def play(fen: str, moves: str) -> Game:
    """Play `moves` (ICCS, space-separated); the game must not end before the last."""
    game = Game(fen)
    for text in moves.split():
        assert game.result() is None, f"game ended before {text}: {game.result()}"
        game.push(text)
    return game


def test_checkmate_loses():
    game = play("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1", "a1d1")
    assert game.result() == GameResult(RED, "checkmate")


def test_stalemate_loses():
    game = Game("3k5/2P6/9/9/4R4/9/9/9/9/5K3 b - - 0 1")
    assert not game.position.in_check()
    assert game.result() == GameResult(RED, "stalemate")


def test_perpetual_check_loses():
    # Red's rook checks on rank 9 and rank 8 by turns; Black's king steps e9/e8.
    cycle = "a8a9 e9e8 a9a8 e8e9 "
    game = play(ROOK_VS_KING, "a0a9 e9e8 a9a8 e8e9 " + cycle * 2 + "a8a9")
    assert game.repetition_count() == 4
    assert game.result() == GameResult(BLACK, "perpetual check")


def test_third_occurrence_is_not_yet_the_end():
    game = play(ROOK_VS_KING, "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9")
    assert game.repetition_count() == 3
    assert game.result() is None


def test_plain_repetition_draws():
    game = play(ROOK_VS_KING, "a0a1 e9e8 a1a0 e8e9 " * 3)
    assert game.repetition_count() == 4
    assert game.result() == GameResult(None, "repetition")


def test_checking_only_some_moves_is_a_draw():
    game = play(ROOK_VS_KING, "a0a9 e9e8 a9a0 e8e9 " * 3)
    assert game.result() == GameResult(None, "repetition")


def test_perpetual_check_by_black_loses():
    fen = "r2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1"
    cycle = "a1a0 e0e1 a0a1 e1e0 "
    game = play(fen, "a9a0 e0e1 a0a1 e1e0 " + cycle * 2 + "a1a0")
    assert game.result() == GameResult(RED, "perpetual check")


def test_hundred_plies_without_capture_draws():
    game = play("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 98 60", "a1a2")
    assert game.result() is None
    game.push("d9d8")
    assert game.position.halfmove == 100
    assert game.result() == GameResult(None, "100 plies without capture")


def test_capture_resets_the_hundred_ply_count():
    game = play("3k5/9/9/9/9/9/9/p8/R8/4K4 w - - 99 60", "a1a2")
    assert game.position.halfmove == 0
    assert game.result() is None


def test_mate_on_the_hundredth_ply_is_still_mate():
    game = play("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 99 80", "a1d1")
    assert game.result() == GameResult(RED, "checkmate")


def test_no_attacking_pieces_draws():
    assert Game("3kab3/9/9/9/9/9/9/9/4A4/5K3 w - - 0 1").result() == \
        GameResult(None, "no attacking pieces")
    game = Game("4k4/9/9/9/9/9/9/9/3p5/3K5 w - - 0 1")
    assert game.result() is None  # Black's pawn is an attacker
    game.push("d0d1")  # the king takes the last one
    assert game.result() == GameResult(None, "no attacking pieces")
    game = play("3k5/9/9/9/9/9/9/p8/R8/4K4 w - - 0 1", "a1a2")
    assert game.result() is None  # Red's rook remains


def test_flying_general_counts_as_check():
    # Black's only legal moves keep off the open e-file.
    game = Game("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1")
    assert sorted(m.iccs() for m in game.position.legal_moves()) == ["d9d8"]
    with pytest.raises(IllegalMoveError, match="leaves the black king in check"):
        game.push("d9e9")
    # the only piece between the kings may not leave the file
    game = Game("4k4/9/9/9/4n4/9/9/9/9/4K4 b - - 0 1")
    knight = Move.from_iccs("e5d3").frm
    assert any(m.frm == knight for m in game.position.pseudo_legal_moves())
    assert not any(m.frm == knight for m in game.position.legal_moves())


def test_push_rejects_illegal_moves_and_pop_undoes():
    game = Game()
    for text, message in [("e3e5", "cannot move that way"), ("a9a8", "black"),
                          ("e5e6", "no piece"), ("z0a1", "not an ICCS square")]:
        with pytest.raises(IllegalMoveError, match=message):
            game.push(text)
    game.push("h2e2")
    game.push(Move.from_iccs("h9g7"))
    assert [m.iccs() for m in game.moves] == ["h2e2", "h9g7"]
    assert game.pop() == Move.from_iccs("h9g7")
    assert game.position.side == BLACK and len(game.moves) == 1


@pytest.mark.parametrize("fen,moves", [
    (ROOK_VS_KING, "a0a9 e9e8 a9a8 e8e9 " + "a8a9 e9e8 a9a8 e8e9 " * 2 + "a8a9"),
    ("r2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
     "a9a0 e0e1 a0a1 e1e0 " + "a1a0 e0e1 a0a1 e1e0 " * 2 + "a1a0"),
    (ROOK_VS_KING, "a0a1 e9e8 a1a0 e8e9 " * 3),
    (ROOK_VS_KING, "a0a9 e9e8 a9a0 e8e9 " * 3),
])
def test_repetition_verdicts_agree_with_fairy_stockfish(fen, moves):
    """Fairy-Stockfish judges repetitions already at the 3rd occurrence, we at the 4th;
    the verdict (who wins, or a draw) must be the same."""
    sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed")
    game = play(fen, moves)
    ours = game.result()
    ffish_moves = [f"{t[0]}{int(t[1]) + 1}{t[2]}{int(t[3]) + 1}" for t in moves.split()]
    ended, value = sf.is_optional_game_end("xiangqi", fen, ffish_moves)
    assert ended
    side = game.position.side
    theirs = None if value == 0 else (side if value > 0 else side ^ 1)
    assert ours.winner == theirs
