"""``date_time`` on one parameter: a range written in words is checked at both ends, as an ISO 8601 interval is."""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.judges.base import JudgeRequest, Verdict
from mb.matching import MatchContext
from mb.matching.date_time import match_date_time
from mb.matching.parameters import parameter_row
from tests.support.verdicts import ERROR, assert_verdict


def _no_judge(request: JudgeRequest) -> Verdict:
    raise AssertionError(f"a judge was asked: {request}")


CTX = MatchContext(_no_judge, user_time=datetime(2024, 6, 1, 9, 0))


def _row(phrase: str, value: object) -> dict[str, object]:
    return parameter_row((["check_in"], False, ("date_time", phrase, None)), {"check_in": value}, CTX)


@pytest.mark.parametrize(
    "value",
    ["June 10 to June 20", "2024-06-10 to 2024-06-20", "between June 10 and June 12", "2024-06-10/2024-06-12"],
)
def test_a_range_where_a_day_is_asked_fails_at_its_end(value: str) -> None:
    row = _row("June 10", value)
    assert row["passed"] is False
    assert "the end is" in str(row["reason"])
    assert "after the end of 2024-06-10" in str(row["reason"])


@pytest.mark.parametrize(
    ("phrase", "value", "passed"),
    [
        ("June 10, 2024", "June 10", False),  # the phrase names the year, which the argument leaves out
        ("June 10", "June 10", True),
        ("June 10, 2024", "2024-06-10", True),
        ("from June 10 to June 20", "June 10 to June 20", True),
        ("from June 10 to June 20", "June 10", True),
        ("from June 10 to June 20", "June 10 to June 25", False),
    ],
)
def test_points_and_matching_ranges_keep_their_verdicts(phrase: str, value: str, passed: bool) -> None:
    assert _row(phrase, value)["passed"] is passed


@pytest.mark.parametrize(
    ("phrase", "value", "expected"),
    [  # an ISO 8601 interval with a duration: the other end is the duration away (a date's from its midnight)
     ("from June 12 to June 14", "2024-06-12/P2D", True), ("from June 12 to June 15", "2024-06-12/P2D", False),
     ("from June 11 to June 14", "2024-06-12/P2D", False), ("June 12 from 9am to 11am", "2024-06-12T09:00/PT2H", True),
     ("June 12 from 9am to 11am", "2024-06-12T09:00/PT3H", False),
     ("June 12 from 9am to 11am", "PT2H/2024-06-12T11:00", True),
     ("June 12 from 9am to 11am", "PT1H/2024-06-12T11:00", False), ("June", "2024-06-01/P1M", True),
     # not placed: a date alone at the end (its midnight, or that whole day?), part of a month
     ("from June 12 to June 14", "P2D/2024-06-14", ERROR), ("June", "2024-06-01/P1.5M", ERROR)],
)  # fmt: skip
def test_an_iso_interval_with_a_duration(phrase: str, value: str, expected: object) -> None:
    assert_verdict(match_date_time(phrase, value, datetime(2024, 6, 1, 9, 0)), expected)


@pytest.mark.parametrize(
    ("phrase", "value", "expected"),
    [  # two plain numbers about a slash are no ISO 8601 interval: a month and a year, or a day and a month
     ("12 o'clock", "12/2024", False), ("at 12", "12/2025", False), ("June", "12/P1D", False),
     ("2024", "12/P1D", False), ("this week", "11/P1D", False), ("June 12", "2024-06-12/12", False),
     ("December 2024", "12/2024", True), ("June 2024", "6/2024", True), ("January 2025", "1/2025", True),
     ("december 6 or june 12", "12/06", True), ("june 12 or december 6", "6/12", True)],
)  # fmt: skip
def test_plain_numbers_about_a_slash_are_no_interval(phrase: str, value: str, expected: object) -> None:
    assert_verdict(match_date_time(phrase, value, datetime(2024, 6, 1, 9, 0)), expected)
