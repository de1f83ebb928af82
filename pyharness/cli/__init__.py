"""The `xq65` command line.

Every command prints what is wrong on one line `error: ...` and exits with status 2 on
bad input: a malformed FEN or move, a value out of range, an unreadable or hostile
file, a missing or broken ROM or toolchain, and click's own usage errors. Ranges are
`click.IntRange`s built from the constants of pyharness.limits.

One module per command group: core (the group, errors, shared helpers), rules,
rom, bench, match, search, uci, gameio."""
from __future__ import annotations

from . import bench, gameio, match, rom, rules, search, uci  # noqa: F401 - they register commands
from .core import UsageProblem, main

__all__ = ["UsageProblem", "main"]
