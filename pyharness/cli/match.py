"""`xq65 match`: engines against each other."""
from __future__ import annotations

import sys

import click

from .core import UsageProblem, main


@main.command("match")
@click.argument("engine_a", metavar="A")
@click.argument("engine_b", metavar="B")
@click.option("--games", "-n", default=20, show_default=True, type=click.IntRange(1, 10**6),
              help="Games to play (openings in pairs, colours swapped).")
@click.option("--jobs", "-j", default=1, show_default=True, type=click.IntRange(0, 1024),
              help="Worker processes; 0 = all cores.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**31 - 1),
              help="Varies the opening order and the ref/asm search seeds.")
@click.option("--openings", type=click.Path(dir_okay=False),
              help="Openings file (one FEN per line), or a set: default "
                   "(assets/match_openings.txt), tune or judge (the held-out halves).")
@click.option("--max-plies", default=300, show_default=True, type=click.IntRange(1, 10**5),
              help="Plies after which a game is a draw ('max plies').")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--log", "log_file", type=click.Path(),
              help="Write every game as PGN-like text to this file.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def match_cmd(engine_a: str, engine_b: str, games: int, jobs: int, seed: int,
              openings: str | None, max_plies: int, as_json: bool, log_file: str | None,
              quiet: bool) -> None:
    """Play engines A and B against each other; print W/D/L and the Elo difference.

    Engine specs: fsf:depth=3, fsf:nodes=2000, naive:depth=3, random:seed=1, ref:L4,
    ref:depth=3, asm:L4 (the ROM's engine under py65: slow, ~5 M cycles/s).
    """
    import json

    from ..match import (EngineFailure, MatchError, check_spec, load_openings, parse_spec,
                        resolve_jobs, run_match)
    from ..match.report import match_pgn, summary_lines

    from ..inputfile import check_output, open_output
    if log_file:
        check_output(log_file, "log file")          # before any game: one line, no hang
    try:
        spec_a, spec_b = parse_spec(engine_a), parse_spec(engine_b)
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
    except EngineFailure as exc:  # one line, status 2, like every failure of the CLI
        raise UsageProblem(f"engine failure: {exc}") from exc
    except MatchError as exc:
        raise UsageProblem(str(exc)) from exc
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    if log_file:
        with open_output(log_file, "log file") as out:
            out.write(match_pgn(result.records))
    if as_json:
        click.echo(json.dumps(result.as_dict(), indent=1))
    else:
        for line in summary_lines(result):
            click.echo(line)
