"""The harness raises the garbage collector's first threshold (pyharness.tune_gc) in
the test workers, in the CLI and in tools/lab's scripts that search, keeping the other
two."""
from __future__ import annotations

import gc
import os
import subprocess
import sys

import pytest

from pyharness import GC_GEN0_THRESHOLD
from pyharness.rom.build import project_root

ROOT = project_root()


def test_the_workers_run_with_the_raised_threshold():
    assert gc.get_threshold()[0] == GC_GEN0_THRESHOLD > 700


def test_the_cli_raises_it_and_keeps_the_others():
    code = ("import gc, sys; from pyharness.cli import main\n"
            "from click.testing import CliRunner\n"
            "before = gc.get_threshold()\n"
            "r = CliRunner().invoke(main, ['moves', 'start'])\n"
            "assert r.exit_code == 0, r.output\n"
            "print(before, gc.get_threshold())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    before, after = out.stdout.strip().split(") (")
    b = [int(v) for v in before.strip("()").split(",")]
    a = [int(v) for v in after.strip("()").split(",")]
    assert a[0] == GC_GEN0_THRESHOLD != b[0] and a[1:] == b[1:]


@pytest.mark.parametrize("script", ["match_lines", "spsa", "interleaved_matches",
                                    "suite_nodes"])
def test_the_lab_scripts_that_search_raise_it(script, tmp_path):
    """tools/lab's long runs (matches, SPSA, node counts) run as scripts with the raised
    threshold: run as __main__ (printing their usage error), they leave it raised."""
    path = ROOT / "tools" / "lab" / f"{script}.py"
    code = ("import gc, runpy, sys\n"
            f"sys.argv = [{str(path)!r}, '--no-such-option']\n"
            "try:\n"
            f"    runpy.run_path({str(path)!r}, run_name='__main__')\n"
            "except SystemExit:\n"
            "    pass\n"
            "print(gc.get_threshold()[0])")
    env = {**os.environ, "PYTHONPATH": str(path.parent)}   # its siblings, as a script's
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, cwd=tmp_path, env=env)
    assert out.stdout.strip() == str(GC_GEN0_THRESHOLD), (out.stdout, out.stderr)
