"""What the tests of the browser page (test_web_page.py, test_web_input.py) share: a
headless chromium driven through WebDriver, the page seen as an emulator (`PageEmu`, the
interface GameDriver uses), the fixtures that assemble and serve build/web, and the
picture comparison with cynes.

The page's pictures are compared with cynes (pyharness.rom.emu) under the tolerance of
`same_picture`: jsnes and cynes use different NES palettes, so the tests ask for the
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
from pyharness.rom.emu import BUTTONS, Emulator, button_mask
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

# every test module of the page carries these marks (`pytestmark = WEB_MARKS`); the
# group keeps them on one xdist worker: one assembly of build/web, one chromium at a time
WEB_MARKS = [pytest.mark.web, pytest.mark.xdist_group("web"), pytest.mark.skipif(
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
    left for a document of the same origin that runs no emulator (the page's
    jsnes-LICENSE.txt) before: its pagehide stores the battery RAM once more, and Chromium commits a
    renderer's localStorage writes to the browser process late, so a clear from outside
    the renderer (CDP Storage.clearDataForOrigin, used before) could land before that
    last store and leave the previous test's save in place. Cleared from inside the
    same origin, the clear is ordered after the store."""
    driver.get(url.rstrip("/") + "/jsnes-LICENSE.txt")
    driver.execute_script("localStorage.clear()")
    # the text document asks for /favicon.ico (the game page declares its icon inline):
    # wait for that 404 to be logged and drop it, so severe_logs() sees only the page's
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline and not any(
            "favicon.ico" in e["message"] for e in driver.get_log("browser")):
        time.sleep(0.05)
    left = driver.execute_script("return localStorage.length")
    assert left == 0, f"localStorage kept {left} entries after clear()"
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
