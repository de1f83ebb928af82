"""House style of asm/: every routine opens with a contract comment (`;;`, then what it
does, and a Clobbers line), directly above its `.proc` (an .export/.align may stand between).
A contract states what is true now: no "before -> after" figures (history goes to
docs/journal.md or the commit message)."""
from __future__ import annotations

import re

import pytest

from pyharness.rom.build import project_root

NES_SOURCES = sorted((project_root() / "asm/nes").glob("*.s"))
ENGINE_SOURCES = sorted((project_root() / "asm/engine").glob("*.s"))
#: a before/after figure, "3,070 -> 3,053"
HISTORY = re.compile(r"\d[\d,.]*\s*->\s*\d")


@pytest.mark.parametrize("src", NES_SOURCES + ENGINE_SOURCES,
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_proc_has_a_contract(src):
    lines = src.read_text().splitlines()
    missing, history = [], []
    for i, line in enumerate(lines):
        m = re.match(r"\s*\.proc\s+(\w+)", line)
        if not m or "macro" in "".join(lines[max(0, i - 3):i]).lower():
            continue
        block = []
        j = i - 1
        while j >= 0 and lines[j].lstrip().startswith((".export", ".global", ".align")):
            j -= 1
        while j >= 0 and lines[j].lstrip().startswith(";"):
            block.append(lines[j].strip())
            j -= 1
        if ";;" not in block or not any("Clobbers" in b or "Never returns" in b
                                        for b in block):
            missing.append(m.group(1))
        if any(HISTORY.search(b) for b in block):
            history.append(m.group(1))
    assert not missing, f"{src.name}: no contract comment before {missing}"
    assert not history, f"{src.name}: history ('N -> M') in the contract of {history}"


def test_sources_found():
    assert len(NES_SOURCES) >= 8 and len(ENGINE_SOURCES) >= 8
