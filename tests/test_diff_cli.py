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


def test_search_asm_prints_cycles():
    r = CliRunner().invoke(main, ["search", "start", "--depth", "1", "--engine", "asm"])
    assert r.exit_code == 0, r.output
    assert "best:  b0c2" in r.output and "NES s" in r.output and "cycles/node" in r.output
