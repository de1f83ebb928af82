"""The asm engine through the CLI: moves/perft --engine asm, bench movegen."""
from __future__ import annotations

import json

from click.testing import CliRunner

from pyharness.cli import main
from pyharness.reference.position import Position

WIKI4 = "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1"


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_moves_asm_equals_ref():
    asm = run("moves", WIKI4, "--engine", "asm")
    ref = run("moves", WIKI4, "--engine", "ref")
    assert asm.exit_code == 0 and ref.exit_code == 0
    assert asm.stdout.strip().splitlines()[-1] == ref.stdout.strip().splitlines()[-1]
    assert len(ref.stdout.split()) == 25


def test_perft_asm_prints_cycles_and_count_last():
    res = run("perft", "start", "2", "--engine", "asm")
    assert res.exit_code == 0
    lines = res.stdout.strip().splitlines()
    assert lines[-1] == "1920"
    assert any(line.startswith("cycles per leaf:") for line in lines)       # full mode
    assert any(line.startswith("bulk cycles per leaf:") for line in lines)
    assert "eng_perft_full" in res.stdout


def test_perft_asm_divide_matches_ref():
    asm = run("perft", WIKI4, "2", "--engine", "asm", "--divide")
    ref = run("perft", WIKI4, "2", "--engine", "ref", "--divide")
    assert asm.exit_code == 0
    assert asm.stdout.strip().splitlines()[-26:] == ref.stdout.strip().splitlines()[-26:]


def test_bad_fen_is_usage_error():
    res = run("moves", "not a fen", "--engine", "asm")
    assert res.exit_code == 2
    assert "error:" in res.stderr


def test_bench_movegen_json_depth1():
    res = run("bench", "movegen", "--depth", "1", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    start = next(r for r in data["rows"] if r["id"] == "start")
    assert start["moves"] == len(Position.start().legal_moves())
    assert start["perft_leaves"] == 44
    assert start["gen_cycles"] > 0
    assert start["perft_full_cycles"] > start["perft_cycles"] > 0
    assert data["cycles_per_leaf_full_overall"] > data["cycles_per_leaf_overall"] > 0


def test_bench_missing_data_file_is_usage_error(tmp_path):
    res = run("bench", "movegen", "--data", str(tmp_path / "nope.txt"))
    assert res.exit_code == 2
