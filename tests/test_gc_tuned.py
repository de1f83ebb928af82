"""The harness raises the garbage collector's first threshold (pyharness.tune_gc) in
the test workers and in the CLI, keeping the other two."""
from __future__ import annotations

import gc
import subprocess
import sys

from pyharness import GC_GEN0_THRESHOLD


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
