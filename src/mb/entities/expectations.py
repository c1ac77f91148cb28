"""Expectations of an example: the expected response and assertions about tool calls."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Generic, Literal, TypeVar, Union, overload

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    SerializeAsAny,
    Tag,
    TypeAdapter,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from ._misspelt import check_misspelt_keys

__all__ = [
    "DateTimeMatcher",
    "EmailMatcher",
    "EqualsMatcher",
    "Expectations",
    "FreeTextMatcher",
    "MissingMatcher",
    "NoToolCallAssertion",
    "OneParameterAssertion",
    "OptionalMatcher",
    "ParameterGroupAssertion",
    "ToolCallAssertion",
    "ToolName",
    "ValueMatcher",
    "parameter_assertion",
]


def _open_schema(schema: dict[str, Any]) -> None:
    schema.pop("additionalProperties", None)  # the published JSON Schema does not close these objects


_CLOSED = ConfigDict(defer_build=True, extra="forbid", json_schema_extra=_open_schema)
"""The objects of ``assertions``: an unknown key would check less than written, so pydantic-core rejects it."""


class ValueMatcher(BaseModel):
    # Base class of every matcher; ``OptionalMatcher`` without a type argument accepts any of them.
    model_config = _CLOSED


T = TypeVar("T", bound=ValueMatcher)


class EqualsMatcher(ValueMatcher):
    """Matches an argument if it equals a given value."""

    match_as: Literal["equality"] = "equality"
    """Discriminator field"""

    value: str | int | float | bool
    """The value to compare the argument to."""


class FreeTextMatcher(ValueMatcher):
    """Matches an argument if semantically it achieves the same goal as the given free text."""

    match_as: Literal["free_text"] = "free_text"
    """Discriminator field"""

    value: str
    """The free text to compare the argument to."""


class DateTimeMatcher(ValueMatcher):
    """Matches an argument if it matches a given date and / or time.

    The match is determined as semantic equivalence, given the actual argument value, and the request time as provided
    in the output environment.
    """

    match_as: Literal["date_time"] = "date_time"
    """Discriminator field"""

    value: str
    """A natural language description of the date and / or time to compare the argument to."""


class EmailMatcher(ValueMatcher):
    """Matches an argument if it matches the given email address."""

    match_as: Literal["email"] = "email"
    """Discriminator field"""

    value: str
    """The email address to compare the argument to."""


class MissingMatcher(ValueMatcher):
    """Matches an argument if it is missing (not provided)."""

    match_as: Literal["missing"] = "missing"
    """Discriminator field"""


class OptionalMatcher(ValueMatcher, Generic[T]):
    """Matches an argument either if it is missing (not provided) or its value matches the given matcher."""

    match_as: Literal["optional"] = "optional"
    """Discriminator field"""

    default: SerializeAsAny[T]
    """The matcher to use to match the argument."""

    @field_validator("default", mode="wrap")
    @classmethod
    def _concrete_default(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        if cls.__pydantic_generic_metadata__["args"]:
            return handler(value)
        if isinstance(value, ValueMatcher) and type(value) is not ValueMatcher:
            return value
        return _ONE_MATCHER.validator.validate_python(value)  # what ``validate_python`` calls, without its wrapping


# The bare ``OptionalMatcher`` (not ``OptionalMatcher[...]``) is what the published JSON Schema names.
OneMatcher = Annotated[
    EqualsMatcher | FreeTextMatcher | DateTimeMatcher | EmailMatcher | MissingMatcher | OptionalMatcher,  # type: ignore[type-arg]
    Field(discriminator="match_as"),
]
_ONE_MATCHER: TypeAdapter[Any] = TypeAdapter(OneMatcher, config=ConfigDict(defer_build=True))
GroupInner = Annotated[FreeTextMatcher | DateTimeMatcher, Field(discriminator="match_as")]


class OneParameterAssertion(BaseModel):
    """Passes when a single argument matches the given matcher."""

    model_config = _CLOSED

    param: str
    """The name of the parameter to match."""

    matcher: OneMatcher
    """The matcher representing a passing assertion."""


class ParameterGroupAssertion(BaseModel):
    """Passes when a group of arguments matches the given matcher."""

    model_config = _CLOSED

    params: list[str]
    """The names of the parameters to assert."""

    matcher: GroupMatcher
    """The matcher representing a passing assertion."""


# Defined after ``ParameterGroupAssertion``, with ``OptionalMatcher[GroupInner]`` as a forward reference: subscripting
# a generic model builds the validator of its origin at once, so the subscript is evaluated when the assertion models
# are first built (validation, JSON Schema), never merely on import.
GroupMatcher = Annotated[
    Union[FreeTextMatcher, DateTimeMatcher, "OptionalMatcher[GroupInner]"],
    Field(discriminator="match_as"),
]


def _parameter_assertion_discriminator(value: Any) -> str:
    # ``params`` (a list of names) marks a group; anything else is validated as a single-parameter assertion. Called
    # for every parameter assertion read or written: a dict (what validation sees) is tested first, as ``isinstance``
    # on a model class goes through ``ABCMeta``.
    if isinstance(value, dict):
        return "group" if "params" in value else "one"
    return "group" if isinstance(value, ParameterGroupAssertion) else "one"


ParameterAssertion = Annotated[
    Annotated[OneParameterAssertion, Tag("one")] | Annotated[ParameterGroupAssertion, Tag("group")],
    Discriminator(_parameter_assertion_discriminator),
]


def _named(name: str) -> str:
    visible = name if name.isascii() else "".join(char for char in name if unicodedata.category(char) != "Cf")
    if not visible.strip():  # zero-width spaces too (no format character is ASCII)
        raise ValueError("a tool name must not be blank: it matches no call, so the assertion would check nothing")
    return name


ToolName = Annotated[str, AfterValidator(_named)]
"""The name of a tool in an assertion: not blank (nor only spaces and invisible format characters)."""


class ToolCallAssertion(BaseModel):
    """Assert that a tool call was made with given parameters."""

    model_config = _CLOSED

    assert_that: Literal["tool_called"] = "tool_called"
    """Discriminator field"""

    tool: ToolName
    """The name of the tool that must have been called."""

    parameters: list[ParameterAssertion] = []
    """Assertions on the call's parameters; all of them must hold for one and the same call."""


class NoToolCallAssertion(BaseModel):
    """Assert that no tool call was made."""

    model_config = _CLOSED

    assert_that: Literal["no_tool_called"] = "no_tool_called"
    """Discriminator field"""


class Expectations(BaseModel):
    """Agent expectations description."""

    model_config = ConfigDict(extra="allow", defer_build=True)

    expected_response: str | None = None
    """The expected response to the user's question.

    If not provided, the agent's response will not be evaluated against any expected response.
    """

    assertions: list[Annotated[ToolCallAssertion | NoToolCallAssertion, Field(discriminator="assert_that")]] = Field(
        default_factory=list
    )
    """Assertions about the agent's output, such as tool call correctness, abstention, guidelines, etc...

    Currently, only tool call correctness assertions are supported.
    """

    @model_validator(mode="wrap")
    @classmethod
    def _read_extras(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        # An unknown key in ``assertions`` fails validation, then is named with the closest known key. The extra
        # ``extended_assertions`` (the published schema is unchanged) is validated here: a malformed list makes the
        # line invalid. Models given in Python are kept as their JSON form.
        try:
            expectations = handler(data)
        except ValidationError as exc:
            from .extended import with_key_hints

            raise with_key_hints(data, exc) from None
        extra = expectations.__pydantic_extra__
        if not extra:
            return expectations
        check_misspelt_keys(expectations)
        if "extended_assertions" in extra:
            from .extended import read_extended_assertions

            extra["extended_assertions"] = read_extended_assertions(extra["extended_assertions"])[1]
        if "expected_facts" in extra or "guidelines" in extra:
            from .response_expectations import check_text_lists

            check_text_lists(extra)
        return expectations

    @property
    def extended_assertions(self) -> list[Any]:
        """The typed ``extended_assertions`` (see :mod:`mb.entities.extended`), read from the key on each access;
        empty when the key is absent or null. Results list the published assertions first, then these, in order."""
        value = (self.__pydantic_extra__ or {}).get("extended_assertions")
        if value is None:
            return []
        from .extended import read_extended_assertions

        return read_extended_assertions(value)[0]

    @property
    def expected_facts(self) -> list[str]:
        """``expectations.expected_facts`` (MLflow's name): facts the response must state, each checked on its own;
        empty when the key is absent or null (see :mod:`mb.entities.response_expectations`)."""
        from .response_expectations import read_text_list

        return read_text_list("expected_facts", (self.__pydantic_extra__ or {}).get("expected_facts"))

    @property
    def guidelines(self) -> list[str]:
        """``expectations.guidelines`` (MLflow's name): rules the response must follow, judged by an LLM judge;
        empty when the key is absent or null."""
        from .response_expectations import read_text_list

        return read_text_list("guidelines", (self.__pydantic_extra__ or {}).get("guidelines"))


@overload
def parameter_assertion(*, param: str, matcher: OneMatcher) -> ParameterAssertion: ...


@overload
def parameter_assertion(*, params: list[str], matcher: GroupMatcher) -> ParameterAssertion: ...


def parameter_assertion(
    *, param: str | None = None, params: list[str] | None = None, matcher: ValueMatcher
) -> OneParameterAssertion | ParameterGroupAssertion:
    """A convenience function to create a parameter assertion.

    Examples:
        ```python
        parameter_assertion(param="name", matcher=EqualsMatcher(value="John"))
        parameter_assertion(params=["name", "age"], matcher=FreeTextMatcher(value="John, 20 years old"))
        ```
    """
    if (param is None) == (params is None):
        raise TypeError("parameter_assertion() takes exactly one of 'param' or 'params'")
    if param is not None:
        return OneParameterAssertion(param=param, matcher=matcher)
    return ParameterGroupAssertion(params=list(params or []), matcher=matcher)
