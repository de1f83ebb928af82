"""asm/README.md's generated tables (tools/docs/asm_map.py) equal the current link and
sources: every file, its main routines, their segment and bank, each engine file's twin."""
from __future__ import annotations

import importlib.util
import sys

import pytest

from pyharness.rom.build import build_rom, project_root

ROOT = project_root()
DOC = ROOT / "asm/README.md"


def _tool():
    spec = importlib.util.spec_from_file_location("asm_map", ROOT / "tools/docs/asm_map.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod           # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def tool():
    return _tool()


@pytest.fixture(scope="module")
def dbg():
    return build_rom(quiet=True).dbg


def test_asm_map_is_current(tool, dbg):
    doc = DOC.read_text(encoding="utf-8")
    assert tool.splice(doc, tool.current_tables(dbg)) == doc, (
        "asm/README.md's map is stale: run python tools/docs/asm_map.py --write asm/README.md")


def test_every_source_is_on_the_map(tool, dbg):
    doc = DOC.read_text(encoding="utf-8")
    for path in sorted((ROOT / "asm").rglob("*")):
        if path.suffix in (".s", ".inc"):
            rel = path.relative_to(ROOT / "asm").as_posix()
            assert f"]({rel})" in doc, f"{rel} is not on the map"


def test_routines_land_where_the_link_puts_them(tool, dbg):
    files = tool.read_files(dbg)
    think = files["asm/engine/think.s"]
    assert "srch_think" in think.main["CODE"]
    assert any("srch_qsearch" in names for names in files["asm/engine/search_tree.s"].main.values())
    assert "menu_run" in files["asm/nes/menu.s"].main["UI"]
    assert "far_srch_think" in files["asm/nes/far.s"].entries
    # a helper that no .global names is counted, not listed
    assert all("think_recapture" not in names for names in think.main.values())
    assert think.other_procs >= 1
    seg_area = tool.parse_cfg_segments((ROOT / "asm/cfg/xiangqi.cfg").read_text())
    assert tool.bank_of(seg_area["CODE"]) == "bank 7 (fixed)"
    assert tool.bank_of(seg_area["UI"]) == "bank 1"


def test_every_engine_file_has_a_twin_that_exists(tool):
    engine = {p.name for p in (ROOT / "asm/engine").glob("*.s")}
    assert engine == set(tool.TWINS), engine ^ set(tool.TWINS)
    for twins in tool.TWINS.values():
        for twin in twins:
            assert (ROOT / "pyharness/reference" / twin).is_file(), twin


def test_a_stale_map_is_caught(tool, dbg, tmp_path):
    doc = DOC.read_text(encoding="utf-8")
    stale = doc.replace("`srch_think`", "`srch_thought`", 1)
    assert stale != doc
    assert tool.splice(stale, tool.current_tables(dbg)) != stale
    bad = tmp_path / "x.dbg"
    bad.write_text("not a debug file\n")
    with pytest.raises(tool.AsmMapError):
        tool.read_files(bad)
    assert tool.main(["--dbg", str(bad)]) == 2
