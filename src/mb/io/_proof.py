"""A fast, sound proof that a line is a valid example, and its content for the evaluator's fast path.

:func:`prove` decodes a line with a strict ``msgspec`` schema that mirrors :class:`mb.entities.Example` (exact JSON
types, no coercion, integers of any width kept exact) and checks the rules the types cannot say. It returns the
decoded :class:`ProvenExample` only for lines the data model certainly accepts; None means "validate fully": the
pydantic model stays the single authority on errors, so a None is never a verdict. A property test holds the proof
sound against the model.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any, NamedTuple

import msgspec
from pydantic import TypeAdapter, ValidationError

from ._limits import screen

__all__ = [
    "UNSET",
    "ProvenAssertion",
    "ProvenCall",
    "ProvenExample",
    "ProvenLine",
    "ProvenMatcher",
    "ProvenParameter",
    "ProvenResult",
    "ProvenRetrieval",
    "has_digit_run",
    "prove",
    "prove_with_source",
    "read_user_time",
]

_SCALARS = (str, int, float, bool)
_MAX_BRACKETS = 190  # the model's JSON parser refuses nesting deeper than 200
_MAX_DIGITS = 4300  # Python converts no longer integers (sys.get_int_max_str_digits)
_DIGITS_TO_ZERO = bytes(48 if 48 <= byte <= 57 else 32 for byte in range(256))
_DATETIME: TypeAdapter[datetime] = TypeAdapter(datetime)
_UNSET: Any = msgspec.UNSET
UNSET: Any = _UNSET
"""Marks a field absent from the line (``param`` or ``params`` of a parameter assertion)."""


class _Message(msgspec.Struct):
    role: str
    content: str


class _Turn(msgspec.Struct):
    categories: dict[str, str]
    resources: list[Any]


class _Metadata(msgspec.Struct):
    turns: list[_Turn] | None = None
    categories: dict[str, str] | None = None


class _Inputs(msgspec.Struct):
    messages: list[_Message]
    metadata: _Metadata | None = None
    tools: list[str] | None = None
    context: Any = None  # an extra field some metrics read


class ProvenMatcher(msgspec.Struct):
    """A matcher: the same attribute names as the matcher models."""

    match_as: str
    """The matcher kind."""

    value: Any = None
    """The expected value (None when the kind has none)."""

    default: ProvenMatcher | None = None
    """The inner matcher of ``optional``."""


class ProvenParameter(msgspec.Struct):
    """A parameter assertion: ``param`` for one parameter, ``params`` for a group."""

    matcher: ProvenMatcher
    """How the argument (or group) must match."""

    param: Any = _UNSET
    """The parameter name of a single-parameter assertion."""

    params: Any = _UNSET
    """The parameter names of a group assertion."""


class ProvenAssertion(msgspec.Struct):
    """A ``tool_called`` or ``no_tool_called`` assertion."""

    assert_that: str
    """The assertion kind."""

    tool: str | None = None
    """The tool that must have been called."""

    parameters: list[ProvenParameter] = []
    """Assertions on the call's parameters."""


class _Expectations(msgspec.Struct):
    expected_response: str | None = None
    assertions: list[ProvenAssertion] = []


class ProvenCall(msgspec.Struct, tag_field="event", tag="tool_call"):
    """A ``tool_call`` event."""

    id: str
    """The call's id."""

    tool: str
    """The tool called."""

    params: dict[str, Any]
    """The arguments."""


class ProvenResult(msgspec.Struct, tag_field="event", tag="tool_result"):
    """A ``tool_result`` event."""

    id: str
    """The id of the call it answers."""

    result: Any = _UNSET
    """The result (required; ``null`` allowed)."""


class _Chunk(msgspec.Struct):
    id: str
    page_content: str


class ProvenRetrieval(msgspec.Struct, tag_field="event", tag="retriever"):
    """A ``retriever`` event."""

    outputs: list[_Chunk]
    """The chunks retrieved."""


class _Citation(msgspec.Struct):
    document_id: str
    span_from: int
    span_to: int


class _Environment(msgspec.Struct):
    user_time: str | None = None


class _Outputs(msgspec.Struct):
    response: str
    trace: list[ProvenCall | ProvenResult | ProvenRetrieval] = []
    citations: list[_Citation] | None = None
    environment: _Environment | None = None
    error: Any = None


class ProvenExample(msgspec.Struct):
    """A line proven to be a valid example: the fields the evaluator reads, with the models' names."""

    inputs: _Inputs
    """The conversation, metadata and tool subset."""

    expectations: _Expectations
    """The expected response and the assertions."""

    outputs: _Outputs | None = None
    """What the agent did."""


class ProvenLine(NamedTuple):
    """A line proven valid: its content, and its bytes for anything the proof does not keep."""

    example: ProvenExample
    """What the evaluator's fast path reads."""

    data: bytes
    """The line as read (validate it into the model for everything else)."""

    source: dict[str, Any] | None = None
    """What a result row takes from the line, as read (see :func:`prove_with_source`); None: read it from ``data``."""


class _SourceOutputs(_Outputs):
    usage: Any = None


class _Whole(msgspec.Struct):
    """A line in one decode: inputs and expectations as plain JSON values (the identity hashes them as written, extra
    keys included), the outputs typed (their trace is the bulk of a line)."""

    inputs: Any
    expectations: Any
    outputs: _SourceOutputs | None = None
    example_hash: Any = None
    repeat: Any = None


_DECODER = msgspec.json.Decoder(ProvenExample)
_WHOLE = msgspec.json.Decoder(_Whole)


@lru_cache(maxsize=4096)
def read_user_time(text: str) -> datetime | None:
    """``outputs.environment.user_time`` read as the model reads it; None when the model refuses it."""
    try:
        return _DATETIME.validate_python(text)
    except ValidationError:
        return None


def has_digit_run(data: bytes, length: int) -> bool:
    """Whether ``data`` holds ``length`` digits in a row (a number, or part of a string, that long)."""
    return b"0" * length in data.translate(_DIGITS_TO_ZERO)


def _matcher_ok(matcher: ProvenMatcher, group: bool, nested: bool = False) -> bool:
    kind = matcher.match_as
    if kind == "free_text" or kind == "date_time":
        return type(matcher.value) is str
    if kind == "optional":
        return not nested and matcher.default is not None and _matcher_ok(matcher.default, group, nested=True)
    if group:
        return False
    if kind == "equality":
        return type(matcher.value) in _SCALARS
    if kind == "email":
        return type(matcher.value) is str
    return kind == "missing"


def _expectations_ok(expectations: _Expectations) -> bool:
    for assertion in expectations.assertions:
        if assertion.assert_that == "no_tool_called":
            continue
        if assertion.assert_that != "tool_called" or assertion.tool is None:
            return False
        for parameter in assertion.parameters:
            if parameter.params is not _UNSET:
                names = parameter.params
                if type(names) is not list or not all(type(name) is str for name in names):
                    return False
                if not _matcher_ok(parameter.matcher, True):
                    return False
            elif type(parameter.param) is not str or not _matcher_ok(parameter.matcher, False):
                return False
    return True


def _outputs_ok(outputs: _Outputs) -> bool:
    chunk_ids: set[str] = set()
    for event in outputs.trace:
        if type(event) is ProvenResult:
            if event.result is _UNSET:
                return False
        elif type(event) is ProvenRetrieval:
            chunk_ids.update(chunk.id for chunk in event.outputs)
    if outputs.citations is not None and not all(c.document_id in chunk_ids for c in outputs.citations):
        return False
    environment = outputs.environment
    return environment is None or environment.user_time is None or read_user_time(environment.user_time) is not None


def _json_the_model_reads(data: bytes) -> bool:
    """What msgspec does not check in the fields it skips, but the model's JSON parser refuses: invalid UTF-8,
    nesting deeper than its limit (bounded here by the count of brackets) and integers too long to convert; and
    what no command can handle (:func:`~mb.io._limits.screen`)."""
    if not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return False
    brackets = data.count(b"[") + data.count(b"{")
    if brackets > _MAX_BRACKETS or screen(data, brackets) is not None:
        return False
    return len(data) <= _MAX_DIGITS or not has_digit_run(data, _MAX_DIGITS + 1)


def _proven(example: ProvenExample, executed: bool) -> ProvenExample | None:
    messages = example.inputs.messages
    if not messages or messages[-1].role != "user" or not _expectations_ok(example.expectations):
        return None
    outputs = example.outputs
    if outputs is None:
        return None if executed else example
    return example if _outputs_ok(outputs) else None


def prove(data: bytes, *, executed: bool = False) -> ProvenExample | None:
    """The line as a :class:`ProvenExample` when it is certainly a valid example (with outputs when ``executed``);
    None means "validate fully"."""
    if not _json_the_model_reads(data):
        return None
    try:
        example = _DECODER.decode(data)
    except Exception:  # not JSON, not this shape, or beyond what the decoder handles: the model decides
        return None
    return _proven(example, executed)


def prove_with_source(data: bytes, *, executed: bool = False) -> tuple[ProvenExample, dict[str, Any]] | None:
    """:func:`prove` and, from the same single decode, what a result row takes from the line: ``inputs`` and
    ``expectations`` as JSON values, ``outputs`` as ``{"usage": ...}``, ``example_hash`` and ``repeat`` (the
    document :func:`mb._hashing.source_fields_of_document` reads)."""
    if not _json_the_model_reads(data):
        return None
    try:
        whole = _WHOLE.decode(data)
        inputs = msgspec.convert(whole.inputs, _Inputs, strict=True)
        expectations = msgspec.convert(whole.expectations, _Expectations, strict=True)
    except Exception:  # not JSON, not this shape, or beyond what the decoder handles: the model decides
        return None
    outputs = whole.outputs
    example = _proven(ProvenExample(inputs, expectations, outputs), executed)
    if example is None:
        return None
    source = {
        "inputs": whole.inputs,
        "expectations": whole.expectations,
        "outputs": None if outputs is None else {"usage": outputs.usage},
        "example_hash": whole.example_hash,
        "repeat": whole.repeat,
    }
    return example, source
