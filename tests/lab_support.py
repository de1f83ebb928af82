"""Load a tools/lab script as a module for the tests (the scripts are not a package)."""
from __future__ import annotations

import importlib.util
import sys

from pyharness.rom.build import project_root

LAB = project_root() / "tools" / "lab"


def lab_module(name: str):
    """tools/lab/NAME.py as the module NAME (in sys.modules, as an import would put it,
    so a script that imports a sibling from its own folder finds it: no sys.path edit)."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, LAB / f"{name}.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        try:
            spec.loader.exec_module(mod)
        except BaseException:
            del sys.modules[name]       # no half-loaded module for the next test
            raise
    return sys.modules[name]
