"""What each MorganaBench scorer reports about one example result, independent of MLflow's classes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..results import AssertionResult, CheckResult, ExampleResult, MetricResult

__all__ = ["CONCEPTS", "Assessment", "assess"]


@dataclass(frozen=True, slots=True)
class Assessment:
    """One scorer's verdict on one example: a value with its rationale, or an error."""

    value: bool | float | None
    """The score (bool for pass/fail concepts, a number for scores and metrics); None with ``error``."""

    rationale: str
    """Why, in words a person can act on."""

    error: str | None = None
    """Set when the verdict could not be reached (agent error, invalid row, judge failure)."""

    metadata: dict[str, str] = field(default_factory=dict)
    """Extra facts (threshold, judge, counts), strings only."""

    judge: str | None = None
    """The judge that decided, when one did."""


def _error_of(result: ExampleResult) -> str | None:
    return result.error if result.status == "error" and result.error else None


def _passed(result: ExampleResult) -> Assessment:
    """The verdict; an example that errored (agent error, undecided judge) did not pass, as in mb's own summary,
    so that MLflow's mean of ``passed`` is mb's pass rate (MLflow leaves feedback with an error out of means)."""
    metadata = {"status": result.status, "expectations_met": repr(result.score)}
    error = _error_of(result)
    if error is not None:
        return Assessment(False, error, metadata=metadata)
    failures = result.failure_reasons()
    undecided = result.status == "error"
    if result.passed:
        rationale = "every expectation holds"
    elif failures:
        rationale = "; ".join(failures)
    else:
        rationale = "undecided: a judge failed" if undecided else "an expectation does not hold"
    return Assessment(result.passed and not undecided, rationale, metadata=metadata)


def _expectations_met(result: ExampleResult) -> Assessment:
    """The share of gating expectations met; an agent error meets none (the score mb averages)."""
    error = _error_of(result)
    if error is not None:
        return Assessment(result.score, error, metadata={"status": result.status})
    return Assessment(result.score, f"{result.score:.0%} of the gating expectations are met", metadata={})


def _all_passed(verdicts: Sequence[AssertionResult | CheckResult], lines: list[str]) -> Assessment:
    """Whether every one of ``verdicts`` passed, with ``lines`` as the rationale; an error when one is undecided."""
    undecided = [v.error for v in verdicts if v.error]
    passed = sum(1 for v in verdicts if v.passed)
    metadata = {"passed": str(passed), "total": str(len(verdicts))}
    if undecided:
        return Assessment(None, "\n".join(lines), error=undecided[0], metadata=metadata)
    return Assessment(passed == len(verdicts), "\n".join(lines), metadata=metadata)


def _tool_call_assertions(result: ExampleResult) -> Assessment | None:
    if not result.assertions:
        return None
    lines = []
    for assertion in result.assertions:
        mark = "PASS" if assertion.passed else "FAIL"
        lines.append(f"{mark} {assertion.assert_that} {assertion.tool or ''}".rstrip() + f": {assertion.reason}")
        for parameter in assertion.parameters:
            if not parameter.passed:
                lines.append(f"  {', '.join(parameter.params)} ({parameter.match_as}): {parameter.reason}")
    return _all_passed(result.assertions, lines)


def _checks(result: ExampleResult) -> Assessment | None:
    gating = [check for check in result.checks if check.gating]
    if not gating:
        return None
    lines = [f"{'PASS' if c.passed else 'FAIL'} {c.name}: {c.reason}" for c in result.checks]
    return _all_passed(gating, lines)


def _metric(name: str, result: ExampleResult) -> Assessment | None:
    metric: MetricResult | None = result.metrics.get(name)
    if metric is None or metric.status == "skipped":
        return None
    metadata: dict[str, str] = {"status": metric.status}
    if metric.threshold is not None:
        metadata["threshold"] = repr(metric.threshold)
    if metric.passed is not None:
        metadata["passed"] = "true" if metric.passed else "false"
    if metric.status == "error" or metric.value is None:
        reason = metric.reason or f"{name} could not be computed"
        return Assessment(None, reason, error=reason, metadata=metadata, judge=metric.judge)
    return Assessment(float(metric.value), metric.reason, metadata=metadata, judge=metric.judge)


CONCEPTS: dict[str, Callable[[ExampleResult], Assessment | None]] = {
    "passed": _passed,
    "expectations_met": _expectations_met,
    "tool_call_assertions": _tool_call_assertions,
    "checks": _checks,
}
"""Scorers beyond the metrics: the example's verdict, its share of expectations met, its assertions and checks."""


def assess(concept: str, result: ExampleResult) -> Assessment | None:
    """What scorer ``concept`` (a fixed concept or a metric name) reports for ``result``; None: not applicable. An
    example that errored gives the error to every scorer but ``passed`` and ``expectations_met``."""
    function = CONCEPTS.get(concept)
    error = _error_of(result)
    if error is not None and function not in (_passed, _expectations_met):
        return Assessment(None, error, error=error)
    return function(result) if function is not None else _metric(concept, result)
