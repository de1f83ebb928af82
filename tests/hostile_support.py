"""The fixtures, helpers and case tables of tests/test_cli_hostile.py (the tests live
there; this module holds what they are parametrized by)."""
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

ROOT = Path(__file__).resolve().parents[1]
#: seconds one hostile command may take (the ROM is built before; py65 starts in ~1 s)
TIMEOUT = 30
START = "start"


@pytest.fixture(scope="module")
def rom():
    return build_rom(quiet=True)


def prg_offset(data: bytes, symbols, name: str, banks: dict[str, int]) -> int:
    """The file offset of a ROM label's first byte (its PRG bank from the debug file)."""
    addr = symbols[name]
    last = data[4] - 1
    bank = last if addr >= 0xC000 else banks[name]
    return 16 + bank * 0x4000 + (addr & 0x3FFF)


def jump_to_itself(data: bytes, symbols, banks, name: str) -> bytes:
    """The ROM with routine `name` starting with JMP to itself (a routine that loops)."""
    b = bytearray(data)
    at = prg_offset(data, symbols, name, banks)
    addr = symbols[name]
    b[at:at + 3] = bytes([0x4C, addr & 0xFF, addr >> 8])
    return bytes(b)


@pytest.fixture(scope="module")
def files(tmp_path_factory, rom):
    """Broken ROMs, label files and inputs, made from the built ROM."""
    from pyharness.rom.fingerprint import write_fingerprint
    from pyharness.rom.symbols import load_banks
    d = tmp_path_factory.mktemp("hostile")
    data = rom.rom.read_bytes()
    chr_size = data[5] * 0x2000
    prg = slice(16, len(data) - chr_size)
    symbols = load_symbols(rom.labels)
    banks = load_banks(rom.dbg, data[4])

    def variant(name: str, body: bytes, labels: bool = True, dbg: bool = False,
                fingerprint: bool = False) -> Path:
        """A ROM file with (some of) the files of the build beside it; `fingerprint`
        writes the fingerprint of these very bytes, as a build of that code would."""
        path = d / name
        path.write_bytes(body)
        if labels:
            path.with_suffix(".labels").write_bytes(rom.labels.read_bytes())
        if dbg:
            path.with_suffix(".dbg").write_bytes(rom.dbg.read_bytes())
        if fingerprint:
            write_fingerprint(path, path.with_suffix(".labels"), path.with_suffix(".dbg"))
        return path

    def filled(byte: int) -> bytes:
        b = bytearray(data)
        b[prg] = bytes([byte]) * (prg.stop - prg.start)
        return bytes(b)

    def flipped(offset: int) -> bytes:
        b = bytearray(data)
        b[offset] ^= 0x01
        return bytes(b)

    def built_like(name: str, body: bytes) -> Path:
        return variant(name, body, dbg=True, fingerprint=True)

    copy = built_like("copy.nes", data)                    # the build, copied whole
    # damaged copies: the files of the build beside a ROM that differs from it
    damaged = {}
    for where, offset in (("code", 0x24), ("chr", len(data) - 1), ("header", 10)):
        damaged[where] = d / f"damaged_{where}.nes"
        damaged[where].write_bytes(flipped(offset))
        for suffix in (".labels", ".dbg", ".sum"):
            damaged[where].with_suffix(suffix).write_bytes(copy.with_suffix(suffix).read_bytes())
    # labels edited (a label moved by one byte: the vectors still land on labels)
    moved = variant("moved.nes", data, dbg=True, fingerprint=True)
    text = rom.labels.read_text().replace(f"al {symbols['mg_generate']:06X} .mg_generate",
                                          f"al {symbols['mg_generate'] + 1:06X} .mg_generate")
    moved.with_suffix(".labels").write_text(text)
    # another build (its own fingerprint): its labels do not describe the copy's ROM
    other = built_like("other.nes", flipped(prg_offset(data, symbols, "mg_generate", banks) + 5))
    no_dbg = variant("nodbg.nes", data, dbg=False)
    no_dbg.with_suffix(".sum").write_bytes(copy.with_suffix(".sum").read_bytes())
    no_sum = variant("nosum.nes", data, dbg=True)
    (d / "dir.nes").mkdir()
    (d / "dir.png").mkdir()
    os.mkfifo(d / "fifo")
    os.mkfifo(d / "fifo.png")
    (d / "huge.txt").write_bytes(b"x" * (5 << 20))
    (d / "empty.labels").write_text("no labels here\n")
    (d / "bench.json").write_text("{not json")
    return {
        "trunc": variant("trunc.nes", data[:20000]),
        "junk": variant("junk.nes", b"not a rom" * 100),
        "zero": variant("zero.nes", filled(0x00)),
        "ea": variant("ea.nes", filled(0xEA)),
        # routines that loop forever, in ROMs fingerprinted as builds of that code
        "runaway": built_like("runaway.nes", jump_to_itself(data, symbols, banks,
                                                            "srch_think")),
        "runaway_gen": built_like("runaway_gen.nes", jump_to_itself(data, symbols, banks,
                                                                    "mg_generate")),
        "copy": copy, "damaged": damaged, "moved": moved, "other": other,
        "no_dbg": no_dbg, "no_sum": no_sum,
        "dir": d / "dir.nes",
        "dir_png": d / "dir.png",
        "fifo": d / "fifo",
        "fifo_png": d / "fifo.png",
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



FILE_CASES = [
    (lambda f: ("screenshot", str(f["out"] / "shot.txt")), "PNG"),
    (lambda f: ("--rom", str(f["trunc"]), "screenshot", str(f["out"] / "a.png")), "truncated"),
    (lambda f: ("--rom", str(f["junk"]), "screenshot", str(f["out"] / "a.png")), "not an iNES"),
    (lambda f: ("--rom", str(f["dir"]), "screenshot", str(f["out"] / "a.png")), "directory"),
    (lambda f: ("--rom", str(f["zero"]), "screenshot", str(f["out"] / "a.png")), "vector"),
    (lambda f: ("--rom", str(f["ea"]), "screenshot", str(f["out"] / "a.png")),
     "no build fingerprint"),
    (lambda f: ("--rom", str(f["zero"]), "search", START, "--engine", "asm", "-d", "1"),
     "vector"),
    (lambda f: ("--rom", str(f["ea"]), "moves", START, "--engine", "asm"),
     "no build fingerprint"),
    (lambda f: ("--rom", str(f["dir"]), "diff", "-n", "1", "-d", "1"), "directory"),
    (lambda f: ("--rom", str(f["trunc"]), "perft", START, "1", "--engine", "asm"),
     "truncated"),
    (lambda f: ("--rom", "build/xiangqi.nes", "--labels", str(f["empty_labels"]),
                "moves", START, "--engine", "asm"), "no build fingerprint"),
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



def _saved_variants():
    def edit(fn):
        def make(d: dict) -> str:
            fn(d)
            return json.dumps(d)
        return make
    return [
        ("deep list", lambda d: "[" * 100_000 + "]" * 100_000),
        ("deep object", lambda d: '{"a":' * 50_000 + "1" + "}" * 50_000),
        ("not an object", lambda d: "[1, 2]"),
        ("NaN", lambda d: '{"engine": NaN}'),
        ("null level", edit(lambda d: d["levels"].__setitem__(0, None))),
        ("no level", edit(lambda d: d.__setitem__("levels", []))),
        ("no run", edit(lambda d: d.__setitem__("runs", []))),
        ("levels not a list", edit(lambda d: d.__setitem__("levels", {"1": 1}))),
        ("cycles a string", edit(lambda d: d["runs"][0].__setitem__("cycles", "many"))),
        ("cycles huge", edit(lambda d: d["runs"][0].__setitem__("cycles", 10 ** 400))),
        ("level a bool", edit(lambda d: d["levels"][0].__setitem__("level", True))),
        ("rate NaN", edit(lambda d: d["runs"][0].__setitem__("tt_hit_rate", float("nan")))),
        ("run of no level", edit(lambda d: d["runs"][0].__setitem__("level", 5))),
        ("engine missing", edit(lambda d: d.pop("engine"))),
        ("position null", edit(lambda d: d["positions"].__setitem__(0, None))),
    ]



ENGINE_SCRIPT = """#!/bin/sh
while read line; do
  case "$line" in
    uci) echo "id name fake"; echo "option name UCI_Variant type combo default {v} var {v}"
         echo uciok;;
    isready) echo readyok;;
    go*) {go};;
    quit) exit 0;;
  esac
done
"""

FAKE_ENGINES = [
    ("exits at once", "exec true", "exited"),
    ("fails at once", "exit 3", "exited"),
    ("floods lines", "exec yes garbage", "lines without"),
    ("one endless line", "head -c 200000 /dev/zero | tr '\\000' x\nexec sleep 100",
     "longer than"),
    ("binary garbage", "exec head -c 3000000 /dev/urandom", "not a UCI engine"),
    # (the tests run them with XQ65_ENGINE_WAIT_S=2: the bound is 2 s, not 10)
    ("silent", "exec sleep 100", "within 2 s"),
    ("never answers go", ENGINE_SCRIPT.format(v="xiangqi", go=":"), "within 2 s"),
    ("bad bestmove", ENGINE_SCRIPT.format(v="xiangqi", go="echo bestmove zz99"), "zz99"),
    ("no move", ENGINE_SCRIPT.format(v="xiangqi", go="echo 'bestmove (none)'"), "no move"),
    ("no xiangqi", ENGINE_SCRIPT.format(v="chess", go=":"), "UCI_Variant xiangqi"),
]
