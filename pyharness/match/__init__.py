"""Matches between engines: `xq65 match A B --games N`.

An engine is named by a spec string `kind:items`, items separated by commas, each
`key=value` (integers) or the level shorthand `L<n>`:

    fsf:depth=3      Fairy-Stockfish over UCI, fixed depth (or fsf:nodes=2000)
    naive:depth=3    material-only fixed-depth negamax (pyharness.match.naive)
    random:seed=1    uniform random legal mover
    ref:L4           the Python twin of the asm engine (pyharness.reference.search)
    ref:depth=3      ... at a fixed depth (also nodes=, frames=)
    ref:L4,null=1    ... with null-move pruning (null=0, the default, is without)
    ref:L4,lmr=0     ... without late-move reductions (lmr=1, the default, keeps them)
    ref:L4,iir=1     ... with internal iterative reduction (iir=0 without; default:
                         search_consts.IIR_DEFAULT)
    ref:L4,delta=1   ... with the qsearch's delta pruning (QS_DELTA_DEFAULT)
    ref:L4,rfp=0     ... without reverse futility pruning (RFP_DEFAULT: on)
    ref:L4,qsrc=1    ... with the deep qsearch's recaptures-only rule (QS_RECAP_DEFAULT: off)
    ref:L4,ttdp=0    ... with the TT's old always-replace rule (the twin only)
    ref:L4,see=1     ... with the qsearch's skip of defended cheaper victims (QS_SEE_DEFAULT)
    ref:L4,bcap=0    ... without search()'s ordering of such captures after the killers
                         (BAD_CAPS_DEFAULT)
    ref:L4,lmrd=3    ... late-move reductions from depth 3 (LMR_MIN_DEPTH; the twin only)
    ref:L4,lmrm=3    ... and from the move of index 3 (LMR_MIN_MOVE; the twin only)
    asm:L4           the 6502 engine under py65 (AsmEngine.think; as ref:, same seeds;
                         also rfp=0, qsrc=1, see=0|1, bcap=0|1)

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
