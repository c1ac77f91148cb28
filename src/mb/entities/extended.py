"""Extended assertions: ``expectations.extended_assertions``, what agent tests need beyond the published assertions.

The list sits beside the published ``assertions``. ``Expectations`` allows extra keys, so a line using it stays valid
under the published JSON Schema and tools that only know the published format ignore it; MorganaBench reads it
through :attr:`Expectations.extended_assertions <mb.entities.Expectations.extended_assertions>`. A malformed list
makes the line invalid (an unknown key or kind is an error, with the closest known name): it is never ignored.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    JsonValue,
    PrivateAttr,
    StrictBool,
    StrictFloat,
    StrictInt,
    Tag,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import InitErrorDetails

from ._regex import SafePattern, compile_pattern
from .expectations import (
    DateTimeMatcher,
    EmailMatcher,
    EqualsMatcher,
    FreeTextMatcher,
    MissingMatcher,
    NoToolCallAssertion,
    OneMatcher,
    ParameterGroupAssertion,
    ToolCallAssertion,
    ToolName,
    ValueMatcher,
    _parameter_assertion_discriminator,
)
from .outputs import field_error

__all__ = [
    "ASSERTION_KINDS",
    "MATCHERS",
    "AnyOfMatcher",
    "ExtendedAssertion",
    "ExtendedMatcher",
    "ExtendedOptionalMatcher",
    "ExtendedParameterAssertion",
    "ExtendedToolCallAssertion",
    "GroundedMatcher",
    "NumberMatcher",
    "RegexMatcher",
    "ToolCallCountAssertion",
    "ToolNotCalledAssertion",
    "ToolOrderAssertion",
    "close_name",
    "extended_assertions_schema",
    "name_hint",
    "read_extended_assertions",
    "with_key_hints",
]

Number = Annotated[StrictInt | StrictFloat, Field(union_mode="left_to_right")]
"""A JSON number (``true`` and ``"5"`` are not numbers)."""


_CONFIG = ConfigDict(
    extra="forbid", defer_build=True, validate_by_name=True, validate_by_alias=True, json_schema_extra=None
)


def _as_data(cls: type[BaseModel], data: Any) -> Any:
    """Another model given where ``cls`` is expected (a published parameter assertion, say) read from its JSON form."""
    if isinstance(data, BaseModel) and not isinstance(data, cls):
        return data.model_dump(mode="json", by_alias=True, exclude_none=True)
    return data


class AnyOfMatcher(ValueMatcher):
    """Matches an argument JSON-equal to any of the listed values (the typing rules of ``equality``)."""

    model_config = _CONFIG

    match_as: Literal["any_of"] = "any_of"
    """Discriminator field"""

    values: Annotated[list[JsonValue], Field(min_length=1)]
    """The acceptable values; ``5`` and ``5.0`` are equal, ``"5"`` and ``true`` are not ``5``."""


class NumberMatcher(ValueMatcher):
    """Matches a numeric argument within a tolerance of a number: ``|argument - value| <= max(tolerance,
    relative * |value|)``."""

    model_config = _CONFIG

    match_as: Literal["number"] = "number"
    """Discriminator field"""

    value: Number
    """The expected number."""

    tolerance: Annotated[Number, Field(ge=0)] = 0
    """The largest absolute difference accepted."""

    relative: Annotated[Number, Field(ge=0)] | None = None
    """The largest difference accepted as a fraction of ``|value|`` (0.01 is 1%); the larger allowance wins."""


class RegexMatcher(ValueMatcher):
    """Matches a string argument whose whole value matches a pattern (a linear-time subset of Python's syntax)."""

    model_config = _CONFIG

    match_as: Literal["regex"] = "regex"
    """Discriminator field"""

    pattern: str
    """The pattern the whole argument must match (``^``/``$`` are implied; ``(?i)`` in front ignores letter case)."""

    _compiled: SafePattern | None = PrivateAttr(default=None)

    @field_validator("pattern")
    @classmethod
    def _supported(cls, pattern: str) -> str:
        compile_pattern(pattern)  # raises a ValueError saying what is not supported
        return pattern

    @property
    def compiled(self) -> SafePattern:
        """The compiled pattern."""
        if self._compiled is None:
            self._compiled = compile_pattern(self.pattern)
        return self._compiled


class GroundedMatcher(ValueMatcher):
    """Matches an argument whose value occurred earlier: in a user message or in a tool result that precedes the
    call in the trace (a hallucinated id fails without any judge)."""

    model_config = _CONFIG

    match_as: Literal["grounded"] = "grounded"
    """Discriminator field"""

    from_: Literal["user", "tool_results"] | None = Field(default=None, alias="from")
    """Where the value must occur: ``user`` messages, ``tool_results`` before the call, or either when omitted."""


class ExtendedOptionalMatcher(ValueMatcher):
    """Matches an argument either if it is missing (absent or null) or its value matches the given matcher."""

    model_config = _CONFIG

    match_as: Literal["optional"] = "optional"
    """Discriminator field"""

    default: ExtendedMatcher
    """The matcher to use when the argument is present."""

    @model_validator(mode="before")
    @classmethod
    def _from_other(cls, data: Any) -> Any:  # the published OptionalMatcher, wrapping an extended matcher
        return _as_data(cls, data)


ExtendedMatcher = Annotated[
    EqualsMatcher
    | FreeTextMatcher
    | DateTimeMatcher
    | EmailMatcher
    | MissingMatcher
    | ExtendedOptionalMatcher
    | AnyOfMatcher
    | NumberMatcher
    | RegexMatcher
    | GroundedMatcher,
    Field(discriminator="match_as"),
]
"""A matcher of one parameter inside ``extended_assertions``: the published ones and the extended ones."""


class ExtendedParameterAssertion(BaseModel):
    """Passes when a single argument matches the given matcher (any matcher of :data:`ExtendedMatcher`)."""

    model_config = _CONFIG

    param: str
    """The name of the parameter to match."""

    matcher: ExtendedMatcher
    """The matcher representing a passing assertion."""

    @model_validator(mode="before")
    @classmethod
    def _from_other(cls, data: Any) -> Any:
        return _as_data(cls, data)


ExtendedParameter = Annotated[
    Annotated[ExtendedParameterAssertion, Tag("one")] | Annotated[ParameterGroupAssertion, Tag("group")],
    Discriminator(_parameter_assertion_discriminator),
]


class ExtendedToolCallAssertion(BaseModel):
    """Assert that a tool call was made with given parameters (the published ``tool_called``), optionally with no
    parameter beyond those named (``closed``)."""

    model_config = _CONFIG

    assert_that: Literal["tool_called"] = "tool_called"
    """Discriminator field"""

    tool: ToolName
    """The name of the tool that must have been called."""

    parameters: list[ExtendedParameter] = []
    """Assertions on the call's parameters; all of them must hold for one and the same call."""

    closed: StrictBool = False
    """When true, the call passes no parameter beyond those named in ``parameters`` (a null value counts as not
    passed)."""

    @model_validator(mode="before")
    @classmethod
    def _from_other(cls, data: Any) -> Any:
        return _as_data(cls, data)


class ToolNotCalledAssertion(BaseModel):
    """Assert that a tool was never called."""

    model_config = _CONFIG

    assert_that: Literal["tool_not_called"] = "tool_not_called"
    """Discriminator field"""

    tool: ToolName
    """The tool that must not be called."""


class ToolOrderAssertion(BaseModel):
    """Assert that calls to these tools occur in this order: some call of each, each after the previous one, and no
    call of a tool before its turn."""

    model_config = _CONFIG

    assert_that: Literal["tool_order"] = "tool_order"
    """Discriminator field"""

    tools: Annotated[list[ToolName], Field(min_length=1)]
    """The tools, in the order their calls must occur (other calls may come between)."""


class ToolCallCountAssertion(BaseModel):
    """Assert that the number of calls to a tool (to any tool when ``tool`` is omitted) lies in ``[min, max]``."""

    model_config = _CONFIG

    assert_that: Literal["tool_call_count"] = "tool_call_count"
    """Discriminator field"""

    tool: ToolName | None = None
    """The tool whose calls are counted; every call counts when omitted."""

    min: Annotated[StrictInt, Field(ge=0)] | None = None
    """The fewest calls accepted (0 when omitted)."""

    max: Annotated[StrictInt, Field(ge=0)] | None = None
    """The most calls accepted (no limit when omitted)."""

    @model_validator(mode="after")
    def _bounds(self) -> ToolCallCountAssertion:
        if not self.min and self.max is None:  # every count is 0 or more
            raise ValueError("give max or a min above 0: a count with neither checks nothing")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is above max ({self.max})")
        return self


ExtendedAssertion = Annotated[
    ExtendedToolCallAssertion | ToolNotCalledAssertion | ToolOrderAssertion | ToolCallCountAssertion,
    Field(discriminator="assert_that"),
]
"""One entry of ``expectations.extended_assertions``."""

_LIST: TypeAdapter[list[Any]] = TypeAdapter(list[ExtendedAssertion], config=ConfigDict(defer_build=True))


def _by_tag(union: Any, field: str) -> dict[str, type[BaseModel]]:
    """The models of a discriminated union (``Annotated[A | B, Field(discriminator=field)]``) by their tag."""
    return {model.model_fields[field].default: model for model in get_args(get_args(union)[0])}


_KINDS = _by_tag(ExtendedAssertion, "assert_that")
_MATCHERS = _by_tag(ExtendedMatcher, "match_as")
_PUBLISHED: dict[str, type[BaseModel]] = {"tool_called": ToolCallAssertion, "no_tool_called": NoToolCallAssertion}
_PUBLISHED_MATCHERS = _by_tag(OneMatcher, "match_as")
ASSERTION_KINDS = frozenset({*_KINDS, *_PUBLISHED})
"""Every ``assert_that`` name, published and extended."""

MATCHERS = frozenset(_MATCHERS)
"""Every ``match_as`` name that ``extended_assertions`` reads (the published ones among them)."""

_CUTOFF = 0.6
"""How close (difflib ratio) a misspelt name must be to a known one to be suggested."""


@cache
def _keys(model: type[BaseModel]) -> frozenset[str]:
    return frozenset(info.alias or name for name, info in model.model_fields.items())


_NEGATIONS = frozenset({"no", "not", "never"})
"""Words that reverse a name's meaning: ``no_tool_called`` is never suggested for ``tool_called``, nor the reverse."""

_PREFIXES = ("un", "in", "non", "dis", "not", "no")
"""Prefixes that reverse a word's meaning: ``tool_uncalled`` is never suggested ``tool_called``, nor ``inequality``
``equality``."""


def _words(name: str) -> list[str]:
    return re.split(r"[^a-z]+", name.lower())


def _negated(name: str) -> bool:
    return not _NEGATIONS.isdisjoint(_words(name))


def _prefixed(name: str, other: str) -> set[str]:
    """The words of ``name`` that are a word of ``other`` behind a negating prefix, both alike in their first three
    letters (``uncalled`` or ``uncaled`` for ``called`` or ``call``)."""
    starts = {word[:3] for word in _words(other) if len(word) > 2}
    rests = ((word, word[len(prefix) :]) for word in _words(name) for prefix in _PREFIXES if word.startswith(prefix))
    return {word for word, rest in rests if len(rest) > 2 and rest[:3] in starts}


def _opposed(name: str, other: str) -> bool:
    """Whether one of two names is negated and the other not: by a negating word, or by a word of the other behind a
    negating prefix."""
    return (_negated(name) or bool(_prefixed(name, other))) != (_negated(other) or bool(_prefixed(other, name)))


def close_name(name: object, known: Sequence[str]) -> str | None:
    """The known name closest to a misspelt ``name``, among those of the same sense (negated or not)."""
    if not isinstance(name, str):
        return None
    alike = [candidate for candidate in known if not _opposed(name, candidate)]
    close = difflib.get_close_matches(name, alike, n=1, cutoff=_CUTOFF)
    return close[0] if close else None


def _hint(name: object, known: Sequence[str]) -> str:
    close = close_name(name, known)
    return f'; did you mean "{close}"?' if close else ""


def name_hint(field: str, name: object, known: Sequence[str]) -> str:
    """What to add to an unknown ``assert_that`` or ``match_as`` name: which family it belongs to when it is a name
    of the other one, else the closest known name (:func:`close_name`)."""
    if field == "assert_that" and name in MATCHERS:
        return f'; "{name}" is a matcher (match_as), not an assertion kind'
    if field == "match_as" and name in ASSERTION_KINDS:
        return f'; "{name}" is an assertion kind (assert_that), not a matcher'
    return _hint(name, known)


_NONE: frozenset[str] = frozenset()
_ONE = frozenset({"param", "matcher"})
_GROUP = frozenset({"params", "matcher"})
"""The keys of a parameter assertion on one parameter, and on a group."""


def _unknown(
    value: Mapping[str, Any], known: frozenset[str], loc: tuple[str | int, ...], elsewhere: frozenset[str] = _NONE
) -> list[InitErrorDetails]:
    """An error for each key of ``value`` not in ``known``: a key of ``elsewhere`` (the extended assertion's fields
    that a published one lacks) says where it is read, any other names the closest known key."""
    if known.issuperset(value):
        return []  # most objects
    elsewhere_hint = '; "{}" is read only in expectations.extended_assertions'
    return [
        field_error(
            "unknown_key",
            'unknown key "{key}"{hint}',
            {"key": key, "hint": elsewhere_hint.format(key) if key in elsewhere else _hint(key, list(known))},
            (*loc, key),
            value[key],
        )
        for key in value
        if key not in known
    ]


def _matcher_keys(
    matcher: Any, loc: tuple[str | int, ...], matchers: Mapping[str, type[BaseModel]]
) -> list[InitErrorDetails]:
    if not isinstance(matcher, dict):
        return []
    kind = matcher.get("match_as", "equality")
    model = matchers.get(kind) if isinstance(kind, str) else None
    if model is None:
        return []  # an unknown kind (or one that is not a string): the validation error names it
    errors = _unknown(matcher, _keys(model), loc)
    if "default" in _keys(model):
        errors += _matcher_keys(matcher.get("default"), (*loc, "default"), matchers)
    return errors


def _key_errors(
    items: list[Any], field: str, kinds: Mapping[str, type[BaseModel]], matchers: Mapping[str, type[BaseModel]]
) -> list[InitErrorDetails]:
    """Unknown keys anywhere in the list ``field`` of assertions of ``kinds`` (in their parameters and matchers too):
    each an error with the closest known key. An unknown key is never ignored: it would check less than written."""
    errors: list[InitErrorDetails] = []
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            continue
        kind = item.get("assert_that")
        model = kinds.get(kind) if isinstance(kind, str) else None
        if model is None:
            continue
        extended = _keys(_KINDS[kind]) if kind in _KINDS and model is not _KINDS[kind] else _NONE
        errors += _unknown(item, _keys(model), (field, index), extended)
        parameters = item.get("parameters") if "parameters" in _keys(model) else None
        for number, parameter in enumerate(parameters if isinstance(parameters, list) else ()):
            if isinstance(parameter, dict):
                where = (field, index, "parameters", number)
                errors += _unknown(parameter, _GROUP if "params" in parameter else _ONE, where)
                errors += _matcher_keys(parameter.get("matcher"), (*where, "matcher"), matchers)
    return errors


def with_key_hints(data: Any, exc: ValidationError) -> ValidationError:
    """The error of an ``expectations`` object ``data`` that failed validation (``exc``), each unknown key of its
    published ``assertions`` (in an assertion, parameter or matcher) an error naming the closest known key, after the
    other errors: only an invalid line is walked, pydantic-core finds the unknown keys."""
    assertions = data.get("assertions") if isinstance(data, dict) else None
    keys = _key_errors(assertions, "assertions", _PUBLISHED, _PUBLISHED_MATCHERS) if type(assertions) is list else []
    if not keys:
        return exc
    errors = [
        field_error(error["type"], error["msg"], error.get("ctx"), error["loc"], error["input"])
        for error in exc.errors()
        if error["type"] != "extra_forbidden"
    ]
    return ValidationError.from_exception_data("Expectations", errors + keys)


def _renamed(error: Any) -> InitErrorDetails:
    """A validation error of the list as an error of ``extended_assertions``; an unknown kind names the closest."""
    loc = ("extended_assertions", *error["loc"])
    if error["type"] == "union_tag_invalid":
        ctx = error["ctx"]
        field = str(ctx["discriminator"]).strip("'")
        expected = [tag.strip(" '") for tag in str(ctx["expected_tags"]).split(",")]
        message = 'unknown {field} "{tag}"; expected one of: {expected}{hint}'
        hint = name_hint(field, ctx["tag"], expected)
        context = {"field": field, "tag": ctx["tag"], "expected": ", ".join(expected), "hint": hint}
        return field_error("unknown_kind", message, context, loc, error["input"])
    if error["type"] == "value_error":
        text = str(error["msg"]).removeprefix("Value error, ")
        return field_error("value_error", "{message}", {"message": text}, loc, error["input"])
    return InitErrorDetails(type=error["type"], loc=loc, input=error["input"], ctx=error.get("ctx") or {})


def _jsonable(value: Any) -> Any:
    """Models given in Python read as their JSON form, so every list is validated the same way."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_none=True)
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return value


def read_extended_assertions(value: Any) -> tuple[list[Any], Any]:
    """``(the typed list, its JSON form)`` of an ``extended_assertions`` value.

    Raises a :class:`pydantic.ValidationError` located under ``extended_assertions`` on a malformed value, ``null``
    too (as for the published ``assertions``: omit the key to assert nothing).
    """
    data = _jsonable(value)
    try:
        return _LIST.validate_python(data), data
    except ValidationError as exc:  # an unknown key is reported with the closest known key, before the rest
        errors = _key_errors(data, "extended_assertions", _KINDS, _MATCHERS) if isinstance(data, list) else []
        found = exc.errors()
        errors += [_renamed(error) for error in found if error["type"] != "extra_forbidden" or not errors]
        raise ValidationError.from_exception_data("Expectations", errors) from None


def extended_assertions_schema() -> dict[str, Any]:
    """The JSON Schema of ``expectations.extended_assertions`` (a list of extended assertions)."""
    description = "expectations.extended_assertions: assertions MorganaBench checks beside the published ones."
    return _LIST.json_schema() | {"title": "extended_assertions", "description": description}
