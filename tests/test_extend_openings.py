"""tools/lab/extend_openings.py: the tuning half's openings and their near-best replies,
as a file `xq65 match --openings FILE` reads; never a judging position."""
from __future__ import annotations

import sys

from lab_support import LAB, lab_module
from pyharness.match.runner import load_openings
from pyharness.reference.position import Position


def _load():
    """extend_openings, with the sibling it imports (a script finds it in its own folder)
    given as a module first: no sys.path edit."""
    lab_module("gen_heldout_openings")
    return lab_module("extend_openings")


def test_children_are_one_legal_ply_from_their_tuning_opening(tmp_path, monkeypatch):
    tool = _load()
    tune = load_openings("tune")[:2]
    monkeypatch.setattr(tool, "load_openings",
                        lambda name: tune if name == "tune" else load_openings(name))
    out = tmp_path / "ext.txt"
    n = tool.extend(str(out), per=2, log=lambda s: None)
    got = load_openings(out)                     # the openings format, every FEN legal
    assert len(got) == n and 2 <= n <= 6
    judge = {tool.position_keys(Position.from_fen(o.fen))[i] for o in load_openings("judge")
             for i in (0, 1)}
    parent = None
    children = 0
    for o in got:
        pos = Position.from_fen(o.fen)
        assert not pos.in_check() and not set(tool.position_keys(pos)) & judge
        if o.fen in {t.fen for t in tune}:
            parent, children = pos, 0
            continue
        children += 1
        assert children <= 2 and "+" in o.name
        fens = set()
        for mv in parent.legal_moves():          # one legal ply from the opening before it
            child = parent.copy()
            child.push(mv)
            fens.add(child.fen())
        assert o.fen in fens


def test_bad_arguments_exit_2(tmp_path):
    """--from a file this tool did not write, a missing file, or a bad --per: one line,
    exit 2, before Fairy-Stockfish starts."""
    import subprocess
    other = tmp_path / "other.txt"
    other.write_text("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n")
    tool = [sys.executable, str(LAB / "extend_openings.py"), str(tmp_path / "out.txt")]
    for extra, said in ((["--from", str(other)], "not a file of this tool"),
                        (["--from", str(tmp_path / "none.txt")], "No such file"),
                        (["--per", "9"], "--per must be")):
        r = subprocess.run(tool + extra, capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and r.stderr.startswith("error:") and said in r.stderr, r.stderr
    assert not (tmp_path / "out.txt").exists()
