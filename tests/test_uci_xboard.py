"""A GUI the project did not write plays `xq65 uci`: Debian's XBoard, through Debian's
uci2wb adapter (UCCI with -x, UCI in its Cyclone form with -c), against Fairy-Max's
xiangqi engine maxqi, under Xvfb. Each game is read back from XBoard's debug log
(every move either engine sent) and every move is checked by pyffish; the game must
end with a result."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pyharness.reference.board import START_FEN
from uci_helpers import assert_legal_game

pytestmark = pytest.mark.timeout(300)

GAMES = Path("/usr/games")


def _tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=str(GAMES))
    if not found:
        pytest.skip(f"{name} is not installed (make test-deps)")
    return found


@pytest.fixture(scope="module")
def display():
    pytest.importorskip("pyffish")
    xvfb = _tool("Xvfb")
    read, write = os.pipe()
    proc = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "800x600x24",
                             "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    with os.fdopen(read, "rb") as pipe:
        while not number.endswith(b"\n"):
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip():
        proc.kill()
        pytest.skip("Xvfb did not start")
    yield f":{number.strip().decode()}"
    proc.terminate()
    proc.wait(10)


def play_xboard_game(tmp: Path, display: str, flag: str, xq65_first: bool
                     ) -> tuple[str, str, list[str]]:
    """One XBoard game of `xq65 uci --engine ref` (through uci2wb `flag`) against
    maxqi at search depth 1: (the PGN result, its last comment, the moves in ICCS)."""
    wrapper = tmp / "xq65ref"
    wrapper.write_text(f"#!/bin/sh\nexec {sys.executable} -m pyharness.cli uci "
                       "--engine ref \"$@\"\n")
    wrapper.chmod(0o755)
    ours = f"{_tool('uci2wb')} {flag} {wrapper}"
    theirs = _tool("maxqi")
    first, second = (ours, theirs) if xq65_first else (theirs, ours)
    debug, pgn = tmp / "debug.txt", tmp / "game.pgn"
    env = {**os.environ, "DISPLAY": display}
    subprocess.run([_tool("xboard"), "-variant", "xiangqi", "-fcp", first, "-fd", str(tmp),
                    "-scp", second, "-sd", str(tmp), "-matchMode", "true", "-matchGames",
                    "1", "-searchDepth", "1", "-tc", "10", "-saveGameFile", str(pgn),
                    "-debugMode", "true", "-nameOfDebugFile", str(debug),
                    "-popupExitMessage", "false", "-soundProgram", "true"],
                   env=env, cwd=tmp, timeout=240, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    log = debug.read_text(errors="replace")
    moves = re.findall(r"<(?:first|second)\s*: move ([a-i][0-9][a-i][0-9])\b", log)
    text = pgn.read_text()
    result = re.search(r'\[Result "([^"]+)"\]', text)
    ending = re.findall(r"\{([^}]*)\}", text)
    return (result.group(1) if result else "?"), (ending[-1] if ending else ""), moves


@pytest.mark.slow
@pytest.mark.parametrize("flag, xq65_first", [("-x", True), ("-x", False), ("-c", True)],
                         ids=["ucci-red", "ucci-black", "uci-red"])
def test_xboard_plays_a_complete_game(tmp_path, display, flag, xq65_first):
    result, ending, moves = play_xboard_game(tmp_path, display, flag, xq65_first)
    assert result in ("1-0", "0-1", "1/2-1/2"), (result, moves)
    assert not re.search(r"illegal|forfeit|exit|crash|disconnect", ending, re.I), ending
    assert len(moves) >= 10
    assert_legal_game(START_FEN, moves)
