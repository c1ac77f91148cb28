"""An hour said beside a part of the day lies in that part's half of the day; a count of a unit builds a span of that
length, its end after its start; a unit said with no word placing it is never dropped beside a date; a month
before a year said in two pairs of words keeps that reading.

Calendar facts used (checked with ``python -m calendar``): 2024-05-16 is a Thursday; the Friday after it is
2024-05-17 and the Monday 2024-05-20.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.support.verdicts import ERROR, assert_date_row

THU = datetime(2024, 5, 16, 10, 30)  # a Thursday morning, naive (wall clock)

ROWS: list[tuple[str, object, object]] = [
    # "in the morning" after a small hour is a.m.; an hour with no reading in the part's half is not understood
    ("at 2 in the morning", "2024-05-17T02:00:00", True),
    ("at 2 in the morning", "2024-05-16T14:00:00", False),
    ("1 in the morning", "2024-05-17T01:00:00", True),
    ("1 in the morning", "2024-05-16T13:00:00", False),
    ("tomorrow at 1 in the morning", "2024-05-17T01:00:00", True),
    ("tomorrow at 1 in the morning", "2024-05-17T13:00:00", False),
    ("this morning at 1", "2024-05-16T01:00:00", True),
    ("this morning at 1", "2024-05-16T13:00:00", False),
    ("monday morning at 1", "2024-05-20T01:00:00", True),
    ("monday morning at 1", "2024-05-20T13:00:00", False),
    ("at 2 this morning", "2024-05-16T02:00:00", True),
    ("at 2 this morning", "2024-05-16T14:00:00", False),
    ("tomorrow morning at 2", "2024-05-17T02:00:00", True),
    ("tomorrow morning at 2", "2024-05-17T14:00:00", False),
    ("late morning at 2", "2024-05-16T14:00:00", ERROR),
    ("tomorrow afternoon at 10", "2024-05-17T10:00:00", ERROR),
    ("tomorrow afternoon at 10", "2024-05-17T22:00:00", ERROR),
    ("this afternoon at 11", "2024-05-16T11:00:00", ERROR),
    ("friday afternoon at 10:30", "2024-05-17T10:30:00", ERROR),
    ("friday afternoon at 10:30", "2024-05-17T22:30:00", ERROR),
    ("afternoon at 7", "2024-05-16T19:00:00", True),  # near the afternoon, in its half
    ("afternoon at 7", "2024-05-17T07:00:00", False),
    ("3pm in the morning", "2024-05-16T15:00:00", ERROR),
    # the night runs past midnight: its small hours are the next day's, never the afternoon before it
    ("4 at night", "2024-05-17T04:00:00", True),
    ("4 at night", "2024-05-16T16:00:00", False),
    ("tonight at 4", "2024-05-16T16:00:00", False),
    ("tomorrow night at 4", "2024-05-18T04:00:00", True),
    ("tomorrow night at 4", "2024-05-17T16:00:00", False),
    ("5 at night", "2024-05-16T17:00:00", True),  # an hour after the night's end is no hour of it
    ("5 at night", "2024-05-17T05:00:00", False),
    ("around 5 tonight", "2024-05-16T17:00:00", True),
    ("around 5 tonight", "2024-05-17T05:00:00", False),
    ("tonight at 5", "2024-05-17T05:00:00", False),
    ("quarter to 5 tonight", "2024-05-16T16:45:00", True),
    ("quarter to 5 tonight", "2024-05-17T04:45:00", False),
    ("tonight at 4 or 5", "2024-05-16T17:00:00", True),
    # the same in words, in a range and in alternatives
    ("half past 1 in the morning", "2024-05-17T01:30:00", True),
    ("half past 1 in the morning", "2024-05-16T13:30:00", False),
    ("tomorrow morning from 1 to 2", "2024-05-17T01:00:00", True),
    ("tomorrow morning from 1 to 2", "2024-05-17T13:00:00", False),
    ("this afternoon from 10 to 11", "2024-05-16T10:00:00", ERROR),
    ("2 or 3 in the morning", "2024-05-17T02:00:00", True),
    ("2 or 3 in the morning", "2024-05-16T14:00:00", False),
    # a count that is no whole number of days runs from (to) now, its end after its start
    ("next 0.5 days", {"start": "2024-05-16T20:00:00", "end": "2024-05-15T13:00:00"}, False),
    ("next 0.5 days", {"start": "2024-05-16T10:30:00", "end": "2024-05-16T22:30:00"}, True),
    ("next 1.5 days", {"start": "2024-05-16T10:30:00", "end": "2024-05-17T22:30:00"}, True),
    ("next 1.5 days", {"start": "2024-05-16T00:00:00", "end": "2024-05-16T23:59:00"}, False),
    ("last 1.5 days", {"start": "2024-05-14T22:30:00", "end": "2024-05-16T10:30:00"}, True),
    ("last 1.5 days", {"start": "2024-05-15T00:00:00", "end": "2024-05-14T12:00:00"}, False),
    ("last half a day", {"start": "2024-05-15T22:30:00", "end": "2024-05-16T10:30:00"}, True),
    ("last half a day", {"start": "2024-05-15T00:00:00", "end": "2024-05-15T12:00:00"}, False),
    ("the last one and a half days", {"start": "2024-05-14T22:30:00", "end": "2024-05-16T10:30:00"}, True),
    ("last 0.5 weeks", {"start": "2024-05-12T22:30:00", "end": "2024-05-16T10:30:00"}, True),
    ("last 0.5 weeks", {"start": "2024-05-13T00:00:00", "end": "2024-05-15T12:00:00"}, False),
    ("next 0.5 weeks", {"start": "2024-05-16T10:30:00", "end": "2024-05-19T22:30:00"}, True),
    ("next 0.5 weeks", {"start": "2024-05-17T00:00:00", "end": "2024-05-19T12:00:00"}, False),
    ("next 2 days", {"start": "2024-05-17T00:00:00", "end": "2024-05-19T00:00:00"}, True),  # whole days: as before
    ("next 0.5 business days", {"start": "2024-05-17T00:00:00", "end": "2024-05-16T13:00:00"}, ERROR),
    ("in 1.5 business days", "2024-05-17", ERROR),  # business days are counted whole
    # a year or a month said with no word placing it, beside a date: which one is not said, never the date alone
    ("the year march 3", "2024-03-03", ERROR),
    ("the year easter", "2024-03-31", ERROR),
    ("year christmas", "2024-12-25", ERROR),
    ("the year july", "2024-07-15", ERROR),
    ("month the 20th", "2024-05-20", ERROR),
    ("the 20th of the month", "2024-05-20", True),
    ("the 20th of the month", "2024-06-20", False),
    ("march 3 this year", "2024-03-03", True),
    ("march 3 this year", "2025-03-03", False),
    # a month, "twenty" or "nineteen" and a number from ten in words: that month of a year said in two pairs of words,
    # or a day and an hour
    ("june twenty twelve", "2012-06-15", True),
    ("june twenty twelve", "2012-07-01", False),
    ("june twenty ten", "2010-06-03", True),
    ("june twenty ten", "2011-06-03", False),
    ("june twenty eleven", "2011-06-30", True),
    ("june nineteen twelve", "1912-06-01", True),
    ("june nineteen twelve", "2012-06-19", False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_a_part_of_the_day_and_a_count_read_as_said(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, THU, expected)
