"""Phrases at the edges of the grammar: offsets past the calendar give a clear reason, a length of "a few" units is not
an exact length, the weekend after (before) a date is read while "after" a date alone is not understood, and
durations written with their units together ("1h30m") are read whole.

user_time is 2013-02-12T04:30-02:00, a Tuesday. US Thanksgiving 2013 is Thursday 2013-11-28; Christmas 2013 is a
Wednesday.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

U = datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2)))

ROWS: list[tuple[str, str, object]] = [
    # a weekend after or before a date
    ("the weekend after thanksgiving", "2013-11-30", True),
    ("the weekend after thanksgiving", "2013-12-01", True),
    ("the weekend after thanksgiving", "2013-11-29", False),
    ("the weekend after thanksgiving", "2013-12-07", False),
    ("the weekend after thanksgiving", "2013-11-28", False),
    ("the weekend before christmas", "2013-12-21", True),
    ("the weekend before christmas", "2013-12-22", True),
    ("the weekend before christmas", "2013-12-28", False),
    ("the weekend before christmas", "2013-12-14", False),
    ("the weekend after march 3", "2013-03-09", True),
    ("the weekend after march 3", "2013-03-02", False),
    ("the weekend after next", "2013-03-02", True),
    ("the weekend after next", "2013-02-23", True),  # after "next weekend" read as this week's (a Tuesday)
    ("the weekend after next", "2013-02-16", False),
    # the weekend of one day: its own Saturday and Sunday, or the weekend next to it (both around a Wednesday)
    ("the weekend of march 9", "2013-03-10", True),
    ("the weekend of march 9", "2013-03-08", False),
    ("the weekend of the 18th", "2013-02-16", True),
    ("the weekend of the 18th", "2013-02-18", False),
    ("the weekend of the 18th", "2013-02-23", False),
    ("the weekend of april 3", "2013-03-30", True),
    ("the weekend of april 3", "2013-04-07", True),
    ("the weekend of april 3", "2013-04-03", False),
    ("the weekend of next month", "2013-03-02", ERROR),
    ("in the coming days", "2013-02-13", ERROR),  # how many days is not said
    # "after" a date names no date of its own: never read as the date itself
    ("after christmas", "2013-12-25", ERROR),
    ("after christmas", "2013-12-26", ERROR),
    ("after march 3", "2013-03-03", ERROR),
    # "since" a day: from it (the one just gone) to now, never the next one
    ("since monday", "2013-02-18", False),
    ("since monday", "2013-02-11", True),
    ("since monday", "2013-02-11/2013-02-12T04:30", True),
    ("since monday", "2013-02-11/2013-02-15", False),
    ("since christmas", "2013-12-25", False),
    ("since christmas", "2012-12-25", True),
    ("since 3am", "2013-02-12T03:00", True),
    ("since 3am", "2013-02-11T03:00", False),
    ("since 5am", "2013-02-12T05:00", ERROR),  # later today than now
    ("since tomorrow", "2013-02-13", ERROR),
    # a reading of the start after now leaves no other reading to decide: 05:20 is yet to come, never May 20
    ("since 5.20", "2012-05-20", ERROR),
    ("from 5.20 to now", "2012-05-20", ERROR),
    ("since 3.30", "2013-02-12T03:30", True),
    ("since 12.10", "2013-02-12T00:10", ERROR),  # 12:10 is yet to come, never 00:10 alone
    ("since 12:10 am", "2013-02-12T00:10", True),
    ("since now", "2013-02-12", ERROR),
    ("since next week", "2013-02-19", ERROR),
    ("3 days after christmas", "2013-12-28", True),
    ("3 days after christmas", "2013-12-25", False),
    ("the monday after thanksgiving", "2013-12-02", True),
    ("the monday after thanksgiving", "2013-11-25", False),
    # a vague number of units is no exact length
    ("for a few hours", "PT3H", ERROR),
    ("for a few hours", "PT2H", ERROR),
    ("for few days", "P3D", ERROR),
    ("for 3 hours", "PT3H", True),
    ("for 3 hours", "PT2H", False),
    # units written together
    ("for 1h30m", "PT1H30M", True),
    ("for 1h30m", "PT1H", False),
    ("for 2 hours", "1h60m", True),
    ("for 1 hour", "1h60m", False),  # 1h60m is two hours, never read in part
    ("for 90 minutes", "1h30m", True),
    ("for 2 days", "2d4h", False),
    # two numbers joined by a dash, alone or beside a weekday: a range of hours, and a month and day too
    ("4-22", "2013-04-22", True),
    ("4-22", "2013-04-23", False),
    ("4-22", "2013-02-13T04:00:00", True),  # 22 is a 24-hour hour: 4 is as written
    ("4-22", "2013-02-12T16:00:00", False),
    ("friday 3-15", "2013-03-15", True),  # March 15 2013 is a Friday
    ("friday 3-15", "2013-03-16", False),
    ("tuesday 3-15", "2013-03-15", False),  # not a Tuesday: only the hours
    ("3-15 next week", "2013-03-15", False),  # beside a period: only the hours
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_edge_phrases(phrase: str, argument: str, expected: object) -> None:
    outcome = match_date_time(phrase, argument, U)
    assert_verdict(outcome, expected)


@pytest.mark.parametrize("phrase", ["in 99999999999 fortnights", "99999999999 hours ago", "in 9000 years"])
def test_offsets_past_the_calendar_say_so(phrase: str) -> None:
    outcome = match_date_time(phrase, "2013-02-13", U)
    assert not outcome.passed
    assert "outside the calendar" in outcome.reason
    assert "C int" not in outcome.reason


def test_a_vague_length_names_the_words() -> None:
    outcome = match_date_time("for a few hours", "PT3H", U)
    assert "'a few'" in outcome.reason


@pytest.mark.parametrize("phrase", ["the 2nd-3rd monday", "the 2nd-3rd monday of october"])
@pytest.mark.parametrize("argument", ["2025-10-02", "2025-10-10", "2025-10-13"])
def test_ordinals_joined_before_a_weekday_are_never_days_of_the_month(phrase: str, argument: str) -> None:
    outcome = match_date_time(phrase, argument, datetime(2025, 10, 2, 9, 20))  # a Thursday
    assert_verdict(outcome, ERROR)
