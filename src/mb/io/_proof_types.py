"""The typed forms the proof (:mod:`mb.io._proof`) decodes a line into, in two families.

The *exact* family (``_Exact*``) is what an ordinary line decodes into: every object names only keys the data model
reads (or MorganaBench writes beside them), and every free JSON value (arguments, results, resources) nests at most
three levels with its integers in the 64-bit range. A line it decodes has had every byte parsed by ``msgspec``: its
text is UTF-8 without lone surrogates, its numbers are in range and finite, and its nesting is bounded by the types,
so no byte-level screen is needed. The *lenient* family (the public ``Proven*`` classes, which the exact ones
subclass) skips keys it does not name and takes any free value: the proof screens a line's bytes before decoding
it that way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar

import msgspec
from msgspec import Meta, UnsetType

from ._limits import MIN_INT

__all__ = [
    "EXACT",
    "LENIENT",
    "SOURCE",
    "UNSET",
    "ExactLine",
    "ProvenAssertion",
    "ProvenCall",
    "ProvenExample",
    "ProvenMatcher",
    "ProvenParameter",
    "ProvenResult",
    "ProvenRetrieval",
    "ProvenSource",
]

_UNSET: Any = msgspec.UNSET
UNSET: Any = _UNSET
"""Marks a field absent from the line (``param`` or ``params`` of a parameter assertion)."""

_Int = Annotated[int, Meta(ge=MIN_INT, le=(1 << 63) - 1)]  # wider ones (up to 2**64 - 1) take the lenient family
_Scalar = str | _Int | float | bool | None
_Json1 = _Scalar | list[_Scalar] | dict[str, _Scalar]
_Json2 = _Scalar | list[_Json1] | dict[str, _Json1]
_Json3 = _Scalar | list[_Json2] | dict[str, _Json2]
_PlainFloat = Annotated[float, Meta(gt=-1e16, lt=1e16)]  # orjson writes larger ones as "1e+16", msgspec "1e16"
if TYPE_CHECKING:
    _Free = Any
else:
    _Free = _Json3  # a free JSON value of the exact family: decoded and range-checked by msgspec alone


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
    extended_assertions: None = None  # a list fails the decode: lines with extended assertions take the model path


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


class _SourceOutputs(_Outputs):
    usage: Any = None


class _KeptInputs(_Inputs, forbid_unknown_fields=True):
    pass


class _KeptExpectations(_Expectations, forbid_unknown_fields=True):
    pass


class ProvenSource(ProvenExample):
    """A line proven valid, with what a result row takes from it. When its inputs and expectations, as decoded, are
    their normal form, written with sorted keys (:func:`mb._hashing.source_fields_of_proven`) they are the JSON the
    example's identity hashes. Inputs and expectations keep keys they do not know, so a line with any is not decoded
    this way; nor is the decode the normal form for a key the model ignores, an empty list it fills in, or a value
    JSON writers spell differently (see :func:`mb.io._proof._matcher_state`)."""

    inputs: _KeptInputs
    """The inputs, as decoded for the proof."""

    expectations: _KeptExpectations
    """The expectations, as decoded for the proof."""

    outputs: _SourceOutputs | None = None
    """The outputs, with the agent's reported ``usage`` as written."""

    example_hash: Any = None
    """The hash the line records, as written."""

    repeat: Any = None
    """The trial number the line records, as written."""


class _ExactMessage(_Message, forbid_unknown_fields=True):
    pass


class _ExactTurn(_Turn, forbid_unknown_fields=True):
    resources: list[_Free]


class _ExactMetadata(_Metadata, forbid_unknown_fields=True):
    turns: list[_ExactTurn] | None = None  # type: ignore[assignment]


class _ExactInputs(_KeptInputs, forbid_unknown_fields=True):
    messages: Annotated[list[_ExactMessage], Meta(min_length=1)]  # type: ignore[assignment]
    metadata: _ExactMetadata | None = None
    context: _Free = None


class _ExactValue(msgspec.Struct, gc=False, forbid_unknown_fields=True, tag_field="match_as"):
    """A matcher of the exact family other than ``optional``: a tagged union on ``match_as``, each kind with the
    value type the model takes. Class attributes give it the attribute names of :class:`ProvenMatcher`."""

    default: ClassVar[None] = None
    GROUP: ClassVar[bool] = False  # whether a group of parameters may have it


class _Equality(_ExactValue, tag="equality"):
    match_as: ClassVar[str] = "equality"
    value: str | _Int | _PlainFloat | bool


class _FreeText(_ExactValue, tag="free_text"):
    match_as: ClassVar[str] = "free_text"
    GROUP: ClassVar[bool] = True
    value: str


class _DateTime(_ExactValue, tag="date_time"):
    match_as: ClassVar[str] = "date_time"
    GROUP: ClassVar[bool] = True
    value: str


class _Email(_ExactValue, tag="email"):
    match_as: ClassVar[str] = "email"
    value: str


class _Missing(_ExactValue, tag="missing"):
    match_as: ClassVar[str] = "missing"
    value: ClassVar[None] = None


class _Optional(msgspec.Struct, gc=False, forbid_unknown_fields=True, tag_field="match_as", tag="optional"):
    match_as: ClassVar[str] = "optional"
    value: ClassVar[None] = None
    default: _Equality | _FreeText | _DateTime | _Email | _Missing  # an optional in an optional: the lenient family


class _ExactParameter(ProvenParameter, forbid_unknown_fields=True):
    matcher: _Equality | _FreeText | _DateTime | _Email | _Missing | _Optional  # type: ignore[assignment]
    param: str | UnsetType = _UNSET
    params: list[str] | UnsetType = _UNSET


class _ToolCalled(
    msgspec.Struct, gc=False, forbid_unknown_fields=True, omit_defaults=True, tag_field="assert_that", tag="tool_called"
):
    assert_that: ClassVar[str] = "tool_called"
    tool: str
    parameters: list[_ExactParameter] = []


class _NoToolCalled(
    msgspec.Struct, gc=False, forbid_unknown_fields=True, tag_field="assert_that", tag="no_tool_called"
):
    assert_that: ClassVar[str] = "no_tool_called"
    tool: ClassVar[None] = None
    parameters: ClassVar[list[ProvenParameter]] = []


class _ExactExpectations(_KeptExpectations, forbid_unknown_fields=True):
    assertions: list[_ToolCalled | _NoToolCalled] = []  # type: ignore[assignment]


class _ExactCall(ProvenCall, forbid_unknown_fields=True, tag="tool_call"):
    params: dict[str, _Free]


class _ExactResult(ProvenResult, forbid_unknown_fields=True, tag="tool_result"):
    result: _Free  # required; null allowed


class _ExactChunk(_Chunk, forbid_unknown_fields=True):
    pass


class _ExactRetrieval(ProvenRetrieval, forbid_unknown_fields=True, tag="retriever"):
    outputs: list[_ExactChunk]  # type: ignore[assignment]


class _ExactCitation(_Citation, forbid_unknown_fields=True):
    span_from: _Int
    span_to: _Int


class _ExactEnvironment(_Environment, forbid_unknown_fields=True):
    pass


class _ExactOutputs(_SourceOutputs, forbid_unknown_fields=True):
    trace: list[_ExactCall | _ExactResult | _ExactRetrieval] = []  # type: ignore[assignment]
    citations: list[_ExactCitation] | None = None  # type: ignore[assignment]
    environment: _ExactEnvironment | None = None
    error: _Free = None
    usage: _Free = None
    latency_ms: _Free = None  # written by MorganaBench beside the model's fields


class ExactLine(ProvenSource, forbid_unknown_fields=True):
    """A line decoded by the exact family (see the module's docstring)."""

    inputs: _ExactInputs
    """The inputs."""

    expectations: _ExactExpectations
    """The expectations."""

    outputs: _ExactOutputs | None = None
    """The outputs."""

    example_hash: _Free = None
    """The hash the line records, as written."""

    repeat: _Free = None
    """The trial number the line records, as written."""


EXACT = msgspec.json.Decoder(ExactLine)
"""Decodes a line into the exact family; fails on anything else (the lenient family decides then)."""

LENIENT = msgspec.json.Decoder(ProvenExample)
"""Decodes a line into the lenient family, skipping keys it does not name."""

SOURCE = msgspec.json.Decoder(ProvenSource)
"""Decodes a line into the lenient family, with inputs and expectations that name only keys the model reads."""
