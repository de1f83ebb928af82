"""The figures the docs quote come from the build: docs/ram_map.md's totals table must
equal what `xq65 build` measures from the ld65 map (update the doc with the code)."""
from __future__ import annotations

import re

from pyharness.build import build_rom, project_root


def _doc_totals() -> list[tuple[int, int, int]]:
    text = (project_root() / "docs/ram_map.md").read_text()
    table = text.split("| region | used | left | of |", 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows.append(tuple(int(re.sub(r"[,\s]", "", c)) for c in cells[1:4]))
    return rows


def test_ram_map_totals_equal_the_link():
    built = build_rom(quiet=True)
    measured = [(r.used, r.left, r.size) for r in built.regions]
    assert _doc_totals() == measured, (
        "docs/ram_map.md totals differ from `xq65 build`: update the table to "
        f"{measured}")


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
