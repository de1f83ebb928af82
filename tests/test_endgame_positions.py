"""tools/lab/endgame_positions.py: endgame start positions from the tuning half, where the
tables chosen at the root play (docs/search.md, "Evaluation"); never the judging half."""
from __future__ import annotations

import subprocess
import sys

from lab_support import LAB, lab_module
from pyharness.match.runner import load_openings
from pyharness.reference.eval import END_UNITS, attack_units
from pyharness.reference.position import Position


def _load():
    lab_module("bench_positions")
    lab_module("match_lines")
    return lab_module("endgame_positions")


def test_positions_are_balanced_endgames_of_the_tuning_openings(tmp_path):
    tool = _load()
    src = tmp_path / "src.txt"
    src.write_text("\n".join(f"{o.fen} ; {o.name}" for o in load_openings("tune")[:8]) + "\n")
    out = tmp_path / "end.txt"
    n = tool.write_positions(str(src), str(out), nodes=500, margin=400, log=lambda s: None)
    got = load_openings(out)                     # the openings format, every FEN legal
    assert len(got) == n >= 1
    for o in got:
        pos = Position.from_fen(o.fen)
        assert sum(attack_units(pos.piece_sq)) <= END_UNITS and not pos.in_check()
        score = int(o.name.rsplit(" ", 1)[1])
        assert abs(score) <= 400


def test_the_judging_half_and_bad_arguments_are_refused(tmp_path):
    tool = "endgame_positions.py"
    for args, message in ((["judge", str(tmp_path / "x.txt")], "judging half"),
                          (["tune", str(tmp_path / "x.txt"), "--part", "2/2"], "0 <= I < N"),
                          (["tune", str(tmp_path / "x.txt"), "--nodes", "0"], "--nodes >= 1")):
        r = subprocess.run([sys.executable, str(LAB / tool)] + args, capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 2 and message in r.stderr, r.stderr
