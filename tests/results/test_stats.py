"""Wilson intervals, the exact McNemar test and the pass@k / pass^k estimators against hand-computed values."""

from __future__ import annotations

import math

import pytest

from mb.stats import mcnemar_exact, newcombe_interval, pass_at_k, pass_hat_k, rate_interval, wilson_interval


def test_wilson_interval_matches_published_values() -> None:
    # the 95% Wilson score interval: 3/4 -> [0.3006, 0.9544]; 0/10 -> [0, 0.2775] (values found in the usual tables)
    low, high = wilson_interval(3, 4)
    assert (round(low, 4), round(high, 4)) == (0.3006, 0.9544)
    assert wilson_interval(0, 10)[0] == 0.0
    assert round(wilson_interval(0, 10)[1], 4) == 0.2775
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


def test_the_interval_of_a_rate_known_within_bounds_covers_both_bounds() -> None:
    # 7 of 11 passed, 4 undecided: from the lower end for 7/11 to the upper end for 11/11
    assert rate_interval(7, 4, 11) == (wilson_interval(7, 11)[0], 1.0)
    low, high = rate_interval(2, 1, 4)
    assert low <= 2 / 4
    assert high >= 3 / 4
    assert (round(low, 4), round(high, 4)) == (0.1500, 0.9544)
    assert rate_interval(3, 0, 4) == wilson_interval(3, 4)  # nothing undecided: the Wilson interval
    assert rate_interval(0, 0, 0) == (0.0, 1.0)


def test_exact_mcnemar_is_twice_the_smaller_binomial_tail() -> None:
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(5, 0) == pytest.approx(2 / 32)  # 2 * 0.5**5
    assert mcnemar_exact(1, 9) == pytest.approx(2 * (1 + 10) / 1024)
    assert mcnemar_exact(9, 1) == mcnemar_exact(1, 9)
    assert mcnemar_exact(3, 3) == 1.0  # capped


def test_pass_at_k_and_pass_hat_k_by_hand() -> None:
    # 4 trials, 2 passes: pass@1 = 1/2, pass@2 = 1 - C(2,2)/C(4,2) = 5/6, pass@3 = 1, pass^2 = C(2,2)/C(4,2) = 1/6
    assert pass_at_k(4, 2, 1) == pytest.approx(0.5)
    assert pass_at_k(4, 2, 2) == pytest.approx(5 / 6)
    assert pass_at_k(4, 2, 3) == 1.0
    assert pass_hat_k(4, 2, 1) == pytest.approx(0.5)
    assert pass_hat_k(4, 2, 2) == pytest.approx(1 / 6)
    assert pass_hat_k(4, 2, 3) == 0.0
    assert pass_hat_k(3, 3, 3) == 1.0
    assert pass_at_k(3, 0, 3) == 0.0
    assert pass_at_k(10, 3, 5) == pytest.approx(1 - math.comb(7, 5) / math.comb(10, 5))
    with pytest.raises(ValueError):
        pass_at_k(3, 1, 4)


def test_newcombe_interval_matches_the_published_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 vs 48/80, method 10 -> [0.0524, 0.3339]
    low, high = newcombe_interval(48, 80, 56, 70)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)
    assert newcombe_interval(0, 0, 1, 2) == (-1.0, 1.0)
