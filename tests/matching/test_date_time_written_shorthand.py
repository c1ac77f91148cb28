"""Shorthand written in e-mails, chats and tickets: a signed length after a named date counts from that date, "this
past" names the latest weekday alone, chat spellings of days and nights, and ISO 8601 intervals.

Calendar facts used (checked with ``python -m calendar``): 2027-10-13 is a Wednesday; Thanksgiving 2027 is Thursday
2027-11-25; the Sundays around the user time are 2027-10-03, 2027-10-10 and 2027-10-17.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.support.verdicts import ERROR, assert_date_row

WED = datetime(2027, 10, 13, 14, 35)  # a Wednesday afternoon, naive (wall clock)

ROWS: list[tuple[str, object, object]] = [
    # a signed length of days or more ending the phrase counts from the date named before it
    ("thanksgiving + 2 days", "2027-11-27", True),
    ("thanksgiving + 2 days", "2027-11-25", False),
    ("thanksgiving + 2 days", "2027-10-15", False),  # never two days from now
    ("christmas - 3 days", "2027-12-22", True),
    ("christmas - 3 days", "2027-12-25", False),
    ("easter 2028 + 1 week", "2028-04-23", True),
    ("friday + 2 days", "2027-10-17", True),
    ("friday + 2 days", "2027-10-15", False),
    ("friday + 2 hours", "2027-10-15", ERROR),  # hours after a whole day: which hour is not said
    ("march + 3 days", "2028-03-04", ERROR),  # from the start of March or its end
    ("2pm - 2 days", "2027-10-11T14:00:00", ERROR),  # no date before the sign
    ("at 5 + 2 days", "2027-10-15T17:00:00", ERROR),
    ("monday - 2 weeks from now", {"start": "2027-10-18", "end": "2027-10-27"}, True),  # a range, as before
    # "this past sunday" is the latest Sunday alone; "last sunday" keeps the Sunday of last week too
    ("this past sunday", "2027-10-10", True),
    ("this past sunday", "2027-10-03", False),
    ("last sunday", "2027-10-03", True),
    ("last sunday", "2027-10-10", True),
    # chat spellings: "yday" is yesterday, "nite" night, "xmas day" Christmas Day
    ("yday at 4pm", "2027-10-12T16:00:00", True),
    ("yday at 4pm", "2027-10-13T16:00:00", False),
    ("tmrw nite", "2027-10-14T22:00:00", True),
    ("tmrw nite", "2027-10-13T22:00:00", False),
    ("xmas day", "2027-12-25", True),
    ("xmas day", "2027-12-24", False),
    # an ISO 8601 interval of dates or date-times is a range from its start to its end
    ("2027-10-18/2027-10-22", {"start": "2027-10-18", "end": "2027-10-22"}, True),
    ("2027-10-18/2027-10-22", {"start": "2027-10-19", "end": "2027-10-22"}, False),
    ("2027-10-18T09:00/2027-10-18T11:00", {"start": "2027-10-18T09:00:00", "end": "2027-10-18T11:00:00"}, True),
    ("2027-10-18T09:00/2027-10-18T11:00", {"start": "2027-10-18T09:00:00", "end": "2027-10-18T12:00:00"}, False),
    ("2027-10-18/2027-10-22/2027-10-25", "2027-10-18", ERROR),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_written_shorthand_read_as_said(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)
