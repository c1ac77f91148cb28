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
    ("christmas minus 3 days", "2027-12-22", True),
    ("christmas minus 3 days", "2027-12-25", False),
    ("easter 2028 + 1 week", "2028-04-23", True),
    ("friday + 2 days", "2027-10-17", True),
    ("friday + 2 days", "2027-10-15", False),
    ("friday + 2 hours", "2027-10-15", ERROR),  # hours after a whole day: which hour is not said
    ("march + 3 days", "2028-03-04", ERROR),  # from the start of March or its end
    ("2pm - 2 days", "2027-10-11T14:00:00", ERROR),  # no date before the sign
    ("at 5 + 2 days", "2027-10-15T17:00:00", ERROR),
    # a range to two weeks from now, or the Monday two weeks from now
    ("monday - 2 weeks from now", {"start": "2027-10-18", "end": "2027-10-27"}, ERROR),
    ("oct 18 \u2014 2 weeks from now", {"start": "2027-10-18", "end": "2027-10-27"}, ERROR),
    ("from monday - 2 weeks from now", {"start": "2027-10-18", "end": "2027-10-27"}, True),
    ("friday plus a week", "2027-10-22", True),
    ("friday minus a week", "2027-10-08", True),
    ("friday + 1 fortnight", "2027-10-29", True),
    # only whole days or weeks are counted: which hour half a day reaches is not said
    ("friday + half a day", "2027-10-15T12:00:00", ERROR),
    ("friday + 1.5 days", "2027-10-16T12:00:00", ERROR),
    ("friday + 0.5 weeks", "2027-10-18T12:00:00", ERROR),
    ("christmas + \u00bd day", "2027-12-25T12:00:00", ERROR),
    ("friday + half a month", "2027-10-30", ERROR),
    # only from one date: never from the end of a range, a length, a bare "day" or a date with its time of day
    ("oct 18-22 - 1 week", {"start": "2027-10-18", "end": "2027-11-15"}, ERROR),
    ("oct 18 to oct 22 + 2 days", {"start": "2027-10-18", "end": "2027-10-24"}, ERROR),
    ("between monday and friday + 2 days", {"start": "2027-10-18", "end": "2027-10-24"}, ERROR),
    ("2027-10-18/2027-10-22 + 2 days", {"start": "2027-10-18", "end": "2027-10-24"}, ERROR),
    ("in 1 week - 2 weeks", "2027-10-06", ERROR),  # a week or two from now, never a week ago
    ("in 3 days - 5 days", "2027-10-11", ERROR),
    ("1 day - 3 days", "2027-10-10T01:00:00", ERROR),
    ("5 day - 1 day", "2027-10-12T17:00:00", ERROR),
    ("day + 2 days", "2027-10-15", ERROR),
    ("the day + 2 days", "2027-10-15", ERROR),
    ("in 3 days on friday + 1 day", "2027-10-15", ERROR),
    ("friday at 5 + 2 days", "2027-10-17T05:00:00", ERROR),
    # counted from the day named, never from now: the day after tomorrow is Friday
    ("day after tomorrow + 2 days", "2027-10-17", True),
    ("day after tomorrow + 2 days", "2027-10-15", False),
    ("the day before yesterday + 2 days", "2027-10-13", True),
    ("a week from tomorrow + 1 day", "2027-10-21", ERROR),
    ("2 days after tomorrow + 1 day", "2027-10-16", ERROR),
    # working days after tomorrow are counted from tomorrow (Thursday), never from now
    ("tomorrow + 1 business day", "2027-10-15", True),
    ("tomorrow + 1 business day", "2027-10-14", False),
    ("tomorrow plus 1 working day", "2027-10-15", True),
    ("tomorrow + 1 weekday", "2027-10-14", False),
    ("tomorrow + 2 business days", "2027-10-18", True),
    # a time or a year beside them is not counted with them
    ("tomorrow + 1 business day at 3pm", "2027-10-15T15:00:00", ERROR),
    ("at 3pm tomorrow + 1 business day", "2027-10-15T09:00:00", ERROR),
    ("tomorrow + 1 business day 2029", "2027-10-15", ERROR),
    # a length "later" or "after" at the end of a range counts from its start, never from now: not read
    ("from oct 20 to two weeks later", {"start": "2027-10-20", "end": "2027-10-27"}, ERROR),
    ("monday to a week later", {"start": "2027-10-18", "end": "2027-10-20"}, ERROR),
    ("from friday until 3 days later", {"start": "2027-10-15", "end": "2027-10-16"}, ERROR),
    ("from friday to 2 days after", {"start": "2027-10-15", "end": "2027-10-15"}, ERROR),
    ("friday - 2 days later", "2027-10-15", ERROR),
    ("from 3pm to 2 hours later", {"start": "2027-10-13T15:00:00", "end": "2027-10-13T16:35:00"}, ERROR),
    ("friday, 2 days later", "2027-10-15", ERROR),  # Sunday, or two days from now
    ("+2 days friday", "2027-10-15", ERROR),
    ("3 days later at 5pm", "2027-10-16T17:00:00", True),
    # a spaced dash before a length may take it away or say how long the date lasts ("jan 5 - 3 days": January 5th
    # for 3 days); after now, today, tomorrow or yesterday it takes it away
    ("jan 5 - 3 days", "2028-01-02", ERROR),
    ("jan 5 \u2013 3 days", "2028-01-02", ERROR),
    ("oct 18 \u2014 2 weeks", "2027-10-04", ERROR),
    ("monday - 2 weeks", "2027-10-04", ERROR),
    ("christmas - 3 days", "2027-12-22", ERROR),
    ("2027-10-05 - 3 days", "2027-10-02", ERROR),
    ("jan 5 minus 3 days", "2028-01-02", True),
    # "minus" is a sign before a length, never a dash between two dates or times
    ("jan 3 minus 5", {"start": "2028-01-03", "end": "2028-01-05"}, ERROR),
    ("3 minus 5 pm", {"start": "2027-10-13T15:00:00", "end": "2027-10-13T17:00:00"}, ERROR),
    ("oct 3 minus oct 5", {"start": "2028-10-03", "end": "2028-10-05"}, ERROR),
    ("today minus 3d", "2027-10-10", True),
    ("tomorrow - 3 days", "2027-10-11", True),
    # so does one with no spaces after a date written with digits, and an en or em dash after any date
    ("jan 5-3 days", "2028-01-02", ERROR),
    ("jan 5\u20143 days", "2028-01-02", ERROR),
    ("jan 5\u20133 days", "2028-01-02", ERROR),
    ("10/18-2 weeks", "2027-10-04", ERROR),
    ("2027-10-05-3 days", "2027-10-02", ERROR),
    ("15-10-2027-2 days", "2027-10-13", ERROR),
    ("christmas\u20143 days", "2027-12-22", ERROR),
    ("christmas-3 days", "2027-12-22", ERROR),
    ("friday-3 days", "2027-10-12", ERROR),
    ("the 18th-3 days", "2027-10-15", ERROR),
    ("oct 18 2027-3 days", "2027-10-15", ERROR),
    ("forty-five minutes ago", "2027-10-13T13:50:00", True),
    # a length "later" at the end of a range from today counts from today, as from now
    ("from today until 2 weeks later", {"start": "2027-10-13", "end": "2027-10-27"}, True),
    ("from today until 2 weeks later", {"start": "2027-10-13", "end": "2027-10-29"}, False),
    ("from tomorrow to 2 days later", {"start": "2027-10-14", "end": "2027-10-16"}, ERROR),
    ("today-3 days", "2027-10-10", True),
    ("tomorrow-2 days", "2027-10-12", True),
    ("in 2-3 days", {"start": "2027-10-15", "end": "2027-10-16"}, True),
    # a length after a date named without its year counts from the latest one when that is at most a month ago and the
    # day counted from it has not passed ("oct 11" two days ago; never "christmas" 300 days before), and then from it
    # alone; else from the next occurrence
    ("oct 11 + 3 days", "2027-10-14", True),
    ("oct 11 + 3 days", "2028-10-14", False),
    ("oct 11 + 3 days", "2027-10-13", False),
    ("a year before christmas", "2027-12-25", False),
    ("10 days before oct 20", "2028-10-10", False),
    ("oct 20 minus 10 days", "2027-10-10", True),
    ("christmas + 300 days", "2027-10-21", False),
    ("christmas + 300 days", "2028-10-20", True),
    ("jan 5 + 52 weeks", "2028-01-04", False),
    ("jan 5 + 52 weeks", "2029-01-03", True),
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
    ("mid nite", "2027-10-14T00:00:00", True),  # midnight, never the middle of the night
    ("mid nite", "2027-10-13T21:00:00", False),
    ("midnite", "2027-10-14T00:00:00", True),
    ("mid night", "2027-10-14T00:00:00", True),  # as "mid nite"
    ("mid night", "2027-10-13T21:00:00", False),
    ("friday mid night", "2027-10-15T21:00:00", False),
    ("friday mid-nite", "2027-10-15T21:00:00", False),
    # an ISO 8601 interval of dates or date-times is a range from its start to its end
    ("2027-10-18/2027-10-22", {"start": "2027-10-18", "end": "2027-10-22"}, True),
    ("2027-10-18/2027-10-22", {"start": "2027-10-19", "end": "2027-10-22"}, False),
    ("2027-10-18T09:00/2027-10-18T11:00", {"start": "2027-10-18T09:00:00", "end": "2027-10-18T11:00:00"}, True),
    ("2027-10-18T09:00/2027-10-18T11:00", {"start": "2027-10-18T09:00:00", "end": "2027-10-18T12:00:00"}, False),
    ("2027-10-18/2027-10-22/2027-10-25", "2027-10-18", ERROR),
    # a zone on one end alone: whether the other end shares it is not said
    ("2027-10-18T09:00/2027-10-18T11:00+02:00", {"start": "2027-10-18T07:00Z", "end": "2027-10-18T09:00Z"}, ERROR),
    ("2027-10-18T09:00+02:00/2027-10-18T11:00", {"start": "2027-10-18T07:00Z", "end": "2027-10-18T09:00Z"}, ERROR),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_written_shorthand_read_as_said(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)
