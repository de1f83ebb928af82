"""`xq65 bench`: the level bench and the move-generator bench."""
from __future__ import annotations

import click

from ..engines import ENGINE_NAMES
from .core import UsageProblem, asm_engine, main


def _bench_level_options(f):
    """The options of the search/level bench (bare `xq65 bench` and `bench levels`)."""
    opts = [
        click.option("--levels", "levels_text", default=None, metavar="1,2,..",
                     help="Levels to run (default: all)."),
        click.option("--positions", "n_positions", type=click.IntRange(1, 10_000), default=None,
                     help="Run the first N suite positions (phases in turn).  "
                          "[default: 6, the quick run]"),
        click.option("--quick/--full", default=True, show_default=True,
                     help="Quick: 6 positions (2 per phase); full: all 30."),
        click.option("--jobs", "-j", type=click.IntRange(0, 256), default=1, show_default=True,
                     help="Worker processes (0 = all cores)."),
        click.option("--engine", type=click.Choice(ENGINE_NAMES), default="asm",
                     show_default=True,
                     help="asm: the ROM's search under py65 (cycles measured); ref: the "
                          "Python twin (its cycles are a model, and the report says so)."),
        click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table."),
        click.option("--plot", "plot_file", type=click.Path(), default=None,
                     help="Also draw NES seconds per level into this PNG."),
        click.option("--out", "out_file", type=click.Path(), default=None,
                     help="Also write the JSON into this file."),
        click.option("--from", "from_file", type=click.Path(dir_okay=False), default=None,
                     help="Run nothing: reprint (and --plot) a JSON saved by --out/--json."),
        click.option("--suite", "suite_file", type=click.Path(dir_okay=False), default=None,
                     help="Position suite (default assets/bench_suite.txt)."),
        click.option("--quiet", "-q", is_flag=True, help="No progress on stderr."),
    ]
    for o in reversed(opts):
        f = o(f)
    return f


def _show_saved_bench(path: str, as_json: bool, plot_file: str | None) -> None:
    """`xq65 bench --from FILE`: the table (or JSON) and plot of a saved run."""
    import json

    from pyharness.bench.saved import SavedBenchError, parse_saved
    from pyharness.bench.search import SearchBench
    from pyharness.inputfile import read_text
    text = read_text(path, "saved bench")
    try:
        result = SearchBench.from_dict(parse_saved(text))
    except (SavedBenchError, ValueError) as e:
        raise UsageProblem(f"{path}: {e}") from e
    if plot_file:
        from pyharness.bench.plot import plot_levels
        plot_levels(result, plot_file)
    if as_json:
        click.echo(json.dumps(result.as_dict(), indent=1, ensure_ascii=False))
    else:
        click.echo(result.table())


@main.group("bench", invoke_without_command=True)
@_bench_level_options
@click.pass_context
def bench_group(ctx, **options) -> None:
    """Cycle benchmarks of the ROM's engine under py65.

    Alone, `xq65 bench [OPTIONS]` runs every level on the bench suite (the same as
    `xq65 bench levels`); `xq65 bench movegen` measures the move generator.
    """
    if ctx.invoked_subcommand is None:
        _run_level_bench(**options)


@bench_group.command("levels")
@_bench_level_options
def bench_levels_cmd(**options) -> None:
    """Every level on the bench suite: depth, nodes, cycles, NES seconds, cap cuts."""
    _run_level_bench(**options)


def _run_level_bench(levels_text, n_positions, quick, jobs, engine, as_json, plot_file,
                     out_file, from_file, suite_file, quiet) -> None:
    """Shared body of `xq65 bench` and `xq65 bench levels`."""
    import json
    import os

    from pyharness.inputfile import check_output
    if plot_file:
        check_output(plot_file, "plot", ".png")      # before the run: one line, no hang
    if out_file:
        check_output(out_file, "output file")
    if from_file is not None:
        _show_saved_bench(from_file, as_json, plot_file)
        return

    from pyharness.bench.search import (QUICK_POSITIONS, SuiteError, estimate_seconds,
                                        load_suite, parse_levels, run_bench,
                                        select_positions)
    try:
        levels = parse_levels(levels_text)
        suite = load_suite(suite_file)
    except (ValueError, SuiteError) as e:
        raise UsageProblem(str(e)) from e
    if engine == "asm":
        asm_engine()           # the ROM builds and loads, or one error line
    count = n_positions if n_positions is not None else (QUICK_POSITIONS if quick else None)
    positions = select_positions(suite, count)
    workers = max(1, min(jobs or os.cpu_count() or 1, len(levels) * len(positions)))
    progress = None
    if not quiet:
        est = estimate_seconds(levels, len(positions), engine) / workers
        click.echo(f"bench: {engine}, levels {','.join(map(str, levels))}, "
                   f"{len(positions)} positions, {workers} job(s); at most ~{est:.0f} s "
                   f"(every search to its cap)", err=True)

        def progress(run, done, total):
            click.echo(f"  [{done:>3}/{total}] L{run.level} {run.position:<8} depth "
                       f"{run.depth} nodes {run.nodes:>6} {run.nes_seconds:7.3f} NES s"
                       f"{'  cut' if run.stopped else ''}  ({run.wall_seconds:.1f} s)",
                       err=True)
    result = run_bench(levels, positions, engine=engine, jobs=workers, progress=progress)
    if plot_file:
        from pyharness.bench.plot import plot_levels
        plot_levels(result, plot_file)
        if not quiet:
            click.echo(f"plot: {plot_file}", err=True)
    if out_file:
        from pyharness.inputfile import open_output
        with open_output(out_file, "output file") as fh:
            json.dump(result.as_dict(), fh, indent=1, ensure_ascii=False)
    if as_json:
        click.echo(json.dumps(result.as_dict(), indent=1, ensure_ascii=False))
    else:
        click.echo(result.table())


@bench_group.command("movegen")
@click.option("--depth", type=click.IntRange(0, 4), default=3, show_default=True,
              help="Perft depth per public position (cycles per leaf).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--data", "data_file", type=click.Path(dir_okay=False),
              help="Perft file (default tests/data/perft_public.txt).")
@click.option("--profile", is_flag=True,
              help="Also profile the perft run (eng_perft_full): own cycles per routine.")
@click.option("--bulk", "profile_bulk", is_flag=True,
              help="With --profile: profile eng_perft (bulk counting) instead.")
def bench_movegen_cmd(depth: int = 3, as_json: bool = False, data_file: str | None = None,
                      profile: bool = False, profile_bulk: bool = False) -> None:
    """Cycles of mg_generate (per position, per move) and perft cycles per leaf.

    Perft runs twice per position: full (eng_perft_full, make + unmake at every leaf:
    the perft-leaf figure of docs/cycle_budget.md) and bulk (eng_perft, the last ply counted).
    """
    import json

    from pyharness.bench.movegen import PerftMismatchError, bench_movegen
    from pyharness.inputfile import TEXT_CAP, check_regular
    from pyharness.reference.errors import InvalidFenError
    from pyharness.reference.perft import read_perft_file

    import sys

    from pyharness.reference.position import Position
    cases = None
    if data_file is not None:
        check_regular(data_file, "perft file", TEXT_CAP)
        try:
            cases = read_perft_file(data_file)
            if not cases:
                raise ValueError(f"{data_file}: no perft case (want `id`, `fen` and "
                                 f"`perft DEPTH COUNT` lines)")
            for case in cases:                # every FEN before the first run
                Position.from_fen(case.fen)
        except InvalidFenError as e:
            raise UsageProblem(f"{data_file}: case {case.id}: bad FEN: {e}") from e
        except ValueError as e:
            raise UsageProblem(str(e)) from e
    engine = asm_engine()
    # progress on a terminal only: piped, the output is the table or one error line
    show = not as_json and sys.stderr.isatty()
    try:
        result = bench_movegen(depth, cases, engine,
                               progress=(lambda name: click.echo(f"  {name} ...", err=True))
                               if show else None)
    except (PerftMismatchError, InvalidFenError) as e:
        raise UsageProblem(str(e)) from e
    costs = None
    if profile:
        from pyharness.bench.movegen import profile_perft
        total, leaves, costs = profile_perft(depth, cases, engine, full=not profile_bulk)
    if as_json:
        out = result.as_dict()
        if costs is not None:
            out["profile_mode"] = "bulk" if profile_bulk else "full"
            out["profile"] = [{"routine": c.name, "cycles": c.cycles, "share": round(c.share, 4),
                               "entries": c.calls} for c in costs]
        click.echo(json.dumps(out, indent=1))
        return
    click.echo(result.table())
    if costs is not None:
        mode = "eng_perft, bulk" if profile_bulk else "eng_perft_full"
        click.echo(f"\nown cycles per routine, perft {depth} ({mode}) over all positions "
                   f"({total} cycles, {leaves} leaves):")
        for c in costs:
            click.echo(f"  {c.name:<16} {c.cycles:>11} {100 * c.share:5.1f}%  "
                       f"{c.cycles / leaves if leaves else 0:6.1f}/leaf  entries {c.calls}")


@bench_group.command("node")
@click.option("--depth", type=click.IntRange(1, 5), default=3, show_default=True,
              help="Fixed search depth (no frame cap: the twin's nodes).")
@click.option("--positions", "names", default=None, metavar="NAME,..",
              help="Bench-suite positions (default: mid-01,mid-02,mid-03,mid-04).")
@click.option("--top", type=click.IntRange(1, 500), default=30, show_default=True,
              help="Routines listed.")
def bench_node_cmd(depth: int = 3, names: str | None = None, top: int = 30) -> None:
    """Where a search node's cycles go: own cycles per routine, per node.

    srch_think to a fixed depth on suite positions under py65, profiled by PC and
    summed per routine and per group (the table of docs/cycle_budget.md).
    """
    from pyharness.bench.node import ProfileError, pick_positions, profile_node

    try:
        positions = pick_positions([n.strip() for n in names.split(",")] if names else None)
    except ProfileError as e:
        raise UsageProblem(str(e)) from e
    click.echo(profile_node(depth, positions, asm_engine()).table(top))
