"""Langfuse exports: traces with their observations (``GET /api/public/traces/{id}``), or observations alone.

A file holds one trace, a JSON array of traces, a ``{"data": [...]}`` page of the public API, or one document per
line. A document with ``observations`` is a trace; documents with ``traceId`` and ``type`` are observations,
grouped by trace. Observations of type ``TOOL``, ``RETRIEVER`` and ``GENERATION`` are steps; so is a ``SPAN``
named ``tool`` / ``retriever`` / ``generation`` (``tool:NAME`` or ``tool.NAME`` names the tool); any other
``SPAN`` but the root is a plain span (a traced function); in a trace document, the trace is the root.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from ...entities.outputs import requested_calls
from ._common import HASH_ATTRIBUTE, WRONG_TYPE, SourceTrace, Step, TraceError, loads_maybe, two_tools, wrong_type
from ._files import json_documents
from ._values import assistant_text, chat_messages, documents_of

__all__ = ["read_langfuse"]

_KINDS = {"TOOL": "tool", "RETRIEVER": "retriever", "GENERATION": "chat"}
_SEPARATORS = (":", ".", " ")


def _moment(value: Any) -> datetime | None:
    """An ISO 8601 time with a UTC offset, else None."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return None if moment.tzinfo is None else moment


def _nanos(value: Any) -> int | None:
    moment = _moment(value)
    return None if moment is None else int(moment.timestamp()) * 1_000_000_000 + moment.microsecond * 1000


def _set_start(trace: SourceTrace, value: Any) -> None:
    """The trace's start, kept in the user's offset ("tomorrow" said at 00:30+02:00 is read there, not in UTC)."""
    moment = _moment(value)
    trace.start = _nanos(value)
    trace.utc_offset = None if moment is None else moment.utcoffset()


def _kind_and_tool(observation: dict[str, Any], in_trace: bool) -> tuple[str | None, str | None]:
    kind = str(observation.get("type") or "").upper()
    name = str(observation.get("name") or "")
    raw = observation.get("metadata")
    metadata: dict[str, Any] = raw if isinstance(raw, dict) else {}
    named = metadata.get("tool_name") or metadata.get("tool.name")
    if kind in _KINDS:
        return _KINDS[kind], str(named or name) or None
    if kind == "SPAN":
        lowered = name.lower()
        for prefix, step in (("tool", "tool"), ("retriever", "retriever"), ("generation", "chat")):
            if lowered == prefix:
                return step, str(named) if named else None
            if lowered.startswith(prefix) and name[len(prefix)] in _SEPARATORS:
                return step, str(named or name[len(prefix) + 1 :].strip()) or None
        if in_trace or observation.get("parentObservationId"):  # not the root: a traced function
            return "span", name or None
    if in_trace or observation.get("parentObservationId"):  # an event, a chain, an agent: never a call
        return "other", name or None
    return None, None


def _step(observation: dict[str, Any], start: int, in_trace: bool) -> Step | None:
    kind, tool = _kind_and_tool(observation, in_trace)
    span_id = str(observation.get("id") or "")
    raw = observation.get("metadata")
    metadata: dict[str, Any] = raw if isinstance(raw, dict) else {}
    inputs, outputs = loads_maybe(observation.get("input")), loads_maybe(observation.get("output"))
    error = _error(observation)
    if kind in ("tool", "span"):
        call_id = metadata.get("tool_call_id") or metadata.get("gen_ai.tool.call.id")
        return Step(
            kind="tool" if kind == "tool" else "span", start=start, span_id=span_id, name=tool,
            call_id=None if call_id is None else str(call_id), span_name=str(observation.get("name") or ""),
            arguments=inputs, result=outputs, error=error,
        )  # fmt: skip
    if kind == "retriever":
        if isinstance(outputs, dict):
            outputs = outputs.get("documents", outputs.get("output"))
        return Step(kind="retriever", start=start, span_id=span_id, name=tool, documents=documents_of(outputs))
    if kind == "chat":
        usage = observation.get("usageDetails") or observation.get("usage") or {}
        return Step(
            kind="chat", start=start, span_id=span_id, name=tool,
            input_messages=chat_messages(inputs), output_text=assistant_text(outputs),
            requested=requested_calls(outputs), input_tokens=usage.get("input"), output_tokens=usage.get("output"),
            error=error,
        )  # fmt: skip
    if kind == "other":
        return Step(kind="other", start=start, span_id=span_id, name=tool)
    return None


def _error(observation: dict[str, Any]) -> str | None:
    """Why the observation failed, when its level is ``ERROR``."""
    if str(observation.get("level") or "").upper() != "ERROR":
        return None
    return str(observation.get("statusMessage") or "the observation ended with level ERROR")


def _fill(trace: SourceTrace, observations: list[Any], in_trace: bool) -> None:
    """Reads the observations into the trace; ``in_trace``: a trace document holds them, the root of them all."""
    seen: set[str] = set()
    for observation in observations:
        if not isinstance(observation, dict):
            trace.problems.append("an observation is not a JSON object")
            continue
        ident, parent = str(observation.get("id") or ""), observation.get("parentObservationId")
        if ident in seen:
            root = "more than one root span: " if not parent else ""
            trace.problems.append(f"{root}observation {ident!r} appears more than once")
        seen.add(ident)
        if parent:
            trace.parent_of[ident] = str(parent)
        start = _nanos(observation.get("startTime"))
        if start is None:
            trace.problems.append(f"observation {observation.get('id')!r} has no startTime with a UTC offset")
            continue
        metadata = observation.get("metadata")
        if isinstance(metadata, dict) and metadata.get(HASH_ATTRIBUTE) and trace.example_hash is None:
            trace.example_hash = str(metadata[HASH_ATTRIBUTE])
        if isinstance(metadata, dict) and (twice := two_tools(metadata, ("tool_name", "tool.name"))):
            trace.problems.append(f"observation {ident!r} {twice}")
            continue
        try:
            step = _step(observation, start, in_trace)
        except WRONG_TYPE as exc:
            trace.problems.append(wrong_type(f"observation {ident!r}", exc))
            continue
        if step is not None:
            trace.steps.append(step)
    tops = [o for o in observations if isinstance(o, dict) and not o.get("parentObservationId")]
    if len(tops) == 1:  # the observation that holds the run (older SDKs put every step at the top: none holds it)
        trace.error = trace.error or _error(tops[0])


def _from_trace(where: str, document: dict[str, Any]) -> SourceTrace:
    trace = SourceTrace(trace_id=str(document.get("id") or "(no id)"), where=where, error=_error(document))
    metadata = document.get("metadata")
    if isinstance(metadata, dict) and metadata.get(HASH_ATTRIBUTE):
        trace.example_hash = str(metadata[HASH_ATTRIBUTE])
    _set_start(trace, document.get("timestamp"))
    if trace.start is None:
        trace.problems.append("no timestamp with a UTC offset")
    trace.request = chat_messages(loads_maybe(document.get("input")))
    trace.response = assistant_text(loads_maybe(document.get("output")))
    observations = document.get("observations")
    if not isinstance(observations, list):
        trace.problems.append("`observations` is not a list of observation objects")
    else:
        _fill(trace, observations, True)
    return trace


def read_langfuse(path: Path) -> list[SourceTrace]:
    """The traces of a Langfuse export file, in the order they first appear."""
    traces: list[SourceTrace] = []
    loose: dict[str, tuple[str, list[dict[str, Any]]]] = {}
    for where, document in json_documents(path, list_keys=("data", "traces")):
        if isinstance(document, dict) and "observations" in document:
            traces.append(_from_trace(where, document))
        elif isinstance(document, dict) and document.get("traceId") and document.get("type"):
            loose.setdefault(str(document["traceId"]), (where, []))[1].append(document)
        else:
            raise TraceError(f"{where}: neither a Langfuse trace (with `observations`) nor an observation")
    for trace_id, (where, observations) in loose.items():
        trace = SourceTrace(trace_id=trace_id, where=where)
        _fill(trace, observations, False)
        roots = [o for o in observations if not o.get("parentObservationId")]
        if not roots:
            trace.problems.append("no root observation (every observation has a parentObservationId)")
        else:
            root = min(roots, key=lambda o: _nanos(o.get("startTime")) or 0)
            _set_start(trace, root.get("startTime"))
            trace.request = chat_messages(loads_maybe(root.get("input")))
            trace.response = assistant_text(loads_maybe(root.get("output")))
        traces.append(trace)
    return traces
