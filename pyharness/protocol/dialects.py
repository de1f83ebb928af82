"""What the engine says, in each dialect: UCI (as Pikafish speaks it, ICCS squares with
ranks 0-9) and UCCI (as ElephantEye defined it).

Both share the option table of the session (`EngineOption`); they differ in the
handshake, the option lines, the score form of `info`, the answer when there is no
move and the goodbye.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..reference.search_consts import BAN, MATE

ENGINE_NAME = "xq65"
ENGINE_AUTHOR = "the xq65 project"


@dataclass(frozen=True)
class EngineOption:
    """One option: `name` as UCI shows it (UCCI shows it in lower case), its type
    (spin, combo, check, button), default, range or choices."""

    name: str
    type: str
    default: str | None = None
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The name compared case-blind (UCCI's form)."""
        return self.name.lower()


@dataclass(frozen=True)
class Iteration:
    """One completed iteration (or the final answer) of a search, for an `info` line.

    `ms` is the search's time so far in the session's clock (NES or wall)."""

    depth: int
    score: int
    nodes: int
    ms: int
    pv: tuple[str, ...]


def mate_moves(score: int) -> int | None:
    """Moves to mate for a mate score (negative: the side to move is mated), else None.

    A mate at ply p scores MATE - p (p - MATE when mated); perpetual-check scores
    (around BAN) are not mates and stay None."""
    plies = MATE - abs(score)
    if plies < 0 or plies >= MATE - BAN:
        return None
    return (plies + 1) // 2 if score > 0 else -((plies + 1) // 2)


class Uci:
    """The UCI dialect."""

    name = "uci"

    def handshake(self, options: tuple[EngineOption, ...], engine: str) -> list[str]:
        """id, the option lines and uciok."""
        lines = [f"id name {ENGINE_NAME} ({engine})", f"id author {ENGINE_AUTHOR}"]
        for opt in options:
            line = f"option name {opt.name} type {opt.type}"
            if opt.default is not None:
                line += f" default {opt.default}"
            if opt.low is not None:
                line += f" min {opt.low} max {opt.high}"
            line += "".join(f" var {c}" for c in opt.choices)
            lines.append(line)
        lines.append("uciok")
        return lines

    def info(self, it: Iteration) -> list[str]:
        """`info depth .. score cp|mate .. nodes .. time .. pv ..`."""
        mate = mate_moves(it.score)
        score = f"mate {mate}" if mate is not None else f"cp {it.score}"
        line = f"info depth {it.depth} score {score} nodes {it.nodes} time {it.ms}"
        if it.ms > 0:
            line += f" nps {it.nodes * 1000 // it.ms}"
        if it.pv:
            line += " pv " + " ".join(it.pv)
        return [line]

    def bestmove(self, move: str | None, ponder: str | None = None) -> str:
        """`bestmove M [ponder P]`, or `bestmove (none)` when there is no legal move."""
        if move is None:
            return "bestmove (none)"
        return f"bestmove {move}" + (f" ponder {ponder}" if ponder else "")

    def goodbye(self) -> list[str]:
        """Nothing: UCI's quit is silent."""
        return []


class Ucci(Uci):
    """The UCCI dialect."""

    name = "ucci"

    def handshake(self, options: tuple[EngineOption, ...], engine: str) -> list[str]:
        """id, the option lines (`option NAME type ...`, no `name` word) and ucciok."""
        lines = [f"id name {ENGINE_NAME} ({engine})", f"id author {ENGINE_AUTHOR}"]
        for opt in options:
            line = f"option {opt.key} type {opt.type}"
            if opt.low is not None:
                line += f" min {opt.low} max {opt.high}"
            line += "".join(f" var {c.lower()}" for c in opt.choices)
            if opt.default is not None:
                line += f" default {opt.default.lower()}"
            lines.append(line)
        lines.append("ucciok")
        return lines

    def info(self, it: Iteration) -> list[str]:
        """`info depth N score S pv ...` (the bare score), then `info time T nodes N`."""
        line = f"info depth {it.depth} score {it.score}"
        if it.pv:
            line += " pv " + " ".join(it.pv)
        return [line, f"info time {it.ms} nodes {it.nodes}"]

    def bestmove(self, move: str | None, ponder: str | None = None) -> str:
        """`bestmove M [ponder P]`, or `nobestmove`."""
        if move is None:
            return "nobestmove"
        return super().bestmove(move, ponder)

    def goodbye(self) -> list[str]:
        """UCCI answers quit with `bye`."""
        return ["bye"]
