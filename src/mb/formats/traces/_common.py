"""The neutral form every trace source is read into, and how it becomes a run's ``outputs``."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Any, Literal
from zoneinfo import ZoneInfo

from pydantic import ValidationError
from pydantic_core import to_jsonable_python

from ..._json_text import chunk_id, distinct_id, loads_maybe
from ...entities import Outputs, RetrievalResult, RetrievalResults, ToolCall, ToolResult
from ...entities.outputs import Request
from ...errors import InputError
from ...matching.extended import same_tool, tool_keys

__all__ = [
    "HASH_ATTRIBUTE",
    "WRONG_TYPE",
    "SourceTrace",
    "Step",
    "TraceError",
    "build_outputs",
    "loads_maybe",
    "message_text",
    "span_error",
    "two_tools",
    "wrong_type",
]

HASH_ATTRIBUTE = "mb.example_hash"
"""The attribute (span attribute, trace tag or metadata key) that carries the example's hash."""

StepKind = Literal["tool", "retriever", "chat", "span", "other"]
"""``span``: a span of no particular kind (a traced function), a tool call only when its name is a tool's;
``other``: a span of another kind (a chain, an agent, a client call), never a call."""


def two_tools(values: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    """Why a span's tool is not known, or None: it names two different tools under ``keys`` (``gen_ai.tool.name``
    and ``tool.name``), by :func:`~mb.matching.extended.same_tool` (``crm.weather`` and ``Weather`` are one tool);
    taking either would record a call that may not have been made."""
    names = sorted({str(values[key]) for key in keys if values.get(key)})
    apart = len(names) > 1 and not all(same_tool(names[0], name) for name in names[1:])
    return f"names two tools: {' and '.join(names)}" if apart else None


class TraceError(InputError):
    """A trace (or a whole file) that cannot become an executed example; the message says where and why."""


@dataclass
class Step:
    """One span that matters to the trace: a tool execution, a retrieval, a chat-model call or a plain span."""

    kind: StepKind
    """What the span did."""
    start: int
    """Start time in nanoseconds since the epoch (orders the steps)."""
    span_id: str
    """The span's id inside its trace (used to synthesise a tool-call id when the span has none)."""
    name: str | None = None
    """The tool's name (tool steps), the span's name (other steps)."""
    span_name: str | None = None
    """The span's own name, when the source may name the tool elsewhere (tool steps)."""
    call_id: str | None = None
    """The tool-call id recorded by the instrumentation, if any."""
    arguments: Any = None
    """The tool's arguments (JSON text or a value)."""
    result: Any = None
    """The tool's result (JSON text or a value)."""
    error: str | None = None
    """Why the span failed, when its status says so (tool, plain and chat steps)."""
    documents: list[tuple[str | None, str]] = field(default_factory=list)
    """Retrieved chunks as (id or None, content)."""
    input_messages: list[dict[str, Any]] = field(default_factory=list)
    """Messages sent to the model (chat steps), as ``{"role", "content"}``."""
    output_text: str | None = None
    """The text of the model's answer (chat steps)."""
    requested: list[Request] = field(default_factory=list)
    """The tool calls the model's answer requests (chat steps)."""
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
    parent_of: dict[str, str] = field(default_factory=dict)
    """Each span's parent span, by id (a plain span with no child may be a tool's execution)."""
    example_hash: str | None = None
    """The example hash the trace carries, if any."""
    request: list[dict[str, Any]] = field(default_factory=list)
    """The conversation the root span received, if it recorded one."""
    response: str | None = None
    """The root span's final answer, if it recorded one."""
    problems: list[str] = field(default_factory=list)
    """Why the trace cannot be used, when it cannot."""
    error: str | None = None
    """Why the root span failed, when its status says so (the run ended with an error)."""
    expectations: dict[str, Any] = field(default_factory=dict)
    """The expectations recorded with the trace (MLflow's logged expectations) by name: the line's are checked."""
    unread: list[str] = field(default_factory=list)
    """Expectations recorded with the trace that cannot be read (malformed, unnamed), with their field path."""
    skipped: bool = False
    """No trace but a part of the file skipped (an item of an export that is no object), listed by its ``problems``."""

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


_CLOSED = re.compile(r"\b(GeneratorExit|CancelledError|Cancelled|ClosedResourceError|StreamClosed)\b")
"""The errors of a span whose consumer closed its stream or cancelled its task, not of a failed run."""

WRONG_TYPE = (AttributeError, KeyError, TypeError, ValueError)
"""What reading a span whose values are of other JSON types than its format's raises: a problem of its trace."""


def wrong_type(what: str, exc: Exception) -> str:
    """A span or observation that could not be read, as a problem of its trace (the file's other traces are read)."""
    return f"{what} cannot be read: a value of another JSON type than expected ({type(exc).__name__}: {exc})"


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


def _result(step: Step) -> Any:
    return (
        {"error": step.error} if step.error is not None else to_jsonable_python(loads_maybe(step.result), fallback=str)
    )


def _above(trace: SourceTrace, span_id: str) -> list[str]:
    """The ids of the span's ancestors, nearest first; a loop of parent ids (no root above) is refused."""
    chain = {span_id: None}
    while span_id := trace.parent_of.get(span_id, ""):
        if span_id in chain:
            raise TraceError(f"{trace.label}: span {span_id} is its own ancestor (its parent ids make a loop)")
        chain[span_id] = None
    return list(chain)[1:]


def _tree(trace: SourceTrace, steps: list[Step], wraps: dict[str, set[str | None]]) -> tuple[dict[str, str], set[Any]]:
    """In one pass down the spans (time and memory linear in their number): each span's parent among the spans
    (keys of ``trace.parent_of`` only), and the (span id, name) of the spans that hold a span naming them (``wraps``:
    the names each tool or plain span gives). A loop of parent ids is refused as :func:`_above` says."""
    done: set[str] = set()
    for step in steps:  # the first span (in time) above which the parent ids loop, as _above names it
        path: dict[str, None] = {}
        span_id = step.span_id
        while span_id not in done and (span_id or not path):
            if span_id in path:
                _above(trace, step.span_id)
            path[span_id] = None
            span_id = trace.parent_of.get(span_id, "")
        done.update(path)
    names: dict[str, set[str | None]] = {}
    for step in steps:
        names.setdefault(step.span_id, set()).add(step.name)
    children: dict[str, list[str]] = {}
    for child, parent in trace.parent_of.items():
        if parent and child in done:
            children.setdefault(parent, []).append(child)
    roots = [span_id for span_id in done if not trace.parent_of.get(span_id, "")]
    wrapped: set[Any] = set()
    open_: dict[str | None, list[str]] = {}  # each name: the spans of that name above, outermost first
    todo: list[tuple[str, bool]] = [(root, True) for root in roots]
    while todo:
        span_id, entering = todo.pop()
        if not entering:
            for name in names.get(span_id, ()):
                open_[name].pop()
            continue
        for name in wraps.get(span_id, ()):
            for outer in reversed(open_.get(name, [])):  # those further out are marked already: linear
                if (outer, name) in wrapped:
                    break
                wrapped.add((outer, name))
        for name in names.get(span_id, ()):
            open_.setdefault(name, []).append(span_id)
        todo.append((span_id, False))
        todo.extend((child, True) for child in children.get(span_id, ()))
    return {c: p for c, p in trace.parent_of.items() if c in done}, wrapped


def _nearest(parent_of: dict[str, str], keep: Collection[str]) -> dict[str, str | None]:
    """Each span's nearest ancestor among ``keep`` (None without one), in one pass (``parent_of`` has no loop)."""
    near: dict[str, str | None] = {}
    for span_id in parent_of:
        path: list[str] = []
        while span_id not in near and (span_id or not path):
            path.append(span_id)
            span_id = parent_of.get(span_id, "")
        for child in reversed(path):
            parent = parent_of.get(child, "")
            near[child] = parent if parent in keep else near.get(parent) if parent else None
    return near


def _inside(near: dict[str, str | None], names: dict[str, Any], span_id: str, name: str, memo: dict[Any, bool]) -> bool:
    """Whether one of the span's ancestors that ``near`` keeps has a name :func:`_alike` ``name``; ``memo`` keeps
    the answer of each ancestor passed, for that name (each span is passed once per name)."""
    path, found = [], False
    while above := near.get(span_id):
        if (above, name) in memo:
            found = memo[(above, name)]
            break
        path.append(above)
        if _alike(names[above], name):
            found = True
            break
        span_id = above
    memo.update(((above, name), found) for above in path)
    return found


def _alike(name: str | None, other: str | None) -> bool:
    """Two names of one tool, as assertions match tool names (case, separators, a namespace in front of one)."""
    return bool(name and other) and same_tool(str(name), str(other))


def _frozen(value: Any) -> Hashable:
    """A hashable copy of a JSON value, equal to another's exactly when the values are equal (``1 == 1.0``), built
    without recursion (a value may be nested as deep as the JSON parser reads)."""
    done: list[Hashable] = []
    todo: list[tuple[Any, bool]] = [(value, False)]
    while todo:
        item, built = todo.pop()
        if not isinstance(item, dict | list):
            done.append(item)
        elif built:
            parts = done[len(done) - len(item) :]
            del done[len(done) - len(item) :]
            done.append(frozenset(zip(item, parts, strict=True)) if isinstance(item, dict) else tuple(parts))
        else:
            todo.append((item, True))
            todo.extend((part, False) for part in reversed(item.values() if isinstance(item, dict) else item))
    return done[0]


def _keys(request: Request, params: dict[str, Any], *, query: bool = False) -> list[Hashable]:
    """Keys that file a request (its arguments read): two records of one request share a key, the ``query`` keys of
    one and the others' (the same tool and the same id, and arguments when both record some; or, one of them without
    an id, the same tool and arguments)."""
    ident, name, _ = request
    frozen = _frozen(params)
    if ident is None:
        ways: Sequence[Hashable] = [("p", frozen)] if query else [("p", frozen), ("n", frozen)]
    elif query:
        ways = [("n", frozen), ("i", ident, frozen), ("i*", ident)] + ([("i{}", ident)] if not params else [])
    else:
        ways = [("p", frozen), ("i", ident, frozen), ("i{}", ident)] + ([("i*", ident)] if not params else [])
    return [(tool, way) for tool in tool_keys(str(name), query=query) for way in ways] if name else []


class _Live:
    """Entries filed by tool name and key, in the order they came, each found through the names :func:`_alike` a
    name in time independent of how many entries there are (the names alike aside)."""

    def __init__(self) -> None:
        self.filed: dict[tuple[Hashable, str], dict[int, Any]] = {}
        """(key, name) -> its entries by number, in order."""
        self.names: dict[tuple[str, str], set[str]] = {}
        """Each key of :func:`~mb.matching.extended.tool_keys` -> the names filed under it."""
        self.where: dict[int, list[tuple[Hashable, str]]] = {}
        """Each entry's number -> where it is filed."""
        self.count = 0
        """Entries filed so far."""

    def add(self, name: str, keys: Sequence[Hashable], entry: Any) -> int:
        """File ``entry`` of tool ``name`` under each of ``keys``; its number."""
        self.count += 1
        number = self.count
        for key in tool_keys(name):
            self.names.setdefault(key, set()).add(name)
        self.where[number] = [(key, name) for key in keys]
        for place in self.where[number]:
            self.filed.setdefault(place, {})[number] = entry
        return number

    def remove(self, number: int) -> None:
        """Take the entry out."""
        for place in self.where.pop(number):
            del self.filed[place][number]

    def heads(self, name: str | None, key: Hashable, *, last: bool = False) -> list[tuple[int, str, Any]]:
        """(number, name, entry) of the first (``last``: the latest) entry under ``key`` of each name alike
        ``name``, in order."""
        alike = {n for k in (tool_keys(str(name), query=True) if name else ()) for n in self.names.get(k, ())}
        found = [(next(reversed(kept) if last else iter(kept)), n) for n in alike if (kept := self.filed.get((key, n)))]
        return sorted((number, n, self.filed[(key, n)][number]) for number, n in found)

    def few(self, name: str | None, key: Hashable) -> list[tuple[int, str, Any]]:
        """(number, name, entry) of entries under ``key`` of the names alike ``name``: two at most, enough to tell
        one from several."""
        alike = {n for k in (tool_keys(str(name), query=True) if name else ()) for n in self.names.get(k, ())}
        return [(i, n, entry) for n in alike for i, entry in list(self.filed.get((key, n), {}).items())[:2]][:2]


def _outer(steps: list[Step], chats: dict[str, Step], near: dict[str, str | None]) -> dict[int, set[int]]:
    """Each step's position -> the positions of its requests that a chat span around it recorded too (a chain and
    the client it calls record one answer twice), in one pass down the chat spans keeping the keys of those above."""
    queries: dict[str | None, list[int]] = {}
    for position, step in enumerate(steps):
        if step.requested:
            queries.setdefault(near.get(step.span_id), []).append(position)
    children: dict[str | None, list[str]] = {}
    for span_id in chats:
        children.setdefault(near.get(span_id), []).append(span_id)
    above: dict[Hashable, int] = {}
    found: dict[int, set[int]] = {}
    todo = [(span_id, True) for span_id in children.get(None, ())]
    while todo:
        span_id, entering = todo.pop()
        keys = [key for r in chats[span_id].requested for key in _keys(r, _params(r[2]))]
        for key in keys:
            above[key] = above.get(key, 0) + (1 if entering else -1)
        if entering:
            for position in queries.get(span_id, ()):
                for index, r in enumerate(steps[position].requested):
                    if any(above.get(key) for key in _keys(r, _params(r[2]), query=True)):
                        found.setdefault(position, set()).add(index)
            todo.append((span_id, False))
            todo.extend((child, True) for child in children.get(span_id, ()))
    return found


def _new_requests(step: Step, outer: Collection[int]) -> list[tuple[Request, dict[str, Any]]]:
    """The step's requests (with their arguments) but those a chat span around it recorded (``outer``: their
    positions) and those it holds twice, one of them with an id (an answer recorded in two forms)."""
    kept: list[tuple[Request, dict[str, Any]]] = []
    filed: tuple[set[Hashable], set[Hashable]] = (set(), set())  # keys of the requests kept, of those with an id
    for index, request in enumerate(step.requested):
        params = _params(request[2])
        if index not in outer and filed[not request[0]].isdisjoint(_keys(request, params, query=True)):
            kept.append((request, params))
            for keys in filed[: 2 if request[0] else 1]:
                keys.update(_keys(request, params))
    return kept


def _ran(span_id: str | None, request_id: str | None, at_once: bool) -> bool | None:
    """Whether a tool span recorded before a request of its tool ran it: yes with the same id; None (not known) when
    one of them has no id and both start at once (a clock tick may hold a call and the next request); else the tool
    ran before the model asked, or another id is another call."""
    return True if span_id == request_id is not None else None if None in (span_id, request_id) and at_once else False


def _twice(first: Step, then: Step, not_run: bool) -> bool:
    """Whether the chat span ``then`` (not inside ``first``) asking again for a request ``first`` made may record
    that request again (a retry) rather than a later turn's: the request not run since, and no other conversation
    sent (a recorded conversation may be only its last message, so the same one tells nothing)."""
    sent = (first.input_messages, then.input_messages)
    return not_run and not (all(sent) and sent[0] != sent[1])


def _trace_events(
    trace: SourceTrace, tools: Collection[str], named: Collection[str] = ()
) -> tuple[list[ToolCall | ToolResult | RetrievalResults], list[str], list[str]]:
    """The events of the trace, and the names of the plain leaf spans that may be tool calls but cannot be told to
    be. A call the model requested is a ``tool_call`` (a chat span inside another records the same requests; an id
    a later turn reuses gets ``#2``, ``#3``); the tool span that ran it (the latest request of its call id and
    tool, else, without ids, the next one of that name) gives its ``tool_result``; a plain span is a call when its
    name is a requested tool's or one of ``tools`` and no tool span inside it ran that tool. Last, the names of the
    spans not read as calls that are named like one of ``named`` (and wrap no tool span that ran it): they may hide
    a call."""
    steps = trace.ordered()
    chats = {step.span_id: step for step in steps if step.requested}
    asked = {ident: name for step in steps for ident, name, _ in step.requested if ident is not None}
    known = {name for step in steps for _, name, _ in step.requested} | set(tools)
    parents = set(trace.parent_of.values())
    callers = {s.span_id: s.name for s in steps if s.kind == "tool" or (s.kind == "span" and s.name in known)}
    carried = {s.call_id for s in steps if s.span_id in callers and s.call_id is not None}
    wraps: dict[str, set[str | None]] = {}
    latest: dict[Hashable, int] = {}  # (name key, call id) -> the last step of a caller's span that has them
    for position, step in enumerate(steps):
        if step.kind in ("tool", "span"):
            wraps.setdefault(step.span_id, set()).update((step.name, asked.get(step.call_id or "")))
        if step.span_id in callers and step.name:
            latest.update(((key, step.call_id), position) for key in tool_keys(str(step.name)))
    parent_of, wrappers = _tree(trace, steps, wraps)
    near_caller = _nearest(parent_of, callers)
    outer = _outer(steps, chats, _nearest(parent_of, chats))
    events: list[ToolCall | ToolResult | RetrievalResults] = []
    pending = _Live()  # requested, not run: (source id, tool, event id, params)
    waiting: dict[str, int] = {}  # the event id of each request not run -> its number in ``pending``
    made: dict[Hashable, tuple[tuple[int, int], Step, str]] = {}  # request key -> the last call read with it
    seen: dict[str, int] = {}
    alone = _Live()  # tool spans no earlier request names: (id, tool, start)
    inside: dict[tuple[str, str], bool] = {}
    unsure: list[str] = []
    hidden: list[str] = []
    for number, step in enumerate(steps, start=1):
        if step.kind in ("chat", "retriever") and any(_alike(step.name, name) for name in named):
            mine = pending.heads(step.name, "free")[:1]
            later = [latest.get((key, ident), -1) for key in tool_keys(str(step.name), query=True) for ident in
                     {None, mine[0][2][0] if mine else None}]  # fmt: skip
            if mine and max(later, default=-1) < number:
                pending.remove(mine[0][0])  # a model or retriever ran a request no tool span runs
                del waiting[mine[0][2][2]]
            elif not _inside(near_caller, callers, step.span_id, str(step.name), inside):
                hidden.append(str(step.name))  # a tool that calls a model or a retriever, not read as a call
        calls: list[tuple[list[Hashable], str]] = []
        for index, (request, params) in enumerate(_new_requests(step, outer.get(number - 1, ())), 1):
            ident, name, _ = request
            if not name.strip():  # a request that names no tool: which one was asked for is not known
                hidden.append(f"{step.name or step.span_id} (asks for a call that names no tool)")
                continue
            before = alone.heads(name, ("start", step.start) if ident is None else ("id", ident))
            before = sorted(before + ([] if ident is None else alone.heads(name, ("start?", step.start))))[:1]
            if before:  # a tool span recorded before the request ran it
                alone.remove(before[0][0])
                if _ran(before[0][2][0], ident, True) is None:
                    hidden.append(f"{before[0][2][1]} (starts as {step.name or step.span_id} asks for {name})")
                continue
            query = _keys(request, params, query=True)
            again = max((made[key] for key in query if key in made), key=lambda m: m[0], default=None)
            if again and _twice(again[1], step, again[2] in waiting):
                hidden.append(f"{step.name or step.span_id} (asks for {name} as {again[1].name or 'a span'} did)")
            call_id = distinct_id(ident or f"span_{step.span_id or number}_{index}", seen)
            keys: list[Hashable] = ["all", ("p", _frozen(params))]
            keys += [("none", "all"), ("none", "p", _frozen(params))] if ident is None else [("id", ident)]
            free = ident not in carried
            waiting[call_id] = pending.add(name, [*keys, *(["free"] if free else [])], (ident, name, call_id, params))
            calls.append((_keys(request, params), call_id))
            events.append(ToolCall(id=call_id, tool=name, params=params))
        for order, (keys, call_id) in enumerate(calls):
            made.update((key, ((number, order), step, call_id)) for key in keys)
        wrapper = (step.span_id, step.name) in wrappers
        if step.kind == "tool" or (step.kind == "span" and step.name in known and not wrapper):
            if not step.name:
                raise TraceError(f"{trace.label}: tool span {step.span_id} names no tool")
            if not _alike(step.span_name, step.name) and any(_alike(step.span_name, name) for name in named):
                hidden.append(str(step.span_name))  # a span of one tool's name recorded as another's
            ran = pending.heads(step.name, ("id", step.call_id), last=True)[-1:] if step.call_id is not None else []
            if not ran:
                any_id = step.call_id is None
                ran = pending.heads(step.name, "all" if any_id else ("none", "all"))
                others = [n for _, n, _ in ran if not _alike(n, ran[0][1])]
                args = ("p", _frozen(_params(step.arguments)))
                fit = pending.few(step.name, args if any_id else ("none", *args)) if others else []
                if len(fit) == 1:
                    ran, others = fit, []  # of the requests of several tools, the only one of the span's arguments
                if others:  # a span `search`, requests of `crm.search` and `web.search`: which one it ran is not known
                    hidden.append(f"{step.name} (may run {ran[0][1]} or {others[0]})")
            if ran:
                pending.remove(ran[0][0])
                del waiting[ran[0][2][2]]
                events.append(ToolResult(id=ran[0][2][2], result=_result(step)))
                continue
            call_id = step.call_id or f"span_{step.span_id or number}"
            if call_id in seen and call_id not in asked:
                raise TraceError(f"{trace.label}: two tool spans carry the call id {call_id!r}")
            if step.call_id not in seen:
                where = ("start?", step.start) if step.call_id is None else ("id", step.call_id)
                alone.add(step.name, [("start", step.start), where], (step.call_id, step.name, step.start))
            call_id = distinct_id(call_id, seen)  # a request of another tool may hold it
            events.append(ToolCall(id=call_id, tool=step.name, params=_params(step.arguments)))
            events.append(ToolResult(id=call_id, result=_result(step)))
        elif step.kind in ("span", "other") and not wrapper and any(_alike(step.name, name) for name in named):
            hidden.append(step.name or step.span_id)
        elif step.kind == "span" and step.span_id not in parents:
            unsure.append(step.name or step.span_id)
        elif step.kind == "retriever":
            chunks = [RetrievalResult(id=ident or chunk_id(text), page_content=text) for ident, text in step.documents]
            events.append(RetrievalResults(outputs=chunks))
    return events, unsure, hidden


def _response(trace: SourceTrace) -> str:
    """The last chat call's answer, else the root's; when the last chat call failed with no answer, or asked for a
    tool that then failed (a later step of that call's id or that tool's name ended with an error), only the root's
    (an apology the run gave after it): an earlier chat answer, or the text beside the request, is not the run's."""
    steps = trace.ordered()
    chats = [index for index, step in enumerate(steps) if step.kind == "chat"]
    last = steps[chats[-1]] if chats else None
    asked, after = (last.requested, steps[chats[-1] + 1 :]) if last else ([], [])
    ids = {ident for ident, _, _ in asked if ident}
    names = {key for _, name, _ in asked if name for key in tool_keys(str(name))}
    failed = [
        step.error
        for step in after
        if step.error and (step.call_id in ids or bool(step.name and names & tool_keys(str(step.name), query=True)))
    ]
    if last and ((last.error and not last.output_text) or failed):
        if trace.response:
            return trace.response
        why = f"ended with an error: {last.error}" if last.error else f"asked for a tool that failed: {failed[-1]}"
        raise TraceError(f"{trace.label}: the last chat call {why}")
    answers = [steps[index].output_text for index in chats if steps[index].output_text]
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


def build_outputs(
    trace: SourceTrace,
    tools: Collection[str] = (),
    zone: tzinfo | None = None,
    unsure: list[str] | None = None,
    named: Collection[str] = (),
) -> Outputs:
    """The ``outputs`` of the executed example the trace records; :class:`TraceError` says why there are none.

    ``tools`` names the example's tools (a plain span of one of these names is a call); ``zone`` is the user's time
    zone (else the source's offset, else UTC). A trace with no call but a plain leaf span that may be one, or with a
    span not read as a call named like one of the ``named`` tools (those the example names), has no ``trace`` (what
    was called is not known); those spans' names are added to ``unsure``."""
    if trace.problems:
        raise TraceError(f"{trace.label}: " + "; ".join(trace.problems))
    if trace.error and not (trace.response and _CLOSED.search(trace.error)):  # a stream closed after the answer
        raise TraceError(f"{trace.label}: the root span ended with an error: {trace.error}")
    data: dict[str, Any] = {"response": _response(trace)}
    events, maybe, hidden = _trace_events(trace, tools, named)
    if any(isinstance(event, ToolCall) for event in events) and not hidden:
        maybe = []
    if not maybe and not hidden:
        data["trace"] = events
    elif unsure is not None:
        unsure += hidden + maybe
    if trace.start is not None:
        zone = zone or (UTC if trace.utc_offset is None else timezone(trace.utc_offset))
        try:
            data["environment"] = {"user_time": datetime.fromtimestamp(trace.start // 1000 / 1_000_000, tz=zone)}
        except (OverflowError, OSError, ValueError):
            raise TraceError(f"{trace.label}: the start time ({trace.start} ns after 1970) is out of range") from None
        if isinstance(zone, ZoneInfo):  # its rules for every date, beyond the offset user_time is written with
            data["environment"]["time_zone"] = zone.key
    counts = [(_tokens(s.input_tokens), _tokens(s.output_tokens)) for s in trace.steps if s.kind == "chat"]
    if any(used != (None, None) for used in counts):
        used_in = sum(tokens or 0 for tokens, _ in counts)
        used_out = sum(tokens or 0 for _, tokens in counts)
        data["usage"] = {"input_tokens": used_in, "output_tokens": used_out, "total_tokens": used_in + used_out}
    try:
        return Outputs.model_validate(data)
    except ValidationError as exc:
        raise TraceError(f"{trace.label}: the outputs are not valid: {exc.errors()[0]['msg']}") from exc
