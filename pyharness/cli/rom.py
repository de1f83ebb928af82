"""ROM commands: build, screenshot, play."""
from __future__ import annotations

import click

from .core import UsageProblem, ensure_rom, main


@main.command("build")
@click.option("--force", is_flag=True, help="Rebuild everything, even if up to date.")
def build_cmd(force: bool) -> None:
    """Build build/xiangqi.nes (assets, ca65, ld65) and print the memory summary."""
    from pyharness.rom.build import BuildError, build_rom

    try:
        result = build_rom(force=force, quiet=True)
    except BuildError as e:  # includes ToolchainMissingError
        raise UsageProblem(str(e)) from e
    click.echo(result.summary)


@main.command("screenshot")
@click.argument("out", type=click.Path(), default="build/screens/title.png")
@click.option("--frames", type=click.IntRange(1, 36_000), default=120, show_default=True,
              help="Frames to run after power-on before the picture (at most 10 NES minutes).")
@click.option("--press", "presses", multiple=True, metavar="BUTTONS",
              help="Then press buttons (e.g. start, a+b) for one frame, 10 frames apart; repeatable.")
@click.option("--scale", type=click.IntRange(1, 8), default=1, show_default=True)
def screenshot_cmd(out: str, frames: int, presses: tuple[str, ...], scale: int) -> None:
    """Run the built ROM (or --rom) headless in cynes and save a frame as PNG.

    The ROM must be an iNES image whose vectors point into its PRG-ROM, and, when its
    label file is beside it, whose NMI has counted frames (frame_count) by then.
    """
    from pathlib import Path

    from pyharness.inputfile import check_output
    from pyharness.rom.emu import Emulator, UnknownButtonError, button_mask
    if Path(out).suffix.lower() != ".png":
        raise UsageProblem(f"{out}: the screenshot is a PNG; name it *.png")
    for buttons in presses:
        try:
            button_mask(buttons)
        except UnknownButtonError as e:
            raise UsageProblem(str(e)) from e
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    check_output(out, "screenshot", ".png")       # a FIFO or a directory: one line
    ensure_rom()
    emu = Emulator()
    emu.check_runs(frames)
    for buttons in presses:
        emu.press(buttons)
        emu.step(10)
    if emu.crashed:
        raise UsageProblem("the CPU crashed (invalid opcode) before the screenshot")
    click.echo(emu.save_png(out, scale=scale))


@main.command("play")
def play_cmd() -> None:
    """Open build/xiangqi.nes (or --rom) in an emulator window (or say how to play it
    elsewhere)."""
    from pyharness.rom.play import PlayError, play
    from pyharness.rom.sim import default_paths

    ensure_rom()
    try:
        text = play(default_paths()[0])
    except PlayError as e:
        raise UsageProblem(str(e)) from e
    if text:
        click.echo(text)
