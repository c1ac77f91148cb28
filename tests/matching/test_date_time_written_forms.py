"""Forms writers use beside the grammar's words: "a day or two", "this week or next", ranges joined by "--" or an
arrow, glyph fractions, counts in hundreds, the military clock in words, "the night before last", "the year" before a
year in words, "the 4th day last week", "12:00 noon", "1h15m ago", "at 7 or so"; and "over 2 hours ago", an open
bound, is an error. Each kind with negatives (an argument just outside every reading).

Calendar facts used (checked with ``python -m calendar``): 2024-05-15 is a Wednesday; its week runs from Monday
May 13 to Sunday May 19, the next from May 20 to May 26, the one before from May 6 (its 4th day: Thursday May 9);
the Fridays around it are May 10, 17 and 24; a hundred days after May 15, 2024 is August 23, 2024; two hundred hours
after 10:00 on May 15 is 18:00 on May 23.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_date_row

WED = datetime(2024, 5, 15, 10, 0)  # a Wednesday, naive (wall clock)

ROWS: list[tuple[str, str, object, object]] = [
    # "a UNIT or two": one to two units, every time between kept
    ("a unit or two", "a day or two ago", "2024-05-14", True),
    ("a unit or two", "a day or two ago", "2024-05-13", True),
    ("a unit or two", "a day or two ago", "2024-05-15", False),
    ("a unit or two", "a day or two ago", "2024-05-12", False),
    ("a unit or two", "in a week or two", "2024-05-22", True),
    ("a unit or two", "in a week or two", "2024-05-29", True),
    ("a unit or two", "in a week or two", "2024-05-21", False),
    ("a unit or two", "in a week or two", "2024-05-30", False),
    ("a unit or two", "an hour or two ago", "2024-05-15T08:30:00", True),
    ("a unit or two", "an hour or two ago", "2024-05-15T09:30:00", False),
    ("a unit or two", "an hour or two ago", "2024-05-15T07:59:00", False),
    # one rule for every unit: the last count's window (its minute, its day) is included whole, the next is not
    ("a unit or two", "in a minute or two", "2024-05-15T10:02:59", True),
    ("a unit or two", "in a minute or two", "2024-05-15T10:03:00", False),  # three minutes
    ("a unit or two", "in 1-2 minutes", "2024-05-15T10:03:00", False),
    ("a unit or two", "in an hour or two", "2024-05-15T12:00:59", True),
    ("a unit or two", "in an hour or two", "2024-05-15T12:01:00", False),
    ("a unit or two", "in a day or two", "2024-05-17T23:59:00", True),
    ("a unit or two", "in a day or two", "2024-05-18", False),  # three days
    # "this X or next": either period
    ("this or next", "this week or next", "2024-05-17", True),
    ("this or next", "this week or next", "2024-05-22", True),
    ("this or next", "this week or next", "2024-05-29", False),
    ("this or next", "this week or next", "2024-05-10", False),
    ("this or next", "this month or next", "2024-06-10", True),
    ("this or next", "this month or next", "2024-07-01", False),
    ("this or last", "this friday or last", "2024-05-17", True),
    ("this or last", "this friday or last", "2024-05-10", True),
    ("this or last", "this friday or last", "2024-05-24", False),
    ("this or next", "next week or the following", "2024-05-22", ERROR),  # "the following week" is next week to some
    # two hyphens and arrows join a range
    ("range joiners", "14--16 june", {"start": "2024-06-14", "end": "2024-06-16"}, True),
    ("range joiners", "14--16 june", {"start": "2024-06-13", "end": "2024-06-16"}, False),
    ("range joiners", "14 -> 16 june", {"start": "2024-06-14", "end": "2024-06-16"}, True),
    # two hyphens join as "to" does: between bare numbers, hours, never a date
    ("range joiners", "10--12", {"start": "2024-05-15T10:00:00", "end": "2024-05-15T12:00:00"}, True),
    ("range joiners", "10--12", "2024-10-12", False),
    ("range joiners", "10--12", "2024-12-10", False),
    ("range joiners", "2024-05-01--2024-05-03", {"start": "2024-05-01", "end": "2024-05-03"}, True),
    ("range joiners", "monday--wednesday", {"start": "2024-05-20", "end": "2024-05-22"}, True),
    ("range joiners", "14 -> 16 june", {"start": "2024-06-15", "end": "2024-06-16"}, False),
    ("range joiners", "3pm \u2192 5pm", {"start": "2024-05-15T15:00:00", "end": "2024-05-15T17:00:00"}, True),
    ("range joiners", "3pm \u2192 5pm", {"start": "2024-05-15T15:00:00", "end": "2024-05-15T18:00:00"}, False),
    # fractions written as one glyph
    ("glyph fractions", "in 2\u00bd hours", "2024-05-15T12:30:00", True),
    ("glyph fractions", "in 2\u00bd hours", "2024-05-15T12:31:00", False),
    ("glyph fractions", "in \u00bd hour", "2024-05-15T10:30:00", True),
    ("glyph fractions", "in \u00bd hour", "2024-05-15T11:00:00", False),
    ("glyph fractions", "in \u00be of an hour", "2024-05-15T10:45:00", True),
    ("glyph fractions", "1\u00bd days ago", "2024-05-13T22:00:00", True),
    ("glyph fractions", "1\u00bd days ago", "2024-05-14T00:00:00", False),
    ("glyph fractions", "in 1\u00bd wks", "2024-05-25T22:00:00", True),  # a unit in any of its spellings
    ("glyph fractions", "in 2\u00bd h", "2024-05-15T12:30:00", True),
    # a glyph anywhere but before a unit is no fraction, never the halves of a slashed date
    ("glyph fractions", "\u00bd", "2025-01-02", ERROR),
    ("glyph fractions", "\u00bd 2024", "2024-01-02", ERROR),
    ("glyph fractions", "at 3\u00bd", "2025-01-02T03:00:00", ERROR),
    ("glyph fractions", "\u00be 10", "2010-03-04", ERROR),
    # counts in hundreds before a unit
    ("hundreds", "in a hundred days", "2024-08-23", True),
    ("hundreds", "in a hundred days", "2024-08-24", False),
    ("hundreds", "two hundred and fifty years ago", "1774-05-15", True),
    ("hundreds", "two hundred and fifty years ago", "1774-05-16", False),
    ("hundreds", "in two hundred hours", "2024-05-23T18:00:00", True),
    ("hundreds", "in two hundred hours", "2024-05-23T19:00:00", False),
    ("hundreds", "nineteen hundred", "1900-06-01", True),  # a year, never 19:00
    ("hundreds", "nineteen hundred", "2024-05-15T19:00:00", False),
    # the military clock in words: 24-hour, never the evening
    ("military clock", "nineteen hundred hours", "2024-05-15T19:00:00", True),
    ("military clock", "nineteen hundred hours", "2024-05-16T07:00:00", False),
    ("military clock", "thirteen hundred", "1300-06-01", True),  # alone, a year as "nineteen hundred" is
    ("military clock", "thirteen hundred", "2024-05-15T13:00:00", False),
    ("military clock", "at thirteen hundred tomorrow", "2024-05-16T13:00:00", True),  # after "at", the clock
    ("military clock", "at thirteen hundred tomorrow", "2024-05-16T01:00:00", False),
    ("military clock", "at twenty-one hundred", "2024-05-15T21:00:00", True),
    ("military clock", "what thirteen hundred", "2024-05-15T13:00:00", False),  # "at" as a word alone
    ("military clock", "fourteen thirty hours", "2024-05-15T14:30:00", True),
    ("military clock", "fourteen thirty hours", "2024-05-16T02:30:00", False),
    ("military clock", "oh nine hundred", "2024-05-16T09:00:00", True),  # 09:00 has passed when said
    ("military clock", "oh nine hundred", "2024-05-15T21:00:00", False),
    ("military clock", "twenty two hundred hours tomorrow", "2024-05-16T22:00:00", True),
    ("military clock", "twenty two hundred hours tomorrow", "2024-05-16T10:00:00", False),
    ("military clock", "zero nine hundred hours", "2024-05-16T09:00:00", True),
    # a military clock is a time of day, never a length
    ("military clock", "oh nine hundred ago", "2024-04-07T22:00:00", ERROR),
    ("military clock", "zero nine hundred hours ago", "2024-04-07T22:00:00", ERROR),
    ("military clock", "in oh nine hundred", "2024-06-21T22:00:00", ERROR),
    ("military clock", "nineteen hundred hours from now", "2024-08-02T14:00:00", ERROR),
    ("military clock", "in two hundred hours", "2024-05-23T18:00:00", True),  # a length: no clock says it
    ("military clock", "0900 hours ago", "2024-04-07T22:00:00", ERROR),
    ("military clock", "in 0900 hours", "2024-06-21T22:00:00", ERROR),
    ("military clock", "0900 hours tomorrow", "2024-05-16T09:00:00", True),
    # "before last", as "after next"
    ("before last", "the night before last", "2024-05-13T22:00:00", True),
    ("before last", "the night before last", "2024-05-14T22:00:00", False),
    ("before last", "the night before last", "2024-05-12T22:00:00", False),
    ("before last", "the day before last", "2024-05-13", True),
    ("before last", "the day before last", "2024-05-14", False),
    # a part of the day before or after no day named is not understood, never "before tonight"
    ("before nothing", "the night before", "2024-05-15T12:00:00", ERROR),
    ("before nothing", "the evening before", "2024-05-15T12:00:00", ERROR),
    ("before nothing", "the morning after", "2024-05-15T14:00:00", ERROR),
    ("before nothing", "before tonight", "2024-05-15T12:00:00", True),
    ("before nothing", "before tonight", "2024-05-15T19:00:00", False),
    ("before nothing", "the night before christmas", "2024-12-24T22:00:00", True),
    ("before nothing", "the night before christmas", "2024-12-25T22:00:00", False),
    # "the year" before a year in words
    ("the year in words", "the year two thousand", "2000-03-01", True),
    ("the year in words", "the year two thousand", "2001-03-01", False),
    ("the year in words", "the year nineteen ninety nine", "1999-12-31", True),
    ("the year in words", "the year nineteen ninety nine", "2000-01-01", False),
    ("the year in words", "in the year twenty ten", "2010-06-01", True),
    ("the year in words", "in the year twenty ten", "2011-06-01", False),
    ("the year in words", "one year ten months ago", "2022-07-15", True),  # after a count "year" is a unit
    ("the year in words", "one year ten months ago", "2022-07-14", False),
    ("the year in words", "in a year twelve days", "2025-05-27", True),
    ("the year in words", "in a year twelve days", "2025-05-26", False),
    # a day number before the month an end names: both ends in one year, never the end in the next
    ("one year", "10 to 12 May", {"start": "2024-05-10", "end": "2024-05-12"}, True),
    ("one year", "10 to 12 May", {"start": "2024-05-10", "end": "2025-05-12"}, False),
    ("one year", "10--12 May", {"start": "2024-05-10", "end": "2025-05-12"}, False),
    ("one year", "the 10th to the 12th of May", {"start": "2024-05-10", "end": "2025-05-12"}, False),
    ("one year", "10 May to 12 May", {"start": "2025-05-10", "end": "2025-05-12"}, True),
    ("one year", "10 May to 12 May", {"start": "2024-05-10", "end": "2025-05-12"}, False),
    # the Nth day of a period named without "of" (a week starts on Monday)
    ("day of a period", "the 4th day last week", "2024-05-09", True),
    ("day of a period", "the 4th day last week", "2024-05-04", False),  # never the 4th of the month
    ("day of a period", "the 4th day last week", "2024-05-10", False),
    ("day of a period", "the first day next month", "2024-06-01", True),
    ("day of a period", "the first day next month", "2024-06-02", False),
    ("day of a period", "the last day this month", "2024-05-31", True),
    ("day of a period", "the last day this month", "2024-05-30", False),
    # noon and midnight said with twelve
    ("twelve", "12:00 noon", "2024-05-15T12:00:00", True),
    ("twelve", "12:00 noon", "2024-05-16T00:00:00", False),
    ("twelve", "twelve o'clock midnight", "2024-05-16T00:00:00", True),
    ("twelve", "twelve o'clock midnight", "2024-05-15T12:00:00", False),
    ("twelve", "12 o'clock noon tomorrow", "2024-05-16T12:00:00", True),
    ("twelve", "12 o'clock noon tomorrow", "2024-05-16T00:00:00", False),
    # compact hours and minutes; "over" a count is an open bound
    ("compact offsets", "1h15m ago", "2024-05-15T08:45:00", True),
    ("compact offsets", "1h15m ago", "2024-05-15T08:44:00", False),
    ("more than a count", "over 2 hours ago", "2024-05-15T08:00:00", ERROR),
    ("more than a count", "over a week ago", "2024-05-08", ERROR),
    ("more than a count", "over the weekend", "2024-05-18", True),  # "over" a period is during it
    # "or so" after a time of day is about that time, as "-ish" is; after a count or a day it stays vague
    ("or so", "at 7 or so", "2024-05-15T19:20:00", True),
    ("or so", "at 7 or so", "2024-05-15T20:00:00", False),
    ("or so", "3pm or so", "2024-05-15T14:40:00", True),
    ("or so", "3pm or so", "2024-05-15T16:00:00", False),
    ("or so", "in 2 hours or so", "2024-05-15T12:00:00", ERROR),
    ("or so", "june 5 or so", "2024-06-05", ERROR),
]


@pytest.mark.parametrize(("kind", "phrase", "argument", "expected"), ROWS, ids=[f"{r[0]}: {r[1]}" for r in ROWS])
def test_written_forms(kind: str, phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


def test_an_error_quotes_the_words_written_never_their_rewriting() -> None:
    outcome = match_date_time("a day or two days ago", "2024-05-14", WED)
    assert outcome.error is not None
    assert "could not understand 'days', 'ago' in 'a day or two days ago'" in outcome.error
    assert "1 days" not in outcome.error
