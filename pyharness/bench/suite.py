"""The bench suite (assets/bench_suite.txt): its positions, by phase and by name.

`xq65 bench` searches them level by level (bench/search.py), `xq65 bench node` profiles
a few of them (bench/node.py) and `xq65 diff --suite` compares the asm and the twin on
them (diff.py).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..errors import Xq65Error

DEFAULT_SUITE = Path(__file__).resolve().parents[2] / "assets" / "bench_suite.txt"
PHASES = ("open", "mid", "end")


class SuiteError(Xq65Error, ValueError):
    """A malformed bench suite file."""



@dataclass(frozen=True)
class SuitePosition:
    """One bench position: NAME (phase-NN), FEN and the comment of its line."""

    name: str
    fen: str
    comment: str = ""

    @property
    def phase(self) -> str:
        """open, mid or end (the prefix of the name)."""
        return self.name.split("-", 1)[0]


def load_suite(path: str | os.PathLike | None = None) -> list[SuitePosition]:
    """Read the suite file: `NAME FEN ; comment` a line, `#` comment lines.

    Raises SuiteError for a bad name, a bad FEN or a repeated name.
    """
    from ..reference.errors import InvalidFenError
    from ..reference.position import Position

    from ..inputfile import InputFileError, read_text
    file = Path(path) if path is not None else DEFAULT_SUITE
    try:
        lines = read_text(file, "bench suite").splitlines()
    except InputFileError as exc:
        raise SuiteError(str(exc)) from exc
    out: list[SuitePosition] = []
    seen: set[str] = set()
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        body, _, comment = text.partition(";")
        name, _, fen = body.strip().partition(" ")
        if name.split("-", 1)[0] not in PHASES or "-" not in name:
            raise SuiteError(f"{file}:{number}: name {name!r} must start with "
                             f"{', '.join(p + '-' for p in PHASES)}")
        if name in seen:
            raise SuiteError(f"{file}:{number}: position {name} given twice")
        seen.add(name)
        try:
            Position.from_fen(fen.strip())
        except InvalidFenError as exc:
            raise SuiteError(f"{file}:{number}: {exc}") from exc
        out.append(SuitePosition(name, fen.strip(), comment.strip()))
    if not out:
        raise SuiteError(f"{file}: no positions")
    return out


def select_positions(suite: list[SuitePosition], count: int | None) -> list[SuitePosition]:
    """The first `count` positions taking the phases in turn (open, mid, end, open, ...),
    so every subset is balanced; all of them when `count` is None or too large."""
    if count is None or count >= len(suite):
        return list(suite)
    if count < 1:
        raise ValueError(f"need at least one position, got {count}")
    queues = [[p for p in suite if p.phase == ph] for ph in PHASES]
    out: list[SuitePosition] = []
    while len(out) < count:
        for q in queues:
            if q and len(out) < count:
                out.append(q.pop(0))
    return out


def choose_positions(suite: list[SuitePosition], text: str) -> list[SuitePosition]:
    """The positions `text` names, comma-separated: `all`, a phase (open, mid, end: all of
    its positions) or a position name (mid-05); in the order given, each once.

    Raises ValueError for an item that is not in the suite.
    """
    by_name = {p.name: p for p in suite}
    out: list[SuitePosition] = []
    for item in (i.strip() for i in text.split(",")):
        if item == "all":
            group = suite
        elif item in PHASES:
            group = [p for p in suite if p.phase == item]
        elif item in by_name:
            group = [by_name[item]]
        else:
            raise ValueError(f"{item!r} is not in the bench suite: give all, "
                             f"{', '.join(PHASES)} or names of "
                             f"{name_ranges(p.name for p in suite)}, comma-separated")
        out += [p for p in group if p not in out]
    if not out:
        raise ValueError(f"no suite positions in {text!r}")
    return out


def name_ranges(names: Iterable[str]) -> str:
    """Names with runs of consecutive numbers shortened:
    mid-01,mid-02,mid-03,end-07 -> "mid-01..mid-03,end-07"."""
    runs: list[list[str]] = []
    for name in names:
        if runs and _next_name(runs[-1][-1]) == name:
            runs[-1].append(name)
        else:
            runs.append([name])
    return ",".join(r[0] if len(r) == 1 else f"{r[0]}..{r[-1]}" for r in runs)


def _next_name(name: str) -> str | None:
    """mid-09 -> mid-10 (the same width of digits); None when the name ends otherwise."""
    stem, _, number = name.rpartition("-")
    if not number.isdigit():
        return None
    return f"{stem}-{int(number) + 1:0{len(number)}d}"
