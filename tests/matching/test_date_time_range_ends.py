"""The end of an explicit range on a start/end group: a named minute is itself the end ("3 to 4pm" ends at 16:00,
not 16:01); a day or longer also accepts its exclusive end ("june 3 to 5" ending june 6, "march to june" ending
july 1); a miss says how far the end lies from the range's last unit.

user_time 2013-02-12T04:30-02:00 is a Tuesday.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from mb.matching.date_time import match_date_time

USER = datetime.fromisoformat("2013-02-12T04:30:00-02:00")
DATES = ["start_date", "end_date"]
TIMES = ["start_time", "end_time"]

CASES: list[tuple[str, list[str], str, str, bool, str]] = [
    # phrase, params, start, end, passes, reason fragment
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T16:00", True, ""),
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T16:00:59", True, ""),  # within the minute
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T16:01", False, "the minute after"),
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T15:59", False, "the minute before"),
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T18:00Z", True, ""),  # the same instant
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T18:01Z", False, "the minute after"),
    ("from 3:15 to 4:30pm tomorrow", TIMES, "2013-02-13T15:15", "2013-02-13T16:30", True, ""),
    ("from 3:15 to 4:30pm tomorrow", TIMES, "2013-02-13T15:15", "2013-02-13T16:31", False, "the minute after"),
    ("june 3 to 5", DATES, "2013-06-03", "2013-06-05", True, ""),
    ("june 3 to 5", DATES, "2013-06-03", "2013-06-06", True, ""),  # the exclusive end date
    ("june 3 to 5", DATES, "2013-06-03", "2013-06-07", False, "after the end of 2013-06-05"),
    ("june 3 to 5", DATES, "2013-06-03", "2013-06-04", False, "the day before"),
    ("from march to june 2020", DATES, "2020-03-01", "2020-06-30", True, ""),
    ("from march to june 2020", DATES, "2020-03-01", "2020-07-01", True, ""),  # the exclusive end date
    ("from march to june 2020", TIMES, "2020-03-01T00:00", "2020-07-01T00:00", True, ""),
    ("from march to june 2020", TIMES, "2020-03-01T00:00", "2020-07-01T00:01", False, "the end does not match"),
    ("from march to june 2020", DATES, "2020-03-01", "2020-07-02", False, "the month after"),
    ("from march to june 2020", DATES, "2020-03-01", "2020-05-31", False, "the month before"),
    ("from 2020 to 2022", DATES, "2020-01-01", "2023-01-01", True, ""),
    ("-3 days to +1 month", DATES, "2013-02-09", "2013-03-12", True, ""),  # each end its own signed length
    ("from 2020 to 2022", DATES, "2020-01-01", "2023-01-02", False, "the year after"),
    ("from monday to wednesday", DATES, "2013-02-18", "2013-02-21", True, ""),
    # four digits starting a range that ends today are a year, never the clock 20:12
    ("from 2012 to today", DATES, "2012-01-01", "2013-02-12", True, ""),
    ("from 2012 to today", TIMES, "2013-02-12T20:12", "2013-02-13T00:00", False, ""),
    ("2010 - yesterday", DATES, "2010-01-01", "2013-02-11", True, ""),
    ("2010 thru today", DATES, "2010-01-01", "2013-02-12", True, ""),
    ("starting from 2010 thru today", DATES, "2010-01-01", "2013-02-12", True, ""),
    ("from 2010 up to today", TIMES, "2013-02-12T20:10", "2013-02-13T00:00", False, ""),
    # after a day word, or before a day word and four digits, they are a time of day
    ("today 2200 to tomorrow 0600", TIMES, "2013-02-12T22:00", "2013-02-13T06:00", True, ""),
    ("from today 1800 to tomorrow 0600", TIMES, "2013-02-12T18:00", "2013-02-13T06:00", True, ""),
    ("yesterday 1600 to today 0800", TIMES, "2013-02-11T16:00", "2013-02-12T08:00", True, ""),
    ("yesterday 2359 - today 0001", TIMES, "2013-02-11T23:59", "2013-02-12T00:01", True, ""),
    ("from 1900 to tomorrow 0700", TIMES, "2013-02-12T19:00", "2013-02-13T07:00", True, ""),
    ("from 1900 to tomorrow 7am", TIMES, "2013-02-12T19:00", "2013-02-13T07:00", True, ""),
    ("from 1900 to tomorrow at 7", TIMES, "2013-02-12T19:00", "2013-02-13T07:00", True, ""),
    ("from 2000 to tomorrow 06:00", TIMES, "2013-02-12T20:00", "2013-02-13T06:00", True, ""),
    # a year from 1900 to the end's year is a year too, round or not; one after the end's year a clock alone
    ("from 2011 to today 0800", TIMES, "2011-01-01T00:00", "2013-02-12T08:00", True, ""),
    ("from 2011 to today 0800", TIMES, "2013-02-11T20:11", "2013-02-12T08:00", True, ""),
    ("from 2010 to today 8am", TIMES, "2010-01-01T00:00", "2013-02-12T08:00", True, ""),
    ("from 1955 to yesterday 3pm", TIMES, "1955-01-01T00:00", "2013-02-11T15:00", True, ""),
    ("from 2020 to tomorrow 6am", TIMES, "2013-02-12T20:20", "2013-02-13T06:00", True, ""),
    ("from 2020 to tomorrow 6am", TIMES, "2020-01-01T00:00", "2013-02-13T06:00", False, ""),
    # a date before the end's time of day is the end's: the start comes last before it, never on that date
    ("from 8pm to tomorrow 6am", TIMES, "2013-02-12T20:00", "2013-02-13T06:00", True, ""),
    ("from 8pm to tomorrow 6am", TIMES, "2013-02-13T20:00", "2013-02-14T06:00", False, ""),
    ("from 20:00 to feb 20 06:00", TIMES, "2013-02-19T20:00", "2013-02-20T06:00", True, ""),
    # the end's own time is the day before ("from noon today to tomorrow noon"), never the end's minute itself
    ("from noon to tomorrow noon", TIMES, "2013-02-12T12:00", "2013-02-13T12:00", True, ""),
    ("from noon to tomorrow noon", TIMES, "2013-02-13T12:00", "2013-02-14T12:00", False, ""),
    ("from 3pm until tomorrow at 3pm", TIMES, "2013-02-12T15:00", "2013-02-13T15:00", True, ""),
    ("from 3pm until tomorrow at 3pm", TIMES, "2013-02-13T15:00", "2013-02-14T15:00", False, ""),
    ("from 10 to tomorrow 10am", TIMES, "2013-02-12T10:00", "2013-02-13T10:00", True, ""),  # or 22:00 to 10:00
    ("from 10 to tomorrow 10am", TIMES, "2013-02-12T22:00", "2013-02-13T10:00", True, ""),
    ("from 12:00 to tomorrow 12:00", TIMES, "2013-02-12T12:00", "2013-02-13T12:00", True, ""),  # noon or midnight
    ("from 12:00 to tomorrow 12:00", TIMES, "2013-02-13T12:00", "2013-02-14T12:00", False, ""),
    ("from 10 to tomorrow 10", TIMES, "2013-02-12T10:00", "2013-02-13T10:00", True, ""),
    # "tomorrow midnight" starts or ends tomorrow: from tonight's midnight too, never one reading alone
    ("from midnight to tomorrow midnight", TIMES, "2013-02-13T00:00", "2013-02-14T00:00", True, ""),
    ("from midnight to tomorrow midnight", TIMES, "2013-02-12T00:00", "2013-02-13T00:00", True, ""),
    ("from midnight to tomorrow midnight", TIMES, "2013-02-14T00:00", "2013-02-15T00:00", False, ""),
    ("from 10pm to tomorrow midnight", TIMES, "2013-02-12T22:00", "2013-02-13T00:00", True, ""),
    ("from 10pm to tomorrow midnight", TIMES, "2013-02-12T22:00", "2013-02-14T00:00", True, ""),  # tomorrow's end
    ("from 10pm to tomorrow midnight", TIMES, "2013-02-13T22:00", "2013-02-14T00:00", True, ""),
    ("from 10pm to tomorrow midnight", TIMES, "2013-02-12T21:00", "2013-02-13T00:00", False, ""),
    ("from 10pm to tomorrow midnight", TIMES, "2013-02-12T22:00", "2013-02-13T23:00", False, ""),
    ("from 10pm to tomorrow midnight", TIMES, "2013-02-14T22:00", "2013-02-15T00:00", False, ""),
    ("from 22:00 to tomorrow at midnight", TIMES, "2013-02-12T22:00", "2013-02-14T00:00", True, ""),
    # "midnight tomorrow" is "tomorrow midnight"; a weekday after it is the whole range's day
    ("from 10pm to midnight tomorrow", TIMES, "2013-02-12T22:00", "2013-02-13T00:00", True, ""),
    ("from 10pm to midnight tomorrow", TIMES, "2013-02-13T22:00", "2013-02-14T00:00", True, ""),
    ("from 10pm to midnight tomorrow", TIMES, "2013-02-12T21:00", "2013-02-13T00:00", False, ""),
    ("from 10pm to midnight on wednesday", TIMES, "2013-02-13T22:00", "2013-02-14T00:00", True, ""),
    ("from 10pm to midnight on wednesday", TIMES, "2013-02-12T22:00", "2013-02-13T00:00", False, ""),
    ("from 11pm to midnight today", TIMES, "2013-02-11T23:00", "2013-02-12T00:00", False, ""),
    # after the end's own time, the date is the end's alone too: from that time the day before
    ("from noon to noon tomorrow", TIMES, "2013-02-12T12:00", "2013-02-13T12:00", True, ""),
    ("from noon to noon tomorrow", TIMES, "2013-02-13T12:00", "2013-02-14T12:00", False, ""),
    ("from noon to noon tomorrow", TIMES, "2013-02-12T12:00", "2013-02-13T13:00", False, ""),
    ("from 3pm until 3pm tomorrow", TIMES, "2013-02-12T15:00", "2013-02-13T15:00", True, ""),
    ("from 15:00 to 15:00 tomorrow", TIMES, "2013-02-12T15:00", "2013-02-13T15:00", True, ""),
    ("from 15:00 to 15:00 tomorrow", TIMES, "2013-02-12T03:00", "2013-02-13T15:00", False, ""),
    ("from midnight to midnight tomorrow", TIMES, "2013-02-12T00:00", "2013-02-13T00:00", True, ""),
    # "tomorrow" after an end's clock before the start's: tomorrow night, or tonight to tomorrow morning
    ("from 10pm to 6am tomorrow", TIMES, "2013-02-13T22:00", "2013-02-14T06:00", True, ""),
    ("from 10pm to 6am tomorrow", TIMES, "2013-02-12T22:00", "2013-02-13T06:00", True, ""),
    ("from 10pm to 6am tomorrow", TIMES, "2013-02-12T21:00", "2013-02-13T06:00", False, ""),
    ("from 10pm to 6am tomorrow", TIMES, "2013-02-12T22:00", "2013-02-14T06:00", False, ""),
    ("from 10pm to 6am tomorrow", TIMES, "2013-02-11T22:00", "2013-02-12T06:00", False, ""),
    ("10pm-6am tomorrow", TIMES, "2013-02-12T22:00", "2013-02-13T06:00", True, ""),
    ("10pm-6am tomorrow", TIMES, "2013-02-12T22:00", "2013-02-13T07:00", False, ""),
    ("from 9pm to 2am tomorrow", TIMES, "2013-02-12T21:00", "2013-02-13T02:00", True, ""),
    ("between 22:00 and 06:00 tomorrow", TIMES, "2013-02-12T22:00", "2013-02-13T06:00", True, ""),
    ("from 9pm to 2am", TIMES, "2013-02-12T21:00", "2013-02-13T02:00", True, ""),
    ("from 9pm to 2am", TIMES, "2013-02-12T21:00", "2013-02-12T02:00", False, ""),
    # a start naming its own night keeps it: tonight to tomorrow morning (or the day after's), never tomorrow night
    ("from 10pm tonight to 6am tomorrow", TIMES, "2013-02-12T22:00", "2013-02-13T06:00", True, ""),
    ("from 10pm tonight to 6am tomorrow", TIMES, "2013-02-13T22:00", "2013-02-14T06:00", False, ""),
    ("from 10pm tonight to 6am tomorrow", TIMES, "2013-02-11T22:00", "2013-02-13T06:00", False, ""),
    ("from 11pm tonight till 7am on thursday", TIMES, "2013-02-12T23:00", "2013-02-14T07:00", True, ""),
    ("from 11pm tonight till 7am on thursday", TIMES, "2013-02-13T23:00", "2013-02-14T07:00", False, ""),
    # "overnight" before such a range adds nothing: tomorrow night, or tonight's
    ("overnight from 10pm to 6am tomorrow", TIMES, "2013-02-12T22:00", "2013-02-13T06:00", True, ""),
    ("overnight from 10pm to 6am tomorrow", TIMES, "2013-02-13T22:00", "2013-02-14T06:00", True, ""),
    ("overnight from 10pm to 6am tomorrow", TIMES, "2013-02-12T21:00", "2013-02-13T06:00", False, ""),
    # before a part of tomorrow before noon, tonight's alone (the end in tomorrow's morning)
    ("10pm to 6am tomorrow morning", TIMES, "2013-02-12T22:00", "2013-02-13T06:00", True, ""),
    ("10pm to 6am tomorrow morning", TIMES, "2013-02-13T22:00", "2013-02-14T06:00", False, ""),
    ("from 10pm to 2am tomorrow night", TIMES, "2013-02-13T22:00", "2013-02-14T02:00", True, ""),
    ("from 10pm to 2am tomorrow night", TIMES, "2013-02-12T22:00", "2013-02-13T02:00", False, ""),
    # never an end after the start's clock, nor a start that may be am or pm
    ("from 10pm to 11pm tomorrow", TIMES, "2013-02-12T22:00", "2013-02-12T23:00", False, ""),
    ("from 10 to 6 tomorrow", TIMES, "2013-02-12T22:00", "2013-02-13T06:00", False, ""),
    ("from noon to thursday noon", TIMES, "2013-02-13T12:00", "2013-02-14T12:00", True, ""),
    ("from noon to thursday noon", TIMES, "2013-02-12T12:00", "2013-02-14T12:00", True, ""),
    ("from noon to thursday noon", TIMES, "2013-02-14T12:00", "2013-02-15T12:00", False, ""),
    # an end days ahead: the start may be today's as well ("from 8pm to thursday 6am" said on Tuesday)
    ("from 20:00 to feb 18 06:00", TIMES, "2013-02-12T20:00", "2013-02-18T06:00", True, ""),
    # never for an end a week or more ahead ("from 8pm to tuesday 6am" said on Tuesday: Monday night alone)
    ("from 20:00 to feb 20 06:00", TIMES, "2013-02-12T20:00", "2013-02-20T06:00", False, ""),
    ("from 8pm to tuesday 6am", TIMES, "2013-02-12T20:00", "2013-02-19T06:00", False, ""),
    ("from 8pm to tuesday 6am", TIMES, "2013-02-18T20:00", "2013-02-19T06:00", True, ""),
    ("from 8pm to thursday 6am", TIMES, "2013-02-12T20:00", "2013-02-14T06:00", True, ""),
    ("from 8pm to thursday 6am", TIMES, "2013-02-13T20:00", "2013-02-14T06:00", True, ""),
    ("from 8pm to thursday 6am", TIMES, "2013-02-11T20:00", "2013-02-14T06:00", False, ""),
    ("from 8pm to thursday 6am", TIMES, "2013-02-14T20:00", "2013-02-15T06:00", False, ""),
    ("from 6pm to thursday 2am", TIMES, "2013-02-12T18:00", "2013-02-14T02:00", True, ""),
    # a start before an end tomorrow: today's (the end a day and more on), or tomorrow's, both kept
    ("from 8am to tomorrow 6pm", TIMES, "2013-02-12T08:00", "2013-02-13T18:00", True, ""),
    ("from 8am to tomorrow 6pm", TIMES, "2013-02-13T08:00", "2013-02-13T18:00", True, ""),
    ("from 8am to tomorrow 6pm", TIMES, "2013-02-12T08:00", "2013-02-12T18:00", False, ""),
    ("from 8am to tomorrow 6pm", TIMES, "2013-02-11T08:00", "2013-02-13T18:00", False, ""),
    ("from 9am to tomorrow 10am", TIMES, "2013-02-12T09:00", "2013-02-13T10:00", True, ""),
    ("from 9am to tomorrow 10am", TIMES, "2013-02-13T09:00", "2013-02-13T10:00", True, ""),
    # a start naming only a time of day before an end naming only a later day is today's ("from 3pm today to ...")
    ("from 3pm to tomorrow", TIMES, "2013-02-12T15:00", "2013-02-13T00:00", True, ""),
    ("from 3pm to tomorrow", TIMES, "2013-02-13T15:00", "2013-02-14T00:00", False, ""),
    ("from 5pm till friday", TIMES, "2013-02-12T17:00", "2013-02-15T00:00", True, ""),
    ("from 5pm till friday", TIMES, "2013-02-15T17:00", "2013-02-16T00:00", False, ""),
    # an end day that is today as well ("from 5pm till tuesday" said on a Tuesday) is its later one
    ("from 5pm till tuesday", TIMES, "2013-02-12T17:00", "2013-02-19T00:00", True, ""),
    ("from 5pm till tuesday", TIMES, "2013-02-12T17:00", "2013-02-12T23:00", False, ""),
    ("from 5pm till tuesday", TIMES, "2013-02-19T17:00", "2013-02-20T00:00", False, ""),
    ("from 9 until tuesday", TIMES, "2013-02-12T21:00", "2013-02-19T00:00", True, ""),
    ("from 9pm to tomorrow morning", TIMES, "2013-02-12T21:00", "2013-02-13T09:00", True, ""),
    ("from 9pm to tomorrow morning", TIMES, "2013-02-13T21:00", "2013-02-14T09:00", False, ""),
    # a range naming no year that is under way this year may be this year's, or next year's
    ("from jan 10 to march 12", DATES, "2013-01-10", "2013-03-12", True, ""),
    ("from jan 10 to march 12", DATES, "2014-01-10", "2014-03-12", True, ""),
    ("from jan 10 to march 12", DATES, "2013-01-11", "2013-03-12", False, ""),
    ("from jan 2 to jan 10", DATES, "2013-01-02", "2013-01-10", False, ""),  # over: next year's alone
    ("from monday to wednesday", DATES, "2013-02-18", "2013-02-22", False, "the end does not match"),
]


@pytest.mark.parametrize(("phrase", "params", "start", "end", "passed", "reason"), CASES)
def test_range_end(phrase: str, params: list[str], start: str, end: str, passed: bool, reason: str) -> None:
    outcome = match_date_time(phrase, {params[0]: start, params[1]: end}, USER, params=params)
    assert outcome.passed is passed, outcome.reason
    assert reason in (outcome.reason or "")


SAID = datetime(2024, 6, 10, 10, 0)  # a Monday
SE = ["start", "end"]

#: An end's clock takes the afternoon of an evening start only on the start's day and only when it is a bare hour
#: ("6pm to 10" is 18:00-22:00); a clock written like a 24-hour one ("10:00" beside "18:00") is never moved, and a
#: bare hour on another day keeps both its readings.
CLOCK_ENDS: list[tuple[str, str, str, bool]] = [
    # phrase, start, end, passes
    ("dec 24 18:00 to dec 30 10:00", "2024-12-24T18:00", "2024-12-30T10:00", True),
    ("dec 24 18:00 to dec 30 10:00", "2024-12-24T18:00", "2024-12-30T22:00", False),
    ("from dec 24 18:00 to dec 30 10:00", "2024-12-24T18:00", "2024-12-30T10:00", True),
    ("from dec 24 18:00 to dec 30 10:00", "2024-12-24T18:00", "2024-12-30T22:00", False),
    ("between dec 24 18:00 and dec 30 10:00", "2024-12-24T18:00", "2024-12-30T10:00", True),
    ("between dec 24 18:00 and dec 30 10:00", "2024-12-24T18:00", "2024-12-30T22:00", False),
    ("24.12 18.00 to 30.12 10.00", "2024-12-24T18:00", "2024-12-30T10:00", True),
    ("24.12 18.00 to 30.12 10.00", "2024-12-24T18:00", "2024-12-30T22:00", False),
    ("12.06 18.00 to 14.06 10.00", "2024-06-12T18:00", "2024-06-14T10:00", True),
    ("12.06 18.00 to 14.06 10.00", "2024-06-12T18:00", "2024-06-14T22:00", False),
    ("from 24.12 18.00 to 3.01 10.00", "2024-12-24T18:00", "2025-01-03T10:00", True),
    ("from 24.12 18.00 to 3.01 10.00", "2024-12-24T18:00", "2025-01-03T22:00", False),
    ("24.12 18.00 to 1.02 10.00", "2024-12-24T18:00", "2025-02-01T10:00", True),
    ("24.12 18.00 to 1.02 10.00", "2024-12-24T18:00", "2025-02-01T22:00", False),
    ("2024-12-24 18:00 to 2024-12-30 10:00", "2024-12-24T18:00", "2024-12-30T10:00", True),
    ("2024-12-24 18:00 to 2024-12-30 10:00", "2024-12-24T18:00", "2024-12-30T22:00", False),
    ("between 2024-12-24 18:00 and 2024-12-30 10:00", "2024-12-24T18:00", "2024-12-30T22:00", False),
    ("today 18:00 to tomorrow 10:00", "2024-06-10T18:00", "2024-06-11T10:00", True),
    ("today 18:00 to tomorrow 10:00", "2024-06-10T18:00", "2024-06-11T22:00", False),
    ("monday 18:00 to wednesday 10:30", "2024-06-10T18:00", "2024-06-12T10:30", True),
    ("monday 18:00 to wednesday 10:30", "2024-06-10T18:00", "2024-06-12T22:30", False),
    # a bare hour on another day: both readings, never the evening alone
    ("dec 24 6pm to dec 30 10", "2024-12-24T18:00", "2024-12-30T10:00", True),
    ("dec 24 6pm to dec 30 10", "2024-12-24T18:00", "2024-12-30T22:00", True),
    ("from 8pm on the 24th until 9 on the 26th", "2024-06-24T20:00", "2024-06-26T09:00", True),
    ("dec 24 6pm to dec 30 10:30", "2024-12-24T18:00", "2024-12-30T10:30", True),
    # the start's day: a bare hour (or one with minutes beside an am/pm start) takes the evening
    ("6pm to 10", "2024-06-10T18:00", "2024-06-10T22:00", True),
    ("6pm to 10", "2024-06-10T18:00", "2024-06-10T10:00", False),
    ("from 6 to 10 pm", "2024-06-10T18:00", "2024-06-10T22:00", True),
    ("18:00 to 10", "2024-06-10T18:00", "2024-06-11T10:00", True),  # 24-hour notation: the next morning
    ("18:00 to 10", "2024-06-10T18:00", "2024-06-10T22:00", False),
    ("6pm to 10:30", "2024-06-10T18:00", "2024-06-10T22:30", True),
    ("dec 24 6pm to 10", "2024-12-24T18:00", "2024-12-24T22:00", True),
    # beside a 24-hour start, "10:00" is 10:00: the next morning, never 22:00
    ("18:00 to 10:00", "2024-06-10T18:00", "2024-06-11T10:00", True),
    ("18:00 to 10:00", "2024-06-10T18:00", "2024-06-10T22:00", False),
    ("dec 24 18:00 to 10:00", "2024-12-24T18:00", "2024-12-25T10:00", True),
    ("dec 24 18:00 to 10:00", "2024-12-24T18:00", "2024-12-24T22:00", False),
    ("10:00 to 18:00", "2024-06-10T10:00", "2024-06-10T18:00", True),
    ("10:00 to 18:00", "2024-06-10T22:00", "2024-06-11T18:00", False),
    ("09:00 to 5:30", "2024-06-11T09:00", "2024-06-11T17:30", True),  # an hour a 12-hour clock writes too
    ("friday 20:00 to saturday 08:00", "2024-06-14T20:00", "2024-06-15T08:00", True),
    ("friday 20:00 to saturday 08:00", "2024-06-14T20:00", "2024-06-15T20:00", False),
    ("dec 24 at 18:00 to dec 30 at 10:00", "2024-12-24T18:00", "2024-12-30T22:00", False),
    ("friday 8pm to saturday 8", "2024-06-14T20:00", "2024-06-15T08:00", True),
    ("friday 8pm to saturday 8", "2024-06-14T20:00", "2024-06-15T20:00", True),
    # a part of the day said at the end on a day of its own is not the start's ("6 in the afternoon on dec 26")
    ("from 5 on dec 24 to 6 in the afternoon on dec 26", "2024-12-24T05:00", "2024-12-26T18:00", True),
    ("from 5 on dec 24 to 6 in the afternoon on dec 26", "2024-12-24T17:00", "2024-12-26T18:00", True),
    ("from 5 on dec 24 to 6 in the afternoon on dec 26", "2023-12-24T17:00", "2023-12-26T18:00", False),
    ("from 8 on dec 24 to dec 26 at 7 in the morning", "2024-12-24T20:00", "2024-12-26T07:00", True),
    ("from 8 on dec 24 to dec 26 at 7 in the morning", "2023-12-24T08:00", "2023-12-26T07:00", False),
    ("between 5 and 6 in the afternoon", "2024-06-10T17:00", "2024-06-10T18:00", True),
    ("between 5 and 6 in the afternoon", "2024-06-11T05:00", "2024-06-11T18:00", False),
    # the start's date said again is one day: the end takes the start's am/pm and is never moved a year
    ("dec 24 at 10 to dec 24 at 6pm", "2024-12-24T10:00", "2024-12-24T18:00", True),
    ("dec 24 at 10 to dec 24 at 6pm", "2024-12-24T22:00", "2025-12-24T18:00", False),
    ("12.06 9.45 to 12.06 10.00", "2024-06-12T09:45", "2024-06-12T10:00", True),
    ("12.06 9.45 to 12.06 10.00", "2024-06-12T09:45", "2024-06-12T22:00", False),
    # the start the same way: "dec 24 8" keeps both readings beside an end on another day
    ("dec 24 8 to dec 30 6pm", "2024-12-24T20:00", "2024-12-30T18:00", True),
    ("dec 24 10:00 to dec 30 18:00", "2024-12-24T22:00", "2024-12-30T18:00", False),
]


@pytest.mark.parametrize(("phrase", "start", "end", "passed"), CLOCK_ENDS)
def test_clock_end_on_another_day(phrase: str, start: str, end: str, passed: bool) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, SAID, params=SE)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passed, outcome.reason


@pytest.mark.parametrize("phrase", ["dec 24 18:00 to dec 24 10:00", "dec 24 10pm to dec 24 6pm"])
def test_clock_end_before_the_start_on_its_date(phrase: str) -> None:
    """An end before the start on the date both name is no reading, never that date a year later."""
    outcome = match_date_time(phrase, {"start": "2024-12-24T18:00", "end": "2025-12-24T10:00"}, SAID, params=SE)
    assert outcome.error is not None
    assert "ends before it starts" in outcome.reason


WEDNESDAY = datetime(2026, 12, 2, 10, 0)  # friday is 2026-12-04, saturday 12-05, monday 12-07

#: A clock in 24-hour digits at an hour only they write (13 to 23, or 0) tells the phrase's notation: a bare,
#: zero-padded or h:mm clock at the other end is read as written, on one day and on two days alike.
TWENTY_FOUR_HOUR_ENDS: list[tuple[str, str, str, bool]] = [
    ("mon 9 to fri 17", "2026-12-07T09:00", "2026-12-11T17:00", True),
    ("mon 9 to fri 17", "2026-12-07T21:00", "2026-12-11T17:00", False),
    ("friday 08 to saturday 20", "2026-12-04T08:00", "2026-12-05T20:00", True),
    ("friday 08 to saturday 20", "2026-12-04T20:00", "2026-12-05T20:00", False),
    ("friday 20 to saturday 08", "2026-12-04T20:00", "2026-12-05T08:00", True),
    ("friday 20 to saturday 08", "2026-12-04T20:00", "2026-12-05T20:00", False),
    ("friday 20:00 to sunday 08", "2026-12-04T20:00", "2026-12-06T08:00", True),
    ("friday 20:00 to sunday 08", "2026-12-04T20:00", "2026-12-06T20:00", False),
    ("friday 9:00 to saturday 17", "2026-12-04T09:00", "2026-12-05T17:00", True),
    ("friday 9:00 to saturday 17", "2026-12-04T21:00", "2026-12-05T17:00", False),
    ("friday 9 to saturday 17:00", "2026-12-04T21:00", "2026-12-05T17:00", False),
    ("friday 17:00 to saturday 9", "2026-12-04T17:00", "2026-12-05T21:00", False),
    ("9 to 17", "2026-12-03T09:00", "2026-12-03T17:00", True),
    ("08 to 20", "2026-12-03T08:00", "2026-12-03T20:00", True),
    ("08 to 20", "2026-12-02T20:00", "2026-12-03T20:00", False),
    # "12" as written is noon, never midnight
    ("12 to 17", "2026-12-02T12:00", "2026-12-02T17:00", True),
    ("12 to 17", "2026-12-03T00:00", "2026-12-03T17:00", False),
    ("mon 12 to fri 17", "2026-12-07T12:00", "2026-12-11T17:00", True),
    ("mon 12 to fri 17", "2026-12-07T00:00", "2026-12-11T17:00", False),
    ("friday 930 to saturday 17", "2026-12-04T09:30", "2026-12-05T17:00", True),
    ("friday 930 to saturday 17", "2026-12-04T21:30", "2026-12-05T17:00", False),
]


@pytest.mark.parametrize(("phrase", "start", "end", "passed"), TWENTY_FOUR_HOUR_ENDS)
def test_twenty_four_hour_notation_settles_the_other_end(phrase: str, start: str, end: str, passed: bool) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WEDNESDAY, params=SE)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passed, outcome.reason


def test_a_single_start_of_a_twenty_four_hour_range() -> None:
    """One parameter checks the start's window, which the end's 24-hour clock has settled."""
    assert match_date_time("mon 9 to fri 17", "2026-12-07T09:00", WEDNESDAY).passed
    assert not match_date_time("mon 9 to fri 17", "2026-12-07T21:00", WEDNESDAY).passed


@pytest.mark.parametrize(
    ("phrase", "start", "morning", "afternoon"),
    [
        ("14:00 to 2:30", "2026-12-02T14:00", "2026-12-03T02:30", "2026-12-02T14:30"),
        ("13:00 to 5:30", "2026-12-02T13:00", "2026-12-03T05:30", "2026-12-02T17:30"),
        ("from 17:30 to 8 on monday", "2026-12-07T17:30", "2026-12-08T08:00", "2026-12-07T20:00"),
        ("14:00 to 5", "2026-12-02T14:00", "2026-12-03T05:00", "2026-12-02T17:00"),
        ("19:00-7:30", "2026-12-02T19:00", "2026-12-03T07:30", "2026-12-02T19:30"),
        ("18:30 - 6:45", "2026-12-02T18:30", "2026-12-03T06:45", "2026-12-02T18:45"),
        ("friday 19:00-7:30", "2026-12-04T19:00", "2026-12-05T07:30", "2026-12-04T19:30"),
    ],
)
def test_one_digit_end_hour_after_a_twenty_four_hour_start(
    phrase: str, start: str, morning: str, afternoon: str
) -> None:
    """A one-digit hour after a 24-hour start on its day is the next morning as written or, in mixed notation, the
    same afternoon: both readings are kept, and an end at neither fails."""
    for end in (morning, afternoon):
        outcome = match_date_time(phrase, {"start": start, "end": end}, WEDNESDAY, params=SE)
        assert outcome.passed, outcome.reason
    hour = timedelta(hours=1)
    for end in (datetime.fromisoformat(morning) + hour, datetime.fromisoformat(afternoon) + 24 * hour):
        outcome = match_date_time(phrase, {"start": start, "end": end.isoformat()}, WEDNESDAY, params=SE)
        assert not outcome.passed, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "start", "end"),
    [
        ("14:00 to 02:30", "2026-12-02T14:00", "2026-12-03T02:30"),  # zero-padded: as written
        ("22:00 to 6:00", "2026-12-02T22:00", "2026-12-03T06:00"),  # 18:00 comes before the start
        ("today 13:00 to tomorrow 1:30", "2026-12-02T13:00", "2026-12-03T01:30"),  # a day of its own
    ],
)
def test_end_hour_read_as_written(phrase: str, start: str, end: str) -> None:
    assert match_date_time(phrase, {"start": start, "end": end}, WEDNESDAY, params=SE).passed


#: The start's day said again, in other words or as the same weekday, is one day: never a year or a week later.
ONE_DAY_TWICE: list[tuple[str, str, str, bool]] = [
    ("tomorrow 9 to dec 3 5", "2026-12-03T09:00", "2026-12-03T17:00", True),
    ("tomorrow 9 to dec 3 5", "2026-12-03T21:00", "2027-12-03T17:00", False),
    ("today 9 to dec 2 5", "2026-12-02T21:00", "2027-12-02T17:00", False),
    ("from monday 9 to monday 5", "2026-12-07T09:00", "2026-12-07T17:00", True),
    ("from monday 9 to monday 5", "2026-12-07T21:00", "2026-12-14T17:00", False),
    ("friday 9 to friday 5", "2026-12-04T21:00", "2026-12-11T05:00", False),
]


@pytest.mark.parametrize(("phrase", "start", "end", "passed"), ONE_DAY_TWICE)
def test_one_day_said_twice(phrase: str, start: str, end: str, passed: bool) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WEDNESDAY, params=SE)
    assert outcome.passed is passed, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "start", "end"),
    [
        ("24.12.2026 18:00 to 24.12 10:00", "2026-12-24T18:00", "2027-12-24T10:00"),
        ("friday 17:00 to friday 10:00", "2026-12-04T17:00", "2026-12-11T10:00"),
        ("friday 10pm to friday 6pm", "2026-12-04T22:00", "2026-12-11T18:00"),
    ],
)
def test_end_before_the_start_on_one_day_said_twice(phrase: str, start: str, end: str) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WEDNESDAY, params=SE)
    assert outcome.error is not None
    assert "ends before it starts" in outcome.reason


@pytest.mark.parametrize(
    "phrase", ["from 18:00 today until same time tomorrow", "from 6pm today until the same time tomorrow"]
)
def test_same_time_at_the_end_is_the_start_time(phrase: str) -> None:
    """ "Same time" after the start's time of day is that time, never the time the phrase is said."""
    said = {"start": "2026-12-02T18:00"}
    assert match_date_time(phrase, {**said, "end": "2026-12-03T18:00"}, WEDNESDAY, params=SE).passed
    assert not match_date_time(phrase, {**said, "end": "2026-12-03T10:00"}, WEDNESDAY, params=SE).passed


@pytest.mark.parametrize(
    ("phrase", "start", "end"),
    [
        ("tomorrow 8 to the day after at 8", "2026-12-03T08:00", "2026-12-03T08:00"),  # never an empty range
        ("from june 12 to june 12", "2027-06-12", "2028-06-12"),  # one day said twice: never a year
        ("from 9 today until same time tomorrow", "2026-12-02T21:00", "2026-12-03T21:00"),  # 9 or 21: not settled
        # a start naming only a time of day before an end that may be today or earlier: never a day late
        ("from 3pm to today", "2026-12-02T15:00", "2026-12-04"),
        ("from 3pm to yesterday", "2026-12-01T15:00", "2026-12-03"),
    ],
)
def test_range_ends_not_understood(phrase: str, start: str, end: str) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WEDNESDAY, params=SE)
    assert outcome.error is not None, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "start", "end", "passed"),
    [
        # a part of the day before an end naming only a later day is today's, as a time of day is
        ("from morning till friday", "2026-12-02T08:00", "2026-12-04T00:00", True),
        ("from morning till friday", "2026-12-04T08:00", "2026-12-05T00:00", False),  # never Friday morning alone
        ("from the afternoon till friday", "2026-12-02T14:00", "2026-12-04T00:00", True),
        ("from the afternoon till friday", "2026-12-04T14:00", "2026-12-05T00:00", False),
        ("from morning till tomorrow", "2026-12-02T08:00", "2026-12-03T00:00", True),
        ("from morning till tomorrow", "2026-12-03T08:00", "2026-12-04T00:00", False),
    ],
)
def test_a_part_of_the_day_before_a_later_day(phrase: str, start: str, end: str, passed: bool) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WEDNESDAY, params=SE)
    assert outcome.passed is passed, outcome.reason


def test_a_month_said_twice_is_a_year() -> None:
    outcome = match_date_time("from june to june", {"start": "2026-06-01", "end": "2027-06-01"}, WEDNESDAY, params=SE)
    assert outcome.passed, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "start", "end"),
    [
        ("6pm dec 24 to 10 dec 30", "2029-12-24T18:00", "2030-12-10"),  # "10" an hour, not "30" a year
        ("dec 24 1800 to dec 30 1000", "1800-12-24", "1800-12-30T10:00"),  # "1800" a time as "1000" is
    ],
)
def test_year_or_time_of_day_at_a_range_end(phrase: str, start: str, end: str) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WEDNESDAY, params=SE)
    assert outcome.error is not None, outcome.reason


#: "12:00" with no am/pm before an end hour in digits below 12: noon as written in 24-hour notation (to the next
#: morning), noon in 12-hour notation written with a zero ("12:00-01:00" to 13:00), or midnight; every reading is kept.
TWELVE_BEFORE_A_SMALLER_HOUR: list[tuple[str, str, str, bool]] = [
    ("12:00-01:00", "2026-12-02T12:00", "2026-12-03T01:00", True),
    ("12:00-01:00", "2026-12-02T12:00", "2026-12-02T13:00", True),
    ("12:00-01:00", "2026-12-03T00:00", "2026-12-03T01:00", True),
    ("12:00-01:00", "2026-12-02T12:00", "2026-12-02T01:00", False),
    ("12:00-01:00", "2026-12-03T00:00", "2026-12-03T13:00", False),
    ("12:00-01:00", "2026-12-02T12:00", "2026-12-03T13:00", False),
    ("12:00 to 01:00", "2026-12-02T12:00", "2026-12-03T01:00", True),
    ("12:00-02:30", "2026-12-02T12:00", "2026-12-03T02:30", True),
    ("12:00-02:30", "2026-12-02T12:00", "2026-12-02T14:30", True),
    ("12:15-01:15", "2026-12-02T12:15", "2026-12-02T13:15", True),
    ("friday 12:00-01:00", "2026-12-04T12:00", "2026-12-05T01:00", True),
    ("friday 12:00-01:00", "2026-12-04T12:00", "2026-12-04T13:00", True),
    ("friday 12:00-01:00", "2026-12-04T12:00", "2026-12-04T01:00", False),
    ("11:00-01:00", "2026-12-02T11:00", "2026-12-02T13:00", True),  # 11am to 1pm, written with a zero
    ("11:00-01:00", "2026-12-02T11:00", "2026-12-03T01:00", True),
    ("11:00-01:00", "2026-12-02T23:00", "2026-12-03T01:00", True),
    ("11:00-01:00", "2026-12-02T23:00", "2026-12-03T13:00", False),
    # clear ones stay as they were
    ("12:30-1:00", "2026-12-02T12:30", "2026-12-02T13:00", True),
    ("12-1", "2026-12-02T12:00", "2026-12-02T13:00", True),
    ("12pm-1am", "2026-12-02T12:00", "2026-12-03T01:00", True),
    ("12pm-1am", "2026-12-03T00:00", "2026-12-03T01:00", False),
    ("12am-1am", "2026-12-03T00:00", "2026-12-03T01:00", True),
    ("12am-1am", "2026-12-02T12:00", "2026-12-02T13:00", False),
    ("14:00 to 02:30", "2026-12-02T14:00", "2026-12-02T14:30", False),  # a 24-hour start: as written
    ("1:00-03:00", "2026-12-02T13:00", "2026-12-02T15:00", False),  # an end after the start as written
]


@pytest.mark.parametrize(("phrase", "start", "end", "passed"), TWELVE_BEFORE_A_SMALLER_HOUR)
def test_twelve_before_a_smaller_hour_in_digits_keeps_every_reading(
    phrase: str, start: str, end: str, passed: bool
) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WEDNESDAY, params=SE)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passed, outcome.reason


#: A zero-padded start 12-hour notation may write ("09:00") before a zero-padded end hour below it ("05:00"): to the
#: next morning as written, or the same afternoon in 12-hour notation (9am to 5pm); an end after the start
#: ("09:00-17:00") or a start only 24-hour notation writes ("19:00-07:30") has one reading.
ZERO_PADDED_END_BEFORE_THE_START: list[tuple[str, str, str, bool]] = [
    ("09:00-05:00", "2026-12-02T09:00", "2026-12-02T17:00", True),
    ("09:00-05:00", "2026-12-02T09:00", "2026-12-03T05:00", True),
    ("09:00 to 05:30", "2026-12-02T09:00", "2026-12-02T17:30", True),
    ("0900-0500", "2026-12-02T09:00", "2026-12-02T17:00", True),
    ("friday 08:00-06:00", "2026-12-04T08:00", "2026-12-04T18:00", True),
    ("friday 08:00-06:00", "2026-12-04T08:00", "2026-12-05T06:00", True),
    ("09:00-05:00", "2026-12-02T21:00", "2026-12-03T05:00", False),  # never 9pm: the start is as written
    ("09:00-05:00", "2026-12-02T09:00", "2026-12-02T05:00", False),
    ("09:00-05:00", "2026-12-02T09:00", "2026-12-03T17:00", False),
    ("09:00-05:00", "2026-12-02T09:00", "2026-12-02T18:00", False),
    ("friday 08:00-06:00", "2026-12-04T20:00", "2026-12-05T06:00", False),
    ("09:00-17:00", "2026-12-02T09:00", "2026-12-03T05:00", False),
    ("19:00-07:30", "2026-12-02T19:00", "2026-12-02T19:30", False),
    ("dec 4 09:00 to dec 5 05:00", "2026-12-04T09:00", "2026-12-04T17:00", False),  # on two days: as written
]


@pytest.mark.parametrize(("phrase", "start", "end", "passed"), ZERO_PADDED_END_BEFORE_THE_START)
def test_zero_padded_end_hour_before_the_start_keeps_both_readings(
    phrase: str, start: str, end: str, passed: bool
) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WEDNESDAY, params=SE)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passed, outcome.reason


def test_twelve_before_a_smaller_hour_in_a_zone_keeps_noon() -> None:
    """ "2026-02-05 12:00-01:00 UTC": never midnight to 01:00 alone."""
    for start, end in (
        ("2026-02-05T12:00:00Z", "2026-02-06T01:00:00Z"),
        ("2026-02-05T12:00:00Z", "2026-02-05T13:00:00Z"),
    ):
        outcome = match_date_time("2026-02-05 12:00-01:00 UTC", {"start": start, "end": end}, WEDNESDAY, params=SE)
        assert outcome.passed, outcome.reason


@pytest.mark.parametrize("phrase", ["23:00 to 12", "friday 20:00 to saturday 12", "friday 22 to saturday 12"])
def test_twelve_after_a_later_twenty_four_hour_clock_is_not_understood(phrase: str) -> None:
    """A bare "12" ending a range after an afternoon or evening 24-hour clock may be noon or midnight: no reading."""
    for end in ("2026-12-05T00:00", "2026-12-05T12:00"):
        outcome = match_date_time(phrase, {"start": "2026-12-04T20:00", "end": end}, WEDNESDAY, params=SE)
        assert outcome.error is not None
        assert "noon or midnight" in outcome.reason


@pytest.mark.parametrize(
    ("start", "end", "passed"),
    [
        ("2024-06-10T22:00", "2024-06-11T06:00", True),  # tonight's, under way
        ("2024-06-11T22:00", "2024-06-12T06:00", True),  # tomorrow night's
        ("2024-06-09T22:00", "2024-06-10T06:00", False),  # last night's is over
    ],
)
def test_times_alone_under_way_are_todays_too(start: str, end: str, passed: bool) -> None:
    outcome = match_date_time("22:00-06:00", {"start": start, "end": end}, datetime(2024, 6, 10, 23, 0), params=SE)
    assert outcome.passed is passed, outcome.reason


@pytest.mark.parametrize(
    ("start", "end"), [("2024-06-10T09:00", "2024-06-10T17:00"), ("2024-06-11T09:00", "2024-06-11T17:00")]
)
def test_times_alone_are_todays_to_their_last_minute(start: str, end: str) -> None:
    """Today's hours may be asked about however little of them is left; tomorrow's may be booked."""
    outcome = match_date_time("from 9 to 5", {"start": start, "end": end}, datetime(2024, 6, 10, 16, 59), params=SE)
    assert outcome.passed, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "said", "start", "end", "passed"),
    [
        # a start read for the year before is that year's own date, never its next date 365 days back: Easter and
        # Thanksgiving fall on other days each year (this year's range under way, or one ending after the start's next
        # date)
        ("from easter to may 1", "2026-04-20T10:00", "2026-04-05", "2026-05-01", True),
        ("from easter to may 1", "2026-04-20T10:00", "2026-03-28", "2026-05-01", False),
        ("from 3 days after easter to may 1", "2026-04-20T10:00", "2026-04-08", "2026-05-01", True),
        ("from 3 days after easter to may 1", "2026-04-20T10:00", "2026-03-31", "2026-05-01", False),
        ("from memorial day to july 4", "2026-06-15T10:00", "2026-05-25", "2026-07-04", True),
        ("from memorial day to july 4", "2026-06-15T10:00", "2026-05-31", "2026-07-04", False),
        ("from thanksgiving to christmas", "2026-12-01T10:00", "2026-11-26", "2026-12-25", True),
        ("from thanksgiving to christmas", "2026-12-01T10:00", "2026-11-25", "2026-12-25", False),
        ("from mother's day to father's day", "2026-06-01T10:00", "2026-05-10", "2026-06-21", True),
        ("from mother's day to father's day", "2026-06-01T10:00", "2026-05-09", "2026-06-21", False),
        # a day said twice is never a year long, even said on that day
        ("from june 12 to june 12", "2026-06-12T10:00", "2025-06-12", "2026-06-12", False),
        ("from dec 24 to dec 24", "2026-12-24T10:00", "2025-12-24", "2026-12-24", False),
    ],
)
def test_a_yearly_start_read_for_the_year_before(phrase: str, said: str, start: str, end: str, passed: bool) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, datetime.fromisoformat(said), params=SE)
    assert outcome.passed is passed, outcome.reason


FEB5 = datetime(2026, 2, 5, 8, 0)


@pytest.mark.parametrize(
    ("phrase", "start", "end", "passed"),
    [
        ("09:00:00-17:00", "2026-02-05T09:00", "2026-02-05T17:00", True),  # no place is at UTC-17:00: a range
        ("09:00:00-17:00", "2026-02-05T09:00", "2026-02-05T23:00", False),
        ("feb 5 09:00:00-17:00", "2026-02-05T09:00", "2026-02-05T23:00", False),
        ("14:00:00-15:00", "2026-02-05T14:00", "2026-02-05T20:00", False),
        ("09:00:00-09:00", "2026-02-05T18:00:00Z", None, True),  # no range ends at its start: the offset alone
        ("10:00:00-10:00", "2026-02-05T20:00:00Z", None, False),  # or 10:00 to 22:00
    ],
)
def test_a_clock_then_minus_hh_mm(phrase: str, start: str, end: str | None, passed: bool) -> None:
    argument: object = {"start": start, "end": end} if end else start
    outcome = match_date_time(phrase, argument, FEB5, params=SE if end else None)
    assert outcome.passed is passed, outcome.reason


@pytest.mark.parametrize("phrase", ["08:30:00-12:00", "2026-02-05 08:30-12:00", "2026-02-05 08:30:00-10:00"])
def test_a_real_offset_that_is_also_a_later_range_end_is_not_understood(phrase: str) -> None:
    """08:30 at UTC-12:00, or 08:30 to 12:00: neither reading may pass alone, and one of them drops the end."""
    for end in ("2026-02-05T12:00", "2026-02-05T18:00"):
        outcome = match_date_time(phrase, {"start": "2026-02-05T08:30", "end": end}, FEB5, params=SE)
        assert outcome.error is not None, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "offset"),
    [
        ("22:00:00-06:00", "-06:00"),
        ("21:30:00-05:30", "-05:30"),
        ("23:00:00-07:00", "-07:00"),
        ("22:00:00-0600", "-06:00"),
        ("23:00:00-07", "-07:00"),
        ("2026-02-05 22:00-06:00", "-06:00"),
        ("2026-02-05 20:00:00-04:00", "-04:00"),
        ("feb 5 22:00:00-06:00", "-06:00"),
        ("14:00:00-05:00", "-05:00"),
    ],
)
def test_a_real_offset_that_is_also_the_next_mornings_range_end_is_not_understood(phrase: str, offset: str) -> None:
    """22:00 at UTC-06:00, or 22:00 to 06:00 the next morning: never the time at the offset alone."""
    clock = re.search(r"(\d\d:\d\d)(?::00)?-", phrase)
    assert clock is not None
    at_offset = f"2026-02-05T{clock[1]}:00{offset}"
    for user_time in (FEB5, FEB5.replace(tzinfo=timezone(-timedelta(hours=6)))):
        assert match_date_time(phrase, at_offset, user_time).error is not None
        overnight = {"start": f"2026-02-05T{clock[1]}", "end": f"2026-02-06T{offset[1:]}"}
        assert match_date_time(phrase, overnight, user_time, params=SE).error is not None


@pytest.mark.parametrize(
    ("phrase", "instant"),
    [("2026-02-05T22:00:00-06:00", "2026-02-06T04:00:00Z"), ("2026-02-05T23:00-07:00", "2026-02-06T06:00:00Z")],
)
def test_an_offset_after_an_iso_t_is_read_as_one(phrase: str, instant: str) -> None:
    assert match_date_time(phrase, instant, FEB5).passed
    assert not match_date_time(phrase, instant.replace("T0", "T1"), FEB5).passed


@pytest.mark.parametrize(
    ("phrase", "end"),
    [
        ("2026-02-05 11:30-1:00", "13:00"),
        ("11:00:00-1:00", "13:00"),
        ("2026-02-05 09:00-5", "17:00"),
        ("09:00:00-5:00", "17:00"),
        ("2026-02-05 10:30-2:00", "14:00"),
    ],
)
def test_a_one_digit_hour_after_a_morning_clock_is_an_afternoon_range_end(phrase: str, end: str) -> None:
    """ "1:00" after 11:30 is 13:00, never UTC-01:00: never one time at an offset with any end."""
    start = f"2026-02-05T{phrase.split()[-1][:5]}"
    outcome = match_date_time(phrase, {"start": start, "end": f"2026-02-05T{end}"}, FEB5, params=SE)
    assert outcome.passed, outcome.reason
    assert not match_date_time(phrase, {"start": start, "end": "2026-02-05T23:00"}, FEB5, params=SE).passed


@pytest.mark.parametrize(
    ("phrase", "start", "end"),
    [
        ("2026-02-05 13:00-1:00", "2026-02-05T13:00", "2026-02-06T01:00"),
    ],
)
def test_a_one_digit_hour_after_a_dash_is_a_range_end_never_an_offset(phrase: str, start: str, end: str) -> None:
    """ISO offsets have two-digit hours: "-1:00" after 13:00 is 01:00 the next night, never UTC-01:00."""
    outcome = match_date_time(phrase, {"start": start, "end": end}, FEB5, params=SE)
    assert outcome.passed, outcome.reason
    assert not match_date_time(phrase, {"start": start, "end": "2026-02-05T23:00"}, FEB5, params=SE).passed


@pytest.mark.parametrize(
    "phrase", ["2026-02-05T11:30-1:00", "2026-02-05T09:00-5", "T10:30-2:00", "2026-02-05T09:00:00-5:00"]
)
def test_a_one_digit_offset_hour_in_the_t_form_is_not_understood(phrase: str) -> None:
    """Never the start at an offset with any end: "-1:00" is no ISO offset."""
    outcome = match_date_time(phrase, {"start": "2026-02-05T11:30", "end": "2026-02-05T23:00"}, FEB5, params=SE)
    assert outcome.error is not None, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "start", "end"),
    [
        ("2026-02-05 9:00-5:00", "09:00", "17:00"),
        ("2026-02-05 8:30-4:30", "08:30", "16:30"),
        ("2026-02-05 7:45-3:15", "07:45", "15:15"),
        ("2026-02-05 9:00:00-5:00", "09:00", "17:00"),
        ("9:00:00-9:30", "09:00", "09:30"),
    ],
)
def test_a_one_digit_start_hour_is_not_an_iso_clock_so_its_dash_ends_a_range(phrase: str, start: str, end: str) -> None:
    meant = {"start": f"2026-02-05T{start}", "end": f"2026-02-05T{end}"}
    outcome = match_date_time(phrase, meant, FEB5, params=SE)
    assert outcome.passed, outcome.reason
    assert not match_date_time(phrase, {**meant, "end": "2026-02-05T23:00"}, FEB5, params=SE).passed


@pytest.mark.parametrize(
    ("phrase", "instant"),
    [("09:00:00 -05:00", "2026-02-05T14:00:00Z"), ("2026-02-05 09:00 -5", "2026-02-05T14:00:00Z")],
)
def test_an_offset_written_with_a_leading_zero_or_a_space_is_read(phrase: str, instant: str) -> None:
    outcome = match_date_time(phrase, instant, FEB5)
    assert outcome.passed, outcome.reason


@pytest.mark.parametrize(
    "phrase",
    [
        "2026-02-05 10:00-11:00 UTC",
        "2026-02-05 10:00\u201311:00 GMT",
        "2026-02-05 10:00-1100 Z",
        "2026-02-05 10:00-11:00 utc.",
    ],
)
def test_a_doubtful_offset_before_a_zone_word_is_a_range_in_that_zone(phrase: str) -> None:
    """The zone named in words is the zone: the "-11:00" is the range's end, never a second zone."""
    assert not match_date_time(phrase, "2026-02-05T21:00:00Z", FEB5).passed
    wrong = {"start": "2026-02-05T10:00", "end": "2026-02-05T23:00"}
    assert not match_date_time(phrase, wrong, FEB5, params=SE).passed
    meant = {"start": "2026-02-05T10:00:00Z", "end": "2026-02-05T11:00:00Z"}
    outcome = match_date_time(phrase, meant, FEB5, params=SE)
    assert outcome.passed, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "at_offset", "start", "end"),
    [
        ("2026-02-05 23:00-01:00 UTC", "2026-02-06T00:00:00Z", "2026-02-05T23:00:00Z", "2026-02-06T01:00:00Z"),
        ("2026-02-05 20:00-03:00 CET", "2026-02-05T23:00:00Z", "2026-02-05T19:00:00Z", "2026-02-06T02:00:00Z"),
        ("2026-02-05 22:00-06:00 PST", "2026-02-06T04:00:00Z", "2026-02-06T06:00:00Z", "2026-02-06T14:00:00Z"),
    ],
)
def test_an_offset_that_a_zone_word_after_it_contradicts_is_the_next_mornings_range_end(
    phrase: str, at_offset: str, start: str, end: str
) -> None:
    """ "-01:00" then "UTC": 23:00 to 01:00 in UTC, never the time at the offset with the zone word dropped."""
    assert not match_date_time(phrase, at_offset, FEB5).passed
    assert not match_date_time(phrase, {"start": start, "end": at_offset}, FEB5, params=SE).passed
    outcome = match_date_time(phrase, {"start": start, "end": end}, FEB5, params=SE)
    assert outcome.passed, outcome.reason


def test_an_offset_after_an_iso_t_that_a_zone_word_contradicts_is_not_understood() -> None:
    """ "-11:00" then "UTC" names two zones: never the time at the offset with the zone word dropped."""
    outcome = match_date_time("2026-02-05T10:00-11:00 UTC", "2026-02-05T21:00:00Z", FEB5)
    assert outcome.error is not None, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "instant"),
    [
        ("2026-02-05 10:00-05:00 EST", "2026-02-05T15:00:00Z"),
        ("2026-07-05T10:00+02:00 CET", "2026-07-05T08:00:00Z"),
        ("2026-02-05T10:00+01:00 Europe/Paris", "2026-02-05T09:00:00Z"),
    ],
)
def test_an_offset_that_agrees_with_the_zone_word_after_it_is_read(phrase: str, instant: str) -> None:
    outcome = match_date_time(phrase, instant, FEB5)
    assert outcome.passed, outcome.reason


@pytest.mark.parametrize(
    "phrase",
    ["10:00:00\u201311:00", "10:00:00\u221211:00", "10:00:00-1100", "10:00:00-11", "10:00:00-11:00."],
)
def test_a_later_range_end_or_offset_is_not_understood_however_written(phrase: str) -> None:
    """A dash, a minus sign, "-hhmm", "-hh" or closing punctuation leaves the doubt: never one time at an offset."""
    outcome = match_date_time(phrase, "2026-02-05T21:00:00Z", FEB5)
    assert outcome.error is not None, outcome.reason


TUESDAY_TEN = datetime(2013, 2, 12, 10, 0)

#: "tomorrow" after an end's clock names both ends' day, or the end's alone only when that clock comes before the
#: start's ("from 10pm to 6am tomorrow": tonight too); an end at or after the start's clock never starts yesterday.
TOMORROW_AFTER_THE_END: list[tuple[str, object, bool]] = [
    ("from 9am to 9am tomorrow", {"start": "2013-02-11T09:00", "end": "2013-02-12T09:00"}, False),
    ("from 9am to 9am tomorrow", "2013-02-11T09:00", False),
    ("from 9am to 9am tomorrow", {"start": "2013-02-12T09:00", "end": "2013-02-13T09:00"}, True),
    ("from 11pm to 11pm tomorrow", {"start": "2013-02-11T23:00", "end": "2013-02-12T23:00"}, False),
    ("from 11pm to 11pm tomorrow", "2013-02-11T23:00", False),
    ("from 11pm to 11pm tomorrow", {"start": "2013-02-12T23:00", "end": "2013-02-13T23:00"}, True),
    ("from noon to noon tomorrow", {"start": "2013-02-11T12:00", "end": "2013-02-12T12:00"}, False),
    ("from noon to noon tomorrow", "2013-02-11T12:00", False),
    ("from noon to noon tomorrow", {"start": "2013-02-12T12:00", "end": "2013-02-13T12:00"}, True),
    ("from 15:00 to 15:00 tomorrow", {"start": "2013-02-11T15:00", "end": "2013-02-12T15:00"}, False),
    ("from 15:00 to 15:00 tomorrow", "2013-02-11T15:00", False),
    ("from 15:00 to 15:00 tomorrow", {"start": "2013-02-12T15:00", "end": "2013-02-13T15:00"}, True),
    ("between 9am and 9am tomorrow", {"start": "2013-02-11T09:00", "end": "2013-02-12T09:00"}, False),
    ("between 9am and 9am tomorrow", {"start": "2013-02-12T09:00", "end": "2013-02-13T09:00"}, True),
    ("from 9am till 9am tomorrow", {"start": "2013-02-11T09:00", "end": "2013-02-12T09:00"}, False),
    ("from 9am till 9am tomorrow", {"start": "2013-02-12T09:00", "end": "2013-02-13T09:00"}, True),
    ("from midnight to midnight tomorrow", {"start": "2013-02-11T00:00", "end": "2013-02-12T00:00"}, False),
    ("from midnight to midnight tomorrow", "2013-02-11T00:00", False),
    ("from midnight to midnight tomorrow", {"start": "2013-02-12T00:00", "end": "2013-02-13T00:00"}, True),
    ("from 10pm to midnight tomorrow", {"start": "2013-02-11T22:00", "end": "2013-02-12T00:00"}, False),
    ("from 10pm to midnight tomorrow", "2013-02-11T22:00", False),
    ("from 10pm to midnight tomorrow", {"start": "2013-02-12T22:00", "end": "2013-02-13T00:00"}, True),
    ("from 6pm to midnight tomorrow", {"start": "2013-02-11T18:00", "end": "2013-02-12T00:00"}, False),
    ("from 6pm to midnight tomorrow", "2013-02-11T18:00", False),
    # the end's clock before the start's: tonight's, or tomorrow night's; "tomorrow morning" tonight's alone
    ("from 10pm to 6am tomorrow", {"start": "2013-02-12T22:00", "end": "2013-02-13T06:00"}, True),
    ("from 10pm to 6am tomorrow", {"start": "2013-02-13T22:00", "end": "2013-02-14T06:00"}, True),
    ("from 10pm to 6am tomorrow", {"start": "2013-02-11T22:00", "end": "2013-02-12T06:00"}, False),
    ("10pm-6am tomorrow", {"start": "2013-02-12T22:00", "end": "2013-02-13T06:00"}, True),
    ("from 10pm to 6am tomorrow morning", {"start": "2013-02-12T22:00", "end": "2013-02-13T06:00"}, True),
    ("from 10pm to 6am tomorrow morning", {"start": "2013-02-13T22:00", "end": "2013-02-14T06:00"}, False),
    ("from 10pm to 6am tomorrow morning", {"start": "2013-02-11T22:00", "end": "2013-02-12T06:00"}, False),
]


@pytest.mark.parametrize(("phrase", "argument", "passed"), TOMORROW_AFTER_THE_END)
def test_tomorrow_after_the_end_never_starts_yesterday(phrase: str, argument: object, passed: bool) -> None:
    params = ["start", "end"] if isinstance(argument, dict) else None
    outcome = match_date_time(phrase, argument, TUESDAY_TEN, params=params)
    assert outcome.passed is passed, outcome.reason
