"""A fast, sound check that a line is a valid example: what ``mb validate`` runs on every line.

:func:`certainly_valid` decodes a line with a strict ``msgspec`` schema that mirrors :class:`mb.entities.Example`
(exact JSON types, no coercion, tagged unions on the models' discriminators, ``user_time`` parsed as a date-time, each
parameter assertion checked as it is decoded) and checks the few rules the types cannot say. It answers True only
for lines the data model certainly accepts; False means "validate fully": the model stays the single authority on
errors and their messages, so a False is never a verdict. Nothing is kept from the decoded line, so its types are
leaner than the evaluator's (:mod:`mb.io._proof`). A property test holds the check sound against the model.
"""

from datetime import datetime
from functools import cache
from typing import Annotated, Any, ClassVar

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from ._limits import MAX_DEPTH, MIN_INT, screen

__all__ = ["certainly_valid", "suspicious_bytes", "uncertain_lines", "without_unknown_keys"]

# No ``from __future__ import annotations`` here: the schema is built in a function, and msgspec resolves the
# annotations of classes local to it only when they are real types.

_Int = Annotated[int, Meta(ge=MIN_INT, le=(1 << 63) - 1)]  # wider ones (up to 2**64 - 1) are left to the model
# A free JSON value (arguments, results, resources) nesting up to three levels, its integers in range: decoded by
# msgspec alone. Deeper values fail the strict schema and take the lenient one.
_Scalar = str | _Int | float | bool | None
_Json1 = _Scalar | list[_Scalar] | dict[str, _Scalar]
_Json2 = _Scalar | list[_Json1] | dict[str, _Json1]
_Json3 = _Scalar | list[_Json2] | dict[str, _Json2]


def _group_ok(matcher: Any) -> bool:
    if matcher.KIND == "optional":
        matcher = matcher.default
    return bool(matcher.KIND == "group")


def _schema(strict: bool, *, singles: bool = False) -> Any:
    """The type of a line. With ``strict``, an object with a key the schema does not name, or a free value out of
    :data:`_Json3`, fails to decode: nothing is skipped unread and every value is checked. Without, such keys are
    skipped and free values are anything (:func:`suspicious_bytes` screens the line first). With ``singles`` (and
    ``strict``), every parameter assertion names one parameter (``param``) and none a group (``params``): a line
    it decodes needs no look at its parameters."""
    Free: Any = _Json3 if strict else Any

    class Base(Struct, forbid_unknown_fields=strict, gc=False):
        KIND: ClassVar[str] = ""

    class Message(Base):
        role: str
        content: str

    class Turn(Base):
        categories: dict[str, str]
        resources: list[Free]

    class Metadata(Base):
        turns: list[Turn] | None = None
        categories: dict[str, str] | None = None

    class Inputs(Base):
        messages: Annotated[list[Message], Meta(min_length=1)]
        metadata: Metadata | None = None
        tools: list[str] | None = None
        context: Free = None  # read by MorganaBench beside the model's fields

    class Equality(Base, tag_field="match_as", tag="equality"):
        value: str | _Int | float | bool

    class FreeText(Base, tag_field="match_as", tag="free_text"):
        KIND: ClassVar[str] = "group"
        value: str

    class DateTime(Base, tag_field="match_as", tag="date_time"):
        KIND: ClassVar[str] = "group"
        value: str

    class Email(Base, tag_field="match_as", tag="email"):
        value: str

    class Missing(Base, tag_field="match_as", tag="missing"):
        pass

    class Optional(Base, tag_field="match_as", tag="optional"):
        KIND: ClassVar[str] = "optional"
        # An optional inside an optional is valid too, but rare: the model decides it.
        default: Equality | FreeText | DateTime | Email | Missing

    class Parameter(Base):
        matcher: Equality | FreeText | DateTime | Email | Missing | Optional
        param: str | UnsetType = UNSET
        params: list[str] | UnsetType = UNSET

        def __post_init__(self) -> None:  # the decode fails on a parameter the model refuses
            if self.params is UNSET:
                if self.param is UNSET:
                    raise ValueError("no parameter named")
            elif not _group_ok(self.matcher):
                raise ValueError("a group with a matcher for one parameter")

    class Single(Base):
        matcher: Equality | FreeText | DateTime | Email | Missing | Optional
        param: str  # any matcher suits one parameter; a "params" key is unknown here and fails the decode

    Parameters: Any = list[Single] if singles else list[Parameter]

    class ToolCalled(Base, tag_field="assert_that", tag="tool_called"):
        KIND: ClassVar[str] = "call"
        tool: str
        parameters: Parameters = msgspec.field(default_factory=list)

    class NoToolCalled(Base, tag_field="assert_that", tag="no_tool_called"):
        pass

    class Expectations(Base):
        expected_response: str | None = None
        assertions: list[ToolCalled | NoToolCalled] = msgspec.field(default_factory=list)
        extended_assertions: None = None  # a list fails the decode: the model validates extended assertions

    class Call(Base, tag_field="event", tag="tool_call"):
        KIND: ClassVar[str] = "call"
        id: str
        tool: str
        params: dict[str, Free]

    class Result(Base, tag_field="event", tag="tool_result"):
        KIND: ClassVar[str] = "result"
        id: str
        result: Free  # required; null allowed

    class Chunk(Base):
        id: str
        page_content: str

    class Retrieval(Base, tag_field="event", tag="retriever"):
        KIND: ClassVar[str] = "retrieval"
        outputs: list[Chunk]

    class Citation(Base):
        document_id: str
        span_from: _Int
        span_to: _Int

    class Environment(Base):
        user_time: datetime | None = None  # msgspec reads RFC 3339, a subset of what the model reads

    class Outputs(Base):
        response: str
        citations: list[Citation] | None = None
        environment: Environment | None = None
        trace: list[Call | Result | Retrieval] = msgspec.field(default_factory=list)
        error: Free = None  # written by MorganaBench beside the model's fields
        latency_ms: Free = None
        usage: Free = None

    class Example(Base):
        inputs: Inputs
        expectations: Expectations
        outputs: Outputs | None = None
        example_hash: Free = None  # written by MorganaBench beside the model's fields

    return Example


_STRICT = msgspec.json.Decoder(_schema(strict=True))
_SINGLES = msgspec.json.Decoder(_schema(strict=True, singles=True))


@cache
def _lenient_decoder() -> msgspec.json.Decoder[Any]:
    """The decoder of :func:`_lenient`, built on its first use: most files never need it."""
    return msgspec.json.Decoder(_schema(strict=False))


# One translation shows, at C speed, the shapes of what msgspec reads but the model refuses in fields the lenient
# schema skips: digits become b"0", "e", "E" and "+" become b"e", opening brackets b"[", anything else a space.
_SHAPES = bytes(
    48 if 48 <= byte <= 57 else 101 if byte in b"eE+" else 91 if byte in b"[{" else 32 for byte in range(256)
)
_LONG_NUMBER = b"0" * 19  # a 64-bit integer has at most 19 or 20 digits: the screen decides those and longer
_BIG_EXPONENT = b"e000"  # an exponent of three digits (1e400 overflows a float)


def suspicious_bytes(data: bytes) -> bool:
    """Whether a line may hold what the decoder lets through in skipped fields but no command accepts: invalid
    UTF-8, deep nesting, integers out of range, numbers too large for a float (see :func:`~mb.io._limits.screen`).
    False positives only cost the full validation."""
    if not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return True
    shapes = data.translate(_SHAPES)
    if _LONG_NUMBER in shapes or _BIG_EXPONENT in shapes:
        return True
    brackets = shapes.count(b"[")
    return brackets > MAX_DEPTH and screen(data, brackets) is not None


def _lenient(data: bytes) -> Any:
    """The line decoded by the lenient schema, or None when it may hold what the model refuses in a field that
    schema skips, or does not decode."""
    if suspicious_bytes(data):
        return None
    try:
        return _lenient_decoder().decode(data)
    except Exception:  # not JSON, not this shape, or beyond what the decoder handles: the model decides
        return None


def _cited(outputs: Any) -> bool:
    """Whether every citation names a chunk of a retrieval in the trace."""
    ids: set[str] = set()
    for event in outputs.trace:
        if event.KIND == "retrieval":
            for chunk in event.outputs:
                ids.add(chunk.id)
    for citation in outputs.citations:  # noqa: SIM110 - a plain loop: all() of a generator costs twice as much here
        if citation.document_id not in ids:
            return False
    return True


def certainly_valid(data: bytes, *, executed: bool = False) -> bool:
    """True when the line is certainly a valid example (with outputs when ``executed``); False means "validate
    fully"."""
    try:
        example = _STRICT.decode(data)
    except Exception:  # not JSON, not this shape, a key the schema does not name, or beyond the decoder
        example = _lenient(data)
        if example is None:
            return False
    if example.inputs.messages[-1].role != "user":
        return False
    outputs = example.outputs
    if outputs is None:
        return not executed
    return not outputs.citations or _cited(outputs)


def uncertain_lines(lines: list[bytes], *, executed: bool, limit: int) -> list[int]:
    """The indexes, in order, of the lines of ``lines`` (without their line ends) that are not certainly valid
    examples: blank lines, lines longer than ``limit`` bytes and those :func:`certainly_valid` cannot prove valid
    (the caller looks at each of them). The same verdicts as :func:`certainly_valid` on every other line, faster.

    While few lines have group parameters, each line is first decoded by a schema without them, whose types alone
    prove its parameters (the full schema runs a check on each parameter); a line it refuses takes the full check.
    Once more than about one line in eight has been refused (past the first few), the rest of ``lines`` go straight
    to the full check."""
    singles = _SINGLES.decode
    strict = _STRICT.decode
    trying = True
    tried = refused = 0
    left: list[int] = []
    for index, data in enumerate(lines):
        if len(data) > limit:
            left.append(index)
            continue
        if trying:
            tried += 1
            try:
                example = singles(data)
            except Exception:  # a group parameter, or anything else the schema does not take
                refused += 1
                trying = refused * 8 <= tried + 32
                example = None
        else:
            example = None
        if example is None:
            try:
                example = strict(data)
            except Exception:  # not JSON, not this shape, a key the schema does not name, or beyond the decoder
                example = _lenient(data)
                if example is None:
                    left.append(index)
                    continue
        if example.inputs.messages[-1].role != "user":
            left.append(index)
            continue
        outputs = example.outputs
        if outputs is None:
            if executed:
                left.append(index)
        elif outputs.citations and not _cited(outputs):
            left.append(index)
    return left


def without_unknown_keys(data: bytes) -> bool:
    """True when every key of the line is one the data model reads (or MorganaBench writes beside it): the line
    certainly has no unknown-key warning (see :mod:`mb.io._typos`). False means "look at its keys"."""
    try:
        example = _STRICT.decode(data)
    except Exception:  # an unknown key, or anything else the strict schema does not take
        return False
    for assertion in example.expectations.assertions:
        if assertion.KIND == "call":
            for parameter in assertion.parameters:
                if parameter.param is not UNSET and parameter.params is not UNSET:
                    return False  # read as a group, whose model has no "param"
    return True
