"""`xq65 uci`: the engine over UCI or UCCI on standard input and output (docs/uci.md)."""
from __future__ import annotations

import sys

import click

from ..engines import ENGINE_NAMES
from ..limits import level_count
from .core import main


@main.command("uci")
@click.option("--engine", type=click.Choice(ENGINE_NAMES), default="asm", show_default=True,
              help="asm: the ROM's search under py65; ref: its Python twin")
@click.option("--level", "-l", type=click.IntRange(0, level_count()), default=0,
              show_default=True,
              help=f"the Level option's start value (1..{level_count()}: play the "
                   "cartridge's level; 0: go's own limits)")
def uci_cmd(engine: str, level: int) -> None:
    """Speak UCI or UCCI on stdin/stdout (the first command, uci or ucci, picks the
    dialect). Input lines over 64 KiB are dropped with an info string; at the end of
    the input a running search finishes (an infinite one is stopped) and says its
    bestmove. docs/uci.md."""
    from ..protocol.lines import LineReader, TooLong
    from ..protocol.session import Session

    out = sys.stdout

    def write(line: str) -> None:
        try:
            out.write(line + "\n")
            out.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass                          # the GUI is gone: the next read ends the loop

    session = Session(write, engine=engine, level=level)
    reader = LineReader(sys.stdin.buffer)
    try:
        while True:
            line = reader.next_line()
            if line is None:
                session.end_of_input()
                break
            if isinstance(line, TooLong):
                session.say(f"info string line of {line.size:,} bytes ignored "
                            f"(lines are read up to {reader.cap:,} bytes)")
                continue
            if not session.handle(line):
                break
    except KeyboardInterrupt:
        pass
    finally:
        session.close()
        session.shut()
        try:
            out.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass
