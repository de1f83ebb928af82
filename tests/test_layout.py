"""The layout a newcomer reads: the build's generators live in the package and run as
modules, tools/ holds only scripts run by hand (doc maintainers, asset renderers, lab),
and nothing edits sys.path to reach the package."""
from __future__ import annotations

import re

from pyharness.rom.build import ASSET_STEPS, project_root

ROOT = project_root()
TOOL_KINDS = ("docs", "assets", "lab")
PATH_EDIT = re.compile(r"sys\.path\.(insert|append|extend)|sys\.path\s*\+?=")


def test_the_build_runs_generators_of_the_package():
    for step in ASSET_STEPS:
        assert step.tool.parts[:2] == ("pyharness", "gen"), step.tool
        assert (ROOT / step.tool).is_file(), step.tool
        assert step.module == ".".join(step.tool.with_suffix("").parts)


def test_tools_are_sorted_by_kind():
    loose = [p.name for p in (ROOT / "tools").glob("*.py")]
    assert loose == [], f"a script of tools/ belongs in tools/{{{','.join(TOOL_KINDS)}}}/"
    kinds = {p.name for p in (ROOT / "tools").iterdir() if p.is_dir()
             and p.name != "__pycache__"}
    assert kinds <= set(TOOL_KINDS), kinds
    assert (ROOT / "tools/README.md").is_file()
    for kind in TOOL_KINDS:
        for script in (ROOT / "tools" / kind).glob("*.py"):
            assert script.name in (ROOT / "tools/README.md").read_text(), script


def test_no_script_edits_sys_path():
    offenders = [p.relative_to(ROOT).as_posix()
                 for folder in ("pyharness", "tools", "tests")
                 for p in (ROOT / folder).rglob("*.py")
                 if "__pycache__" not in p.parts and p.name != "test_layout.py"
                 and PATH_EDIT.search(p.read_text(encoding="utf-8"))]
    assert offenders == []
