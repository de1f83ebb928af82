"""Hostile arguments and files: every one ends in exactly one `error:` line, status 2,
no traceback, within seconds.

Each case runs the real `xq65` in a subprocess with a timeout, so a hang fails fast.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pyharness.rom.build import build_rom
from pyharness.rom.symbols import load_symbols

from hostile_support import (ARGUMENT_CASES, FAKE_ENGINES, FILE_CASES, ROOT, START,  # noqa: F401
                             TIMEOUT, _saved_variants, assert_one_error, files, jump_to_itself,
                             prg_offset, rom, xq65)
@pytest.mark.parametrize("args, word", ARGUMENT_CASES, ids=lambda v: " ".join(v)
                         if isinstance(v, tuple) else None)
def test_hostile_arguments_end_in_one_error_line(rom, args, word):
    assert_one_error(xq65(*args), word)


@pytest.mark.parametrize("case, word", FILE_CASES, ids=[str(i) for i in range(len(FILE_CASES))])
def test_hostile_files_end_in_one_error_line(files, case, word):
    args = case(files)
    assert_one_error(xq65(*args), word)


def test_a_fifo_is_refused_within_a_second(files):
    import time
    t0 = time.perf_counter()
    assert_one_error(xq65("match", "naive", "random", "--openings", str(files["fifo"])),
                     "not a regular file")
    # the command starts Python and imports the harness; the refusal itself is a stat()
    assert time.perf_counter() - t0 < 10


def test_bare_xq65_prints_its_help_not_an_error():
    res = xq65()
    assert res.returncode == 0 and res.stdout.startswith("Usage: xq65")
    assert "error" not in res.stderr


@pytest.mark.parametrize("name", ["/dev/zero", "fifo", "huge", "dir"])
def test_the_bounded_reader_refuses_within_a_second(files, name):
    import time

    from pyharness.bench.search import SuiteError, load_suite
    from pyharness.inputfile import InputFileError, read_text
    from pyharness.match import OpeningsError, load_openings
    path = name if name.startswith("/") else files[name]
    t0 = time.perf_counter()
    with pytest.raises(InputFileError):
        read_text(path, "input")
    with pytest.raises(OpeningsError):
        load_openings(path)
    with pytest.raises(SuiteError):
        load_suite(path)
    assert time.perf_counter() - t0 < 1.0


# --------------------------------------------------------------------------------------
# A ROM is run only with the files its build wrote (the fingerprint, build/xiangqi.sum)

#: commands that run the ROM's code (or its frames) through --rom
ROM_COMMANDS = [
    ("moves", START, "--engine", "asm"),
    ("perft", START, "2", "--engine", "asm"),
    ("search", START, "--engine", "asm", "-d", "1"),
    ("diff", "-n", "1", "-d", "1"),
    ("bench", "node", "--depth", "1", "--positions", "end-01"),
    ("bench", "movegen", "--depth", "1"),
    ("match", "asm:depth=1", "random", "-n", "1", "-q"),
]


def test_the_build_writes_a_fingerprint_that_names_its_files(rom):
    from pyharness.rom.fingerprint import fingerprint_path, read_fingerprint, sha256
    sums = read_fingerprint(fingerprint_path(rom.labels))
    for path in (rom.rom, rom.labels, rom.dbg):
        assert sums[path.suffix] == sha256(path.read_bytes()), path


def test_a_whole_copy_of_the_build_runs(files):
    res = xq65("--rom", str(files["copy"]), "moves", START, "--engine", "asm")
    assert res.returncode == 0 and len(res.stdout.split()) == 44, res.stderr
    res = xq65("--rom", str(files["copy"]), "perft", START, "2", "--engine", "asm")
    assert res.returncode == 0 and res.stdout.splitlines()[-1] == "1920", res.stderr


@pytest.mark.parametrize("where, args", [("code", a) for a in ROM_COMMANDS[:4]]
                         + [(w, ROM_COMMANDS[0]) for w in ("chr", "header")],
                         ids=lambda v: v if isinstance(v, str) else v[0])
def test_a_damaged_rom_is_refused(files, where, args):
    """One bit flipped (a code byte at 0x24, the last CHR byte, a header byte): every
    command that runs the ROM refuses it; none answers from the damaged code."""
    assert_one_error(xq65("--rom", str(files["damaged"][where]), *args), "is not the one")


@pytest.mark.parametrize("args", ROM_COMMANDS[4:] + [("screenshot", "x.png")],
                         ids=lambda a: a[0] + " " + a[1])
def test_a_damaged_rom_is_refused_by_bench_match_and_screenshot(files, args):
    args = tuple(str(files["out"] / a) if a == "x.png" else a for a in args)
    assert_one_error(xq65("--rom", str(files["damaged"]["code"]), *args), "is not the one")


@pytest.mark.parametrize("case, word", [
    # a label moved by one byte: the vectors still land on labels, the hash does not
    (lambda f: ("--rom", str(f["moved"])), "label file"),
    # the labels (and fingerprint) of another build
    (lambda f: ("--rom", str(f["copy"]), "--labels", str(f["other"].with_suffix(".labels"))),
     "is not the one"),
    (lambda f: ("--rom", str(f["other"]), "--labels", str(f["copy"].with_suffix(".labels"))),
     "is not the one"),
    # copied with its labels but without the debug file, or without the fingerprint
    (lambda f: ("--rom", str(f["no_dbg"])), "debug file"),
    (lambda f: ("--rom", str(f["no_sum"])), "no build fingerprint"),
], ids=["moved label", "other labels", "other rom", "no dbg", "no fingerprint"])
@pytest.mark.parametrize("args", [ROM_COMMANDS[0], ROM_COMMANDS[3]], ids=lambda a: a[0])
def test_labels_that_do_not_describe_the_rom_are_refused(files, case, word, args):
    """Never a wrong answer (`diff` said DIFFERENT without the .dbg): one error line."""
    res = xq65(*case(files), *args)
    assert_one_error(res, word)
    assert "DIFFERENT" not in res.stdout


def test_a_damaged_standard_build_is_rebuilt(tmp_path):
    """build_rom relinks when an output does not match the fingerprint."""
    from pyharness.rom.fingerprint import matches
    root = tmp_path
    for d in ("asm", "pyharness", "assets"):
        shutil.copytree(ROOT / d, root / d, ignore=shutil.ignore_patterns("__pycache__"))
    first = build_rom(root, quiet=True)
    assert matches(first.rom, first.labels, first.dbg)
    data = bytearray(first.rom.read_bytes())
    data[0x24] ^= 1
    first.rom.write_bytes(bytes(data))
    assert not matches(first.rom, first.labels, first.dbg)
    again = build_rom(root, quiet=True)
    assert again.rebuilt and matches(again.rom, again.labels, again.dbg)
    assert again.rom.read_bytes() == first.rom.read_bytes() != bytes(data)


# --------------------------------------------------------------------------------------
# Every simulated routine is bounded: a routine that loops stops within seconds

def _patched_engine(rom, name: str):
    """An AsmEngine whose routine `name` jumps to itself, patched in the image it maps."""
    from pyharness.rom.asm_engine import AsmEngine
    from pyharness.rom.sim import Sim
    sim = Sim(rom.rom, rom.labels, rom.dbg)
    prg = bytearray(sim.image.prg)
    addr = sim.addr(name)
    bank = sim.fixed_bank if addr >= 0xC000 else sim.bank_of(name)
    at = bank * 0x4000 + (addr & 0x3FFF)
    prg[at:at + 3] = bytes([0x4C, addr & 0xFF, addr >> 8])
    sim.image.prg = bytes(prg)
    sim.memory[0xC000:0x10000] = sim.image.prg[-0x4000:]
    sim.map_bank(sim.engine_bank)
    return AsmEngine(sim)


RUNAWAY_CALLS = [
    ("mg_generate", lambda e, p: (e.load(p), e.generate())),
    ("mg_generate", lambda e, p: (e.load(p), e.perft(3))),
    ("mg_generate", lambda e, p: (e.load(p), e.perft(3, full=True))),
    ("pos_make", lambda e, p: (e.load(p), e.perft(2, full=True))),
    ("pos_unmake", lambda e, p: (e.load(p), e.perft(3))),
    ("eng_load", lambda e, p: e.load(p)),
    ("eng_game_new", lambda e, p: e.game_new(p)),
    ("eng_game_push", lambda e, p: (e.game_new(p), e.game_push(p.legal_moves()[0]))),
    ("eng_game_result", lambda e, p: (e.game_new(p), e.game_result())),
    ("mg_generate", lambda e, p: e.think(p, depth=24)),
    ("srch_think", lambda e, p: e.think(p, depth=24)),
    ("srch_think", lambda e, p: e.think(p, level=5, use_book=False)),
    ("srch_start", lambda e, p: e.think(p, level=5)),
]


@pytest.mark.parametrize("name, call", RUNAWAY_CALLS,
                         ids=[f"{n}-{i}" for i, (n, _) in enumerate(RUNAWAY_CALLS)])
def test_a_routine_that_loops_stops_within_seconds(rom, name, call):
    import time

    from pyharness.reference.position import Position
    from pyharness.rom.sim import SimLimitError
    eng = _patched_engine(rom, name)
    pos = Position.from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
    t0 = time.perf_counter()
    with pytest.raises(SimLimitError, match="runaway routine"):
        call(eng, pos)
    assert time.perf_counter() - t0 < 15


@pytest.mark.parametrize("args, word", [
    (("perft", START, "3", "--engine", "asm"), "counted no leaf"),
    (("perft", START, "8", "--engine", "asm", "--divide"), "ran past its cap"),
    (("bench", "movegen", "--depth", "4"), "ran past its cap"),
    (("bench", "node", "--depth", "5", "--positions", "end-01"), "made no node"),
], ids=["perft", "perft divide", "bench movegen", "bench node"])
def test_a_runaway_generator_fails_the_cli_in_one_line(files, args, word):
    assert_one_error(xq65("--rom", str(files["runaway_gen"]), *args), word)


# --------------------------------------------------------------------------------------
# Long game histories: both engines answer the same

def _search_lines(engine: str, moves: str, *limits: str) -> list[str]:
    res = xq65("search", START, "--engine", engine, "--moves", moves, *limits, timeout=60)
    assert res.returncode == 0, res.stderr
    return [ln for ln in res.stdout.splitlines()
            if ln.split(":")[0] in ("best", "score", "depth", "nodes", "pv")]


@pytest.mark.parametrize("plies, limits", [
    (332, ("-d", "1")),               # the probe: 83 times round a 4-ply cycle
    (328, ("-d", "2")),
    (600, ("-d", "1")),
    # a cycle of 8 plies ending in a capture-free stretch far past 100 plies
    (404, ("-d", "2")),
], ids=["332", "328", "600", "404 (8-ply cycle)"])
def test_a_long_history_gets_the_same_answer_from_both_engines(plies, limits):
    cycle = (["b0c2", "b9c7", "c2b0", "c7b9"] if plies != 404 else
             ["b0c2", "b9c7", "c2e1", "c7e8", "e1c2", "e8c7", "c2b0", "c7b9"])
    moves = " ".join((cycle * (plies // len(cycle) + 1))[:plies])
    asm = _search_lines("asm", moves, *limits)
    assert asm == _search_lines("ref", moves, *limits)
    assert asm[0].startswith("best:")


@pytest.mark.parametrize("counter, plies, captures", [
    (0, 157, False), (254, 157, False), (300, 240, False), (0, 102, True), (90, 400, True)])
def test_a_long_history_is_set_up_as_every_push_would_leave_it(rom, counter, plies, captures):
    """game_setup pushes only the record's window of a long history: the record, the
    counters, the board and a take-back are those of pushing every move."""
    import random

    from pyharness.reference.board import START_FEN
    from pyharness.reference.position import Position
    from pyharness.rom.asm_engine import AsmEngine
    eng = AsmEngine()
    s = eng.sim
    rng = random.Random(plies)
    pos = Position.from_fen(START_FEN.replace(" 0 1", f" {counter} 1"))
    cycle = ["b0c2", "b9c7", "c2b0", "c7b9"]
    pushed = 0
    for i in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pushed += 1
        takes = [m for m in moves if pos.board[m.to]]
        if captures and (takes and rng.random() < 0.05 or rng.random() < 0.5):
            pos.push(rng.choice(takes or moves))
        else:
            pos.push(pos.parse_move(cycle[i % 4]) if not captures else rng.choice(moves))

    def state():
        n = s.peek("game_n")
        out = {k: s.peek(k) for k in ("game_n", "game_half", "game_half0")}
        for k in ("rec_k0", "rec_k1", "rec_k2", "rec_k3", "gm_from", "gm_to", "gm_cap"):
            out[k] = bytes(s.read(k, n + 1))
        out["flags"] = bytes([s.peek("rec_flag") & ~0x80]) + s.read(s.addr("rec_flag") + 1, n)
        out["board"] = s.read("eng_board", 256)
        eng.game_pop()
        out["after pop"] = (s.peek("game_n"), s.peek("game_half"), s.read("eng_board", 256))
        return out

    eng.game_setup(pos)
    windowed = state()
    back, stack = pos.copy(), []
    while True:
        try:
            stack.append(back.pop())
        except IndexError:
            break
    eng.game_new(back)
    for mv in reversed(stack):
        eng.game_push(mv)
    assert len(stack) == pushed > 101
    assert state() == windowed


def test_a_history_of_thousands_of_plies_is_answered_within_seconds():
    """Only the record's window is pushed: 4,000 plies cost what 101 cost."""
    import time
    moves = " ".join(["b0c2", "b9c7", "c2b0", "c7b9"] * 1000)
    t0 = time.perf_counter()
    asm = _search_lines("asm", moves, "-d", "1")
    assert time.perf_counter() - t0 < 15
    assert asm == _search_lines("ref", moves, "-d", "1")


def test_a_long_history_leaves_a_level_its_frames():
    """The frames of the game record's set-up are not charged to the search."""
    moves = " ".join(["b0c2", "b9c7", "c2b0", "c7b9"] * 150)
    res = xq65("search", START, "--engine", "asm", "-l", "2", "--moves", moves, timeout=60)
    assert res.returncode == 0, res.stderr
    assert "depth: 2" in res.stdout and "stopped" not in res.stdout, res.stdout


# --------------------------------------------------------------------------------------
# Outputs: a FIFO, a directory or a device is refused before the work, never waited on

OUTPUT_COMMANDS = [
    lambda f, out: ("match", "random:seed=1", "random:seed=2", "-n", "1", "--max-plies", "4",
                    "--log", out),
    lambda f, out: ("bench", "--engine", "ref", "--levels", "1", "--positions", "1", "-q",
                    "--out", out),
    lambda f, out: ("bench", "--from", str(f["saved"]), "--out", out),
    lambda f, out: ("bench", "--from", str(f["saved"]), "--plot", out),
    lambda f, out: ("screenshot", out),
]


@pytest.fixture(scope="module")
def saved(files):
    """A saved bench run (bench --out), for --from."""
    path = files["out"] / "saved.json"
    res = xq65("bench", "--engine", "ref", "--levels", "1", "--positions", "2", "-q",
               "--out", str(path))
    assert res.returncode == 0, res.stderr
    files["saved"] = path
    return path


@pytest.mark.parametrize("target, word", [
    ("fifo", "not a regular file"), ("dir", "is a directory"), ("/dev/null", "not a regular"),
    ("/nonexistent/x", "does not exist")], ids=["fifo", "dir", "device", "no dir"])
@pytest.mark.parametrize("command", OUTPUT_COMMANDS, ids=["match --log", "bench --out",
                                                          "from --out", "from --plot",
                                                          "screenshot"])
def test_an_output_that_is_not_a_file_is_refused(files, saved, command, target, word):
    import time
    png = command(files, "x")[-2] in ("--plot",) or command(files, "x")[0] == "screenshot"
    if target.startswith("/"):
        out = target + (".png" if png and target != "/dev/null" else "")
        if png and target == "/dev/null":
            pytest.skip("a device has no .png name")
        if command(files, "x")[0] == "screenshot" and target.startswith("/nonexistent"):
            pytest.skip("screenshot makes the directories of its picture")
    else:
        out = str(files[f"{target}_png" if png else target])
    t0 = time.perf_counter()
    assert_one_error(xq65(*command(files, out)), word)
    assert time.perf_counter() - t0 < 15


@pytest.mark.parametrize("args", [("bench", "--from", "SAVED", "--plot", "x.txt"),
                                  ("bench", "--engine", "ref", "--levels", "1",
                                   "--positions", "1", "--plot", "x.txt"),
                                  ("screenshot", "x.txt")])
def test_a_png_must_be_named_png(files, saved, args):
    args = [str(saved) if a == "SAVED" else str(files["out"] / a) if a == "x.txt" else a
            for a in args]
    assert_one_error(xq65(*args), "png")
    assert not (files["out"] / "x.txt").exists()


def test_outputs_that_are_files_are_written(files, saved):
    out, png = files["out"] / "again.json", files["out"] / "again.png"
    out.write_text("old")                         # an existing regular file is replaced
    res = xq65("bench", "--engine", "ref", "--levels", "1", "--positions", "1", "-q",
               "--out", str(out), "--plot", str(png))
    assert res.returncode == 0, res.stderr
    assert json.loads(out.read_text())["engine"] == "ref"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("target", ["fifo", "dir", "/dev/zero", "/nonexistent.nes"])
def test_play_refuses_a_rom_that_is_not_a_file(files, target):
    rom = target if target.startswith("/") else str(files[target])
    assert_one_error(xq65("--rom", rom, "play"), "ROM")


def test_play_says_fceux_is_missing_before_the_display(monkeypatch, rom):
    from pyharness.rom import fceux, play
    monkeypatch.setattr(fceux, "find_fceux", lambda: None)
    monkeypatch.setattr(play, "_windowed_nes", lambda: None)
    monkeypatch.setenv("DISPLAY", ":99")
    text = play.play(rom.rom)
    assert "FCEUX is not installed" in text and "DISPLAY" not in text
    monkeypatch.delenv("DISPLAY")
    text = play.play(rom.rom)
    assert "FCEUX is not installed" in text and "DISPLAY is not set" in text


def test_screenshot_refuses_a_missing_label_file(files):
    assert_one_error(xq65("--rom", "build/xiangqi.nes", "--labels",
                          str(files["out"] / "none.labels"), "screenshot",
                          str(files["out"] / "a.png")), "not found")


# --------------------------------------------------------------------------------------
# Saved bench runs: the schema is checked, never a traceback or an empty table

@pytest.mark.parametrize("name, make", _saved_variants(), ids=[n for n, _ in _saved_variants()])
def test_a_saved_bench_of_the_wrong_shape_is_refused(files, saved, name, make):
    path = files["out"] / "shape.json"
    path.write_text(make(json.loads(saved.read_text())))
    assert_one_error(xq65("bench", "--from", str(path)), "not a bench JSON")


def test_a_saved_bench_of_the_right_shape_reprints(saved):
    res = xq65("bench", "--from", str(saved))
    assert res.returncode == 0 and "median cycles per node" in res.stdout, res.stderr


# --------------------------------------------------------------------------------------
# Programs that are not UCI engines, as fsf: one line, bounded waits

@pytest.mark.parametrize("name, body, word", FAKE_ENGINES, ids=[n for n, _, _ in FAKE_ENGINES])
def test_a_program_that_is_not_a_uci_engine_is_one_error_line(tmp_path, name, body, word):
    import time
    exe = tmp_path / "engine.sh"
    exe.write_text(body if body.startswith("#!") else f"#!/bin/sh\n{body}\n")
    exe.chmod(0o755)
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-m", "pyharness.cli", "match", "fsf:depth=1",
                          "random:seed=1", "-n", "1", "-q"], capture_output=True, text=True,
                         timeout=TIMEOUT, env={**os.environ, "XQ65_FAIRY_STOCKFISH": str(exe),
                                               "XQ65_ENGINE_WAIT_S": "2"})
    assert_one_error(res, word)
    assert time.perf_counter() - t0 < 12


@pytest.mark.parametrize("value", ["abc", "0", "1e9"])
def test_a_bad_engine_wait_is_one_error_line(value):
    res = subprocess.run([sys.executable, "-m", "pyharness.cli", "match", "fsf:depth=1",
                          "random:seed=1", "-n", "1", "-q"], capture_output=True, text=True,
                         timeout=TIMEOUT, env={**os.environ, "XQ65_ENGINE_WAIT_S": value})
    assert_one_error(res, "XQ65_ENGINE_WAIT_S")


@pytest.mark.parametrize("make, word", [
    (lambda d: d, "is a directory"),
    (lambda d: (d / "plain.txt").write_text("x") and d / "plain.txt", "not executable"),
    (lambda d: d / "missing", "not found"),
], ids=["directory", "not executable", "missing"])
def test_an_engine_path_that_is_no_program_is_one_error_line(tmp_path, make, word):
    res = subprocess.run([sys.executable, "-m", "pyharness.cli", "match", "fsf:nodes=100",
                          "random", "-n", "1", "-q"], capture_output=True, text=True,
                         timeout=TIMEOUT,
                         env={**os.environ, "XQ65_FAIRY_STOCKFISH": str(make(tmp_path))})
    assert_one_error(res, word)


def test_the_search_bound_follows_the_limits(monkeypatch):
    from pyharness.match.uci import search_timeout
    monkeypatch.delenv("XQ65_ENGINE_WAIT_S", raising=False)
    assert search_timeout(depth=1) == search_timeout(depth=10) == 10
    assert search_timeout(depth=12) == 40
    assert search_timeout(nodes=5000) == pytest.approx(10.1)
    assert search_timeout(nodes=10 ** 8) > 2000


# --------------------------------------------------------------------------------------
# Smaller: a failed build, bench movegen --data: the error is the only line

def test_a_failed_tool_is_one_line_with_its_output_in_a_log(tmp_path):
    from pyharness.rom import build
    (tmp_path / "build").mkdir()
    script = "import sys; print('a.s:1: Error: bad'); print('a.s:2: note'); sys.exit(1)"
    with pytest.raises(build.BuildError) as err:
        build._run([sys.executable, "-c", script], tmp_path, "ca65 a.s")
    assert "\n" not in str(err.value) and "Error: bad" in str(err.value)
    assert "a.s:2: note" in (tmp_path / "build" / build.ERROR_LOG).read_text()
    assert "a.s:2: note" in err.value.output


@pytest.mark.parametrize("text, word", [
    ("id a\nfen 9/9/9 w\nperft 1 3\n", "bad FEN"),
    ("", "no perft case"),
    ("id a\nfen 4k4/9/9/9/9/9/9/9/9/4K4 w\nperft 1 x\n", "bad perft line"),
    ("id a\nfen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\nperft 1 45\n",
     "published 45"),
], ids=["bad fen", "empty", "bad count", "wrong count"])
def test_bench_movegen_data_errors_are_the_only_line(tmp_path, text, word):
    data = tmp_path / "perft.txt"
    data.write_text(text)
    res = xq65("bench", "movegen", "--depth", "1", "--data", str(data))
    assert_one_error(res, word)
    assert res.stderr.count("\n") == 1 and res.stdout == "", res.stderr
