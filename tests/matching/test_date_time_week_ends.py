"""A week or fortnight beginning (ending) a day: the days from (to) that day, a calendar date's week in the year
it is near.

Calendar facts used (checked with ``python -m calendar``): 2024-05-16 is a Thursday, 2024-05-13 and 2024-05-20
Mondays, 2024-05-19 a Sunday; 2025-02-04 is a Tuesday, 2025-05-12 a Monday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.support.verdicts import ERROR, assert_date_row

THU = datetime(2024, 5, 16, 10, 30)  # a Thursday morning, naive (wall clock)
SUN = datetime(2024, 5, 19, 10, 30)

ROWS: list[tuple[str, object, object]] = [
    # a day said from today: the 7 (14) days from it, never the calendar week holding it
    ("week starting tomorrow", {"start": "2024-05-17", "end": "2024-05-23"}, True),
    ("week starting tomorrow", {"start": "2024-05-13", "end": "2024-05-19"}, False),
    ("week starting today", {"start": "2024-05-16", "end": "2024-05-22"}, True),
    ("week starting today", {"start": "2024-05-13", "end": "2024-05-19"}, False),
    ("week beginning friday", {"start": "2024-05-17", "end": "2024-05-23"}, True),
    ("week beginning friday", {"start": "2024-05-13", "end": "2024-05-19"}, False),
    ("fortnight starting tomorrow", {"start": "2024-05-17", "end": "2024-05-30"}, True),
    # a calendar date inside a week: that calendar week
    ("the week beginning February 4 2025", {"start": "2025-02-03", "end": "2025-02-09"}, True),
    ("the week beginning February 4 2025", {"start": "2025-02-05", "end": "2025-02-11"}, False),
    # a time of day on a week from a day, or the week of a day: that day's time, or each day's, is not said
    ("w/c monday at 9am", "2024-05-23T09:00:00", ERROR),
    ("w/c monday at 9am", "2024-05-20T09:00:00", ERROR),
    ("week commencing 20 may at 9am", "2024-05-23T09:00:00", ERROR),
    ("the week beginning may 22 at 9am", "2024-05-23T09:00:00", ERROR),
    ("the week of may 20 at 9am", "2024-05-23T09:00:00", ERROR),
    ("w/e friday at 5pm", "2024-05-17T17:00:00", ERROR),
    ("this week at 3pm", "2024-05-17T15:00:00", True),
    ("the end of the week of may 20", "2024-05-24", True),  # its Friday, as the end of this week
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_a_week_from_or_to_a_day_read_as_said(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, THU, expected)


# a week ending or beginning on a date just gone, or in the week under way, is this year's (a timesheet is handed in
# after its week); a date further back is next year's
RECENT: list[tuple[str, object, datetime, object]] = [
    ("w/e 17 may", {"start": "2024-05-11", "end": "2024-05-17"}, SUN, True),
    ("week ending may 17", {"start": "2024-05-11", "end": "2024-05-17"}, SUN, True),
    ("week beginning 13 may", {"start": "2024-05-13", "end": "2024-05-19"}, THU, True),
    ("w/c 13 may", {"start": "2024-05-13", "end": "2024-05-19"}, THU, True),
    ("the week of may 13", {"start": "2024-05-13", "end": "2024-05-19"}, THU, True),
    ("w/e 17 april", {"start": "2024-04-11", "end": "2024-04-17"}, SUN, False),
    ("w/e 17 april", {"start": "2025-04-11", "end": "2025-04-17"}, SUN, True),
]


@pytest.mark.parametrize(("phrase", "argument", "now", "expected"), RECENT)
def test_a_week_named_by_a_date_just_gone_is_this_years(
    phrase: str, argument: object, now: datetime, expected: object
) -> None:
    assert_date_row(phrase, argument, now, expected)
