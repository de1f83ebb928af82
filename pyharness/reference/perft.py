"""Perft (leaf counts of the legal move tree) over the reference Position."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .position import Move, Position


def _perft_codes(pos: Position, depth: int) -> int:
    codes = pos._legal_codes()
    if depth == 1:
        return len(codes)
    place, unplace = pos._place_code, pos._unplace_code
    total = 0
    for code in codes:
        c = place(code)
        pos.side ^= 1
        total += _perft_codes(pos, depth - 1)
        pos.side ^= 1
        unplace(code, c)
    return total


def perft(pos: Position, depth: int) -> int:
    """Count the leaves of the legal move tree of `depth` plies (depth 0 -> 1).

    The position is restored on return. Counters (halfmove, fullmove) are untouched.
    """
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, got {depth}")
    if depth == 0:
        return 1
    return _perft_codes(pos, depth)


def divide(pos: Position, depth: int) -> list[tuple[Move, int]]:
    """Return (move, perft(depth - 1) after it) for each legal move, in order."""
    if depth < 1:
        raise ValueError(f"divide depth must be >= 1, got {depth}")
    out = []
    for move in pos.legal_moves():
        pos.push(move)
        out.append((move, perft(pos, depth - 1)))
        pos.pop()
    return out


@dataclass(frozen=True)
class PerftCase:
    """One position of a perft file: `counts` maps depth -> published leaf count."""

    id: str
    fen: str
    counts: dict[int, int]


def read_perft_file(path: str | Path) -> list[PerftCase]:
    """Parse a perft file (`id`, `fen`, `perft DEPTH COUNT` lines; `#` comments).

    Raises ValueError naming the line when the file is malformed.
    """
    cases: list[PerftCase] = []
    case_id = fen = None
    counts: dict[int, int] = {}

    def flush() -> None:
        if case_id is not None:
            if fen is None:
                raise ValueError(f"{path}: case {case_id!r} has no fen line")
            cases.append(PerftCase(case_id, fen, dict(counts)))

    for number, raw in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "id":
            flush()
            case_id, fen, counts = rest.strip(), None, {}
        elif word == "fen" and case_id is not None:
            fen = rest.strip()
        elif word == "perft" and case_id is not None:
            try:
                depth, count = (int(x) for x in rest.split())
            except ValueError:
                raise ValueError(f"{path}:{number}: bad perft line {raw!r}") from None
            counts[depth] = count
        else:
            raise ValueError(f"{path}:{number}: unexpected line {raw!r}")
    flush()
    return cases
