#!/usr/bin/env python3
"""Rewrite the room table (`xq65 build`'s figures) wherever the docs quote it.

The table starts with the row `| zero page |` and ends with
`| banks 1-6, outside a think |`; README.md, docs/cartridge.md and docs/ram_map.md quote
it, tests/test_docs_figures.py checks them.
Usage: room_tables.py [--check]
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ("README.md", "docs/cartridge.md", "docs/ram_map.md")


def main(argv: list[str]) -> int:
    """Rewrite (or with --check, compare) the quoted tables."""
    from pyharness.rom.build import build_rom, markdown_totals
    rows = [line for line in markdown_totals(build_rom(quiet=True)).splitlines()
            if line.startswith("| ") and not line.startswith("| region")]
    block = "\n".join(rows) + "\n"
    stale = []
    for name in DOCS:
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        new = re.sub(r"^\| zero page \|.*?^\| banks 1-6, outside a think \|[^\n]*\n",
                     block, text, flags=re.S | re.M)
        if new != text:
            stale.append(name)
            if "--check" not in argv:
                path.write_text(new, encoding="utf-8")
    if stale and "--check" in argv:
        print("stale room tables: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
