"""Outputs of an executed example: response, trace of events, citations and environment."""

from __future__ import annotations

import ast
import contextlib
import functools
import html
import json
import re
import sys
import zoneinfo
from collections.abc import Collection, Mapping
from datetime import UTC, datetime
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from .._model import Model
from ._misspelt import check_misspelt_keys

__all__ = [
    "Citation",
    "Environment",
    "Outputs",
    "Request",
    "RetrievalResult",
    "RetrievalResults",
    "ToolCall",
    "ToolResult",
    "arguments_key",
    "field_error",
    "place_zone",
    "place_zone_names",
    "records_error",
    "reported_error",
    "requested_calls",
    "unread_calls",
    "written_calls",
]


def field_error(
    kind: str, message: str, context: dict[str, Any] | None, loc: tuple[str | int, ...], value: Any
) -> InitErrorDetails:
    """An error of the field at ``loc`` holding ``value``: ``message`` with ``context`` filled in."""
    return InitErrorDetails(type=PydanticCustomError(kind, message, context), loc=loc, input=value)


_UNSET: tuple[Any, ...] = (None, False, "false", "", [], {})
"""Values of a key beside a tool event's data that hold nothing."""


class ToolCall(Model):
    event: Literal["tool_call"] = "tool_call"
    """The type of event."""

    id: str
    """The ID of the tool call."""

    tool: str
    """The name of the tool called. Must correspond to one of the tools in the benchmark description file."""

    params: dict[str, JsonValue]
    """The parameters passed to the tool."""

    @model_validator(mode="before")
    @classmethod
    def _no_arguments_beside_params(cls, data: Any) -> Any:
        """Arguments under another key (:func:`arguments_key`) would be dropped, and the call's checks (``missing``,
        ``closed``) would read ``params`` without them: unless they are ``params`` again (or its JSON text, as OpenAI
        gives it), the line is invalid."""
        if type(data) is not dict or data.keys() <= {"event", "id", "tool", "params"}:
            return data  # most calls
        params = json.dumps(data.get("params"), sort_keys=True)  # 1 is neither true nor 1.0
        named = next((key for key in _NAMES if data.get(key) not in (None, "", data.get("tool"))), None)
        if named is not None:  # which of the two tools was called?
            why = '"{key}" names another tool than "tool": give the called tool in "tool" alone'
            raise PydanticCustomError("name_beside_tool", why, {"key": named})
        for key, value in data.items():
            if key != "params" and arguments_key(key, value) and value not in _UNSET:
                held = value["arguments"] if key == "function" else value
                if isinstance(held, str):
                    with contextlib.suppress(ValueError):
                        held = json.loads(held)
                other_tool = key == "function" and value.get("name") not in (None, data.get("tool"))
                if other_tool or (held not in _UNSET and json.dumps(held, sort_keys=True) != params):
                    why = '"{key}" is not a field of a tool_call event: put the arguments in "params"'
                    raise PydanticCustomError("arguments_beside_params", why, {"key": key})
        return data


_NAMES = ("name", "tool_name", "toolName", "function_name")
"""Keys beside ``tool`` that would name the called tool too."""
_ARGUMENTS = re.compile(r"(?:kw)?args?|arguments?|param(?:eter)?s?|payloads?|inputs?")
_NOT_ARGUMENTS = frozenset({"tokens", "token", "schema", "count", "type", "size", "length", "format", "mode"})
"""Last words of keys about the arguments rather than holding them (``input_tokens``, ``input_schema``)."""
"""A word of a key naming arguments (``args``, ``toolInput``, ``raw_arguments``, ``parameters``, ``payload``)."""


def arguments_key(key: str, value: Any) -> bool:
    """Whether ``key`` of a tool_call event holds arguments: a word of it (split at separators and camelCase) names
    them (``toolInput``, ``raw_arguments``, ``arguments_json``) and its last word is not about them (``input_tokens``,
    ``input_schema``); or it is ``function`` holding ``arguments`` (OpenAI's shape)."""
    if key == "function":
        return type(value) is dict and "arguments" in value
    words = [word.casefold() for word in re.split(r"[\W_]+|(?<=[a-z])(?=[A-Z])", key) if word]
    return words[-1:] != [] and words[-1] not in _NOT_ARGUMENTS and any(map(_ARGUMENTS.fullmatch, words))


class ToolResult(Model):
    event: Literal["tool_result"] = "tool_result"
    """The type of event."""

    id: str
    """The ID of the tool call that yielded this result."""

    result: JsonValue
    """The result of the tool call."""

    @model_validator(mode="before")
    @classmethod
    def _no_flag_beside_result(cls, data: Any) -> Any:
        """A failure marker on the event (a non-empty ``error``, ``is_error`` or ``isError`` set) would be dropped, and
        the error text read as a successful result. A ``status`` beside ``result`` is only warned about (as an unread
        key): inside ``result`` too it may be data about a failure rather than one."""
        flags = ("is_error", "isError", "error")
        if type(data) is not dict or data.keys().isdisjoint(flags):
            return data  # most results: nothing beside
        if key := next((key for key in flags if data.get(key) not in _UNSET), None):
            how = '{"error": ...} or {"is_error": true, ...} inside "result"'
            why = '"{key}" is not a field of a tool_result event: put the failure in "result" ({how})'
            raise PydanticCustomError("flag_beside_result", why, {"key": key, "how": how})
        return data

    @model_serializer(mode="wrap")
    def _keep_null_result(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # ``result`` is required: a ``null`` result must survive ``exclude_none=True``.
        data: dict[str, Any] = handler(self)
        if "result" not in data:
            data["result"] = None
        return data


class RetrievalResult(BaseModel):
    model_config = ConfigDict(extra="allow", defer_build=True)

    id: str
    """The application-defined ID of the retrieved chunk; citations refer to it."""

    page_content: str
    """The text of the retrieved chunk."""


class RetrievalResults(BaseModel):
    model_config = ConfigDict(extra="allow", defer_build=True)

    event: Literal["retriever"] = "retriever"
    """The type of event."""

    outputs: list[RetrievalResult]
    """The chunks the retriever returned, in rank order."""


class Citation(Model):
    document_id: str
    """The ID of a retrieved chunk (a ``retriever`` event output) that supports the span."""

    span_from: int
    """Start of the cited span in ``outputs.response`` (character offset, inclusive)."""

    span_to: int
    """End of the cited span in ``outputs.response`` (character offset, exclusive)."""

    @field_validator("span_from", "span_to", mode="before")
    @classmethod
    def _json_integer(cls, value: Any) -> Any:
        """A JSON integer, as the schema says: ``true`` or ``"5"`` are not offsets (a float with no fraction is)."""
        if isinstance(value, (bool, str)):
            raise PydanticCustomError("int_type", "Input should be a valid integer")
        return value


class Environment(BaseModel):
    model_config = ConfigDict(extra="allow", defer_build=True)

    user_time: datetime | None = None
    """The time the user sent the request."""

    @field_validator("user_time", mode="before")
    @classmethod
    def _date_time_string(cls, value: Any) -> Any:
        """An ISO 8601 string, as the schema says: a number is not read as a Unix time."""
        if value is not None and not isinstance(value, (str, datetime)):
            raise PydanticCustomError("datetime_type", "Input should be a valid datetime")
        return value

    @model_validator(mode="after")
    def _time_zone(self) -> Environment:
        """``time_zone``, read by MorganaBench beside the published keys: the user's zone in the tz database, which
        must place ``user_time``: its offset then, and one wall clock only (none skipped or repeated by a change)."""
        name = (self.__pydantic_extra__ or {}).get("time_zone")
        zone, sent = place_zone(name), self.user_time
        unknown = zone is None and name is not None
        why = "Input should name a place of the tz database, as 'Europe/Paris'" if unknown else None
        if zone is not None and sent is not None:
            placed = sent.replace(tzinfo=zone)
            if sent.tzinfo is not None and sent.astimezone(zone).utcoffset() != sent.utcoffset():
                why = (
                    f"user_time {sent.isoformat()} is not in {name}'s offset then ({sent.astimezone(zone).isoformat()})"
                )
            elif sent.tzinfo is None and placed.utcoffset() != placed.replace(fold=1).utcoffset():
                change = "repeated" if placed.astimezone(UTC).astimezone(zone) == placed else "skipped"
                why = f"user_time {sent.isoformat()} is {change} by a change of the clocks in {name}: give its offset"
        if why is not None:
            error = field_error("time_zone", why, None, ("time_zone",), name)
            raise ValidationError.from_exception_data("Environment", [error])
        return self

    @property
    def local_time(self) -> datetime | None:
        """``user_time`` in the zone ``time_zone`` names, with its rules for every date (a naive one read in it)."""
        zone, sent = place_zone((self.__pydantic_extra__ or {}).get("time_zone")), self.user_time
        if zone is None or sent is None:
            return sent
        return sent.astimezone(zone) if sent.tzinfo is not None else sent.replace(tzinfo=zone)


@functools.cache
def place_zone_names() -> frozenset[str]:
    """The tz database's names of places (``Europe/Paris``, and older ones such as ``US/Pacific``) and of UTC
    (``UTC``, ``Etc/UTC``, ``GMT``...); never a machine's entry nor a fixed offset or abbreviation (``localtime``,
    ``Factory``, ``posixrules``, ``EST``, ``Etc/GMT+5``, ``posix/...``)."""
    excluded = ("Etc/", "posix/", "right/", "SystemV/")
    utc = {"UTC", "Etc/UTC", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "Etc/GMT", "GMT", "UCT", "Universal", "Zulu"}
    return frozenset(n for n in zoneinfo.available_timezones() if n in utc or ("/" in n and not n.startswith(excluded)))


def place_zone(name: object) -> ZoneInfo | None:
    """The zone a place's name in the tz database keys, in its exact case; ``None`` for anything else."""
    return ZoneInfo(name) if isinstance(name, str) and name in place_zone_names() else None


TraceEvent = Annotated[ToolCall | ToolResult | RetrievalResults, Field(discriminator="event")]


class Outputs(BaseModel):
    model_config = ConfigDict(extra="allow", defer_build=True)

    response: str
    """The agent's response to the user."""

    citations: list[Citation] | None = None
    """The citations the agent made to justify its response."""

    environment: Environment | None = None
    """Additional environment information, such as the time the user sent the request."""

    trace: list[TraceEvent] = []
    """The trace of the agent's execution events, such as tool calls, tool call results, search, etc.

    This is required for some assertions to work correctly, such as tool-call correctness assertions.
    """

    @model_validator(mode="after")
    def _ids_consistent(self) -> Outputs:
        if self.__pydantic_extra__:  # most outputs have no extra key
            check_misspelt_keys(self)
        errors: list[InitErrorDetails] = []
        calls: dict[str, int] = {}
        for index, event in enumerate(self.trace):  # one call recorded twice would count as two
            if isinstance(event, ToolCall) and calls.setdefault(event.id, index) != index:
                why = (
                    "tool_call id '{id}' is already the id of the tool_call at outputs.trace[{first}]: one call "
                    "recorded twice, or two calls under one id (each call needs its own id)"
                )
                context = {"id": event.id, "first": calls[event.id]}
                errors.append(field_error("repeated_call_id", why, context, ("trace", index, "id"), event.id))
        if not self.citations and not errors:
            return self
        known = {chunk.id for chunk in self.retrieved_chunks()}
        for index, citation in enumerate(self.citations or ()):
            if citation.document_id not in known:
                hint = f"retrieved ids: {', '.join(sorted(known))}" if known else "the trace has no retriever event"
                why = "citation refers to document '{document_id}', which no retriever event in outputs.trace "
                why += "returned ({hint})"
                context = {"document_id": citation.document_id, "hint": hint}
                where = ("citations", index, "document_id")
                errors.append(field_error("unknown_document", why, context, where, citation.document_id))
        if errors:
            raise ValidationError.from_exception_data("Outputs", errors)
        return self

    def line_data(self, *, warnings: bool = True) -> dict[str, Any]:
        """The outputs as a line holds them (JSON data, no ``null``). A trace never given (a bare response,
        ``Outputs`` whose trace was never set nor filled) stays absent: no trace cannot tell that a tool was not
        called, where an empty trace set by the agent says so."""
        left_out = {"trace"} if "trace" not in self.model_fields_set and not self.trace else None
        return self.model_dump(mode="json", exclude_none=True, exclude=left_out, warnings=warnings)

    def tool_calls(self) -> list[ToolCall]:
        """Return the ``tool_call`` events of the trace, in order."""
        return [event for event in self.trace if isinstance(event, ToolCall)]

    def retrieved_chunks(self) -> list[RetrievalResult]:
        """Return every chunk of every ``retriever`` event of the trace, in order."""
        return [chunk for event in self.trace if isinstance(event, RetrievalResults) for chunk in event.outputs]


Request = tuple[str | None, str, Any]
"""A tool call a model requested: (its id or None, the tool's name, the arguments)."""

_WRAPPED = ("function", "functionCall", "function_call", "toolUse")
"""Keys holding one call: OpenAI's (of a tool call, or legacy), Gemini's part, Bedrock's block."""
_PARTS = ("tool_call", "tool_use", "function_call")
"""Types of a call part: GenAI, Anthropic, OpenAI Responses ``output`` items."""
_INSIDE = {
    "tool_calls", "toolCalls", "additional_kwargs", "kwargs", "choices", "message", "messages", "candidates",
    "content", "parts", "output", "generations", "actions", "intermediate_steps", "trace",
}  # fmt: skip
"""Keys where a reply keeps its calls: a message's, a choice's, a candidate's, a response's, LangChain's, a
nested agent's trace."""
_CALL_ARGUMENTS = ("arguments", "args", "tool_input", "action_input")
"""Keys of a call's arguments that make an object with a ``name`` or ``tool`` a call (or a part of ``_PARTS``, or a
trace's ``tool_call`` event)."""
_IDS = ("call_id", "toolUseId", "id")
_LISTS = ("tool_calls", "toolCalls")
"""Keys of a call's id, and of a list of calls (whose items are calls whatever else they hold)."""
_READ = frozenset({*_WRAPPED, *_INSIDE, "name", "tool", "type", "action_input"})
"""The keys an object must have one of to be, or to hold, a call."""
_ASKING = (None, "assistant", "model", "ai")
"""Roles of the messages that request calls (a user's or a tool's message does not)."""


def _request(identified: Mapping[str, Any], name: Any, call: Mapping[str, Any]) -> Request:
    ident = next((str(identified[key]) for key in _IDS if identified.get(key)), None)
    arguments = next((call[key] for key in (*_CALL_ARGUMENTS, "input", "params") if key in call), None)
    return ident, str(name), arguments


def requested_calls(value: Any, depth: int = 8, *, strict: bool = False) -> list[Request]:
    """The tool calls a model's answer requests (a message, a list of messages, a response or JSON text of one),
    looked for ``depth`` levels down in the shapes above: OpenAI chat and Responses, GenAI, Anthropic, Gemini,
    Bedrock Converse, LangChain (serialised too). An object with a ``name`` and arguments is a call when its
    arguments are an object, JSON text of one or LangChain's ``tool_input`` (not ``{"name": "ls", "args": ["-la"]}``);
    ``strict``, as in a tool's result, also only when it has a ``type`` or an ``id``, is LangChain's action or an item
    of ``tool_calls`` (not a record of a process or of a span: ``{"name": "retrieve", "args": {"k": 5}}``)."""
    if depth == 0:
        return []
    if isinstance(value, str) and value[:1] in ("[", "{"):
        try:
            value = json.loads(value)
        except ValueError:
            return []
    if isinstance(value, list):
        return [call for item in value for call in requested_calls(item, depth - 1, strict=strict)]
    if not isinstance(value, dict) or value.keys().isdisjoint(_READ) or _role(value) not in _ASKING:
        return []  # no key below is read: most tools' results
    marked = (
        not strict
        or "tool_input" in value  # LangChain's action
        or value.get("type") == "function"
        or any(isinstance(value.get(k), str) and value[k] for k in _IDS)
    )
    for key in _WRAPPED:  # a call whose name is missing still asks for one: it names "" (no tool)
        call = value.get(key)
        if (
            isinstance(call, dict)
            and (call.get("name") or "arguments" in call)
            and "parameters" not in call
            and (key != "function" or marked)
        ):
            request = _request(value if key == "function" else call, call.get("name") or "", call)
            if request[0] or request[1] or request[2] not in (None, ""):  # no `{"name": null, "arguments": ""}`
                return [request]
    name = value.get("name") or value.get("tool") or ("action_input" in value and value.get("action"))
    arguments = _request(value, name or "", value)[2]
    shaped = isinstance(arguments, dict) or "tool_input" in value or str(arguments).lstrip()[:1] == "{"
    if (name or value.get("type") in _PARTS) and (
        value.get("type") in _PARTS
        or value.get("event") == "tool_call"
        or (marked and shaped and value.keys() & _CALL_ARGUMENTS)
    ):
        return [_request(value, name or "", value)]
    inside = ((key, held) for key, held in value.items() if key in _INSIDE)
    return [
        call for key, held in inside for call in requested_calls(held, depth - 1, strict=strict and key not in _LISTS)
    ]


_CALL_NAMES = {
    "toolsused", "usedtools", "executedtools", "tooluse", "function", "steps", "intermediatesteps", "actions",
}  # fmt: skip
"""Keys named for tool calls besides those whose name holds "call" or "invocation", compared folded (``tools_used``)."""
_DECLARING = {"parameters", "input_schema", "inputSchema"}
"""Keys of a tool's declaration (``{"function": {"name": ..., "parameters": ...}}`` declares, it does not call)."""


def _role(message: Mapping[str, Any]) -> Any:
    role = message.get("role")
    return role.lower() if isinstance(role, str) else role


@functools.lru_cache(maxsize=4096)  # the same few keys on every line
def _named_for_calls(key: str) -> bool:
    folded = "".join(char for char in key.lower() if char.isalnum())
    return "call" in folded or "invocation" in folded or folded in _CALL_NAMES


def _holds(value: Any) -> bool:
    """Whether a key named for calls holds any: text, a list or an object (not a declaration), not empty."""
    declares = isinstance(value, dict) and _DECLARING & value.keys()
    return bool(value) and isinstance(value, (str, list, dict)) and not declares


_OUTPUTS_FIELDS = frozenset(Outputs.model_fields)


def unread_calls(outputs: Mapping[str, Any]) -> dict[str, bool]:
    """The keys of ``outputs`` (a line's object, or the keys of :class:`Outputs` with its extra ones) that may hold
    tool calls the evaluation does not read, each with whether it holds any: a key named for calls (names compared
    folded: ``calls``, ``toolUse``, ``tools_used``...) even when empty, any other extra key when it holds a call a model
    requested (:func:`requested_calls`), a tool's result (a tool ran) or a key named for calls, not empty, and
    ``response`` when it is JSON text of a call, alone or only in fences or tags (the agent requested a call instead
    of answering)."""
    found: dict[str, bool] = {}
    for key, value in outputs.items():
        if key == "response":
            if isinstance(value, str) and any(requested_calls(text, 6) for text in _call_texts(value)):
                found[key] = True
        elif _named_for_calls(key):
            found[key] = _holds(value)
        elif key not in _OUTPUTS_FIELDS and (requested_calls(value, 6) or _hidden_calls(value, 6)):
            found[key] = True
    return found


_WRAPPED_CALL = re.compile(r"\s*(?:```(?:json)?|<(tool_call|function_call)>)(.*?)(?:```|</\1>)\s*", re.DOTALL)
"""A call in a code fence or in tags, as open-weight models write one (``<tool_call>{...}</tool_call>``)."""


def _call_texts(response: str) -> list[str]:
    """The texts of ``response`` that may be a call: the whole of it, or each block when it is only fenced or tagged
    blocks."""
    if "```" not in response and "<" not in response:  # no block: most responses
        return [response.strip()]
    blocks, at = [], 0
    while at < len(response):  # block after block from the start (linear: a tag never closed ends the reading)
        if (found := _WRAPPED_CALL.match(response, at)) is None:
            return [response.strip()]
        blocks.append(found[2].strip())
        at = found.end()
    return [response.strip(), *blocks]


_ACTION = re.compile(
    r"^[ \t*]*(?:action|(tool))(?:[ \t]*\d+)?[ \t*]*:[ \t*]*([`\"']?)([^\W\d][\w.:/-]*)\2?"
    r"([ \t]*)(?:\[(.*)\]|\((.*)\))?`?[ \t\r]*$"
    r"(?=\s*(?:^[ \t*]*(?:(?:action|tool)[ _]?input|observation)(?:[ \t]*\d+)?[ \t*]*:(.*))?)",
    re.IGNORECASE | re.MULTILINE,
)
"""A ReAct step: a line ``Action: name``, ``Action 1: name[input]`` or ``Action: name(input)``, then maybe a line
``Action Input: ...`` or ``Observation: ...``; ``Tool:`` and ``Tool Input:``, the name quoted or a space before its
input, alike when the name is a tool's (:func:`written_steps`)."""
_JSON_CALL = re.compile(r'\{\s*"(?:action|name|tool)"\s*:\s*("(?:[^"\\\n]|\\.){1,200}")?')
"""Where JSON of a call may start in a response (LangChain's ``{"action": ..., "action_input": ...}``), and the name
it gives."""
_JSON_READ = (4000, 50)
"""How many characters JSON of a call is read in from where it may start, and at most how many starts that are not
JSON a response is read at (past them, its calls cannot be read: :func:`written_calls`)."""
_DECODER = json.JSONDecoder()  # one for the run: it keeps no state between reads
_NO_ACTION = frozenset({"none", "null", "nil", "nothing", "n/a", "na", "noop", "finish"})
"""What ``Action:`` says when no call is made."""


def written_steps(response: str, tools: Collection[str] = ()) -> list[Request]:
    """The steps of a ReAct agent anywhere in ``response`` (``Action: delete_account`` then ``Action Input: {...}``
    or ``Observation: ...``, ``Action: delete_account[u1]``; ``Action: name`` alone, ``Tool: name``, ``Action:
    "name"`` or ``Action: name (input)`` only when ``name`` is one of ``tools``: ``Action: Approved`` and ``Tool:
    Terraform (infrastructure as code)`` are labels)."""
    found = [
        (step[3], step[1] or step[2] in ("'", '"') or (step[4] and (step[5] or step[6]) is not None), said)
        for step in _ACTION.finditer(response)
        for said in [[said for said in step.groups()[4:] if said is not None]]
    ]
    return [
        (None, name, said[0].strip() if said else "")
        for name, loose, said in found
        if ((said and not loose) or name.casefold() in tools) and name.casefold() not in _NO_ACTION
    ]


def written_calls(response: str, tools: Collection[str] = ()) -> tuple[list[Request], list[Request]]:
    """The calls ``response`` writes as text instead of making them: its ReAct steps (:func:`written_steps`), then,
    read as code is (a text may show a call rather than make it), JSON of a call anywhere in it
    (:func:`requested_calls`: ``{"action": "delete_account", "action_input": {...}}``; Llama's ``{"name": ...,
    "parameters": {...}}``) and the calls of each fenced
    block (untagged, ``python`` or Gemini's ``tool_code``), of Llama's ``<|python_tag|>`` and of the last paragraph
    when it is Python code (:func:`_python`), with Llama's ``<function=name>{...}</function>`` calls among the steps
    (their arguments JSON). A ValueError when more of its starts of JSON of a call than are read are not JSON
    (:data:`_JSON_READ`), or it has more blocks of code or ``<function=...>`` calls than :data:`_BLOCKS_READ`."""
    code: list[Request] = []
    size, most = _JSON_READ
    end = failed = 0
    for found in _JSON_CALL.finditer(response):
        if (start := found.start()) < end:  # in an object read
            continue
        try:
            value, length = _DECODER.raw_decode(response[start : start + size])
        except (ValueError, RecursionError):  # cut short, too long or too deep: the name it gives is a call's
            failed += 1
            if failed > most:
                raise ValueError(f"more than {most} starts of JSON that may be calls are not JSON") from None
            if found[1]:
                with contextlib.suppress(ValueError):
                    code.append((None, json.loads(found[1]), ""))
            continue
        end = start + length
        if _llama_call(value):  # ``{"name": "delete_account", "parameters": {"user_id": "u1"}}``
            code.append((None, value["name"], json.dumps(value["parameters"])))
        for _, name, said in requested_calls(value, 2):
            if name.casefold() not in (*_NO_ACTION, "final answer"):
                code.append((None, name, said if isinstance(said, str) else repr(said)))
    text = _TILDES.sub(r"\1```", response.strip())  # ``~~~python`` fences as backticks
    if text.endswith("```") and (start := text.rfind("```", 0, len(text) - 3)) >= 0:  # the last fenced block
        tag, _, block = text[start + 3 : -3].partition("\n")
        block = block.strip() if _python_tag(tag) else ""  # a JavaScript one is not
    else:
        block, start = _TICKED.sub(r"\1", _PARAGRAPH.split(text)[-1]), len(text)
    blocks = [found[2] for found in _FENCED.finditer(text, 0, start) if _python_tag(found[1])]
    tagged = [found[1] or found[2] for found in _PYTHON_TAG.finditer(text)]
    blocks = [found for found in (_prompted(part.strip()) for part in [*blocks, *tagged, block]) if _code_like(found)]
    if len(blocks) > _BLOCKS_READ:
        raise ValueError(f"more than {_BLOCKS_READ} blocks of code may hold calls")
    return written_steps(response, tools) + _function_tags(text), code + [call for b in blocks for call in _python(b)]


def _llama_call(value: Any) -> bool:
    """Whether ``value`` is Llama's JSON of a call: a ``name`` and ``parameters`` (maybe ``"type": "function"``),
    nothing else, the parameters an object that is no schema (``{"type": "object", "properties": ...}`` declares)."""
    return (
        isinstance(value, dict)
        and value.keys() - {"type"} == {"name", "parameters"}
        and value.get("type", "function") == "function"
        and isinstance(value["name"], str)
        and isinstance(value["parameters"], dict)
        and "properties" not in value["parameters"]
    )


def _function_tags(text: str) -> list[Request]:
    """Llama 3's calls ``<function=name>{...}</function>`` (cut short too: ``<function=name>{"user_id": ...``; not
    ``the <function=x> tag``), their arguments read for 4,000 characters at most; a ValueError past
    :data:`_BLOCKS_READ` of them."""
    found: list[Request] = []
    end, bpel = 0, not _CALLS.search(text)
    for tag in _FUNCTION_TAG.finditer(text):
        if tag.start() < end or (tag[3] and bpel and _INVOKE.match(tag[0])):
            continue  # inside the arguments of one read, or BPEL's <invoke name="x"/> (not in <function_calls>)
        close = -1 if tag[3] else (ended.start() if (ended := _FUNCTION_END.search(text, tag.end())) else -1)
        end = tag.end() if tag[3] else len(text) if close < 0 else close
        if close >= 0 or tag[3] or tag[4]:
            if len(found) == _BLOCKS_READ:
                raise ValueError(f"more than {_BLOCKS_READ} calls in <function=...> tags")
            start = tag.start(4) if tag[4] else tag.end()
            said = text[start : min(end, start + _JSON_READ[0])].strip()
            found.append((None, tag[2], _parameters(text, start, end) if tag[4] == "<" else said))
    return found


def _parameters(text: str, start: int, end: int) -> str:
    """Anthropic's parameters of a call, ``text`` from ``start`` to ``end``, as JSON: each value up to its
    ``</parameter>``, XML's entities read (``&amp;``), JSON when it reads as JSON (``5``, ``true``, ``["a"]``), text
    else. Text not so read, a name given twice or more than :data:`_BLOCKS_READ` parameters leave them unread: the
    text itself (4,000 characters), no recorded call's arguments."""
    said: dict[str, Any] = {}
    at = start
    while (param := _PARAMETER.match(text, at, end)) and param[2] not in said and len(said) < _BLOCKS_READ:
        value = _ENTITY.sub(lambda entity: html.unescape(entity[0]), param[3]).strip()
        try:
            said[param[2]] = json.loads(value)
        except (ValueError, RecursionError):
            said[param[2]] = value
        at = param.end()
    return json.dumps(said) if not text[at:end].strip() else text[start : min(end, start + _JSON_READ[0])]


_FENCED = re.compile(r"```([^`\n]*)\n((?:[^`]|`(?!``))*)```")
_TILDES = re.compile(r"^([ \t]*)~~~", re.MULTILINE)
"""A fenced block: its tag and its text; a fence of tildes is one of backticks."""
_PARAGRAPH = re.compile(r"\n\s*\n")
_TICKED = re.compile(r"\A`(.*)`\Z", re.DOTALL)
"""Where a paragraph ends; a text in one pair of backticks."""
_PYTHON_TAGS = frozenset({"", "python", "py", "ipython", "pycon", "tool_code", "tool_call"})
"""The tags of a fenced block read as Python code, by their first word, a version dropped (``python3.11``, ``py3``,
``python title="run.py"``, ``tool-code`` and ``tool_code`` as Gemini writes its calls); a JavaScript one is not."""
_PYTHON_TAG = re.compile(r"<\|python_(?:tag|start)\|>((?:[^<]|<(?!\|))*)|<tool_call>((?:[^<]|<(?!/tool_call>))*)")
_INVOKE, _CALLS = re.compile(r"<(?:\w{1,16}:)?invoke\b", re.I), re.compile(r"<(?:\w{1,16}:)?function_calls>", re.I)
_ENTITY = re.compile(r"&(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[\da-f]{1,6});", re.IGNORECASE)
"""Anthropic's ``<invoke>`` tag, ``<function_calls>`` around it, and XML's entities read in its parameters."""
_FUNCTION_TAG = re.compile(
    r"<(?:function\s*=|(?:\w{1,16}:)?(?:function|invoke)\s+name\s*=)\s*([\"']?)([^\W\d][\w.:/-]*?)\1\s*(/?)>"
    r"\s*([{(]|<(?=(?:\w{1,16}:)?parameter\b))?",
    re.IGNORECASE,
)
_FUNCTION_END = re.compile(r"</(?:\w{1,16}:)?(?:function|invoke)>", re.IGNORECASE)
_PARAMETER = re.compile(
    r"\s*<(?:\w{1,16}:)?parameter\s+name\s*=\s*([\"']?)([^\"'<>]*?)\1\s*>(.*?)</(?:\w{1,16}:)?parameter\s*>",
    re.IGNORECASE | re.DOTALL,
)
"""Llama's calls: code after ``<|python_tag|>`` (up to ``<|eom_id|>``) or ``<|python_start|>`` or in
``<tool_call>`` tags, and ``<function=name>{...}</function>`` (``<function name="name">``, ``<function=name/>``);
Anthropic's ``<invoke name="name"><parameter name="user_id">u1</parameter></invoke>`` (in ``<function_calls>``)."""


def _python_tag(tag: str) -> bool:
    """Whether a fenced block's tag says Python code (:data:`_PYTHON_TAGS`)."""
    first = re.split(r"[\s{]", tag.strip(), maxsplit=1)[0].casefold().replace("-", "_")
    return re.sub(r"(?<=[a-z])[\d.]+\Z", "", first) in _PYTHON_TAGS


def _prompted(block: str) -> str:
    """A block of an interactive session (``>>> delete_account("u1")``) as its code: the lines after a prompt."""
    if not block.startswith(">>>"):
        return block
    return "\n".join(line[4:] for line in block.splitlines() if line.startswith((">>>", "...")))


_BLOCKS_READ = 50
"""At most how many blocks of code that may hold calls a response is read in (past them, its calls cannot be read)."""


def _python(block: str) -> list[Request]:
    """The calls of ``block`` when it is Python code, in backticks or not (``delete_account(user_id="u1")``,
    ``[get_user(id=1), functions.delete_account("u1")]``, ``result = delete_account(uid)\nprint(result)``,
    ``tools.delete_account.invoke({"user_id": "u1"})``); none when it is not (``I did not run `f(x=1)` ``). A
    function or class the block defines is no tool, nor a one-word function of a standard module it imports
    (``re.search`` after ``import re``; not ``requests.delete`` after ``import requests``: a tool named ``delete`` may
    be it), nor ``print`` of calls read on their own (Gemini's ``print(default_api.search(q="x"))``)."""
    if not _code_like(block):
        return []
    try:
        tree = ast.parse(block)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    nodes = list(ast.walk(tree))
    own = {node.name for node in nodes if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    own |= {
        f"{(alias.asname or alias.name)}.*"
        for node in nodes
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name.partition(".")[0] in sys.stdlib_module_names
    }
    found: dict[ast.Call, str] = {
        call: name
        for call in nodes
        if isinstance(call, ast.Call)
        and re.fullmatch(r"[^\W\d]\w*(?:\.[^\W\d]\w*)*", name := _callee(call.func))
        and name not in own
        and re.sub(r"\.[a-z]+\Z", ".*", name) not in own
    }
    return [
        (
            None,
            name,
            ", ".join([*(_argument(part, found) for part in call.args), *(_argument(k, found) for k in call.keywords)]),
        )
        for call, name in found.items()
        if name != "print" or call.keywords or not call.args or not all(part in found for part in call.args)
    ]


def _argument(part: ast.expr | ast.keyword, calls: Collection[ast.AST]) -> str:
    """An argument as written, but ``...`` for a call of ``calls``, read as a call of its own
    (``print(api.search(q="x"))``; not ``print(api.resolve()("delete_account"))``, whose quoted name shows)."""
    value = part.value if isinstance(part, ast.keyword) else part
    shown = "..." if value in calls else ast.unparse(value)
    if isinstance(part, ast.keyword):
        return f"{part.arg}={shown}" if part.arg else f"**{shown}"
    return shown


def _code_like(block: str) -> bool:
    """Whether ``block`` may be Python code that calls: 4,000 characters at most, ending with ``)`` or ``]``."""
    return len(block) <= 4000 and block.rstrip(";").endswith((")", "]"))


def _callee(function: ast.expr) -> str:
    """What a call calls: ``tools["delete_account"](...)`` calls ``delete_account``."""
    key = function.slice if isinstance(function, ast.Subscript) else None
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else ast.unparse(function)


def _hidden_calls(value: Any, depth: int) -> bool:
    """Whether ``value`` holds a key named for calls that holds any or the result of a tool that ran (a message of
    role ``tool`` or ``function``, a ``tool_result`` or ``function_call_output`` part, a LangChain tool message, an
    MCP tool's result), looked for ``depth`` levels down."""
    if depth == 0 or not isinstance(value, (dict, list)):
        return False
    if isinstance(value, dict) and (
        _role(value) in ("tool", "function")
        or value.get("type") in ("tool_result", "function_call_output")
        or (value.get("type") == "tool" and "tool_call_id" in value)
        or ("isError" in value and isinstance(value.get("content"), list))  # an MCP tool's result
        or any(_named_for_calls(key) and _holds(held) for key, held in value.items())
    ):
        return True
    return any(_hidden_calls(item, depth - 1) for item in (value.values() if isinstance(value, dict) else value))


def records_error(error: Any) -> bool:
    """Whether ``error``, the value of ``outputs.error``, records an agent error: anything but null, ``false`` or
    ``0`` (:func:`reported_error`)."""
    return error not in (None, False)  # False, 0 and 0.0 alike


def reported_error(outputs: Outputs) -> tuple[str, str] | None:
    """The type and message of the agent error recorded in ``outputs.error``; None when the key is absent, null,
    ``false`` or ``0`` (as runners write "no error"). Any other value records an error, an empty one too (``{}``,
    ``""``: an error that says nothing is no success): the type is ``""`` unless given, the message ``unknown error``
    unless given."""
    error = (outputs.model_extra or {}).get("error")
    if not records_error(error):
        return None
    record = error if isinstance(error, dict) else {"message": error}
    kind, message = record.get("type"), record.get("message")
    kind = kind if isinstance(kind, str) and kind.strip() else ""
    return kind, str(message) if message is not None and str(message).strip() else "unknown error"
