"""One example (and what happened when it ran) -> one single-turn item or one turn of an M365 document."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...entities import Example
from ...evaluation._example import agent_failure as failure_of
from ...results import ExampleResult
from .evaluators import effective_evaluators, metric_requests
from .importer import M365_FIELD, NATIVE_EXTENSION, category_of, take_native
from .scores import (
    VERDICT_KEY,
    m365_citations,
    native_scores,
    not_run_score,
    score_entry,
    score_key,
    skipped_entry,
    verdict_score,
)
from .status import Status, agent_failure, item_status, skipped_turn

__all__ = ["Evaluated", "build_entry", "m365_data"]

RESULT_FIELDS = ("response", "scores", "status", "error", "citations", "diagnostics")
"""Fields of an item or turn that hold the results of a run (replaced when the example has new results)."""


@dataclass
class Evaluated:
    """An example, its outputs once run, and its evaluation."""

    example: Example
    """The example (with ``outputs`` once the agent ran)."""

    result: ExampleResult | None = None
    """Its evaluation (the metrics of its evaluators), when evaluated."""

    skipped: bool = False
    """True for a turn not attempted because a preceding turn of its thread failed."""

    line: int | None = None
    """Where the example comes from (1-based line of its benchmark file), for messages."""


_SKIPPED = "skipped"
"""The key, in an item's ``extensions.morganabench``, of the evaluators MorganaBench could not run, with why."""

_BESIDE = "metrics"
"""The key, in an item's ``extensions.morganabench``, of the metrics reported beside the verdict (as scores)."""


def m365_data(example: Example) -> dict[str, Any]:
    """The example's ``m365`` object (empty for an example that did not come from an M365 document)."""
    data = (example.model_extra or {}).get(M365_FIELD)
    return data if isinstance(data, dict) else {}


def build_entry(
    evaluated: Evaluated,
    *,
    history: list[dict[str, str]],
    default_evaluators: Mapping[str, Any] | None,
    document_defaults: Mapping[str, Any] | None,
) -> tuple[dict[str, Any], Status | None]:
    """The item or turn for one example, and its status (None when it has no results).

    ``history`` is the conversation the import would rebuild for this example (the earlier turns of its thread,
    or nothing): any other history is kept in ``extensions.morganabench.messages``. ``default_evaluators`` are the
    example's own document defaults and ``document_defaults`` those of the document being written: when they
    differ the example's evaluators are written out in full (``evaluators_mode: replace``).
    """
    example = evaluated.example
    data = m365_data(example)
    messages = example.inputs.message_dicts()
    entry: dict[str, Any] = {"prompt": messages[-1]["content"]}
    if example.expectations.expected_response is not None:
        entry["expected_response"] = example.expectations.expected_response
    context = (example.inputs.model_extra or {}).get("context")
    if context is not None:
        entry["context"] = context if isinstance(context, str) else json.dumps(context, ensure_ascii=False)
    evaluators = data.get("evaluators") if isinstance(data.get("evaluators"), dict) else None
    mode = data.get("evaluators_mode") if data.get("evaluators_mode") in ("extend", "replace") else None
    effective = effective_evaluators(default_evaluators, evaluators, mode)
    own, theirs = (None if defaults is None else dict(defaults) for defaults in (default_evaluators, document_defaults))
    if own == theirs:
        if evaluators is not None:
            entry["evaluators"] = evaluators
        if mode is not None:
            entry["evaluators_mode"] = mode
    else:
        entry["evaluators"] = effective
        entry["evaluators_mode"] = "replace"
    fields = {key: value for key, value in (data.get("fields") or {}).items() if key not in entry}
    has_results = example.outputs is not None or evaluated.result is not None or evaluated.skipped
    if has_results:  # new results replace the ones the example was imported with
        fields = {key: value for key, value in fields.items() if key not in RESULT_FIELDS}
        take_native(fields, (_SKIPPED, _BESIDE))
    native = _native(example, messages[:-1], history)
    if native:
        extensions = dict(fields.get("extensions") or {})
        extensions[NATIVE_EXTENSION] = {**(extensions.get(NATIVE_EXTENSION) or {}), **native}
        fields["extensions"] = extensions
    entry.update(fields)
    if has_results:
        return entry, _results(evaluated, entry, effective)
    kept = entry.get("status")  # results of an imported output document
    return entry, kept if kept in ("pass", "fail", "partial", "error") else None


def _native(example: Example, earlier: list[dict[str, str]], history: list[dict[str, str]]) -> dict[str, Any]:
    """MorganaBench data the M365 entry has no field for."""
    native: dict[str, Any] = {}
    if earlier != history:
        native["messages"] = earlier
    line = {k: v for k, v in (example.model_extra or {}).items() if k not in (M365_FIELD, "example_hash")}
    if line:  # the line's own fields (an id...)
        native["line"] = line
    if example.expectations.assertions:
        native["assertions"] = [a.model_dump(mode="json", exclude_none=True) for a in example.expectations.assertions]
    extra = example.expectations.model_extra or {}
    for key in ("extended_assertions", "expected_facts", "guidelines"):
        if extra.get(key):
            native[key] = extra[key]
    context = (example.inputs.model_extra or {}).get("context")
    if context is not None and not isinstance(context, str):  # M365's context is a string: keep the JSON value
        native["context"] = context
    if example.inputs.tools is not None:
        native["tools"] = list(example.inputs.tools)
    metadata = example.inputs.metadata
    if metadata is not None:
        dumped = metadata.model_dump(mode="json", exclude_none=True)
        categories = dict(dumped.get("categories") or {})
        data = m365_data(example)
        category = category_of(data.get("fields"), data.get("thread"))
        if category is not None and categories.get("category") == category:
            del categories["category"]
        if categories:
            dumped["categories"] = categories
        else:
            dumped.pop("categories", None)
        if dumped:
            native["metadata"] = dumped
    return native


def _results(evaluated: Evaluated, entry: dict[str, Any], effective: dict[str, dict[str, Any]]) -> Status | None:
    """Write response, citations, scores, status and error into ``entry``; return the status."""
    outputs = evaluated.example.outputs
    failure = failure_of(evaluated.example)
    errored = outputs is None and evaluated.result is not None and evaluated.result.error
    if evaluated.skipped or failure is not None or errored:
        cause = failure or str(evaluated.result.error if evaluated.result else "")
        status, not_done = skipped_turn() if evaluated.skipped else agent_failure(cause)
        entry.update(response="", scores={}, status=status, error=not_done)
        return status
    citations = m365_citations(outputs) if outputs is not None else []
    if outputs is not None:
        entry["response"] = outputs.response
        if citations:
            entry["citations"] = citations
    if evaluated.result is None:
        return None
    requests, not_run = metric_requests(effective)
    scores: dict[str, Any] = {}
    skipped = [skipped_entry(name, reason) for name, reason in not_run.items()]
    for request in requests:
        metric = evaluated.result.metrics.get(request.metric)
        score = score_entry(request, metric, citations if request.metric == "citations" else None)
        if score is None:
            reason = (metric.reason if metric is not None else "") or "not computed for this example"
            skipped.append(skipped_entry(request.evaluator, reason))
            scores[request.score_key] = not_run_score(reason)
        else:
            scores[request.score_key] = score
    for name, reason in not_run.items():
        scores.setdefault(score_key(name), not_run_score(reason))
    scores.update(native_scores(evaluated.result, scores))
    beside = native_scores(evaluated.result, scores, beside=True)
    if not evaluated.result.passed and item_status(scores)[0] == "pass":  # results that do not say what gated
        scores, beside = {**scores, **beside}, {}
    if not evaluated.result.passed and item_status(scores)[0] == "pass":  # an example that did not pass never does
        scores[VERDICT_KEY] = verdict_score(evaluated.result)
    status, error = item_status(scores)
    entry["scores"] = scores
    entry["status"] = status
    if error is not None:
        entry["error"] = error
    added = {key: value for key, value in ((_SKIPPED, skipped), (_BESIDE, beside)) if value}
    if added:
        extensions = dict(entry.get("extensions") or {})
        extensions[NATIVE_EXTENSION] = {**(extensions.get(NATIVE_EXTENSION) or {}), **added}
        entry["extensions"] = extensions
    return status
