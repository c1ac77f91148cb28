"""A phrase counting days in a zone it names ("tomorrow at 9am Pacific") said when that zone's date is not the user's
keeps both readings: the zone's tomorrow and the user's. When both dates agree there is one reading.

user_time 2013-02-12T04:30-02:00 is 06:30Z: 22:30 on 2013-02-11 in Pacific time (PST, -08:00). 9am PST is 17:00Z.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from mb.matching.date_time import match_date_time

U = datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2)))  # Pacific is still on the 11th
SAME_DAY = datetime(2013, 2, 12, 14, 0, tzinfo=timezone(timedelta(hours=-2)))  # 08:00 on the 12th in Pacific

ROWS: list[tuple[str, datetime, str, bool]] = [
    ("tomorrow at 9am pacific", U, "2013-02-12T17:00:00Z", True),  # the zone's tomorrow
    ("tomorrow at 9am pacific", U, "2013-02-13T17:00:00Z", True),  # the user's tomorrow
    ("tomorrow at 9am pacific", U, "2013-02-14T17:00:00Z", False),
    ("tomorrow at 9am pacific", U, "2013-02-11T17:00:00Z", False),
    ("tomorrow at 9am pacific", U, "2013-02-12T18:00:00Z", False),
    ("tomorrow at 9am pacific", U, "2013-02-13T09:00:00-02:00", False),  # 9am in the user's offset
    ("today at 5pm pacific", U, "2013-02-12T01:00:00Z", True),  # the 11th in Pacific
    ("today at 5pm pacific", U, "2013-02-13T01:00:00Z", True),  # the 12th, the user's today
    ("today at 5pm pacific", U, "2013-02-14T01:00:00Z", False),
    # both dates agree: one reading
    ("tomorrow at 9am pacific", SAME_DAY, "2013-02-13T17:00:00Z", True),
    ("tomorrow at 9am pacific", SAME_DAY, "2013-02-12T17:00:00Z", False),
    ("tomorrow at 9am pacific", SAME_DAY, "2013-02-14T17:00:00Z", False),
    # a time of day alone is the next one in the zone
    ("9am pacific", U, "2013-02-12T17:00:00Z", True),
    ("9am pacific", U, "2013-02-13T17:00:00Z", False),
]


@pytest.mark.parametrize(("phrase", "user_time", "argument", "expected"), ROWS)
def test_the_zone_day_and_the_user_day(phrase: str, user_time: datetime, argument: str, expected: bool) -> None:
    outcome = match_date_time(phrase, argument, user_time)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is expected, outcome.reason


def test_the_reason_lists_both_readings() -> None:
    outcome = match_date_time("tomorrow at 9am pacific", "2013-02-14T17:00:00Z", U)
    assert "2013-02-12T09:00 (America/Los_Angeles) or 2013-02-13T09:00 (America/Los_Angeles)" in outcome.reason
