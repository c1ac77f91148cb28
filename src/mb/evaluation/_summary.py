"""Aggregate example results into a :class:`Summary`, one result at a time (constant memory)."""

from __future__ import annotations

from ..metrics import METRICS
from ..results import ExampleResult, RateStat, Summary

__all__ = ["SummaryBuilder"]

_MAX_ERRORS = 20


class _Tally:
    """Counts for one slice, plus a running mean for metric values."""

    __slots__ = ("errors", "failed", "passed", "total", "value_count", "value_sum")

    def __init__(self) -> None:
        self.total = self.passed = self.failed = self.errors = self.value_count = 0
        self.value_sum = 0.0

    def add(self, passed: bool | None, error: bool = False, value: float | None = None) -> None:
        self.total += 1
        if error:
            self.errors += 1
        elif passed:
            self.passed += 1
        else:
            self.failed += 1
        if value is not None:
            self.value_count += 1
            self.value_sum += value

    def stat(self) -> RateStat:
        mean = round(self.value_sum / self.value_count, 4) if self.value_count else None
        return RateStat(total=self.total, passed=self.passed, failed=self.failed, errors=self.errors, mean=mean)


def _metric_order(name: str) -> tuple[int, str]:
    """Built-in metrics in reporting order, then others by name."""
    order = list(METRICS)
    return (order.index(name), "") if name in METRICS else (len(order), name)


def _tally(slices: dict[str, _Tally], key: str) -> _Tally:
    found = slices.get(key)
    if found is None:
        found = slices[key] = _Tally()
    return found


class SummaryBuilder:
    """Feed results with :meth:`add`; :meth:`build` returns the summary so far."""

    def __init__(self) -> None:
        self._overall = _Tally()
        self._assertions: dict[str, _Tally] = {}
        self._matchers: dict[str, _Tally] = {}
        self._checks: dict[str, _Tally] = {}
        self._metrics: dict[str, _Tally] = {}
        self._categories: dict[str, _Tally] = {}
        self._errors: list[str] = []

    def add(self, result: ExampleResult) -> None:
        """Count one example result."""
        is_error = result.status == "error"
        self._overall.add(result.passed, is_error)
        if is_error and len(self._errors) < _MAX_ERRORS:
            self._errors.append(f"line {result.line}: {result.error}")
        for key, value in sorted(result.categories.items()):
            _tally(self._categories, f"{key}={value}").add(result.passed, is_error)
        for assertion in result.assertions:
            _tally(self._assertions, assertion.assert_that).add(assertion.passed, assertion.error is not None)
            for parameter in assertion.parameters:
                if parameter.score is not None:  # None: not checked, the tool was never called
                    _tally(self._matchers, parameter.match_as).add(parameter.passed, parameter.error is not None)
        for check in result.checks:
            _tally(self._checks, check.name).add(check.passed, check.error is not None)
        for name, metric in result.metrics.items():
            if metric.status != "skipped":
                _tally(self._metrics, name).add(metric.passed, metric.status == "error", metric.value)

    def build(self, judge: str = "") -> Summary:
        """The summary of everything added so far."""
        overall = self._overall
        return Summary(
            total=overall.total,
            passed=overall.passed,
            failed=overall.failed,
            errors=overall.errors,
            pass_rate=round(overall.passed / overall.total, 4) if overall.total else 0.0,
            judge=judge,
            by_assertion={k: v.stat() for k, v in self._assertions.items()},
            by_matcher={k: v.stat() for k, v in sorted(self._matchers.items())},
            by_check={k: v.stat() for k, v in self._checks.items()},
            by_metric={k: self._metrics[k].stat() for k in sorted(self._metrics, key=_metric_order)},
            by_category={k: v.stat() for k, v in sorted(self._categories.items())},
            error_messages=list(self._errors),
        )
