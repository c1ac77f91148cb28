"""The neutral form every trace source is read into, and how it becomes a run's ``outputs``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from typing import Any, Literal

from pydantic import ValidationError
from pydantic_core import to_jsonable_python

from ..._json_text import chunk_id, loads_maybe
from ...entities import Outputs, RetrievalResult, RetrievalResults, ToolCall, ToolResult
from ...errors import InputError

__all__ = [
    "HASH_ATTRIBUTE",
    "SourceTrace",
    "Step",
    "TraceError",
    "build_outputs",
    "chunk_id",
    "loads_maybe",
    "message_text",
    "span_error",
]

HASH_ATTRIBUTE = "mb.example_hash"
"""The attribute (span attribute, trace tag or metadata key) that carries the example's hash."""

StepKind = Literal["tool", "retriever", "chat"]


class TraceError(InputError):
    """A trace (or a whole file) that cannot become an executed example; the message says where and why."""


@dataclass
class Step:
    """One span that matters to the trace: a tool execution, a retrieval or a chat-model call."""

    kind: StepKind
    """What the span did."""
    start: int
    """Start time in nanoseconds since the epoch (orders the steps)."""
    span_id: str
    """The span's id inside its trace (used to synthesise a tool-call id when the span has none)."""
    name: str | None = None
    """The tool's name (tool steps)."""
    call_id: str | None = None
    """The tool-call id recorded by the instrumentation, if any."""
    arguments: Any = None
    """The tool's arguments (JSON text or a value)."""
    result: Any = None
    """The tool's result (JSON text or a value)."""
    error: str | None = None
    """Why the span failed, when its status says so."""
    documents: list[tuple[str | None, str]] = field(default_factory=list)
    """Retrieved chunks as (id or None, content)."""
    input_messages: list[dict[str, Any]] = field(default_factory=list)
    """Messages sent to the model (chat steps), as ``{"role", "content"}``."""
    output_text: str | None = None
    """The text of the model's answer (chat steps)."""
    input_tokens: int | None = None
    """Input tokens used (chat steps)."""
    output_tokens: int | None = None
    """Output tokens used (chat steps)."""


@dataclass
class SourceTrace:
    """One trace read from a source file, before it is matched to an example."""

    trace_id: str
    """The trace's id in its source."""
    where: str
    """Where it was read (file, and line for JSON lines), for messages."""
    start: int | None = None
    """The root span's start time, nanoseconds since the epoch."""
    utc_offset: timedelta | None = None
    """The user's UTC offset when the source records one (a Langfuse timestamp); None reads ``start`` in UTC."""
    steps: list[Step] = field(default_factory=list)
    """The steps, in any order (sorted when converted)."""
    example_hash: str | None = None
    """The example hash the trace carries, if any."""
    request: list[dict[str, Any]] = field(default_factory=list)
    """The conversation the root span received, if it recorded one."""
    response: str | None = None
    """The root span's final answer, if it recorded one."""
    problems: list[str] = field(default_factory=list)
    """Why the trace cannot be used, when it cannot."""

    @property
    def label(self) -> str:
        """The trace named for messages: ``file: trace ID``."""
        return f"{self.where}: trace {self.trace_id}"

    def last_user_message(self) -> str | None:
        """The last user message the agent received: from the root span, else from the first chat call."""
        for messages in (self.request, *(s.input_messages for s in self.ordered() if s.kind == "chat")):
            users = [m["content"] for m in messages if m.get("role") == "user" and isinstance(m.get("content"), str)]
            if users:
                return str(users[-1])
        return None

    def ordered(self) -> list[Step]:
        """The steps by start time (the source's order breaks ties)."""
        return sorted(self.steps, key=lambda step: step.start)


def span_error(
    span: dict[str, Any], error_codes: tuple[object, ...], attributes_of: Callable[[Any], dict[str, Any]]
) -> str | None:
    """Why a span failed (its ``exception`` event's type and message, else its status message), None when its status
    is not one of ``error_codes``; ``attributes_of`` reads an event's attributes as the source encodes them."""
    status = span.get("status") or {}
    if status.get("code") not in error_codes:
        return None
    for event in span.get("events") or []:
        if isinstance(event, dict) and event.get("name") == "exception":
            attributes = attributes_of(event.get("attributes"))
            kind, message = attributes.get("exception.type"), attributes.get("exception.message")
            if kind or message:
                return f"{kind}: {message}" if kind and message else str(kind or message)
    return str(status.get("message") or "the span ended with an error status")


def message_text(content: Any) -> str | None:
    """The text of a message's content: a string, or the text parts of a list of parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [
            str(part.get("content", part.get("text", "")))
            for part in content
            if isinstance(part, dict) and part.get("type", "text") == "text"
        ]
        return "".join(texts) if texts else None
    return None


def _params(arguments: Any) -> dict[str, Any]:
    value = to_jsonable_python(loads_maybe(arguments), fallback=str)
    if value is None or value == "":
        return {}
    return value if isinstance(value, dict) else {"arguments": value}


def _trace_events(trace: SourceTrace) -> list[ToolCall | ToolResult | RetrievalResults]:
    events: list[ToolCall | ToolResult | RetrievalResults] = []
    seen: set[str] = set()
    for number, step in enumerate(trace.ordered(), start=1):
        if step.kind == "tool":
            if not step.name:
                raise TraceError(f"{trace.label}: tool span {step.span_id} names no tool")
            call_id = step.call_id or f"span_{step.span_id or number}"
            if call_id in seen:
                raise TraceError(f"{trace.label}: two tool spans carry the call id {call_id!r}")
            seen.add(call_id)
            result: Any = (
                {"error": step.error}
                if step.error is not None
                else to_jsonable_python(loads_maybe(step.result), fallback=str)
            )
            events.append(ToolCall(id=call_id, tool=step.name, params=_params(step.arguments)))
            events.append(ToolResult(id=call_id, result=result))
        elif step.kind == "retriever":
            chunks = [RetrievalResult(id=ident or chunk_id(text), page_content=text) for ident, text in step.documents]
            events.append(RetrievalResults(outputs=chunks))
    return events


def _response(trace: SourceTrace) -> str:
    answers = [s.output_text for s in trace.ordered() if s.kind == "chat" and s.output_text]
    if answers:
        return str(answers[-1])
    if trace.response:
        return trace.response
    raise TraceError(f"{trace.label}: no final assistant message (no chat span with an answer, no root output)")


def _tokens(value: Any) -> int | None:
    """A token count as a source wrote it (a whole number, or its digits), else None: a negative, fractional or
    boolean count is no count."""
    if isinstance(value, str) and value.strip().isdecimal():
        return int(value)
    return value if type(value) is int and value >= 0 else None


def build_outputs(trace: SourceTrace) -> Outputs:
    """The ``outputs`` of the executed example the trace records; :class:`TraceError` says why there are none."""
    if trace.problems:
        raise TraceError(f"{trace.label}: " + "; ".join(trace.problems))
    data: dict[str, Any] = {"response": _response(trace), "trace": _trace_events(trace)}
    if trace.start is not None:
        zone = UTC if trace.utc_offset is None else timezone(trace.utc_offset)
        data["environment"] = {"user_time": datetime.fromtimestamp(trace.start // 1000 / 1_000_000, tz=zone)}
    counts = [(_tokens(s.input_tokens), _tokens(s.output_tokens)) for s in trace.steps if s.kind == "chat"]
    if any(used != (None, None) for used in counts):
        used_in = sum(tokens or 0 for tokens, _ in counts)
        used_out = sum(tokens or 0 for _, tokens in counts)
        data["usage"] = {"input_tokens": used_in, "output_tokens": used_out, "total_tokens": used_in + used_out}
    try:
        return Outputs.model_validate(data)
    except ValidationError as exc:
        raise TraceError(f"{trace.label}: the outputs are not valid: {exc.errors()[0]['msg']}") from exc
