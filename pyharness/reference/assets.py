"""The engine's data, read from the text assets the ROM tables are generated from.

One source each (docs/search.md): assets/pst_engine.txt (the evaluation's tables;
assets/pst.txt holds the published ones they were made from), assets/zobrist.txt
(the Zobrist seed), assets/levels.txt (the level table), assets/book.txt (opening
lines). pyharness/gen/gen_*.py turn the same values into build/*.inc; the reference engine
reads them through this module, so the two hold the same bits.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .errors import Xq65Error

ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets"

TYPE_ORDER = "KABNRCP"
RANK16_TOP, FILE16_LEFT = 3, 3
#: the 90 playing squares in ascending order (reading order from ICCS a9)
PLAY_SQUARES = tuple(r * 16 + f for r in range(3, 13) for f in range(3, 12))
#: number of Zobrist piece kinds: kind = side * 7 + type
KINDS = 14
MASK32 = 0xFFFFFFFF


class AssetError(Xq65Error, ValueError):
    """An asset file that does not have the documented form."""


def _asset(name: str, path: Path | None) -> Path:
    p = Path(path) if path is not None else ASSETS_DIR / name
    if not p.is_file():
        raise AssetError(f"asset not found: {p}")
    return p


def _content_lines(text: str):
    """Yield (line number, text without comment) for non-empty lines."""
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            yield no, line


# --- evaluation -----------------------------------------------------------------------

#: XQWLight's published tables (the start of every fit) and the engine's own tables
PUBLISHED_PST, ENGINE_PST = "pst.txt", "pst_engine.txt"


def load_engine_pst(path: Path | None = None) -> tuple[bytes, ...]:
    """Read the engine's tables, assets/pst_engine.txt (load_pst's format)."""
    return load_pst(_asset(ENGINE_PST, path))


def load_pst(path: Path | None = None) -> tuple[bytes, ...]:
    """Read a table file in assets/pst.txt's format (by default assets/pst.txt, the
    published tables); return 7 tables (type K..P) of 256 bytes indexed by square.

    The values are Red's view; off-board squares hold 0.
    """
    p = _asset(PUBLISHED_PST, path)
    tables: dict[str, list[int]] = {}
    current = None
    for no, line in _content_lines(p.read_text(encoding="utf-8")):
        if line.startswith("type"):
            parts = line.split()
            if len(parts) != 2 or parts[1] not in TYPE_ORDER or parts[1] in tables:
                raise AssetError(f"{p}:{no}: bad or repeated type line {line!r}")
            current = parts[1]
            tables[current] = []
            continue
        if current is None:
            raise AssetError(f"{p}:{no}: values before the first 'type' line")
        row = line.split()
        if len(row) != 9 or not all(v.isdigit() and int(v) <= 255 for v in row):
            raise AssetError(f"{p}:{no}: want 9 numbers 0..255, got {line!r}")
        tables[current].extend(int(v) for v in row)
    out = []
    for t in TYPE_ORDER:
        vals = tables.get(t)
        if vals is None or len(vals) != 90:
            raise AssetError(f"{p}: type {t} needs 10 rows of 9 values")
        page = bytearray(256)
        for sq, v in zip(PLAY_SQUARES, vals):
            page[sq] = v
        out.append(bytes(page))
    return tuple(out)


# --- Zobrist keys ---------------------------------------------------------------------

def xorshift32(state: int) -> int:
    """One step of Marsaglia's 32-bit xorshift (13, 17, 5); state must be non-zero."""
    state ^= (state << 13) & MASK32
    state ^= state >> 17
    state ^= (state << 5) & MASK32
    return state


def load_zobrist_seed(path: Path | None = None) -> int:
    """Read the one Zobrist seed from assets/zobrist.txt."""
    p = _asset("zobrist.txt", path)
    for no, line in _content_lines(p.read_text(encoding="utf-8")):
        m = re.fullmatch(r"seed\s*=\s*(0x[0-9A-Fa-f]+|\d+)", line)
        if not m:
            raise AssetError(f"{p}:{no}: want 'seed = <number>', got {line!r}")
        seed = int(m.group(1), 0)
        if not 0 < seed <= MASK32:
            raise AssetError(f"{p}:{no}: the seed must be 1..2^32-1")
        return seed
    raise AssetError(f"{p}: no seed line")


@dataclass(frozen=True)
class ZobristKeys:
    """32-bit Zobrist keys: piece[kind][sq] (0 off board) and the side-to-move key."""

    piece: tuple[tuple[int, ...], ...]
    side: int

    def by_sq90(self, kind: int) -> list[int]:
        """The 90 keys of `kind` in PLAY_SQUARES order (the ROM table order)."""
        return [self.piece[kind][sq] for sq in PLAY_SQUARES]


def make_zobrist(seed: int) -> ZobristKeys:
    """Expand `seed`: for kind 0..13, for the 90 squares in ascending order, the next
    xorshift32 output; then one more output for the side key (Black to move)."""
    state = seed
    piece = []
    for _kind in range(KINDS):
        row = [0] * 256
        for sq in PLAY_SQUARES:
            state = xorshift32(state)
            row[sq] = state
        piece.append(tuple(row))
    state = xorshift32(state)
    return ZobristKeys(piece=tuple(piece), side=state)


def load_zobrist(path: Path | None = None) -> ZobristKeys:
    """The Zobrist keys of assets/zobrist.txt."""
    return make_zobrist(load_zobrist_seed(path))


# --- levels ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Level:
    """One row of assets/levels.txt."""

    number: int
    depth: int        # 0 = iterate until the cap
    frames: int       # hard cap in NES frames
    noise_mask: int   # 0, or 2^k - 1
    book: bool
    quiesce: bool     # quiescence searches captures (else stand pat only)
    slip: int         # 0..255: chance/256 of a random legal move after the search
    name_zh: str
    name_en: str
    rules: tuple[str, ...] = ()   # search rules the level switches on (SearchRules names)


def load_levels(path: Path | None = None) -> tuple[Level, ...]:
    """Read assets/levels.txt; levels are numbered 1..n in order."""
    p = _asset("levels.txt", path)
    levels = []
    for no, line in _content_lines(p.read_text(encoding="utf-8")):
        parts = line.split()
        try:
            if len(parts) != 10:
                raise ValueError
            num, depth, frames, mask, book, qs, slip = (int(v) for v in parts[:7])
        except ValueError:
            raise AssetError(f"{p}:{no}: want 'level depth frames noise_mask book qs slip "
                             f"rules name_zh name_en', got {line!r}") from None
        rules = () if parts[7] == "-" else tuple(parts[7].split("+"))
        if not all(re.fullmatch(r"[a-z][a-z_]*", r) for r in rules) or len(set(rules)) < len(rules):
            raise AssetError(f"{p}:{no}: rules must be '-' or rule names joined by '+' "
                             f"(each once), got {parts[7]!r}")
        if num != len(levels) + 1:
            raise AssetError(f"{p}:{no}: levels must be numbered 1, 2, ... in order")
        if not (0 <= depth <= 24 and 0 < frames <= 0xFFFF and mask in (0, 1, 3, 7, 15, 31, 63, 127)
                and book in (0, 1) and qs in (0, 1) and 0 <= slip <= 255):
            raise AssetError(f"{p}:{no}: value out of range in {line!r}")
        levels.append(Level(num, depth, frames, mask, bool(book), bool(qs), slip,
                            parts[8], parts[9], rules))
    if not levels:
        raise AssetError(f"{p}: no levels")
    return tuple(levels)


# --- opening book text ------------------------------------------------------------------

@dataclass(frozen=True)
class BookLine:
    """One line of assets/book.txt: ICCS moves from the start position and a name."""

    moves: tuple[str, ...]
    name: str
    line_no: int


def load_book_lines(path: Path | None = None) -> tuple[BookLine, ...]:
    """Read assets/book.txt (moves are checked for form here, for legality by the compiler)."""
    p = _asset("book.txt", path)
    out = []
    for no, raw in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        body, _, comment = raw.partition("#")
        moves = body.split()
        if not moves:
            continue
        for m in moves:
            if not re.fullmatch(r"[a-i][0-9][a-i][0-9]", m):
                raise AssetError(f"{p}:{no}: not an ICCS move: {m!r}")
        out.append(BookLine(tuple(moves), comment.strip(), no))
    return tuple(out)
