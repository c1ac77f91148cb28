"""Words that narrow a day or leave two readings: "early"/"late" of a day, a month-first date followed by two numbers,
"N to M" between a time and a range of hours, a weekday and a small number; ISO week dates and "the weekend after
next".

Calendar facts used (checked with ``python -m calendar``): 2024-05-15 is a Wednesday; the Friday after it is
2024-05-17 and the Monday after it 2024-05-20; 2024-06-07 is a Friday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

WED = datetime(2024, 5, 15, 10, 0)  # a Wednesday, naive (wall clock)


@pytest.mark.parametrize(
    ("phrase", "actual", "expected"),
    [
        # early of a day is its morning, late its evening; never the whole day
        ("early tomorrow", "2024-05-16T07:30:00", True),
        ("early tomorrow", "2024-05-16T21:00:00", False),
        ("late tomorrow", "2024-05-16T21:00:00", True),
        ("late tomorrow", "2024-05-16T07:30:00", False),
        ("late tomorrow", "2024-05-16T13:00:00", False),
        ("late on friday", "2024-05-17T19:45:00", True),
        ("late on friday", "2024-05-17T09:00:00", False),
        ("early in the day", "2024-05-15T06:15:00", True),
        ("early in the day", "2024-05-15T16:00:00", False),
        ("the middle of tomorrow", "2024-05-16T12:00:00", ERROR),  # no agreed bounds
        # the end (start) of one day is its end of day (first thing), or the instant it ends (starts)
        ("the end of tomorrow", "2024-05-16T18:30:00", True),
        ("the end of tomorrow", "2024-05-17T00:00:00", True),
        ("the end of tomorrow", "2024-05-16T08:00:00", False),
        ("the start of friday", "2024-05-17T07:00:00", True),
        ("the start of friday", "2024-05-17T00:00:00", True),
        ("the start of friday", "2024-05-17T15:00:00", False),
        # a time of day on such a part falls inside it
        ("late tomorrow at 11", "2024-05-16T23:00:00", True),
        ("late tomorrow at 11", "2024-05-16T11:00:00", False),
        ("early on friday at 7", "2024-05-17T07:00:00", True),
        ("early on friday at 7", "2024-05-17T19:00:00", False),
        ("late tomorrow at 9am", "2024-05-16T09:00:00", ERROR),  # the morning is not late in the day
        # the end of a week is its last day, the instant after it, or its last working day
        ("by the end of the week", "2024-05-17T16:00:00", True),
        ("by the end of the week", "2024-05-19", True),
        ("by the end of the week", "2024-05-16", False),
        ("the end of next week at 5pm", "2024-05-24T17:00:00", True),
        ("the end of next week at 5pm", "2024-05-23T17:00:00", False),
        # a period longer than a day keeps its first (last) third
        ("early next week", "2024-05-21T15:00:00", True),
        ("early next week", "2024-05-23T15:00:00", False),
    ],
)
def test_edge_words_name_a_part_of_a_day_or_week(phrase: str, actual: str, expected: object) -> None:
    assert_verdict(match_date_time(phrase, actual, WED), expected)


@pytest.mark.parametrize("phrase", ["june 9 14", "9 jun 14"])
@pytest.mark.parametrize(
    ("actual", "expected"),
    [
        ("2014-06-09", True),  # the year 2014
        ("2024-06-09T14:00:00", True),  # or 2pm that day
        ("2024-06-09T16:00:00", False),
        ("2024-06-10T14:00:00", False),
    ],
)
def test_two_digits_after_a_named_month_date_are_its_year_or_an_hour(phrase: str, actual: str, expected: bool) -> None:
    assert_verdict(match_date_time(phrase, actual, WED), expected)


@pytest.mark.parametrize(
    ("phrase", "actual", "expected"),
    [
        ("april 9 47", "2047-04-09", True),  # past 23: the year only, in either order, in either century (see
        ("9 april 47", "1947-04-09", True),  # test_date_time_short_years)
        ("april 9 47", "2024-04-09T23:00:00", False),
        ("april 9 07", "2007-04-09", True),  # a leading zero is a year, not an hour
        ("april 9 07", "2024-06-09T07:00:00", False),
        ("june 27", "2024-06-27", True),  # the day itself is never a year
    ],
)
def test_two_digits_that_cannot_be_an_hour_are_the_year(phrase: str, actual: str, expected: bool) -> None:
    assert_verdict(match_date_time(phrase, actual, WED), expected)


@pytest.mark.parametrize(
    ("phrase", "actual", "expected"),
    [
        ("five till nine pm", "2024-05-15T20:55:00", True),  # minutes before the hour
        ("five till nine pm", "2024-05-15T17:00:00", True),  # or the hours from 5 to 9
        ("five till nine pm", "2024-05-15T18:00:00", False),
        ("from three to six", "2024-05-15T15:00:00", True),
        ("from three to six", "2024-05-15T17:57:00", False),  # three minutes to six is said with "minutes"
        ("three minutes to six", "2024-05-15T17:57:00", True),
        ("from three to six", "2024-05-15T16:00:00", False),
        ("twenty to eight", "2024-05-15T19:40:00", True),  # twenty is not an hour said with "to"
        ("twenty to eight", "2024-05-15T20:00:00", False),
        ("at five to seven", "2024-05-15T17:00:00", False),  # "at" names one time
    ],
)
def test_an_hour_word_to_an_hour_is_a_time_or_a_range(phrase: str, actual: str, expected: bool) -> None:
    assert_verdict(match_date_time(phrase, actual, WED), expected)


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        ("2024-05-15T17:00:00", "2024-05-15T21:00:00", True),
        ("2024-05-15T17:00:00", "2024-05-15T22:00:00", False),
        ("2024-05-16T17:00:00", "2024-05-16T21:00:00", False),
    ],
)
def test_an_hour_word_to_an_hour_checks_both_ends_of_the_range(start: str, end: str, expected: bool) -> None:
    outcome = match_date_time("five till nine pm", {"start": start, "end": end}, WED, params=["start", "end"])
    assert_verdict(outcome, expected)


@pytest.mark.parametrize(
    ("phrase", "actual", "expected"),
    [
        # ISO 8601 week dates (2024-W21 runs from Monday 2024-05-20 to Sunday 2024-05-26)
        ("2024-W21", "2024-05-20", True),
        ("2024-W21", "2024-05-26", True),
        ("2024-W21", "2024-05-27", False),
        ("iso week 2024-w21", "2024-05-22", True),
        ("2024-W21-5", "2024-05-24", True),
        ("2024-W21-5", "2024-05-23", False),
        ("2023-W53", "2024-01-01", ERROR),  # 2023 has 52 weeks
        ("this wknd", "2024-05-19", True),  # the weekend, abbreviated
        ("this wknd", "2024-05-26", False),
        # "next weekend" said on a weekday is this week's or the next: "the weekend after next" is one later
        ("the weekend after next", "2024-05-25", True),
        ("the weekend after next", "2024-06-01", True),
        ("the weekend after next", "2024-05-18", False),
    ],
)
def test_week_dates_and_the_weekend_after_next(phrase: str, actual: str, expected: object) -> None:
    assert_verdict(match_date_time(phrase, actual, WED), expected)


@pytest.mark.parametrize(
    ("phrase", "actual", "expected"),
    [
        ("fri 7", "2024-06-07", True),  # Friday the 7th
        ("fri 7", "2024-05-17T19:00:00", True),  # or this Friday at 7
        ("fri 7", "2024-05-17T20:00:00", False),
        ("fri 7", "2024-05-18T07:00:00", False),
        ("last fri 7", "2024-05-10T19:00:00", True),  # no Friday the 7th is "last": the hour alone
        ("last fri 7", "2024-05-10T17:00:00", False),
    ],
)
def test_a_weekday_and_a_small_number_is_a_day_or_an_hour(phrase: str, actual: str, expected: bool) -> None:
    assert_verdict(match_date_time(phrase, actual, WED), expected)


@pytest.mark.parametrize(
    ("phrase", "actual", "expected"),
    [
        ("10.30", "2024-10-30", True),  # October 30
        ("10.30", "2024-05-15T22:30:00", True),  # or half past ten
        ("10.30", "2024-05-15T11:30:00", False),
        ("9.45 tomorrow", "2024-05-16T09:45:00", True),  # no September 45th: the time only
        ("9.45 tomorrow", "2024-09-16", False),
        ("14.20 on friday", "2024-05-17T14:20:00", True),
        ("14.20 on friday", "2024-05-17T14:00:00", False),
        # four digits under 1500 are no year: a time ("1145"); from 1500 they stay a year
        ("friday 1145", "2024-05-17T11:45:00", True),
        ("friday 1145", "2024-05-17T11:00:00", False),
        ("3 45 on friday", "2024-05-17T03:00:00", ERROR),  # two numbers beside a weekday: never one of them alone
    ],
)
def test_times_in_digits_and_their_date_readings(phrase: str, actual: str, expected: object) -> None:
    assert_verdict(match_date_time(phrase, actual, WED), expected)
