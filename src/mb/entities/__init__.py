"""The MorganaBench data model: one benchmark example and everything it contains."""

from .example import Example
from .expectations import (
    DateTimeMatcher,
    EmailMatcher,
    EqualsMatcher,
    Expectations,
    FreeTextMatcher,
    MissingMatcher,
    NoToolCallAssertion,
    OneParameterAssertion,
    OptionalMatcher,
    ParameterGroupAssertion,
    ToolCallAssertion,
    ValueMatcher,
    parameter_assertion,
)
from .inputs import ChatMessage, InputMetadata, Inputs, TurnMetadata
from .outputs import Citation, Environment, Outputs, RetrievalResult, RetrievalResults, ToolCall, ToolResult

__all__ = [
    "ChatMessage",
    "Citation",
    "DateTimeMatcher",
    "EmailMatcher",
    "Environment",
    "EqualsMatcher",
    "Example",
    "Expectations",
    "FreeTextMatcher",
    "InputMetadata",
    "Inputs",
    "MissingMatcher",
    "NoToolCallAssertion",
    "OneParameterAssertion",
    "OptionalMatcher",
    "Outputs",
    "ParameterGroupAssertion",
    "RetrievalResult",
    "RetrievalResults",
    "ToolCall",
    "ToolCallAssertion",
    "ToolResult",
    "TurnMetadata",
    "ValueMatcher",
    "parameter_assertion",
]
