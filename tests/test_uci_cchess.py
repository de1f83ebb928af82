"""A Python client the project did not write: PyPI's `cchess` (its UcciEngine and
UciEngine classes, which send lines ending in CR LF and no isready) drives two
`xq65 uci` processes through complete games, one in each dialect; pyffish checks every
move and says when the game is over."""
from __future__ import annotations

import sys
import time

import pytest

from pyharness.match.uci import iccs_to_uci

cchess_engine = pytest.importorskip("cchess.engine")
sf = pytest.importorskip("pyffish")

pytestmark = pytest.mark.timeout(400)

MAX_PLIES = 160
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def _client(cls, tmp_path, name: str):
    script = tmp_path / name               # cchess runs one program, no arguments
    script.write_text(f"#!/bin/sh\nexec {sys.executable} -m pyharness.cli uci "
                      "--engine ref\n")
    script.chmod(0o755)
    eng = cls()
    assert eng.load(str(script))
    assert eng.wait_for_ready(timeout=60), "no uciok/ucciok"
    return eng


def _best(eng, fen: str, params: dict, timeout: float = 60) -> str | None:
    eng.go_from(fen, params)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        action = eng.get_action()
        if action is None:
            time.sleep(0.01)
            continue
        if action["action"] == "bestmove":
            return action["move"]
        if action["action"] == "dead":
            return None
    raise AssertionError(f"no bestmove within {timeout} s")


def _over(moves: list[str]) -> bool:
    fen = sf.get_fen("xiangqi", START, moves)
    if not sf.legal_moves("xiangqi", START, moves):
        return True
    ended, _ = sf.is_optional_game_end("xiangqi", START, moves)[:2]
    return ended or sf.is_immediate_game_end("xiangqi", START, moves)[0] or not fen


def test_cchess_clients_play_a_complete_game(tmp_path):
    red = _client(cchess_engine.UcciEngine, tmp_path, "xq65-ucci")
    black = _client(cchess_engine.UciEngine, tmp_path, "xq65-uci")
    try:
        red.set_option("Level", 1)              # cchess sends the UCI form: accepted
        moves: list[str] = []                   # Fairy-Stockfish notation, for pyffish
        while len(moves) < MAX_PLIES and not _over(moves):
            fen = sf.get_fen("xiangqi", START, moves)
            eng, params = (red, {}) if len(moves) % 2 == 0 else (black, {"depth": 2})
            move = _best(eng, fen, params)
            assert move is not None, f"no move in a game still going on: {fen}"
            fsf_move = iccs_to_uci(move)
            assert fsf_move in sf.legal_moves("xiangqi", START, moves), (fen, move)
            moves.append(fsf_move)
        assert len(moves) >= 10 and _over(moves), "the game did not end"
        print(f"{len(moves)} plies, over: {_over(moves)}, "
              f"legal moves left: {len(sf.legal_moves('xiangqi', START, moves))}")
    finally:
        red.quit()
        black.quit()
