"""Judged 1-5 metrics: ``similarity`` (any judge), ``relevance``, ``coherence``, ``groundedness`` (LLM judges)."""

from __future__ import annotations

from collections.abc import Callable

from ..entities import Example
from ..judges.base import JudgeRequest, JudgeTask
from ..matching import MatchContext
from ..matching.free_text import same_text
from ..results import MetricResult
from ._base import Compute, Metric, MetricSpec, register_metric, skipped, threshold_of
from ._text import context_text, has_expected_response, question_text

__all__ = ["NEEDS_LLM_JUDGE", "coherence", "groundedness", "relevance", "similarity", "similarity_request"]

NEEDS_LLM_JUDGE = "llm_judge"
"""``details["needs"]`` of a metric skipped because only an LLM judge can grade it."""


def _graded(
    request: JudgeRequest, ctx: MatchContext, threshold: float, what: str, *, decided: bool = False
) -> MetricResult:
    """The judge's grade against ``threshold``; undecided never passes, and with ``decided`` neither does a verdict
    the judge failed (a semantic check: a threshold below the judge's boundary never turns a failure into a pass)."""
    verdict = ctx.oracle(request)
    if verdict.error is not None:
        return MetricResult(
            status="error",
            threshold=threshold,
            reason=f"the {verdict.judge} judge failed: {verdict.error}",
            judge=verdict.judge,
        )
    grade = round(verdict.grade, 2)
    undecided = verdict.undecided  # never passed: the judge could not tell
    # the grade as computed meets the threshold, not the grade rounded for display (4.4952 is under 4.5)
    shown = grade if (grade >= threshold) == (verdict.grade >= threshold) else round(verdict.grade, 4)
    return MetricResult(
        value=grade,
        passed=verdict.grade >= threshold and not undecided and (verdict.passed or not decided),
        threshold=threshold,
        reason=f"{what} {shown:g}/5{', undecided' if undecided and 'undecided' not in verdict.reason else ''}: "
        f"{verdict.reason}",
        judge=verdict.judge,
        details={"undecided": True} if undecided else {},
    )


def similarity_request(example: Example) -> JudgeRequest | None:
    """The judge request comparing the response with the expected response (None when there is nothing to judge)."""
    expected = example.expectations.expected_response
    if not expected or example.outputs is None:
        return None
    return JudgeRequest(
        JudgeTask.SIMILARITY, candidate=example.outputs.response, reference=expected, question=question_text(example)
    )


def _similarity(example: Example, ctx: MatchContext, spec: MetricSpec) -> MetricResult:
    threshold = threshold_of(spec) or 0.0
    request = similarity_request(example)
    if request is None:
        return skipped("no expected_response to compare with", threshold)
    if same_text(request.candidate, request.reference):
        return MetricResult(
            value=5.0,
            passed=threshold <= 5.0,
            threshold=threshold,
            reason="similarity 5/5: the response is the expected response",
        )
    if not request.candidate.strip():
        return MetricResult(
            value=1.0, passed=False, threshold=threshold, reason="similarity 1/5: the response is empty"
        )
    return _graded(request, ctx, threshold, "similarity", decided=True)


def _llm_graded(task: JudgeTask, *, grounded: bool = False) -> Compute:
    """A 1-5 metric only an LLM judge can grade: the response to the request (and, ``grounded``, its context)."""

    def compute(example: Example, ctx: MatchContext, spec: MetricSpec) -> MetricResult:
        threshold = threshold_of(spec) or 0.0
        if example.outputs is None:
            return skipped("no outputs", threshold)
        context = context_text(example) if grounded else ""
        if grounded and not context:
            return skipped(
                "no context to ground the response on (no retrieval, tool result or inputs.context)", threshold
            )
        if not ctx.supports(task):
            why = f"{task.value} needs an LLM judge (the llm judge: set MB_JUDGE_MODEL and an API key or base URL)"
            return skipped(why, threshold, needs=NEEDS_LLM_JUDGE)
        request = JudgeRequest(
            task, candidate=example.outputs.response, reference=context, question=question_text(example)
        )
        return _graded(request, ctx, threshold, task.value)

    return compute


def _has_outputs(example: Example) -> bool:
    return example.outputs is not None


def _has_context(example: Example) -> bool:
    return example.outputs is not None and bool(context_text(example))


def _grade_metric(
    name: str, description: str, applies: Callable[[Example], bool], compute: Compute, needs: str = "outputs"
) -> Metric:
    metric = Metric(name, description, 3.0, applies, compute, unit="grade from 1 to 5", scale=(1.0, 5.0), needs=needs)
    return register_metric(metric)


similarity = _grade_metric(
    "similarity",
    "How closely the response matches the expected response (1-5).",
    has_expected_response,
    _similarity,
    "expected response",
)
relevance = _grade_metric(
    "relevance",
    "How well the response addresses the request (1-5, LLM judge).",
    _has_outputs,
    _llm_graded(JudgeTask.RELEVANCE),
)
coherence = _grade_metric(
    "coherence",
    "How logical and well organized the response is (1-5, LLM judge).",
    _has_outputs,
    _llm_graded(JudgeTask.COHERENCE),
)
groundedness = _grade_metric(
    "groundedness",
    "How well the response is supported by retrieved context (1-5, LLM judge).",
    _has_context,
    _llm_graded(JudgeTask.GROUNDEDNESS, grounded=True),
    "retrieved context",
)
