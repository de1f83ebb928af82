"""`xq65 diff` and `xq65 search --engine asm` from the command line."""
from __future__ import annotations

from click.testing import CliRunner

from pyharness.cli import main


def test_diff_equal_exits_zero():
    r = CliRunner().invoke(main, ["diff", "--positions", "2", "--depth", "2", "--seed", "3"])
    assert r.exit_code == 0, r.output
    assert "equal: 2 positions" in r.output


def test_diff_reports_the_first_difference(monkeypatch):
    """A twin that scores differently is caught at its first node."""
    import pyharness.reference.search as search
    real = search.think

    def skewed(pos, **kw):
        res = real(pos, **kw)
        if kw.get("trace") is not None and kw["trace"]:
            f, t, key, rs, bs = kw["trace"][0]
            kw["trace"][0] = (f, t, key, rs + 1, bs)
        return res
    monkeypatch.setattr(search, "think", skewed)
    r = CliRunner().invoke(main, ["diff", "--positions", "1", "--depth", "1"])
    assert r.exit_code == 1
    assert "node 1 differs in red_sum" in r.output


def test_diff_suite_equal_names_its_positions():
    """--suite compares on the bench suite's positions and says which."""
    r = CliRunner().invoke(main, ["diff", "--suite", "mid-01,mid-02,mid-03,end-07",
                                  "--depth", "2"])
    assert r.exit_code == 0, r.output
    assert "equal: 4 positions (mid-01..mid-03,end-07) x depths 1-2" in r.output


def test_diff_suite_catches_a_twin_only_evaluation_change(monkeypatch):
    """One entry of the twin's rook table changed (Red's rook on d8; the asm keeps its
    own): the start position never reaches it, middlegame mid-05 holds such a rook."""
    from pyharness.reference import eval as ev
    from pyharness.reference.board import ROOK, sq_from_iccs
    tables = [bytearray(t) for t in ev.default_pst()]
    tables[ROOK][sq_from_iccs("d8")] += 1
    twin = ev.Evaluator(tuple(bytes(t) for t in tables), ev.RootTables.default())
    monkeypatch.setattr(ev.Evaluator, "default", classmethod(lambda cls: twin))
    r = CliRunner().invoke(main, ["diff", "--positions", "1", "--depth", "1"])
    assert r.exit_code == 0, r.output           # the start position does not see it
    r = CliRunner().invoke(main, ["diff", "--suite", "mid-05", "--depth", "1"])
    assert r.exit_code == 1, r.output
    assert "\nmid-05: 2bak1br1/3Ra4/" in r.output
    assert "node 1 differs in red_sum" in r.output


def test_diff_suite_bad_name_exits_2():
    for bad in ("mid-11", "mid,,end", "middle"):
        r = CliRunner().invoke(main, ["diff", "--suite", bad, "--depth", "1"])
        assert r.exit_code == 2, (bad, r.output)
        assert "'--suite'" in r.output and "not in the bench suite" in r.output
        assert "Traceback" not in r.output
    r = CliRunner().invoke(main, ["diff", "--suite", "mid", "--positions", "3"])
    assert r.exit_code == 2 and "not both" in r.output


def test_search_asm_prints_cycles():
    r = CliRunner().invoke(main, ["search", "start", "--depth", "1", "--engine", "asm"])
    assert r.exit_code == 0, r.output
    assert "best:  b0c2" in r.output and "NES s" in r.output and "cycles/node" in r.output
