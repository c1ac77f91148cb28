"""Everyday English date and time phrases, each kind with negatives (an argument a day, a week or a window off, a
broader reading refused) and, where the phrase is incomplete, an error rather than a guess.

Calendar facts used (checked with ``python -m calendar`` and ``dateutil.easter``): 2024-05-15 is a Wednesday; the
Mondays after it are 2024-05-20 and 2024-05-27, the Fridays 2024-05-17 and 2024-05-24; the Tuesdays of August 2024 are
the 6th, 13th, 20th and 27th, the Fridays of June 2024 the 7th, 14th, 21st and 28th, the Mondays of May 2024 the 6th,
13th, 20th and 27th; the Wednesdays of July 2024 are the 3rd, 10th, 17th, 24th and 31st. New Year's Day 2020 was a
Wednesday (the Mondays after it: January 6, 13 and 20); Easter 2026 falls on April 5.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

WED = datetime(2024, 5, 15, 10, 0)  # a Wednesday, naive (wall clock)

ROWS: list[tuple[str, str, object, object]] = [
    # an ordinal weekday in a number of periods: in the period reached, or from the day reached on (both kept)
    ("24-hour with hours", "08:00 hrs", "2024-05-16T08:00:00", True),
    ("24-hour with hours", "08:00 hrs", "2024-05-15T20:00:00", False),
    ("24-hour with hours", "20:30 hours tomorrow", "2024-05-16T20:30:00", True),
    ("24-hour with hours", "15:00h", "2024-05-15T15:00:00", True),
    ("hours and minutes as a length", "in 10:30 hours", "2024-05-16T10:30:00", ERROR),  # never the time 10:30
    ("hours and minutes as a length", "1:30 hrs", "2024-05-16T01:30:00", ERROR),
    ("abbreviation", "2morrow at 5pm", "2024-05-16T17:00:00", True),
    ("abbreviation", "2morrow at 5pm", "2024-05-15T17:00:00", False),
    ("offset in time", "in a week's time", "2024-05-22", True),
    ("offset in time", "in a week's time", "2024-05-23", False),
    ("offset in time", "in 3 hours' time", "2024-05-15T13:00:00", True),
    ("offset in time", "in 3 hours' time", "2024-05-15T14:00:00", False),
    ("ordinal in periods", "first tuesday in 3 months", "2024-08-06", True),
    ("ordinal in periods", "first tuesday in 3 months", "2024-08-20", True),
    ("ordinal in periods", "first tuesday in 3 months", "2024-08-13", False),
    ("ordinal in periods", "first tuesday in 3 months", "2024-06-04", False),
    ("ordinal in periods", "the first wednesday in two months", "2024-07-03", True),
    ("ordinal in periods", "the first wednesday in two months", "2024-07-10", False),
    ("ordinal in periods", "the last thursday in 3 months", "2024-08-29", True),
    ("ordinal in periods", "the last thursday in 3 months", "2024-08-22", False),
    ("ordinal in periods", "first monday in 2 weeks", "2024-05-27", True),
    ("ordinal in periods", "first monday in 2 weeks", "2024-05-20", False),
    ("ordinal in periods", "the first day in 3 months", "2024-08-01", True),
    ("ordinal in periods", "first tuesday in 3 days", "2024-05-21", ERROR),  # no period of days holds a weekday
    # a week (a fortnight) on a weekday, as said in Britain: that long after the coming weekday
    ("week on a weekday", "a week on monday", "2024-05-27", True),
    ("week on a weekday", "a week on monday", "2024-05-20", False),
    ("week on a weekday", "a week on monday", "2024-06-03", False),
    ("week on a weekday", "a fortnight on thursday", "2024-05-30", True),
    ("week on a weekday", "a fortnight on thursday", "2024-05-23", False),
    ("week on a weekday", "two weeks on friday at 3pm", "2024-05-31T15:00:00", True),
    ("week on a weekday", "two weeks on friday at 3pm", "2024-05-24T15:00:00", False),
    ("week on a weekday", "monday week", "2024-05-27", True),  # British: a week after the coming Monday
    ("week on a weekday", "monday week", "2024-05-20", False),
    # parts of the day counted from today
    ("parts of days ago", "four mornings ago", "2024-05-11T08:30:00", True),
    ("parts of days ago", "four mornings ago", "2024-05-11T14:00:00", False),
    ("parts of days ago", "four mornings ago", "2024-05-12T08:30:00", False),
    ("parts of days ago", "2 evenings from now", "2024-05-17T20:00:00", True),
    ("parts of days ago", "2 evenings from now", "2024-05-16T20:00:00", False),
    # times in words, "past"/"to" the hour
    ("times in words", "ten o'five pm", "2024-05-15T22:05:00", True),
    ("times in words", "ten o'five pm", "2024-05-15T22:50:00", False),
    ("times in words", "nine o five", "2024-05-15T21:05:00", True),
    ("times in words", "nine o five", "2024-05-16T09:05:00", True),
    ("times in words", "nine o five", "2024-05-15T09:05:00", False),  # passed already when said
    ("times in words", "twenty to six pm", "2024-05-15T17:40:00", True),
    ("times in words", "twenty to six pm", "2024-05-15T18:20:00", False),
    # ordinals counted from the end, with or without hyphens
    ("from the end", "the second-to-last friday of june", "2024-06-21", True),
    ("from the end", "the second-to-last friday of june", "2024-06-28", False),
    ("from the end", "the 2nd last monday of may", "2024-05-20", True),
    ("from the end", "the 2nd last monday of may", "2024-05-27", False),
    # a day of a relative month, abbreviations
    ("relative month", "the 20 of next month", "2024-06-20", True),
    ("relative month", "the 20 of next month", "2024-05-20", False),
    ("abbreviations", "next qtr", "2024-08-01", True),
    ("abbreviations", "next qtr", "2024-06-28", False),
    ("abbreviations", "last yr", "2023-07-01", True),
    ("abbreviations", "last yr", "2024-01-02", False),
    ("abbreviations", "in 15 mins", "2024-05-15T10:15:00", True),
    ("abbreviations", "in 15 mins", "2024-05-15T10:16:00", False),
    # holidays with offsets, "after next"
    ("holiday offsets", "christmas in two years", "2026-12-25", True),
    ("holiday offsets", "christmas in two years", "2025-12-25", False),
    ("holiday offsets", "easter in two years", "2026-04-05", True),
    ("holiday offsets", "easter in two years", "2025-04-20", False),
    ("holiday offsets", "the third monday after new year 2020", "2020-01-20", True),
    ("holiday offsets", "the third monday after new year 2020", "2020-01-13", False),
    ("after next", "march after next", "2026-03-10", True),
    ("after next", "march after next", "2025-03-10", False),
    ("after next", "june after next", "2025-06-10", True),  # next June is this June or next year's: both kept
    ("after next", "june after next", "2026-06-10", True),
    ("after next", "june after next", "2024-06-10", False),
    # quantities in words
    ("quantities", "in a couple of minutes", "2024-05-15T10:02:00", True),
    ("quantities", "in a couple of minutes", "2024-05-15T10:03:00", False),
    ("quantities", "in three-quarters of an hour", "2024-05-15T10:45:00", True),
    ("quantities", "in three-quarters of an hour", "2024-05-15T10:30:00", False),
    # counted weekdays, this hour, signed and compact durations
    ("counted weekdays", "2 thursdays from now", "2024-05-23", True),
    ("counted weekdays", "2 thursdays from now", "2024-05-16", False),
    ("this hour", "this hour", "2024-05-15T10:40:00", True),
    ("this hour", "this hour", "2024-05-15T11:00:00", False),
    ("signed and compact", "-1 hour", "2024-05-15T09:00:00", True),
    ("signed and compact", "-1 hour", "2024-05-15T11:00:00", False),
    ("signed and compact", "+20 minutes", "2024-05-15T10:20:00", True),
    ("signed and compact", "3d later", "2024-05-18", True),
    ("signed and compact", "3d later", "2024-05-17", False),
    ("signed and compact", "2w later", "2024-05-29", True),
    ("signed and compact", "2w later", "2024-05-22", False),
    # two-digit and apostrophe years, day-month-year with a month name
    ("short years", "sep 88", "1988-09-20", True),
    ("short years", "sep 88", "2088-09-20", False),
    ("short years", "aug 30, '07", "2007-08-30", True),
    ("short years", "aug 30, '07", "2024-08-30", False),
    ("short years", "6 jun 03", "2003-06-06", True),
    ("short years", "6 jun 03", "2024-06-06T03:00:00", False),  # the year, not an hour
    ("month names", "30-Aug-07", "2007-08-30", True),
    ("month names", "30-Aug-07", "2030-08-07", False),
    # an hour beside a weekday and a part of the day
    ("hour of a part", "thursday 8 in the evening", "2024-05-16T20:00:00", True),
    ("hour of a part", "thursday 8 in the evening", "2024-06-08T20:00:00", False),
    # a weekday with "next" after it (British), the day after next
    ("weekday next", "monday next", "2024-05-20", True),
    ("weekday next", "monday next", "2024-05-13", False),
    ("weekday next", "friday next at 3pm", "2024-05-24T15:00:00", True),
    ("weekday next", "monday next week", "2024-05-20", True),  # "next" placing the week, as before
    ("weekday next", "next monday next", "2024-05-20", ERROR),
    ("day after next", "the day after next", "2024-05-17", True),
    ("day after next", "the day after next", "2024-05-16", False),
    # hours and minutes written together after "in" are a length of time, not a clock time
    ("hours and minutes", "in 1h30", "2024-05-15T11:30:00", True),
    ("hours and minutes", "in 1h30", "2024-05-15T13:30:00", False),
    ("hours and minutes", "in 2h 15m", "2024-05-15T12:15:00", True),
    # words that only say when a deadline falls
    ("deadline words", "anytime tomorrow", "2024-05-16T16:00:00", True),
    ("deadline words", "anytime tomorrow", "2024-05-17T16:00:00", False),
    ("deadline words", "by 3pm at the latest", "2024-05-15T15:00:00", True),
    ("deadline words", "by 3pm at the latest", "2024-05-15T16:00:00", False),
    # a quarter with a year after "of" and an apostrophe
    ("quarter", "q3 of '21", "2021-08-01", True),
    ("quarter", "q3 of '21", "2024-08-01", False),
    ("quarter", "the second quarter of '23", "2023-05-01", True),
    # a count of days or longer "past", "following", "subsequent to" or "preceding" a day: that long after (before) it
    ("offset past", "10 days past may 20", "2024-05-30", True),
    ("offset past", "10 days past may 20", "2024-05-20", False),
    ("offset past", "10 days past may 20", "2024-05-10", False),
    ("offset past", "two weeks following friday", "2024-05-31", True),
    ("offset past", "two weeks following friday", "2024-05-17", False),
    ("offset past", "3 days subsequent to friday", "2024-05-20", True),
    ("offset past", "3 days subsequent to friday", "2024-05-14", False),
    ("offset past", "a fortnight preceding june 14", "2024-05-31", True),
    ("offset past", "a fortnight preceding june 14", "2024-06-28", False),
    ("offset past", "the day following friday", "2024-05-18", True),
    ("offset past", "the day following friday", "2024-05-17", False),
    ("offset past", "5 minutes past 3", "2024-05-15T15:05:00", True),  # a clock, as before
    ("offset past", "5 minutes past 3", "2024-05-15T15:55:00", False),
    ("offset past", "3 days past due", "2024-05-18", ERROR),  # from no day
    # a period's n-th (last) part with "'s": as "of" says it, never the weekday (day) just gone inside the period
    ("period's part", "this month's last friday", "2024-05-31", True),
    ("period's part", "this month's last friday", "2024-05-10", False),
    ("period's part", "may's last day", "2024-05-31", True),
    ("period's part", "may's last day", "2024-05-14", False),
    ("period's part", "this year's last day", "2024-12-31", True),
    ("period's part", "this year's last day", "2024-05-14", False),
    ("period's part", "next month's last friday", "2024-06-28", True),
    ("period's part", "next month's last friday", "2024-06-21", False),
    # "the business (working) day before (after)" a day: the last (first) one before (after) it
    ("business day beside", "the business day before friday", "2024-05-16", True),
    ("business day beside", "the business day before friday", "2024-05-17", False),
    ("business day beside", "the working day after friday", "2024-05-20", True),
    ("business day beside", "the working day after friday", "2024-05-18", False),
]


@pytest.mark.parametrize(("kind", "phrase", "argument", "expected"), ROWS)
def test_one_parameter(kind: str, phrase: str, argument: object, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, WED), expected)


def test_an_ordinal_weekday_in_some_months_names_both_readings() -> None:
    outcome = match_date_time("first tuesday in 3 months", "2024-08-13", WED)
    assert "2024-08-06 or 2024-08-20" in outcome.reason


@pytest.mark.parametrize(
    ("phrase", "start", "end", "expected"),
    [
        ("year to date", "2024-01-01", "2024-05-15", True),
        ("year to date", "2024-05-01", "2024-05-15", False),
        ("month to date", "2024-05-01", "2024-05-15", True),
        ("month to date", "2024-04-01", "2024-05-15", False),
        ("this quarter to date", "2024-04-01", "2024-05-16", True),  # the exclusive end
    ],
)
def test_a_period_to_date_runs_from_its_start_to_today(phrase: str, start: str, end: str, expected: bool) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WED, params=["start", "end"])
    assert_verdict(outcome, expected)
