"""A fast, sound proof that a line is a valid example, and its content for the evaluator's fast path.

:func:`prove` decodes a line with a strict ``msgspec`` schema that mirrors :class:`mb.entities.Example` (exact JSON
types, no coercion, integers of any width kept exact) and checks the rules the types cannot say. It returns the
decoded :class:`ProvenExample` only for lines the data model certainly accepts; None means "validate fully": the
pydantic model stays the single authority on errors, so a None is never a verdict. A property test holds the proof
sound against the model.

An ordinary line decodes into the exact family of types (:mod:`mb.io._proof_types`), whose decode alone shows that
the JSON is what the model reads; any other line has its bytes screened first and decodes into the lenient family.

The decoded structs are trees of JSON values (no reference cycles), so the garbage collector does not track them.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any, NamedTuple

from pydantic_core import SchemaValidator, ValidationError, core_schema

from ._limits import screen
from ._proof_types import (
    EXACT,
    LENIENT,
    SOURCE,
    UNSET,
    ExactLine,
    ProvenAssertion,
    ProvenCall,
    ProvenExample,
    ProvenMatcher,
    ProvenParameter,
    ProvenResult,
    ProvenRetrieval,
    ProvenSource,
)

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
_READ_DATETIME = SchemaValidator(core_schema.datetime_schema(microseconds_precision="truncate")).validate_python
"""What ``TypeAdapter(datetime)`` validates with, built without pydantic's adapter (whose plugin lookup scans every
installed distribution)."""
_PLAIN_FLOAT = 1e16  # orjson writes larger floats with an exponent sign ("1e+16"), msgspec without ("1e16")
_BAD, _VALID, _NORMAL = 0, 1, 2  # not proven; proven; proven, and the typed form writes the normal form
_UNSET: Any = UNSET


class ProvenLine(NamedTuple):
    """A line proven valid: its content, and its bytes for anything the proof does not keep."""

    example: ProvenExample
    """What the evaluator's fast path reads."""

    data: bytes
    """The line as read (validate it into the model for everything else)."""

    source: ProvenSource | None = None
    """What a result row takes from the line (see :func:`prove_with_source`); None: read it from ``data``."""


@lru_cache(maxsize=1024)
def read_user_time(text: str) -> datetime | None:
    """``outputs.environment.user_time`` read as the model reads it; None when the model refuses it."""
    try:
        return _READ_DATETIME(text)  # type: ignore[no-any-return]
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


def _expectations_state(expectations: Any) -> int:
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


def _inputs_normal(inputs: Any) -> bool:
    """Whether inputs as decoded write their normal form: no free JSON values (their floats could be spelled
    differently)."""
    if inputs.context is not None:
        return False
    metadata = inputs.metadata
    return metadata is None or metadata.turns is None or not any(turn.resources for turn in metadata.turns)


def _cited(outputs: Any) -> bool:
    """Whether every citation names a chunk of a retrieval in the trace."""
    chunk_ids = {chunk.id for event in outputs.trace if isinstance(event, ProvenRetrieval) for chunk in event.outputs}
    return all(citation.document_id in chunk_ids for citation in outputs.citations)


def _outputs_ok(outputs: Any) -> bool:
    for event in outputs.trace:
        if type(event) is ProvenResult and event.result is _UNSET:
            return False
    return _exact_outputs_ok(outputs)


def _exact_outputs_ok(outputs: Any) -> bool:
    """The outputs' rules the exact family's types do not say (a result is required there)."""
    if outputs.citations is not None and not _cited(outputs):
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


def _proven_state(example: Any, executed: bool) -> int:
    messages = example.inputs.messages
    if not messages or messages[-1].role != "user":
        return _BAD
    state = _expectations_state(example.expectations)
    outputs = example.outputs
    if state == _BAD or outputs is None:
        return _BAD if executed else state
    return state if _outputs_ok(outputs) else _BAD


def _exact_state(line: ExactLine, executed: bool) -> int:
    """:func:`_proven_state` of a line of the exact family, whose types already say much of it (at least one
    message, the names of parameters, a result in every tool result)."""
    inputs = line.inputs
    if inputs.messages[-1].role != "user":
        return _BAD
    outputs = line.outputs
    if outputs is None:
        if executed:
            return _BAD
    else:
        if outputs.citations is not None and not _cited(outputs):
            return _BAD
        environment = outputs.environment
        if environment is not None:
            user_time = environment.user_time
            if user_time is not None and read_user_time(user_time) is None:
                return _BAD
    state = _exact_expectations_state(line.expectations.assertions)
    if state == _NORMAL and (inputs.context is not None or inputs.metadata is not None):
        return _NORMAL if _inputs_normal(inputs) else _VALID
    return state


def _exact_expectations_state(assertions: list[Any]) -> int:
    """:func:`_expectations_state` of assertions of the exact family, whose types already say the kinds, the values
    of matchers and the types of parameter names: left are the names given and the matchers a group may have."""
    state = _NORMAL if assertions else _VALID
    unset = _UNSET
    for assertion in assertions:
        parameters = assertion.parameters
        if not parameters:
            if assertion.assert_that == "tool_called":
                state = _VALID  # the model fills in the empty list the typed form leaves out
            continue
        for parameter in parameters:
            if parameter.params is unset:
                if parameter.param is unset:
                    return _BAD
                continue
            matcher = parameter.matcher
            if not (matcher.default if matcher.match_as == "optional" else matcher).GROUP:
                return _BAD
            if parameter.param is not unset:  # the model drops it
                state = _VALID
    return state


def _exact(data: bytes) -> ExactLine | None:
    try:
        return _EXACT(data)
    except Exception:  # a key the exact family does not name, a deep or wide value, or not a valid example
        return None


_EXACT = EXACT.decode


def prove(data: bytes, *, executed: bool = False) -> ProvenExample | None:
    """The line as a :class:`ProvenExample` when it is certainly a valid example (with outputs when ``executed``);
    None means "validate fully"."""
    line = _exact(data)
    if line is not None:
        if _exact_state(line, executed) == _BAD:
            return None
        return line
    if not _json_the_model_reads(data):
        return None
    return _decoded(data, executed)


def _decoded(data: bytes, executed: bool) -> ProvenExample | None:
    try:
        example = LENIENT.decode(data)
    except Exception:  # not JSON, not this shape, or beyond what the decoder handles: the model decides
        return None
    return example if _proven_state(example, executed) != _BAD else None


def prove_with_source(data: bytes, *, executed: bool = False) -> tuple[ProvenExample, ProvenSource | None] | None:
    """:func:`prove` and, from the same single decode, what a result row takes from the line: the
    :class:`ProvenSource`, or None when its inputs and expectations as decoded are not their normal form (keys the
    typed form drops, see :class:`ProvenSource`): then read it from the line's bytes."""
    try:
        exact = _EXACT(data)
    except Exception:  # a key the exact family does not name, a deep or wide value, or not a valid example
        exact = None
    if exact is None:
        return _lenient_with_source(data, executed)
    state = _exact_state(exact, executed)
    if state == _BAD:
        return None
    return exact, exact if state == _NORMAL else None


def _lenient_with_source(data: bytes, executed: bool) -> tuple[ProvenExample, ProvenSource | None] | None:
    """:func:`prove_with_source` of a line the exact family does not decode."""
    if not _json_the_model_reads(data):
        return None
    try:
        line = SOURCE.decode(data)
    except Exception:  # extra keys in inputs or expectations, or not a valid example: the proof alone decides
        example = _decoded(data, executed)
        return None if example is None else (example, None)
    state = _proven_state(line, executed)
    if state == _BAD:
        return None
    return line, line if state == _NORMAL and _inputs_normal(line.inputs) else None
