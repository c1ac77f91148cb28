"""Evaluate one executed example, given answers to its judge requests (see ``_engine`` for how they are obtained)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import is_
from typing import Any

from ..entities import Example, ToolCall, ToolResult
from ..io._proof import (
    ProvenCall,
    ProvenExample,
    ProvenResult,
    read_user_time,
)
from ..judges.base import JudgeRequest, JudgeTask, Verdict
from ..matching import MatchContext
from ..matching.assertions import CallSpec, assertion_rows, assertion_spec, call_spec
from ..matching.extended import all_assertion_rows
from ..matching.grounded import Sources
from ..matching.proven import proven_assertion_rows
from ..matching.trace_checks import orphan_results_row, orphans_row, tool_restriction_row
from ..metrics import METRICS, MetricSpec, citations, judged, retrieval, text_match
from ..metrics._base import threshold_of
from ..metrics.citations import find_citation_markers
from ..metrics.judged import LLM_GRADED, needs_llm_judge
from ..results import Status

__all__ = [
    "MetricPlan",
    "Row",
    "agent_error",
    "agent_failure",
    "built_in_metrics_only",
    "error_result",
    "evaluate_plain",
    "evaluate_with",
    "failure_entry",
    "result_row",
]


@dataclass(frozen=True)
class MetricPlan:
    """Which metrics to compute and which of them gate the verdict."""

    selected: tuple[MetricSpec, ...] | None = None
    """Metrics to compute; None computes every registered metric that applies to the example."""

    required: tuple[MetricSpec, ...] = ()
    """Metrics that gate the verdict (computed even when they would not apply)."""

    @property
    def fast(self) -> bool:
        """Whether lines can take the fast path (:func:`evaluate_plain`): no metric required, and either none
        selected or the default set."""
        return not self.required and (self.selected is None or self.selected == ())

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


Row = dict[str, Any]
"""An :class:`ExampleResult` as JSON (``ExampleResult.model_validate(row)`` gives the model)."""


def result_row(
    line: int,
    status: Status,
    score: float,
    assertions: list[Row],
    checks: list[Row],
    metrics: dict[str, Row],
    error: str | None,
    categories: dict[str, str],
) -> Row:
    """An example result as JSON, fields in the model's order (so a written line does not depend on the path)."""
    return {
        "line": line,
        "passed": status == "passed",
        "status": status,
        "score": score,
        "assertions": assertions,
        "checks": checks,
        "metrics": metrics,
        "error": error,
        "categories": categories,
        "example_hash": None,  # the three fields taken from the line itself are set by whoever has the line
        "repeat": None,
        "usage": None,
    }


_PASSED_RESULT: Row = result_row(0, "passed", 1.0, [], [], {}, None, {})
"""A passed result to copy (cheaper than a dict display of twelve keys), fields in the model's order."""


def error_result(line: int, message: str, categories: dict[str, str] | None = None) -> Row:
    """The result of a line that could not be evaluated (invalid line, agent error)."""
    return result_row(line, "error", 0.0, [], [], {}, message, categories or {})


def failure_entry(row: Mapping[str, Any]) -> tuple[int, str, str]:
    """``(line, status, first reason)`` of a result that did not pass, for reports."""
    return row["line"], row["status"], _first_reason(row)


def _first_reason(row: Mapping[str, Any]) -> str:
    if row["error"]:
        return str(row["error"])
    for assertion in row["assertions"]:
        if not assertion["passed"]:
            named = f"{assertion['assert_that']} {assertion['tool']}" if assertion["tool"] else assertion["assert_that"]
            return f"{named}: {assertion['reason']}"
    for check in row["checks"]:
        if check["gating"] and not check["passed"]:
            return f"{check['name']}: {check['reason']}"
    for name, metric in row["metrics"].items():
        if metric["gating"] and not metric["passed"]:
            return f"{name}: {metric['reason']}"
    return "did not pass"


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
    assertions: Sequence[Row], checks: Sequence[Row], metrics: dict[str, Row]
) -> tuple[Status, float, str | None]:
    """(status, score, error message) from the gating items."""
    total = 0.0
    count = 0
    failed = False
    errors: list[str] = []
    for assertion in assertions:
        count += 1
        if assertion["passed"]:
            total += 1.0
            if assertion["error"] is not None:
                errors.append(f"assertion on {assertion['tool']!r} undecided: {assertion['error']}")
            continue
        total += _assertion_score(assertion)
        if assertion["error"] is not None:
            errors.append(f"assertion on {assertion['tool']!r} undecided: {assertion['error']}")
        else:
            failed = True
    for check in checks:
        if not check["gating"]:
            continue
        count += 1
        total += check["score"] if check["score"] is not None else float(check["passed"])
        if check["error"] is not None:
            errors.append(f"{check['name']} undecided: {check['error']}")
        elif not check["passed"]:
            failed = True
    for name, metric in metrics.items():
        if not metric["gating"]:
            continue
        count += 1
        total += 1.0 if metric["passed"] else 0.0
        if metric["status"] != "ok":
            problem = "failed to run" if metric["status"] == "error" else "skipped"
            errors.append(f"required metric {name} {problem}: {metric['reason']}")
        elif not metric["passed"]:
            failed = True
    score = total / count if count else 1.0
    if failed:
        return "failed", score, None
    if errors:  # each distinct message once: many assertions can be undecided for the same reason
        return "error", score, "; ".join(dict.fromkeys(errors))
    return "passed", score, None


def _assertion_score(assertion: Row) -> float:
    parameters = assertion["parameters"]
    if not parameters:
        return 0.0
    passed = 0  # a count: divided, it gives the float a sum of 1.0s gives
    for parameter in parameters:
        if parameter["passed"]:
            passed += 1
    return passed / len(parameters)


def _finish(
    line: int, assertions: list[Row], checks: list[Row], metrics: dict[str, Row], categories: dict[str, str]
) -> Row:
    status, score, error = _verdict(assertions, checks, metrics)
    rounded = score if score == 1.0 else round(score, 4)  # round(1.0, 4) is 1.0: most results skip the call
    return result_row(line, status, rounded, assertions, checks, metrics, error, categories)


def evaluate_with(example: Example, line: int, ctx: MatchContext, plan: MetricPlan) -> Row:
    """Evaluate an executed example; judge requests are answered by ``ctx.oracle``."""
    categories = dict(example.inputs.metadata.categories or {}) if example.inputs.metadata else {}
    outputs = example.outputs
    if outputs is None:
        return error_result(line, "not executed: the line has no outputs (run an agent over it first)", categories)
    failure = agent_error(example)
    if failure is not None:
        return error_result(line, failure, categories)

    calls = [call_spec(call) for call in outputs.tool_calls()]
    published = [assertion_spec(a) for a in example.expectations.assertions]
    extended = example.expectations.extended_assertions
    if extended:
        assertions = all_assertion_rows(published, extended, calls, ctx, *_grounding(example))
    else:
        assertions = assertion_rows(published, calls, ctx)
    checks: list[Row] = []
    if example.inputs.tools is not None:
        checks.append(tool_restriction_row(example.inputs.tools, calls))
    orphans = orphan_results_row((event.event, getattr(event, "id", None)) for event in outputs.trace)
    if orphans is not None:
        checks.append(orphans)

    metrics: dict[str, Row] = {}
    for spec, gating in plan.specs_for(example):
        result = METRICS[spec.name].compute(example, ctx, spec)
        if gating:
            result = result.model_copy(update={"gating": True})
        metrics[spec.name] = result.model_dump(mode="json")
    if example.expectations.expected_response:
        similarity = metrics.get("similarity")
        if similarity is None:
            similarity = METRICS["similarity"].compute(example, ctx, plan.similarity_spec()).model_dump(mode="json")
        checks.append(_expected_response_check(similarity))
    return _finish(line, assertions, checks, metrics, categories)


def _grounding(example: Example) -> tuple[Sources, list[int]]:
    """What ``grounded`` matchers read: the user messages and tool results, and how many results precede each call."""
    assert example.outputs is not None
    results: list[Any] = []
    before: list[int] = []
    for event in example.outputs.trace:
        if isinstance(event, ToolResult):
            results.append(event.result)
        elif isinstance(event, ToolCall):
            before.append(len(results))
    users = [message.content for message in example.inputs.messages if message.role == "user"]
    return Sources(users, results), before


def _unread_date(assertions: list[Row]) -> bool:
    """Whether some date_time check was not understood (an error a date-capable judge could settle)."""
    return any(
        parameter.get("match_as") == "date_time" and parameter.get("error")
        for assertion in assertions
        for parameter in assertion.get("parameters") or ()
    )


def _no_oracle(request: JudgeRequest) -> Verdict:
    raise RuntimeError("the fast path asked a judge")  # evaluate_plain only takes lines that need none


@lru_cache(maxsize=1024)
def _plain_context(user_time: str | None) -> MatchContext:
    """The context of a line with this ``outputs.environment.user_time``, read as the model reads it."""
    return MatchContext(_no_oracle, None if user_time is None else read_user_time(user_time), _no_date_judge)


def _no_date_judge(task: JudgeTask) -> bool:
    """The fast path asks no judge: a date phrase the grammar does not understand stays an error here."""
    return task is not JudgeTask.DATE


def evaluate_plain(
    example: ProvenExample, line: int, plan: MetricPlan, graded: frozenset[JudgeTask] = frozenset()
) -> Row | None:
    """The fast path: evaluate a line proven valid (:func:`mb.io._proof.prove`) without building models.

    It takes the lines whose verdict needs no judge and whose metrics need no work: deterministic matchers only, no
    expected response, no agent error, and either no metric or the default set when all that applies of it is
    what only an LLM judge grades and the active judge (which grades the tasks ``graded``) cannot. None for any
    other line, which goes through :func:`evaluate_with`. The rules are the same functions on plain data, so both
    paths give the same result.
    """
    expectations = example.expectations
    outputs = example.outputs
    if outputs is None or outputs.error or expectations.expected_response or plan.required:
        return None
    selected = plan.selected
    if selected is not None and selected != ():  # a chosen set of metrics: plan.fast is false
        return None
    calls: list[CallSpec] = []
    orphans: list[str] = []
    results = 0
    retrieved = False
    for event in outputs.trace:
        if isinstance(event, ProvenCall):
            calls.append((event.id, event.tool, event.params))
        elif isinstance(event, ProvenResult):
            results += 1
            result_id = event.id
            for call in calls:  # the calls before it
                if call[0] == result_id:
                    break
            else:
                orphans.append(result_id)
        else:
            retrieved = True
    metrics: dict[str, Row] = {}
    if selected is None:
        skipped = _skipped_defaults(example, graded, retrieved, results > 0)
        if skipped is None:
            return None
        metrics = skipped
    checked = proven_assertion_rows(expectations.assertions, calls, lambda: _dated_context(outputs))
    if checked is None:
        return None
    assertions, dated, passed = checked
    if dated and JudgeTask.DATE in graded and _unread_date(assertions):
        return None  # the judge can answer the date question: the model path asks it
    checks: list[Row] = []
    inputs = example.inputs
    if inputs.tools is not None:
        restriction = tool_restriction_row(inputs.tools, calls)
        passed = passed and restriction["passed"]
        checks.append(restriction)
    if results:
        orphan_check = orphans_row(results, orphans)
        if orphan_check is not None:
            passed = passed and orphan_check["passed"]
            checks.append(orphan_check)
    metadata = inputs.metadata
    categories = dict(metadata.categories or {}) if metadata is not None else {}
    if passed:  # every gating item passed, each scoring 1 (the skipped metrics do not gate): what _verdict concludes
        row = _PASSED_RESULT.copy()
        row["line"] = line
        row["assertions"] = assertions
        row["checks"] = checks
        row["metrics"] = metrics
        row["categories"] = categories
        return row
    return _finish(line, assertions, checks, metrics, categories)


def _dated_context(outputs: Any) -> MatchContext:
    """The context of a line with date_time matchers (they alone read the user time)."""
    environment = outputs.environment
    return _plain_context(None if environment is None else environment.user_time)


_BUILT_IN_METRICS = {
    metric.name: metric
    for metric in (
        text_match.exact_match,
        text_match.partial_match,
        judged.similarity,
        judged.relevance,
        judged.coherence,
        judged.groundedness,
        citations.citations,
        retrieval.retrieval,
    )
}


_BUILT_IN_NAMES = tuple(_BUILT_IN_METRICS)
_BUILT_IN_VALUES = tuple(_BUILT_IN_METRICS.values())


def built_in_metrics_only() -> bool:
    """Whether the registry holds the built-in metrics and no other (none replaced, removed or added)."""
    # as many names, each holding its built-in metric (identity, not dataclass equality): the same keys
    return len(METRICS) == len(_BUILT_IN_NAMES) and all(map(is_, map(METRICS.get, _BUILT_IN_NAMES), _BUILT_IN_VALUES))


def _skipped_defaults(
    example: ProvenExample, graded: frozenset[JudgeTask], retrieved: bool, results: bool
) -> dict[str, Row] | None:
    """The default metrics of a line without an expected response, when every one that applies is only an LLM
    judge's to grade and the judge cannot: their skipped results. None when a metric has work to do (citations,
    retrieval, a task the judge grades, a metric registered by the user), which the model path does.

    ``retrieved`` and ``results``: whether the trace has a retriever event, a tool result."""
    outputs = example.outputs
    assert outputs is not None
    if retrieved or outputs.citations is not None or not built_in_metrics_only():
        return None
    metadata = example.inputs.metadata
    if metadata is not None and metadata.turns and metadata.turns[-1].resources:
        return None
    response = outputs.response
    # every citation marker holds "[" or "【": a response with neither has none
    if ("[" in response or "【" in response) and find_citation_markers(response):
        return None
    context = example.inputs.context
    grounded = results or (isinstance(context, str) and bool(context.strip()))
    rows: dict[str, Row] = {}
    for name, task in LLM_GRADED.items():
        if name == "groundedness" and not grounded:
            continue
        if task in graded:
            return None
        row = _needs_llm_judge_row(name).copy()  # each result its own objects
        row["details"] = row["details"].copy()
        rows[name] = row
    return rows


@cache
def _needs_llm_judge_row(name: str) -> Row:
    row = needs_llm_judge(LLM_GRADED[name], threshold_of(MetricSpec(name)) or 0.0).model_dump(mode="json")
    if row["gating"]:  # evaluate_plain builds the verdict of a line whose checks all passed without them
        raise AssertionError(f"a skipped {name} result gates")
    return row


def _expected_response_check(similarity: Row) -> Row:
    if similarity["status"] == "error":
        reason = similarity["reason"]
        return {
            "name": "expected_response",
            "passed": False,
            "reason": reason,
            "gating": True,
            "score": 0.0,
            "error": reason,
        }
    passed = bool(similarity["passed"])
    value = similarity["value"] or 1.0
    judge = f" ({similarity['judge']} judge)" if similarity["judge"] else ""
    return {
        "name": "expected_response",
        "passed": passed,
        "reason": f"the response {'matches' if passed else 'does not match'} the expected response in meaning: "
        f"{similarity['reason']}{judge}",
        "gating": True,
        "score": round((value - 1.0) / 4.0, 4),
        "error": None,
    }
