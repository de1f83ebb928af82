"""The start of a saved game: where each piece type may stand, and which kind of start
(standard, handicap, puzzle, set-up) a position is (docs/save_format.md, fields 0x008 and
0x009 of the game block).
"""
from __future__ import annotations

from pathlib import Path

from ..reference.assets import ASSETS_DIR
from ..reference.board import (ADVISOR, BISHOP, IN_PALACE, KING, OWN_HALF, PAWN, PIECE_TYPES,
                               RED, START_FEN, square_file, square_rank, sq_to_iccs)
from ..reference.errors import Xq65Error
from ..reference.position import SIDE_NAMES, TYPE_NAMES, Position

KIND_NAMES = ("standard", "handicap", "puzzle", "setup")
KIND_STANDARD, KIND_HANDICAP, KIND_PUZZLE, KIND_SETUP = range(4)


def placement_problem(pos: Position) -> str | None:
    """Why the pieces of `pos` cannot stand where they are (None when they can).

    Each piece on a square its type may stand on (king and advisor in the palace, the
    advisor on its five points, the elephant on its seven, a pawn not behind its start
    rank nor sideways of it before the river), the side not to move not in check
    (which covers kings facing on an open file), both kings present.
    """
    for p in range(32):
        sq = pos.piece_sq[p]
        if not sq:
            if p % 16 == 0:
                return f"the {SIDE_NAMES[p // 16]} king is missing"
            continue
        side, ptype = p // 16, PIECE_TYPES[p % 16]
        name = f"{SIDE_NAMES[side]} {TYPE_NAMES[ptype]} on {sq_to_iccs(sq)}"
        f, r = square_file(sq), square_rank(sq)
        rr = r if side == RED else 9 - r          # rank from its own side
        if ptype == KING and not IN_PALACE[side][sq]:
            return f"the {name} is outside its palace"
        if ptype == ADVISOR and not (IN_PALACE[side][sq] and (f + rr) % 2 == 1):
            return f"the {name} is not on an advisor's point"
        if ptype == BISHOP and not (OWN_HALF[side][sq] and f % 2 == 0 and rr % 2 == 0
                                    and (f // 2 + rr // 2) % 2 == 1):
            return f"the {name} is not on an elephant's point"
        if ptype == PAWN and (rr < 3 or (rr < 5 and f % 2 == 1)):
            return f"the {name} cannot stand there (behind or beside its start point)"
    if pos.in_check(pos.side ^ 1):
        return f"{SIDE_NAMES[pos.side ^ 1]}, not to move, is in check"
    return None


def _content_lines(path: Path) -> list[str]:
    if not path.is_file():
        return []
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            out.append(line)
    return out


def start_index_limit(kind: int) -> int:
    """How many start indices a kind has: 1 for standard and set-up (index 0), the
    number of handicaps (assets/handicaps.txt, 256 while that asset is absent) or of
    puzzles (assets/puzzles.txt)."""
    if kind == KIND_HANDICAP:
        return len(_content_lines(ASSETS_DIR / "handicaps.txt")) or 256
    if kind == KIND_PUZZLE:
        from ..reference.puzzles import load_puzzles
        return len(load_puzzles())
    return 1


def handicap_fens() -> list[str]:
    """The start FENs of assets/handicaps.txt in order: of each content line
    (`key ; name ; Chinese name ; FEN ; source`), the `;` field that holds a FEN board
    (nine '/'); [] while that asset is absent."""
    out = []
    for line in _content_lines(ASSETS_DIR / "handicaps.txt"):
        fens = [f.strip() for f in line.split(";") if f.strip().split(" ")[0].count("/") == 9]
        out.append(fens[0] if fens else "")
    return out


def classify_start(pos: Position) -> tuple[int, int]:
    """(kind, index) of a start position: the standard start, a handicap of
    assets/handicaps.txt, a puzzle of assets/puzzles.txt (board and side equal), else
    a set-up (kind 3)."""
    key = (pos.board_fen(), pos.side)
    start = Position.from_fen(START_FEN)
    if key == (start.board_fen(), start.side):
        return KIND_STANDARD, 0
    for i, fen in enumerate(handicap_fens()):
        try:
            p = Position.from_fen(fen)
        except Xq65Error:
            continue
        if (p.board_fen(), p.side) == key:
            return KIND_HANDICAP, i
    from ..reference.puzzles import load_puzzles
    for pz in load_puzzles():
        p = Position.from_fen(pz.fen)
        if (p.board_fen(), p.side) == key:
            return KIND_PUZZLE, pz.number
    return KIND_SETUP, 0
