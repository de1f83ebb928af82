"""What a build tool read, written as a make-style depfile (as `gcc -MD` does).

`start()` starts recording: every file the process opens for reading (Python's "open"
audit event) and, when the depfile is written, every module it imported, both kept
when they lie inside the repository. `write(target)` writes
`<target>.d`:

    build/eval_tables.inc: assets/pst_engine.txt pyharness/reference/assets.py ...

pyharness/rom/build.py re-runs the tool when any file listed there is newer than the
target, or when the depfile is missing. Standard library only.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]     # the repository
_READ: set[Path] = set()
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT


def _inside(path) -> Path | None:
    try:
        p = Path(os.fsdecode(path)).resolve()
    except (TypeError, ValueError, OSError):
        return None
    try:
        return p.relative_to(ROOT)
    except ValueError:
        return None


def _hook(event: str, args: tuple) -> None:
    if event != "open" or not args:
        return
    path, mode, flags = (tuple(args) + (None, None))[:3]
    if isinstance(path, int) or path is None:
        return
    if isinstance(mode, str) and any(c in mode for c in "wax+"):
        return
    if isinstance(flags, int) and flags & _WRITE_FLAGS:
        return
    rel = _inside(path)
    if rel is not None and _source(rel):
        _READ.add(rel)


def _source(rel: Path) -> bool:
    """A file of the repository's sources: not build/, .venv/, caches or dot folders."""
    return bool(rel.parts) and rel.parts[0] != "build" and not any(
        part.startswith(".") or part == "__pycache__" for part in rel.parts)


_started = False


def start() -> None:
    """Start recording the files this process opens (once; call it before reading)."""
    global _started
    if not _started:
        sys.addaudithook(_hook)
        _started = True


def inputs() -> list[Path]:
    """Repository files read so far: opened for reading, or imported as modules."""
    found = set(_READ)
    for module in list(sys.modules.values()):
        rel = _inside(getattr(module, "__file__", None) or "")
        if rel is not None and rel.suffix == ".py" and _source(rel):
            found.add(rel)
    return sorted(p for p in found if (ROOT / p).is_file())


def write(target: str | os.PathLike) -> Path:
    """Write `<target>.d` listing inputs() (start() must have run); return its path."""
    if not _started:
        raise RuntimeError("depfile.start() was not called before the tool read its inputs")
    target = Path(target)
    dep = target.with_name(target.name + ".d")
    rel = _inside(target) or target
    names = " \\\n  ".join(p.as_posix() for p in inputs())
    dep.parent.mkdir(parents=True, exist_ok=True)
    dep.write_text(f"{rel.as_posix()}: \\\n  {names}\n", encoding="utf-8")
    return dep
