"""MorganaBench metric results written as the ``scores`` entries of an output document (1.7.0 shapes).

A metric that ran becomes a valid score (``pass``/``fail`` against its threshold); a metric whose evaluator
failed becomes an errored score ``{"result": "error", "error": "Evaluator failed: ..."}`` (the item is then
``partial``: answered, not fully evaluated). A metric that does not apply (nothing to ground on, nothing to compare),
has no MorganaBench counterpart or needs an LLM judge and none is configured gets no value: no value is invented for
it; it is written as an errored score ``{"result": "error", "error": "Evaluator not run: ..."}`` (see
:func:`not_run_score`) so every requested evaluator appears in ``scores`` with its reason (a failed verdict beside it
still makes the item ``fail``), and the caller also lists it under the item's ``extensions`` (see
:func:`skipped_entry`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ...entities import Outputs
from ...metrics import NEEDS_LLM_JUDGE
from ...results import AssertionResult, CheckResult, ExampleResult, MetricResult
from .evaluators import EVALUATORS, MetricRequest

__all__ = [
    "NEEDS_LLM_JUDGE_TEXT",
    "NOT_RUN_PREFIX",
    "UNDECIDED_PREFIX",
    "VERDICT_KEY",
    "m365_citations",
    "native_scores",
    "not_run_score",
    "score_entry",
    "score_key",
    "skipped_entry",
    "verdict_score",
]

NEEDS_LLM_JUDGE_TEXT = "needs an LLM judge"
"""Part of the error of every score that was not computed because no LLM judge is configured."""

NOT_RUN_PREFIX = "Evaluator not run: "
"""How the error of an evaluator that did not run (not applicable, not supported) starts."""

UNDECIDED_PREFIX = "Evaluator undecided: "
"""How the error of an evaluator whose judge could not decide starts."""

REQUIRED_PREFIX = "required"
"""Prefix of the ``scores`` key of a required metric whose own key an evaluator of the item holds with another verdict
(``requiredPartialMatch`` beside ``partialMatch``)."""

SCORE_EVALUATOR_PREFIX = "morganabench."
"""Scores name the metric that produced them in their ``evaluator`` field, e.g. ``morganabench.relevance``."""


def _clamp(value: float, low: float, high: float) -> float:
    return min(high, max(low, value))


def errored_score(reason: str) -> dict[str, Any]:
    """An errored score record with the ``Evaluator failed:`` prefix."""
    return {"result": "error", "error": f"Evaluator failed: {reason.strip() or 'no reason given'}"}


def not_run_score(reason: str) -> dict[str, Any]:
    """An errored score record for an evaluator that did not run, with the ``Evaluator not run:`` prefix."""
    return {"result": "error", "error": NOT_RUN_PREFIX + (reason.strip() or "no reason given")}


def undecided_score(reason: str) -> dict[str, Any]:
    """An errored score record for a verdict the judge could not decide (never a pass; the item is ``partial``)."""
    return {"result": "error", "error": UNDECIDED_PREFIX + (reason.strip() or "the judge could not tell")}


def score_key(evaluator: str) -> str:
    """The ``scores`` key of an evaluator: its known key (``exactMatch``...), else its name with a lower-case first
    letter (``RetrievalQuery`` -> ``retrievalQuery``)."""
    info = EVALUATORS.get(evaluator)
    if info is not None:
        return info.score_key
    return evaluator[:1].lower() + evaluator[1:]


def skipped_entry(evaluator: str, reason: str) -> dict[str, str]:
    """How an evaluator that did not run is listed in the item's ``extensions.morganabench.skipped``."""
    return {"evaluator": evaluator, "reason": reason or "not run"}


def score_entry(
    request: MetricRequest, result: MetricResult | None, citations: list[dict[str, Any]] | None = None
) -> dict[str, Any] | None:
    """The ``scores`` entry for one evaluator, or None when the metric does not apply (or was not computed)."""
    if result is not None and result.status == "skipped" and result.details.get("needs") == NEEDS_LLM_JUDGE:
        reason = result.reason if NEEDS_LLM_JUDGE_TEXT in result.reason else f"{request.metric} {NEEDS_LLM_JUDGE_TEXT}"
        return not_run_score(reason)
    if result is None or result.status == "skipped":
        return None
    if result.status == "error":
        return errored_score(result.reason)
    value = result.value
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return errored_score(f"{request.metric} produced no value")
    if result.details.get("undecided") is True:
        return undecided_score(result.reason)
    asked, done = (bool(where.get("case_sensitive", False)) for where in (request.options, result.details))
    if asked != done:  # a verdict the document's own evaluator may contradict is not written as its verdict
        how = "case-sensitive" if done else "ignoring case"
        return not_run_score(
            f"{request.metric} was computed {how} but the document asks case_sensitive: {str(asked).lower()} "
            "(`mb runevals` computes it the document's way)"
        )
    # The item's configured threshold decides (results computed elsewhere may have used the metric's default).
    threshold = request.threshold if request.threshold is not None else result.threshold
    if request.score_key == "exactMatch" or threshold is None:
        passed = result.passed if result.passed is not None else value >= 1
    else:
        passed = value >= threshold
    entry: dict[str, Any]
    if request.score_key == "exactMatch":
        entry = {"match": bool(value >= 1), "result": "pass" if passed else "fail"}
    elif request.score_key == "citations":
        if result.passed is False and (result.threshold or 0.0) <= (threshold or 0.0):
            passed = False  # an invalid or unsupported citation fails the metric at any count
        entry = {
            "count": max(0, int(value)),
            "result": "pass" if passed else "fail",
            "threshold": max(0, math.ceil(1 if threshold is None else threshold)),
        }
        detected = result.details.get("format")
        chosen = request.options.get("citation_format")
        if isinstance(detected, str) or isinstance(chosen, str):
            entry["format"] = detected if isinstance(detected, str) else chosen
        markers = result.details.get("markers")
        if not citations and isinstance(markers, list):  # counted from markers in the response text
            citations = [{"index": i, "text": str(m)} for i, m in enumerate(markers, start=1) if isinstance(m, str)]
        if citations:
            entry["citations"] = citations
    else:  # a 0-1 score (partialMatch, default threshold 0.5) or a 1-5 one (default threshold 3)
        low, high, default = (0.0, 1.0, 0.5) if request.score_key == "partialMatch" else (1.0, 5.0, 3.0)
        entry = {
            "score": _clamp(float(value), low, high),
            "result": "pass" if passed else "fail",
            "threshold": _clamp(float(default if threshold is None else threshold), low, high),
        }
    if result.reason:
        entry["reason"] = result.reason
    entry["evaluator"] = SCORE_EVALUATOR_PREFIX + request.metric
    if result.judge:
        entry["judge"] = result.judge
    return entry


def m365_citations(outputs: Outputs) -> list[dict[str, Any]]:
    """The response's citations as M365 citation objects: 1-based ``index``, the cited ``text``, ``source``."""
    cited: list[dict[str, Any]] = []
    for index, citation in enumerate(outputs.citations or [], start=1):
        entry: dict[str, Any] = {"index": index}
        start, end = citation.span_from, citation.span_to
        if 0 <= start < end <= len(outputs.response):
            entry["text"] = outputs.response[start:end]
        entry["source"] = citation.document_id
        entry["span"] = [start, end]
        cited.append(entry)
    return cited


TOOL_CALLS_KEY = "toolCalls"
"""The ``scores`` key of MorganaBench's verdict on the example's tool-call assertions."""

CHECKS_KEY = "checks"
"""The ``scores`` key of MorganaBench's verdict on the example's gating checks (allowed tools, orphan results,
expected response, facts, guidelines)."""


def native_scores(
    result: ExampleResult, taken: Mapping[str, Any], *, beside: bool = False
) -> dict[str, dict[str, Any]]:
    """MorganaBench's own verdicts as ``scores`` entries, under keys not in ``taken`` (the scores already written):
    the tool-call assertions (``toolCalls``), the gating checks (``checks``) and every required metric that no
    requested evaluator reported (``similarity``, ``exactMatch``...): what decided the example's status, and so the
    item's. A required metric whose key an evaluator of the item took with another verdict (a looser threshold) is
    written under ``required`` and its key (``requiredPartialMatch``), so the item's status reads both. With ``beside``,
    the metrics computed beside the verdict instead, in the same form: an item's status reads every score, so they
    are kept apart from it.

    A metric that did not apply is left out, unless it was required; one that errored (or a required one not
    scored) becomes an errored score, so the item is not reported as passed.
    """
    scores: dict[str, dict[str, Any]] = {}
    if result.assertions and TOOL_CALLS_KEY not in taken and not beside:
        scores[TOOL_CALLS_KEY] = _verdicts_score(result.assertions, "tool-call assertion", "tool_calls")
    gating = [check for check in result.checks if check.gating]
    if gating and CHECKS_KEY not in taken and not beside:
        scores[CHECKS_KEY] = _verdicts_score(gating, "check", "checks")
    by_metric = {info.metric: name for name, info in EVALUATORS.items()}
    for metric, outcome in result.metrics.items():
        evaluator = by_metric.get(metric)
        key = EVALUATORS[evaluator].score_key if evaluator is not None else metric
        if key in scores or (outcome.status == "skipped" and not outcome.gating) or outcome.gating == beside:
            continue
        entry: dict[str, Any] | None
        if outcome.status == "skipped":  # required but not scored: an error of the example, never left out
            entry = errored_score(f"required metric {metric} not scored: {outcome.reason or 'it does not apply'}")
        elif evaluator is not None:
            request = MetricRequest(evaluator, metric, key, outcome.threshold)
            entry = score_entry(request, outcome)
        elif outcome.status == "error" or outcome.value is None:
            entry = errored_score(outcome.reason or f"{metric} produced no value")
        elif outcome.details.get("undecided") is True:
            entry = undecided_score(outcome.reason)
        else:
            entry = {"score": float(outcome.value), "result": "pass" if outcome.passed else "fail"}
            if outcome.threshold is not None:
                entry["threshold"] = outcome.threshold
            if outcome.reason:
                entry["reason"] = outcome.reason
            entry["evaluator"] = SCORE_EVALUATOR_PREFIX + metric
        if entry is None:
            continue
        if key in taken:  # an evaluator of the item took the key: keep the required metric if its verdict differs
            same = isinstance(taken[key], Mapping) and taken[key].get("result") == entry.get("result")
            key = REQUIRED_PREFIX + key[:1].upper() + key[1:]
            if beside or same or key in taken:
                continue
        scores[key] = entry
    return scores


VERDICT_KEY = "verdict"
"""The ``scores`` key of the example's own verdict, written when no other score tells that it did not pass."""


def verdict_score(result: ExampleResult) -> dict[str, Any]:
    """The example's verdict as a score, for an example that did not pass though every other score of its item
    passed: a failed one fails, any other (undecided, errored) is an errored score, so the item is never ``pass``."""
    why = "; ".join(result.failure_reasons()[:3]) or "no reason recorded"
    if result.status == "failed":
        reason = f"the example failed in MorganaBench: {why}"
        return {"score": 0.0, "result": "fail", "reason": reason, "evaluator": SCORE_EVALUATOR_PREFIX + VERDICT_KEY}
    if result.status == "undecided":
        return undecided_score(f"the example is undecided in MorganaBench: {why}")
    return errored_score(f"the example did not pass in MorganaBench ({result.status}): {why}")


def _verdicts_score(items: Sequence[AssertionResult | CheckResult], what: str, evaluator: str) -> dict[str, Any]:
    """The verdict on assertions or checks: pass only when every one passed; an error or an undecided one (with
    none failed) is an errored score, never a pass."""
    errors = [item.error for item in items if item.error]
    if errors:
        return errored_score(f"{what} could not be checked: {errors[0]}")
    passed = sum(1 for item in items if item.passed)
    failed = [item.reason or _name(item) for item in items if not item.passed and not item.undecided]
    undecided = [item.reason or _name(item) for item in items if item.undecided and not item.passed]
    if undecided and not failed:
        return undecided_score(f"{len(undecided)} {what}(s) undecided; " + "; ".join(undecided[:3]))
    reason = f"{passed} of {len(items)} {what}(s) passed"
    if failed or undecided:
        reason += "; " + "; ".join([*failed, *undecided][:3])
    return {
        "score": passed / len(items),
        "result": "pass" if passed == len(items) else "fail",
        "passed": passed,
        "total": len(items),
        "reason": reason,
        "evaluator": SCORE_EVALUATOR_PREFIX + evaluator,
    }


def _name(item: AssertionResult | CheckResult) -> str:
    return item.assert_that if isinstance(item, AssertionResult) else item.name
