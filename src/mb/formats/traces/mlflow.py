"""MLflow traces: the JSON of ``mlflow.entities.Trace`` (``Trace.to_json()``: ``info`` + ``data.spans``).

Span attribute values are JSON text (``mlflow.spanType``, ``mlflow.spanInputs``, ``mlflow.spanOutputs``). A file
holds one trace, a JSON array of traces, or one trace per line.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from ...entities.outputs import requested_calls
from ._common import HASH_ATTRIBUTE, WRONG_TYPE, SourceTrace, Step, TraceError, span_error, wrong_type
from ._files import json_documents
from ._values import assistant_text, chat_messages, documents_of

__all__ = ["read_mlflow"]

_CHAT_TYPES = {"CHAT_MODEL", "LLM"}
_STATUS_ERROR = ("STATUS_CODE_ERROR", "ERROR", 2)


def _decoded(value: Any) -> Any:
    if isinstance(value, str):
        # not JSON, or past what the parser reads (nesting, long integers): the text as it is
        with contextlib.suppress(ValueError, RecursionError):
            return json.loads(value)
    return value


def _attributes(items: Any) -> dict[str, Any]:
    return {key: _decoded(value) for key, value in (items or {}).items()}


def _last(messages: Any) -> list[Any]:
    """The last of the messages MLflow records for a chat span (``mlflow.chat.messages``: the conversation, then
    the answer in OpenAI's form, whatever the framework's own outputs)."""
    return messages[-1:] if isinstance(messages, list) else []


def _step(span: dict[str, Any], attributes: dict[str, Any], start: int) -> Step | None:
    kind = str(attributes.get("mlflow.spanType") or "").upper()
    span_id = str(span.get("span_id") or "")
    inputs, outputs = attributes.get("mlflow.spanInputs"), attributes.get("mlflow.spanOutputs")
    if kind == "TOOL":
        call_id = attributes.get("gen_ai.tool.call.id") or attributes.get("mlflow.tool.call_id")
        return Step(
            kind="tool", start=start, span_id=span_id, name=str(span.get("name") or "") or None,
            call_id=None if call_id is None else str(call_id), arguments=inputs, result=outputs,
            error=span_error(span, _STATUS_ERROR, _attributes),
        )  # fmt: skip
    if kind == "RETRIEVER":
        return Step(
            kind="retriever", start=start, span_id=span_id, name=span.get("name"), documents=documents_of(outputs)
        )
    if kind in _CHAT_TYPES:
        usage = attributes.get("mlflow.chat.tokenUsage")
        usage = usage if isinstance(usage, dict) else {}
        return Step(
            kind="chat", start=start, span_id=span_id, name=span.get("name"),
            input_messages=chat_messages(inputs), output_text=assistant_text(outputs),
            requested=requested_calls(outputs) + requested_calls(_last(attributes.get("mlflow.chat.messages"))),
            input_tokens=usage.get("input_tokens"), output_tokens=usage.get("output_tokens"),
            error=span_error(span, _STATUS_ERROR, _attributes),
        )  # fmt: skip
    if kind in ("", "UNKNOWN") and span.get("parent_span_id"):  # a traced function (the root is the agent)
        return Step(
            kind="span", start=start, span_id=span_id, name=str(span.get("name") or "") or None, arguments=inputs,
            result=outputs, error=span_error(span, _STATUS_ERROR, _attributes),
        )  # fmt: skip
    if span.get("parent_span_id"):  # a chain, a parser, an agent: never a call, but may hide one
        return Step(kind="other", start=start, span_id=span_id, name=str(span.get("name") or "") or None)
    return None


def _trace(where: str, document: Any) -> SourceTrace:
    if not isinstance(document, dict) or not isinstance(document.get("info"), dict):
        raise TraceError(f"{where}: not an MLflow trace (no `info` object)")
    info = document["info"]
    trace_id = str(info.get("trace_id") or info.get("request_id") or "(no trace_id)")
    trace = SourceTrace(trace_id=trace_id, where=where)
    for holder in (info.get("tags"), info.get("trace_metadata"), info.get("request_metadata")):
        if isinstance(holder, dict) and holder.get(HASH_ATTRIBUTE):
            trace.example_hash = str(holder[HASH_ATTRIBUTE])
    assessments = info.get("assessments") or []
    for index, assessment in enumerate(assessments if isinstance(assessments, list) else [assessments]):
        at = f"info.assessments[{index}]" if isinstance(assessments, list) else "info.assessments"
        try:  # mlflow.log_expectation(): {"value"} or {"serialized_value": {"value": JSON text}}
            if assessment.get("feedback") is not None or assessment.get("valid") is False:
                continue  # a feedback, or an expectation overridden
            expectation, name = assessment["expectation"], assessment.get("assessment_name")
            value = (
                expectation["value"] if "value" in expectation else _decoded(expectation["serialized_value"]["value"])
            )
        except (AttributeError, KeyError, TypeError):
            trace.unread.append(f"{at} (not an expectation as MLflow records one)")
            continue
        if isinstance(name, str) and name:
            trace.expectations[name] = value
        else:
            trace.unread.append(f"{at} (an unnamed expectation: the line cannot hold it)")
    spans = (document.get("data") or {}).get("spans")
    if not isinstance(spans, list) or not spans:
        trace.problems.append("no spans (`data.spans` is missing or empty)")
        return trace
    for index, span in enumerate(spans):
        try:
            _read_span(trace, span)
        except WRONG_TYPE as exc:
            trace.problems.append(wrong_type(f"data.spans[{index}]", exc))
    if trace.start is None and not trace.problems:
        trace.problems.append("no root span (every span has a parent_span_id)")
    return trace


def _read_span(trace: SourceTrace, span: dict[str, Any]) -> None:
    attributes = _attributes(span.get("attributes"))
    start = span.get("start_time_unix_nano")
    if not isinstance(start, int) or isinstance(start, bool):
        trace.problems.append(f"span {span.get('name')!r} has no start_time_unix_nano")
        return
    if attributes.get(HASH_ATTRIBUTE) and trace.example_hash is None:
        trace.example_hash = str(attributes[HASH_ATTRIBUTE])
    if span.get("parent_span_id"):
        trace.parent_of[str(span.get("span_id") or "")] = str(span["parent_span_id"])
    else:
        if trace.start is not None:
            trace.problems.append("more than one root span")
        trace.start = start
        trace.error = span_error(span, _STATUS_ERROR, _attributes)
        trace.request = chat_messages(attributes.get("mlflow.spanInputs"))
        trace.response = assistant_text(attributes.get("mlflow.spanOutputs"))
    step = _step(span, attributes, start)
    if step is not None:
        trace.steps.append(step)


def read_mlflow(path: Path) -> list[SourceTrace]:
    """The traces of a file of MLflow trace JSON documents, in file order."""
    return [_trace(where, document) for where, document in json_documents(path, list_keys=("traces",))]
