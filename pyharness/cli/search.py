"""`xq65 search` and `xq65 diff`: one search, and asm against the twin."""
from __future__ import annotations

import sys

import click

from ..engines import ENGINE_NAMES
from ..limits import DEPTH_MIN, FRAMES_MAX, NODES_MAX, SEED_MAX, level_count
from ..reference.levels import MAX_DEPTH
from .core import UsageProblem, asm_engine, main, parse_position


@main.command("search")
@click.argument("fen")
@click.option("--depth", "-d", type=click.IntRange(DEPTH_MIN, MAX_DEPTH), default=None,
              help=f"fixed depth ({DEPTH_MIN}..{MAX_DEPTH})")
@click.option("--level", "-l", type=click.IntRange(1, level_count()), default=None,
              help=f"level 1..{level_count()} (assets/levels.txt)")
@click.option("--engine", type=click.Choice(ENGINE_NAMES), default="ref", show_default=True)
@click.option("--seed", type=click.IntRange(0, SEED_MAX), default=0, show_default=True,
              help=f"LFSR seed 0..{SEED_MAX}")
@click.option("--nodes", type=click.IntRange(0, NODES_MAX), default=None,
              help="node budget (0: none)")
@click.option("--frames", type=click.IntRange(0, FRAMES_MAX), default=None,
              help="frame budget, 60 per NES second (0: none)")
@click.option("--moves", default="", help="ICCS moves played from FEN first (game record)")
def search_cmd(fen: str, depth, level, engine: str, seed: int, nodes, frames,
               moves: str) -> None:
    """Search FEN ("start" for the start position) and print the best move, score,
    depth, nodes, PV and TT hit rate."""
    import time

    from ..engines import make_engine
    from ..limits import Limits
    from ..reference.notation import chinese
    if (depth is None) == (level is None):
        raise UsageProblem("give exactly one of --depth D or --level L")
    limits = Limits(level=level, depth=depth, nodes=nodes, frames=frames, seed=seed)
    pos = parse_position(fen)
    for text in moves.split():
        pos.push(pos.parse_move(text))
    searcher = make_engine(engine)
    t0 = time.perf_counter()
    result = searcher.think(pos, limits)
    dt = time.perf_counter() - t0
    if result.best_move is None:
        click.echo(f"no legal move: score {result.score} (the side to move has lost)")
        return
    line = pos.copy()
    pv_text = []
    for mv in result.pv:
        pv_text.append(mv.iccs())
        line.push(mv)
    click.echo(f"best:  {result.best_move.iccs()} {chinese(pos, result.best_move)}"
               + ("  (book)" if result.from_book else ""))
    click.echo(f"score: {result.score}")
    click.echo(f"depth: {result.depth}" + ("  (stopped by a limit)" if result.stopped else ""))
    click.echo(f"nodes: {result.nodes}")
    click.echo(f"pv:    {' '.join(pv_text)}")
    tt = f"tt:    {result.tt_hits}/{result.tt_probes} hits ({result.tt_hit_rate:.1%})"
    if searcher.measures_cycles:
        click.echo(tt)
        click.echo(f"cycles: {result.cycles:,} = {result.nes_seconds:.3f} NES s"
                   + (f", {result.cycles_per_node:,.0f} cycles/node" if result.nodes else ""))
        return
    click.echo(f"{tt}, {result.tt_cutoffs} cutoffs")
    per = f", {dt / result.nodes * 1e6:.0f} us/node" if result.nodes else ""
    click.echo(f"time:  {dt:.2f} s (Python){per}")
    if frames or level:
        click.echo("note:  ref measures frame caps on a model clock "
                   "(levels.NODE_CYCLES_ESTIMATE cycles a node)")


def _suite_option(ctx, param, text: str | None):
    """--suite: the chosen bench-suite positions as (name, FEN) pairs; None when absent."""
    if text is None:
        return None
    from ..bench.suite import choose_positions, load_suite
    try:
        return [(p.name, p.fen) for p in choose_positions(load_suite(), text)]
    except ValueError as e:             # also SuiteError: a malformed suite file
        raise click.BadParameter(str(e), ctx, param) from e


@main.command("diff")
@click.option("--positions", "-n", type=click.IntRange(1, 100_000), default=None,
              help="positions (the start position, then seeded random ones with drawn "
                   "half-move counters and game histories)  [default: 30]")
@click.option("--suite", "named", metavar="all|open|mid|end|NAME,..", default=None,
              callback=_suite_option,
              help="compare on bench-suite positions (assets/bench_suite.txt) instead: "
                   "all, a phase or names (mid-01,mid-05), comma-separated; random "
                   "positions are too lopsided to show a change of the evaluation")
@click.option("--depth", "-d", type=click.IntRange(DEPTH_MIN, MAX_DEPTH), default=3,
              show_default=True, help="every depth 1..D is compared")
@click.option("--seed", type=click.IntRange(0, SEED_MAX), default=1, show_default=True,
              help="random_positions seed (also the LFSR seed)")
def diff_cmd(positions: int | None, named, depth: int, seed: int) -> None:
    """asm search == Python twin, node by node: prints the first position, node and
    field where they part; exit status 1 on a difference."""
    from ..bench.suite import name_ranges
    from ..diff import run_diff

    if named is not None and positions is not None:
        raise click.UsageError("give --positions or --suite, not both")
    positions = positions or 30
    total = len(named) if named is not None else positions

    def progress(rep):
        click.echo(f"  {rep.positions}/{total} positions, {rep.nodes:,} nodes equal",
                   err=True)
    rep = run_diff(positions, depth, seed, engine=asm_engine(), progress=progress,
                   named=named)
    if not rep.equal:
        click.echo(f"DIFFERENT after {rep.searches} searches:\n{rep.first}")
        sys.exit(1)
    cpn = rep.cycles / rep.nodes if rep.nodes else 0
    which = f" ({name_ranges(rep.names)})" if rep.names else ""
    line = (f"equal: {rep.positions} positions{which} x depths 1-{depth}, {rep.searches} "
            f"searches, {rep.nodes:,} nodes (asm {cpn:,.0f} cycles/node)")
    if named is None:
        line += (f"; counters {min(rep.counters)}-{max(rep.counters)} "
                 f"({sum(c >= 100 for c in rep.counters)} >= 100), {rep.histories} "
                 f"with a game history, {rep.repeated} repeating a position")
    click.echo(line)
