"""Elo difference and its 95 % error bar on known inputs."""
from __future__ import annotations

import math

import pytest

from pyharness.match.elo import EloInputError, elo_estimate, score_to_elo


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
