"""Make the held-out opening set (issue 33): balanced positions from Fairy-Stockfish
self-play, split once into a tuning half and a judging half.

    nice -n 19 .venv/bin/python tools/lab/gen_heldout_openings.py \
        [--count 120] [--seed 33] [--out-dir assets] [--max-tries 2000]

How a candidate is made (all Fairy-Stockfish 1 thread, 16 MB hash, UCI_Variant xiangqi):
the game length L is drawn from 8..12 plies; at every ply the engine lists its
MULTIPV best moves at PLY_DEPTH and one is drawn uniformly among those within the
ply's margin of the best (FIRST_MARGIN for the first two plies, so first moves vary,
PLY_MARGIN after). The position after L plies is kept only if:

* Fairy-Stockfish at depth KEEP_DEPTH (hash cleared first) scores it within
  +-KEEP_MARGIN cp (no mate score), side to move not in check;
* it (or its left-right mirror) is new: not a kept position, not an opening of
  assets/match_openings.txt, not a position on a line of assets/book.txt, and the
  compiled book has no move for it (pyharness.reference.book.Book.candidates).

The kept positions are shuffled once with random.Random(seed) and split: the first
half is the tuning half (assets/openings_tune.txt), the rest the judging half
(assets/openings_judge.txt). Each line: FEN ; name (moves from the start, depth-12
score from the side to move). The judging half must never be used for a fit or a
keep-or-drop decision.
"""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from pyharness.match.runner import load_openings
from pyharness.match.uci import UciEngine, UciSettings, uci_to_iccs, iccs_to_uci
from pyharness.reference.assets import load_book_lines
from pyharness.reference.book import default_book
from pyharness.reference.position import Move, Position

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MIN_PLIES, MAX_PLIES = 8, 12
MULTIPV = 6
PLY_DEPTH = 8
FIRST_MARGIN = 60
PLY_MARGIN = 30
KEEP_DEPTH = 12
KEEP_MARGIN = 60
MAX_TRIES = 2000          # candidates at most (a bound on the loop)


def mirror_board(board: str) -> str:
    """The board field of the left-right mirrored position."""
    return "/".join(rank[::-1] for rank in board.split("/"))


def position_keys(pos: Position) -> tuple[str, str]:
    """Identity of a position for the duplicate checks: (board side, mirrored)."""
    side = "wb"[pos.side]
    board = pos.board_fen()
    return f"{board} {side}", f"{mirror_board(board)} {side}"


def known_positions() -> set[str]:
    """Positions the held-out set must avoid: the match openings and every position
    on a book line (start to end), with their mirrors."""
    seen: set[str] = set()
    for opening in load_openings():
        seen.update(position_keys(Position.from_fen(opening.fen)))
    for line in load_book_lines():
        pos = Position.start()
        seen.update(position_keys(pos))
        for text in line.moves:
            pos.push(pos.parse_move(text))
            seen.update(position_keys(pos))
    return seen


def in_book_reach(pos: Position, known: set[str]) -> bool:
    """True when `pos` or its mirror is a known position or the book has a move for it."""
    return any(k in known for k in position_keys(pos)) or bool(default_book().candidates(pos))


class MultiPvEngine(UciEngine):
    """UciEngine that also lists the best few moves with their scores."""

    def top_moves(self, fen: str, moves: list[str], depth: int, count: int
                  ) -> list[tuple[str, int]]:
        """(ICCS move, score cp for the side to move) of the best `count` moves at
        `depth`; a mate score counts as +-30000."""
        self.set_option("MultiPV", str(count))
        position = f"position fen {fen}"
        if moves:
            position += " moves " + " ".join(iccs_to_uci(m) for m in moves)
        self.send(position)
        self.send(f"go depth {depth}")
        _, infos = self._read_until("bestmove")
        self.set_option("MultiPV", "1")
        best: dict[int, tuple[str, int]] = {}
        for info in infos:
            tok = info.split()
            if "multipv" not in tok or "pv" not in tok or "score" not in tok:
                continue
            idx = int(tok[tok.index("multipv") + 1])
            s = tok.index("score")
            value = int(tok[s + 2])
            cp = value if tok[s + 1] == "cp" else (30000 if value > 0 else -30000)
            best[idx] = (uci_to_iccs(tok[tok.index("pv") + 1]), cp)
        return [best[i] for i in sorted(best)]


@dataclass(frozen=True)
class Candidate:
    """One kept position: FEN, the moves from the start, depth-12 score."""

    fen: str
    moves: tuple[str, ...]
    score: int

    def line(self, tag: str) -> str:
        """The openings-file line."""
        return f"{self.fen} ; {tag} {' '.join(self.moves)} (d{KEEP_DEPTH} {self.score:+d})"


def play_candidate(engine: MultiPvEngine, rng: random.Random) -> tuple[Position, list[str]]:
    """Self-play from the start: L plies, each drawn among the near-best moves."""
    plies = rng.randint(MIN_PLIES, MAX_PLIES)
    pos = Position.from_fen(START_FEN)
    moves: list[str] = []
    engine.new_game()
    for ply in range(plies):
        top = engine.top_moves(START_FEN, moves, PLY_DEPTH, MULTIPV)
        if not top:
            break
        margin = FIRST_MARGIN if ply < 2 else PLY_MARGIN
        near = [m for m, cp in top if cp >= top[0][1] - margin]
        choice = rng.choice(near)
        pos.push(Move.from_iccs(choice))
        moves.append(choice)
    return pos, moves


def generate(count: int, seed: int, max_tries: int, log=print) -> list[Candidate]:
    """Up to `count` kept candidates (fewer if `max_tries` runs out)."""
    rng = random.Random(seed)
    known = known_positions()
    kept: list[Candidate] = []
    kept_keys: set[str] = set()
    stats = {"tried": 0, "short": 0, "check": 0, "known": 0, "dup": 0, "unbalanced": 0}
    with MultiPvEngine(settings=UciSettings(hash_mb=16), timeout=120) as engine:
        for _ in range(max_tries):
            if len(kept) >= count:
                break
            stats["tried"] += 1
            pos, moves = play_candidate(engine, rng)
            if len(moves) < MIN_PLIES or not pos.legal_moves():
                stats["short"] += 1
                continue
            if pos.in_check():
                stats["check"] += 1
                continue
            keys = position_keys(pos)
            if keys[0] in kept_keys or keys[1] in kept_keys:
                stats["dup"] += 1
                continue
            if in_book_reach(pos, known):
                stats["known"] += 1
                continue
            engine.new_game()
            answer = engine.best_move(START_FEN, moves, depth=KEEP_DEPTH, timeout=300)
            if answer.mate is not None or answer.score_cp is None \
                    or abs(answer.score_cp) > KEEP_MARGIN:
                stats["unbalanced"] += 1
                continue
            kept_keys.update(keys)
            kept.append(Candidate(pos.fen(), tuple(moves), answer.score_cp))
            log(f"{len(kept):3d}/{count} {stats} {' '.join(moves)} {answer.score_cp:+d}")
    log(f"done: {len(kept)} kept, {stats}")
    return kept


HEADER = """\
# Held-out {half} openings for `xq65 match --openings {half}` (issue 33), {n} positions.
# Made by: nice -n 19 .venv/bin/python tools/lab/gen_heldout_openings.py --count {count} --seed {seed}
# Fairy-Stockfish self-play from the start position, {lo}-{hi} plies, each ply drawn
# uniformly among the MultiPV {mpv} moves (depth {pd}) within {fm} cp of the best
# (first two plies) or {pm} cp (later plies); kept only if Fairy-Stockfish at depth {kd}
# scores it within +-{km} cp (score from the side to move in the comment), side to move
# not in check, and no duplicate (position or its mirror) of another kept position, of
# assets/match_openings.txt or of a position on an assets/book.txt line, and no book move.
# Split once: the kept positions shuffled with random.Random({seed}), first half
# openings_tune.txt, second half openings_judge.txt.
# THE JUDGING HALF MUST NEVER BE USED FOR A FIT OR A KEEP-OR-DROP DECISION:
# tune on openings_tune.txt, judge on openings_judge.txt.
"""


def write_halves(kept: list[Candidate], seed: int, count: int, out_dir: Path) -> None:
    """Shuffle once with `seed` and write the two halves."""
    order = list(kept)
    random.Random(seed).shuffle(order)
    half = len(order) // 2
    for name, part, tag in (("tune", order[:half], "t"), ("judge", order[half:], "j")):
        text = HEADER.format(half=name, n=len(part), count=count, seed=seed, lo=MIN_PLIES,
                             hi=MAX_PLIES, mpv=MULTIPV, pd=PLY_DEPTH, fm=FIRST_MARGIN,
                             pm=PLY_MARGIN, kd=KEEP_DEPTH, km=KEEP_MARGIN)
        text += "".join(c.line(f"{tag}{i:02d}") + "\n" for i, c in enumerate(part, 1))
        (out_dir / f"openings_{name}.txt").write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Command line: generate and write both halves."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=120)
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--out-dir", default=str(ROOT / "assets"))
    ap.add_argument("--max-tries", type=int, default=MAX_TRIES)
    ns = ap.parse_args(argv)
    if not 2 <= ns.count <= 1000 or not 1 <= ns.max_tries <= 100_000:
        print("error: --count must be 2..1000 and --max-tries 1..100000", file=sys.stderr)
        return 2
    kept = generate(ns.count, ns.seed, ns.max_tries, log=lambda s: print(s, flush=True))
    if len(kept) < 2:
        print("error: fewer than two positions kept", file=sys.stderr)
        return 1
    write_halves(kept, ns.seed, ns.count, Path(ns.out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
