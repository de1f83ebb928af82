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


# --- docs/figures.md: the current figures, written once --------------------------------

def _figures_tool():
    import importlib.util
    import sys
    spec = importlib.util.spec_from_file_location(
        "figures", project_root() / "tools/docs/figures.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_figures_page_is_current():
    build_rom(quiet=True)
    tool = _figures_tool()
    doc = (project_root() / "docs/figures.md").read_text(encoding="utf-8")
    body = tool.render(tool.load_measured(), tool.engine_zero_page())
    assert tool.splice(doc, body) == doc, (
        "docs/figures.md is stale: run python tools/docs/figures.py --write docs/figures.md")
    stale = doc.replace("| L1 |", "| L0 |", 1)
    assert stale != doc and tool.splice(stale, body) != stale


def test_the_model_clock_is_the_measured_median():
    """levels.NODE_CYCLES_ESTIMATE stays within 2 % of the last full bench's median."""
    from pyharness.reference.levels import NODE_CYCLES_ESTIMATE
    median = _figures_tool().load_measured()["bench"]["summary"]["median_cycles_per_node"]
    assert abs(NODE_CYCLES_ESTIMATE - median) <= 0.02 * median, (
        f"model clock {NODE_CYCLES_ESTIMATE} vs measured median {median}: update levels.py")


def test_each_level_s_clock_is_its_measured_median():
    """levels.LEVEL_NODE_CYCLES holds one clock a level, each within 2 % of the median the
    last full bench measured at that level; think(level=) stops on it."""
    from pyharness.reference.levels import LEVEL_NODE_CYCLES, level_count, level_node_cycles
    measured = {lv["level"]: lv["cycles_per_node_median"]
                for lv in _figures_tool().load_measured()["bench"]["levels"]}
    assert sorted(measured) == list(range(1, level_count() + 1))
    assert len(LEVEL_NODE_CYCLES) == level_count()
    off = {n: (level_node_cycles(n), m) for n, m in measured.items()
           if abs(level_node_cycles(n) - m) > 0.02 * m}
    assert off == {}, f"levels.LEVEL_NODE_CYCLES vs the bench (clock, measured): {off}"


def test_pages_link_to_the_figures_instead_of_quoting_them():
    """The cycles-a-node figures (measured median, model clock) appear in figures.md
    (and the journal's history) only; every other page links to figures.md."""
    from pyharness.reference.levels import NODE_CYCLES_ESTIMATE
    root = project_root()
    bench = _figures_tool().load_measured()["bench"]
    values = {f"{bench['summary']['median_cycles_per_node']:,}", f"{NODE_CYCLES_ESTIMATE:,}"}
    values |= {f"{lv['cycles_per_node_median']:,}" for lv in bench["levels"]}
    pages = [root / "README.md", root / "asm/README.md", root / "tools/README.md",
             *sorted((root / "docs").glob("*.md")), root / "pyharness/reference/levels.py"]
    quoted = [(p.name, v) for p in pages if p.name not in ("figures.md", "journal.md")
              for v in values if re.search(rf"(?<![\d,]){re.escape(v)}(?![\d,])",
                                           p.read_text(encoding="utf-8"))]
    assert quoted == [], f"quote docs/figures.md by a link instead: {quoted}"


def test_a_bench_json_becomes_the_record(tmp_path):
    """--bench: a saved `xq65 bench --out` JSON gives the record the page is made from."""
    from pyharness.bench.search import LevelStats, SearchBench, SearchRun
    from pyharness.bench.suite import SuitePosition
    tool = _figures_tool()
    positions = [SuitePosition("open-01", "x"), SuitePosition("mid-01", "y")]
    runs4 = [SearchRun(4, "open-01", "open", 1, "h2e2", 0, 4, 1000, 2_700_000, False, 0.1, 1.0),
             SearchRun(4, "mid-01", "mid", 2, "h2e2", 0, 3, 2000, 6_000_000, True, 0.1, 1.0)]
    runs5 = [SearchRun(5, "open-01", "open", 1, "h2e2", 0, 6, 4000, 10_000_000, False, 0.1, 1.0),
             SearchRun(5, "mid-01", "mid", 2, "h2e2", 0, 4, 9000, 30_000_000, True, 0.1, 1.0)]
    runs1 = [SearchRun(1, p.name, p.phase, 1, "h2e2", 0, 1, 40, 90_000, False, 0.0, 0.1)
             for p in positions]
    bench = SearchBench("asm", None, positions, [
        LevelStats(1, "Novice", 1, 30, runs1), LevelStats(4, "Hard", 4, 600, runs4),
        LevelStats(5, "Master", 0, 1800, runs5)])
    rec = tool.bench_record(bench.as_dict(), "abc1234", "2026-11-27")
    by_level = {lv["level"]: lv for lv in rec["levels"]}
    assert by_level[4]["reached_by_phase"] == {"open": 1, "mid": 0}
    assert by_level[5]["reached"] == 1                  # depth 5 is level 5's target
    assert rec["summary"]["L4_depth4_within_cap"] == {"positions": 2, "reached": 1}
    with pytest.raises(tool.FiguresError):
        tool.bench_record({"engine": "asm"}, "c", "d")
    with pytest.raises(tool.FiguresError):
        tool.bench_record(dict(bench.as_dict(), engine="ref"), "c", "d")


def test_a_second_suite_bench_must_be_of_that_suite():
    """--bench2: the record of a run on assets/bench_suite2.txt, refused for another run."""
    from pyharness.bench.search import LevelStats, SearchBench, SearchRun, load_suite
    tool = _figures_tool()
    suite2 = load_suite(project_root() / tool.SUITE2)
    runs = {lv: [SearchRun(lv, p.name, p.phase, 1, "h2e2", 0, lv - (i == 0), 100, 300_000,
                           i == 0, 0.1, 1.0) for i, p in enumerate(suite2)]
            for lv in (4, 5)}
    runs1 = [SearchRun(1, p.name, p.phase, 1, "h2e2", 0, 1, 40, 90_000, False, 0.0, 0.1)
             for p in suite2]
    bench = SearchBench("asm", None, suite2, [
        LevelStats(1, "Novice", 1, 30, runs1), LevelStats(4, "Hard", 4, 600, runs[4]),
        LevelStats(5, "Master", 0, 1800, runs[5])]).as_dict()
    rec = tool.bench_record(bench, "abc1234", "2026-11-28", tool.SUITE2)
    assert rec["command"] == f"xq65 bench --full --engine asm --suite {tool.SUITE2}"
    assert rec["summary"]["L4_depth4_within_cap"] == {"positions": 60, "reached": 59}
    first = load_suite()
    with pytest.raises(tool.FiguresError, match="did not run the positions"):
        tool.bench_record(dict(bench, positions=[{"name": p.name, "fen": p.fen}
                                                 for p in first]),
                          "c", "d", tool.SUITE2)
    page = tool.render(dict(tool.load_measured(), bench2=rec), 0)
    second = page.split("## The second suite", 1)[1].split("\n## ", 1)[0]
    assert "**59 / 60** (98%): **met**" in second
    assert f"`{tool.SUITE2}`" in second
