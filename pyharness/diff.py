"""`xq65 diff`: the asm search against its Python twin, node by node, on many positions.

For each position (random_positions with the seed, the start position first; or named
positions such as those of the bench suite) and depth, both engines search with a node
trace: (from, to, key, red_sum, black_sum) at every make. The first position, node and
field where they part is reported.

The random positions walk the edges (edge_position): a half-move counter drawn near the
100-ply rule and past the one-byte ceiling (0, 90..110, 250..260, 1000), and a game
history of random plies with back-and-forth shuffles, so the game record holds
repetitions (and perpetual checks when a shuffle checks) that the search must judge.
They are lopsided, so their search trees depend little on the evaluation; `xq65 diff
--suite` compares on the bench suite's positions from real games instead (`named`),
where a change of the evaluation moves the tree.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

from .engines import AsmSearchEngine, RefEngine, SearchEngine, open_asm_engine
from .limits import Limits
from .reference.position import Move, Position
from .reference.randpos import random_positions

TRACE_FIELDS = ("move", "key", "red_sum", "black_sum")
# half-move counters edge_position draws: the common case, around the 100-ply rule,
# around the asm's one-byte ceiling (HALFMOVE_MAX = 255) and far past it
EDGE_COUNTERS = (0, 0, 0, *range(90, 111), *range(250, 261), 1000)
HISTORY_PLIES = (0, 0, 6, 12, 24, 40)   # random plies before the searched position


@dataclass
class DiffReport:
    """What a diff run found: counts, and the first difference (None when equal)."""

    positions: int = 0
    names: list[str] = field(default_factory=list)      # of named positions, in order
    searches: int = 0
    nodes: int = 0
    cycles: int = 0
    first: str | None = None
    lines: list[str] = field(default_factory=list)
    counters: list[int] = field(default_factory=list)   # root half-move counter of each
    histories: int = 0          # positions searched after a game history
    repeated: int = 0           # ... whose record already holds the root position

    @property
    def equal(self) -> bool:
        """True when no search differed."""
        return self.first is None


def _fmt(entry) -> str:
    f, t, key, rs, bs = entry
    return f"{Move(f, t).iccs()} key={key:08x} sums={rs}/{bs}"


def _shuffle(pos: Position, rng: random.Random) -> int:
    """Play up to 4 plies that return to the position: a quiet move of each side, then
    both taken back by the reverse moves (when legal). Returns the plies played."""
    played = 0
    firsts: list[Move] = []
    for _ in range(2):
        quiet = [m for m in pos.legal_moves() if not pos.board[m.to]]
        if not quiet:
            return played
        m = rng.choice(quiet)
        pos.push(m)
        firsts.append(m)
        played += 1
    for m in firsts:
        back = Move(m.to, m.frm)
        if not pos.is_legal(back) or pos.board[back.to]:
            return played
        pos.push(back)
        played += 1
    return played


def edge_position(fen: str, rng: random.Random) -> Position:
    """`fen` with a drawn half-move counter, then a drawn game history pushed on it.

    The history mixes random legal plies with shuffles (_shuffle) that repeat
    positions; it stops early when a side has no legal move.
    """
    pos = Position.from_fen(fen)
    pos.halfmove = rng.choice(EDGE_COUNTERS)
    target = rng.choice(HISTORY_PLIES)
    done = 0
    while done < target:
        if rng.random() < 0.5:
            n = _shuffle(pos, rng)
            if n == 0:
                break
            done += n
            continue
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(rng.choice(moves))
        done += 1
    return pos


def game_record(pos: Position) -> tuple[Position, list[Move], bool]:
    """(the record's first position, the moves played since, whether the current
    position already occurred in the record)."""
    back = pos.copy()
    key = (bytes(pos.board), pos.side)
    moves: list[Move] = []
    seen = False
    while True:
        try:
            moves.append(back.pop())
        except IndexError:
            break
        seen = seen or (bytes(back.board), back.side) == key
    moves.reverse()
    return back, moves, seen


def describe(pos: Position) -> str:
    """The position as its start FEN plus the moves of its game record."""
    start, moves, _ = game_record(pos)
    if not moves:
        return pos.fen()
    return f"{start.fen()} moves {' '.join(m.iccs() for m in moves)}"


def compare_one(asm: SearchEngine, fen: str | Position, depth: int, seed: int = 0,
                ref: SearchEngine | None = None) -> tuple[str | None, int, int]:
    """Search `fen` (a FEN, or a Position with its game record) to `depth` with both
    engines; (difference text or None, nodes, cycles)."""
    pos = fen.copy() if isinstance(fen, Position) else Position.from_fen(fen)
    fen = describe(pos)
    limits = Limits(depth=depth, seed=seed)
    ta, tr = [], []
    a = asm.think(pos, limits, trace=ta)
    r = (ref or RefEngine()).think(pos, limits, trace=tr)
    for i, (x, y) in enumerate(zip(ta, tr)):
        if x != y:
            what = [n for n, u, v in zip(TRACE_FIELDS, (x[:2],) + x[2:], (y[:2],) + y[2:])
                    if u != v]
            return (f"{fen} depth {depth}: node {i + 1} differs in {', '.join(what)}\n"
                    f"  asm {_fmt(x)}\n  ref {_fmt(y)}", a.nodes, a.cycles)
    if len(ta) != len(tr):
        return (f"{fen} depth {depth}: traces agree for {min(len(ta), len(tr))} nodes, then "
                f"asm made {len(ta)} and ref {len(tr)}", a.nodes, a.cycles)
    got = (a.best_move, a.score, a.depth, a.nodes, a.pv)
    want = (r.best_move, r.score, r.depth, r.nodes, r.pv)
    if got != want:
        names = ("best move", "score", "depth", "nodes", "pv")
        parts = [f"{n}: asm {u} ref {v}" for n, u, v in zip(names, got, want) if u != v]
        return f"{fen} depth {depth}: " + "; ".join(parts), a.nodes, a.cycles
    return None, a.nodes, a.cycles


def seeded_positions(positions: int, seed: int) -> list[Position]:
    """The start position as it is, then `positions` - 1 random ones through
    edge_position (drawn counter and game history, seeded by `seed`)."""
    from .reference.board import START_FEN
    rng = random.Random(seed)
    fens = random_positions(max(positions - 1, 0), seed)
    todo = [Position.from_fen(START_FEN)] + [edge_position(f, rng) for f in fens]
    return todo[:positions]


def run_diff(positions: int = 30, depth: int = 3, seed: int = 1, engine=None,
             progress=None, named: Sequence[tuple[str, str]] | None = None) -> DiffReport:
    """Compare on `positions` positions at depths 1..`depth`; stop at the first difference.

    The positions are seeded_positions(positions, seed); or, when `named` is given,
    its (name, FEN) pairs as they are (no game history), and `positions` is ignored:
    the report lists their names and a difference starts with the name.
    `seed` is also the LFSR seed of every search.
    `engine`: an AsmEngine (default: engines.open_asm_engine()).
    """
    eng = AsmSearchEngine(engine or open_asm_engine())
    if named is None:
        todo = [("", pos) for pos in seeded_positions(positions, seed)]
    else:
        todo = [(name, Position.from_fen(fen)) for name, fen in named]
    rep = DiffReport()
    for name, fen in todo:
        rep.positions += 1
        if name:
            rep.names.append(name)
        rep.counters.append(fen.halfmove)
        _, moves, seen = game_record(fen)
        rep.histories += bool(moves)
        rep.repeated += seen
        for d in range(1, depth + 1):
            text, nodes, cycles = compare_one(eng, fen, d, seed)
            rep.searches += 1
            rep.nodes += nodes
            rep.cycles += cycles
            if text is not None:
                rep.first = f"{name}: {text}" if name else text
                return rep
        if progress:
            progress(rep)
    return rep
