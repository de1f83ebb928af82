"""Builds that cannot go stale: every asset tool writes a depfile of
what it read, and the build re-runs the tool when one of those files changes."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from pyharness.rom.build import ASSET_STEPS, build_rom, project_root, read_depfile

ROOT = project_root()


@pytest.fixture(scope="module")
def built():
    return build_rom(quiet=True)


def _deps(step) -> set[str]:
    deps = read_depfile(ROOT / step.depfile)
    assert deps is not None, f"{step.tool} wrote no depfile {step.depfile}"
    return {p.as_posix() for p in deps}


def test_every_tool_lists_what_it_read(built):
    by_tool = {s.tool.name: s for s in ASSET_STEPS}
    for step in ASSET_STEPS:
        deps = _deps(step)
        assert step.source.as_posix() in deps and step.tool.as_posix() in deps
        assert not any(d.startswith((".venv", "build/")) for d in deps), deps
    assert "pyharness/reference/eval.py" in _deps(by_tool["gen_eval.py"])
    assert "pyharness/reference/lfsr.py" in _deps(by_tool["gen_levels.py"])
    assert "assets/zobrist.txt" in _deps(by_tool["gen_book.py"])     # read, not imported
    assert "pyharness/gen/ui_charset.py" in _deps(by_tool["ui2chr.py"])


def _copy_tree(dst: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".build.lock")
    for name in ("asm", "assets", "tools", "pyharness", "build"):
        shutil.copytree(ROOT / name, dst / name, ignore=ignore, copy_function=shutil.copy2)


def _mtimes(root: Path) -> dict[str, float]:
    return {o.as_posix(): (root / o).stat().st_mtime_ns
            for s in ASSET_STEPS for o in s.outputs}


@pytest.mark.parametrize("touched, rerun", [
    ("pyharness/reference/eval.py", {"build/eval_tables.inc"}),
    ("pyharness/reference/lfsr.py", {"build/levels.inc", "build/book.inc"}),
    ("assets/zobrist.txt", {"build/zobrist.inc", "build/book.inc"}),
])
def test_touching_a_file_a_tool_read_rebuilds_what_depends_on_it(built, tmp_path, touched,
                                                                 rerun):
    _copy_tree(tmp_path)
    first = build_rom(tmp_path, quiet=True)
    assert not first.rebuilt, "a fresh copy of an up-to-date build must be up to date"
    before = _mtimes(tmp_path)
    rom_before = first.rom.stat().st_mtime_ns
    future = time.time() + 5
    os.utime(tmp_path / touched, (future, future))
    again = build_rom(tmp_path, quiet=True)
    after = _mtimes(tmp_path)
    changed = {name for name in before if after[name] != before[name]}
    assert rerun <= changed, (touched, changed)
    assert "build/title.chr" not in changed and "build/ui.chr" not in changed
    assert again.rebuilt and again.rom.stat().st_mtime_ns != rom_before
    assert again.rom.read_bytes() == built.rom.read_bytes()


def test_a_missing_depfile_reruns_its_tool(built, tmp_path):
    _copy_tree(tmp_path)
    step = next(s for s in ASSET_STEPS if s.tool.name == "gen_eval.py")
    (tmp_path / step.depfile).unlink()
    before = (tmp_path / step.outputs[0]).stat().st_mtime_ns
    build_rom(tmp_path, quiet=True)
    assert (tmp_path / step.outputs[0]).stat().st_mtime_ns != before
    assert (tmp_path / step.depfile).exists()
