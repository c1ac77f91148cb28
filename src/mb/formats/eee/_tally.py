"""Streaming tallies of per-example outcomes, one per EEE aggregate result."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...evaluation import SummaryBuilder
from ...results import Counts, ExampleResult

__all__ = ["Tallies", "Tally"]


@dataclass(slots=True)
class Tally:
    """Values seen for one aggregate result: their count, sum and spread, and pass/fail/error counts."""

    count: int = 0
    """Values added (errors count as 0 for pass rates, as the evaluation summary does)."""

    total: float = 0.0
    """Sum of the values."""

    total_sq: float = 0.0
    """Sum of the squared values."""

    minimum: float = math.inf
    """Smallest value seen."""

    maximum: float = -math.inf
    """Largest value seen."""

    passed: int = 0
    """Items that passed."""

    failed: int = 0
    """Items that failed."""

    errors: int = 0
    """Items that could not be evaluated (an error)."""

    undecided: int = 0
    """Items the judge could not decide: not passed, and not failed either."""

    thresholds: set[float] = field(default_factory=set)
    """Pass marks used (metrics)."""

    judges: set[str] = field(default_factory=set)
    """Judges that decided (metrics)."""

    @classmethod
    def of(cls, stat: Counts) -> Tally:
        """The tally of one slice of the evaluation's summary: 1 per passed item, 0 for the others (an undecided item
        is not passed, and is counted apart)."""
        passed = float(stat.passed)
        return cls(
            stat.total,
            passed,
            passed,
            passed=stat.passed,
            failed=stat.failed,
            errors=stat.errors,
            undecided=stat.undecided,
        )

    def add(self, value: float) -> None:
        """Add one value."""
        self.count += 1
        self.total += value
        self.total_sq += value * value
        self.minimum = min(self.minimum, value)
        self.maximum = max(self.maximum, value)

    def outcome(self, passed: bool | None, error: bool = False, undecided: bool = False) -> None:
        """Add one pass/fail item (an error or an undecided item is neither, and counts 0 toward the rate)."""
        if error or passed is None:
            self.errors += 1
        elif passed:
            self.passed += 1
        elif undecided:
            self.undecided += 1
        else:
            self.failed += 1
        self.add(1.0 if passed and not error else 0.0)

    @property
    def mean(self) -> float:
        """Mean of the values (0 when empty)."""
        return self.total / self.count if self.count else 0.0

    @property
    def standard_deviation(self) -> float | None:
        """Sample standard deviation (n - 1); None with fewer than two values."""
        if self.count < 2:
            return None
        variance = (self.total_sq - self.count * self.mean * self.mean) / (self.count - 1)
        return math.sqrt(max(variance, 0.0))

    @property
    def standard_error(self) -> float | None:
        """Standard error of the mean (standard deviation over the square root of n)."""
        deviation = self.standard_deviation
        return None if deviation is None else deviation / math.sqrt(self.count)


@dataclass(slots=True)
class Tallies:
    """Every tally of an export, filled one example result at a time."""

    summary: SummaryBuilder = field(default_factory=SummaryBuilder)
    """Pass counts overall and by assertion kind, matcher, check and category, as the evaluation's summary counts
    them (errors count against the rate)."""

    expectations: Tally = field(default_factory=Tally)
    """Share of gating expectations met, per example."""

    metric_values: dict[str, Tally] = field(default_factory=dict)
    """Metric values by metric name (skipped metrics not counted)."""

    metric_passes: dict[str, Tally] = field(default_factory=dict)
    """Metric pass rate against its threshold, by metric name."""

    @property
    def judges(self) -> list[str]:
        """Every judge that decided a metric, sorted."""
        return sorted({judge for tally in self.metric_values.values() for judge in tally.judges})

    def add(self, result: ExampleResult) -> None:
        """Count one example result."""
        self.summary.add(result)
        if math.isfinite(result.score):
            self.expectations.add(result.score)
        for name, metric in result.metrics.items():
            if metric.status == "skipped":
                continue
            passes = self.metric_passes.setdefault(name, Tally())
            if metric.status == "error" or metric.value is None or not math.isfinite(metric.value):
                passes.outcome(None, True)
                continue
            values = self.metric_values.setdefault(name, Tally())
            values.add(float(metric.value))
            if metric.threshold is not None and math.isfinite(metric.threshold):
                values.thresholds.add(float(metric.threshold))
            if metric.judge:
                values.judges.add(metric.judge)
            if metric.passed is not None:
                passes.outcome(metric.passed, undecided=metric.details.get("undecided") is True)
