"""Running a search so that it can be stopped and reports its iterations.

`AsmRunner` runs the ROM's think (srch_start, then srch_think) under py65
(pyharness.rom.asm_engine) with two hooks: at srch_think's entry (where the search's
cycles start: the iterations' times leave out srch_start's, at most ~16,000 with a
book probe) and at srch_make_done, reached after every node, where it sets
srch_move_now once the GUI has sent stop (the search polls the flag every 16 nodes)
and reports an iteration when srch_depth_done has moved. `RefRunner` runs the Python
twin (reference.search.think) with its move-now callback; the twin reports its
iterations when it returns. Both take only the level/depth/nodes/frames/seed of
`Limits`; every other rule is the engines' default.

`split_root` searches a root restricted to some moves (UCCI banmoves, UCI
searchmoves), which neither engine can do inside one search.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Protocol

from ..limits import Limits
from ..reference.clock import NES_CPU_HZ
from ..reference.levels import get_level, level_depth, model_clock
from ..reference.position import Move, Position
from ..reference.search import SearchResult
from ..reference.search_consts import MATE, WIN
from .dialects import Iteration

Stop = Callable[[], bool]
Report = Callable[[Iteration], None]


@dataclass
class Outcome:
    """A finished search: the engine's result and its time in ms (NES or wall)."""

    result: SearchResult
    ms: int


class Runner(Protocol):
    """A search that can be stopped: `search(position, limits, stop, report, wall)`."""

    name: str

    def search(self, position: Position, limits: Limits, stop: Stop, report: Report,
               wall: bool) -> Outcome:
        """Search `position` (its undo stack is the game record) until the limits or
        `stop()`; `report` receives iterations; times are wall ms when `wall`."""
        ...


def limit_kwargs(limits: Limits) -> dict:
    """The five limits the protocol sets, as keyword arguments of both think()s (every
    search rule stays the engines' default)."""
    return {"level": limits.level, "depth": limits.depth, "nodes": limits.nodes,
            "frames": limits.frames, "seed": limits.seed}


def cycles_ms(cycles: int) -> int:
    """NES cycles as milliseconds."""
    return cycles * 1000 // NES_CPU_HZ


def pv_text(moves) -> tuple[str, ...]:
    """Moves as ICCS words."""
    return tuple(m.iccs() for m in moves)


class RefRunner:
    """The Python twin; NES time is its model clock (levels.model_clock)."""

    name = "ref"

    def search(self, position: Position, limits: Limits, stop: Stop, report: Report,
               wall: bool) -> Outcome:
        """reference.search.think with `stop` as its move-now flag."""
        from ..reference.search import think
        t0 = time.monotonic()
        res = think(position, move_now=stop, **limit_kwargs(limits))
        wall_ms = int((time.monotonic() - t0) * 1000)
        total = max(res.nodes, 1)
        node_cycles = model_clock(limits.level)

        def ms(nodes: int) -> int:
            if wall:
                return wall_ms * nodes // total
            return cycles_ms(nodes * node_cycles)
        for depth, score, nodes, move in res.iterations[:-1]:
            report(Iteration(depth, score, nodes, ms(nodes), (move,)))
        return Outcome(res, ms(res.nodes))


class AsmRunner:
    """The ROM's search under py65; NES time is the cycles the 6502 spent."""

    name = "asm"

    def __init__(self, engine=None) -> None:
        """Use an AsmEngine, or open one (engines.open_asm_engine: builds the ROM if
        needed; EngineUnavailableError when it cannot)."""
        if engine is None:
            from ..engines import open_asm_engine
            engine = open_asm_engine()
        self.engine = engine

    def search(self, position: Position, limits: Limits, stop: Stop, report: Report,
               wall: bool) -> Outcome:
        """AsmEngine.think with the stop and iteration hooks."""
        sim = self.engine.sim
        mem = sim.memory
        a_move_now, a_done = sim.addr("srch_move_now"), sim.addr("srch_depth_done")
        a_nodes = sim.addr("srch_nodes")
        state = {"base": sim.mpu.processorCycles, "depth": 0}
        t0 = time.monotonic()

        def elapsed() -> int:
            if wall:
                return int((time.monotonic() - t0) * 1000)
            return cycles_ms(sim.mpu.processorCycles - state["base"])

        def at_think() -> None:
            state["base"] = sim.mpu.processorCycles

        def at_node() -> None:
            if stop():
                mem[a_move_now] = 1
            done = mem[a_done]
            if done != state["depth"]:
                state["depth"] = done
                score = sim.peek16("srch_score")
                score -= 0x10000 if score >= 0x8000 else 0
                count = sim.peek("srch_pv_len")
                pv = zip(sim.read("srch_pv_from", count), sim.read("srch_pv_to", count))
                nodes = int.from_bytes(bytes(mem[a_nodes:a_nodes + 4]), "little")
                report(Iteration(done, score, nodes, elapsed(),
                                 tuple(Move(f, t).iccs() for f, t in pv)))
        res = self.engine.think(position, hooks={"srch_think": at_think,
                                                 "srch_make_done": at_node},
                                **limit_kwargs(limits))
        if wall:
            return Outcome(res, int((time.monotonic() - t0) * 1000))
        return Outcome(res, cycles_ms(res.cycles))


def _child_limits(limits: Limits, share: int) -> Limits:
    """The limits of one of `share` root moves searched one ply shallower."""
    frames, depth = limits.frames, limits.depth
    if limits.level is not None:
        lv = get_level(limits.level)
        frames = limits.frames if limits.frames is not None else lv.frames
        depth = depth or level_depth(lv)
    return Limits(depth=max(1, depth - 1),
                  nodes=max(1, limits.nodes // share) if limits.nodes else None,
                  frames=max(1, frames // share) if frames else None, seed=limits.seed)


def split_root(runner: Runner, position: Position, allowed: list[Move], limits: Limits,
               stop: Stop, report: Report, wall: bool) -> Outcome:
    """The best of `allowed` root moves: each is played and the position after it
    searched one ply shallower with an equal share of the node and frame budgets
    (a level's depth and frame cap); the first move is kept when stopped early."""
    child_limits = _child_limits(limits, len(allowed))
    best: tuple[int, Move] | None = None
    nodes = ms = depth = 0
    pv: list[Move] = []
    for move in allowed:
        child = position.copy()
        child.push(move)
        out = runner.search(child, child_limits, stop, lambda it: None, wall)
        nodes, ms = nodes + out.result.nodes, ms + out.ms
        score = -out.result.score
        if abs(score) > WIN:
            score -= 1 if score > 0 else -1          # one ply further from the root
        if best is None or score > best[0]:
            best = (score, move)
            pv = [move] + list(out.result.pv)
            depth = out.result.depth + 1
        if stop():
            break
    assert best is not None
    res = SearchResult(best[1], max(-MATE, min(MATE, best[0])), depth, nodes, pv)
    return Outcome(res, ms)
