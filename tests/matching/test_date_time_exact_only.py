"""Readings that would pass what was not meant: 24-hour clock notation has one reading, four digits after a date are a
time of day rather than an early year (from 1500 a year unless a time is marked), and a vague amount ("several", "a
bit") is never an exact number.

2025-03-12 is a Wednesday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_date_row

WED = datetime(2025, 3, 12, 7, 45)  # a Wednesday morning, naive (wall clock)

ROWS: list[tuple[str, object, object]] = [
    # a zero-padded or four-digit time is 24-hour notation: morning only
    ("tomorrow 0930", "2025-03-13T09:30:00", True),
    ("tomorrow 0930", "2025-03-13T21:30:00", False),
    ("at 0800", "2025-03-12T08:00:00", True),
    ("at 0800", "2025-03-12T20:00:00", False),
    ("friday 09:15", "2025-03-14T09:15:00", True),
    ("friday 09:15", "2025-03-14T21:15:00", False),
    ("1030 on friday", "2025-03-14T10:30:00", True),
    ("1030 on friday", "2025-03-14T22:30:00", False),
    ("1400 hrs", "2025-03-12T14:00:00", True),
    ("0715 hrs", "2025-03-12T19:15:00", False),
    ("1230 tomorrow", "2025-03-13T00:30:00", False),
    ("1230 tomorrow", "2025-03-13T12:30:00", True),
    # without a leading zero or four digits, 12-hour English: both kept
    ("friday at 9:15", "2025-03-14T21:15:00", True),
    ("friday at 930", "2025-03-14T21:30:00", True),
    # four digits after a date: a 24-hour time below 15:00, never an early year; a year after a comma or "of"
    ("march 5 1230", "2026-03-05T12:30:00", True),
    ("march 5 1230", "1230-03-05", False),
    ("5 april 0915", "2025-04-05T09:15:00", True),
    ("march 5, 1230", "1230-03-05", True),
    ("march 5 1990", "1990-03-05", True),
    # four digits from 1500 are a year unless the phrase marks a time ("at", "hrs", "h", a clock at a range's other
    # end) or a day word that never takes a year stands beside them ("tomorrow 1700"); beside a weekday and no month,
    # a year names no single day ("monday 2027": which Monday of 2027, or 20:27?), an error, and four digits that are
    # no year from 1900 to 2099 are the weekday's time ("1830 on friday", "friday 2359")
    ("tomorrow 1700", "2025-03-13T17:00:00", True),
    ("tomorrow 1700", "2025-03-13T05:00:00", False),
    ("tonight 2100", "2025-03-12T21:00:00", True),
    ("1830 on friday", "2025-03-14T18:30:00", True),
    ("1830 on friday", "2025-03-14T06:30:00", False),
    ("1830 on friday", "2025-03-21T18:30:00", False),
    ("monday 1745", "2025-03-17T17:45:00", True),
    ("monday 1930", "2025-03-17T19:30:00", ERROR),
    ("monday 2027", "2025-03-17T20:27:00", ERROR),
    ("monday 2027", "2027-01-04", ERROR),
    ("monday week 2027", "2025-03-24T20:27:00", ERROR),
    ("next monday 2027", "2025-03-17T20:27:00", ERROR),
    ("friday 2030", "2025-03-14T20:30:00", ERROR),
    ("2027 monday", "2025-03-17T20:27:00", ERROR),
    ("monday the 3rd 2027", "2025-11-03T20:27:00", ERROR),
    ("friday 2359", "2025-03-14T23:59:00", True),
    ("friday 2359", "2025-03-14T23:00:00", False),
    ("march 6 1530 on friday", "2025-03-06T15:30:00", ERROR),
    ("tomorrow at 1700", "2025-03-13T17:00:00", True),
    ("tomorrow at 1700", "2025-03-13T05:00:00", False),
    ("tomorrow 1700 hrs", "2025-03-13T17:00:00", True),
    ("friday 1530h", "2025-03-14T15:30:00", True),
    ("friday 1530h", "2025-03-14T03:30:00", False),
    ("friday from 1530 to 17:00", "2025-03-14T15:30:00", True),
    ("friday from 1530 to 17:00", "2025-03-14T16:30:00", False),
    ("march 5 1700", "1700-03-05", True),
    ("dec 5 1930", "1930-12-05", True),
    ("dec 5 1930", "2025-12-05T19:30:00", False),
    ("dec 5 at 1930", "2025-12-05T19:30:00", True),
    ("dec 5 1930 hrs", "2025-12-05T19:30:00", True),  # marked as a time after a date: never the year
    ("dec 5 1930 hrs", "1930-12-05", False),
    ("5 dec 1930 hours", "2025-12-05T19:30:00", True),
    # "friday fortnight" (British) is two weeks after the coming Friday, never the coming one; "fortnight friday" is
    # not said that way: an error
    ("friday fortnight", "2025-03-14", False),
    ("friday fortnight", "2025-03-28", True),
    ("fortnight friday", "2025-03-28", ERROR),
    ("friday this fortnight", "2025-03-14", True),
    # "in 5" with no unit: minutes to most, never 5 o'clock or the 5th
    ("in 5", "2025-03-12T17:00:00", ERROR),
    ("in 15", "2025-03-15", ERROR),
    ("in 15 minutes", "2025-03-12T08:00:00", True),
    ("in 2026", "2026-07-01", True),
    # a bare number is no day of the month, in words as in digits ("the twentieth", "the 20th" are)
    ("one day", "2025-03-01", False),  # a length of time, never a date
    ("one day", "2025-03-12T13:00:00", False),
    ("twenty", "2025-03-20", ERROR),
    ("the twenty-first", "2025-03-21", True),
    # "a few" units from a day name no exact time (a window "the next few days" does); vaguer amounts neither
    ("in a few days", "2025-03-15", ERROR),
    ("in a few days", "2025-03-16", ERROR),
    ("a few weeks ago", "2025-02-26", ERROR),
    ("in several days", "2025-03-15", ERROR),
    ("in a bit", "2025-03-12T08:00:00", ERROR),
    ("a couple of days from now", "2025-03-14", True),
    ("a couple of days from now", "2025-03-15", False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_reading(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


def test_a_vague_amount_names_the_word() -> None:
    outcome = match_date_time("in several days", "2025-03-15", WED)
    assert "'several'" in outcome.reason
    assert "vague" in outcome.reason
