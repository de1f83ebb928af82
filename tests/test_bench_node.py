"""`xq65 bench node`: the per-routine profile of fixed-depth asm searches (the source of
docs/cycle_budget.md's node table)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pyharness.bench.node import GROUPS, ProfileError, pick_positions, profile_node
from pyharness.cli import main
from pyharness.reference.position import Position
from pyharness.reference.search import think

pytestmark = pytest.mark.timeout(300)


def test_profile_accounts_for_every_cycle_and_node():
    positions = pick_positions(["mid-01", "end-01"])
    prof = profile_node(2, positions)
    # the nodes are the twin's (no frame cap), the profile sums to the measured cycles
    want = sum(think(Position.from_fen(p.fen), depth=2).nodes for p in positions)
    assert prof.nodes == want
    assert sum(c.cycles for c in prof.costs) == prof.cycles
    groups = prof.groups()
    assert len(groups) == len(GROUPS) + 1
    assert sum(per for _, per in groups) == pytest.approx(prof.per_node)
    names = {c.name for c in prof.costs}
    assert {"srch_think", "srch_search", "srch_qsearch", "mg_scan"} <= names
    assert all(per >= 0 for _, per in groups)


def test_unknown_position_is_a_usage_error():
    with pytest.raises(ProfileError):
        pick_positions(["mid-99"])
    r = CliRunner().invoke(main, ["bench", "node", "--positions", "mid-01,nope"])
    assert r.exit_code == 2
    assert "nope" in r.output and "Traceback" not in r.output


def test_cli_prints_the_table():
    r = CliRunner().invoke(main, ["bench", "node", "--depth", "1", "--positions", "end-02",
                                  "--top", "5"])
    assert r.exit_code == 0, r.output
    assert "cycles a node" in r.output and "make / unmake" in r.output
    lines = r.output.splitlines()
    routines = lines[next(i for i, ln in enumerate(lines) if ln.startswith("routine")) + 1:]
    assert len(routines) == 5 and all(len(r.split()) == 4 for r in routines)
