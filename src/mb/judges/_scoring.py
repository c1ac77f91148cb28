"""From a raw measure (overlap, cosine) and the guards to a verdict whose 0.5 sits on the calibrated threshold."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ._guards import GUARD_CAP, GuardFailure, describe_failures
from .base import JudgeTask, Verdict

__all__ = ["HOLDS", "Measure", "scaled", "to_verdict"]

HOLDS = {
    JudgeTask.EQUIVALENCE: ("same goal", "different goal"),
    JudgeTask.SIMILARITY: ("same meaning", "different meaning"),
    JudgeTask.SUPPORT: ("supported by the chunk", "not supported by the chunk"),
}
"""Per task, how a reason says the condition holds and how it says it does not."""


@dataclass(frozen=True, slots=True)
class Measure:
    """What a deterministic or embedding judge measured for one request, before thresholds."""

    task: JudgeTask
    """The question asked."""

    raw: float
    """The similarity measured (overlap or cosine), higher meaning closer."""

    detail: str
    """The measurement in words, e.g. ``cosine 0.83``."""

    failures: list[GuardFailure] = field(default_factory=list)
    """Guards that fired."""

    fixed: float | None = None
    """A score decided without measuring (blank texts); ``raw`` is then ignored."""

    words: int = 0
    """Length in words of the longer text (confidence depends on it)."""


def scaled(raw: float, threshold: float) -> float:
    """Map ``raw`` in [0, 1] to a score whose 0.5 is ``threshold``: piecewise linear, 0 stays 0 and 1 stays 1."""
    if math.isnan(raw):
        return 0.0
    raw = min(1.0, max(0.0, raw))
    threshold = min(0.99, max(0.01, threshold))
    if raw >= threshold:
        return 0.5 + 0.5 * (raw - threshold) / (1.0 - threshold)
    return 0.5 * raw / threshold


def to_verdict(measure: Measure, threshold: float, judge: str) -> Verdict:
    """The verdict for a measure: scaled, capped when a guard fired, undecided when only a doubt stands against a
    measure that passes, explained."""
    if measure.fixed is not None:
        return Verdict(measure.fixed, measure.detail, judge, confidence=1.0)
    score = scaled(measure.raw, threshold)
    holds, fails = HOLDS.get(measure.task, ("holds", "does not hold"))
    if measure.failures and all(failure.doubt for failure in measure.failures) and score >= 0.5:
        reason = f"undecided: {describe_failures(measure.failures)}; {measure.detail} >= threshold {threshold:.2f}"
        return Verdict(min(score, 0.49), reason, judge, undecided=True)
    firm = [failure for failure in measure.failures if not failure.doubt]
    if firm:
        score = min(score, GUARD_CAP)
        reason = f"{fails}: {describe_failures(firm)}; {measure.detail} (threshold {threshold:.2f})"
    else:
        verdict = holds if score >= 0.5 else fails
        relation = ">=" if score >= 0.5 else "<"
        reason = f"{verdict}: {measure.detail} {relation} threshold {threshold:.2f}"
    return Verdict(score, reason, judge)
