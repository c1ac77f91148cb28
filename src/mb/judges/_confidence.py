"""Confidence of the offline judges' verdicts: the bands of a raw measure (cosine, word overlap) in which a judge
decides EQUIVALENCE and SIMILARITY, with the share of right verdicts measured on labelled public pairs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from .base import JudgeTask

__all__ = ["BANDED", "NON_ANSWER_CONFIDENCE", "SHORT_WORDS", "Band", "with_overrides"]

SHORT_WORDS = 12
"""Pairs whose longer text has at most this many words are *short* (the shape of tool arguments)."""


@dataclass(frozen=True, slots=True)
class Band:
    """Where the raw measure decides an EQUIVALENCE pair: failed below ``low``, passed from ``high``, undecided
    between."""

    low: float
    """Below this measure the pair fails."""

    high: float
    """From this measure the pair passes (unless a guard fired or a doubt stands)."""

    passed_confidence: float
    """Share of passes that were right on the public corpora it was measured on (the confidence of a pass)."""

    failed_confidence: float
    """Share of failures (below ``low``) that were right on the public corpora it was measured on."""

    guarded_confidence: float
    """Share of failures by a guard (at any measure) that were right on the public corpora it was measured on."""


NON_ANSWER_CONFIDENCE = 0.99
"""Confidence of a failure whose candidate answers nothing ("I don't know.", ``_additions.non_answer``): the public
development pairs hold no such answer, but all 113 of their long pairs sharing no content word (the nearest measure)
were not paraphrases; (113 + 1) / (113 + 2), not a certainty."""

BANDED = frozenset({JudgeTask.EQUIVALENCE, JudgeTask.SIMILARITY})
"""Tasks decided by ``equivalence_verdict``: the raw measure's band, the guards and the doubts."""


def with_overrides(
    thresholds: Mapping[JudgeTask, float],
    bands: Mapping[bool, Band],
    overrides: Mapping[JudgeTask | str, float] | None,
) -> tuple[dict[JudgeTask, float], dict[JudgeTask, Mapping[bool, Band]]]:
    """An offline judge's thresholds per task and bands per banded task, ``overrides`` applied: for EQUIVALENCE and
    SIMILARITY an override is the upper threshold of both bands of that task (the lower one stays unless above it)."""
    merged = dict(thresholds)
    banded: dict[JudgeTask, Mapping[bool, Band]] = dict.fromkeys(BANDED, bands)
    for task, value in (overrides or {}).items():
        high = merged[JudgeTask(task)] = float(value)
        if JudgeTask(task) in BANDED:
            banded[JudgeTask(task)] = {
                short: replace(band, low=min(band.low, high), high=high) for short, band in bands.items()
            }
    return merged, banded
