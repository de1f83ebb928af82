"""The page's "Download PGN" and "Open PGN / FEN" in headless chromium: an opened PGN or
FEN becomes the battery RAM byte for byte as `xq65 save` would write it, survives a
reload, and comes back as the PGN Python writes; bad input gives a clear message and
leaves the save alone; the downloaded PGN of a hostile save says why there is none."""
from __future__ import annotations

import base64
import time

import pytest

from gameio_games import STARTS, random_game
from pyharness.gameio.pgn import read_pgn, write_pgn
from pyharness.gameio.savefile import (GAME_OFFSET, GAME_SIZE, PUZZLE_OFFSET, SRAM_BASE,
                                       read_save)
from pyharness.reference.notation import chinese
from pyharness.reference.position import Position
from test_gameio_js import python_save_from_text
from webpage import (WAIT_S, WEB_MARKS, browser, open_fresh_page, open_page,  # noqa: F401
                     server, severe_logs, shot, web)

pytestmark = WEB_MARKS
SAVE_KEY = "xq65.battery.v1"


def battery(driver) -> bytes:
    return bytes(driver.execute_script("return xq65.peek(arguments[0], 8192)", SRAM_BASE))


def stored(driver) -> bytes | None:
    text = driver.execute_script(f"return localStorage.getItem('{SAVE_KEY}')")
    return base64.b64decode(text) if text else None


def status(driver) -> tuple[str, str]:
    el = driver.find_element("id", "gameio-status")
    return el.text, el.get_attribute("class")


def wait_status(driver, before: str) -> tuple[str, str]:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        text, cls = status(driver)
        if text and text != before:
            return text, cls
        time.sleep(0.05)
    raise TimeoutError("the page gave no message")


def paste_and_open(driver, text: str, mode: int = 0, level: int = 3) -> tuple[str, str]:
    before = status(driver)[0]
    driver.execute_script("document.getElementById('pgn-text').value = arguments[0];"
                          "document.getElementById('open-mode').value = arguments[1];"
                          "document.getElementById('open-level').value = arguments[2];",
                          text, str(mode), str(level))
    driver.find_element("id", "pgn-paste").click()
    return wait_status(driver, before)


def _chinese_pgn(fen: str, moves: list[str]) -> str:
    pos = Position.from_fen(fen)
    words = []
    for m in moves:
        mv = pos.parse_move(m)
        words.append(chinese(pos, mv))
        pos.push(mv)
    return f'[FEN "{fen}"]\n' + " ".join(words) + " *"


def test_open_pgn_writes_the_python_bytes_and_download_gives_the_moves(browser, server, web, tmp_path):
    emu = open_fresh_page(browser, server, web)
    emu.step(10)
    fen = STARTS[1]                                        # Red gives a horse
    moves = random_game(fen, 40, 4242)
    text = _chinese_pgn(fen, moves)
    msg, cls = paste_and_open(browser, text, mode=1, level=4)
    assert cls == "ok" and f"{len(moves)} plies" in msg, msg
    want = python_save_from_text(text, 1, 4)
    emu = open_page(browser, server, web) if False else emu
    emu.step(5)
    got = battery(browser)
    assert got[GAME_OFFSET:GAME_OFFSET + GAME_SIZE] == want[GAME_OFFSET:GAME_OFFSET + GAME_SIZE]
    assert got[PUZZLE_OFFSET:PUZZLE_OFFSET + 16] == want[PUZZLE_OFFSET:PUZZLE_OFFSET + 16]
    assert stored(browser) == want
    # the save survives a reload, and Download PGN gives it back
    browser.refresh()
    emu = open_page(browser, server, web)
    emu.step(5)
    before = status(browser)[0]
    browser.find_element("id", "pgn-download").click()
    msg, cls = wait_status(browser, before)
    assert cls == "ok", msg
    pgn = browser.execute_script("return xq65.lastPgn")
    game = read_save(want)
    date = pgn.split('[Date "', 1)[1].split('"', 1)[0]
    assert pgn == write_pgn(game, date=date)
    assert read_pgn(pgn).moves == moves
    assert "[FEN " in pgn and "xq65 level 4" in pgn
    shot(browser, "gameio_open.png")
    assert severe_logs(browser) == []


def test_a_fen_and_a_gbk_file_through_the_picker_open_too(browser, server, web, tmp_path):
    emu = open_fresh_page(browser, server, web)
    emu.step(5)
    msg, cls = paste_and_open(browser, STARTS[4], mode=2)
    assert cls == "ok" and "set-up" in msg, msg
    assert stored(browser) == python_save_from_text(STARTS[4], 2, 3)
    f = tmp_path / "game.pgn"
    moves = random_game(STARTS[0], 20, 5)
    f.write_bytes(_chinese_pgn(STARTS[0], moves).encode("gb18030"))   # as Chinese programs save
    before = status(browser)[0]
    browser.find_element("id", "pgn-file").send_keys(str(f))
    msg, cls = wait_status(browser, before)
    assert cls == "ok" and "game.pgn" in msg, msg
    assert read_save(stored(browser)).moves == moves
    assert severe_logs(browser) == []


def test_bad_input_gets_a_message_and_keeps_the_save(browser, server, web):
    emu = open_fresh_page(browser, server, web)
    emu.step(5)
    paste_and_open(browser, "1. h2e2 h9g7 *")
    kept = stored(browser)
    assert read_save(kept).moves == ["h2e2", "h9g7"]
    cases = [
        ("1. h2e2 h9g7 2. h2h9 *", "move 3"),
        ("4k4/9/9/9/9/9/9/9/9/3KK4 w - - 0 1", "too many red kings"),
        (" ".join(["h0g2 h9g7 g2h0 g7h9"] * 90), "350"),
        ("1. hello *", "hello"),
        ("", "empty"),
    ]
    for text, words in cases:
        msg, cls = paste_and_open(browser, text)
        assert cls == "error" and words in msg and "unchanged" in msg, (text[:30], msg)
        assert stored(browser) == kept
    assert severe_logs(browser) == []


def test_download_without_a_game_says_why(browser, server, web):
    emu = open_fresh_page(browser, server, web)
    emu.step(5)
    browser.find_element("id", "pgn-download").click()
    msg, cls = wait_status(browser, "")
    assert cls == "error" and "No game to download" in msg, msg
    assert browser.execute_script("return xq65.lastPgn") is None


def test_an_opened_game_continues_in_the_page(browser, server, web):
    from gameio_games import rom_save_version
    from pyharness.rom.emu import MODE_TWO, GameDriver
    if rom_save_version(web.out.parent / "xiangqi.nes") != 2:
        pytest.skip("this ROM does not read save version 2 yet (the cartridge's side)")
    emu = open_fresh_page(browser, server, web)
    emu.step(5)
    fen = STARTS[1]
    moves = random_game(fen, 9, 77)
    pos = Position.from_fen(fen)
    for m in moves:
        pos.push(pos.parse_move(m))
    msg, cls = paste_and_open(browser, _chinese_pgn(fen, moves), mode=MODE_TWO)
    assert cls == "ok", msg
    emu.step(5)
    d = GameDriver(emu)
    d.boot_to_menu()
    d.start_game(cont=True)
    d.settle()
    assert d.board() == bytes(pos.board)
    assert emu.read("game_side") == pos.side
    assert severe_logs(browser) == []
