"""Text output of a match: the summary for people and a PGN-like game log."""
from __future__ import annotations

from typing import Iterable

from .runner import GameRecord, MatchResult

ELO_FORMULA = ("Elo = -400 log10(1/s - 1); 95 % interval from s ± 1.96 sqrt(var/N), "
               "var = per-game score variance (draws count 1/2)")


def summary_lines(result: MatchResult) -> list[str]:
    """The human summary of a match, one string per line."""
    n = len(result.records)
    est = result.elo
    per_game = sum(r.seconds for r in result.records) / n
    plies = sum(len(r.moves) for r in result.records) / n
    reasons = ", ".join(f"{why} {count}" for why, count in result.reasons().items())
    a_red = sum(r.a_score for r in result.records if r.a_is_red)
    a_black = sum(r.a_score for r in result.records if not r.a_is_red)
    n_red = sum(r.a_is_red for r in result.records)
    return [
        f"{result.a} vs {result.b}: {n} games, seed {result.seed}, "
        f"max {result.max_plies} plies, {result.jobs} worker{'s' * (result.jobs != 1)}",
        f"  A: W {est.wins}  D {est.draws}  L {est.losses}   score {100 * est.score:.1f} %"
        f"  (as red {a_red:g}/{n_red}, as black {a_black:g}/{n - n_red})",
        f"  Elo A - B: {est.text()}",
        f"  endings: {reasons}",
        f"  time: {result.seconds:.1f} s wall, {per_game:.2f} s per game, "
        f"{plies:.0f} plies per game",
    ]


def _move_text(record: GameRecord) -> str:
    black_first = record.opening.fen.split()[1].lower() == "b"
    try:
        number = int(record.opening.fen.split()[5])
    except (IndexError, ValueError):
        number = 1
    parts: list[str] = []
    for i, move in enumerate(record.moves):
        red_to_move = (i % 2 == 0) != black_first
        if red_to_move:
            parts.append(f"{number}. {move}")
        else:
            if i == 0:
                parts.append(f"{number}... {move}")
            else:
                parts.append(move)
            number += 1
    parts.append(record.result_text)
    lines, line = [], ""
    for part in parts:
        if line and len(line) + 1 + len(part) > 79:
            lines.append(line)
            line = part
        else:
            line = f"{line} {part}" if line else part
    lines.append(line)
    return "\n".join(lines)


def game_pgn(record: GameRecord, event: str = "xq65 match") -> str:
    """One game as PGN-like text (ICCS moves, tags as in PGN)."""
    tags = [("Event", event), ("Round", str(record.index + 1)), ("Red", record.red),
            ("Black", record.black), ("Result", record.result_text),
            ("FEN", record.opening.fen), ("Opening", record.opening.name),
            ("Termination", record.reason), ("PlyCount", str(len(record.moves))),
            ("Seed", str(record.seed)), ("Seconds", f"{record.seconds:.2f}")]
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags)
    return f"{head}\n\n{_move_text(record)}\n"


def match_pgn(records: Iterable[GameRecord], event: str = "xq65 match") -> str:
    """All games of a match, blank-line separated."""
    return "\n".join(game_pgn(r, event) for r in records)
