"""The browser page's other ways in, in headless chromium: a remapped key, a
standard-mapping gamepad, the page hidden (it pauses), and the phone layout's touch
buttons. What the page tests share is in webpage.py.
"""
from __future__ import annotations

import time

from pyharness.reference.position import Position
from pyharness.rom.emu import GameDriver
from webpage import (WAIT_S, WEB_MARKS, browser, cynes_title_frames, matches_title,  # noqa: F401
                     new_browser, open_fresh_page, open_page, same_picture, server,
                     severe_logs, shot, touch_tap, web)

pytestmark = WEB_MARKS


def test_a_remapped_key_plays_its_button(browser, server, web):
    from selenium.webdriver.common.action_chains import ActionChains

    emu = open_fresh_page(browser, server, web)
    browser.find_element("css selector", "button[data-remap='start']").click()
    ActionChains(browser).send_keys("p").perform()
    assert browser.find_element("css selector", "td.key[data-button='start']").text == "P"
    emu.keys["start"] = "p"
    d = GameDriver(emu)
    d.boot_to_menu()
    assert emu.read("menu_rows") in (4, 5)
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
    assert emu.read("menu_rows") in (4, 5)
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
    assert emu.read("menu_rows") == 4                   # MODE, LEVEL, START, NEW GAME
    pad_tap(13)                                         # down: LEVEL
    pad_tap(13)                                         # down: START
    pad_tap(13)                                         # down: NEW GAME
    assert emu.read("menu_row") == 3
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
        assert emu.read("menu_rows") == 4               # MODE, LEVEL, START, NEW GAME
        for _ in range(3):                              # NEW GAME, with the touch D-pad
            touch_tap(driver, emu, "down")
        assert emu.read("menu_row") == 3
        touch_tap(driver, emu, "a")
        GameDriver(emu).wait_until(lambda: emu.read("ui_nmi_cursor") == 1, limit=300)
        d = GameDriver(emu)
        d.wait(10)
        assert d.board() == bytes(Position.start().board)
        assert emu.read("game_nply") == 0
        shot(driver, "phone.png")
    finally:
        driver.quit()
