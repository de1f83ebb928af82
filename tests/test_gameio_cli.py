"""`xq65 pgn`, `xq65 save`, `xq65 puzzles`: PGN -> save -> PGN keeps the moves, from the
standard start and from other positions; hostile inputs end in one `error:` line, status
2, and no file written."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from gameio_games import STARTS, random_game
from pyharness.gameio.pgn import read_pgn, write_pgn
from pyharness.gameio.savefile import SRAM_SIZE, SavedGame, read_save, write_save
from pyharness.reference.game import Game
from pyharness.reference.notation import chinese, wxf
from pyharness.reference.position import Position

TIMEOUT = 60


def xq65(*args: str):
    return subprocess.run([sys.executable, "-m", "pyharness.cli", *args], capture_output=True,
                          text=True, timeout=TIMEOUT)


def assert_refused(res, out=None, match=None):
    assert res.returncode == 2, res
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    assert "Traceback" not in res.stderr
    if match:
        assert match in lines[0], lines[0]
    if out is not None:
        assert not out.exists()


@pytest.mark.parametrize("i", range(len(STARTS)))
def test_pgn_save_pgn_keeps_the_moves(tmp_path, i):
    fen = STARTS[i]
    moves = random_game(fen, 80, 300 + i)
    pgn = write_pgn(SavedGame(fen=fen, moves=moves))
    src = tmp_path / "in.pgn"
    src.write_text(pgn, encoding="utf-8")
    sav = tmp_path / "out.sav"
    res = xq65("save", str(src), "-o", str(sav), "--mode", "black", "--level", "4")
    assert res.returncode == 0, res.stderr
    data = sav.read_bytes()
    assert len(data) == SRAM_SIZE
    game = read_save(data)
    assert (game.moves, game.mode, game.level, game.flip) == (moves, 1, 4, 1)
    res = xq65("pgn", str(sav))
    assert res.returncode == 0, res.stderr
    assert read_pgn(res.stdout).moves == moves
    assert read_pgn(res.stdout).fen.split()[:2] == Position.from_fen(fen).fen().split()[:2]
    assert ("[FEN " in res.stdout) == (i != 0)
    assert '[Red "Player"]' not in res.stdout and '[Black "Player"]' in res.stdout
    assert "xq65 level 4 (高级 Hard)" in res.stdout


def _notated(fen, moves, how):
    pos = Position.from_fen(fen)
    words = []
    for m in moves:
        mv = pos.parse_move(m)
        words.append(how(pos, mv))
        pos.push(mv)
    return " ".join(words)


@pytest.mark.parametrize("how", [wxf, chinese, lambda p, m: m.iccs(),
                                 lambda p, m: m.iccs()[:2].upper() + "-" + m.iccs()[2:].upper()],
                         ids=["wxf", "chinese", "iccs", "ICCS-dash"])
def test_every_notation_reads_back_the_same_moves(how):
    for i, fen in enumerate(STARTS):
        moves = random_game(fen, 120, 500 + i)
        text = f'[FEN "{fen}"]\n' + _notated(fen, moves, how) + " *"
        assert read_pgn(text).moves == moves


def test_pgn_of_another_program(tmp_path):
    text = """[Game "Chinese Chess"]
[Event "club"]
[Red "A"]
[Black "B"]
[Result "1-0"]
[Format "WXF"]
1. C2=5 {central cannon} H8+7 2. H2+3 $1 R9=8 (2... C8.6 3. R1.2) 3. 炮八平六
馬2進3 4. R1.2 ; a comment to the end of the line
c6c5 5. 兵七进一 1-0
"""
    src = tmp_path / "g.pgn"
    src.write_text(text, encoding="utf-8")
    sav = tmp_path / "g.sav"
    assert xq65("save", str(src), "-o", str(sav)).returncode == 0
    g = read_save(sav.read_bytes())
    assert g.moves == ["h2e2", "h9g7", "h0g2", "i9h9", "b2d2", "b9c7", "i0h0", "c6c5",
                       "c3c4"]
    assert g.result == 7                    # 1-0 with Black to move: Black resigned
    assert '[Result "1-0"]' in xq65("pgn", str(sav)).stdout


def test_a_fen_string_or_file_is_a_setup(tmp_path):
    fen = STARTS[4]
    sav = tmp_path / "f.sav"
    assert xq65("save", fen, "-o", str(sav), "--mode", "2p").returncode == 0
    g = read_save(sav.read_bytes())
    assert (g.kind, g.mode, g.moves) == (3, 2, [])
    assert g.fen.split()[:2] == fen.split()[:2]
    f = tmp_path / "pos.fen"
    f.write_text(fen + "\n")
    assert xq65("save", str(f), "-o", str(sav)).returncode == 0
    assert read_save(sav.read_bytes()).kind == 3
    assert xq65("save", "start", "-o", str(sav)).returncode == 0
    assert read_save(sav.read_bytes()).kind == 0


def test_puzzles_json_lists_the_asset():
    from pyharness.reference.puzzles import load_puzzles
    res = xq65("puzzles", "--json")
    assert res.returncode == 0, res.stderr
    items = json.loads(res.stdout)
    assert items == [p.as_json() for p in load_puzzles()]
    for it in items:
        assert set(it) == {"fen", "goal", "solution", "source"}


@pytest.fixture()
def bad(tmp_path):
    d = {}
    good = write_save(SavedGame(moves=["h2e2", "h9g7"]))
    d["illegal.pgn"] = "1. h2e2 h9g7 2. h2h9 *"
    d["twokings.fen"] = "4k4/9/9/9/9/9/9/9/9/3KK4 w - - 0 1"
    d["long.pgn"] = " ".join(["h0g2 h9g7 g2h0 g7h9"] * 90)
    d["variation.pgn"] = "1. h2e2 (1. b2e2 h9g7"
    d["twogames.pgn"] = '[Event "a"]\n1. h2e2 *\n[Event "b"]\n1. b2e2 *'
    d["ended.pgn"] = " ".join(["h0g2 h9g7 g2h0 g7h9"] * 4) + " h0g2"
    d["nonsense.pgn"] = "1. hello world"
    d["other.sav"] = bytes(range(256)) * 32
    d["truncated.sav"] = good[:5000]
    d["zero.sav"] = bytes(SRAM_SIZE)
    v1 = bytearray(SRAM_SIZE)
    v1[0x1F83:0x1F87] = b"XQ65"
    d["v1.sav"] = bytes(v1)
    dmg = bytearray(good)
    dmg[0x1D40] ^= 1
    d["damaged.sav"] = bytes(dmg)
    d["rom.sav"] = b"NES\x1a" + bytes(40000)
    for name, body in d.items():
        p = tmp_path / name
        p.write_bytes(body if isinstance(body, bytes) else body.encode())
    (tmp_path / "adir").mkdir()
    return tmp_path


@pytest.mark.parametrize("name,match", [
    ("illegal.pgn", "move 3"), ("twokings.fen", "too many red kings"),
    ("long.pgn", "350"), ("variation.pgn", "never closed"),
    ("twogames.pgn", "more than one game"), ("ended.pgn", "repetition"),
    ("nonsense.pgn", "'hello'"), ("adir", "directory"),
])
def test_bad_sources_are_refused(bad, name, match):
    out = bad / "out.sav"
    assert_refused(xq65("save", str(bad / name), "-o", str(out)), out, match)


def test_bad_fen_strings_and_options_are_refused(bad):
    out = bad / "out.sav"
    assert_refused(xq65("save", "4k4/9/9/9/9/9/9/9/9/3KK4 w", "-o", str(out)), out, "kings")
    assert_refused(xq65("save", "start", "-o", str(out), "--level", "9"), out, "level")
    assert_refused(xq65("save", "start", "-o", str(out), "--mode", "blue"), out)
    assert_refused(xq65("save", "4k4/9/9/9/9/9/9/9/9/3K4A w", "-o", str(out)), out,
                   "advisor's point")


@pytest.mark.parametrize("name,match", [
    ("other.sav", "no xq65 game"), ("truncated.sav", "truncated"),
    ("zero.sav", "no xq65 game"), ("v1.sav", "older version"),
    ("damaged.sav", "damaged"), ("rom.sav", "40,004 bytes"), ("adir", "directory"),
    ("missing.sav", "not found"),
])
def test_bad_saves_are_refused(bad, name, match):
    out = bad / "out.pgn"
    assert_refused(xq65("pgn", str(bad / name), "-o", str(out)), out, match)


def test_a_finished_game_gets_its_result():
    g = SavedGame(fen="4k4/4a4/9/9/9/9/9/9/3R5/3K2R2 w - - 0 1", kind=3,
                  moves=["g0g9"], result=1)
    assert Game(g.fen).position.fen()       # a legal set-up; g0g9 mates
    pgn = write_pgn(g)
    assert '[Result "1-0"]' in pgn and "{checkmate}" in pgn
    assert read_pgn(pgn).result == "1-0"


def test_a_fifo_or_a_device_is_refused(tmp_path):
    import os
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    out = tmp_path / "out.sav"
    assert_refused(xq65("pgn", str(fifo)), None, "not a regular file")
    assert_refused(xq65("save", str(fifo), "-o", str(out)), out, "not a regular file")
    assert_refused(xq65("pgn", "/dev/zero"), None, "not a regular file")


def test_a_gbk_pgn_with_a_bom_or_crlf_reads_and_a_puzzle_fen_is_a_puzzle(tmp_path):
    from pyharness.reference.puzzles import load_puzzles
    text = '[Game "Chinese Chess"]\r\n1. 炮二平五 马８进７ 2. 马二进三 *\r\n'
    src = tmp_path / "gbk.pgn"
    src.write_bytes(text.encode("gb18030"))
    sav = tmp_path / "g.sav"
    assert xq65("save", str(src), "-o", str(sav)).returncode == 0
    assert read_save(sav.read_bytes()).moves == ["h2e2", "h9g7", "h0g2"]
    src.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert xq65("save", str(src), "-o", str(sav)).returncode == 0
    assert read_save(sav.read_bytes()).moves == ["h2e2", "h9g7", "h0g2"]
    src.write_bytes(b"\xff\xfe\x00\xd8" * 10)
    assert_refused(xq65("save", str(src), "-o", str(tmp_path / "no.sav")),
                   tmp_path / "no.sav", "GB18030")
    pz = load_puzzles()[5]
    assert xq65("save", pz.fen, "-o", str(sav)).returncode == 0
    g = read_save(sav.read_bytes())
    assert (g.kind, g.index) == (2, 5)
