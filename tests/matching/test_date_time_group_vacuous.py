"""A group may leave out a part of the date only when what is left still tells values apart: a weekday pins nothing
when the readings between them fall on every day of the week, and month and day pin nothing useful in a reading a
year or more from the user's day (the year is then needed). A value wider than the phrase (a month for "march 3")
fails saying so."""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time

USER = datetime.fromisoformat("2013-02-12T04:30:00-02:00")  # a Tuesday
WEEK = "its readings fall on every day of the week (any weekday would pass)"
FAR = "a year or more from the user's time: the year is needed"

WEEKDAYS: list[tuple[str, list[str], dict[str, object], bool, str]] = [
    # phrase, listed group, values, passes, reason fragment
    ("next week at 2pm", ["weekday", "hour"], {"weekday": "monday", "hour": 14}, False, WEEK),
    ("next week at 2pm", ["weekday", "hour"], {"weekday": "sunday", "hour": 14}, False, WEEK),
    ("next week at 2pm", ["weekday", "hour"], {"weekday": "monday", "hour": 15}, False, ""),
    ("next week", ["weekday"], {"weekday": "monday"}, False, WEEK),
    ("next week", ["weekday", "hour"], {"weekday": "friday", "hour": 9}, False, WEEK),
    ("this month", ["weekday"], {"weekday": "friday"}, False, WEEK),
    # spans whose readings cover every day of the year: a month and a day pin nothing
    ("the next 12 months", ["month", "day"], {"month": 7, "day": 4}, False, "any month and day would pass"),
    ("the next 365 days", ["month", "day"], {"month": 2, "day": 12}, False, "any month and day would pass"),
    ("the next 12 months", ["year", "month", "day"], {"year": 2013, "month": 7, "day": 4}, True, ""),
    ("the next 12 months", ["year", "month", "day"], {"year": 2014, "month": 7, "day": 4}, False, ""),
    ("the next 11 months", ["month", "day"], {"month": 7, "day": 4}, True, ""),
    ("the next 11 months", ["month", "day"], {"month": 2, "day": 1}, False, ""),
    # spans shorter than a week whose readings, taken whole, fall on every weekday between them
    ("the next 6 days", ["weekday"], {"weekday": "monday"}, False, WEEK),
    ("the next 6 days", ["weekday"], {"weekday": "friday"}, False, WEEK),
    ("the next 3 days", ["weekday"], {"weekday": "friday"}, True, ""),
    ("the next 3 days", ["weekday"], {"weekday": "monday"}, False, ""),
    # the month and day given: the group pins the day
    ("next week at 2pm", ["month", "day", "hour"], {"month": 2, "day": 18, "hour": 14}, True, ""),
    ("next week at 2pm", ["month", "day", "hour"], {"month": 2, "day": 25, "hour": 14}, False, ""),
    # readings that fall on some weekdays only: a weekday still tells them apart
    ("next friday", ["weekday"], {"weekday": "friday"}, True, ""),
    ("next friday", ["weekday"], {"weekday": "saturday"}, False, ""),
    ("next friday at 2pm", ["weekday", "hour"], {"weekday": "friday", "hour": 14}, True, ""),
    ("next friday at 2pm", ["weekday", "hour"], {"weekday": "thursday", "hour": 14}, False, ""),
    ("tomorrow at 2pm", ["weekday", "hour"], {"weekday": "wednesday", "hour": 14}, True, ""),
    ("tomorrow at 2pm", ["weekday", "hour"], {"weekday": "thursday", "hour": 14}, False, ""),
    ("this weekend", ["weekday"], {"weekday": "sunday"}, True, ""),
    ("this weekend", ["weekday"], {"weekday": "monday"}, False, ""),
]

YEARS: list[tuple[str, list[str], dict[str, object], bool, str]] = [
    ("in 12 months", ["month", "day"], {"month": 2, "day": 12}, False, f"the reading is in 2014, {FAR}"),
    ("in 13 months", ["month", "day"], {"month": 3, "day": 12}, False, FAR),
    ("in 18 months", ["month", "day"], {"month": 8, "day": 12}, False, FAR),
    ("in 400 days", ["month", "day"], {"month": 3, "day": 19}, False, FAR),
    ("in 365 days", ["month", "day"], {"month": 2, "day": 12}, False, FAR),
    ("in 1 year", ["month", "day"], {"month": 2, "day": 12}, False, "the phrase names the year (2014)"),
    ("a year ago", ["month", "day"], {"month": 2, "day": 12}, False, "(2012)"),
    # the year given: the far reading passes
    ("in 12 months", ["year", "month", "day"], {"year": 2014, "month": 2, "day": 12}, True, ""),
    ("in 400 days", ["year", "month", "day"], {"year": 2014, "month": 3, "day": 19}, True, ""),
    ("in 400 days", ["year", "month", "day"], {"year": 2014, "month": 3, "day": 20}, False, ""),
    # less than a year from the user's day: month and day name one date near the user
    ("in 11 months", ["month", "day"], {"month": 1, "day": 12}, True, ""),
    ("in 11 months", ["month", "day"], {"month": 1, "day": 13}, False, ""),
    ("in 364 days", ["month", "day"], {"month": 2, "day": 11}, True, ""),
    ("march 3", ["month", "day"], {"month": 3, "day": 3}, True, ""),
    ("christmas", ["month", "day"], {"month": 12, "day": 25}, True, ""),
    ("yesterday", ["month", "day"], {"month": 2, "day": 11}, True, ""),
    ("yesterday", ["month", "day"], {"month": 2, "day": 12}, False, ""),
    # one reading near, one far: the near one passes without a year, the far one needs it
    ("next march", ["month"], {"month": 3}, True, ""),
    ("next march", ["month", "day"], {"month": 3, "day": 5}, True, ""),
]


@pytest.mark.parametrize(("phrase", "params", "values", "passes", "fragment"), WEEKDAYS + YEARS)
def test_group_leaves_out_only_what_is_pinned(
    phrase: str, params: list[str], values: dict[str, object], passes: bool, fragment: str
) -> None:
    outcome = match_date_time(phrase, values, USER, params=params)  # type: ignore[arg-type]
    assert outcome.passed is passes, outcome.reason
    assert fragment in outcome.reason
    assert outcome.error is None


def test_the_year_rule_follows_the_users_day_not_the_second() -> None:
    late = datetime.fromisoformat("2013-02-12T23:59:00-02:00")
    early = datetime.fromisoformat("2013-02-12T00:00:00-02:00")
    for user in (early, late):
        outcome = match_date_time("in 12 months", {"month": 2, "day": 12}, user, params=["month", "day"])
        assert not outcome.passed, outcome.reason
        outcome = match_date_time("in 11 months", {"month": 1, "day": 12}, user, params=["month", "day"])
        assert outcome.passed, outcome.reason


WIDER: list[tuple[str, object, str]] = [
    ("march 3", "march", "the argument names a month (2013-03), wider than the day the phrase names"),
    ("march 3", "2013-03", "the argument names a month (2013-03), wider than the day the phrase names"),
    ("march 3 2014", "2014", "the argument names a year (2014), wider than the day the phrase names"),
    ("march 2013", "2013", "the argument names a year (2013), wider than the month the phrase names"),
    ("march 3 at 2pm", "march", "the argument names a month (2013-03), wider than the time of day the phrase names"),
    ("tomorrow at 2pm", "2013-02-13", "a date alone cannot match a phrase naming a time of day"),
]


@pytest.mark.parametrize(("phrase", "argument", "reason"), WIDER)
def test_a_value_wider_than_the_phrase_says_so(phrase: str, argument: object, reason: str) -> None:
    outcome = match_date_time(phrase, argument, USER)  # type: ignore[arg-type]
    assert not outcome.passed
    assert outcome.reason.endswith(reason), outcome.reason


@pytest.mark.parametrize(("phrase", "argument"), [("march", "march"), ("march 2013", "2013-03"), ("2014", "2014")])
def test_a_value_as_wide_as_the_phrase_passes(phrase: str, argument: str) -> None:
    assert match_date_time(phrase, argument, USER).passed
