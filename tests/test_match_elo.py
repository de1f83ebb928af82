"""Elo difference and its 95 % error bar, and the SPRT, on known inputs."""
from __future__ import annotations

import math

import pytest

from pyharness.match.elo import (EloInputError, elo_estimate, elo_to_score, score_to_elo,
                                 sprt_bounds, sprt_llr)


@pytest.mark.parametrize("score, elo", [(0.5, 0.0), (0.75, 190.85), (0.25, -190.85),
                                        (0.9, 381.7), (0.64, 100.0)])
def test_score_to_elo(score, elo):
    assert score_to_elo(score) == pytest.approx(elo, abs=0.5)


def test_75_percent_without_draws():
    est = elo_estimate(15, 0, 5)
    assert est.score == 0.75
    assert est.elo == pytest.approx(190.85, abs=0.1)
    # se = sqrt(0.1875 / 20) = 0.0968; bounds at 0.75 -+ 1.96 se
    assert est.low == pytest.approx(score_to_elo(0.75 - 1.959964 * math.sqrt(0.1875 / 20)))
    assert est.high == pytest.approx(score_to_elo(0.75 + 1.959964 * math.sqrt(0.1875 / 20)))
    assert est.error == pytest.approx(217.6, abs=0.5)
    assert est.text().startswith("+191 ± 218")


def test_draws_narrow_the_error_bar():
    # same 75 % score, half the points from draws: smaller variance
    assert elo_estimate(10, 10, 0).error < elo_estimate(15, 0, 5).error


def test_all_draws_is_zero_with_no_spread():
    est = elo_estimate(0, 8, 0)
    assert est.elo == 0.0 and est.error == 0.0


def test_clean_sweep_has_no_finite_estimate():
    est = elo_estimate(4, 0, 0)
    assert est.elo == math.inf
    assert est.as_dict()["elo"] is None
    assert "no finite estimate" in est.text()
    assert elo_estimate(0, 0, 3).elo == -math.inf


def test_bad_counts():
    with pytest.raises(EloInputError, match="no games"):
        elo_estimate(0, 0, 0)
    with pytest.raises(EloInputError, match="negative"):
        elo_estimate(1, -1, 0)
    with pytest.raises(EloInputError, match="0..1"):
        score_to_elo(1.5)


def test_sprt_bounds_are_walds():
    lo, hi = sprt_bounds()
    assert lo == pytest.approx(-2.944, abs=1e-3) and hi == pytest.approx(2.944, abs=1e-3)
    assert sprt_bounds(0.05, 0.1)[0] == pytest.approx(math.log(0.1 / 0.95))
    with pytest.raises(EloInputError):
        sprt_bounds(0.0, 0.05)


def test_sprt_llr_known_values():
    # W 30, D 10, L 20: s = 35/60; variance with one pseudo-game of each result
    # (31 x (5/12)^2 + 11 x (1/12)^2 + 21 x (7/12)^2) / 63 = 0.200066; s1 = 0.514387
    assert sprt_llr(30, 10, 20, 0, 10) == pytest.approx(0.32852, abs=1e-4)
    assert sprt_llr(20, 10, 20, -10, 10) == pytest.approx(0.0, abs=1e-12)  # even, symmetric
    assert sprt_llr(0, 0, 0, 0, 10) == 0.0
    assert elo_to_score(score_to_elo(0.62)) == pytest.approx(0.62)
    lo, hi = sprt_bounds()
    assert sprt_llr(150, 100, 50, 0, 10) > hi             # +120 Elo over 300 games
    assert sprt_llr(50, 100, 150, 0, 10) < lo
    assert 0 < sprt_llr(110, 100, 90, 0, 10) < hi         # +23 Elo: leaning to H1, open
    with pytest.raises(EloInputError):
        sprt_llr(1, 1, 1, 10, 0)
    with pytest.raises(EloInputError):
        sprt_llr(-1, 1, 1, 0, 10)
