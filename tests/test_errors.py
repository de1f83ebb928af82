"""One exception root: every exception class of pyharness/ and tools/ derives from
Xq65Error (reference/errors.py, re-exported by pyharness.errors), and no two exception
classes share a name."""
from __future__ import annotations

import ast
import builtins

from pyharness.errors import EngineUnavailableError, Xq65Error
from pyharness.rom.build import project_root

ROOT = project_root()


def class_bases(folders=("pyharness", "tools")) -> list[tuple[str, str, list[str]]]:
    """(class name, file, base names without their module) of every class in `folders`."""
    out = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    out.append((node.name, str(path.relative_to(ROOT)),
                                [ast.unparse(b).split(".")[-1] for b in node.bases]))
    return out


def exception_classes(classes) -> list[tuple[str, str, list[str]]]:
    """The classes whose bases lead to a builtin exception or click's."""
    bases = {}
    for name, _, b in classes:
        bases.setdefault(name, []).extend(b)

    def is_exc(name: str, seen: frozenset = frozenset()) -> bool:
        found = getattr(builtins, name, None)
        if isinstance(found, type) and issubclass(found, BaseException):
            return True
        if name == "ClickException":
            return True
        return name not in seen and any(is_exc(b, seen | {name})
                                        for b in bases.get(name, ()))
    return [c for c in classes if is_exc(c[0])]


def rooted(name: str, classes, seen: frozenset = frozenset()) -> bool:
    """Does class `name` derive from Xq65Error (by the bases written in the sources)?"""
    if name == "Xq65Error":
        return True
    return name not in seen and any(rooted(b, classes, seen | {name})
                                    for n, _, bases in classes if n == name for b in bases)


def test_every_exception_class_derives_from_the_root():
    classes = class_bases()
    excs = exception_classes(classes)
    assert len(excs) >= 30
    assert [(n, f) for n, f, _ in excs if not rooted(n, classes)] == []


def test_no_two_exception_classes_share_a_name():
    names = [n for n, _, _ in exception_classes(class_bases())]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def test_the_check_can_fail():
    fake = [("Xq65Error", "e.py", ["Exception"]), ("Lone", "x.py", ["ValueError"]),
            ("Good", "a.py", ["Xq65Error", "ValueError"]), ("Deeper", "b.py", ["Good"]),
            ("Plain", "c.py", ["object"])]
    excs = exception_classes(fake)
    assert [n for n, _, _ in excs] == ["Xq65Error", "Lone", "Good", "Deeper"]
    assert [n for n, _, _ in excs if not rooted(n, fake)] == ["Lone"]


def test_the_shared_errors_are_one_class_each():
    from pyharness import engines
    from pyharness.match import errors as match_errors
    from pyharness.reference.assets import AssetError
    assert engines.EngineUnavailableError is match_errors.EngineUnavailableError \
        is EngineUnavailableError
    assert issubclass(EngineUnavailableError, Xq65Error)
    assert issubclass(AssetError, Xq65Error) and issubclass(AssetError, ValueError)
