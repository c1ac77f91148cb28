"""Small exact statistics for results: Wilson intervals, the exact McNemar test, unbiased pass@k and pass^k."""

from __future__ import annotations

import math
from collections.abc import Iterable
from statistics import NormalDist

__all__ = [
    "mcnemar_exact",
    "newcombe_interval",
    "pass_at_k",
    "pass_hat_k",
    "per_example",
    "percent_bounds",
    "rate_interval",
    "wilson_interval",
]


def per_example(passed: int, total: int, trials: Iterable[int] = ()) -> tuple[float, int]:
    """A pass count over ``total`` results as ``(successes, examples)`` for an interval: the trials of one example
    (``--repeats``; ``trials`` holds each repeated example's count) are not independent draws, so they count as one
    example passing the share of its trials that passed."""
    examples = total - sum(count - 1 for count in trials)
    return (passed * examples / total if total else 0.0), examples


def wilson_interval(successes: float, total: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``successes / total``; ``(0.0, 1.0)`` when ``total`` is 0. ``successes``
    may be a sum of shares (examples run several times, each counting the share of its trials that passed)."""
    if total <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= total:
        raise ValueError(f"successes must be between 0 and total ({total}), got {successes}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == total else min(1.0, centre + half)
    return (low, high)


def rate_interval(passed: int, undecided: int, total: int, trials: Iterable[int] = ()) -> tuple[float, float]:
    """The 95% interval of a pass rate known within bounds, ``passed / total`` up to ``(passed + undecided) / total``:
    from the lower end of the Wilson interval of the one to the upper end of the other's (the Wilson interval when
    nothing is undecided); examples run several times count as :func:`per_example` says."""
    counted = tuple(trials)
    low = wilson_interval(*per_example(passed, total, counted))[0]
    return low, wilson_interval(*per_example(passed + undecided, total, counted))[1]


def mcnemar_exact(regressions: int, fixes: int) -> float:
    """The two-sided exact McNemar p-value for paired verdicts: under no difference, each of the ``n`` discordant
    pairs is a regression or a fix with probability 1/2, so the p-value is twice the smaller binomial tail
    (capped at 1). 1.0 when there is no discordant pair."""
    n = regressions + fixes
    if n == 0:
        return 1.0
    smaller = min(regressions, fixes)
    tail = sum(math.comb(n, i) for i in range(smaller + 1)) / 2**n
    return min(1.0, 2.0 * float(tail))


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from ``n`` trials with ``c`` passes: the chance that at least one of ``k`` trials drawn
    without replacement passes, ``1 - C(n-c, k) / C(n, k)``."""
    _check(n, c, k)
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """Unbiased pass^k from ``n`` trials with ``c`` passes: the chance that all of ``k`` trials drawn without
    replacement pass, ``C(c, k) / C(n, k)``."""
    _check(n, c, k)
    return math.comb(c, k) / math.comb(n, k)


def _check(n: int, c: int, k: int) -> None:
    if not (0 <= c <= n and 1 <= k <= n):
        raise ValueError(f"need 0 <= c <= n and 1 <= k <= n, got n={n}, c={c}, k={k}")


def newcombe_interval(
    base_successes: float, base_total: int, new_successes: float, new_total: int, confidence: float = 0.95
) -> tuple[float, float]:
    """Newcombe's hybrid score interval of the difference of two independent rates (new minus base), built from
    their Wilson intervals; ``(-1.0, 1.0)`` when a rate has no items."""
    if base_total <= 0 or new_total <= 0:
        return (-1.0, 1.0)
    p1, p2 = base_successes / base_total, new_successes / new_total
    l1, u1 = wilson_interval(base_successes, base_total, confidence)
    l2, u2 = wilson_interval(new_successes, new_total, confidence)
    delta = p2 - p1
    lower = delta - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    upper = delta + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return (max(-1.0, lower), min(1.0, upper))


def percent_bounds(low: float, high: float, digits: int = 1, *, signed: bool = False) -> tuple[str, str]:
    """An interval's bounds as percents with ``digits`` decimals (``signed``: with ``+`` on those from 0), the low
    one rounded down and the high one up, so that the interval shown always holds the one computed: how every
    report writes an interval (the HTML report's ``bounds`` follows the same rule)."""
    scale = 10 ** (digits + 2)
    shown = (math.floor(low * scale + 1e-9) / scale, math.ceil(high * scale - 1e-9) / scale)
    form = f"{{:{'+' if signed else ''}.{digits}%}}"
    return form.format(shown[0] + 0.0), form.format(shown[1] + 0.0)  # + 0.0: no "-0%"
