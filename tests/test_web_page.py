"""The browser page (build/web, `make web`) in a real headless chromium, used like a
person uses it: keys go in through the WebDriver keyboard, the picture is read from the
page's canvas, and emulator RAM is read (never written) through the page's window.xq65
probe at addresses found by symbol in build/xiangqi.labels. This module: the title, a
game against the reference and cynes, the CPU's reply, the battery save, ROM loading.
The other controls (remapped keys, a gamepad, a hidden page, touch) are in
test_web_input.py; what both use is in webpage.py.
"""
from __future__ import annotations

import io
import shutil
import time

import numpy as np
from PIL import Image

from pyharness.reference.position import Move, Position
from pyharness.rom.build import build_rom
from pyharness.rom.emu import MODE_RED, MODE_TWO, Emulator, GameDriver
from pyharness.rom.web import serve
from webpage import (OPENING, SCREENS, WAIT_S, WEB_MARKS, browser, cynes_title_frames,  # noqa: F401
                     matches_title, new_browser, open_fresh_page, open_page, same_picture,
                     server, severe_logs, shot, web)

pytestmark = WEB_MARKS


def test_page_loads_clean_and_shows_the_cynes_title(browser, server, web):
    emu = open_page(browser, server, web)
    emu.step(60)
    assert browser.execute_script("return document.body.dataset.state") == "running"
    assert browser.execute_script("return xq65.romHeader()")[:4] == list(b"NES\x1a")
    # the very ROM of the build, whatever its PRG size
    assert (web.out.parent / "xiangqi.nes").read_bytes() == build_rom(quiet=True).rom.read_bytes()
    refs = cynes_title_frames(web.out.parent / "xiangqi.nes")
    ok, why = matches_title(emu.canvas(), refs, "load")
    assert ok, why
    assert severe_logs(browser) == []
    # integer scale, crisp pixels, the NES aspect (square pixels of 256x240)
    geo = browser.execute_script(
        "const c = document.getElementById('screen'), r = c.getBoundingClientRect();"
        "return [r.width, r.height, window.devicePixelRatio, c.dataset.scale,"
        " getComputedStyle(c).imageRendering];")
    width, height, dpr, scale, rendering = geo
    scale = int(scale)
    assert scale >= 2                                   # 1100x800 fits 2x
    assert (width * dpr, height * dpr) == (256 * scale, 240 * scale)
    assert rendering in ("pixelated", "crisp-edges")
    # crisp: what the screen shows is each NES pixel as an exact scale x scale block
    for _ in range(3):                  # a PRESS START blink between the reads: again
        before = emu.canvas()
        shown = np.array(Image.open(io.BytesIO(
            browser.find_element("id", "screen").screenshot_as_png)).convert("RGB"))
        if (emu.canvas() == before).all():
            break
    assert (shown == before.repeat(scale, 0).repeat(scale, 1)).all()
    # the control legend shows the keys
    legend = browser.find_element("id", "keys").text
    for word in ("Up", "Start", "Select", "Enter", "Shift", "X", "Z", "↑"):
        assert word in legend
    shot(browser, "title.png")


def test_enter_reaches_the_menu_and_starts_the_sound(browser, server, web):
    emu = open_page(browser, server, web)
    d = GameDriver(emu)
    before = emu.canvas()
    assert browser.execute_script("return xq65.audio") == "off"     # no gesture yet
    d.boot_to_menu()
    assert browser.execute_script("return xq65.audio") in ("running", "suspended")
    n0 = browser.execute_script("return xq65.samplesPlayed")
    emu.step(10)                                        # about 800 samples a frame
    assert browser.execute_script("return xq65.samplesPlayed") - n0 >= 10 * 400
    assert emu.read("menu_rows") in (4, 5)
    assert emu.read("menu_row") == 0
    assert (emu.canvas() != before).mean() > 0.05       # the picture changed
    assert severe_logs(browser) == []


def test_keyboard_game_follows_the_reference_and_cynes(browser, server, web):
    emu = open_fresh_page(browser, server, web)
    d = GameDriver(emu)
    d.boot_to_menu()
    d.start_game(MODE_TWO)
    ref = GameDriver(Emulator(web.out.parent / "xiangqi.nes"))
    ref.boot_to_menu()
    ref.start_game(MODE_TWO)
    pos = Position.start()
    assert d.board() == bytes(pos.board)
    for text in OPENING:
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text
        assert ref.play(mv.frm, mv.to), text
        before = bytes(pos.board)
        pos.push(mv)
        board = d.board()
        assert board != before and board == bytes(pos.board), text
        assert emu.read("game_side") == pos.side
    assert d.record() == [(Move.from_iccs(t).frm, Move.from_iccs(t).to) for t in OPENING]
    d.settle()
    ref.settle()
    page = emu.canvas()
    ok, why = same_picture(page, ref.emu.frame())
    if not ok:
        SCREENS.mkdir(parents=True, exist_ok=True)
        Image.fromarray(page).save(SCREENS / "game_page_canvas.png")
        Image.fromarray(ref.emu.frame()).save(SCREENS / "game_cynes.png")
    assert ok, why
    assert severe_logs(browser) == []
    shot(browser, "game.png")


def test_the_cpu_replies_in_the_page_as_the_twin_searches(browser, server, web):
    """Level 1 against the cartridge's engine (its bank-switched calls under jsnes'
    MMC1): the reply is legal and is the move, with the node count, that the Python twin
    finds for the same position and seed (the ROM seeds with its frame counter)."""
    from pyharness.reference.search import think

    emu = open_fresh_page(browser, server, web)
    d = GameDriver(emu)
    d.boot_to_menu()
    d.start_game(MODE_RED, level=1)
    pos = Position.start()
    mv = Move.from_iccs(OPENING[0])
    assert d.play(mv.frm, mv.to, settle=0)
    d.wait_until(lambda: emu.read("game_nply") == 2, limit=1200, step=5)
    pos.push(mv)
    (frm, to), = d.record()[1:]
    reply = Move(frm, to)
    assert reply in pos.legal_moves()
    twin = think(pos, level=1, seed=emu.read_u16("srch_seed"))
    assert twin.best_move == reply
    assert twin.nodes == int.from_bytes(emu.read("srch_nodes", 4), "little")
    pos.push(reply)
    assert d.board() == bytes(pos.board)
    assert not emu.crashed and severe_logs(browser) == []


def test_save_survives_a_reload_and_continue_restores_it_reset_keeps_erase_forgets(browser, server, web):
    emu = open_fresh_page(browser, server, web)
    d = GameDriver(emu)
    d.boot_to_menu()
    assert emu.read("menu_rows") == 4, "a fresh page found a save"   # no CONTINUE
    d.start_game(MODE_TWO)
    pos = Position.start()
    for text in OPENING:
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text
        pos.push(mv)
    saves = browser.execute_script("return xq65.saves")
    emu.step(40)                                        # the page stores every 30 frames
    assert browser.execute_script("return xq65.saves") > saves or saves > 0
    assert browser.execute_script("return localStorage.getItem('xq65.battery.v1')")
    browser.refresh()
    emu = open_page(browser, server, web)
    d = GameDriver(emu)
    d.boot_to_menu()
    assert emu.read("menu_rows") == 5                   # CONTINUE offered
    d.start_game(cont=True)
    d.settle()
    assert d.board() == bytes(pos.board)
    assert emu.read("game_side") == pos.side
    assert d.record() == [(Move.from_iccs(t).frm, Move.from_iccs(t).to) for t in OPENING]
    assert severe_logs(browser) == []
    # the Reset button is a power cycle: the battery keeps the game
    browser.find_element("id", "reset").click()
    emu.step(20)
    d.boot_to_menu()
    assert emu.read("menu_rows") == 5
    # "Erase the save" (asks first) forgets it: no CONTINUE, also after a reload
    browser.find_element("id", "erase").click()
    browser.switch_to.alert.accept()
    emu.step(20)
    d.boot_to_menu()
    assert emu.read("menu_rows") == 4, "CONTINUE still offered after Erase"
    browser.refresh()
    emu = open_page(browser, server, web)
    GameDriver(emu).boot_to_menu()
    assert emu.read("menu_rows") == 4, "the erased save came back after a reload"
    assert severe_logs(browser) == []


def test_missing_or_bad_rom_gives_a_clear_message(web, tmp_path):
    for p in web.out.iterdir():
        if p.name != "xiangqi.nes":
            shutil.copyfile(p, tmp_path / p.name)
    driver = new_browser()

    def error_text(url: str) -> str:
        driver.get(url)
        deadline = time.monotonic() + WAIT_S
        while driver.execute_script("return document.body.dataset.state") != "error":
            assert time.monotonic() < deadline, "no error shown"
            time.sleep(0.05)
        assert driver.execute_script("return xq65.frames") == 0
        return driver.find_element("id", "overlay").text

    try:
        with serve(tmp_path) as url:
            text = error_text(url)
            assert "Could not load the ROM xiangqi.nes" in text and "404" in text
            assert "make web" in text
            (tmp_path / "xiangqi.nes").write_bytes(b"<html>not a ROM</html>" * 1000)
            text = error_text(url)
            assert "is not an NES ROM" in text
    finally:
        driver.quit()


def widen_prg(rom: bytes, banks: int) -> bytes:
    """The ROM with its PRG grown to `banks` 16 KB banks: the first banks unchanged,
    filler banks of $00 (BRK, so running one shows) before the last (fixed) bank."""
    header, body = rom[:16], rom[16:]
    assert header[:4] == b"NES\x1a" and not header[6] & 4      # no trainer
    n = header[4] | (header[9] & 0x0F) << 8 if header[7] & 0x0C == 0x08 else header[4]
    assert n < banks <= 255
    prg, chr_rom = body[:n * 16384], body[n * 16384:]
    filler = bytes(16384) * (banks - n)
    new = bytearray(header)
    new[4] = banks
    if header[7] & 0x0C == 0x08:
        new[9] &= 0xF0
    return bytes(new) + prg[:-16384] + filler + prg[-16384:] + chr_rom


def test_a_larger_prg_plays_the_same(web, tmp_path):
    """jsnes maps the fixed last bank at $C000 whatever the PRG size: the ROM grown to
    128 KB and 256 KB shows the cynes title and reaches the menu."""
    rom = (web.out.parent / "xiangqi.nes").read_bytes()
    n = rom[4]
    for p in web.out.iterdir():
        shutil.copyfile(p, tmp_path / p.name)
    driver = new_browser()
    try:
        with serve(tmp_path) as url:
            for banks in (8, 16):
                if banks <= n:
                    continue
                wide = widen_prg(rom, banks)
                (tmp_path / "xiangqi.nes").write_bytes(wide)
                (tmp_path / "wide.nes").write_bytes(wide)
                emu = open_fresh_page(driver, url, web)
                assert driver.execute_script("return xq65.romHeader()[4]") == banks
                emu.step(60)
                titles = cynes_title_frames(tmp_path / "wide.nes")
                ok, why = matches_title(emu.canvas(), titles, f"prg{banks}")
                assert ok, (banks, why)
                GameDriver(emu).boot_to_menu()
                assert emu.read("menu_rows") == 4, banks
                assert not emu.crashed
    finally:
        driver.quit()
