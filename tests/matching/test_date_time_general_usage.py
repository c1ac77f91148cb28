"""Phrases of general English usage (British and American forms, business shorthand, style-guide spellings), each
read as said or not understood, never a guess; and checks that no wrong argument passes a reading.

Calendar facts used (checked with ``python -m calendar``): 2025-06-11 is a Wednesday; the Friday after it is
2025-06-13, the Monday 2025-06-16.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_date_row, assert_verdict

WED = datetime(2025, 6, 11, 10, 0)  # a Wednesday morning, naive (wall clock)

ROWS: list[tuple[str, object, object]] = [
    # a bare hour beside a part of the day lies within two hours of it, never three
    ("this evening at 2", "2025-06-11T14:00:00", ERROR),
    ("2 in the evening", "2025-06-11T14:00:00", ERROR),
    ("this evening at 4", "2025-06-11T16:00:00", True),
    ("quarter to 5 tonight", "2025-06-11T16:45:00", True),
    ("afternoon at 7", "2025-06-11T19:00:00", True),
    # British: "today week" and "this day week" are a week from today, "tomorrow fortnight" two from tomorrow
    ("today week", "2025-06-18", True),
    ("today week", "2025-06-11", False),
    ("this day week", "2025-06-18", True),
    ("tomorrow fortnight", "2025-06-26", True),
    ("tomorrow fortnight", "2025-06-12", False),
    ("yesterday week", "2025-06-17", ERROR),  # a week from yesterday, or before it?
    # "a week yesterday" (British): a week before yesterday
    ("a week yesterday", "2025-06-03", True),
    ("a week yesterday", "2025-06-17", False),
    ("a fortnight last Friday", "2025-05-23", True),
    ("a fortnight last Friday", "2025-06-20", False),
    # "Friday gone", "the Friday just gone": this past Friday
    ("the Friday just gone", "2025-06-06", True),
    ("the Friday just gone", "2025-06-13", False),
    ("Friday gone", "2025-06-06", True),
    ("last Friday gone", "2025-06-06", ERROR),
    # "beginning Monday" is from Monday, as "starting Monday"; "the beginning of Monday" its first thing
    ("beginning Monday", "2025-06-16", True),
    ("the beginning of Monday", "2025-06-16", False),
    ("beginning of next week", "2025-06-16", True),
    # "'til" is "til"; Zulu after a clock is UTC; "calendar week" and "CW" are the ISO week
    ("quarter 'til 5", "2025-06-11T16:45:00", True),
    ("quarter 'til 5", "2025-06-11T17:15:00", False),
    ("14:00Z", "2025-06-11T14:00:00+00:00", True),
    ("14:00Z", "2025-06-11T14:00:00+02:00", False),
    ("tomorrow 1400Z", "2025-06-12T14:00:00Z", True),
    ("2025-06-11T14:00:00Z", "2025-06-11T14:00:00+00:00", True),
    ("calendar week 49", "2025-12-03", True),
    ("calendar week 49", "2025-12-10", False),
    ("CW49", "2025-12-01", True),
    ("CW49", "2025-11-30", False),
    # "the 1800s": the decade or the hundred years; "the two thousands" is the decade
    ("the 1800s", "1850-06-01", True),
    ("the 1800s", "1800-06-01", True),
    ("the 1800s", "1900-01-01", False),
    ("the 1900s", "1950-06-01", True),
    ("the nineteen hundreds", "1999-12-31", True),
    ("the two thousands", "2010-01-01", False),
    # a decimal count of a compact unit is a length, never a time of day
    ("1.5h", "PT1H30M", True),
    ("1.5h", "PT2H", False),
    ("1.5h", "2025-06-12T05:00:00", False),
    # a fraction of a year that is whole months is counted on the calendar: "half a year" is 6 months, its day
    ("half a year from now", "2025-12-11", True),
    ("half a year from now", "2025-12-10", False),
    ("a year and a half ago", "2023-12-11", True),
    ("a year and a half ago", "2023-12-12", False),
    ("1.5 years", "P18M", True),
    ("1.5 years", "P1Y", False),
    # an hour in words said about it, as in digits: half an hour either side
    ("around three", "2025-06-11T15:20:00", True),
    ("around three", "2025-06-11T15:40:00", False),
    ("three-ish", "2025-06-11T14:45:00", True),
    ("at seven or so", "2025-06-11T19:15:00", True),
    ("about seven pm", "2025-06-11T07:00:00", False),
    ("around seven thirty", "2025-06-11T19:30:00", True),  # that minute, as "around 7:30" is
    ("around seven thirty", "2025-06-11T19:00:00", False),  # never "around seven" with "thirty" dropped
    # the quarter written before its year
    ("2Q 2025", "2025-05-15", True),
    ("2Q 2025", "2025-07-15", False),
    ("3Q25", "2025-08-01", True),
    ("3Q25", "2025-10-01", False),
    # "CET" in summer: its fixed offset, or Central European time that day (as "PST" is)
    ("09:30 CET tomorrow", "2025-06-12T09:30:00+02:00", True),
    ("09:30 CET tomorrow", "2025-06-12T09:30:00+01:00", True),
    ("09:30 CET tomorrow", "2025-06-12T09:30:00+03:00", False),
    # an ISO date and time with a zone written after it is in that zone, never the user's clock
    ("2025-12-01 10:00 CET", "2025-12-01T10:00:00+01:00", True),
    ("2025-12-01 10:00 CET", "2025-12-01T10:00:00+00:00", False),
    ("2025-12-01 10:00 +05:00", "2025-12-01T05:00:00Z", True),
    ("2025-12-01 10:00 +05:00", "2025-12-01T10:00:00Z", False),
    ("2025-12-01 10:00 -05:00", "2025-12-01T15:00:00Z", True),  # an offset after a full date-time, never a range
    ("2025-12-01 10:00 -05:00", "2025-12-01T10:00:00Z", False),
    ("Mon, 1 Dec 2025 10:00:00 -0500", "2025-12-01T15:00:00Z", True),  # so after a clock with its seconds
    ("Mon, 1 Dec 2025 10:00:00 -0500", "2025-12-01T10:00:00Z", False),
    ("9am CEST", "2025-06-12T09:00:00+02:00", True),
    ("9am CEST", "2025-06-12T09:00:00+00:00", False),
    # "current" before a season is "this"; "but" between two bounds is "and"
    ("current summer", "2025-07-15", True),
    ("current summer", "2026-07-15", False),
    ("later than 9:30am but before 11am on Thursday", "2025-06-12T10:00:00", True),
    ("later than 9:30am but before 11am on Thursday", "2025-06-12T11:30:00", False),
    # the rest of the hour: from this minute to the end of the clock hour
    ("the rest of the hour", "2025-06-11T10:30:00", True),
    ("the rest of the hour", "2025-06-11T09:50:00", False),
    ("the rest of the hour", "2025-06-11T11:05:00", False),
    # a span counted in seconds is read to the second
    ("the last 2 seconds", "2025-06-11T09:59:59", True),
    ("the last 2 seconds", "2025-06-11T09:59:50", False),
    ("the next 30 seconds", "2025-06-11T10:00:31", False),
    # "UK time": the zone of the United Kingdom (British Summer Time in June)
    ("10am UK time tomorrow", "2025-06-12T10:00:00+01:00", True),
    ("10am UK time tomorrow", "2025-06-12T10:00:00+00:00", False),
    # "the 1st of the month" said after it: this month's or the next, as "the 1st"; "of this month" this one's
    ("the first of the month", "2025-07-01", True),
    ("the first of the month", "2025-06-01", True),
    ("the first of the month", "2025-08-01", False),
    ("the 1st of this month", "2025-07-01", False),
    # so is a weekday counted in "the month" said after it; "this month" ("this week") is this one alone
    ("the first monday of the month", "2025-06-02", True),
    ("the first monday of the month", "2025-07-07", True),
    ("the first monday of this month", "2025-06-02", True),
    ("the first monday of this month", "2025-07-07", False),
    ("the first monday of this week", "2025-06-09", True),
    ("the first monday of this week", "2025-06-16", False),
    # "the past week" (month, year): the last calendar one, or the days up to today
    ("the past week", "2025-06-10", True),
    ("the past week", "2025-06-03", True),
    ("the past week", "2025-06-11", False),
    ("the past week", "2025-06-01", False),
    ("the past month", "2025-06-05", True),
    ("the past month", "2025-04-30", False),
    ("last week", "2025-06-10", False),
    # "within (in, over) the next fortnight" is the 14 days from now, never the calendar weeks "next fortnight" may be
    ("within the next fortnight", "2025-06-20", True),
    ("within the next fortnight", "2025-06-27", False),
    ("in the next fortnight", "2025-06-27", False),
    ("next fortnight", "2025-06-27", True),
    # an era after or before a year names that year
    ("AD 2025", "2025-03-01", True),
    ("2026 CE", "2025-03-01", False),
    ("2025 BC", "2025-03-01", ERROR),
    # "next working week" ("work week", "business week"): its Monday to Friday
    ("next working week", "2025-06-20", True),
    ("next working week", "2025-06-21", False),
    ("this work week", "2025-06-09", True),
    ("this work week", "2025-06-14", False),
    ("early next business week", "2025-06-17", True),
    ("early next business week", "2025-06-18", False),
    # "so far this week" is this week to date: a single argument falls on its first day, the range's start
    ("so far this week", "2025-06-09", True),
    ("so far this week", "2025-06-02", False),
    ("this month so far", "2025-06-01", True),
    ("so far", "2025-06-11", ERROR),
    # "in the coming week" ("over the coming month") is one unit from now, as "in the next week" is
    ("in the coming week", "2025-06-13", True),
    ("in the coming week", "2025-06-20", False),
    ("over the coming month", "2025-07-10", True),
    ("over the coming month", "2025-07-31", False),
    # "Labour Day" is a different day in each country that keeps it; the US "Labor Day" is read
    ("Labour Day", "2026-05-04", ERROR),
    ("Labour Day", "2025-09-01", ERROR),
    ("Labor Day", "2025-09-01", True),
    # "in a sec" is a moment, no number of seconds
    ("in a sec", "2025-06-11T10:00:01", ERROR),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_general_usage_read_as_said(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


GROUPS: list[tuple[str, str, str, object]] = [
    # a deadline on a start/end group bounds the end, whenever the event starts; its end may not precede the start
    ("until Friday", "2025-06-11", "2025-06-13", True),
    ("until Friday", "2025-06-12T09:00", "2025-06-14T00:00", True),  # the deadline's exclusive end
    ("until Friday", "2025-06-13T09:00", "2025-06-14T09:00", False),  # ends after Friday
    ("until Friday", "2025-06-14", "2025-06-13", False),  # starts after it ends
    ("by Friday", "2025-06-11", "2025-06-13", True),
    ("by Friday", "2025-06-13", "2025-06-16", False),
    ("due by Friday", "2025-06-13", "2025-06-16", False),
    ("due by Friday", "2025-06-12", "2025-06-13", True),
    ("no later than 5pm", "2025-06-11T15:00", "2025-06-11T17:00", True),
    ("no later than 5pm", "2025-06-11T17:00", "2025-06-11T18:00", False),
    ("till noon tomorrow", "2025-06-12T09:00", "2025-06-12T12:00", True),
    ("till noon tomorrow", "2025-06-12T12:00", "2025-06-12T13:00", False),
    # a range ending at "the end of" a period ends on its last day or at its end
    ("from today until the end of the month", "2025-06-11", "2025-06-30", True),
    ("from today until the end of the month", "2025-06-11", "2025-07-01T00:00", True),
    ("from today until the end of the month", "2025-06-11", "2025-06-29", False),
    ("so far this week", "2025-06-09", "2025-06-11", True),
    ("so far this week", "2025-06-10", "2025-06-11", False),
]


@pytest.mark.parametrize(("phrase", "start", "end", "expected"), GROUPS)
def test_a_deadline_bounds_the_end_of_a_group(phrase: str, start: str, end: str, expected: object) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WED, params=["start", "end"])
    assert_verdict(outcome, expected)
