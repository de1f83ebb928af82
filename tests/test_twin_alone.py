"""The twin stands alone: pyharness/reference/ imports only the standard library and its
own modules (never the ROM side, the benches, the matches or the CLI), so it can be read,
run and tested without a ROM or a toolchain."""
from __future__ import annotations

import ast
import sys

from pyharness.rom.build import project_root

REFERENCE = project_root() / "pyharness" / "reference"


def foreign_imports(source: str) -> list[str]:
    """Modules `source` imports that are neither relative inside its own package nor in
    the standard library."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level > 1:   # above the package
            out.append("." * node.level + (node.module or ""))
            continue
        if isinstance(node, ast.ImportFrom):
            names = [] if node.level else [node.module or ""]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out += [n for n in names if n.split(".")[0] not in sys.stdlib_module_names]
    return out


def test_reference_imports_only_itself_and_the_standard_library():
    modules = sorted(REFERENCE.glob("*.py"))
    assert len(modules) >= 15
    found = {p.name: foreign_imports(p.read_text(encoding="utf-8")) for p in modules}
    assert {name: mods for name, mods in found.items() if mods} == {}


def test_a_foreign_import_is_found():
    src = ("import os\nfrom . import board\nfrom ..rom import sim\n"
           "from pyharness.engines import make_engine\nimport numpy as np\n")
    assert foreign_imports(src) == ["..rom", "pyharness.engines", "numpy"]
