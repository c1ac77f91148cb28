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
