"""The schema of a saved bench run (`xq65 bench --out FILE`, read back by `--from FILE`).

`parse_saved(text)` turns the JSON text into the dict `SearchBench.from_dict` rebuilds,
after checking every field it uses: the type of each value (an integer is never a bool,
a float is finite, integers stay within 0..2^53 or the signed range of a score), lists
where lists are wanted, at least one level, and each run of a level that is listed. A
file that fails says where, in one line (`SavedBenchError`, a ValueError): the parser
never reaches a KeyError, a TypeError or a RecursionError on any input.
"""
from __future__ import annotations

import json
import math
from ..errors import Xq65Error

#: the largest count a saved run may hold (cycles, nodes: JSON's exact integers)
COUNT_MAX = 2 ** 53
#: a score's bound (the engine's scores are 16-bit signed)
SCORE_MAX = 2 ** 15
#: how deep a saved run's JSON may nest (it nests 3 deep; the parser's recursion is bounded)
DEPTH_MAX = 32


class SavedBenchError(Xq65Error, ValueError):
    """A saved bench file that is not one, with where it fails."""


def _int(lo: int, hi: int):
    def check(v) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi
    check.want = f"an integer {lo}..{hi}"
    return check


def _number(lo: float, hi: float):
    def check(v) -> bool:
        return (isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                and lo <= v <= hi)
    check.want = f"a number {lo:g}..{hi:g}"
    return check


def _text(optional: bool = False):
    def check(v) -> bool:
        return isinstance(v, str) or (optional and v is None)
    check.want = "a string" + (" or null" if optional else "")
    return check


def _flag(v) -> bool:
    return isinstance(v, bool)


_flag.want = "true or false"

#: field -> check, per object kind; optional fields are listed in _OPTIONAL
POSITION = {"name": _text(), "fen": _text(), "comment": _text(optional=True)}
LEVEL = {"level": _int(1, 255), "name": _text(), "max_depth": _int(0, 255),
         "cap_frames": _int(0, COUNT_MAX)}
RUN = {"level": _int(1, 255), "position": _text(), "phase": _text(), "seed": _int(0, COUNT_MAX),
       "best_move": _text(optional=True), "score": _int(-SCORE_MAX, SCORE_MAX),
       "depth": _int(0, 255), "nodes": _int(0, COUNT_MAX), "cycles": _int(0, COUNT_MAX),
       "stopped": _flag, "tt_hit_rate": _number(0, 1), "wall_seconds": _number(0, 1e9)}
TOP = {"engine": lambda v: v in ("asm", "ref"), "note": _text(optional=True),
       "wall_seconds": _number(0, 1e9), "jobs": _int(1, 1 << 16)}
TOP["engine"].want = '"asm" or "ref"'
_OPTIONAL = {"comment", "note", "wall_seconds", "jobs"}


def _nesting(text: str) -> int:
    """The deepest bracket nesting of JSON text (brackets inside strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _check_object(obj, schema: dict, where: str) -> None:
    if not isinstance(obj, dict):
        raise SavedBenchError(f"{where} is {json.dumps(obj)[:40]}, want an object")
    for key, check in schema.items():
        if key not in obj:
            if key in _OPTIONAL:
                continue
            raise SavedBenchError(f"{where} has no {key!r}")
        if not check(obj[key]):
            name = f"{where}.{key}" if where != "the file" else repr(key)
            raise SavedBenchError(f"{name} is {json.dumps(obj[key])[:40]}, "
                                  f"want {check.want}")


def _check_list(data: dict, key: str, schema: dict) -> list:
    items = data.get(key)
    if not isinstance(items, list):
        raise SavedBenchError(f"{key!r} is {json.dumps(items)[:40]}, want a list")
    for i, item in enumerate(items):
        _check_object(item, schema, f"{key}[{i}]")
    return items


def parse_saved(text: str) -> dict:
    """The checked dict of a saved bench's JSON text; SavedBenchError saying where the
    text is not one (not JSON, nested too deep, a field missing or of the wrong type, no
    level or no run, a run of a level that is not listed)."""
    try:
        return _parse(text)
    except SavedBenchError as exc:
        raise SavedBenchError(f"not a bench JSON: {exc}") from None


def _parse(text: str) -> dict:
    if _nesting(text) > DEPTH_MAX:
        raise SavedBenchError(f"nested deeper than {DEPTH_MAX} levels")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SavedBenchError(f"not JSON ({exc})") from None
    _check_object(data, TOP, "the file")
    _check_list(data, "positions", POSITION)
    levels = _check_list(data, "levels", LEVEL)
    runs = _check_list(data, "runs", RUN)
    if not levels:
        raise SavedBenchError("no level in 'levels'")
    if not runs:
        raise SavedBenchError("no search in 'runs'")
    listed = {lv["level"] for lv in levels}
    for i, run in enumerate(runs):
        if run["level"] not in listed:
            raise SavedBenchError(f"runs[{i}] is of level {run['level']}, which 'levels' "
                                  f"does not list")
    return data
