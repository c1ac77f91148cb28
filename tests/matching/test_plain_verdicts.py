"""The shortcuts of the deterministic matchers decide exactly as the general rules do, reasons included."""

from __future__ import annotations

from typing import Any

import pytest

from mb.matching import MISSING, MatchContext
from mb.matching._values import describe_value, json_type, render
from mb.matching.equality import equality_verdict, json_equal
from mb.matching.parameters import MatcherSpec, _single, outcome_row, parameter_row


def _no_judge(request: Any) -> Any:
    raise AssertionError("a deterministic matcher asked a judge")


_CTX = MatchContext(_no_judge)


def _general_row(names: list[str], matcher: MatcherSpec, value: Any) -> dict[str, Any]:
    """The row as built from the matcher's :class:`Outcome` (the general path)."""
    return outcome_row(names, matcher[0], _single(matcher, value, _CTX))


_EXPECTED: list[Any] = [1, 1.0, -0.0, 0, True, False, "1", "NaN", "nan", "Infinity", "", None, [1, 2], {"a": 1}, 2**70]
_ACTUAL: list[Any] = [
    *_EXPECTED,
    MISSING,
    1.5,
    "true",
    [1.0, 2.0],
    [True, 2],
    {"a": 1.0},
    {"a": True},
    {"b": 1},
    "x" * 200,
    "é",
    2**70 + 0.0,
]
_EMAILS = [
    "dana@example.com",
    "Dana.Scully@Example.COM",
    "mailto:dana@example.com",
    "Dana Scully <dana@example.com>",
    "not an address",
    "a@b.com, c@d.com",
]
_MATCHERS: list[MatcherSpec] = [
    *(("equality", value, None) for value in _EXPECTED),
    ("missing", None, None),
    *(("email", value, None) for value in _EMAILS),
    ("optional", None, ("equality", 1, None)),
    ("optional", None, ("email", "dana@example.com", None)),
    ("optional", None, ("missing", None, None)),
    ("optional", None, ("optional", None, ("equality", "x", None))),
    ("optional", None, None),
    ("unknown", 1, None),
]
_EMAIL_ACTUAL: list[Any] = [
    "dana@example.com",
    "DANA@EXAMPLE.COM",
    "  dana@example.com\t",
    "mailto:DANA@example.com",
    "MAILTO:dana@example.com",
    "Dana Scully <DANA@example.com>",
    "Dana Scully<dana@example.com>",
    "Dana  Scully <dana@example.com>",
    '"Scully, Dana" <dana@example.com>',
    "dana@example.com, dana@example.com",
    ["dana@example.com"],
    ["dana@example.com", "x@y.com"],
    "dana@examp1e.com",
    "\uff44\uff41\uff4e\uff41@example.com",
    "dana@example.com?subject=hi",
    "",
    5,
    {"to": "dana@example.com"},
]


@pytest.mark.parametrize("matcher", _MATCHERS, ids=repr)
def test_each_deterministic_row_equals_the_row_of_the_matchers_outcome(matcher: MatcherSpec) -> None:
    for value in [*_ACTUAL, *_EMAIL_ACTUAL]:
        params = {} if value is MISSING else {"p": value}
        row = parameter_row((["p"], False, matcher), params, _CTX)
        general = _general_row(["p"], matcher, value)
        assert row == general, (matcher, value)
        assert list(row) == list(general)
        assert type(row["score"]) is float


def test_a_type_mismatch_is_named_in_the_reason() -> None:
    row = parameter_row((["p"], False, ("equality", 1, None)), {"p": True}, _CTX)
    assert not row["passed"]
    assert row["reason"] == "expected 1 (integer), got true (boolean): the types differ"
    row = parameter_row((["p"], False, ("equality", 1, None)), {"p": 1.0}, _CTX)
    assert row["passed"]
    assert row["reason"] == "got 1.0 as expected"


def _equality_by_rules(expected: Any, actual: Any) -> tuple[bool, str]:
    """The equality verdict by the general rules alone: JSON equality, then the reason by the two JSON types."""
    if actual is MISSING:
        return False, f"expected {describe_value(expected)}, got nothing (the parameter is absent)"
    if json_equal(expected, actual):
        return True, f"got {render(actual)} as expected"
    expected_type, actual_type = json_type(expected), json_type(actual)
    if expected_type != actual_type and not {expected_type, actual_type} <= {"integer", "number"}:
        return False, f"expected {describe_value(expected)}, got {describe_value(actual)}: the types differ"
    if isinstance(expected, str) and isinstance(actual, str) and _alike(expected) == _alike(actual):
        alike = "they differ only in letter case or white space, and equality compares strings exactly"
        return False, f"expected {render(expected)}, got {render(actual)}: {alike}"
    return False, f"expected {render(expected)}, got {render(actual)}"


def _alike(text: str) -> str:
    return "".join(text.casefold().split())


@pytest.mark.parametrize("expected", _EXPECTED, ids=repr)
def test_the_equality_shortcuts_give_the_general_verdict(expected: Any) -> None:
    for actual in _ACTUAL:
        assert equality_verdict(expected, actual) == _equality_by_rules(expected, actual), (expected, actual)
