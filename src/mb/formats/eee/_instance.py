"""One evaluated example as an EEE instance-level record (one line of ``<uuid>_samples.jsonl``), and
``sample_hash``: the key EEE uses to recognise the same sample across models and exporters."""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any

import orjson

from ...entities import Example
from ...results import ExampleResult
from ._transcript import INPUT_ROLES, Transcript, Turn, as_text, input_text, interaction_type, raw_input, transcript

__all__ = ["InstanceContext", "instance_record", "sample_hash"]


def sample_hash(raw: str, reference: str | list[str]) -> str:
    """The SHA-256 hex digest EEE records as ``sample_hash`` for ``input.raw`` and ``input.reference``.

    The rule depends on the shape of ``reference``, which is what differs between schema versions:

    - 0.2.0 (``reference`` is one string): SHA-256 of the UTF-8 bytes of ``raw + reference``, the plain
      concatenation the 0.2.0 schema describes and its converters compute.
    - 0.3.0 (``reference`` is a list of strings): SHA-256 of the UTF-8 bytes of the canonical JSON object
      ``{"raw": raw, "reference": reference}``: keys sorted, separators ``,`` and ``:`` without spaces, non-ASCII
      characters escaped as ``\\uXXXX`` (surrogate pairs beyond the BMP), the full reference list (``[]`` when
      empty). This is the recipe the EEE project prescribes for every exporter.
    """
    if isinstance(reference, str):
        payload = raw + reference
    else:
        payload = json.dumps({"raw": raw, "reference": list(reference)}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


_RESPONSE_METHOD = "full_response"
"""``extraction_method`` of the final answer: the whole response is what gets scored, nothing is extracted."""

_TOOL_CALL_METHOD = "tool_call"
"""``extraction_method`` of a tool call checked by the example's assertions."""


@dataclass(frozen=True, slots=True)
class InstanceContext:
    """What every line of one export shares."""

    version: str
    """The EEE schema version written (``0.2.0`` or ``0.3.0``)."""

    evaluation_id: str
    """The aggregate record's ``evaluation_id`` (foreign key)."""

    model_id: str
    """The model id, ``developer/model``."""

    evaluation_name: str
    """The benchmark's evaluation name."""

    evaluation_result_id: str
    """The aggregate result each line belongs to (the overall pass rate); written from 0.3.0 on."""


def instance_record(
    result: ExampleResult, example: Example | None, context: InstanceContext, document: Any = None
) -> dict[str, Any]:
    """The instance-level record of ``result`` (the evaluation) and ``example`` (the executed line it scored).

    ``example`` is None when the executed line was invalid; ``document`` (its raw JSON, when it parsed) then
    supplies what can still be recovered of the input.
    """
    v3 = context.version != "0.2.0"
    raw = raw_input(example) if example is not None else _raw_from_document(document)
    expected = example.expectations.expected_response if example is not None else None
    reference: str | list[str] = ([expected] if expected else []) if v3 else (expected or "")
    kind = interaction_type(example) if example is not None else "single_turn"
    record: dict[str, Any] = {
        "schema_version": context.version,
        "evaluation_id": context.evaluation_id,
        "model_id": context.model_id,
        "evaluation_name": context.evaluation_name,
    }
    if v3:
        record["evaluation_result_id"] = context.evaluation_result_id
    record.update(
        sample_id=_sample_id(result, example),
        sample_hash=sample_hash(raw, reference),
        interaction_type=kind,
        input={"raw": raw, "reference": reference},
    )
    response = example.outputs.response if example is not None and example.outputs is not None else ""
    messages_key = "messages" if v3 else "interactions"
    if kind == "single_turn" or example is None:
        record["output"] = {"raw": ([response] if response else []) if v3 else response}
        record[messages_key] = None
        attribution = [_attribution(0, "output.raw", response, _RESPONSE_METHOD, True)] if response else []
        turns, tool_calls = 1, 0
    else:
        conversation = transcript(example)
        record["output"] = None
        record[messages_key] = [_message(index, turn, v3) for index, turn in enumerate(conversation.turns)]
        attribution = _conversation_attribution(conversation, messages_key)
        turns, tool_calls = len(conversation.turns), conversation.tool_calls
    record["answer_attribution"] = attribution
    # The score is this line's contribution to the result it links to (the overall pass rate): an example that
    # could not be evaluated counts as failed there, so it does here.
    passed = result.passed and result.status != "error"
    record["evaluation"] = {
        "score": 1.0 if passed else 0.0,
        "is_correct": passed,
        "num_turns": max(turns, 1),
        "tool_calls_count": tool_calls,
    }
    extras = dict(example.outputs.model_extra or {}) if example is not None and example.outputs is not None else {}
    usage = _token_usage(extras.get("usage"))
    if usage is not None:
        record["token_usage"] = usage
    latency = extras.get("latency_ms")  # a finite non-negative number (booleans are no latency)
    if isinstance(latency, (int, float)) and not isinstance(latency, bool) and math.isfinite(latency) and latency >= 0:
        record["performance"] = {"latency_ms": float(latency)}
    error = example_error(result)
    if error is not None:
        record["error"] = error
    record["metadata"] = _metadata(result, example)
    return record


def example_error(result: ExampleResult) -> str | None:
    """Why the example could not be decided: its error, or the first judge failure among its verdicts."""
    if result.error:
        return result.error
    if result.status != "error":
        return None
    for assertion in result.assertions:
        if assertion.error:
            return f"assertion {assertion.tool or assertion.assert_that}: {assertion.error}"
        for parameter in assertion.parameters:
            if parameter.error:
                return f"parameter {', '.join(parameter.params)}: {parameter.error}"
    for check in result.checks:
        if check.error:
            return f"check {check.name}: {check.error}"
    for name, metric in result.metrics.items():
        if metric.status == "error":
            return f"metric {name}: {metric.reason}"
    return "the example could not be evaluated"


def _sample_id(result: ExampleResult, example: Example | None) -> str:
    extra = example.model_extra if example is not None else None
    for key in ("sample_id", "id"):
        value = (extra or {}).get(key)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value):
            return str(value)
    return str(result.line)


def _raw_from_document(document: Any) -> str:
    inputs = document.get("inputs") if isinstance(document, dict) else None
    messages = inputs.get("messages") if isinstance(inputs, dict) else None
    if not isinstance(messages, list):
        return ""
    texts = [
        (str(m.get("role", "")), m["content"])
        for m in messages
        if isinstance(m, dict) and isinstance(m.get("content"), str)
    ]
    if not any(role in INPUT_ROLES for role, _ in texts):
        # An invalid line with no user or system message: keep what it holds (its error says why it is invalid).
        return "\n".join(content if len(texts) == 1 else f"{role}: {content}" for role, content in texts)
    return input_text(texts)


def _attribution(turn_idx: int, source: str, value: str, method: str, terminal: bool) -> dict[str, Any]:
    return {
        "turn_idx": turn_idx,
        "source": source,
        "extracted_value": value,
        "extraction_method": method,
        "is_terminal": terminal,
    }


def _conversation_attribution(conversation: Transcript, key: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for index, turn in enumerate(conversation.turns):
        for position, call in enumerate(turn.tool_calls):
            value = as_text({"id": call.id, "name": call.tool, "arguments": call.params})
            items.append(_attribution(index, f"{key}[{index}].tool_calls[{position}]", value, _TOOL_CALL_METHOD, False))
    if conversation.answer_index is not None:
        index = conversation.answer_index
        content = conversation.turns[index].content or ""
        items.append(_attribution(index, f"{key}[{index}].content", content, _RESPONSE_METHOD, True))
    return items


def _message(index: int, turn: Turn, v3: bool) -> dict[str, Any]:
    message: dict[str, Any] = {"turn_idx": index, "role": turn.role, "content": turn.content}
    if turn.tool_calls:
        # 0.3.0 arguments are strings only: each value as JSON text, so ``5`` and ``"5"`` stay distinct
        text: Any = (lambda value: orjson.dumps(value).decode()) if v3 else (lambda value: value)
        message["tool_calls"] = [
            {"id": call.id, "name": call.tool, "arguments": {key: text(value) for key, value in call.params.items()}}
            for call in turn.tool_calls
        ]
    if turn.tool_call_id is not None:
        message["tool_call_id"] = [turn.tool_call_id] if v3 else turn.tool_call_id
    return message


def _count(value: Any) -> int | None:
    """A whole non-negative number (``3`` or ``3.0``) as an int; None for anything else (booleans included)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        return None
    return int(value) if isinstance(value, int) or value.is_integer() else None


_OPTIONAL_USAGE = ("input_tokens_cache_write", "input_tokens_cache_read", "reasoning_tokens")


def _token_usage(usage: Any) -> dict[str, int] | None:
    """``token_usage`` from the runner's ``outputs.usage``; all three counts or nothing (a missing total is summed)."""
    if not isinstance(usage, dict):
        return None
    prompt, completion = _count(usage.get("input_tokens")), _count(usage.get("output_tokens"))
    if prompt is None or completion is None:
        return None
    total = _count(usage.get("total_tokens"))
    record = {"input_tokens": prompt, "output_tokens": completion, "total_tokens": total or prompt + completion}
    for key in _OPTIONAL_USAGE:
        count = _count(usage.get(key))
        if count is not None:
            record[key] = count
    return record


def _metadata(result: ExampleResult, example: Example | None) -> dict[str, str]:
    """Strings only (the 0.3.0 schema requires it): line, trial, status, categories, metric values, failure reasons,
    example hash."""
    metadata = {"line": str(result.line), "status": result.status}
    if result.repeat is not None:
        metadata["repeat"] = str(result.repeat)
    if math.isfinite(result.score):
        metadata["expectations_met"] = repr(float(result.score))
    categories = dict(result.categories)
    turn_categories: dict[str, str] = {}
    if example is not None and example.inputs.metadata is not None:
        categories = {**(example.inputs.metadata.categories or {}), **categories}
        turns = example.inputs.metadata.turns
        if turns:
            turn_categories = dict(turns[-1].categories)
    metadata.update({f"category.{key}": str(value) for key, value in sorted(categories.items())})
    metadata.update({f"turn_category.{key}": str(value) for key, value in sorted(turn_categories.items())})
    for name, metric in sorted(result.metrics.items()):
        if metric.status == "ok" and metric.value is not None and math.isfinite(metric.value):
            metadata[f"metric.{name}"] = repr(float(metric.value))
            if metric.details.get("undecided") is True:
                metadata[f"metric.{name}.passed"] = "undecided"
            elif metric.passed is not None:
                metadata[f"metric.{name}.passed"] = "true" if metric.passed else "false"
        else:
            metadata[f"metric.{name}"] = metric.status
    reasons = result.failure_reasons()
    if reasons:
        metadata["failures"] = " | ".join(reasons)
    extra = example.model_extra if example is not None else None
    example_hash = result.example_hash or (extra or {}).get("example_hash")
    if isinstance(example_hash, str):
        metadata["example_hash"] = example_hash
    return metadata
