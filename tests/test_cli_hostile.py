"""Hostile arguments and files: every one ends in exactly one `error:` line, status 2,
no traceback, within seconds.

Each case runs the real `xq65` in a subprocess with a timeout, so a hang fails fast.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyharness.rom.build import build_rom
from pyharness.rom.symbols import load_symbols

#: seconds one hostile command may take (the ROM is built before; py65 starts in ~1 s)
TIMEOUT = 30
START = "start"


@pytest.fixture(scope="module")
def rom():
    return build_rom(quiet=True)


@pytest.fixture(scope="module")
def files(tmp_path_factory, rom):
    """Broken ROMs, label files and inputs, made from the built ROM."""
    d = tmp_path_factory.mktemp("hostile")
    data = rom.rom.read_bytes()
    chr_size = data[5] * 0x2000
    prg = slice(16, len(data) - chr_size)

    def variant(name: str, body: bytes, labels: bool = True) -> Path:
        path = d / name
        path.write_bytes(body)
        if labels:
            (d / name).with_suffix(".labels").write_bytes(rom.labels.read_bytes())
        return path

    def filled(byte: int) -> bytes:
        b = bytearray(data)
        b[prg] = bytes([byte]) * (prg.stop - prg.start)
        return bytes(b)

    # a runaway routine: srch_think starts with JMP to itself (labels still match)
    runaway = bytearray(data)
    addr = load_symbols(rom.labels)["srch_think"]
    banks = data[4]
    at = 16 + (addr - 0x8000 if addr < 0xC000 else (banks - 1) * 0x4000 + addr - 0xC000)
    runaway[at:at + 3] = bytes([0x4C, addr & 0xFF, addr >> 8])
    # ... and mg_generate (the cap of a single routine)
    runaway_gen = bytearray(data)
    addr = load_symbols(rom.labels)["mg_generate"]
    at = 16 + (addr - 0x8000 if addr < 0xC000 else (banks - 1) * 0x4000 + addr - 0xC000)
    runaway_gen[at:at + 3] = bytes([0x4C, addr & 0xFF, addr >> 8])
    (d / "dir.nes").mkdir()
    os.mkfifo(d / "fifo")
    (d / "huge.txt").write_bytes(b"x" * (5 << 20))
    (d / "empty.labels").write_text("no labels here\n")
    (d / "bench.json").write_text("{not json")
    return {
        "trunc": variant("trunc.nes", data[:20000]),
        "junk": variant("junk.nes", b"not a rom" * 100),
        "zero": variant("zero.nes", filled(0x00)),
        "ea": variant("ea.nes", filled(0xEA)),
        "runaway": variant("runaway.nes", bytes(runaway)),
        "runaway_gen": variant("runaway_gen.nes", bytes(runaway_gen)),
        "dir": d / "dir.nes",
        "fifo": d / "fifo",
        "huge": d / "huge.txt",
        "empty_labels": d / "empty.labels",
        "bad_json": d / "bench.json",
        "out": d,
    }


def xq65(*args: str, timeout: float = TIMEOUT) -> subprocess.CompletedProcess:
    """Run the CLI in a subprocess, bounded by `timeout` seconds."""
    return subprocess.run([sys.executable, "-m", "pyharness.cli", *args],
                          capture_output=True, text=True, timeout=timeout)


def assert_one_error(res: subprocess.CompletedProcess, *words: str) -> None:
    errors = [ln for ln in res.stderr.splitlines() if ln.startswith("error:")]
    assert res.returncode == 2, (res.returncode, res.stdout, res.stderr)
    assert len(errors) == 1, res.stderr
    assert "Traceback" not in res.stderr + res.stdout, res.stderr
    for w in words:
        assert w in errors[0], (w, errors[0])


ARGUMENT_CASES = [
    # every range, both engines
    (("search", START, "--engine", "asm", "--depth", "0"), "'--depth'"),
    (("search", START, "--engine", "asm", "--depth", "-1"), "'--depth'"),
    (("search", START, "--engine", "asm", "--depth", "25"), "1<=x<=24"),
    (("search", START, "--engine", "asm", "--depth", "256"), "'--depth'"),
    (("search", START, "--engine", "asm", "--depth", "257"), "'--depth'"),
    (("search", START, "--engine", "asm", "--level", "0"), "'--level'"),
    (("search", START, "--engine", "asm", "--level", "6"), "1<=x<=5"),
    (("search", START, "--engine", "asm", "--level", "256"), "'--level'"),
    (("search", START, "--engine", "asm", "-d", "1", "--nodes", "-1"), "'--nodes'"),
    (("search", START, "--engine", "asm", "-d", "1", "--frames", "-1"), "'--frames'"),
    (("search", START, "--engine", "ref", "-d", "1", "--nodes", "-1"), "'--nodes'"),
    (("search", START, "--engine", "ref", "-d", "1", "--frames", "65536"), "'--frames'"),
    (("search", START, "--engine", "ref", "-d", "1", "--seed", "65536"), "'--seed'"),
    (("search", START, "-d", "1", "-l", "1"), "exactly one of"),
    (("search", START, "--engine", "nope", "-d", "1"), "'--engine'"),
    (("search", START, "-d", "1", "--moves", "h2e2 h2e2"), "no piece on h2"),
    (("diff", "--seed", "-5"), "'--seed'"),
    (("diff", "--seed", "99999999999999999999999"), "'--seed'"),
    (("diff", "--depth", "0"), "'--depth'"),
    (("diff", "--suite", "mid-11"), "'--suite'"),
    (("diff", "--suite", "mid", "-n", "2"), "not both"),
    (("match", "naive", "random", "--games", "-3"), "'--games'"),
    (("perft", START, "9"), "DEPTH"),
    (("screenshot", "x.png", "--frames", "1000000000"), "'--frames'"),
    (("bench", "--engine", "ref", "-j", "-1"), "'--jobs'"),
    # FENs the parser must refuse, not crash on
    (("show", "9/9/9/9/9/9/9/9/9/²"), "bad FEN"),
    (("moves", "3k²/9/9/9/9/9/9/9/9/4K4 w"), "bad FEN"),
    (("perft", "4k4/9/9/9/9/9/9/9/9/4K4 w - - ² 1", "1"), "bad FEN"),
    (("search", "4k4/9/9/9/9/9/9/9/9/3K²4 w", "-d", "1"), "bad FEN"),
    # click's own usage errors: one line too
    (("moves",), "Missing argument"),
    (("nosuchcommand",), "No such command"),
    (("search", START, "--bogus"), "No such option"),
    (("--labels", "x", "moves", START), "--labels needs --rom"),
]


@pytest.mark.parametrize("args, word", ARGUMENT_CASES, ids=lambda v: " ".join(v)
                         if isinstance(v, tuple) else None)
def test_hostile_arguments_end_in_one_error_line(rom, args, word):
    assert_one_error(xq65(*args), word)


FILE_CASES = [
    (lambda f: ("screenshot", str(f["out"] / "shot.txt")), "PNG"),
    (lambda f: ("--rom", str(f["trunc"]), "screenshot", str(f["out"] / "a.png")), "truncated"),
    (lambda f: ("--rom", str(f["junk"]), "screenshot", str(f["out"] / "a.png")), "not an iNES"),
    (lambda f: ("--rom", str(f["dir"]), "screenshot", str(f["out"] / "a.png")), "directory"),
    (lambda f: ("--rom", str(f["zero"]), "screenshot", str(f["out"] / "a.png")), "vector"),
    (lambda f: ("--rom", str(f["ea"]), "screenshot", str(f["out"] / "a.png")), "vector"),
    (lambda f: ("--rom", str(f["zero"]), "search", START, "--engine", "asm", "-d", "1"),
     "vector"),
    (lambda f: ("--rom", str(f["ea"]), "moves", START, "--engine", "asm"), "does not match"),
    (lambda f: ("--rom", str(f["dir"]), "diff", "-n", "1", "-d", "1"), "directory"),
    (lambda f: ("--rom", str(f["trunc"]), "perft", START, "1", "--engine", "asm"),
     "truncated"),
    (lambda f: ("--rom", "build/xiangqi.nes", "--labels", str(f["empty_labels"]),
                "moves", START, "--engine", "asm"), "no labels"),
    (lambda f: ("--rom", "build/xiangqi.nes", "--labels", str(f["dir"]),
                "moves", START, "--engine", "asm"), "directory"),
    (lambda f: ("--rom", str(f["runaway"]), "search", START, "--engine", "asm",
                "--depth", "3", "--frames", "5"), "runaway"),       # the cycle cap
    (lambda f: ("--rom", str(f["runaway"]), "search", START, "--engine", "asm",
                "--depth", "24"), "made no node"),                   # the node watchdog
    (lambda f: ("--rom", str(f["runaway_gen"]), "moves", START, "--engine", "asm"),
     "mg_generate ran past its cap"),
    (lambda f: ("match", "naive", "random", "--openings", "/dev/zero"), "not a regular file"),
    (lambda f: ("match", "naive", "random", "--openings", str(f["fifo"])),
     "not a regular file"),
    (lambda f: ("match", "naive", "random", "--openings", str(f["huge"])), "the limit is"),
    (lambda f: ("bench", "--engine", "ref", "--suite", "/dev/zero"), "not a regular file"),
    (lambda f: ("bench", "--engine", "ref", "--suite", str(f["fifo"])), "not a regular file"),
    (lambda f: ("bench", "--engine", "ref", "--suite", str(f["huge"])), "the limit is"),
    (lambda f: ("bench", "--from", "/dev/zero"), "not a regular file"),
    (lambda f: ("bench", "--from", str(f["fifo"])), "not a regular file"),
    (lambda f: ("bench", "--from", str(f["huge"])), "the limit is"),
    (lambda f: ("bench", "--from", str(f["bad_json"])), "bench.json"),
    (lambda f: ("bench", "movegen", "--data", str(f["fifo"])), "not a regular file"),
]


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
