"""Run the ROM in FCEUX (a second, independent emulator) under a virtual X server.

FCEUX 2.6 (Qt) runs `--loadlua pyharness/rom/fceux_probe.lua`; the script advances a number
of frames at maximum speed, reads a 16-bit RAM word and quits. The address is passed
in the environment (XQ65_ADDR), resolved by name from the ld65 label file here.
A private HOME keeps FCEUX's config out of the user's home directory.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pyharness.rom.symbols import load_symbols
from pyharness.errors import Xq65Error

PROBE_LUA = Path(__file__).with_name("fceux_probe.lua")
LIB_LUA = Path(__file__).with_name("fceux_lib.lua")      # dofile'd by both scripts
FCEUX_CANDIDATES = ("fceux", "/usr/games/fceux")


class FceuxMissingError(Xq65Error, RuntimeError):
    """FCEUX or xvfb-run is not installed."""


class FceuxError(Xq65Error, RuntimeError):
    """FCEUX ran but did not report a result (crash, timeout, Lua error)."""


@dataclass
class ProbeResult:
    """What the Lua probe saw: FCEUX's frame counter and the word read."""

    framecount: int
    value: int


def find_fceux() -> str | None:
    """Path of the fceux binary (Debian puts it in /usr/games), or None."""
    for cand in FCEUX_CANDIDATES:
        found = shutil.which(cand)
        if found:
            return found
    return None


def missing_reason() -> str | None:
    """Why FCEUX runs are impossible here (None when fceux and xvfb-run exist)."""
    if find_fceux() is None:
        return "fceux not installed (apt-get install fceux)"
    if shutil.which("xvfb-run") is None:
        return "xvfb-run not installed (apt-get install xvfb xauth)"
    return None


def _resolve(rom: str | Path, symbol_or_addr: str | int) -> tuple[Path, int]:
    """Check that FCEUX can run; return the ROM path and the address to read."""
    reason = missing_reason()
    if reason:
        raise FceuxMissingError(reason)
    rom = Path(rom).resolve()
    if isinstance(symbol_or_addr, str):
        return rom, load_symbols(rom.with_suffix(".labels"))[symbol_or_addr]
    return rom, symbol_or_addr


def _run_lua(rom: Path, lua: Path, env_extra: dict[str, str], timeout: float,
             what: str) -> str:
    """Run `lua` in FCEUX under Xvfb on `rom`; return what the script wrote to XQ65_OUT.

    The script gets a private HOME and its settings through XQ65_* variables. On a
    timeout the whole process group is killed.
    """
    with tempfile.TemporaryDirectory(prefix="xq65-fceux-") as tmp:
        out = Path(tmp) / "result.txt"
        env = dict(os.environ, HOME=tmp, XQ65_OUT=str(out), XQ65_LIB=str(LIB_LUA),
                   **env_extra)
        cmd = ["xvfb-run", "-a", find_fceux(), "--no-config", "1", "--sound", "0",
               "--loadlua", str(lua), str(rom)]
        proc = subprocess.Popen(cmd, env=env, cwd=tmp, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True,
                                start_new_session=True)
        try:
            log, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired as e:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise FceuxError(f"fceux did not finish within {timeout:g} s") from e
        if not out.exists():
            raise FceuxError(f"fceux wrote no result (exit {proc.returncode}):\n{log[-2000:]}")
        text = out.read_text().strip()
    if text.startswith("error"):
        raise FceuxError(f"{what}: {text}")
    return text


def probe_word(rom: str | Path, symbol_or_addr: str | int, frames: int = 120,
               timeout: float = 60.0, screenshot: str | Path | None = None) -> ProbeResult:
    """Run `rom` in FCEUX for `frames` frames and read the u16 at a symbol or address.

    With `screenshot`, FCEUX also saves that frame there as a PNG (256x224: the
    visible NTSC lines 8..231 of the 240 the PPU draws).

    Raises FceuxMissingError when fceux/xvfb-run are absent, FceuxError when FCEUX
    fails or exceeds `timeout` seconds (its whole process group is then killed).
    """
    rom, addr = _resolve(rom, symbol_or_addr)
    text = _run_lua(rom, PROBE_LUA, {
        "XQ65_ADDR": str(addr), "XQ65_FRAMES": str(frames),
        "XQ65_SHOT": str(Path(screenshot).resolve()) if screenshot else ""},
        timeout, "probe script")
    framecount, value = (int(x) for x in text.split())
    return ProbeResult(framecount, value)


PLAY_LUA = Path(__file__).with_name("fceux_play.lua")


def play_script(rom: str | Path, script: list[tuple[str, int]], symbol_or_addr: str | int,
                count: int, timeout: float = 120.0) -> bytes:
    """Run `rom` in FCEUX with a controller script and read `count` bytes of RAM.

    `script` is a list of (buttons, frames): buttons "" for none, else names joined by
    "+" among a b select start up down left right (held for that many frames).
    Raises FceuxMissingError / FceuxError like probe_word.
    """
    rom, addr = _resolve(rom, symbol_or_addr)
    names = {"a": "A", "b": "B"}
    steps = []
    for buttons, frames in script:
        pads = "+".join(names.get(b, b) for b in buttons.split("+")) if buttons else "-"
        steps.append(f"{pads}:{frames}")
    text = _run_lua(rom, PLAY_LUA, {
        "XQ65_ADDR": str(addr), "XQ65_COUNT": str(count), "XQ65_SCRIPT": " ".join(steps)},
        timeout, "play script")
    return bytes.fromhex(text)
