"""The page's JavaScript codec (web/src/savefile.js, run under node) against Python's:
the same save bytes and the same PGN for the same games, the same games read back, the
same refusals, and the same saves from PGN / FEN text in every notation."""
from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from gameio_games import STARTS, random_game, sample_games
from pyharness.gameio.pgn import ended_early, read_pgn, result_code_for, write_pgn
from pyharness.gameio.savefile import (SRAM_SIZE, SaveError, SavedGame, classify_start,
                                       contract, read_save, write_save)
from pyharness.reference.errors import Xq65Error
from pyharness.reference.notation import chinese, wxf
from pyharness.reference.position import Position

NODE = shutil.which("node")
SCRIPT = Path(__file__).parent / "js" / "gameio_node.js"
pytestmark = pytest.mark.skipif(NODE is None, reason="needs node (make test installs npm)")


def run_node(job: dict) -> dict:
    job = {"contract": contract(), **job}
    res = subprocess.run([NODE, str(SCRIPT)], input=json.dumps(job), capture_output=True,
                         text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def finished_games() -> list[SavedGame]:
    """Games with a result: mate, a resignation, a repetition."""
    mate = SavedGame(fen="4k4/4a4/9/9/9/9/9/9/3R5/3K2R2 w - - 0 1", kind=3, moves=["g0g9"],
                     result=1, mode=3, level=5)
    resign = SavedGame(moves=["h2e2", "h9g7"], result=7, mode=1, flip=1)
    rep = SavedGame(moves=["h0g2", "h9g7", "g2h0", "g7h9"] * 3, result=4, mode=2)
    return [mate, resign, rep]


def test_js_and_python_write_the_same_bytes_and_pgn():
    games = sample_games() + finished_games()
    moves_long = random_game(STARTS[0], 400, 99)
    games.append(SavedGame(moves=moves_long[:350] if len(moves_long) >= 350 else moves_long))
    out = run_node({"writes": [dataclasses.asdict(g) for g in games]})
    assert len(out["writes"]) == len(games) >= 15
    for g, js, pgn in zip(games, out["writes"], out["pgns"]):
        assert js.get("ok") == write_save(g).hex(), (g, js)
        assert pgn.get("ok") == write_pgn(g), g


def test_js_reads_what_python_writes_and_refuses_the_same():
    games = sample_games()
    good = [write_save(g) for g in games]
    bad = []
    b = bytearray(good[1]); b[0x1D50] ^= 4; bad.append(bytes(b))          # checksum
    bad.append(bytes(SRAM_SIZE))                                           # empty
    b = bytearray(SRAM_SIZE); b[0x1F83:0x1F87] = b"XQ65"; bad.append(bytes(b))   # v1
    bad.append(good[2][:6000])                                             # truncated
    bad.append(bytes(range(256)) * 32)                                     # foreign
    out = run_node({"reads": [d.hex() for d in good + bad]})
    for g, js in zip(games, out["reads"]):
        assert js["ok"] == dataclasses.asdict(read_save(write_save(g)))
    for d, js in zip(bad, out["reads"][len(good):]):
        with pytest.raises(SaveError) as exc:
            read_save(d)
        assert js.get("kind") == type(exc.value).__name__, js
        assert js["message"].split(":")[0] == str(exc.value).split(":")[0]


def _notated(fen, moves, how):
    pos = Position.from_fen(fen)
    words = []
    for m in moves:
        mv = pos.parse_move(m)
        words.append(how(pos, mv))
        pos.push(mv)
    return " ".join(words)


def python_save_from_text(text: str, mode: int, level: int) -> bytes:
    """What `xq65 save` writes for a text (the CLI's steps, without the file)."""
    from pyharness.cli.gameio import _looks_like_fen
    if _looks_like_fen(text):
        fen, moves, res = Position.from_fen(text.strip()).fen(), [], "*"
        fen = text.strip()
    else:
        g = read_pgn(text)
        fen, moves, res = g.fen, g.moves, g.result
    if ended_early(fen, moves):
        raise SaveError("ended early")
    pos = Position.from_fen(fen)
    kind, index = classify_start(pos)
    return write_save(SavedGame(fen=pos.fen(), kind=kind, index=index, mode=mode, level=level,
                                flip=1 if mode == 1 else 0, moves=moves,
                                result=result_code_for(fen, moves, res)))


def test_js_builds_the_same_save_from_pgn_and_fen_in_every_notation():
    texts = []
    for i, fen in enumerate(STARTS):
        moves = random_game(fen, 90, 700 + i)
        for how in (wxf, chinese, lambda p, m: m.iccs()):
            texts.append({"text": f'[FEN "{fen}"]\n{_notated(fen, moves, how)} *',
                          "mode": i % 4, "level": 1 + i % 5})
        texts.append({"text": fen, "mode": 0, "level": 3})
    texts.append({"text": "1. h2e2 h9g7 2. h2h9 *", "mode": 0, "level": 3})
    texts.append({"text": "4k4/9/9/9/9/9/9/9/9/3KK4 w - - 0 1", "mode": 0, "level": 3})
    texts.append({"text": " ".join(["h0g2 h9g7 g2h0 g7h9"] * 90), "mode": 0, "level": 3})
    texts.append({"text": " ".join(["h0g2 h9g7 g2h0 g7h9"] * 4) + " h0g2", "mode": 0,
                  "level": 3})
    out = run_node({"texts": texts})
    refused = 0
    for t, js in zip(texts, out["texts"]):
        try:
            want = python_save_from_text(t["text"], t["mode"], t["level"]).hex()
        except Xq65Error:
            assert "ok" not in js, (t["text"][:60], js)
            refused += 1
            continue
        assert js.get("ok") == want, (t["text"][:60], js)
    assert refused == 4


def test_js_keeps_the_solved_puzzles_as_python_does():
    from pyharness.gameio.savefile import PUZZLE_OFFSET, puzzle_block
    old = bytearray(SRAM_SIZE)
    old[PUZZLE_OFFSET:PUZZLE_OFFSET + 16] = puzzle_block(0x8000_0000_0000_0A05)
    broken = bytearray(old)
    broken[PUZZLE_OFFSET + 15] ^= 1                       # a damaged puzzle block: none kept
    games = [SavedGame(moves=["h2e2"]), SavedGame(moves=["b2e2"])]
    jobs = [{**dataclasses.asdict(games[0]), "keep": bytes(old).hex()},
            {**dataclasses.asdict(games[1]), "keep": bytes(broken).hex()}]
    out = run_node({"writes": jobs})
    assert out["writes"][0]["ok"] == write_save(games[0], keep=bytes(old)).hex()
    assert out["writes"][1]["ok"] == write_save(games[1], keep=bytes(broken)).hex()
    assert bytes.fromhex(out["writes"][0]["ok"])[PUZZLE_OFFSET + 4] == 0x05
    assert bytes.fromhex(out["writes"][1]["ok"])[PUZZLE_OFFSET + 4] == 0
