"""Calibrated confidence of the offline judges' verdicts: how likely a verdict is right, from its measure.

The constants are logistic fits of P(equivalent | measure) on the labelled public pairs of
``tests/data/judge_pairs.jsonl.gz`` (STS-B, MRPC and SICK train/dev plus generated tool arguments and role swaps),
printed by ``bench/judge_accuracy.py``; out-of-fold, the observed share of equivalent pairs in each band of fitted
probability is within a few points of the band. A pair a guard vetoed takes the share of equivalent pairs among
vetoed ones (guards are reliable on short texts, much less on long news sentences).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["CALIBRATIONS", "SHORT_WORDS", "Calibration", "p_equivalent"]

SHORT_WORDS = 12
"""Pairs whose longer text has at most this many words are *short* (the shape of tool arguments)."""


@dataclass(frozen=True, slots=True)
class Calibration:
    """P(equivalent) = sigmoid(slope * measure + intercept + short_shift * short), or a fixed share when vetoed."""

    slope: float
    """Weight of the raw measure (cosine or overlap)."""

    intercept: float
    """Constant term."""

    short_shift: float
    """Added for short pairs."""

    vetoed_long: float
    """Share of equivalent pairs among long pairs a guard vetoed."""

    vetoed_short: float
    """Share of equivalent pairs among short pairs a guard vetoed."""


CALIBRATIONS: dict[str, Calibration] = {
    "lexical": Calibration(slope=7.183, intercept=-4.763, short_shift=-0.577, vetoed_long=0.456, vetoed_short=0.053),
}
"""Per judge, fitted by ``bench/judge_accuracy.py`` on 14,404 labelled pairs (the local judge's verdicts on
EQUIVALENCE and SIMILARITY take the confidences of its bands instead: ``local.BANDS``)."""


def p_equivalent(calibration: Calibration, raw: float, vetoed: bool, words: int) -> float:
    """The probability that a pair measured ``raw`` (``words``: its longer text's length) means the same."""
    short = words <= SHORT_WORDS
    if vetoed:
        return calibration.vetoed_short if short else calibration.vetoed_long
    if math.isnan(raw):
        return 0.0
    z = calibration.slope * raw + calibration.intercept + (calibration.short_shift if short else 0.0)
    return 1.0 / (1.0 + math.exp(-z))
