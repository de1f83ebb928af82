"""Files a newcomer can read: no assembly file over 1,000 lines, no Python module over 500.

A file that grows past its limit is split along its concerns (as search.s became
search_make/search_order/search_tree/think), not granted an exception here.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pyharness.rom.build import project_root

ASM_MAX_LINES = 1000
PY_MAX_LINES = 500

ROOT = project_root()
ASM_FILES = sorted(p for pattern in ("*.s", "*.inc") for p in (ROOT / "asm").rglob(pattern))
PY_FILES = sorted(p for folder in ("pyharness", "tests", "tools")
                  for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def line_count(path: Path) -> int:
    """Lines of a text file, as `wc -l` counts them (a last line without a newline counts)."""
    data = path.read_bytes()
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def over_limit(paths: list[Path], limit: int, root: Path = ROOT) -> list[str]:
    """`name: N lines` for every file longer than `limit`, longest first."""
    counts = sorted(((line_count(p), p) for p in paths), reverse=True)
    return [f"{p.relative_to(root)}: {n} lines" for n, p in counts if n > limit]


def test_no_asm_file_over_its_limit():
    assert over_limit(ASM_FILES, ASM_MAX_LINES) == []


def test_no_python_module_over_its_limit():
    assert over_limit(PY_FILES, PY_MAX_LINES) == []


def test_the_walk_finds_the_sources():
    names = {p.relative_to(ROOT).as_posix() for p in ASM_FILES + PY_FILES}
    for expected in ("asm/engine/think.s", "asm/include/engine.inc", "asm/nes/play.s",
                     "pyharness/reference/search.py", "pyharness/rom/sim.py",
                     "tests/test_file_sizes.py", "pyharness/gen/gen_eval.py"):
        assert expected in names
    assert len(ASM_FILES) >= 30 and len(PY_FILES) >= 100


@pytest.mark.parametrize("text,lines", [(b"", 0), (b"a\n", 1), (b"a\nb", 2), (b"\n\n\n", 3)])
def test_line_count_counts_as_wc(tmp_path, text, lines):
    f = tmp_path / "f.s"
    f.write_bytes(text)
    assert line_count(f) == lines


def test_a_long_file_is_reported(tmp_path):
    short, long = tmp_path / "short.py", tmp_path / "long.py"
    short.write_text("x = 1\n" * PY_MAX_LINES)
    long.write_text("x = 1\n" * (PY_MAX_LINES + 1))
    assert over_limit([short, long], PY_MAX_LINES, tmp_path) == [f"long.py: {PY_MAX_LINES + 1} lines"]
