"""Offsets in hours, minutes or seconds are elapsed time from ``user_time`` (an instant), even when the phrase names a
zone whose clocks change in between; offsets of a day or longer stay calendar steps on that zone's wall clock.

DST facts: US clocks sprang forward on 2013-03-10 at 02:00 (Pacific: 10:00Z; Eastern: 07:00Z) and fell back on
2013-11-03 at 02:00 (Eastern: 06:00Z; Pacific: 09:00Z).
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from mb.matching.date_time import match_date_time

SPRING = datetime(2013, 3, 10, 9, 30, tzinfo=UTC)  # 01:30 PST, clocks move forward at 02:00
SPRING_EVE = datetime(2013, 3, 9, 20, 0, tzinfo=UTC)  # 12:00 PST the day before
FALL = datetime(2013, 11, 3, 4, 30, tzinfo=UTC)  # 00:30 EDT, clocks move back at 02:00
FALL_PACIFIC = datetime(2013, 11, 3, 8, 30, tzinfo=UTC)  # 01:30 PDT
LA = ZoneInfo("America/Los_Angeles")

ROWS: list[tuple[str, datetime, str, bool]] = [
    # spring forward: elapsed hours, not wall-clock hours
    ("in 2 hours pacific", SPRING, "2013-03-10T11:30:00Z", True),
    ("in 2 hours pacific", SPRING, "2013-03-10T10:30:00Z", False),  # one real hour
    ("in 2 hours pacific", SPRING, "2013-03-10T04:30:00-07:00", True),  # the same instant, in PDT
    ("in 90 minutes pacific", SPRING, "2013-03-10T11:00:00Z", True),
    ("in 90 minutes pacific", SPRING, "2013-03-10T10:00:00Z", False),
    ("2 hours ago pacific", datetime(2013, 3, 10, 11, 30, tzinfo=UTC), "2013-03-10T09:30:00Z", True),
    ("2 hours ago pacific", datetime(2013, 3, 10, 11, 30, tzinfo=UTC), "2013-03-10T08:30:00Z", False),
    ("in 24 hours pacific", SPRING_EVE, "2013-03-10T20:00:00Z", True),
    ("in 24 hours pacific", SPRING_EVE, "2013-03-10T19:00:00Z", False),  # 23 real hours
    # fall back
    ("in 3 hours eastern", FALL, "2013-11-03T07:30:00Z", True),
    ("in 3 hours eastern", FALL, "2013-11-03T08:30:00Z", False),  # four real hours
    ("in 1 hour pacific", FALL_PACIFIC, "2013-11-03T09:30:00Z", True),
    ("in 1 hour pacific", FALL_PACIFIC, "2013-11-03T10:30:00Z", False),
    # days and longer: calendar steps on the zone's wall clock
    ("in 1 day pacific", SPRING_EVE, "2013-03-10", True),
    ("in 1 day pacific", SPRING_EVE, "2013-03-11", False),
    ("tomorrow at 9am pacific", SPRING_EVE, "2013-03-10T16:00:00Z", True),  # 09:00 PDT
    ("tomorrow at 9am pacific", SPRING_EVE, "2013-03-10T17:00:00Z", False),  # 09:00 on the PST clock
    # a user_time in a named zone counts elapsed time too
    ("in 2 hours", datetime(2013, 3, 10, 1, 30, tzinfo=LA), "2013-03-10T11:30:00Z", True),
    ("in 2 hours", datetime(2013, 3, 10, 1, 30, tzinfo=LA), "2013-03-10T10:30:00Z", False),
]


@pytest.mark.parametrize(("phrase", "user_time", "argument", "expected"), ROWS)
def test_elapsed_offsets(phrase: str, user_time: datetime, argument: str, expected: bool) -> None:
    outcome = match_date_time(phrase, argument, user_time)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is expected, outcome.reason


NAIVE_SPRING = datetime(2013, 3, 10, 1, 30)  # no offset: a wall time, placed in the zone the phrase names


@pytest.mark.parametrize(
    ("phrase", "user_time", "argument"),
    [
        ("in 2 hours pacific", NAIVE_SPRING, "2013-03-10T03:30:00"),  # the wall clock plus 2: one real hour
        ("in 2 hours pacific", NAIVE_SPRING, "2013-03-10T11:30:00Z"),
        ("3 hours ago pacific", datetime(2013, 3, 10, 4, 30), "2013-03-10T01:30:00"),
        ("within the next 2 hours pacific", NAIVE_SPRING, "2013-03-10T02:00:00"),
        ("in 90 minutes eastern", datetime(2013, 11, 3, 0, 45), "2013-11-03T02:15:00"),
    ],
)
def test_a_naive_user_time_across_a_change_of_the_clocks_is_no_verdict(
    phrase: str, user_time: datetime, argument: str
) -> None:
    outcome = match_date_time(phrase, argument, user_time)
    assert not outcome.passed
    assert outcome.error is not None
    assert "give user_time an offset" in outcome.reason


@pytest.mark.parametrize(("argument", "expected"), [("2013-03-12T03:30:00", True), ("2013-03-12T04:30:00", False)])
def test_a_naive_user_time_with_no_change_of_the_clocks_counts_on_the_wall_clock(argument: str, expected: bool) -> None:
    outcome = match_date_time("in 2 hours pacific", argument, datetime(2013, 3, 12, 1, 30))
    assert outcome.error is None, outcome.reason
    assert outcome.passed is expected, outcome.reason


@pytest.mark.parametrize(
    "phrase",
    ["in 2 hours tomorrow", "tomorrow in 2 hours", "in 30 minutes on friday", "in 2 hours at 3pm", "in 20 hours today"],
)
def test_hours_from_now_beside_another_day_or_time_are_not_understood(phrase: str) -> None:
    outcome = match_date_time(phrase, "2025-10-03T01:00", datetime(2025, 10, 2, 9, 20))  # a Thursday
    assert not outcome.passed
    assert outcome.error is not None
    assert "counts from now" in outcome.reason


@pytest.mark.parametrize(("argument", "expected"), [("2025-10-02T11:20", True), ("2025-10-03T01:00", False)])
def test_hours_from_now_today_are_that_moment(argument: str, expected: bool) -> None:
    outcome = match_date_time("in 2 hours today", argument, datetime(2025, 10, 2, 9, 20))
    assert outcome.error is None, outcome.reason
    assert outcome.passed is expected, outcome.reason
