"""The endgame puzzles of assets/puzzles.txt (the one list; the ROM's table is generated
from the same file).

One puzzle a line, `FEN ; goal ; solution ; source`, `#` starts a comment:

* goal: `mate N` (N = 1..5: the side to move mates in N of its moves), `win` (红先胜:
  the side to move wins) or `draw` (红先和: the side to move holds the draw);
* solution: ICCS moves separated by spaces, the main line with the defender's replies
  (a mate in N has 2N - 1 plies and ends in mate);
* source: where the position comes from (a published collection, or the program and
  depth that generated and verified it).

The loader checks the form and the rules (a legal FEN, every solution move legal in
turn, a mate's line mates) so the ROM, `xq65 puzzles` and the tests read the same facts.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .assets import ASSETS_DIR, AssetError
from .errors import Xq65Error
from .position import Position

PUZZLE_FILE = "puzzles.txt"
MAX_MATE = 5
#: the save's bitmap of solved puzzles holds 64 (docs/save_format.md)
MAX_PUZZLES = 64
GOALS = ("mate", "win", "draw")


@dataclass(frozen=True)
class Puzzle:
    """One line of assets/puzzles.txt."""

    number: int                 # 0-based, the save's puzzle index
    fen: str
    goal: str                   # "mate", "win" or "draw"
    mate_in: int                # N for "mate", else 0
    solution: tuple[str, ...]   # ICCS moves, main line
    source: str
    line_no: int

    @property
    def goal_text(self) -> str:
        """The goal as `xq65 puzzles --json` writes it: "mate in N", "win" or "draw"."""
        return f"mate in {self.mate_in}" if self.goal == "mate" else self.goal

    def as_json(self) -> dict:
        """The object `xq65 puzzles --json` prints."""
        return {"fen": self.fen, "goal": self.goal_text, "solution": list(self.solution),
                "source": self.source}


def _parse_goal(text: str, where: str) -> tuple[str, int]:
    m = re.fullmatch(r"mate\s+(\d)", text)
    if m:
        n = int(m.group(1))
        if not 1 <= n <= MAX_MATE:
            raise AssetError(f"{where}: mate in {n}: want 1..{MAX_MATE}")
        return "mate", n
    if text in ("win", "draw"):
        return text, 0
    raise AssetError(f"{where}: goal {text!r}: want 'mate N', 'win' or 'draw'")


def parse_puzzle_line(text: str, number: int, line_no: int, where: str) -> Puzzle:
    """One content line -> Puzzle; AssetError saying what is wrong."""
    parts = [p.strip() for p in text.split(";")]
    if len(parts) != 4:
        raise AssetError(f"{where}: want 'FEN ; goal ; solution ; source', got {text!r}")
    fen, goal_text, sol_text, source = parts
    goal, mate_in = _parse_goal(goal_text, where)
    if not source:
        raise AssetError(f"{where}: the source is empty")
    solution = tuple(sol_text.split())
    if not solution:
        raise AssetError(f"{where}: the solution is empty")
    try:
        pos = Position.from_fen(fen)
        for move in solution:
            pos.push_checked(pos.parse_move(move))
    except Xq65Error as exc:
        raise AssetError(f"{where}: {exc}") from None
    if goal == "mate":
        if len(solution) != 2 * mate_in - 1:
            raise AssetError(f"{where}: a mate in {mate_in} has {2 * mate_in - 1} plies, "
                             f"the solution {len(solution)}")
        if pos.legal_moves() or not pos.in_check():
            raise AssetError(f"{where}: the solution does not end in mate")
    return Puzzle(number, fen, goal, mate_in, solution, source, line_no)


def load_puzzles(path: Path | None = None) -> tuple[Puzzle, ...]:
    """Every puzzle of assets/puzzles.txt (or `path`), numbered from 0 in file order."""
    p = Path(path) if path is not None else ASSETS_DIR / PUZZLE_FILE
    if not p.is_file():
        raise AssetError(f"asset not found: {p}")
    out: list[Puzzle] = []
    for no, raw in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        out.append(parse_puzzle_line(line, len(out), no, f"{p}:{no}"))
    if len(out) > MAX_PUZZLES:
        raise AssetError(f"{p}: {len(out)} puzzles, the save remembers {MAX_PUZZLES} at most")
    return tuple(out)
