"""The `xq65` group: one `error:` line for bad input, --rom/--labels, and the
helpers every command group shares (positions, the ROM, the asm engine)."""
from __future__ import annotations

import os
import sys

import click

from ..errors import Xq65Error


class UsageProblem(click.ClickException, Xq65Error):
    """A user error: printed as `error: ...` with exit status 2."""

    exit_code = 2

    def show(self, file=None) -> None:  # noqa: D102 - click API
        click.echo(f"error: {self.format_message()}", err=True)


def _input_errors() -> tuple[type[BaseException], ...]:
    """The exceptions that mean bad input (not a bug): each becomes one `error:` line."""
    from ..rom.build import BuildError
    from ..errors import EngineUnavailableError
    from ..gameio.pgn import PgnError
    from ..gameio.savefile import SaveError
    from ..reference.errors import IllegalMoveError, InvalidFenError
    from ..reference.search import SearchInputError
    from ..rom.sim import SimError
    from ..rom.symbols import SymbolError
    return (InvalidFenError, IllegalMoveError, SearchInputError, BuildError, SimError,
            SymbolError, EngineUnavailableError, SaveError, PgnError, OSError)


def _one_line(text: str) -> str:
    return " ".join(text.split()) or "unknown error"


#: click >= 8.2 raises this for a group called without a command (older ones print help)
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class Xq65Group(click.Group):
    """The `xq65` group: bad input of any command ends in one `error:` line, status 2."""

    def invoke(self, ctx: click.Context):
        """Run the command; turn the input errors of `_input_errors` into UsageProblem."""
        try:
            return super().invoke(ctx)
        except click.ClickException:
            raise
        except _input_errors() as exc:
            raise UsageProblem(str(exc)) from exc

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        """click's main, but usage errors print as one line `error: ...` (status 2)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except _NO_ARGS_IS_HELP as exc:       # bare `xq65`: the help, as click prints it
            click.echo(exc.format_message())
            sys.exit(0)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "xq65"
            click.echo(f"error: {where}: {_one_line(exc.format_message())} "
                       f"(see {where} --help)", err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            if isinstance(exc, UsageProblem):
                exc.show()
            else:
                click.echo(f"error: {_one_line(exc.format_message())}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("error: aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def _set_env(ctx: click.Context, name: str, value: str | None) -> None:
    """Set an environment variable for this command only (workers inherit it)."""
    if value is None:
        return
    old = os.environ.get(name)
    os.environ[name] = value

    def restore() -> None:
        if old is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = old
    ctx.call_on_close(restore)


@click.group(cls=Xq65Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--rom", type=click.Path(), default=None, metavar="FILE.nes",
              help="Run this iNES file (as it is: not rebuilt) instead of build/xiangqi.nes.")
@click.option("--labels", type=click.Path(), default=None, metavar="FILE",
              help="With --rom: its ld65 label file (default: beside the ROM, .labels).")
@click.pass_context
def main(ctx: click.Context, rom: str | None, labels: str | None) -> None:
    """xq65: a xiangqi cartridge for the NES, its 6502 engine and the harness around it."""
    from .. import tune_gc
    from ..rom.sim import LABELS_ENV, ROM_ENV
    tune_gc()
    if labels is not None and rom is None:
        raise UsageProblem("--labels needs --rom")
    _set_env(ctx, ROM_ENV, rom)
    _set_env(ctx, LABELS_ENV, labels)


def parse_position(text: str):
    """FEN text (or the word `start`) -> reference Position; UsageProblem when bad."""
    from pyharness.reference.board import START_FEN
    from pyharness.reference.errors import InvalidFenError
    from pyharness.reference.position import Position

    fen = START_FEN if text.strip().lower() == "start" else text
    try:
        return Position.from_fen(fen)
    except InvalidFenError as exc:
        raise UsageProblem(f"bad FEN: {exc}") from None


def ensure_rom() -> None:
    """Build the standard ROM if it is out of date (not a --rom ROM, used as it is);
    a missing toolchain or a failed build is one error line (BuildError)."""
    from ..rom.build import build_rom
    from ..rom.sim import rom_selected
    if rom_selected() is None:
        build_rom(quiet=True)


def asm_engine():
    """An AsmEngine on the ROM through the guarded builder (engines.open_asm_engine)."""
    from ..engines import open_asm_engine
    return open_asm_engine()
