"""The weeks of a month are its Monday-to-Sunday weeks holding only its own days: a day of the month before or after
never passes "the first (last) week of" it. A first (last) week holding fewer than four of the month's days may also
be left out of the count, so both readings are kept, and so is the month's n-th seven days (its last seven days); a
year's weeks stay ISO weeks.

user_time is 2026-03-10T14:20, a Tuesday. March 2026 starts on a Sunday and ends on a Tuesday; April 2026 starts on
a Wednesday and ends on a Thursday; February 2027 starts on a Monday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time

U = datetime(2026, 3, 10, 14, 20)

ROWS: list[tuple[str, str, bool]] = [
    ("the first week of april", "2026-03-30", False),
    ("the first week of april", "2026-03-31", False),
    ("the first week of april", "2026-04-01", True),
    ("the first week of april", "2026-04-05", True),
    ("the first week of april", "2026-04-06", True),  # April 1 to 7
    ("the first week of april", "2026-04-07", True),
    ("the first week of april", "2026-04-08", False),
    ("the second week of april", "2026-04-14", True),  # April 8 to 14, or the calendar week April 6 to 12
    ("the second week of april", "2026-04-05", False),
    ("the second week of april", "2026-04-15", False),
    ("the last week of april", "2026-04-24", True),  # April 24 to 30, or April 27 to 30
    ("the last week of april", "2026-04-23", False),
    ("the first week of next month", "2026-03-31", False),
    ("the first week of next month", "2026-04-02", True),
    ("the first week of march", "2026-02-27", False),
    ("the first week of march", "2026-03-01", True),  # the Sunday alone
    ("the first week of march", "2026-03-05", True),  # or the first whole week
    ("the first week of march", "2026-03-09", False),
    ("the second week of march", "2026-03-03", True),
    ("the second week of march", "2026-03-12", True),
    ("the second week of march", "2026-03-16", False),
    ("the last week of march", "2026-03-31", True),
    ("the last week of march", "2026-03-25", True),
    ("the last week of march", "2026-04-01", False),
    ("the last week of march", "2026-03-22", False),
    ("the last week of the month", "2026-04-02", False),
    ("the last week of april", "2026-04-27", True),
    ("the last week of april", "2026-04-30", True),
    ("the last week of april", "2026-05-01", False),
    ("the last week of april", "2026-04-22", False),  # four days of April follow: the week before is not the last
    ("the first week of february 2027", "2027-02-07", True),
    ("the first week of february 2027", "2027-02-08", False),
    ("the first week of february 2027", "2027-01-31", False),
    ("the first week of 2027", "2027-01-04", True),  # ISO week 1
    ("the first week of 2027", "2027-01-01", False),
]


@pytest.mark.parametrize(("phrase", "argument", "passes"), ROWS)
def test_week_of_a_month(phrase: str, argument: str, passes: bool) -> None:
    outcome = match_date_time(phrase, argument, U)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passes, outcome.reason
