"""Scheduling phrases people write in invites, reminders and deadlines, read whole: the middle and the end of the
working week, any time of a day, the end of a numbered week, the top of the hour.

2025-03-12 is a Wednesday; ISO week 12 of 2025 runs from Monday 2025-03-17 to Sunday 2025-03-23.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import assert_verdict

WED = datetime(2025, 3, 12, 7, 45)  # a Wednesday morning, naive (wall clock)

ROWS: list[tuple[str, object, object]] = [
    # the middle of the week is the middle of the working week: Wednesday, or Tuesday to Thursday
    ("midweek", "2025-03-12", True),
    ("midweek", "2025-03-11", True),
    ("mid-week", "2025-03-13T15:00:00", True),
    ("midweek", "2025-03-14", False),
    ("the middle of next week", "2025-03-19", True),
    ("the middle of next week", "2025-03-21", False),
    # any time of a day is the whole day
    ("any time tomorrow", "2025-03-13T16:30:00", True),
    ("any time tomorrow", "2025-03-14T09:00:00", False),
    ("some time on friday", "2025-03-14T11:00:00", True),
    ("some time on friday", "2025-03-15T11:00:00", False),
    # the end of the working week is its Friday, never its weekend
    ("by the end of the working week", "2025-03-14", True),
    ("by the end of the working week", "2025-03-16", False),
    ("end of the work week", "2025-03-14T17:00:00", True),
    ("end of next work week", "2025-03-21", True),
    ("end of next work week", "2025-03-23", False),
    # the end of a numbered week: its Friday or its Sunday
    ("end of week 12", "2025-03-21", True),
    ("end of week 12", "2025-03-23", True),
    ("end of week 12", "2025-03-19", False),
    ("end of week 12", "2025-03-28", False),
    # the top of the hour: the next whole hour
    ("at the top of the hour", "2025-03-12T08:00:00", True),
    ("at the top of the hour", "2025-03-12T07:00:00", False),
    ("at the top of the hour", "2025-03-12T08:30:00", False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_reading(phrase: str, argument: object, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, WED), expected)
