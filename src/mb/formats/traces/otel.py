"""OpenTelemetry traces in the OTLP JSON encoding: GenAI semantic conventions and OpenInference attributes.

A file holds one export (``{"resourceSpans": [...]}``) or several, one per line (the collector's file
exporter). Spans are grouped by ``traceId``; attribute values are OTLP ``AnyValue`` objects.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ...entities.outputs import requested_calls
from ._common import HASH_ATTRIBUTE, SourceTrace, Step, TraceError, loads_maybe, message_text, span_error, two_tools
from ._files import json_documents

__all__ = ["read_otel"]

_TOOL_OPERATIONS = {"execute_tool"}
_CHAT_OPERATIONS = {"chat", "text_completion", "generate_content"}
_DOCUMENT = re.compile(r"^retrieval\.documents\.(\d+)\.document\.(id|content)$")
_OI_MESSAGES = {
    direction: re.compile(rf"^llm\.{direction}_messages\.(\d+)\.message\.(role|content)$")
    for direction in ("input", "output")
}
_OI_CALL = re.compile(r"^llm\.output_messages\.(\d+)\.message\.tool_calls\.(\d+)\.tool_call\.(id|function\.\w+)$")
_INTERNAL = (None, 0, 1, "SPAN_KIND_UNSPECIFIED", "SPAN_KIND_INTERNAL")
_STATUS_ERROR = (2, "STATUS_CODE_ERROR")


def any_value(value: Any) -> Any:
    """The Python value of an OTLP ``AnyValue`` object."""
    if not isinstance(value, dict):
        return value
    for key, read in _ANY_VALUES.items():
        if key in value:
            return read(value[key])
    return None


_ANY_VALUES: dict[str, Callable[[Any], Any]] = {
    "stringValue": lambda text: text,
    "boolValue": bool,
    "intValue": int,
    "doubleValue": float,
    "arrayValue": lambda array: [any_value(item) for item in (array or {}).get("values") or []],
    "kvlistValue": lambda kvs: {kv.get("key"): any_value(kv.get("value")) for kv in (kvs or {}).get("values") or []},
    "bytesValue": lambda data: base64.b64decode(data).hex(),
}


def _attributes(items: Any) -> dict[str, Any]:
    if not isinstance(items, list):
        return {}
    return {str(kv.get("key")): any_value(kv.get("value")) for kv in items if isinstance(kv, dict)}


def _messages(raw: Any) -> list[dict[str, Any]]:
    """GenAI ``gen_ai.input.messages`` / ``gen_ai.output.messages`` (JSON text or a value) as role + text."""
    raw = loads_maybe(raw)
    if isinstance(raw, dict):
        raw = raw.get("messages", [raw])
    if not isinstance(raw, list):
        return []
    messages = []
    for item in raw:
        if isinstance(item, dict):
            text = message_text(item.get("parts", item.get("content")))
            messages.append({"role": item.get("role"), "content": text})
    return messages


def _indexed(attributes: dict[str, Any], pattern: re.Pattern[str]) -> list[dict[str, Any]]:
    """The objects flattened attributes describe (``prefix.N.field``, the last group the field), in index order."""
    found: dict[tuple[int, ...], dict[str, Any]] = {}
    for key, value in attributes.items():
        if match := pattern.match(key):
            *index, name = match.groups()
            found.setdefault(tuple(map(int, index)), {})[name] = value
    return [found[index] for index in sorted(found)]


def _step(span: dict[str, Any], attributes: dict[str, Any], start: int) -> Step | None:
    operation = attributes.get("gen_ai.operation.name")
    kind = str(attributes.get("openinference.span.kind") or "").upper()
    span_id = str(span.get("spanId") or "")
    if operation in _TOOL_OPERATIONS or kind == "TOOL":
        named = str(span.get("name") or "")
        shown = named.removeprefix("execute_tool ")  # GenAI names the span `execute_tool NAME`
        tool = attributes.get("gen_ai.tool.name") or attributes.get("tool.name") or (shown if shown != named else None)
        return Step(
            kind="tool",
            start=start,
            span_id=span_id,
            name=_text_or_none(tool),
            span_name=shown,
            call_id=_text_or_none(attributes.get("gen_ai.tool.call.id") or attributes.get("tool_call.id")),
            arguments=attributes.get("gen_ai.tool.call.arguments", attributes.get("input.value")),
            result=attributes.get("gen_ai.tool.call.result", attributes.get("output.value")),
            error=span_error(span, _STATUS_ERROR, _attributes),
        )
    if kind == "RETRIEVER":
        documents = _indexed(attributes, _DOCUMENT)
        chunks = [(_text_or_none(document.get("id")), str(document.get("content") or "")) for document in documents]
        return Step(kind="retriever", start=start, span_id=span_id, name=span.get("name"), documents=chunks)
    if operation in _CHAT_OPERATIONS or kind == "LLM":
        inputs = _messages(attributes.get("gen_ai.input.messages")) or _indexed(attributes, _OI_MESSAGES["input"])
        outputs = _messages(attributes.get("gen_ai.output.messages")) or _indexed(attributes, _OI_MESSAGES["output"])
        answers = [m["content"] for m in outputs if m.get("role") in (None, "assistant") and m.get("content")]
        return Step(
            kind="chat",
            start=start,
            span_id=span_id,
            name=span.get("name"),
            input_messages=inputs,
            output_text=str(answers[-1]) if answers else None,
            requested=requested_calls(loads_maybe(attributes.get("gen_ai.output.messages")))
            + [
                (_text_or_none(call.get("id")), str(call["function.name"]), call.get("function.arguments"))
                for call in _indexed(attributes, _OI_CALL)
                if call.get("function.name")
            ],
            error=span_error(span, _STATUS_ERROR, _attributes),
            input_tokens=_int(attributes.get("gen_ai.usage.input_tokens", attributes.get("llm.token_count.prompt"))),
            output_tokens=_int(
                attributes.get("gen_ai.usage.output_tokens", attributes.get("llm.token_count.completion"))
            ),
        )
    if operation is None and kind in ("", "UNKNOWN") and span.get("parentSpanId") and span.get("kind") in _INTERNAL:
        return Step(
            kind="span",
            start=start,
            span_id=span_id,
            name=str(span.get("name") or "") or None,
            arguments=attributes.get("input.value"),
            result=attributes.get("output.value"),
            error=span_error(span, _STATUS_ERROR, _attributes),
        )
    if span.get("parentSpanId"):  # a chain, an agent, a client call: never a call, but may hide one
        return Step(kind="other", start=start, span_id=span_id, name=str(span.get("name") or "") or None)
    return None


def _text_or_none(value: Any) -> str | None:
    return None if value in (None, "") else str(value)


def _int(value: Any) -> int | None:
    try:
        return None if value is None else int(value)
    except (TypeError, ValueError):
        return None


def _root_request(attributes: dict[str, Any]) -> tuple[list[dict[str, Any]], str | None]:
    request = _messages(attributes.get("gen_ai.input.messages"))
    answer = [m["content"] for m in _messages(attributes.get("gen_ai.output.messages")) if m.get("content")]
    value = loads_maybe(attributes.get("input.value"))
    if not request and isinstance(value, str):
        request = [{"role": "user", "content": value}]
    elif not request and value is not None:
        request = _messages(value)
    output = attributes.get("output.value")
    response = str(answer[-1]) if answer else (output if isinstance(output, str) and output.strip() else None)
    return request, response


def _objects(
    parent: dict[str, Any], key: str, at: str, where: str, traces: dict[str, SourceTrace]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The objects of ``parent``'s list ``key`` (none when it is missing or null), each with its position
    (``resourceSpans[0].scopeSpans[1]``); a ``key`` that is no list, or an item of it that is no object (a null one
    aside), is a :attr:`~SourceTrace.skipped` part."""
    items, at = parent.get(key), f"{at}.{key}" if at else key
    found = enumerate(items) if isinstance(items, list) else [(None, items)] if items is not None else []
    for index, item in found:
        place = at if index is None else f"{at}[{index}]"
        if isinstance(item, dict) and index is not None:
            yield place, item
        elif item is not None:
            kind = "a list" if index is None and isinstance(item, list) else type(item).__name__
            problem = f"{place} is {kind}, not a {'list' if index is None else 'JSON object'}: skipped"
            traces[f"\x00{where} {place}"] = SourceTrace(place, where, problems=[problem], skipped=True)


def read_otel(path: Path) -> list[SourceTrace]:
    """The traces of an OTLP JSON file (one export, or one export per line), in the order they first appear."""
    traces: dict[str, SourceTrace] = {}
    roots: dict[str, tuple[int, dict[str, Any]]] = {}
    for where, export in json_documents(path):
        if not isinstance(export, dict) or not isinstance(export.get("resourceSpans"), list):
            raise TraceError(f"{where}: not an OTLP JSON export (no `resourceSpans` list)")
        for outer, resource in _objects(export, "resourceSpans", "", where, traces):
            for inner, scope in _objects(resource, "scopeSpans", outer, where, traces):
                for _, span in _objects(scope, "spans", inner, where, traces):
                    trace_id = str(span.get("traceId") or "")
                    trace = traces.setdefault(trace_id, SourceTrace(trace_id=trace_id or "(no traceId)", where=where))
                    start = _int(span.get("startTimeUnixNano"))
                    if not trace_id or start is None:
                        trace.problems.append(f"span {span.get('name')!r} has no traceId or startTimeUnixNano")
                        continue
                    try:
                        attributes = _attributes(span.get("attributes"))
                    except (AttributeError, TypeError, ValueError) as exc:  # e.g. an intValue that is no number
                        trace.problems.append(f"span {span.get('name')!r}: an attribute does not read: {exc}")
                        continue
                    if attributes.get(HASH_ATTRIBUTE) and trace.example_hash is None:
                        trace.example_hash = str(attributes[HASH_ATTRIBUTE])
                    if span.get("parentSpanId"):
                        trace.parent_of[str(span.get("spanId") or "")] = str(span["parentSpanId"])
                    else:
                        if trace_id in roots:
                            trace.problems.append("more than one root span")
                        roots[trace_id] = (start, attributes)
                        trace.error = span_error(span, _STATUS_ERROR, _attributes)
                    if twice := two_tools(attributes, ("gen_ai.tool.name", "tool.name")):
                        trace.problems.append(f"span {span.get('name')!r} {twice}")
                        continue
                    step = _step(span, attributes, start)
                    if step is not None:
                        trace.steps.append(step)
    for trace_id, trace in traces.items():
        if trace_id not in roots:
            if not trace.problems:  # else a span that could not be read may be the root
                trace.problems.append("no root span (every span has a parentSpanId)")
            continue
        trace.start, attributes = roots[trace_id]
        trace.request, trace.response = _root_request(attributes)
    return list(traces.values())
