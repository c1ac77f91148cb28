"""Figures of the HTML report: per-evaluator counts, thresholds and means, and display names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .evaluators import EVALUATORS
from .rows import Row
from .scores import NOT_RUN_PREFIX

__all__ = ["EvaluatorStats", "evaluator_name", "evaluator_stats", "number", "score_number", "score_outcome"]

_NAMES = {info.score_key: name for name, info in EVALUATORS.items()}
_EXTRA_NAMES = {"toolCalls": "Tool calls", "retrievalQuery": "RetrievalQuery", "retrievalResult": "RetrievalResult"}


def evaluator_name(key: str) -> str:
    """The evaluator's name for a ``scores`` key (``exactMatch`` -> ``ExactMatch``); unknown keys are kept."""
    return _NAMES.get(key) or _EXTRA_NAMES.get(key) or key


def score_outcome(entry: Mapping[str, Any]) -> str:
    """``pass``, ``fail``, ``error`` (the evaluator failed), ``none`` (it did not run) or ``""`` (no result)."""
    result = entry.get("result")
    if result == "error":
        return "none" if str(entry.get("error", "")).startswith(NOT_RUN_PREFIX) else "error"
    return result if result in ("pass", "fail") else ""


def number(value: Any) -> float | None:
    """A JSON number as a float; None for anything else (booleans included)."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def score_number(entry: Mapping[str, Any]) -> float | None:
    """The number a score sorts and averages by: its score or count, a match as 1 or 0; None when it has none."""
    if entry.get("result") == "error":
        return None
    for key in ("score", "count"):
        if (value := number(entry.get(key))) is not None:
            return value
    match = entry.get("match")
    return (1.0 if match else 0.0) if isinstance(match, bool) else None


@dataclass
class EvaluatorStats:
    """Outcomes of one evaluator over every single-turn item and turn."""

    key: str
    """The ``scores`` key (``relevance``, ``exactMatch``...)."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("pass", "fail", "error", "none"), 0))
    """Scores by outcome: ``pass``, ``fail``, ``error`` (evaluator failed), ``none`` (not run)."""

    values: list[float] = field(default_factory=list)
    """The numbers of the scores that have one (see :func:`score_number`)."""

    thresholds: set[float] = field(default_factory=set)
    """The distinct thresholds its scores were judged against."""

    @property
    def name(self) -> str:
        """The evaluator's display name."""
        return evaluator_name(self.key)

    @property
    def threshold_text(self) -> str:
        """The threshold (``3``), the range of thresholds (``3 to 4``) or ``""`` when none was given."""
        if not self.thresholds:
            return ""
        low, high = min(self.thresholds), max(self.thresholds)
        return f"{low:g}" if low == high else f"{low:g} to {high:g}"

    @property
    def mean(self) -> float | None:
        """The mean of :attr:`values`, None when there is none."""
        return sum(self.values) / len(self.values) if self.values else None


def evaluator_stats(rows: Sequence[Row], keys: Sequence[str]) -> list[EvaluatorStats]:
    """One :class:`EvaluatorStats` per score key, in ``keys`` order."""
    stats = {key: EvaluatorStats(key) for key in keys}
    for row in rows:
        for key, entry in row.scores.items():
            if key not in stats:
                continue
            outcome = score_outcome(entry)
            if outcome:
                stats[key].counts[outcome] += 1
            value = score_number(entry)
            if value is not None:
                stats[key].values.append(value)
            threshold = number(entry.get("threshold"))
            if threshold is not None:
                stats[key].thresholds.add(threshold)
    return [stats[key] for key in keys]
