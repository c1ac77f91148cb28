"""Evaluate one executed example, given answers to its judge requests (see ``_engine`` for how they are obtained)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..entities import Example
from ..matching import MatchContext, check_assertions, check_orphan_results, check_tool_restriction
from ..metrics import METRICS, MetricSpec
from ..results import AssertionResult, CheckResult, ExampleResult, MetricResult, Status

__all__ = ["MetricPlan", "agent_error", "agent_failure", "error_result", "evaluate_with"]


@dataclass(frozen=True)
class MetricPlan:
    """Which metrics to compute and which of them gate the verdict."""

    selected: tuple[MetricSpec, ...] | None = None
    """Metrics to compute; None computes every registered metric that applies to the example."""

    required: tuple[MetricSpec, ...] = ()
    """Metrics that gate the verdict (computed even when they would not apply)."""

    def specs_for(self, example: Example) -> list[tuple[MetricSpec, bool]]:
        """(spec, gating) for each metric to compute on ``example``, in registry order.

        A required similarity does not gate as a metric when the example has an expected response: it is the
        ``expected_response`` check then, which already gates (counted once).
        """
        required = {spec.name: spec for spec in self.required}
        if self.selected is None:
            chosen = {name: MetricSpec(name) for name, metric in METRICS.items() if metric.applies(example)}
        else:
            chosen = {spec.name: spec for spec in self.selected}
        chosen.update(required)
        checked = "similarity" if example.expectations.expected_response else None
        return [(chosen[name], name in required and name != checked) for name in METRICS if name in chosen]

    def similarity_spec(self) -> MetricSpec:
        """The similarity pass mark used for ``expected_response`` (a required or selected threshold, else 3)."""
        for spec in (*self.required, *(self.selected or ())):
            if spec.name == "similarity":
                return spec
        return MetricSpec("similarity")


def error_result(line: int, message: str, categories: dict[str, str] | None = None) -> ExampleResult:
    """The result of a line that could not be evaluated (invalid line, agent error)."""
    return ExampleResult(
        line=line,
        passed=False,
        status="error",
        score=0.0,
        assertions=[],
        checks=[],
        metrics={},
        error=message,
        categories=categories or {},
    )


def agent_failure(example: Example) -> str | None:
    """What the runner recorded in ``outputs.error`` (``"<type>: <message>"``); None when the agent did not fail."""
    if example.outputs is None:
        return None
    error = (example.outputs.model_extra or {}).get("error")
    if not error:
        return None
    if isinstance(error, dict):
        return ": ".join(str(part) for part in (error.get("type"), error.get("message")) if part) or "unknown error"
    return str(error)


def agent_error(example: Example) -> str | None:
    """The agent failure as the error of an example result (``"agent error: ..."``); None when there is none."""
    failure = agent_failure(example)
    return None if failure is None else f"agent error: {failure}"


def _verdict(
    assertions: Sequence[AssertionResult], checks: Sequence[CheckResult], metrics: dict[str, MetricResult]
) -> tuple[Status, float, str | None]:
    """(status, score, error message) from the gating items."""
    scores: list[float] = []
    failed = False
    errors: list[str] = []
    for assertion in assertions:
        scores.append(1.0 if assertion.passed else _assertion_score(assertion))
        if assertion.error is not None:
            errors.append(f"assertion on {assertion.tool!r} undecided: {assertion.error}")
        elif not assertion.passed:
            failed = True
    for check in checks:
        if not check.gating:
            continue
        scores.append(check.score if check.score is not None else float(check.passed))
        if check.error is not None:
            errors.append(f"{check.name} undecided: {check.error}")
        elif not check.passed:
            failed = True
    for name, metric in metrics.items():
        if not metric.gating:
            continue
        scores.append(1.0 if metric.passed else 0.0)
        if metric.status != "ok":
            errors.append(
                f"required metric {name} {'failed to run' if metric.status == 'error' else 'skipped'}: {metric.reason}"
            )
        elif not metric.passed:
            failed = True
    score = sum(scores) / len(scores) if scores else 1.0
    if failed:
        return "failed", score, None
    if errors:
        return "error", score, "; ".join(errors)
    return "passed", score, None


def _assertion_score(assertion: AssertionResult) -> float:
    if not assertion.parameters:
        return 0.0
    return sum(1.0 for p in assertion.parameters if p.passed) / len(assertion.parameters)


def evaluate_with(example: Example, line: int, ctx: MatchContext, plan: MetricPlan) -> ExampleResult:
    """Evaluate an executed example; judge requests are answered by ``ctx.oracle``."""
    categories = dict(example.inputs.metadata.categories or {}) if example.inputs.metadata else {}
    outputs = example.outputs
    if outputs is None:
        return error_result(line, "not executed: the line has no outputs (run an agent over it first)", categories)
    failure = agent_error(example)
    if failure is not None:
        return error_result(line, failure, categories)

    calls = outputs.tool_calls()
    assertions = check_assertions(example.expectations.assertions, calls, ctx)
    checks: list[CheckResult] = []
    if example.inputs.tools is not None:
        checks.append(check_tool_restriction(example.inputs.tools, calls))
    orphans = check_orphan_results(outputs)
    if orphans is not None:
        checks.append(orphans)

    metrics: dict[str, MetricResult] = {}
    for spec, gating in plan.specs_for(example):
        result = METRICS[spec.name].compute(example, ctx, spec)
        if gating:
            result = result.model_copy(update={"gating": True})
        metrics[spec.name] = result
    if example.expectations.expected_response:
        similarity = metrics.get("similarity") or METRICS["similarity"].compute(example, ctx, plan.similarity_spec())
        checks.append(_expected_response_check(similarity))

    status, score, error = _verdict(assertions, checks, metrics)
    return ExampleResult(
        line=line,
        passed=status == "passed",
        status=status,
        score=round(score, 4),
        assertions=assertions,
        checks=checks,
        metrics=metrics,
        error=error,
        categories=categories,
    )


def _expected_response_check(similarity: MetricResult) -> CheckResult:
    if similarity.status == "error":
        return CheckResult(
            name="expected_response",
            passed=False,
            reason=similarity.reason,
            gating=True,
            score=0.0,
            error=similarity.reason,
        )
    passed = bool(similarity.passed)
    value = similarity.value or 1.0
    judge = f" ({similarity.judge} judge)" if similarity.judge else ""
    return CheckResult(
        name="expected_response",
        passed=passed,
        reason=f"the response {'matches' if passed else 'does not match'} the expected response in meaning: "
        f"{similarity.reason}{judge}",
        gating=True,
        score=round((value - 1.0) / 4.0, 4),
        error=None,
    )
