"""Rules commands: show, moves, perft (the twin or the asm engine)."""
from __future__ import annotations

import click

from ..engines import ENGINE_NAMES
from .core import asm_engine, main, parse_position


PERFT_MAX_DEPTH = 8


def _rules(engine: str):
    """(moves, perft, divide) of a rules engine: moves(pos) -> [Move] in generation
    order, perft(pos, depth) -> count, divide(pos, depth) -> [(Move, count)]."""
    if engine == "asm":
        return _asm_moves, _asm_perft, _asm_divide
    from pyharness.reference.perft import divide, perft
    return (lambda pos: pos.legal_moves()), perft, divide


@main.command("show")
@click.argument("fen")
@click.option("--letters", is_flag=True, help="FEN letters instead of Chinese pieces.")
def show_cmd(fen: str, letters: bool) -> None:
    """Print the board of FEN (or `start`), side to move and whether it is in check."""
    from pyharness.reference.display import describe

    click.echo(describe(parse_position(fen), letters=letters))


@main.command("moves")
@click.argument("fen")
@click.option("--sort", "sort_moves", is_flag=True, help="Sort the moves alphabetically.")
@click.option("--engine", type=click.Choice(ENGINE_NAMES), default="ref", show_default=True)
def moves_cmd(fen: str, sort_moves: bool, engine: str) -> None:
    """Print the legal moves of FEN (or `start`) in ICCS, generation order, one line."""
    moves, _, _ = _rules(engine)
    texts = [m.iccs() for m in moves(parse_position(fen))]
    click.echo(" ".join(sorted(texts) if sort_moves else texts))


@main.command("perft")
@click.argument("fen")
@click.argument("depth", type=click.IntRange(0, PERFT_MAX_DEPTH))
@click.option("--divide", is_flag=True, help="Also print the count below each move.")
@click.option("--engine", type=click.Choice(ENGINE_NAMES), default="ref", show_default=True)
def perft_cmd(fen: str, depth: int, divide: bool, engine: str) -> None:
    """Count the leaves of the legal move tree; the count is on the last line."""
    pos = parse_position(fen)
    _, perft, divide_fn = _rules(engine)
    if divide and depth >= 1:
        total = 0
        for move, count in divide_fn(pos, depth):
            click.echo(f"{move.iccs()}: {count}")
            total += count
        click.echo(total)
    else:
        click.echo(perft(pos, depth))


def _asm_moves(pos) -> list:
    """Legal moves by the asm engine; prints the generation cycles to stderr."""
    eng = asm_engine()
    eng.load(pos)
    gen = eng.generate()
    click.echo(f"asm: {len(gen.moves)} moves, mg_generate {gen.cycles} cycles", err=True)
    return gen.moves


def _asm_perft(pos, depth: int) -> int:
    """asm perft, both modes: prints cycles and cycles per leaf, returns the count.

    The first figures ("cycles", "cycles per leaf") are eng_perft_full, which makes and
    unmakes every leaf move (the perft-leaf figure of docs/cycle_budget.md); the "bulk" lines are
    eng_perft, which adds the last ply's generated count without make/unmake.
    """
    from ..reference.clock import nes_seconds
    eng = asm_engine()
    eng.load(pos)
    res = eng.perft(depth, full=True)
    bulk = eng.perft(depth)
    if bulk.nodes != res.nodes:
        raise click.ClickException(f"asm perft: full mode counts {res.nodes}, "
                                   f"bulk mode {bulk.nodes}")
    click.echo(f"cycles: {res.cycles} (eng_perft_full: make + unmake at every leaf)")
    click.echo(f"cycles per leaf: {res.cycles_per_leaf:.1f}")
    click.echo(f"NES seconds: {nes_seconds(res.cycles):.2f}")
    click.echo(f"bulk cycles: {bulk.cycles} (eng_perft: last ply counted, no make/unmake)")
    click.echo(f"bulk cycles per leaf: {bulk.cycles_per_leaf:.1f}")
    return res.nodes


def _asm_divide(pos, depth: int) -> list:
    """asm divide: [(Move, count)] in the asm generation order."""
    from pyharness.rom.asm_engine import asm_divide

    return asm_divide(pos, depth, asm_engine())
