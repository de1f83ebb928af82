"""Elo difference and its 95 % error bar from a win/draw/loss count.

Formula (the usual one of engine testers, e.g. cutechess-cli):

* score s = (W + D/2) / N, the mean of per-game scores x in {1, 1/2, 0};
* Elo(s) = -400 * log10(1/s - 1), so 75 % is +190.8 and 50 % is 0;
* per-game variance v = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / N (draws shrink it),
  standard error of s is sqrt(v / N);
* the 95 % interval is Elo(s - 1.96 se) .. Elo(s + 1.96 se) (clipped to (0, 1));
  the reported error bar is half its width.

A score of 0 % or 100 % has no finite Elo: `elo` is then +/-inf and the bounds are
open; `EloEstimate.as_dict()` writes those as None for JSON.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import Xq65Error

Z95 = 1.959964


class EloInputError(Xq65Error, ValueError):
    """Negative counts, or no games at all."""


def score_to_elo(score: float) -> float:
    """Elo difference for an expected score in [0, 1] (+/-inf at the ends)."""
    if not 0.0 <= score <= 1.0:
        raise EloInputError(f"score must be in 0..1, got {score}")
    if score == 0.0:
        return -math.inf
    if score == 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: no "-0"


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference (A minus B) with its 95 % interval."""

    wins: int
    draws: int
    losses: int
    score: float
    elo: float
    low: float
    high: float

    @property
    def games(self) -> int:
        """Number of games counted."""
        return self.wins + self.draws + self.losses

    @property
    def error(self) -> float:
        """Half the width of the 95 % interval (inf when a bound is open)."""
        return (self.high - self.low) / 2.0

    def text(self) -> str:
        """Human form, e.g. "+191 ± 218 (95 %: +42 .. +477)"."""
        if math.isinf(self.elo):
            return f"{self.elo:+} (all games {'won' if self.elo > 0 else 'lost'}; no finite estimate)"
        bar = "inf" if math.isinf(self.error) else f"{self.error:.0f}"
        return (f"{self.elo:+.0f} ± {bar} (95 %: {_fmt(self.low)} .. {_fmt(self.high)})")

    def as_dict(self) -> dict:
        """JSON-ready dict; infinite values become None."""
        def fin(x: float) -> float | None:
            return None if math.isinf(x) or math.isnan(x) else round(x, 1)
        return {"wins": self.wins, "draws": self.draws, "losses": self.losses,
                "score": round(self.score, 4), "elo": fin(self.elo),
                "elo_error95": fin(self.error), "elo_low95": fin(self.low),
                "elo_high95": fin(self.high)}


def _fmt(x: float) -> str:
    return f"{x:+}" if math.isinf(x) else f"{x:+.0f}"


def _game_variance(wins: float, draws: float, losses: float, s: float) -> float:
    """The per-game variance of scores 1, 1/2, 0 about the mean score s."""
    return (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / (
        wins + draws + losses)


def elo_estimate(wins: int, draws: int, losses: int) -> EloEstimate:
    """Elo difference and 95 % interval from W/D/L (see the module docstring)."""
    if min(wins, draws, losses) < 0:
        raise EloInputError(f"negative count in W/D/L {wins}/{draws}/{losses}")
    n = wins + draws + losses
    if n == 0:
        raise EloInputError("no games to estimate Elo from")
    s = (wins + 0.5 * draws) / n
    se = math.sqrt(_game_variance(wins, draws, losses, s) / n)
    lo = max(0.0, s - Z95 * se)
    hi = min(1.0, s + Z95 * se)
    return EloEstimate(wins, draws, losses, s, score_to_elo(s),
                       score_to_elo(lo), score_to_elo(hi))


def elo_to_score(elo: float) -> float:
    """The expected score of an Elo difference (the inverse of score_to_elo)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """(lower, upper) bounds of the log-likelihood ratio: below lower accept H0, above
    upper accept H1 (Wald; alpha = false positive, beta = false negative rate)."""
    if not (0.0 < alpha < 0.5 and 0.0 < beta < 0.5):
        raise EloInputError(f"alpha and beta must be in (0, 0.5), got {alpha}, {beta}")
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def sprt_llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """Log-likelihood ratio of H1 (Elo A-B = elo1) against H0 (= elo0) from W/D/L, the
    generalised SPRT's normal approximation of the per-game score (as engine testers use
    it): N (s1 - s0) (2 s - s0 - s1) / (2 v), s the mean score, s0/s1 the scores of elo0
    and elo1, v the per-game variance with one pseudo-game of each result added (so a
    short run of equal results has a finite variance). 0 before the first game."""
    if min(wins, draws, losses) < 0:
        raise EloInputError(f"negative count in W/D/L {wins}/{draws}/{losses}")
    if not elo0 < elo1:
        raise EloInputError(f"the SPRT needs elo0 < elo1, got {elo0}, {elo1}")
    n = wins + draws + losses
    if n == 0:
        return 0.0
    s = (wins + 0.5 * draws) / n
    var = _game_variance(wins + 1, draws + 1, losses + 1, s)
    s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var)
