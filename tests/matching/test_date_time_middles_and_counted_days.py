"""The middle of a part of the day ("mid-morning" is 09:30 to 11:00, never from 06:45), days counted from a named
day or period ("the day after next Tuesday", "the last full week of June", "since the beginning of the year"), and
reasons that quote the words the user wrote, never the matcher's rewriting of them ("tmrw" is never shown "tomorrow").

2024-06-10 is a Monday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import resolve
from tests.support.verdicts import ERROR, assert_date_row

MON = datetime(2024, 6, 10, 8, 0)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [("mid-morning", "2024-06-10T10:30", True), ("mid-morning", "2024-06-10T09:30", True),
     ("mid-morning", "2024-06-10T07:00", False), ("mid-morning", "2024-06-10T11:00", False),
     ("midmorning tomorrow", "2024-06-11T10:00", True), ("the middle of the morning", "2024-06-10T08:00", False),
     ("mid-afternoon", "2024-06-10T15:00", True), ("mid-afternoon", "2024-06-10T13:30", False),
     ("mid-evening", "2024-06-10T20:00", True), ("mid-evening", "2024-06-10T18:45", False),
     ("early morning", "2024-06-10T06:00", True)],
)  # fmt: skip
def test_the_middle_of_a_part_of_the_day(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, MON, expected)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [  # the day after next Tuesday: the Wednesday after it (never the day after tomorrow read on a Tuesday)
     ("the day after next Tuesday", "2024-06-12", True), ("the day after next Tuesday", "2024-06-19", True),
     ("the day after next Tuesday", "2024-06-11", False), ("the day after next, Tuesday", "2024-06-12", ERROR),
     # four digits below 1500 said about: that minute, as "around 10:30"; a year stays not understood
     ("around 1030", "2024-06-10T10:30", True), ("around 1030", "2024-06-10T11:30", False),
     ("about 0930 tomorrow", "2024-06-11T09:30", True), ("around 2015", "2024-06-10T20:15", ERROR),
     ("circa 1030", "2024-06-10T10:30", ERROR),
     # beside a year they name no day: never January 1
     ("around 1030 next year", "2025-01-01T10:30", ERROR), ("around 1030 in 2025", "2025-01-01T10:30", ERROR),
     ("next year around 1030", "2025-01-01T10:30", ERROR), ("roughly 1200 2025", "2025-01-01T12:00", ERROR),
     # a full (whole, complete) week of a period lies wholly inside it, Monday to Sunday
     ("the last full week of June", "2024-06-24", True), ("the last full week of June", "2024-06-03", False),
     ("the last whole week of June", "2024-06-03", False), ("the first full week of June", "2024-06-03", True),
     ("the first full week of June", "2024-05-27", False), ("the last complete week of June 2025", "2025-06-23", True),
     ("the last full week of June 2025", "2025-06-30", False),
     # since the beginning of the year: from its start to date, the end on the day it is said (as "year to date")
     ("since the beginning of the year", "2024-01-01", True), ("since the beginning of the year", "2023-01-01", False),
     ("since the beginning of the year", {"start": "2024-01-01", "end": "2024-06-10"}, True),
     ("since the beginning of the year", {"start": "2024-01-01", "end": "2024-06-10T10:00"}, True),
     ("since the beginning of the year", {"start": "2024-01-01", "end": "2030-01-01"}, False),
     ("since the beginning of the year", {"start": "2024-01-01", "end": "2024-06-11T09:00"}, False),
     ("since the start of the month", {"start": "2024-06-01", "end": "2024-12-31"}, False),
     ("since the start of the month", "2024-06-01", True), ("since Monday", "2024-06-03", True),
     ("since Monday", "2024-06-10", False)],  # said on a Monday: the one a week before
)  # fmt: skip
def test_days_counted_from_a_named_day_or_period(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, MON, expected)


@pytest.mark.parametrize(
    ("phrase", "quoted"),
    [("tmrw yesterday", "'tmrw yesterday' name no common date"),
     ("CW49 tomorrow", "'CW49 tomorrow' name no common date"),
     ("1h15m ago tomorrow", "'1h15m ago' counts from now"), ("midweek tomorrow yesterday", "'midweek' beside"),
     ("a day or two foo", "could not understand 'a day or two', 'foo'"),
     ("a day or two ago tomorrow yesterday", "could not understand 'a day or two ago tomorrow yesterday'"),
     ("in 2½ hours tomorrow", "'in 2½ hours' counts from now"),
     ("tmrw, yesterday", "'tmrw, yesterday' name no common date"),
     ("next fri at 5 tmrw", "'next fri at 5 tmrw' name no common date"),
     ("mother's day tmrw yesterday", "\"mother's day tmrw yesterday\" name no common date")],
)  # fmt: skip
def test_a_reason_quotes_the_words_the_user_wrote(phrase: str, quoted: str) -> None:
    problem = resolve(phrase, MON).problem
    assert problem is not None
    assert quoted in problem, problem
