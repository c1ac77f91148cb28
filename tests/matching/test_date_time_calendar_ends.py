"""Readings at the ends of the calendar (years 1 and 9999): a miss is explained without a neighbouring window
that would lie outside the calendar, and never raises."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from mb.matching.date_time import match_date_time

ROWS: list[tuple[str, str, datetime]] = [
    ("0001-01-01T00:00:00", "2024-02-02", datetime(2024, 2, 1, 9, 15)),  # the second before it is year 0
    ("0001-01-01T00:00:00-12:00", "2024-02-02", datetime(2024, 2, 1, 9, 15)),
    ("0001-01-01", "9999-12-31T23:00:00", datetime(2024, 2, 1, 9, 15)),
    ("year 1", "2024-02-02", datetime(2024, 2, 1, 9, 15)),  # the year before it is year 0
    ("last year", "2024-02-02", datetime(9999, 12, 31, 12)),  # the year after it is year 10000
]


@pytest.mark.parametrize(("phrase", "argument", "user_time"), ROWS)
def test_a_miss_at_an_end_of_the_calendar_fails_with_its_distance(
    phrase: str, argument: str, user_time: datetime
) -> None:
    outcome = match_date_time(phrase, argument, user_time)
    assert not outcome.passed
    assert outcome.error is None
    assert phrase in outcome.reason
    assert "before" in outcome.reason or "after" in outcome.reason


def test_the_neighbouring_window_still_names_a_miss_inside_the_calendar() -> None:
    outcome = match_date_time("9999-12-29", "9999-12-30", datetime(2024, 2, 1, 9, 15))
    assert not outcome.passed
    assert "the day after '9999-12-29'" in outcome.reason


def test_a_phrase_past_the_end_of_the_calendar_is_an_error() -> None:
    user_time = datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone(timedelta(hours=-23)))
    outcome = match_date_time("9999-12-31", "0001-01-01", user_time)
    assert not outcome.passed
    assert "outside the calendar" in (outcome.error or "")
