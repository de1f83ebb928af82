"""The browser page (build/web, `make web`) in a real headless chromium, used like a
person uses it: keys go in through the WebDriver keyboard, the picture is read from the
page's canvas, and emulator RAM is read (never written) through the page's window.xq65
probe at addresses found by symbol in build/xiangqi.labels.

The page's pictures are compared with cynes (pyharness.rom.emu) under the tolerance of
`same_picture`: jsnes and cynes use different NES palettes, so the test asks for the
same picture up to a one-to-one recolouring, with every colour pair close.
"""
from __future__ import annotations

import base64
import io
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from pyharness.rom.build import build_rom
from pyharness.rom.emu import BUTTONS, MODE_RED, MODE_TWO, Emulator, GameDriver, button_mask
from pyharness.reference.position import Move, Position
from pyharness.rom.symbols import load_symbols
from pyharness.rom.web import serve

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
CHROME_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--mute-audio",
                "--disable-dev-shm-usage")
SCREENS = Path(__file__).resolve().parent.parent / "build" / "web_screens"
WAIT_S = 30                   # the longest any one wait in the page may take

# same_picture tolerance: at most this share of pixels off the colour mapping, and
# every mapped colour within this distance (per channel) of cynes' colour.
MISMATCH_SHARE = 0.002
CHANNEL_TOLERANCE = 96

pytestmark = [pytest.mark.web, pytest.mark.skipif(
    not (Path(CHROMIUM).is_file() and Path(CHROMEDRIVER).is_file()),
    reason="needs Debian's chromium and chromium-driver (make test installs them)")]

OPENING = ["h2e2", "h9g7", "h0g2"]


# ------------------------------------------------------------------ pictures
def same_picture(page: np.ndarray, ref: np.ndarray) -> tuple[bool, str]:
    """True when `page` is `ref` recoloured: each reference colour maps to one page
    colour (majority) and back, at most MISMATCH_SHARE of the pixels disagree, and the
    mapped colours are within CHANNEL_TOLERANCE per channel."""
    assert page.shape == ref.shape == (240, 256, 3)
    pk = (page.astype(np.int64) @ [65536, 256, 1]).ravel()
    rk = (ref.astype(np.int64) @ [65536, 256, 1]).ravel()
    pairs, counts = np.unique(np.stack([rk, pk]), axis=1, return_counts=True)
    fwd: dict[int, tuple[int, int]] = {}
    for (r, p), c in zip(pairs.T, counts):
        if c > fwd.get(r, (0, 0))[1]:
            fwd[r] = (p, c)
    agree = sum(c for _, c in fwd.values())
    mismatch = 1 - agree / rk.size
    targets = [p for p, _ in fwd.values()]
    one_to_one = len(set(targets)) == len(targets)
    worst = 0
    for r, (p, _) in fwd.items():
        rr = np.array([r >> 16, (r >> 8) & 255, r & 255])
        pp = np.array([p >> 16, (p >> 8) & 255, p & 255])
        worst = max(worst, int(np.abs(rr - pp).max()))
    ok = mismatch <= MISMATCH_SHARE and one_to_one and worst <= CHANNEL_TOLERANCE
    return ok, (f"{mismatch:.4%} pixels off the mapping, one-to-one={one_to_one}, "
                f"worst colour distance {worst}")


def cynes_title_frames(rom: Path) -> list[np.ndarray]:
    """The title's two pictures in cynes (PRESS START blinks): one of each phase."""
    emu = Emulator(rom)
    frames = [emu.step(60).copy()]
    for _ in range(64):
        f = emu.step(1)
        if (f != frames[0]).any():
            frames.append(f.copy())
            break
    return frames


def matches_title(page: np.ndarray, titles: list[np.ndarray], name: str) -> tuple[bool, list]:
    """same_picture against either title phase; a miss is saved for a look."""
    verdicts = [same_picture(page, t) for t in titles]
    ok = any(v for v, _ in verdicts)
    if not ok:
        SCREENS.mkdir(parents=True, exist_ok=True)
        Image.fromarray(page).save(SCREENS / f"{name}_not_title.png")
    return ok, [why for _, why in verdicts]


# ------------------------------------------------------------------ the browser
@pytest.fixture(scope="module")
def web(tmp_path_factory):
    """build/web assembled from the current ROM (web/node_modules from `npm ci`)."""
    from pyharness.rom.web import WebDepsMissingError, assemble

    rom = build_rom(quiet=True).rom
    try:
        result = assemble(rom=rom)
    except WebDepsMissingError as e:
        pytest.fail(f"{e} (make test runs `make web` first)")
    return result


@pytest.fixture(scope="module")
def server(web):
    with serve(web.out) as url:
        yield url


def new_browser(width=1100, height=800):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in CHROME_FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={tempfile.mkdtemp(prefix='xq65-chromium-')}")
    opts.add_argument(f"--window-size={width},{height}")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_page_load_timeout(WAIT_S)
    driver.set_script_timeout(WAIT_S)
    return driver


@pytest.fixture(scope="module")
def browser():
    driver = new_browser()
    yield driver
    driver.quit()


class PageEmu:
    """The page seen through the interface of pyharness.rom.emu.Emulator that GameDriver
    uses: frames are waited for (the page runs at its own pace), buttons are keys
    pressed through WebDriver, RAM is read by symbol through window.xq65.peek."""

    def __init__(self, driver, labels: Path):
        from selenium.webdriver.common.keys import Keys

        self.driver = driver
        self.symbols = load_symbols(labels)
        self.keys = {"up": Keys.ARROW_UP, "down": Keys.ARROW_DOWN, "left": Keys.ARROW_LEFT,
                     "right": Keys.ARROW_RIGHT, "a": "x", "b": "z", "start": Keys.ENTER,
                     "select": Keys.SHIFT}
        assert set(self.keys) == set(BUTTONS)
        self.frames_run = 0

    def address(self, symbol_or_addr):
        return symbol_or_addr if isinstance(symbol_or_addr, int) else self.symbols[symbol_or_addr]

    def read(self, symbol_or_addr, n=1):
        data = self.driver.execute_script("return xq65.peek(arguments[0], arguments[1])",
                                          self.address(symbol_or_addr), n)
        assert data is not None, "the page has no emulator running"
        return data[0] if n == 1 else bytes(data)

    def read_u16(self, symbol_or_addr) -> int:
        lo, hi = self.read(symbol_or_addr, 2)
        return lo | hi << 8

    def frames(self) -> int:
        return self.driver.execute_script("return xq65.frames")

    def step(self, frames=1):
        """Wait until the page has run `frames` more frames."""
        got = self.driver.execute_async_script(
            "const done = arguments[1], until = xq65.frames + arguments[0];"
            "(function w() { if (xq65.failed) done(-1); else if (xq65.frames >= until) done(xq65.frames);"
            " else setTimeout(w, 4); })();", frames)
        assert got >= 0, self.driver.execute_script("return xq65.failed")
        self.frames_run += frames

    def _keys(self, buttons):
        button_mask(buttons)                      # validates the names
        names = buttons.replace("+", " ").split() if isinstance(buttons, str) else list(buttons)
        return [self.keys[n.lower()] for n in names]

    def press(self, buttons, frames=1):
        from selenium.webdriver.common.action_chains import ActionChains

        keys = self._keys(buttons)
        chain = ActionChains(self.driver)
        for k in keys:
            chain.key_down(k)
        chain.perform()
        self.step(frames)
        chain = ActionChains(self.driver)
        for k in keys:
            chain.key_up(k)
        chain.perform()
        self.step(1)

    @property
    def crashed(self) -> bool:
        return bool(self.driver.execute_script("return xq65.failed"))

    def canvas(self) -> np.ndarray:
        """The page's canvas as a (240, 256, 3) RGB array."""

        url = self.driver.execute_script(
            "return document.getElementById('screen').toDataURL('image/png')")
        img = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")
        return np.array(img)


def open_page(driver, url: str, web) -> PageEmu:
    driver.get(url)
    emu = PageEmu(driver, web.out.parent / "xiangqi.labels")
    deadline = time.monotonic() + WAIT_S
    while driver.execute_script("return window.xq65 ? xq65.frames : -1") < 1:
        if time.monotonic() > deadline:
            raise TimeoutError("the page did not start the emulator")
        time.sleep(0.05)
    return emu


def open_fresh_page(driver, url: str, web) -> PageEmu:
    """open_page with the origin's localStorage emptied first. The page in the tab is
    left for about:blank before (its pagehide stores the battery RAM once more)."""
    driver.get("about:blank")
    driver.execute_cdp_cmd("Storage.clearDataForOrigin",
                           {"origin": url.rstrip("/"), "storageTypes": "local_storage"})
    return open_page(driver, url, web)


def severe_logs(driver) -> list[str]:
    """The console's errors and warnings since the last call."""
    return [e["message"] for e in driver.get_log("browser")
            if e["level"] in ("SEVERE", "WARNING")]


def shot(driver, name: str) -> Path:
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / name
    driver.save_screenshot(str(path))
    return path


# ------------------------------------------------------------------ tests
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
    assert emu.read("menu_rows") in (3, 4)
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
    assert emu.read("menu_rows") == 3                   # no save yet: no CONTINUE
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
    assert emu.read("menu_rows") == 4                   # CONTINUE offered
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
    assert emu.read("menu_rows") == 4
    # "Erase the save" (asks first) forgets it: no CONTINUE, also after a reload
    browser.find_element("id", "erase").click()
    browser.switch_to.alert.accept()
    emu.step(20)
    d.boot_to_menu()
    assert emu.read("menu_rows") == 3
    browser.refresh()
    emu = open_page(browser, server, web)
    GameDriver(emu).boot_to_menu()
    assert emu.read("menu_rows") == 3
    assert severe_logs(browser) == []


def test_a_remapped_key_plays_its_button(browser, server, web):
    from selenium.webdriver.common.action_chains import ActionChains

    emu = open_fresh_page(browser, server, web)
    browser.find_element("css selector", "button[data-remap='start']").click()
    ActionChains(browser).send_keys("p").perform()
    assert browser.find_element("css selector", "td.key[data-button='start']").text == "P"
    emu.keys["start"] = "p"
    d = GameDriver(emu)
    d.boot_to_menu()
    assert emu.read("menu_rows") in (3, 4)
    # kept for the next visit; Enter no longer starts, P does
    browser.refresh()
    emu = open_page(browser, server, web)
    assert browser.find_element("css selector", "td.key[data-button='start']").text == "P"
    emu.step(20)
    emu.press("start")                                  # Enter
    emu.step(20)
    titles = cynes_title_frames(web.out.parent / "xiangqi.nes")
    ok, why = matches_title(emu.canvas(), titles, "remap")
    assert ok, why                                      # still the title
    emu.keys["start"] = "p"
    GameDriver(emu).boot_to_menu()
    assert not any(same_picture(emu.canvas(), t)[0] for t in titles)
    assert emu.read("menu_rows") in (3, 4)
    browser.find_element("id", "keys-default").click()
    assert browser.find_element("css selector", "td.key[data-button='start']").text == "Enter"


def test_a_gamepad_plays_through_the_standard_mapping(browser, server, web):
    """No pad is plugged in here, so the page's navigator.getGamepads is given one
    standard-mapping pad whose buttons the test presses (Start = 9, D-pad down = 13,
    A = east button 1); everything after the poll is the page's own code."""
    emu = open_fresh_page(browser, server, web)
    browser.execute_script(
        "const pad = {connected: true, mapping: 'standard', axes: [0, 0, 0, 0],"
        " buttons: Array.from({length: 17}, () => ({pressed: false, value: 0}))};"
        "window.__pad = pad; navigator.getGamepads = () => [pad];")

    def pad_tap(index: int) -> None:
        browser.execute_script("__pad.buttons[arguments[0]].pressed = true", index)
        emu.step(2)
        browser.execute_script("__pad.buttons[arguments[0]].pressed = false", index)
        emu.step(2)

    emu.step(20)
    pad_tap(9)                                          # Start
    emu.step(20)
    assert emu.read("menu_rows") == 3
    pad_tap(13)                                         # down: LEVEL
    pad_tap(13)                                         # down: NEW GAME
    assert emu.read("menu_row") == 2
    pad_tap(1)                                          # A
    GameDriver(emu).wait_until(lambda: emu.read("ui_nmi_cursor") == 1, limit=300)
    emu.step(4)                                         # as GameDriver.start_game does
    c0 = emu.read("ui_cur_c")
    browser.execute_script("__pad.axes[0] = 1")         # the stick, right
    emu.step(3)
    browser.execute_script("__pad.axes[0] = 0")
    emu.step(2)
    assert emu.read("ui_cur_c") != c0
    assert severe_logs(browser) == []


def test_hidden_page_pauses_the_game(browser, server, web):
    emu = open_page(browser, server, web)
    size = browser.get_window_size()
    browser.minimize_window()
    try:
        assert browser.execute_script("return document.hidden"), "the page is not hidden"
        assert browser.execute_script("return document.body.dataset.state") == "paused"
        f0 = emu.frames()
        time.sleep(0.5)
        assert emu.frames() == f0
    finally:
        browser.set_window_size(size["width"], size["height"])
    deadline = time.monotonic() + WAIT_S           # shown again: it runs on
    while browser.execute_script("return document.hidden"):
        assert time.monotonic() < deadline, "the page did not come back"
        time.sleep(0.05)
    emu.step(5)
    assert browser.execute_script("return document.body.dataset.state") == "running"


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
                assert emu.read("menu_rows") == 3, banks
                assert not emu.crashed
    finally:
        driver.quit()


def touch_tap(driver, emu: PageEmu, button: str, frames: int = 2) -> None:
    """A finger on the page's touch button for `button`, held `frames` frames."""
    x, y = driver.execute_script(
        "const r = document.querySelector('#touch [data-btn=' + arguments[0] + ']')"
        ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];", button)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
    emu.step(frames)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    emu.step(2)


def test_phone_layout_has_touch_buttons_that_play(server, web):
    driver = new_browser(390, 844)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                               {"enabled": True, "maxTouchPoints": 5})
        emu = open_fresh_page(driver, server, web)
        assert driver.find_element("id", "touch").is_displayed()
        cw, ch, right, bottom, dpr = driver.execute_script(
            "const c = document.getElementById('screen').getBoundingClientRect();"
            "const t = document.getElementById('touch').getBoundingClientRect();"
            "return [c.width, c.height, c.right, t.bottom, window.devicePixelRatio];")
        assert right <= 390 and cw * dpr % 256 == 0 and ch * dpr % 240 == 0
        assert cw / ch == 256 / 240 and cw * dpr >= 3 * 256      # 3x on a 2x phone
        assert bottom <= 844                            # picture and buttons on one screen
        emu.step(30)
        touch_tap(driver, emu, "start")
        emu.step(20)
        assert emu.read("menu_rows") == 3
        for _ in range(2):                              # NEW GAME, with the touch D-pad
            touch_tap(driver, emu, "down")
        assert emu.read("menu_row") == 2
        touch_tap(driver, emu, "a")
        GameDriver(emu).wait_until(lambda: emu.read("ui_nmi_cursor") == 1, limit=300)
        d = GameDriver(emu)
        d.wait(10)
        assert d.board() == bytes(Position.start().board)
        assert emu.read("game_nply") == 0
        shot(driver, "phone.png")
    finally:
        driver.quit()
