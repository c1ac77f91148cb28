"""Table-driven behaviour of the ``date_time`` matcher, family by family, with negatives for each.

Every row is (phrase, user_time, argument, expected) where expected is ``True`` (passes), ``False`` (fails) or
``ERROR`` (not understood: an error naming the words, never a verdict). Negatives move the correct argument by
one unit of the phrase's grain, put it on the window's end instant, or check that a broader reading is refused.

Calendar facts used (checked with ``python -m calendar``): 2013-02-12 is a Tuesday; 2013-03-03 a Sunday;
2013-02-15 a Friday; 2012-11-22 was US Thanksgiving; 2013-11-29 is Black Friday; orthodox Easter 2018 was
2018-04-08; Diwali 2019 fell on 2019-10-27; 2014-10-01 is a Wednesday (its week starts 2014-09-29);
2013-10-05 is a Saturday (the closest Monday is 2013-10-07).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from mb.matching.date_time import match_date_time

ERROR = "error"
U = datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2)))  # a Tuesday, fixed offset -02:00
N = datetime(2016, 11, 7, 16, 12)  # a Monday, naive (wall clock)

Row = tuple[str, str, datetime | None, object, object]

ROWS: list[Row] = [
    # complete understanding: an unused word means no verdict, never a broader reading
    ("understanding", "diwali 2019", U, "2019-10-27", True),
    ("understanding", "diwali 2019", U, "2019-10-28", False),
    ("understanding", "diwali 2019", U, "2019-03-05", False),  # not "any day of 2019"
    ("understanding", "the ides of march", U, "2013-03-15", True),
    ("understanding", "the ides of march", U, "2013-03-16", False),  # not "any day of March"
    ("understanding", "tonight 815", U, "2013-02-12T20:15:00-02:00", True),
    ("understanding", "tonight 815", U, "2013-02-12T20:16:00-02:00", False),
    ("understanding", "blurple friday", U, "2013-02-15", ERROR),
    ("understanding", "march 3 or thereabouts", U, "2013-03-03", ERROR),
    # half-open windows: the end instant belongs to the next window
    ("windows", "march 3", U, "2013-03-03T23:59:00-02:00", True),
    ("windows", "march 3", U, "2013-03-04T00:00:00-02:00", False),
    ("windows", "this quarter", U, "2013-03-31T23:00:00-02:00", True),
    ("windows", "this quarter", U, "2013-04-01T00:00:00-02:00", False),
    ("windows", "2:15pm", U, "2013-02-12T14:15:59-02:00", True),
    ("windows", "2:15pm", U, "2013-02-12T14:16:00-02:00", False),
    # fixed offsets are never guessed into named zones; instants compare across offsets
    ("zones", "march 3", U, "2013-03-04T00:59:00-02:00", False),
    ("zones", "tomorrow at 9am", U, "2013-02-13T11:00:00Z", True),
    ("zones", "tomorrow at 9am", U, "2013-02-13T09:00:00Z", False),
    ("zones", "9am Pacific", datetime(2013, 7, 1, 8, 0), "2013-07-01T16:00:00Z", True),  # PDT on that date
    ("zones", "9am Pacific", datetime(2013, 7, 1, 8, 0), "2013-07-01T17:00:00Z", False),
    ("zones", "tomorrow", None, "2013-02-13", False),  # relative phrase without user_time
    ("zones", "3pm CET", U, "2013-02-12T14:00:00Z", True),
    ("zones", "3PM get", U, "2013-02-12T15:00:00-02:00", ERROR),  # a word is not guessed into a zone
    ("zones", "tomorrow at 8pm London time", U, "2013-02-13T20:00:00Z", True),
    ("zones", "tomorrow at 8pm London time", U, "2013-02-13T20:00:00-02:00", False),
    # clock notations
    ("clock", "a quarter to noon", U, "2013-02-12T11:45:00-02:00", True),
    ("clock", "a quarter to noon", U, "2013-02-12T12:00:00-02:00", False),
    ("clock", "15 to noon", U, "2013-02-12T11:45:00-02:00", True),
    ("clock", "twenty after 3pm", U, "2013-02-12T15:20:00-02:00", True),
    ("clock", "twenty after 3pm", U, "2013-02-12T15:00:00-02:00", False),
    ("clock", "at 3 15", U, "2013-02-12T15:15:00-02:00", True),
    ("clock", "at 3 15", U, "2013-02-12T15:16:00-02:00", False),
    ("clock", "at 12 15", U, "2013-02-12T12:15:00-02:00", True),
    ("clock", "four twenty-three a m", U, "2013-02-13T04:23:00-02:00", True),
    ("clock", "four twenty-three a m", U, "2013-02-13T16:23:00-02:00", False),
    ("clock", "3ish pm", U, "2013-02-12T15:10:00-02:00", True),
    ("clock", "3ish pm", U, "2013-02-12T16:00:00-02:00", False),
    ("clock", "15h30", U, "2013-02-12T15:30:00-02:00", True),
    ("clock", "15h30", U, "2013-02-12T15:31:00-02:00", False),
    ("clock", "8.10 pm", U, "2013-02-12T20:10:00-02:00", True),
    ("clock", "tomorrow at 1530 hours", U, "2013-02-13T15:30:00-02:00", True),
    ("clock", "tomorrow at 1530 hours", U, "2013-02-13T16:30:00-02:00", False),
    # seconds
    ("seconds", "15:23:24", U, "2013-02-12T15:23:24-02:00", True),
    ("seconds", "15:23:24", U, "2013-02-12T15:23:25-02:00", False),
    # fractions and offsets
    ("fraction", "in 1/2 hour", U, "2013-02-12T05:00:00-02:00", True),
    ("fraction", "in 1/2 hour", U, "2013-02-12T05:30:00-02:00", False),
    ("fraction", "in 2 1/2 hours", U, "2013-02-12T07:00:00-02:00", True),
    ("fraction", "in 10.75 minutes", N, "2016-11-07T16:22:45", True),
    ("fraction", "in 10.75 minutes", N, "2016-11-07T16:22:46", False),
    ("offset", "1 month 21 days ago", N, "2016-09-16", True),
    ("offset", "1 month 21 days ago", N, "2016-09-17", False),
    ("offset", "2 thursdays ago", U, "2013-01-31", True),
    ("offset", "2 thursdays ago", U, "2013-02-07", False),
    ("offset", "3 weekdays ago", U, "2013-02-07", True),  # Thu: Mon, Fri, Thu back
    ("offset", "3 weekdays ago", U, "2013-02-09", False),
    # relative weekdays and months
    ("relative", "next friday at 2pm", U, "2013-02-15T14:00:00-02:00", True),
    ("relative", "next friday at 2pm", U, "2013-02-15T15:00:00-02:00", False),
    ("relative", "next March", U, "2014-03-10", True),
    ("relative", "next March", U, "2014-04-01", False),
    ("relative", "Sunday, Feb 10", U, "2013-02-10", True),
    ("relative", "Sunday, Feb 10", U, "2013-02-11", False),
    ("relative", "Monday, Feb 12", U, "2013-02-12", ERROR),  # Feb 12 is a Sun, Tue, Wed in 2012, 2013, 2014
    # holidays from calendar libraries
    ("holiday", "last thanksgiving", U, "2012-11-22", True),
    ("holiday", "last thanksgiving", U, "2013-11-28", False),
    ("holiday", "black friday", U, "2013-11-29", True),
    ("holiday", "black friday", U, "2013-11-30", False),
    ("holiday", "orthodox easter 2018", U, "2018-04-08", True),
    ("holiday", "orthodox easter 2018", U, "2018-04-01", False),  # western Easter
    ("holiday", "chinese new year 2025", U, "2025-01-29", True),
    ("holiday", "chinese new year 2025", U, "2025-01-28", False),
    ("holiday", "hanukkah 2019", U, "2019-12-23", True),
    ("holiday", "eid al-fitr 2019", U, "2019-06-04", True),
    ("holiday", "eid al-fitr 2019", U, "2019-06-05", False),
    # seasons and ends of periods
    ("season", "summer 2014", U, "2014-07-15", True),
    ("season", "summer 2014", U, "2014-10-15", False),
    ("period", "EOM", U, "2013-02-28", True),
    ("period", "EOM", U, "2013-02-27", False),
    ("period", "end of year", U, "2013-12-31T23:00:00-02:00", True),
    ("period", "first week of october 2014", U, "2014-10-02", True),
    ("period", "first week of october 2014", U, "2014-10-06", False),
    ("period", "the closest Monday to Oct 5th", U, "2013-10-07", True),
    ("period", "the closest Monday to Oct 5th", U, "2013-09-30", False),
    ("period", "2019-H2", U, "2019-08-01", True),
    ("period", "2019-H2", U, "2020-01-01", False),
    ("period", "the 1990s", U, "1995-06-01", True),
    ("period", "the 1990s", U, "2000-01-01", False),
    ("period", "first week of 2021", U, "2021-01-04", True),  # ISO week 1 of 2021 starts on Monday Jan 4
    ("period", "first week of 2021", U, "2020-12-31", False),
    ("period", "the week of April 10th", U, "2013-04-08", True),  # 2013-04-10 is a Wednesday
    ("period", "the week of April 10th", U, "2013-04-15", False),
    ("period", "June of nineteen ninety nine", U, "1999-06-30", True),
    ("period", "June of nineteen ninety nine", U, "1999-07-01", False),
    ("period", "May twenty one", U, "2013-05-21", True),
    ("period", "May twenty one", U, "2013-05-20", False),
    # ranges on one parameter: the start's window
    ("range", "from 3 to 4pm", U, "2013-02-12T15:00:00-02:00", True),
    ("range", "from 3 to 4pm", U, "2013-02-12T16:00:00-02:00", False),
    ("range", "from 3 to 4pm", U, "2013-02-12T03:00:00-02:00", False),
]

GROUP_ROWS: list[Row] = [
    # start/end groups: the start in its window, the end at the exclusive end or in the last unit
    ("group", "3-4pm", U, {"start": "2013-02-12T15:00:00-02:00", "end": "2013-02-12T16:00:00-02:00"}, True),
    ("group", "3-4pm", U, {"start": "2013-02-12T15:00:00-02:00", "end": "2013-02-12T17:00:00-02:00"}, False),
    ("group", "last 2 days", U, {"start": "2013-02-10", "end": "2013-02-12"}, True),
    ("group", "last 2 days", U, {"start": "2013-02-10", "end": "2013-02-11"}, True),  # on yesterday
    ("group", "last 2 days", U, {"start": "2013-02-09", "end": "2013-02-12"}, False),
    ("group", "march 3 to 5", U, {"start": "2013-03-03", "end": "2013-03-06"}, True),
    ("group", "march 3 to 5", U, {"start": "2013-03-03", "end": "2013-03-07"}, False),
    ("group", "2014-2018", U, {"start": "2014-01-01", "end": "2018-06-01"}, True),
    ("group", "2014-2018", U, {"start": "2014-01-01", "end": "2019-06-01"}, False),
    ("group", "rest of the week", N, {"start": "2016-11-07", "end": "2016-11-13"}, True),
    ("group", "rest of the week", N, {"start": "2016-11-08", "end": "2016-11-13"}, False),
    ("group", "next 4 business days", N, {"start": "2016-11-08", "end": "2016-11-11"}, True),
    ("group", "next 4 business days", N, {"start": "2016-11-08", "end": "2016-11-14"}, False),
]


def _check(phrase: str, user_time: datetime | None, argument: object, expected: object, group: bool) -> None:
    params = ["start", "end"] if group else None
    outcome = match_date_time(phrase, argument, user_time, params=params)  # type: ignore[arg-type]
    if expected == ERROR:
        assert outcome.error is not None, outcome.reason
        assert not outcome.passed
    else:
        assert outcome.error is None, outcome.reason
        assert outcome.passed is expected, outcome.reason


@pytest.mark.parametrize(("family", "phrase", "user_time", "argument", "expected"), ROWS)
def test_one_parameter(
    family: str, phrase: str, user_time: datetime | None, argument: object, expected: object
) -> None:
    _check(phrase, user_time, argument, expected, group=False)


@pytest.mark.parametrize(("family", "phrase", "user_time", "argument", "expected"), GROUP_ROWS)
def test_start_end_group(
    family: str, phrase: str, user_time: datetime | None, argument: object, expected: object
) -> None:
    _check(phrase, user_time, argument, expected, group=True)


def test_not_understood_names_the_words() -> None:
    outcome = match_date_time("blurple friday at 3pm", "2013-02-15T15:00:00-02:00", U)
    assert outcome.error is not None
    assert "'blurple'" in outcome.reason


def test_relative_phrase_without_user_time_fails_with_that_reason() -> None:
    outcome = match_date_time("tomorrow", "2013-02-13", None)
    assert not outcome.passed
    assert "user_time is missing" in outcome.reason


def test_long_phrases_and_arguments_are_refused_in_linear_time() -> None:
    phrase = "tomorrow at 3pm " * 300
    outcome = match_date_time(phrase, "2013-02-13T15:00:00-02:00", U)
    assert outcome.error is not None
    assert "too long" in outcome.reason
    outcome = match_date_time("tomorrow", "2013-02-13 " * 300, U)
    assert not outcome.passed
    assert "too long" in outcome.reason


@pytest.mark.parametrize(
    ("phrase", "argument", "says"),
    [
        ("march 3", "2013-03-04T00:00:00-02:00", "the day after 'march 3'"),
        ("2:15pm", "2013-02-12T14:14:00-02:00", "the minute before '2:15pm'"),
        ("this quarter", "2013-04-01T00:00:00-02:00", "ends (excluded)"),
        ("tomorrow at 9am", "2013-02-13T09:00:00Z", "2h00m before the start of 2013-02-13T09:00-02:00"),
        ("next friday", "2013-02-19", "3 days before the start of 2013-02-22"),
    ],
)
def test_a_miss_says_how_far_the_argument_is(phrase: str, argument: str, says: str) -> None:
    outcome = match_date_time(phrase, argument, U)
    assert not outcome.passed
    assert says in outcome.reason
