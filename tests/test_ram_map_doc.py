"""docs/ram_map.md's generated tables (tools/docs/ram_map.py) equal the current link."""
from __future__ import annotations

import importlib.util
import sys

import pytest

from pyharness.rom.build import build_rom, project_root

ROOT = project_root()


def _tool():
    spec = importlib.util.spec_from_file_location("ram_map", ROOT / "tools/docs/ram_map.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod           # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def symbols():
    build_rom(quiet=True)
    return _tool().read_symbols(ROOT / "build/xiangqi.dbg")


def test_ram_tables_are_current(symbols):
    tool = _tool()
    doc = (ROOT / "docs/ram_map.md").read_text(encoding="utf-8")
    assert tool.splice(doc, tool.render(symbols)) == doc, (
        "docs/ram_map.md RAM tables are stale: run "
        "python tools/docs/ram_map.py --write docs/ram_map.md")


def test_tables_hold_the_known_variables(symbols):
    by_name = {s.name: s for s in symbols}
    assert by_name["eng_board"].segment == "WRAM" and by_name["eng_board"].size == 256
    assert by_name["eng_board"].address % 256 == 0
    assert by_name["frame_count"].segment == "ZEROPAGE" and by_name["frame_count"].size == 2
    assert by_name["mv_from_stk"].module == "engine_ram.inc"
    # no two labels overlap inside a segment
    for a, b in zip(symbols, symbols[1:]):
        if a.segment == b.segment:
            assert a.address + a.size <= b.address or a.size == 0, (a, b)


def test_a_stale_table_is_caught(symbols, tmp_path):
    tool = _tool()
    doc = (ROOT / "docs/ram_map.md").read_text(encoding="utf-8")
    stale = doc.replace("| `eng_board` | 256 |", "| `eng_board` | 255 |")
    assert stale != doc
    assert tool.splice(stale, tool.render(symbols)) != stale
    bad = tmp_path / "x.dbg"
    bad.write_text("not a debug file\n")
    with pytest.raises(tool.RamMapError):
        tool.read_symbols(bad)
