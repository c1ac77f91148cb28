"""Numbers in parameter groups whose unit or century the name does not say: a year component with fewer than four
digits is that year (a tool given 25 gets the year 25), and a bare number in a duration parameter whose name says no
unit cannot be compared with a length."""

from __future__ import annotations

from datetime import datetime

import pytest
from pydantic import JsonValue

from mb.matching.date_time import match_date_time

U = datetime(2024, 5, 29, 10)
DATE = ["day", "month", "year"]


@pytest.mark.parametrize("year", [25, "25", 925, "0025"])
def test_a_year_with_fewer_than_four_digits_fails(year: JsonValue) -> None:
    outcome = match_date_time("march 3 2025", {"day": 3, "month": 3, "year": year}, U, params=DATE)
    assert (outcome.passed, outcome.error) == (False, None)
    assert "four digits" in outcome.reason


def test_a_two_digit_year_fails_a_relative_day() -> None:
    assert not match_date_time("tomorrow", {"day": 30, "month": 5, "year": 24}, U, params=DATE).passed
    assert match_date_time("tomorrow", {"day": 30, "month": 5, "year": 2024}, U, params=DATE).passed


@pytest.mark.parametrize(("phrase", "value"), [("for 2 hours", 120), ("for 2 minutes", 2), ("for 2 hours", "7200")])
def test_a_number_with_no_unit_is_an_error(phrase: str, value: JsonValue) -> None:
    outcome = match_date_time(phrase, {"duration": value}, U, params=["duration"])
    assert not outcome.passed
    assert outcome.error is not None
    assert "no unit" in outcome.error


def test_a_number_with_no_unit_beside_a_start_is_an_error() -> None:
    values: dict[str, JsonValue] = {"start": "2024-05-30T15:00:00", "duration": 60}
    outcome = match_date_time("tomorrow from 3pm to 4pm", values, U, params=["start", "duration"])
    assert not outcome.passed
    assert outcome.error is not None
    assert "no unit" in outcome.error


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("duration_minutes", 120, True),
        ("duration_seconds", 7200, True),
        ("duration_s", 7200, True),
        ("duration_ms", 7_200_000, True),
        ("durationHours", 2, True),
        ("hours", 2, True),
        ("minutes", 120, True),
        ("duration_seconds", 120, False),
        ("duration", "PT2H", True),
        ("duration", "2 hours", True),
        ("duration", "PT2M", False),
    ],
)
def test_a_unit_in_the_name_or_the_value_compares_exactly(name: str, value: JsonValue, expected: bool) -> None:
    outcome = match_date_time("for 2 hours", {name: value}, U, params=[name])
    assert (outcome.passed, outcome.error) == (expected, None), outcome.reason


@pytest.mark.parametrize(
    ("phrase", "name", "value"),
    [
        ("for 2 hours", "hour", 2),
        ("for 2 hours", "hh", 2),
        ("for 2 hours", "start_hour", 2),
        ("for 30 minutes", "minute", 30),
        ("for 30 seconds", "second", 30),
        ("for 2 hours", "start_hrs", 2),
        ("for 2 hours", "close_hr", 2),
        ("for 2 hours", "at_hours", 2),
        ("for 2 hours", "min_hour", 2),
    ],
)
def test_a_clock_part_is_never_a_length(phrase: str, name: str, value: JsonValue) -> None:
    # "hour": 2 is two o'clock, not two hours; so is a unit beside a part of a clock or an end of a range
    assert not match_date_time(phrase, {name: value}, U, params=[name]).passed


@pytest.mark.parametrize(
    ("name", "value"),
    [("total_minutes", 120), ("num_hours", 2), ("hrs", 2), ("secs", 7200), ("hr", 2), ("wait_min", 120),
     ("hours_total", 2), ("sec", 7200)],
)  # fmt: skip
def test_a_name_in_a_plural_or_abbreviated_unit_holds_a_length(name: str, value: JsonValue) -> None:
    outcome = match_date_time("for 2 hours", {name: value}, U, params=[name])
    assert (outcome.passed, outcome.error) == (True, None), outcome.reason


@pytest.mark.parametrize("name", ["hours_in_minutes", "hours_minutes", "duration_hrs_mins", "minutesHours"])
def test_a_name_with_two_units_is_an_error(name: str) -> None:
    outcome = match_date_time("for 2 hours", {name: 2}, U, params=[name])
    assert not outcome.passed
    assert outcome.error is not None
    assert "two units" in outcome.error
    assert match_date_time("for 2 hours", {name: "2 hours"}, U, params=[name]).passed  # a value that says its unit
