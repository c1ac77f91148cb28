"""A phrase is never read in part: a word that changes the meaning is used, or the phrase is not understood.

Each row is (phrase, user_time, argument, expected): ``True`` passes, ``False`` fails, ``ERROR`` is not understood.
Christmas 2026 falls on Friday 2026-12-25; Easter 2027 on Sunday 2027-03-28.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.support.verdicts import ERROR, assert_date_row

DEC_1 = datetime(2026, 12, 1, 10)  # a Tuesday
DEC_22 = datetime(2026, 12, 22, 10)  # a Tuesday, in the week of Christmas
MAR_24 = datetime(2027, 3, 24, 10)  # a Wednesday, in the week of Easter

ROWS: list[tuple[str, datetime, object, object]] = [
    # a unit said with no "this", "next" or "last" beside a date: which week is not said, never the date alone
    ("christmas week", DEC_22, "2026-12-25", ERROR),
    ("christmas week", DEC_22, "2026-12-21", ERROR),
    ("easter week", MAR_24, "2027-03-28", ERROR),
    ("thanksgiving week", datetime(2026, 11, 24, 10), "2026-11-26", ERROR),
    ("tomorrow week", DEC_22, "2026-12-23", False),  # British: a week from tomorrow, never tomorrow alone
    ("tomorrow week", DEC_22, "2026-12-30", True),
    ("friday the week", DEC_22, "2026-12-25", ERROR),
    ("the month of christmas", DEC_22, "2026-12-25", ERROR),
    # ... but a week placed before or after a date is the calendar week before (after) the date's own or the seven
    # days before (after) the date, both kept (Christmas 2026 is a Friday: December 14 to 24)
    ("the week before christmas", DEC_1, "2026-12-02", False),
    ("the week before christmas", DEC_1, "2026-12-14", True),
    ("the week before christmas", DEC_1, "2026-12-13", False),
    ("the week before christmas", DEC_22, "2026-12-24", True),
    ("the week before christmas", DEC_22, "2026-12-25", False),
    ("the week after christmas", DEC_1, "2026-12-26", True),  # the seven days after
    ("the week after christmas", DEC_1, "2027-01-03", True),  # the calendar week after (December 28 to January 3)
    ("the week after christmas", DEC_1, "2026-12-25", False),
    ("the week after christmas", DEC_1, "2027-01-04", False),
    ("the week after easter", MAR_24, "2027-04-04", True),  # Easter 2027 is a Sunday: March 29 to April 4
    ("the week after easter", MAR_24, "2027-03-28", False),
    ("the week after easter", MAR_24, "2027-04-05", False),
    ("the second week after easter", MAR_24, "2027-04-07", True),
    ("the second week after easter", MAR_24, "2027-04-04", False),
    ("a week after easter", MAR_24, "2027-04-04", True),  # the day seven days on, never the whole week
    ("a week after easter", MAR_24, "2027-04-01", False),
    ("2 weeks after easter", MAR_24, "2027-04-07", False),
    ("the month before christmas", DEC_1, "2026-12-02", ERROR),
    ("the week before friday", DEC_22, "2026-12-23", ERROR),
    ("tomorrow at month 15 to noon", DEC_22, "2026-12-23T11:45:00", ERROR),
    # "no" is no filler: "no later than" is a deadline, "no friday" not understood
    ("no friday", DEC_22, "2026-12-25", ERROR),
    ("no 3pm tomorrow", DEC_22, "2026-12-23T15:00:00", ERROR),
    ("no later than friday", DEC_22, "2026-12-25", True),
    ("no later than friday", DEC_22, "2026-12-26", False),
    ("no earlier than monday", DEC_22, "2026-12-28", True),
    # the start or end of a day some weeks or months away: of that day or of its week (month) is not said
    ("the end of a week from today", DEC_22, "2026-12-29", ERROR),
    ("beginning of 3 months from now", DEC_22, "2027-03-22", ERROR),
    ("mid a week from today", DEC_22, "2026-12-29", ERROR),
    ("the end of in 3 days", DEC_22, "2026-12-25T18:00:00", True),
    ("the first tuesday in 3 months", DEC_22, "2027-03-02", True),
    # an approximate hour is about that time, as "-ish" is (half an hour either side); a day, a count or a year said
    # about is not understood
    ("around 9", DEC_22, "2026-12-22T21:15:00", True),
    ("around 9", DEC_22, "2026-12-22T21:45:00", False),
    ("tonight around 7", DEC_22, "2026-12-22T19:20:00", True),
    ("about 3pm tomorrow", DEC_22, "2026-12-23T14:45:00", True),
    ("approximately noon", DEC_22, "2026-12-22T12:29:00", True),
    ("approximately noon", DEC_22, "2026-12-22T12:30:00", False),
    ("around christmas", DEC_1, "2026-12-25", ERROR),
    ("about 2 days ago", DEC_22, "2026-12-20", ERROR),
    ("circa 1990", DEC_22, "1990-06-01", ERROR),
    ("around midnight", DEC_22, "2026-12-23T00:00:00", ERROR),
    ("midnight or so", DEC_22, "2026-12-23T00:00:00", ERROR),
    ("around 7:15pm", DEC_22, "2026-12-22T19:15:00", True),  # said with its minutes: that minute
    ("around 7:15pm", DEC_22, "2026-12-22T19:20:00", False),
    ("next week, how about on wednesday", DEC_22, "2026-12-30", True),
    # a time said with am or pm stays in its half of the day: never the time with the part of the day dropped
    ("3pm in the morning", DEC_22, "2026-12-22T15:00:00", ERROR),
    ("tomorrow 3pm morning", DEC_22, "2026-12-23T15:00:00", ERROR),
    ("11am in the afternoon", DEC_22, "2026-12-22T11:00:00", ERROR),
    ("4pm in the evening", DEC_22, "2026-12-22T16:00:00", True),
    ("tonight at 3pm", DEC_22, "2026-12-22T15:00:00", ERROR),
    ("tomorrow at night 15h30", DEC_22, "2026-12-23T15:30:00", ERROR),
    ("from 3-8pm yesterday afternoon", DEC_22, {"start": "2026-12-21T15:00:00", "end": "2026-12-21T20:00:00"}, True),
    ("afternoon at 7", DEC_22, "2026-12-22T19:00:00", True),
    ("10am to 12pm monday morning", DEC_22, {"start": "2026-12-28T10:00:00", "end": "2026-12-28T12:00:00"}, True),
    # "between" names two ends
    ("between friday", DEC_22, "2026-12-25", ERROR),
    ("between 3pm tomorrow", DEC_22, "2026-12-23T15:00:00", ERROR),
    ("between 3 and 5pm tomorrow", DEC_22, "2026-12-23T15:00:00", True),
    # a count before or after a day names that day ("2 days before christmas"); without it, never from today
    ("2 days before", DEC_22, "2026-12-20", ERROR),
    ("a week after", DEC_22, "2026-12-29", ERROR),
    ("a week since", DEC_22, "2026-12-29", ERROR),
    ("2 days before christmas", DEC_22, "2026-12-23", True),
    ("5 hours after noon", DEC_22, "2026-12-22T17:00:00", True),
    ("the day before", DEC_22, "2026-12-21", True),
    # "today week" (British: a week from today) is no "today this week"
    ("today week", DEC_22, "2026-12-22", False),
    ("today week", DEC_22, "2026-12-29", True),
    ("month today", DEC_22, "2026-12-22", ERROR),
    ("today next week", DEC_22, "2026-12-29", True),
    # the middle of a day has no agreed bounds, at a range's end too
    ("from mid 4 to 23 next month", DEC_22, {"start": "2027-01-04", "end": "2027-01-23"}, ERROR),
    ("from mid march to june", DEC_22, {"start": "2027-03-16", "end": "2027-06-30"}, True),
    # "next", "last", "previous" before a date are kept beside a weekday and at a range's end
    ("friday previous 7.6", datetime(2018, 7, 1, 10), "2018-07-06", ERROR),  # no previous July 6 was a Friday
    ("friday previous 12/4", DEC_22, "2026-12-04", True),
    ("between 3 and last 12 of sept", DEC_22, {"start": "2026-09-03", "end": "2026-09-12"}, True),
    ("between 3 and next 12 of sept", DEC_22, {"start": "2026-09-03", "end": "2026-09-12"}, False),
    ("from 10/25 to last 01/25", datetime(2018, 10, 24, 12), {"start": "2018-10-25", "end": "2019-01-25"}, False),
    ("from 10/25 to last 01/25", datetime(2018, 10, 24, 12), {"start": "2017-10-25", "end": "2018-01-25"}, True),
    # "some" before a day is no filler: which Friday is not said
    ("some friday", DEC_22, "2026-12-25", ERROR),
    ("some time on friday", DEC_22, "2026-12-25T16:00:00", True),
    ("some day next week", DEC_22, "2026-12-30", True),
    # part of a day from now names its own moment: beside a time of day it is not understood
    ("midnight two and a half days later", DEC_22, "2026-12-25T00:00:00", ERROR),
    ("midnight two and a half days later", DEC_22, "2026-12-24T22:00:00", ERROR),
    ("in 2.5 days at 3pm", DEC_22, "2026-12-24T15:00:00", ERROR),
    ("in 2.5 days", DEC_22, "2026-12-24T22:00:00", True),
    ("in 2 days at 3pm", DEC_22, "2026-12-24T15:00:00", True),
    # a weekday said with two words placing it, and an edge closing a range's end, keep every word or are refused
    ("last monday after next", DEC_22, "2027-01-04", ERROR),
    ("monday after next", DEC_22, "2027-01-04", True),
    ("from feb 1st early to march 2027", DEC_22, {"start": "2027-02-01", "end": "2027-03-31"}, ERROR),
    ("from early feb to march 2027", DEC_22, {"start": "2027-02-01", "end": "2027-03-31"}, True),
    # a bound on nothing readable is not understood (it raised an IndexError)
    ("before early 5pm tomorrow", DEC_22, "2026-12-23T10:00:00", ERROR),
    ("after 3pm early and before 5pm tomorrow", DEC_22, "2026-12-23T16:00:00", ERROR),
    ("the beginning of evening before christmas", DEC_22, "2026-12-24T18:00:00", ERROR),
    ("before 5pm tomorrow", DEC_22, "2026-12-23T10:00:00", True),
    # ... nor beside a time of day or a count from now
    ("month 10:00", DEC_22, "2026-12-22T10:00:00", ERROR),
    ("the day at 3pm", DEC_22, "2026-12-22T15:00:00", ERROR),
    # a time of day in a named month, season, quarter or year: which day is not said (never its first day)
    ("3pm in july", DEC_22, "2027-07-01T15:00:00", ERROR),
    ("july at 3pm", DEC_22, "2027-07-01T15:00:00", ERROR),
    ("9am in 2027", DEC_22, "2027-01-01T09:00:00", ERROR),
    ("3pm in q3", DEC_22, "2027-07-01T15:00:00", ERROR),
    ("3pm in march 2027", DEC_22, "2027-03-01T15:00:00", ERROR),
    ("july 1 at 3pm", DEC_22, "2027-07-01T15:00:00", True),
    # ... nor in one with a year said from today, nor in part of one longer than a week
    ("3pm in july next year", DEC_22, "2027-07-01T15:00:00", ERROR),
    ("3pm in q3 this year", DEC_22, "2026-07-01T15:00:00", ERROR),
    ("3pm in the second half of the year", DEC_22, "2026-12-22T15:00:00", ERROR),
    ("3pm in early july", DEC_22, "2027-07-01T15:00:00", ERROR),
    ("3pm in late july", DEC_22, "2027-07-22T15:00:00", ERROR),
    ("early next month at 6pm", DEC_22, "2027-01-01T18:00:00", ERROR),
    # ... while a period said from today alone is its first day, as a reminder set for it would be
    ("next month at 6pm", DEC_22, "2027-01-01T18:00:00", True),
    ("early next week at 3pm", DEC_22, "2026-12-29T15:00:00", True),
    # ... and "the beginning of" one at a time of day is its first day, as "the start of" it, in either order
    ("the beginning of next month at 9am", DEC_22, "2027-01-01T09:00:00", True),
    ("9am at the beginning of next month", DEC_22, "2027-01-01T09:00:00", True),
    ("the beginning of july at 9am", DEC_22, "2027-07-01T09:00:00", True),
    ("beginning of next year 9am", DEC_22, "2027-01-01T09:00:00", True),
    ("1 year ago day", DEC_22, "2025-12-22", ERROR),
    ("today at 3pm", DEC_22, "2026-12-22T15:00:00", True),
    ("1 year ago today", DEC_22, "2025-12-22", True),
    ("19 february 2013 year 09:10", DEC_22, "2013-02-19T09:10:00", True),
    ("quarter the monday after christmas", DEC_1, "2026-12-28", ERROR),
    ("month the last day of the month", DEC_1, "2026-12-31", ERROR),
    ("the monday after christmas", DEC_1, "2026-12-28", True),
    # said with the word that places it, or alone, the unit is read
    ("the week of christmas", DEC_22, "2026-12-21", True),
    ("the week of christmas", DEC_22, "2026-12-28", False),
    ("this week", DEC_22, "2026-12-27", True),
    ("the week", DEC_22, "2026-12-27", True),
    ("the week", DEC_22, "2026-12-28", False),
    ("christmas day", DEC_22, "2026-12-25", True),
    ("the 14th of the month", DEC_1, "2026-12-14", True),
    ("the last friday of the month", DEC_1, "2026-12-25", True),
    ("the weekend before christmas", DEC_22, "2026-12-19", True),
    ("friday this week", DEC_22, "2026-12-25", True),
    ("tuesday week", DEC_22, "2026-12-29", True),
    ("today, december 22", DEC_22, "2026-12-22", True),
    ("today tuesday", DEC_22, "2026-12-22", True),
    ("the calendar year", DEC_22, "2026-03-01", True),
]


@pytest.mark.parametrize(("phrase", "user_time", "argument", "expected"), ROWS)
def test_no_word_is_dropped(phrase: str, user_time: datetime, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, user_time, expected)
