"""Date and time phrases people write in chat and email (offsets from another day, "next next", "but one", "coming",
"on the dot", business deadlines, noon and midnight beside a day, times past and to the hour, windows "in the next"
unit or count of units), each with the argument it names passing and an argument moved by the phrase's smallest unit
failing; a phrase read two ways is listed once per reading, and a phrase not understood whole is an error.

Calendar facts used (checked with ``python -m calendar``): 2026-03-11 is a Wednesday; the Fridays around it are
2026-02-27, 2026-03-06, 2026-03-13 and 2026-03-20, the Mondays 2026-03-16 and 2026-03-23; the first Monday of April
2026 is the 6th; Christmas 2026 falls on a Friday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_date_row

NOW = datetime(2026, 3, 11, 14, 30)  # a Wednesday afternoon, naive (wall clock)

#: (phrase, the argument it names, an argument moved by its smallest unit)
PAIRS: list[tuple[str, object, object]] = [
    # an offset beside yesterday, today or tomorrow counts from that day
    ("1 year ago tomorrow", "2025-03-12", "2025-03-13"),
    ("a week ago yesterday", "2026-03-03", "2026-03-04"),
    ("three weeks ago today", "2026-02-18", "2026-02-19"),
    ("a week from tomorrow", "2026-03-19", "2026-03-20"),
    ("a fortnight today", "2026-03-25", "2026-03-26"),
    ("a fortnight on Tuesday", "2026-03-31", "2026-04-01"),
    ("two weeks on Monday", "2026-03-30", "2026-03-31"),
    ("in a week's time", "2026-03-18", "2026-03-19"),
    # "next next", "after next", "before last", "but one", "coming"
    ("next next Monday", "2026-03-23", "2026-03-24"),
    ("next next Monday", "2026-03-23", "2026-03-16"),
    ("the Monday after next", "2026-03-23", "2026-03-16"),
    ("next next week", "2026-03-23", "2026-03-30"),
    ("the Friday before last", "2026-02-27", "2026-03-06"),
    ("last Friday but one", "2026-02-27", "2026-02-28"),
    ("last Friday but one", "2026-02-27", "2026-03-06"),
    ("this coming Friday", "2026-03-13", "2026-03-14"),
    ("Friday coming", "2026-03-13", "2026-03-20"),
    ("the Friday coming", "2026-03-13", "2026-03-14"),
    # the same minute of another day
    ("this time tomorrow", "2026-03-12T14:30:00", "2026-03-12T14:31:00"),
    ("this time next week", "2026-03-18T14:30:00", "2026-03-18T14:31:00"),
    ("same time next week", "2026-03-18T14:30:00", "2026-03-18T14:29:00"),
    ("this time yesterday", "2026-03-10T14:30:00", "2026-03-10T14:31:00"),
    ("this time last year", "2025-03-11T14:30:00", "2025-03-11T14:31:00"),
    # days around a holiday or a named day
    ("two days before Christmas", "2026-12-23", "2026-12-24"),
    ("the day after Christmas", "2026-12-26", "2026-12-27"),
    ("Friday the 13th", "2026-03-13", "2026-03-14"),
    ("the 3rd of next month", "2026-04-03", "2026-04-04"),
    ("the 15th of last month", "2026-02-15", "2026-02-16"),
    ("the last day of next month", "2026-04-30", "2026-05-01"),
    ("the first Monday of next month", "2026-04-06", "2026-04-07"),
    # a time beside a day
    ("the day before yesterday at 5", "2026-03-09T05:00:00", "2026-03-09T05:01:00"),
    ("the day before yesterday at 5", "2026-03-09T17:00:00", "2026-03-09T17:01:00"),
    ("the day after tomorrow at noon", "2026-03-13T12:00:00", "2026-03-13T12:01:00"),
    ("noon tomorrow", "2026-03-12T12:00:00", "2026-03-12T12:01:00"),
    ("midnight tonight", "2026-03-12T00:00:00", "2026-03-12T00:01:00"),
    ("midnight tonight", "2026-03-12T00:00:00", "2026-03-11T00:00:00"),  # the midnight that ends today, one reading
    ("New Year's Eve at midnight", "2027-01-01T00:00:00", "2027-01-01T00:01:00"),
    ("half past midnight", "2026-03-12T00:30:00", "2026-03-12T00:31:00"),
    ("tomorrow at half past 3", "2026-03-12T15:30:00", "2026-03-12T15:31:00"),
    ("tomorrow at half three", "2026-03-12T15:30:00", "2026-03-12T15:29:00"),
    ("twenty to 4 tomorrow", "2026-03-12T15:40:00", "2026-03-12T15:41:00"),
    ("a quarter to midnight", "2026-03-11T23:45:00", "2026-03-11T23:46:00"),
    ("quarter past noon", "2026-03-12T12:15:00", "2026-03-12T12:16:00"),
    ("ten to six tomorrow evening", "2026-03-12T17:50:00", "2026-03-12T17:51:00"),
    ("ten to six tomorrow evening", "2026-03-12T17:50:00", "2026-03-12T22:00:00"),  # never from 10pm to 6pm
    ("between 5 and 6 in the afternoon", "2026-03-11T17:00:00", "2026-03-11T17:01:00"),
    ("from 10 to 2 tonight", "2026-03-11T22:00:00", "2026-03-11T22:01:00"),
    ("at 5 o'clock this afternoon", "2026-03-11T17:00:00", "2026-03-11T17:01:00"),
    ("at 9 on the dot tomorrow", "2026-03-12T09:00:00", "2026-03-12T09:01:00"),
    ("an hour and a half from now", "2026-03-11T16:00:00", "2026-03-11T16:01:00"),
    # parts of a day and business deadlines
    ("first thing tomorrow", "2026-03-12T08:00:00", "2026-03-12T10:00:00"),
    ("late tonight", "2026-03-11T23:30:00", "2026-03-11T22:59:00"),
    ("early tomorrow morning", "2026-03-12T06:00:00", "2026-03-12T09:00:00"),
    ("tomorrow lunchtime", "2026-03-12T12:30:00", "2026-03-12T14:00:00"),
    ("the morning of the 21st", "2026-03-21T09:00:00", "2026-03-22T09:00:00"),
    ("end of business today", "2026-03-11T17:30:00", "2026-03-11T16:59:00"),
    ("close of business tomorrow", "2026-03-12T17:00:00", "2026-03-12T16:59:00"),
    ("COB Friday", "2026-03-13T17:00:00", "2026-03-13T16:59:00"),
    ("EOD", "2026-03-11T17:00:00", "2026-03-11T16:59:00"),
    ("EOD Friday", "2026-03-13T17:00:00", "2026-03-13T16:59:00"),
    ("EOW", "2026-03-13", "2026-03-12"),
    # "in the next" count of units is the window from now, as "within the next" is
    ("in the next 10 minutes", "2026-03-11T14:35:00", "2026-03-11T14:41:00"),
    ("in the next 10 minutes", "2026-03-11T14:35:00", "2026-03-11T14:29:00"),
    (
        "in the next 10 minutes",
        {"start": "2026-03-11T14:30:00", "end": "2026-03-11T14:40:00"},
        {"start": "2026-03-11T14:29:00", "end": "2026-03-11T14:40:00"},
    ),
    ("in the next 3 days", "2026-03-12", "2026-03-15"),
    # without a count, "in the next" unit is one unit from now, as "within the next" unit is; "next month" alone is
    # the calendar month after this one
    ("in the next week", "2026-03-13", "2026-03-19"),
    ("in the next week", "2026-03-18", "2026-03-10"),
    ("over the next week", "2026-03-18", "2026-03-19"),
    ("in the next month", "2026-04-11", "2026-04-12"),
    ("during the next month", "2026-04-11", "2026-04-30"),
    ("in the next day", "2026-03-12", "2026-03-13"),
    ("in the next year", "2027-03-11", "2027-03-12"),
    ("next month", "2026-04-30", "2026-03-31"),
    ("next week", "2026-03-16", "2026-03-13"),
    # a bare one-digit hour joined to four digits is a range of clocks, never a month of a year long past
    (
        "9-1700",
        {"start": "2026-03-12T09:00:00", "end": "2026-03-12T17:00:00"},
        {"start": "2026-03-12T09:00:00", "end": "2026-03-12T17:01:00"},
    ),
    ("9-1700", {"start": "2026-03-12T09:00:00", "end": "2026-03-12T17:00:00"}, "1700-09-15"),
    (
        "9 to 1700",
        {"start": "2026-03-12T09:00:00", "end": "2026-03-12T17:00:00"},
        {"start": "2026-03-12T08:59:00", "end": "2026-03-12T17:00:00"},
    ),
    ("9 to 1700", {"start": "2026-03-12T09:00:00", "end": "2026-03-12T17:00:00"}, "1700-01-01T09:00:00"),
    # "Tuesday week", "Friday fortnight" (British): a week (two) after the coming weekday, as "a week on Tuesday"
    ("Tuesday week", "2026-03-24", "2026-03-17"),
    ("Tuesday week", "2026-03-24", "2026-03-25"),
    ("Friday fortnight", "2026-03-27", "2026-03-20"),
    ("monday week at 3pm", "2026-03-23T15:00:00", "2026-03-23T16:00:00"),
    # "dead on", "bang on", "the stroke of" a time: exactly at it
    ("dead on 9 tomorrow", "2026-03-12T09:00:00", "2026-03-12T09:01:00"),
    ("dead on 9 tomorrow", "2026-03-12T21:00:00", "2026-03-12T21:01:00"),
    ("bang on noon", "2026-03-12T12:00:00", "2026-03-12T12:01:00"),
    ("at the stroke of midnight", "2026-03-12T00:00:00", "2026-03-12T00:01:00"),
    ("on the stroke of 9 tomorrow", "2026-03-12T21:00:00", "2026-03-12T20:59:00"),
    ("the stroke of 9.30pm", "2026-03-11T21:30:00", "2026-03-11T21:31:00"),
    # "5" or "10" to an hour in digits is minutes before it, as in words, or a range of hours; a range from an hour
    # to the same hour runs twelve hours
    ("5 to 5 tomorrow", "2026-03-12T16:55:00", "2026-03-12T16:56:00"),
    ("5 to 5 tomorrow", "2026-03-12T04:55:00", "2026-03-12T04:54:00"),
    (
        "5 to 5 tomorrow",
        {"start": "2026-03-12T05:00:00", "end": "2026-03-12T17:00:00"},
        {"start": "2026-03-12T05:00:00", "end": "2026-03-12T18:00:00"},
    ),
    ("10 to 6 tomorrow evening", "2026-03-12T17:50:00", "2026-03-12T17:51:00"),
    ("10 to 6 tomorrow evening", "2026-03-12T17:50:00", "2026-03-12T22:00:00"),
    ("from 5 to 7 tomorrow", "2026-03-12T05:00:00", "2026-03-12T06:55:00"),  # after "from", a range only
    # "<holiday> eve" is the day before it
    ("thanksgiving eve", "2026-11-25", "2026-11-26"),
    ("easter eve", "2026-04-04", "2026-04-05"),
    ("new year's eve", "2026-12-31", "2025-12-31"),  # its own date, never the day before new year's day
    # shorthand: "tomo", "tom", "tod", "last but one", "quarter hour", "plus" and "minus" between a day and a length
    ("tomo at 9am", "2026-03-12T09:00:00", "2026-03-12T09:01:00"),
    ("tom 9am", "2026-03-12T09:00:00", "2026-03-11T09:00:00"),  # as task apps take "tom" and "tod"
    ("tod 23:55", "2026-03-11T23:55:00", "2026-03-12T23:55:00"),
    ("tod", "2026-03-11", "2026-03-12"),
    ("the last but one Friday of March", "2026-03-20", "2026-03-27"),
    ("in a quarter hour", "2026-03-11T14:45:00", "2026-03-11T14:46:00"),
    ("a quarter-hour ago", "2026-03-11T14:15:00", "2026-03-11T14:16:00"),
    ("today plus 3 days", "2026-03-14", "2026-03-15"),
    ("now plus 2 hours", "2026-03-11T16:30:00", "2026-03-11T16:31:00"),
    ("today minus a week", "2026-03-04", "2026-03-05"),
    # a day, a month's name and two digits joined by dots, as by dashes: the year, never a clock beside a date
    ("12.Sep.09", "2009-09-12", "2009-09-13"),
    ("12.Sep.09", "2009-09-12", "2026-09-09"),
    ("12.sep.2009", "2009-09-12", "2009-09-11"),
    ("Sat 12.Sep.09", "2009-09-12", "2026-09-12T09:00:00"),
    ("Sat.12.Sep.09", "2009-09-12", "2026-09-12T09:00:00"),
    ("sep.12.09", "2009-09-12", "2026-09-12T09:00:00"),
    ("09.Sep.12", "2012-09-09", "2026-09-09T12:00:00"),
    # "last but one" (second to last) of no period is the one before last, never a range from the 2nd of the month
    ("last but one friday", "2026-02-27", "2026-03-06"),
    ("last but one friday", "2026-02-27", "2026-03-02"),
    ("second to last friday", "2026-02-27", "2026-03-02"),
    ("the 2nd to last friday", "2026-02-27", "2026-03-06"),
    ("last but one month", "2026-01", "2026-02"),
    ("the second to last Friday in March", "2026-03-20", "2026-03-02"),
    # a quarter hour is 15 minutes: before the midnight that ends today, as "15 minutes before midnight"
    ("a quarter hour before midnight", "2026-03-11T23:45:00", "2026-03-10T23:45:00"),
    ("15 minutes before midnight", "2026-03-11T23:45:00", "2026-03-10T23:45:00"),
    ("a quarter-hour after midnight", "2026-03-12T00:15:00", "2026-03-11T00:15:00"),
    # a length added to a lone clock: that time of the day it reaches
    ("4pm + 3 days", "2026-03-14T16:00:00", "2026-03-11T16:00:00"),
    # a length added to another day counts from that day (never the bare day, nor from now)
    ("friday plus 2 days", "2026-03-15", "2026-03-13"),
    ("friday + 2 days", "2026-03-15", "2026-03-13"),
    ("friday plus a week", "2026-03-20", "2026-03-13"),
    ("monday plus 2 days", "2026-03-18", "2026-03-16"),
    ("2026-03-13 + 2 days", "2026-03-15", "2026-03-13"),
    # "a few" units as a window reaching at least that far
    ("the next few days", {"start": "2026-03-11", "end": "2026-03-13"}, {"start": "2026-03-11", "end": "2026-03-15"}),
]


@pytest.mark.parametrize(("phrase", "named", "moved"), PAIRS)
def test_the_argument_named_passes_and_one_moved_by_a_unit_fails(phrase: str, named: object, moved: object) -> None:
    assert_date_row(phrase, named, NOW, True)
    assert_date_row(phrase, moved, NOW, False)


@pytest.mark.parametrize(
    ("phrase", "argument"),
    [
        ("9 to 1790", "1790-01-01T09:00:00"),  # a bare number and a year: no range of anything
        ("in the next 0 minutes", "2026-03-11T14:30:00"),  # a window of no length
        ("the last 0 days", "2026-03-11"),
        ("2 hours ago tomorrow", "2026-03-12T12:30:00"),  # hours ago count from now, never from another day
        ("3 days plus", "2026-03-14"),  # "plus" with nothing after it
        ("today+3", "2026-03-14"),  # a number with no unit
        ("friday + 2 hours", "2026-03-13T02:00:00"),  # hours added to a whole day: which hour is not said
        ("friday 4pm + 2 days", "2026-03-15T16:00:00"),  # a length after a date with its time of day is not read
        ("the last but one saturday before christmas", "2026-12-12"),
        ("the third to last friday", "2026-03-03"),  # counted back from the last of no period
        # a date in dots with a month's name ends with its year of two or four digits
        ("12.Sep.9", "2026-09-12T09:00:00"),
        ("Sep.12.9", "2026-09-12T09:00:00"),
        ("12.Sep.009", "2026-09-12T00:09:00"),
        ("12.Sep.09.10", "2026-09-12T09:10:00"),
        ("09.12.Sep", "2026-09-12"),
        # "tom" and "tod" are tomorrow and today in lower case alone: a name, "TOD" (time of day), "tom tom" are not
        ("Tom at 5pm", "2026-03-12T17:00:00"),
        ("TOM", "2026-03-12"),
        ("Tom's", "2026-03-12"),
        ("tom tom", "2026-03-12"),
        ("tom-tom", "2026-03-12"),
        ("Tod", "2026-03-11"),
        ("TOD 14:00", "2026-03-11T14:00:00"),
        # "the stroke of", "dead on" a clock alone, never a year nor a date
        ("at the stroke of 2027", "2026-03-11T20:27:00"),
        ("the stroke of 1/1", "2027-01-01"),
        ("dead on 2030", "2026-03-11T20:30:00"),
        # "a few" units from now or a day: no exact time
        ("now minus a few minutes", "2026-03-11T14:27:00"),
        ("a few minutes ago", "2026-03-11T14:27:00"),
    ],
)
def test_a_phrase_not_understood_whole_is_an_error(phrase: str, argument: object) -> None:
    assert_date_row(phrase, argument, NOW, ERROR)


@pytest.mark.parametrize(
    ("phrase", "now", "named", "moved"),
    [
        # a day moved onto a shorter month is still a whole day: its end moves with its last moment
        ("a year ago today", datetime(2028, 2, 28, 12), "2027-02-28", "2027-03-01"),
        ("a year ago today", datetime(2028, 2, 28, 12), "2027-02-28", "2027-02-27"),
        ("1 year ago tomorrow", datetime(2028, 2, 28, 12), "2027-03-01", "2027-03-02"),
        # (a year before February 29: February 28 or March 1, as for "a year ago" said on it)
        ("1 year ago tomorrow", datetime(2028, 2, 28, 12), "2027-02-28", "2027-02-27"),
        ("a month from yesterday", datetime(2026, 1, 31, 12), "2026-02-28", "2026-03-01"),
        ("a month from yesterday", datetime(2026, 1, 31, 12), "2026-02-28", "2026-02-27"),
    ],
)
def test_a_day_moved_onto_a_shorter_month_passes_and_its_neighbours_fail(
    phrase: str, now: datetime, named: str, moved: str
) -> None:
    assert_date_row(phrase, named, now, True)
    assert_date_row(phrase, moved, now, False)


def test_a_window_under_a_minute_is_shown_with_its_seconds() -> None:
    outcome = match_date_time("in the next 30 seconds", "2026-03-11T14:30:40", NOW)
    assert not outcome.passed
    assert "14:30:00-14:30:30" in outcome.reason
