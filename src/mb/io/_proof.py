"""A fast, sound proof that a line is a valid example, and its content for the evaluator's fast path.

:func:`prove` decodes a line with a strict ``msgspec`` schema that mirrors :class:`mb.entities.Example` (exact JSON
types, no coercion, integers of any width kept exact) and checks the rules the types cannot say. It returns the
decoded :class:`ProvenExample` only for lines the data model certainly accepts; None means "validate fully": the
pydantic model stays the single authority on errors, so a None is never a verdict. A property test holds the proof
sound against the model.

The decoded structs are trees of JSON values (no reference cycles), so the garbage collector does not track them.
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
    "ProvenSource",
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
_PLAIN_FLOAT = 1e16  # orjson writes larger floats with an exponent sign ("1e+16"), msgspec without ("1e16")
_BAD, _VALID, _NORMAL = 0, 1, 2  # not proven; proven; proven, and the typed form writes the normal form
_UNSET: Any = msgspec.UNSET
UNSET: Any = _UNSET
"""Marks a field absent from the line (``param`` or ``params`` of a parameter assertion)."""


class _Message(msgspec.Struct, gc=False):
    role: str
    content: str


class _Turn(msgspec.Struct, gc=False):
    categories: dict[str, str]
    resources: list[Any]


class _Metadata(msgspec.Struct, gc=False, omit_defaults=True):
    turns: list[_Turn] | None = None
    categories: dict[str, str] | None = None


class _Inputs(msgspec.Struct, gc=False, omit_defaults=True):
    messages: list[_Message]
    metadata: _Metadata | None = None
    tools: list[str] | None = None
    context: Any = None  # an extra field some metrics read


class ProvenMatcher(msgspec.Struct, gc=False, omit_defaults=True):
    """A matcher: the same attribute names as the matcher models."""

    match_as: str
    """The matcher kind."""

    value: Any = None
    """The expected value (None when the kind has none)."""

    default: ProvenMatcher | None = None
    """The inner matcher of ``optional``."""


class ProvenParameter(msgspec.Struct, gc=False, omit_defaults=True):
    """A parameter assertion: ``param`` for one parameter, ``params`` for a group."""

    matcher: ProvenMatcher
    """How the argument (or group) must match."""

    param: Any = _UNSET
    """The parameter name of a single-parameter assertion."""

    params: Any = _UNSET
    """The parameter names of a group assertion."""


class ProvenAssertion(msgspec.Struct, gc=False, omit_defaults=True):
    """A ``tool_called`` or ``no_tool_called`` assertion."""

    assert_that: str
    """The assertion kind."""

    tool: str | None = None
    """The tool that must have been called."""

    parameters: list[ProvenParameter] = []
    """Assertions on the call's parameters."""


class _Expectations(msgspec.Struct, gc=False, omit_defaults=True):
    expected_response: str | None = None
    assertions: list[ProvenAssertion] = []


class ProvenCall(msgspec.Struct, gc=False, tag_field="event", tag="tool_call"):
    """A ``tool_call`` event."""

    id: str
    """The call's id."""

    tool: str
    """The tool called."""

    params: dict[str, Any]
    """The arguments."""


class ProvenResult(msgspec.Struct, gc=False, tag_field="event", tag="tool_result"):
    """A ``tool_result`` event."""

    id: str
    """The id of the call it answers."""

    result: Any = _UNSET
    """The result (required; ``null`` allowed)."""


class _Chunk(msgspec.Struct, gc=False):
    id: str
    page_content: str


class ProvenRetrieval(msgspec.Struct, gc=False, tag_field="event", tag="retriever"):
    """A ``retriever`` event."""

    outputs: list[_Chunk]
    """The chunks retrieved."""


class _Citation(msgspec.Struct, gc=False):
    document_id: str
    span_from: int
    span_to: int


class _Environment(msgspec.Struct, gc=False):
    user_time: str | None = None


class _Outputs(msgspec.Struct, gc=False):
    response: str
    trace: list[ProvenCall | ProvenResult | ProvenRetrieval] = []
    citations: list[_Citation] | None = None
    environment: _Environment | None = None
    error: Any = None


class ProvenExample(msgspec.Struct, gc=False):
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

    source: ProvenSource | None = None
    """What a result row takes from the line (see :func:`prove_with_source`); None: read it from ``data``."""


class _SourceOutputs(_Outputs):
    usage: Any = None


class _ExactInputs(_Inputs, forbid_unknown_fields=True):
    pass


class _ExactExpectations(_Expectations, forbid_unknown_fields=True):
    pass


class ProvenSource(msgspec.Struct, gc=False):
    """What a result row takes from a line proven valid whose inputs and expectations, as decoded, are their normal
    form: written with sorted keys (:func:`mb._hashing.source_fields_of_proven`), they are the JSON the example's
    identity hashes. Inputs and expectations keep keys they do not know, so a line with any is not decoded this
    way; nor one with a key the model ignores, an empty list it fills in, or a value JSON writers spell differently
    (see :func:`_matcher_state`)."""

    inputs: _ExactInputs
    """The inputs, as decoded for the proof."""

    expectations: _ExactExpectations
    """The expectations, as decoded for the proof."""

    outputs: _SourceOutputs | None = None
    """The outputs, with the agent's reported ``usage`` as written."""

    example_hash: Any = None
    """The hash the line records, as written."""

    repeat: Any = None
    """The trial number the line records, as written."""


_DECODER = msgspec.json.Decoder(ProvenExample)
_SOURCE = msgspec.json.Decoder(ProvenSource)


@lru_cache(maxsize=1024)
def read_user_time(text: str) -> datetime | None:
    """``outputs.environment.user_time`` read as the model reads it; None when the model refuses it."""
    try:
        return _DATETIME.validate_python(text)
    except ValidationError:
        return None


def has_digit_run(data: bytes, length: int) -> bool:
    """Whether ``data`` holds ``length`` digits in a row (a number, or part of a string, that long)."""
    return b"0" * length in data.translate(_DIGITS_TO_ZERO)


def _matcher_state(matcher: ProvenMatcher, group: bool, nested: bool = False) -> int:
    """:data:`_BAD`, or whether the matcher as decoded writes its normal form (:data:`_NORMAL`) or not (:data:`_VALID`:
    a key the model ignores was given, or a float that the two JSON writers spell differently)."""
    kind = matcher.match_as
    value = matcher.value
    if kind == "optional":
        if nested or matcher.default is None:
            return _BAD
        inner = _matcher_state(matcher.default, group, nested=True)
        return _VALID if inner == _NORMAL and value is not None else inner
    if kind == "free_text" or kind == "date_time" or (kind == "email" and not group):
        if type(value) is not str:
            return _BAD
    elif group:
        return _BAD
    elif kind == "equality":
        if type(value) not in _SCALARS:
            return _BAD
        if type(value) is float and not -_PLAIN_FLOAT < value < _PLAIN_FLOAT:
            return _VALID
    elif kind == "missing":
        return _NORMAL if value is None and matcher.default is None else _VALID
    else:
        return _BAD
    return _NORMAL if matcher.default is None else _VALID


def _expectations_state(expectations: _Expectations) -> int:
    """:data:`_BAD`, :data:`_VALID` or :data:`_NORMAL` (see :func:`_matcher_state`; an empty list the model fills in
    is not written by the typed form either)."""
    assertions = expectations.assertions
    state = _NORMAL if assertions else _VALID
    for assertion in assertions:
        if assertion.assert_that == "no_tool_called":
            if assertion.tool is not None or assertion.parameters:
                state = _VALID
            continue
        if assertion.assert_that != "tool_called" or assertion.tool is None:
            return _BAD
        if not assertion.parameters:
            state = _VALID
        for parameter in assertion.parameters:
            if parameter.params is not _UNSET:
                names = parameter.params
                if type(names) is not list or not all(type(name) is str for name in names):
                    return _BAD
                matched = _matcher_state(parameter.matcher, True)
                if parameter.param is not _UNSET:  # the model drops it
                    state = _VALID
            elif type(parameter.param) is not str:
                return _BAD
            else:
                matched = _matcher_state(parameter.matcher, False)
            if matched < state:
                if matched == _BAD:
                    return _BAD
                state = matched
    return state


def _inputs_normal(inputs: _Inputs) -> bool:
    """Whether inputs as decoded write their normal form: no free JSON values (their floats could be spelled
    differently)."""
    if inputs.context is not None:
        return False
    metadata = inputs.metadata
    return metadata is None or metadata.turns is None or not any(turn.resources for turn in metadata.turns)


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


def _proven_state(example: ProvenExample, executed: bool) -> int:
    messages = example.inputs.messages
    if not messages or messages[-1].role != "user":
        return _BAD
    state = _expectations_state(example.expectations)
    outputs = example.outputs
    if state == _BAD or outputs is None:
        return _BAD if executed else state
    return state if _outputs_ok(outputs) else _BAD


def _proven(example: ProvenExample, executed: bool) -> ProvenExample | None:
    return example if _proven_state(example, executed) != _BAD else None


def prove(data: bytes, *, executed: bool = False) -> ProvenExample | None:
    """The line as a :class:`ProvenExample` when it is certainly a valid example (with outputs when ``executed``);
    None means "validate fully"."""
    if not _json_the_model_reads(data):
        return None
    return _decoded(data, executed)


def _decoded(data: bytes, executed: bool) -> ProvenExample | None:
    try:
        example = _DECODER.decode(data)
    except Exception:  # not JSON, not this shape, or beyond what the decoder handles: the model decides
        return None
    return _proven(example, executed)


def prove_with_source(data: bytes, *, executed: bool = False) -> tuple[ProvenExample, ProvenSource | None] | None:
    """:func:`prove` and, from the same single decode, what a result row takes from the line: the
    :class:`ProvenSource`, or None when its inputs and expectations as decoded are not their normal form (keys the
    typed form drops, see :class:`ProvenSource`): then read it from the line's bytes."""
    if not _json_the_model_reads(data):
        return None
    try:
        line = _SOURCE.decode(data)
    except Exception:  # extra keys in inputs or expectations, or not a valid example: the proof alone decides
        example = _decoded(data, executed)
        return None if example is None else (example, None)
    example = ProvenExample(line.inputs, line.expectations, line.outputs)
    state = _proven_state(example, executed)
    if state == _BAD:
        return None
    return example, line if state == _NORMAL and _inputs_normal(line.inputs) else None
