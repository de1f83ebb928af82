"""Matches between engines: `xq65 match A B --games N`.

An engine is named by a spec string `kind:items`, items separated by commas, each
`key=value` (integers) or the level shorthand `L<n>`:

    fsf:depth=3      Fairy-Stockfish over UCI, fixed depth (or fsf:nodes=2000)
    naive:depth=3    material-only fixed-depth negamax (pyharness.match.naive)
    random:seed=1    uniform random legal mover
    ref:L4           the Python twin of the asm engine (pyharness.reference.search)
    ref:depth=3      ... at a fixed depth (also nodes=, frames=)
    ref:L4,rfp=0     ... with a search rule switched (the keys of registry.RULE_KEYS,
                         each a SearchRules field; its default is the shipped search's)
    asm:L4           the 6502 engine under py65 (AsmEngine.think; as ref:, same seeds;
                         the rule keys of the rules the asm plays, SearchRules.asm_plays)

Games start from a set of opening positions (assets/match_openings.txt), each played
twice with colours swapped, and are adjudicated by the game record
`pyharness.reference.game.Game` (docs/rules.md) plus a cap of `max_plies` plies,
which is a draw reported as "max plies". An illegal move or a crash of an engine
stops the match with a MatchError (an engine bug, not a result).

Determinism: the opening order and every game's engine seed come from the match
seed, and each game's seed does not depend on which worker plays it, so the same
seed gives the same games with any number of workers.

Modules: players (the Player interface and the players), registry (specs and
engine kinds), runner (openings, games, workers, results), errors."""
from __future__ import annotations

from .errors import (EngineFailure, EngineUnavailableError, MatchError, OpeningsError,
                     SpecError)
from .players import (FsfPlayer, GameView, NaivePlayer, Player, RandomPlayer, SearchPlayer,
                      search_seed)
from .registry import (EngineKind, EngineSpec, ParamRule, check_spec, engine_kinds,
                       make_player, parse_spec, register_engine)
from .runner import (DEFAULT_MAX_PLIES, DEFAULT_OPENINGS, GameRecord, GameTask, MatchResult,
                     Opening, SIDE_NAMES, iter_match, load_openings, play_game,
                     resolve_jobs, run_match, schedule)

__all__ = ["DEFAULT_MAX_PLIES", "DEFAULT_OPENINGS", "EngineFailure", "EngineKind",
           "EngineSpec", "EngineUnavailableError", "FsfPlayer", "GameRecord", "GameTask",
           "GameView", "MatchError", "MatchResult", "NaivePlayer", "Opening",
           "OpeningsError", "ParamRule", "Player", "RandomPlayer", "SIDE_NAMES",
           "SearchPlayer", "SpecError", "check_spec", "engine_kinds", "iter_match",
           "load_openings", "make_player", "parse_spec", "play_game", "register_engine",
           "resolve_jobs", "run_match", "schedule", "search_seed"]
