"""Scheduling phrases people write in invites, reminders and deadlines, read whole: the middle and the end of the
working week, any time of a day, the end of a numbered week, the top of the hour, a day of the month, an overnight
range on a named day, a range of 24-hour clocks written in four digits (never a year joined to four digits).

2025-03-12 is a Wednesday; ISO week 12 of 2025 runs from Monday 2025-03-17 to Sunday 2025-03-23.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import resolve
from tests.support.verdicts import ERROR, assert_date_row

WED = datetime(2025, 3, 12, 7, 45)  # a Wednesday morning, naive (wall clock)

ROWS: list[tuple[str, object, object]] = [
    # the middle of the week is the middle of the working week: Wednesday, or Tuesday to Thursday
    ("midweek", "2025-03-12", True),
    ("midweek", "2025-03-11", True),
    ("mid-week", "2025-03-13T15:00:00", True),
    ("midweek", "2025-03-14", False),
    ("midweek next week", "2025-03-19", True),
    ("mid-week next week", "2025-03-20", True),
    ("midweek next week", "2025-03-12", False),
    ("the middle of next week", "2025-03-19", True),
    ("the middle of next week", "2025-03-21", False),
    # any time of a day is the whole day
    ("any time tomorrow", "2025-03-13T16:30:00", True),
    ("any time tomorrow", "2025-03-14T09:00:00", False),
    ("some time on friday", "2025-03-14T11:00:00", True),
    ("some time on friday", "2025-03-15T11:00:00", False),
    ("any day next week", "2025-03-20", True),
    ("any day next week", "2025-03-25", False),
    ("any day now", "2025-03-12T08:00:00", ERROR),
    # a start said with "as of" or "onwards"
    ("as of tomorrow", "2025-03-13", True),
    ("as of tomorrow", "2025-03-12", False),
    ("from monday onwards", "2025-03-17", True),
    ("from monday onwards", "2025-03-18", False),
    # the end of the working week is its Friday, never its weekend
    ("by the end of the working week", "2025-03-14", True),
    ("by the end of the working week", "2025-03-16", False),
    ("end of the work week", "2025-03-14T17:00:00", True),
    ("end of next work week", "2025-03-21", True),
    ("end of next work week", "2025-03-23", False),
    # the end of the working day, British and with "the"
    ("by close of play tomorrow", "2025-03-13T17:30:00", True),
    ("by close of play tomorrow", "2025-03-13T12:00:00", False),
    ("the end of business on friday", "2025-03-14T17:00:00", True),
    ("the end of business on friday", "2025-03-13T17:00:00", False),
    # the end of a numbered week: its Friday or its Sunday
    ("end of week 12", "2025-03-21", True),
    ("end of week 12", "2025-03-23", True),
    ("end of week 12", "2025-03-19", False),
    ("end of week 12", "2025-03-28", False),
    # early and late in a week are of its working week: Monday-Tuesday, Thursday-Friday, never its weekend
    ("late next week", "2025-03-20", True),
    ("late next week", "2025-03-21T16:00:00", True),
    ("late next week", "2025-03-22", False),
    ("early next week", "2025-03-18", True),
    ("early next week", "2025-03-19", False),
    # a day of the month yet to come this month is this month's; once passed, last month's or the next
    ("the morning of the 14th", "2025-03-14T09:00:00", True),
    ("the morning of the 14th", "2025-04-14T09:00:00", False),
    ("the 10th at 3pm", "2025-04-10T15:00:00", True),
    ("the 10th at 3pm", "2025-03-10T15:00:00", True),
    # a weekday and a day of the month: the next such date, and the last one only when the next is over a month away
    ("thurs 13th at 2pm", "2025-03-13T14:00:00", True),
    ("thurs 13th at 2pm", "2025-02-13T14:00:00", False),
    ("tue 11th", "2025-03-11", True),
    ("tue 11th", "2025-11-11", True),
    # the last one however far back it is, when the next is months away: Friday the 13th fell in December 2024 and
    # falls next in June 2025
    ("friday the 13th", "2024-12-13", True),
    ("friday the 13th", "2025-06-13", True),
    ("friday the 13th", "2025-03-13", False),  # a Thursday
    ("friday the 13th", "2024-09-13", False),  # one before the last
    ("fri 13th at 9am", "2024-12-13T09:00:00", True),
    ("fri 13th at 9am", "2024-12-13T10:00:00", False),
    # an overnight range on a named day ends the next morning, not a week later
    ("from 9pm to 5am on monday", {"start": "2025-03-17T21:00:00", "end": "2025-03-18T05:00:00"}, True),
    ("from 9pm to 5am on monday", {"start": "2025-03-17T21:00:00", "end": "2025-03-24T05:00:00"}, False),
    ("monday from 9 to 5", {"start": "2025-03-17T09:00:00", "end": "2025-03-17T17:00:00"}, True),
    # first thing in the morning is first thing, however the morning is said
    ("first thing tomorrow morning", "2025-03-13T08:00:00", True),
    ("first thing tomorrow morning", "2025-03-13T11:00:00", False),
    ("monday morning first thing", "2025-03-17T07:30:00", True),
    # a part of the day before (after) a date: that part of the day before (after) it
    ("the evening before christmas", "2025-12-24T19:00:00", True),
    ("the evening before christmas", "2025-12-25T19:00:00", False),
    ("the morning after christmas", "2025-12-26T09:00:00", True),
    ("the night before the 15th", "2025-03-14T22:00:00", True),
    ("the night before the 15th", "2025-03-15T22:00:00", False),
    ("the evening before 5pm", "2025-03-11T17:00:00", ERROR),  # the evening starts at 17:00: nothing before it
    # the top of the hour: the next whole hour
    ("at the top of the hour", "2025-03-12T08:00:00", True),
    ("at the top of the hour", "2025-03-12T07:00:00", False),
    ("at the top of the hour", "2025-03-12T08:30:00", False),
    # four digits with a leading zero are a 24-hour clock, and so is the other end of their range (never a year);
    # with no leading zero anywhere, four digits from 1500 stay years
    ("from 0900 to 1700", {"start": "2025-03-12T09:00:00", "end": "2025-03-12T17:00:00"}, True),
    ("from 0900 to 1700", {"start": "2025-03-12T10:00:00", "end": "2025-03-12T18:00:00"}, False),
    ("from 0900 to 1700", {"start": "2025-03-12T08:00:00", "end": "2025-03-12T16:00:00"}, False),
    ("from 0900 to 1700", {"start": "1700-01-01T09:00:00", "end": "1700-01-01T17:00:00"}, False),
    ("0900-1700", {"start": "2025-03-12T09:00:00", "end": "2025-03-12T17:00:00"}, True),
    ("0900-1700", {"start": "2025-03-12T09:00:00", "end": "2025-03-12T18:00:00"}, False),
    ("from 1900 to 2000", {"start": "1900-01-01", "end": "2000-12-31"}, True),
    ("from 1900 to 2000", {"start": "2025-03-12T19:00:00", "end": "2025-03-12T20:00:00"}, False),
    # four digits joined to a clock with a colon, am/pm or "hrs" are a clock too, never a year
    ("09:00 to 1700", {"start": "2025-03-12T09:00:00", "end": "2025-03-12T17:00:00"}, True),
    ("09:00 to 1700", {"start": "2025-03-12T09:00:00", "end": "2025-03-12T17:01:00"}, False),
    ("09:00 to 1700", {"start": "1700-01-01T09:00:00", "end": "1700-12-31T00:00:00"}, False),
    ("from 9:00 to 1700", {"start": "2025-03-12T09:00:00", "end": "2025-03-12T17:00:00"}, True),
    ("from 9:00 to 1700", {"start": "2025-03-12T09:01:00", "end": "2025-03-12T17:00:00"}, False),
    ("9am-1700", {"start": "2025-03-12T09:00:00", "end": "2025-03-12T17:00:00"}, True),
    ("9am-1700", {"start": "2025-03-12T09:00:00", "end": "2025-03-12T16:59:00"}, False),
    ("from 1700 to 21:00", {"start": "2025-03-12T17:00:00", "end": "2025-03-12T21:00:00"}, True),
    ("from 1700 to 21:00", {"start": "2025-03-12T17:01:00", "end": "2025-03-12T21:00:00"}, False),
    ("from 1500 hrs to 1700", {"start": "2025-03-12T15:00:00", "end": "2025-03-12T17:00:00"}, True),
    ("from 1500 hrs to 1700", {"start": "2025-03-12T15:00:00", "end": "2025-03-12T17:01:00"}, False),
    # a year joined by a bare hyphen to four digits that are no later year is neither a date nor a range of clocks
    ("2024-0101", {"start": "2025-03-12T20:24:00", "end": "2025-03-13T01:01:00"}, ERROR),
    ("2024-0101", "2024-01-01", ERROR),
    ("2024-0101", "2024-01-01T01:01:00", ERROR),
    ("2024-1231", "2024-12-31", ERROR),
    ("1700-0900", {"start": "2025-03-12T17:00:00", "end": "2025-03-13T09:00:00"}, ERROR),
    ("1700 - 0900", {"start": "2025-03-12T17:00:00", "end": "2025-03-13T09:00:00"}, True),
    ("1700 - 0900", {"start": "2025-03-12T17:00:00", "end": "2025-03-13T10:00:00"}, False),
    ("2014-2018", {"start": "2014-01-01", "end": "2018-06-01"}, True),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_reading(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


@pytest.mark.parametrize(
    "phrase",
    [
        "from 0900 to 1700",
        "0900-1700",
        "0900 - 1700",
        "between 0900 and 1700",
        "from 0900 hrs to 1700",
        "09:00 to 1700",
        "from 9:00 to 1700",
        "from 9 am to 1700",
    ],
)
def test_a_range_of_clocks_names_no_year(phrase: str) -> None:
    readings = resolve(phrase, WED).readings
    assert readings
    for reading in readings:
        assert reading.end is not None
        assert (reading.start.lo, reading.end.lo) == (datetime(2025, 3, 12, 9), datetime(2025, 3, 12, 17))
