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

RULE_ENGINES = ("ref", "asm")  # "asm": the ROM's engine under py65 (section "asm engine")
PERFT_MAX_DEPTH = 8


def _parse_position(text: str):
    """FEN text (or the word `start`) -> reference Position; UsageProblem when bad."""
    from pyharness.reference.board import START_FEN
    from pyharness.reference.errors import InvalidFenError
    from pyharness.reference.position import Position

    fen = START_FEN if text.strip().lower() == "start" else text
    try:
        return Position.from_fen(fen)
    except InvalidFenError as exc:
        raise UsageProblem(f"bad FEN: {exc}") from None


def _parse_depth(text: str) -> int:
    """Perft depth text -> int in 0..PERFT_MAX_DEPTH; UsageProblem when bad."""
    try:
        depth = int(text)
    except ValueError:
        raise UsageProblem(f"bad depth {text!r}: want a whole number") from None
    if not 0 <= depth <= PERFT_MAX_DEPTH:
        raise UsageProblem(f"bad depth {depth}: want 0..{PERFT_MAX_DEPTH}")
    return depth


def _engine_moves(engine: str, pos) -> list:
    """Legal moves of `pos` (list of reference Move) in generation order, by `engine`."""
    if engine == "ref":
        return pos.legal_moves()
    if engine == "asm":
        return _asm_moves(pos)
    raise UsageProblem(f"unknown engine {engine!r}")


def _engine_perft(engine: str, pos, depth: int) -> int:
    """Perft count of `pos` to `depth` by `engine`."""
    if engine == "ref":
        from pyharness.reference.perft import perft

        return perft(pos, depth)
    if engine == "asm":
        return _asm_perft(pos, depth)
    raise UsageProblem(f"unknown engine {engine!r}")


def _engine_divide(engine: str, pos, depth: int) -> list:
    """[(Move, count)] per legal move of `pos`, generation order, by `engine`."""
    if engine == "ref":
        from pyharness.reference.perft import divide

        return divide(pos, depth)
    if engine == "asm":
        return _asm_divide(pos, depth)
    raise UsageProblem(f"unknown engine {engine!r}")


@main.command("show")
@click.argument("fen")
@click.option("--letters", is_flag=True, help="FEN letters instead of Chinese pieces.")
def show_cmd(fen: str, letters: bool) -> None:
    """Print the board of FEN (or `start`), side to move and whether it is in check."""
    from pyharness.reference.display import describe

    click.echo(describe(_parse_position(fen), letters=letters))


@main.command("moves")
@click.argument("fen")
@click.option("--sort", "sort_moves", is_flag=True, help="Sort the moves alphabetically.")
@click.option("--engine", type=click.Choice(RULE_ENGINES), default="ref", show_default=True)
def moves_cmd(fen: str, sort_moves: bool, engine: str) -> None:
    """Print the legal moves of FEN (or `start`) in ICCS, generation order, one line."""
    texts = [m.iccs() for m in _engine_moves(engine, _parse_position(fen))]
    click.echo(" ".join(sorted(texts) if sort_moves else texts))


@main.command("perft")
@click.argument("fen")
@click.argument("depth")
@click.option("--divide", is_flag=True, help="Also print the count below each move.")
@click.option("--engine", type=click.Choice(RULE_ENGINES), default="ref", show_default=True)
def perft_cmd(fen: str, depth: str, divide: bool, engine: str) -> None:
    """Count the leaves of the legal move tree; the count is on the last line."""
    pos = _parse_position(fen)
    plies = _parse_depth(depth)
    if divide and plies >= 1:
        total = 0
        for move, count in _engine_divide(engine, pos, plies):
            click.echo(f"{move.iccs()}: {count}")
            total += count
        click.echo(total)
    else:
        click.echo(_engine_perft(engine, pos, plies))



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


@main.command("screenshot")
@click.argument("out", type=click.Path(dir_okay=False), default="build/screens/title.png")
@click.option("--frames", type=click.IntRange(min=1), default=120, show_default=True,
              help="Frames to run after power-on before the picture is taken.")
@click.option("--press", "presses", multiple=True, metavar="BUTTONS",
              help="Then press buttons (e.g. start, a+b) for one frame, 10 frames apart; repeatable.")
@click.option("--scale", type=click.IntRange(1, 8), default=1, show_default=True)
def screenshot_cmd(out: str, frames: int, presses: tuple[str, ...], scale: int) -> None:
    """Run the built ROM headless in cynes and save a frame as PNG."""
    from pyharness.emu import Emulator, RomMissingError, UnknownButtonError

    try:
        emu = Emulator()
        emu.step(frames)
        for buttons in presses:
            emu.press(buttons)
            emu.step(10)
    except (RomMissingError, UnknownButtonError) as e:
        raise UsageProblem(str(e)) from e
    if emu.crashed:
        raise UsageProblem("the CPU crashed (invalid opcode) before the screenshot")
    click.echo(emu.save_png(out, scale=scale))



# --- play -----------------------------------------------------------------------------


@main.command("play")
def play_cmd() -> None:
    """Open build/xiangqi.nes in an emulator window (or say how to play it elsewhere)."""
    from pyharness.play import PlayError, play

    try:
        text = play()
    except PlayError as e:
        raise UsageProblem(str(e)) from e
    if text:
        click.echo(text)


# --- asm engine, bench ----------------------------------------------------------------


def _asm_engine():
    """An AsmEngine on the built ROM (building it if needed); UsageProblem on failure."""
    from pyharness.asm_engine import AsmEngine
    from pyharness.build import BuildError
    from pyharness.sim import SimError

    try:
        return AsmEngine()
    except (BuildError, SimError) as e:
        raise UsageProblem(str(e)) from e


def _asm_moves(pos) -> list:
    """Legal moves by the asm engine; prints the generation cycles to stderr."""
    eng = _asm_engine()
    eng.load(pos)
    gen = eng.generate()
    click.echo(f"asm: {len(gen.moves)} moves, mg_generate {gen.cycles} cycles", err=True)
    return gen.moves


def _asm_perft(pos, depth: int) -> int:
    """asm perft, both modes: prints cycles and cycles per leaf, returns the count.

    The first figures ("cycles", "cycles per leaf") are eng_perft_full, which makes and
    unmakes every leaf move (the issue's perft-leaf figure); the "bulk" lines are
    eng_perft, which adds the last ply's generated count without make/unmake.
    """
    eng = _asm_engine()
    eng.load(pos)
    res = eng.perft(depth, full=True)
    bulk = eng.perft(depth)
    if bulk.nodes != res.nodes:
        raise click.ClickException(f"asm perft: full mode counts {res.nodes}, "
                                   f"bulk mode {bulk.nodes}")
    click.echo(f"cycles: {res.cycles} (eng_perft_full: make + unmake at every leaf)")
    click.echo(f"cycles per leaf: {res.cycles_per_leaf:.1f}")
    click.echo(f"NES seconds: {res.cycles / 1_789_773:.2f}")
    click.echo(f"bulk cycles: {bulk.cycles} (eng_perft: last ply counted, no make/unmake)")
    click.echo(f"bulk cycles per leaf: {bulk.cycles_per_leaf:.1f}")
    return res.nodes


def _asm_divide(pos, depth: int) -> list:
    """asm divide: [(Move, count)] in the asm generation order."""
    from pyharness.asm_engine import asm_divide

    return asm_divide(pos, depth, _asm_engine())


def _bench_level_options(f):
    """The options of the search/level bench (bare `xq65 bench` and `bench levels`)."""
    opts = [
        click.option("--levels", "levels_text", default=None, metavar="1,2,..",
                     help="Levels to run (default: all)."),
        click.option("--positions", "n_positions", type=click.IntRange(min=1), default=None,
                     help="Run the first N suite positions (phases in turn).  "
                          "[default: 6, the quick run]"),
        click.option("--quick/--full", default=True, show_default=True,
                     help="Quick: 6 positions (2 per phase); full: all 30."),
        click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
                     help="Worker processes (0 = all cores)."),
        click.option("--engine", type=click.Choice(["auto", "asm", "ref"]), default="auto",
                     show_default=True,
                     help="auto: the asm search when the ROM has it, else the Python twin "
                          "(its cycles are a model, and the report says so)."),
        click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table."),
        click.option("--plot", "plot_file", type=click.Path(dir_okay=False), default=None,
                     help="Also draw NES seconds per level into this PNG."),
        click.option("--out", "out_file", type=click.Path(dir_okay=False), default=None,
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

    from pyharness.bench_search import SearchBench
    try:
        with open(path, encoding="utf-8") as fh:
            result = SearchBench.from_dict(json.load(fh))
    except OSError as e:
        raise UsageProblem(f"cannot read {path}: {e.strerror or e}") from e
    except ValueError as e:
        raise UsageProblem(f"{path}: {e}") from e
    if plot_file:
        from pyharness.plot import plot_levels
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

    if from_file is not None:
        _show_saved_bench(from_file, as_json, plot_file)
        return

    from pyharness.bench_search import (QUICK_POSITIONS, BenchEngineError, SuiteError,
                                        estimate_seconds, load_suite, parse_levels,
                                        resolve_engine, run_bench, select_positions)
    try:
        levels = parse_levels(levels_text)
        suite = load_suite(suite_file)
        kind, note = resolve_engine(engine)
    except (ValueError, SuiteError) as e:
        raise UsageProblem(str(e)) from e
    except BenchEngineError as e:
        raise UsageProblem(f"--engine asm: {e}") from e
    count = n_positions if n_positions is not None else (QUICK_POSITIONS if quick else None)
    positions = select_positions(suite, count)
    workers = max(1, min(jobs or os.cpu_count() or 1, len(levels) * len(positions)))
    progress = None
    if not quiet:
        if note:
            click.echo(f"note: {note}", err=True)
        est = estimate_seconds(levels, len(positions), kind) / workers
        click.echo(f"bench: {kind}, levels {','.join(map(str, levels))}, "
                   f"{len(positions)} positions, {workers} job(s); at most ~{est:.0f} s "
                   f"(every search to its cap)", err=True)

        def progress(run, done, total):
            click.echo(f"  [{done:>3}/{total}] L{run.level} {run.position:<8} depth "
                       f"{run.depth} nodes {run.nodes:>6} {run.nes_seconds:7.3f} NES s"
                       f"{'  cut' if run.stopped else ''}  ({run.wall_seconds:.1f} s)",
                       err=True)
    try:
        result = run_bench(levels, positions, engine=kind, jobs=workers, progress=progress)
    except BenchEngineError as e:
        raise UsageProblem(str(e)) from e
    if note:
        result.note = note
    if plot_file:
        from pyharness.plot import plot_levels
        plot_levels(result, plot_file)
        if not quiet:
            click.echo(f"plot: {plot_file}", err=True)
    if out_file:
        with open(out_file, "w", encoding="utf-8") as fh:
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
    the issue's perft-leaf figure) and bulk (eng_perft, the last ply counted).
    """
    import json
    from pathlib import Path

    from pyharness.bench import PerftMismatchError, bench_movegen
    from pyharness.reference.errors import InvalidFenError
    from pyharness.reference.perft import read_perft_file

    cases = None
    if data_file is not None:
        if not Path(data_file).is_file():
            raise UsageProblem(f"perft file {data_file} not found")
        try:
            cases = read_perft_file(data_file)
        except ValueError as e:
            raise UsageProblem(str(e)) from e
    try:
        result = bench_movegen(depth, cases, _asm_engine(),
                               progress=None if as_json else
                               (lambda name: click.echo(f"  {name} ...", err=True)))
    except (PerftMismatchError, InvalidFenError) as e:
        raise UsageProblem(str(e)) from e
    costs = None
    if profile:
        from pyharness.bench import profile_perft
        total, leaves, costs = profile_perft(depth, cases, _asm_engine(),
                                             full=not profile_bulk)
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



# --- match ----------------------------------------------------------------------------


@main.command("match")
@click.argument("engine_a", metavar="A")
@click.argument("engine_b", metavar="B")
@click.option("--games", "-n", default=20, show_default=True, type=int,
              help="Games to play (openings in pairs, colours swapped).")
@click.option("--jobs", "-j", default=1, show_default=True, type=int,
              help="Worker processes; 0 = all cores.")
@click.option("--seed", default=0, show_default=True, type=int,
              help="Varies the opening order and the ref/asm search seeds.")
@click.option("--openings", type=click.Path(dir_okay=False),
              help="Openings file (one FEN per line); default assets/match_openings.txt.")
@click.option("--max-plies", default=300, show_default=True, type=int,
              help="Plies after which a game is a draw ('max plies').")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--log", "log_file", type=click.Path(dir_okay=False, writable=True),
              help="Write every game as PGN-like text to this file.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def match_cmd(engine_a: str, engine_b: str, games: int, jobs: int, seed: int,
              openings: str | None, max_plies: int, as_json: bool, log_file: str | None,
              quiet: bool) -> None:
    """Play engines A and B against each other; print W/D/L and the Elo difference.

    Engine specs: fsf:depth=3, fsf:nodes=2000, naive:depth=3, random:seed=1, ref:L4,
    ref:depth=3, asm:L4 (the ROM's engine under py65: slow, ~1.7 M cycles/s).
    """
    import json

    from .match import (EngineFailure, MatchError, check_spec, load_openings, parse_spec,
                        resolve_jobs, run_match)
    from .matchlog import match_pgn, summary_lines

    try:
        spec_a, spec_b = parse_spec(engine_a), parse_spec(engine_b)
        if games < 1:
            raise MatchError(f"--games must be at least 1, got {games}")
        if max_plies < 1:
            raise MatchError(f"--max-plies must be at least 1, got {max_plies}")
        workers = resolve_jobs(jobs, games)
        check_spec(spec_a)
        check_spec(spec_b)
        opening_list = load_openings(openings)
    except MatchError as exc:
        raise UsageProblem(str(exc)) from exc
    bar = None
    if not quiet:
        bar = click.progressbar(length=games, file=sys.stderr, show_pos=True, show_eta=True,
                                label=f"{spec_a} vs {spec_b}")
        bar.__enter__()
    score = [0.0, 0]

    def on_game(record) -> None:
        score[0] += record.a_score
        score[1] += 1
        if bar is not None:
            bar.label = f"{spec_a} vs {spec_b}  A {score[0]:g}/{score[1]}"
            bar.update(1)

    try:
        result = run_match(spec_a, spec_b, games, openings=opening_list, seed=seed,
                           jobs=workers, max_plies=max_plies, on_game=on_game)
    except EngineFailure as exc:  # an engine bug, not bad input: exit status 1
        raise click.ClickException(f"engine failure: {exc}") from exc
    except MatchError as exc:
        raise UsageProblem(str(exc)) from exc
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    if log_file:
        with open(log_file, "w", encoding="utf-8") as out:
            out.write(match_pgn(result.records))
    if as_json:
        click.echo(json.dumps(result.as_dict(), indent=1))
    else:
        for line in summary_lines(result):
            click.echo(line)


# --- search ---------------------------------------------------------------------------


def _search_ref(pos, *, depth, level, seed, nodes, frames):
    """Run the Python twin; return its SearchResult and extra report lines."""
    import time

    from .reference.search import think
    t0 = time.perf_counter()
    result = think(pos, level=level, depth=depth, seed=seed, nodes=nodes, frames=frames)
    dt = time.perf_counter() - t0
    per = f", {dt / result.nodes * 1e6:.0f} us/node" if result.nodes else ""
    lines = [f"time:  {dt:.2f} s (Python){per}"]
    if frames or level:
        lines.append("note:  ref measures frame caps on a model clock "
                     "(levels.NODE_CYCLES_ESTIMATE cycles a node)")
    return result, lines


def _search_asm(pos, *, depth, level, seed, nodes, frames):
    """Run srch_think of the ROM under py65; its result and the cycle lines."""
    from .asm_engine import AsmEngine
    eng = AsmEngine()
    result = eng.think(pos, level=level, depth=depth, seed=seed, nodes=nodes, frames=frames)
    lines = [f"cycles: {result.cycles:,} = {result.nes_seconds:.3f} NES s"
             + (f", {result.cycles_per_node:,.0f} cycles/node" if result.nodes else "")]
    return result, lines


#: engine name -> runner(pos, depth=, level=, seed=, nodes=, frames=) -> (result, lines).
SEARCH_ENGINES = {"ref": _search_ref, "asm": _search_asm}


def search_dispatch(engine: str, pos, **limits):
    """Run `engine` on `pos` with the given limits; (SearchResult, extra lines)."""
    try:
        runner = SEARCH_ENGINES[engine]
    except KeyError:
        raise UsageProblem(f"unknown engine {engine!r} (have: {', '.join(SEARCH_ENGINES)})")
    return runner(pos, **limits)


@main.command("search")
@click.argument("fen")
@click.option("--depth", "-d", type=int, default=None, help="fixed depth (1..24)")
@click.option("--level", "-l", type=int, default=None, help="level 1..5 (assets/levels.txt)")
@click.option("--engine", type=click.Choice(sorted(SEARCH_ENGINES)), default="ref",
              show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="LFSR seed 0..65535")
@click.option("--nodes", type=int, default=None, help="node budget")
@click.option("--frames", type=int, default=None, help="frame budget (60 per NES second)")
@click.option("--moves", default="", help="ICCS moves played from FEN first (game record)")
def search_cmd(fen: str, depth, level, engine: str, seed: int, nodes, frames,
               moves: str) -> None:
    """Search FEN ("start" for the start position) and print the best move, score,
    depth, nodes, PV and TT hit rate."""
    from .reference.board import START_FEN
    from .reference.errors import XQError
    from .reference.position import Position
    from .reference.search import SearchInputError
    if (depth is None) == (level is None):
        raise UsageProblem("give exactly one of --depth D or --level L")
    if not 0 <= seed <= 0xFFFF:
        raise UsageProblem(f"--seed must be 0..65535, got {seed}")
    try:
        pos = Position.from_fen(START_FEN if fen == "start" else fen)
        for text in moves.split():
            pos.push(pos.parse_move(text))
    except XQError as exc:
        raise UsageProblem(str(exc)) from exc
    try:
        result, extra = search_dispatch(engine, pos, depth=depth, level=level, seed=seed,
                                        nodes=nodes, frames=frames)
    except (SearchInputError, ValueError) as exc:
        raise UsageProblem(str(exc)) from exc
    if result.best_move is None:
        click.echo(f"no legal move: score {result.score} (the side to move has lost)")
        return
    try:
        from .reference.notation import chinese
        zh = " " + chinese(pos, result.best_move)
    except ImportError:  # pragma: no cover - notation is optional
        zh = ""
    line = pos.copy()
    pv_text = []
    for mv in result.pv:
        pv_text.append(mv.iccs())
        line.push(mv)
    click.echo(f"best:  {result.best_move.iccs()}{zh}" + ("  (book)" if result.from_book else ""))
    click.echo(f"score: {result.score}")
    click.echo(f"depth: {result.depth}" + ("  (stopped by a limit)" if result.stopped else ""))
    click.echo(f"nodes: {result.nodes}")
    click.echo(f"pv:    {' '.join(pv_text)}")
    cut = getattr(result, "tt_cutoffs", None)
    click.echo(f"tt:    {result.tt_hits}/{result.tt_probes} hits ({result.tt_hit_rate:.1%})"
               + (f", {cut} cutoffs" if cut is not None else ""))
    for text in extra:
        click.echo(text)


@main.command("diff")
@click.option("--positions", "-n", type=int, default=30, show_default=True,
              help="positions (the start position, then seeded random ones with drawn "
                   "half-move counters and game histories)")
@click.option("--depth", "-d", type=int, default=3, show_default=True,
              help="every depth 1..D is compared")
@click.option("--seed", type=int, default=1, show_default=True,
              help="random_positions seed (also the LFSR seed)")
def diff_cmd(positions: int, depth: int, seed: int) -> None:
    """asm search == Python twin, node by node: prints the first position, node and
    field where they part; exit status 1 on a difference."""
    from .diff import run_diff
    if positions < 1 or not 1 <= depth <= 24:
        raise UsageProblem("--positions >= 1 and --depth 1..24")

    def progress(rep):
        click.echo(f"  {rep.positions}/{positions} positions, {rep.nodes:,} nodes equal",
                   err=True)
    rep = run_diff(positions, depth, seed, progress=progress)
    if rep.equal:
        cpn = rep.cycles / rep.nodes if rep.nodes else 0
        click.echo(f"equal: {rep.positions} positions x depths 1-{depth}, {rep.searches} "
                   f"searches, {rep.nodes:,} nodes (asm {cpn:,.0f} cycles/node); "
                   f"counters {min(rep.counters)}-{max(rep.counters)} "
                   f"({sum(c >= 100 for c in rep.counters)} >= 100), {rep.histories} "
                   f"with a game history, {rep.repeated} repeating a position")
        return
    click.echo(f"DIFFERENT after {rep.searches} searches:\n{rep.first}")
    sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
