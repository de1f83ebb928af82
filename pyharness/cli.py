"""The `xq65` command line.

Every command prints what is wrong and exits with status 2 on bad input (a malformed
FEN, an illegal move, a missing ROM or toolchain).
"""
from __future__ import annotations

import sys

import click


class UsageProblem(click.ClickException):
    """A user error: printed as `error: ...` with exit status 2."""

    exit_code = 2

    def show(self, file=None) -> None:  # noqa: D102 - click API
        click.echo(f"error: {self.format_message()}", err=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """xq65: a xiangqi cartridge for the NES, its 6502 engine and the harness around it."""


# --- rules commands (show, moves, perft) -------------------------------------------


# --- build ----------------------------------------------------------------------------


@main.command("build")
@click.option("--force", is_flag=True, help="Rebuild everything, even if up to date.")
def build_cmd(force: bool) -> None:
    """Build build/xiangqi.nes (assets, ca65, ld65) and print the memory summary."""
    from pyharness.build import BuildError, build_rom

    try:
        result = build_rom(force=force, quiet=True)
    except BuildError as e:  # includes ToolchainMissingError
        raise UsageProblem(str(e)) from e
    click.echo(result.summary)



# --- asm engine, bench ----------------------------------------------------------------


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
