"""equality, email, missing, optional and free_text on single parameters."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from mb.entities import FreeTextMatcher, OneParameterAssertion, parameter_assertion
from mb.judges.base import JudgeRequest, JudgeTask, Verdict
from mb.matching import (
    MISSING,
    MatchContext,
    match_email,
    match_equality,
    match_free_text,
    match_missing,
    match_parameter,
)
from mb.matching._values import render
from mb.matching.free_text import as_text
from mb.matching.optional import match_optional


@pytest.mark.parametrize(
    ("expected", "actual", "passed"),
    [
        (5, 5, True),
        (5, 5.0, True),
        (5.0, 5, True),
        (0.1 + 0.2, 0.30000000000000004, True),
        (5, 6, False),
        (True, True, True),
        (True, 1, False),
        (1, True, False),
        (False, 0, False),
        (False, False, True),
        ("abc", "abc", True),
        ("abc", "ABC", False),
        ("abc", "abc ", False),
        ("5", 5, False),
        (5, "5", False),
        ("x", None, False),
        ("x", MISSING, False),
        ("x", ["x"], False),
        (2**60 + 1, float(2**60), False),
    ],
)
def test_equality(expected: Any, actual: Any, passed: bool) -> None:
    assert match_equality(expected, actual).passed is passed


def test_equality_type_mismatch_names_both_types() -> None:
    outcome = match_equality(5, "5")
    assert not outcome.passed
    assert 'expected 5 (integer), got "5" (string)' in outcome.reason
    assert "(boolean)" in match_equality(1, True).reason
    assert "absent" in match_equality(1, MISSING).reason


@pytest.mark.parametrize(
    ("actual", "passed"),
    [
        ("dana.scully@example.com", True),
        ("Dana.Scully@EXAMPLE.com", True),
        ("  dana.scully@example.com  ", True),
        ("Dana Scully <dana.scully@example.com>", True),
        ('"Scully, Dana" <dana.scully@example.com>', True),
        ("mailto:Dana.Scully@example.com", True),
        (["dana.scully@example.com"], True),
        ("dana.scully@example.com, fox.mulder@example.com", False),
        ("dana.scully@example.com; fox.mulder@example.com", False),
        (["dana.scully@example.com", "fox.mulder@example.com"], False),
        ("dana.scully@example.org", False),
        ("dana.scully+fbi@example.com", False),
        ("dana.scully", False),
        ([], False),
        (42, False),
        (None, False),
        (MISSING, False),
    ],
)
def test_email(actual: Any, passed: bool) -> None:
    assert match_email("Dana.Scully@example.com", actual).passed is passed


def test_email_reasons() -> None:
    assert "exactly one address" in match_email("a@b.com", "a@b.com, c@d.com").reason
    assert "not an email address" in match_email("a@b.com", "nobody").reason
    assert "not a single email address" in match_email("not-an-address", "a@b.com").reason


@pytest.mark.parametrize(("actual", "passed"), [(MISSING, True), (None, True), ("", False), (0, False), ([], False)])
def test_missing(actual: Any, passed: bool) -> None:
    assert match_missing(actual).passed is passed


def test_optional_passes_when_missing_else_defers() -> None:
    assert match_optional([MISSING], lambda: match_equality(5, MISSING)).passed
    assert match_optional([None, MISSING], lambda: match_equality(5, None)).passed
    outcome = match_optional([4], lambda: match_equality(5, 4))
    assert not outcome.passed
    assert "expected 5, got 4" in outcome.reason
    assert match_optional([5], lambda: match_equality(5, 5)).passed


class _Recording:
    def __init__(self, score: float, error: str | None = None) -> None:
        self.score, self.error = score, error
        self.requests: list[JudgeRequest] = []

    def __call__(self, request: JudgeRequest) -> Verdict:
        self.requests.append(request)
        return Verdict(self.score, "because", "test", self.error)


def test_free_text_asks_the_judge_for_equivalence() -> None:
    oracle = _Recording(0.8)
    outcome = match_free_text("King Charles III", "current British monarch", MatchContext(oracle))
    assert outcome.passed
    assert outcome.score == 0.8
    assert oracle.requests == [
        JudgeRequest(JudgeTask.EQUIVALENCE, candidate="current British monarch", reference="King Charles III")
    ]
    assert not match_free_text("a", "b", MatchContext(_Recording(0.2))).passed


def test_free_text_identical_text_needs_no_judge() -> None:
    oracle = _Recording(0.0)
    assert match_free_text("King  Charles III", "king charles iii", MatchContext(oracle)).passed
    assert oracle.requests == []


def test_free_text_number_and_boolean_values_are_judged_as_json() -> None:
    oracle = _Recording(1.0)
    match_free_text("five", 5, MatchContext(oracle))
    match_free_text("yes", True, MatchContext(oracle))
    assert [request.candidate for request in oracle.requests] == ["5", "true"]


def test_free_text_judge_failure_is_an_error_not_a_verdict() -> None:
    outcome = match_free_text("x", "y", MatchContext(_Recording(1.0, error="timeout")))
    assert not outcome.passed
    assert outcome.error == "timeout"
    assert "judge failed" in outcome.reason


@pytest.mark.parametrize("expected", ["", " \n"])
@pytest.mark.parametrize("actual", ["Paris", "", MISSING])
def test_an_empty_free_text_value_is_an_error_of_the_benchmark(expected: str, actual: Any) -> None:
    oracle = _Recording(1.0)
    matcher = FreeTextMatcher(value=expected)
    arguments = {} if actual is MISSING else {"q": actual}
    for assertion in (
        parameter_assertion(param="q", matcher=matcher),
        parameter_assertion(params=["q", "r"], matcher=matcher),
    ):
        outcome = match_parameter(assertion, arguments, MatchContext(oracle))
        assert (outcome.passed, outcome.error) == (False, "free_text value is empty: nothing to compare")
    assert oracle.requests == []


def test_integers_wider_than_64_bits_are_reasons_not_crashes() -> None:
    huge = 2**70
    date = match_parameter(
        OneParameterAssertion.model_validate(
            {"param": "when", "matcher": {"match_as": "date_time", "value": "tomorrow"}}
        ),
        {"when": huge},
        MatchContext(lambda request: Verdict(1.0, "", "test"), datetime(2024, 2, 1, 9)),
    )
    assert not date.passed
    assert str(huge) in date.reason
    assert as_text([huge, "x"]) == f'[{huge},"x"]'
    assert render({"n": huge}) == f'{{"n":{huge}}}'


def test_remembered_date_verdicts_depend_on_the_zone_of_the_user_time() -> None:
    # The same instant, written in two zones: "tomorrow" is another day in each.
    assertion = OneParameterAssertion.model_validate(
        {"param": "when", "matcher": {"match_as": "date_time", "value": "tomorrow at 9am"}}
    )
    london = datetime.fromisoformat("2024-02-01T23:30:00+00:00")
    paris = datetime.fromisoformat("2024-02-02T00:30:00+01:00")
    assert london == paris
    oracle = lambda request: Verdict(1.0, "", "test")  # noqa: E731
    for when, expected in ((london, True), (paris, False), (london, True)):
        result = match_parameter(assertion, {"when": "2024-02-02T09:00:00"}, MatchContext(oracle, when))
        assert result.passed is expected, result.reason


def test_date_verdicts_keep_the_order_of_the_parameters() -> None:
    # An object argument is read as a group in its key order, which the reason follows.
    assertion = OneParameterAssertion.model_validate(
        {"param": "when", "matcher": {"match_as": "date_time", "value": "tomorrow at 9am"}}
    )
    ctx = MatchContext(lambda request: Verdict(1.0, "", "test"), datetime(2024, 2, 1, 8))
    first = match_parameter(assertion, {"when": {"b": "x", "a": "y"}}, ctx)
    second = match_parameter(assertion, {"when": {"a": "y", "b": "x"}}, ctx)
    fresh = match_parameter(assertion, {"when": {"a": "y", "b": "x"}}, ctx)
    assert not first.passed
    assert second.reason == fresh.reason
    assert first.reason != second.reason
