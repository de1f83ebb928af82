"""The figures the docs quote come from the build: the totals table of docs/ram_map.md,
docs/cartridge.md and README.md must equal what `xq65 build` measures from the ld65 map
(used, free at the end, holes, size per region and window; update the docs with the
code)."""
from __future__ import annotations

import re

import pytest

from pyharness.rom.build import build_rom, project_root

HEADER = "| region | used | free at end | holes | of |"
DOCS = ("docs/ram_map.md", "docs/cartridge.md", "README.md")


def _doc_totals(doc: str) -> list[tuple[int, int, int, int]]:
    text = (project_root() / doc).read_text()
    assert HEADER in text, f"{doc} has no totals table ({HEADER})"
    table = text.split(HEADER, 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in table.strip().splitlines()[1:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows.append(tuple(int(re.sub(r"[,\s]", "", c)) for c in cells[1:5]))
    return rows


@pytest.mark.parametrize("doc", DOCS)
def test_doc_totals_equal_the_link(doc):
    built = build_rom(quiet=True)
    measured = [(r.used, r.free, r.holes, r.size) for r in built.regions + built.windows]
    assert _doc_totals(doc) == measured, (
        f"{doc} totals differ from `xq65 build`: run python tools/docs/room_tables.py (it rewrites the table to {measured})")


def test_search_constants_table_equals_the_twin():
    """docs/search.md "Constants": every value in the table is the twin's."""
    from pyharness.reference import levels, search, tt
    text = (project_root() / "docs/search.md").read_text()
    section = text.split("## Constants", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(r"[A-Z_]+", cells[0]) and cells[1].isdigit():
            rows[cells[0]] = int(cells[1])
    source = {"TT_ENTRIES": tt.TT_ENTRIES, "MAX_DEPTH": levels.MAX_DEPTH}
    assert len(rows) >= 12, rows
    for name, value in rows.items():
        want = source[name] if name in source else getattr(search, name)
        assert value == want, f"docs/search.md says {name} = {value}; the twin has {want}"


@pytest.mark.timeout(300)
def test_cycle_budget_node_table_is_the_current_profile():
    """docs/cycle_budget.md's node table total equals `xq65 bench node` on this ROM."""
    from pyharness.bench.node import profile_node

    text = (project_root() / "docs/cycle_budget.md").read_text()
    m = re.search(r"\| \*\*total\*\* \| \*\*([\d,]+)\*\* \| ([\d,]+) cycles \|", text)
    assert m, "docs/cycle_budget.md has no node table total"
    prof = profile_node(3)
    assert (int(m.group(2).replace(",", "")), int(m.group(1).replace(",", ""))) == \
        (prof.cycles, round(prof.per_node)), "update docs/cycle_budget.md: xq65 bench node"
    assert f"**{prof.nodes:,} nodes**" in text
