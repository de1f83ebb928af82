"""Games in and out of the cartridge: pgn (save -> PGN), save (PGN or FEN -> save),
puzzles (the list of assets/puzzles.txt). The byte layout is docs/save_format.md."""
from __future__ import annotations

import json
from pathlib import Path

import click

from .core import main

MODE_CHOICES = ("red", "black", "2p", "cpu")
#: a PGN or FEN file given to `xq65 save` (a game of 350 plies is a few kilobytes)
SOURCE_CAP = 1 << 20


def _write_out(path: str, data: bytes) -> None:
    """Write `data` to `path` (OSError, a one-line error, when it cannot)."""
    p = Path(path)
    if p.is_dir():
        raise OSError(f"{p} is a directory")
    p.write_bytes(data)


@main.command("pgn")
@click.argument("save", type=click.Path(dir_okay=True))
@click.option("-o", "--output", default=None, metavar="OUT.pgn",
              help="Write the PGN here (default: standard output).")
def pgn_cmd(save: str, output: str | None) -> None:
    """Turn a battery file (.sav, 8,192 bytes) into PGN."""
    from ..gameio.pgn import write_pgn
    from ..gameio.savefile import SRAM_SIZE, read_save
    from ..inputfile import read_bytes

    game = read_save(read_bytes(save, "save", cap=128 * SRAM_SIZE))
    text = write_pgn(game)
    if output is None:
        click.echo(text, nl=False)
    else:
        _write_out(output, text.encode("utf-8"))


def _looks_like_fen(text: str) -> bool:
    first = text.strip().split()
    return bool(first) and first[0].count("/") == 9 and "[" not in text and len(
        text.strip().splitlines()) == 1


def decode_source(data: bytes, name: str) -> str:
    """A PGN / FEN file's text: UTF-8, else GB18030 (GBK), as Chinese xiangqi programs
    save; InputFileError when it is neither."""
    from ..inputfile import InputFileError
    for codec in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(codec)
        except UnicodeDecodeError:
            continue
    raise InputFileError(f"source {name} is neither UTF-8 nor GB18030 (GBK) text")


def load_source(source: str):
    """(fen, moves, pgn result) of SOURCE: a PGN file, a FEN file, a FEN string or
    `start`; an Xq65Error or OSError saying what is wrong."""
    from ..gameio.pgn import read_pgn
    from ..inputfile import read_bytes
    from ..reference.board import START_FEN
    from ..reference.errors import InvalidFenError
    from ..reference.position import Position

    p = Path(source)
    if source.strip().lower() == "start":
        return START_FEN, [], "*"
    if p.exists() or not _looks_like_fen(source):
        text = decode_source(read_bytes(source, "source", cap=SOURCE_CAP), source)
    else:
        text = source
    if _looks_like_fen(text):
        fen = text.strip()
        try:
            Position.from_fen(fen)
        except InvalidFenError as exc:
            raise InvalidFenError(f"bad FEN: {exc}") from None
        return fen, [], "*"
    game = read_pgn(text)
    return game.fen, game.moves, game.result


@main.command("save")
@click.argument("source")
@click.option("-o", "--output", required=True, metavar="OUT.sav",
              help="The battery file to write (8,192 bytes).")
@click.option("--mode", type=click.Choice(MODE_CHOICES), default="red", show_default=True,
              help="red: you play Red against the CPU; black: you play Black; 2p: two "
                   "players; cpu: CPU against CPU.")
@click.option("--level", type=int, default=3, show_default=True, help="The CPU's level.")
def save_cmd(source: str, output: str, mode: str, level: int) -> None:
    """Write a battery file the cartridge CONTINUEs from. SOURCE is a PGN file (ICCS,
    WXF or Chinese moves), a FEN file, a FEN string or `start`."""
    from ..gameio.pgn import ended_early, result_code_for
    from ..gameio.savefile import SaveError, SavedGame, classify_start, write_save
    from ..reference.levels import all_levels
    from ..reference.position import Position
    from .core import UsageProblem

    count = len(all_levels())
    if not 1 <= level <= count:
        raise UsageProblem(f"--level must be 1..{count}, got {level}")
    fen, moves, pgn_result = load_source(source)
    pos = Position.from_fen(fen)
    early = ended_early(fen, moves)
    if early is not None:
        raise SaveError(f"the game ended by the rules after ply {early[0]} ({early[1]}); "
                        f"the {len(moves) - early[0]} moves after it cannot be saved")
    kind, index = classify_start(pos)
    mode_no = MODE_CHOICES.index(mode)
    game = SavedGame(fen=pos.fen(), kind=kind, index=index, mode=mode_no, level=level,
                     flip=1 if mode == "black" else 0, moves=list(moves),
                     result=result_code_for(fen, moves, pgn_result))
    _write_out(output, write_save(game))
    click.echo(f"{output}: {len(moves)} plies from a "
               f"{('standard', 'handicap', 'puzzle', 'set-up')[kind]} start, mode {mode}, "
               f"level {level}")


@main.command("puzzles")
@click.option("--json", "as_json", is_flag=True, help="A JSON list of objects with fen, "
              "goal, solution and source.")
def puzzles_cmd(as_json: bool) -> None:
    """List the endgame puzzles of assets/puzzles.txt (mates first, then endgames)."""
    from ..reference.puzzles import load_puzzles

    from ..reference.assets import AssetError
    from .core import UsageProblem
    try:
        puzzles = load_puzzles()
    except AssetError as exc:
        raise UsageProblem(str(exc)) from None
    if as_json:
        click.echo(json.dumps([p.as_json() for p in puzzles], ensure_ascii=False, indent=1))
        return
    for p in puzzles:
        click.echo(f"{p.number + 1:2d}. {p.goal_text:<10} {p.fen}")
        click.echo(f"    {' '.join(p.solution)}   ({p.source})")
