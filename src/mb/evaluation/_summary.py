"""Aggregate example results into a :class:`Summary`, one result at a time (constant memory).

A summary does not depend on the order results are added in, so builders fed in parallel can be merged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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

    def merge(self, other: _Tally) -> None:
        self.total += other.total
        self.passed += other.passed
        self.failed += other.failed
        self.errors += other.errors
        self.value_count += other.value_count
        self.value_sum += other.value_sum

    def stat(self) -> RateStat:
        mean = round(self.value_sum / self.value_count, 4) if self.value_count else None
        return RateStat(total=self.total, passed=self.passed, failed=self.failed, errors=self.errors, mean=mean)


_ASSERTION_ORDER = ("tool_called", "no_tool_called")
_CHECK_ORDER = ("tools_restriction", "orphan_tool_results", "expected_response")


def _ordered(slices: dict[str, _Tally], order: Sequence[str]) -> dict[str, RateStat]:
    """Known names in reporting order, then others by name."""

    def key(name: str) -> tuple[int, str]:
        return (order.index(name), "") if name in order else (len(order), name)

    return {name: slices[name].stat() for name in sorted(slices, key=key)}


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
        self._errors: list[tuple[int, str]] = []

    def add(self, result: ExampleResult | Mapping[str, Any]) -> None:
        """Count one example result (a model, or its JSON object as ``mb eval`` writes it)."""
        row = result.model_dump() if isinstance(result, ExampleResult) else result
        passed = row["passed"]
        is_error = row["status"] == "error"
        self._overall.add(passed, is_error)
        if is_error:
            self._note_errors([(row["line"], f"line {row['line']}: {row['error']}")])
        for key, value in sorted(row["categories"].items()):
            _tally(self._categories, f"{key}={value}").add(passed, is_error)
        for assertion in row["assertions"]:
            _tally(self._assertions, assertion["assert_that"]).add(assertion["passed"], assertion["error"] is not None)
            for parameter in assertion["parameters"]:
                if parameter["score"] is not None:  # None: not checked, the tool was never called
                    _tally(self._matchers, parameter["match_as"]).add(
                        parameter["passed"], parameter["error"] is not None
                    )
        for check in row["checks"]:
            _tally(self._checks, check["name"]).add(check["passed"], check["error"] is not None)
        for name, metric in row["metrics"].items():
            if metric["status"] != "skipped":
                _tally(self._metrics, name).add(metric["passed"], metric["status"] == "error", metric["value"])

    def _note_errors(self, errors: list[tuple[int, str]]) -> None:
        """Keep the messages of the first erroring lines (by line number)."""
        self._errors.extend(errors)
        if len(self._errors) > _MAX_ERRORS:
            self._errors.sort()
            del self._errors[_MAX_ERRORS:]

    def merge(self, other: SummaryBuilder) -> None:
        """Add everything ``other`` counted (results of other lines)."""
        self._overall.merge(other._overall)
        for mine, theirs in (
            (self._assertions, other._assertions),
            (self._matchers, other._matchers),
            (self._checks, other._checks),
            (self._metrics, other._metrics),
            (self._categories, other._categories),
        ):
            for key, tally in theirs.items():
                _tally(mine, key).merge(tally)
        self._note_errors(other._errors)

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
            by_assertion=_ordered(self._assertions, _ASSERTION_ORDER),
            by_matcher=_ordered(self._matchers, ()),
            by_check=_ordered(self._checks, _CHECK_ORDER),
            by_metric=_ordered(self._metrics, tuple(METRICS)),
            by_category=_ordered(self._categories, ()),
            error_messages=[message for _, message in sorted(self._errors)],
        )
