"""Two-digit years follow one rule however they are written (slashes, dashes, a month's name, an apostrophe, a season
or a holiday): 00 to 29 are 2000 to 2029 and 69 to 99 are 1969 to 1999, where the common conventions agree; 30 to 68
keep both readings (19xx and 20xx), so an argument in either century passes and one moved by a day fails.

Calendar facts used (``python -m calendar``, ``dateutil.easter``): 1940-03-18 was a Monday and 2040-03-18 is a
Sunday; Easter fell on 1940-03-24 and 1975-03-30 and falls on 2040-04-01 and 2075-04-07.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_date_row

WED = datetime(2025, 3, 12, 10, 20)  # a Wednesday, naive (wall clock)

#: March 18 with its year in two digits, in every way it is written.
SHAPES = ["3/18/{}", "3-18-{}", "18-Mar-{}", "Mar/18/{}", "march 18 '{}", "march 18, '{}", "18 march {}", "march 18 {}"]

#: For each two-digit year: the arguments that pass and those that fail, on March 18 of that year.
BANDS: list[tuple[str, list[str], list[str]]] = [
    ("05", ["2005-03-18"], ["1905-03-18", "2005-03-19", "2025-03-18"]),
    ("29", ["2029-03-18"], ["1929-03-18", "2029-03-17"]),
    ("30", ["1930-03-18", "2030-03-18"], ["1930-03-19", "2030-03-19", "2025-03-18"]),
    ("40", ["1940-03-18", "2040-03-18"], ["1940-03-19", "2040-03-17", "2025-03-18"]),
    ("68", ["1968-03-18", "2068-03-18"], ["1968-03-17", "2068-03-19"]),
    ("69", ["1969-03-18"], ["2069-03-18", "1969-03-19"]),
    ("87", ["1987-03-18"], ["2087-03-18", "1987-03-19"]),
]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize(("digits", "passing", "failing"), BANDS, ids=[band[0] for band in BANDS])
def test_a_two_digit_year_reads_alike_in_every_shape(
    shape: str, digits: str, passing: list[str], failing: list[str]
) -> None:
    phrase = shape.format(digits)
    for argument in passing:
        assert_date_row(phrase, argument, WED, True)
    for argument in failing:
        assert_date_row(phrase, argument, WED, False)


ROWS: list[tuple[str, object, object]] = [
    # a month and a year
    ("june 88", "1988-06-15", True),
    ("june 88", "2088-06-15", False),
    ("june 40", "1940-06-15", True),
    ("june 40", "2040-06-15", True),
    ("june 40", "2040-07-01", False),
    ("april of 47", "1947-04-30", True),
    ("april of 47", "2047-04-01", True),
    ("april of 47", "2047-05-01", False),
    # after the day, past 23: the year only, in either order
    ("april 9 47", "1947-04-09", True),
    ("9 april 47", "2047-04-09", True),
    ("april 9 47", "2047-04-10", False),
    # seasons, holidays and quarters follow the same rule
    ("summer '40", "1940-07-01", True),
    ("summer '40", "2040-07-01", True),
    ("summer '40", "2025-07-01", False),
    ("summer '75", "1975-07-01", True),
    ("summer '75", "2075-07-01", False),
    ("easter '40", "1940-03-24", True),
    ("easter '40", "2040-04-01", True),
    ("easter '40", "2040-04-02", False),
    ("easter '40", "1940-04-01", False),  # each century's own Easter, never the other's date
    ("easter '75", "1975-03-30", True),
    ("easter '75", "2075-04-07", False),
    ("q3 of '40", "1940-08-01", True),
    ("q3 of '40", "2040-08-01", True),
    ("q3 of '40", "2040-10-01", False),
    # a weekday keeps the century it falls in
    ("monday march 18 '40", "1940-03-18", True),
    ("monday march 18 '40", "2040-03-18", False),
    ("sunday march 18 '40", "2040-03-18", True),
    # a range is read in one century at a time, its ends sharing the year
    ("march 5 to april 9 '47", {"start": "1947-03-05", "end": "1947-04-09"}, True),
    ("march 5 to april 9 '47", {"start": "2047-03-05", "end": "2047-04-09"}, True),
    ("march 5 to april 9 '47", {"start": "1947-03-05", "end": "2047-04-09"}, False),
    ("march 5 to april 9 '47", {"start": "2047-03-06", "end": "2047-04-09"}, False),
    ("nov to feb '47", {"start": "1946-11-01", "end": "1947-02-28"}, True),
    ("nov to feb '47", {"start": "2046-11-01", "end": "2047-02-28"}, True),
    ("nov to feb '47", {"start": "1947-11-01", "end": "2047-02-28"}, False),
    # a calendar year alone has one reading: two are not understood
    ("cy18", "2018-05-01", True),
    ("cy45", "2045-05-01", ERROR),
    ("cy45", "1945-05-01", ERROR),
    # so has "the year" before two digits; more digits are the year written
    ("the year 90", "1990-05-01", True),
    ("the year 90", "0090-05-01", False),
    ("year 09", "2009-05-01", True),
    ("year 09", "0009-05-01", False),
    ("the year 45", "1945-05-01", ERROR),
    ("the year 45", "0045-05-01", ERROR),
    ("the year 2000", "2000-05-01", True),
    ("the year 2000", "2001-05-01", False),
    ("the year two thousand", "2000-05-01", True),
    ("year 247", "0247-05-01", True),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_two_digit_years(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


def test_the_reason_shows_both_readings() -> None:
    outcome = match_date_time("3/18/40", "1940-03-18", WED)
    assert outcome.passed
    assert "resolved '3/18/40' to 1940-03-18 or 2040-03-18" in outcome.reason


#: Three two-digit fields are read every way they make a day: day first (DD-MM-YY), month first (MM-DD-YY) and year
#: first (YY-MM-DD, as "22-06-25" is written for 2022-06-25), whatever joins them, as "03/04/2025" keeps its day-first
#: and month-first readings; a field of one digit ("3/4/25") is never a year first.
YEAR_FIRST: list[tuple[str, object, object]] = [
    ("22-06-25", "2025-06-22", True),
    ("22-06-25", "2022-06-25", True),
    ("22-06-25", "2022-06-26", False),
    ("22-06-25", "2025-06-23", False),
    ("25-06-22", "2022-06-25", True),
    ("25-06-22", "2025-06-22", True),
    ("25-06-22", "2025-06-25", False),
    ("22/06/25", "2022-06-25", True),
    ("22.06.25", "2022-06-25", True),
    ("22/06/25 14:00", "2022-06-25T14:00:00", True),
    ("22/06/25 14:00", "2022-06-25T15:00:00", False),
    ("03-04-25", "2025-03-04", True),
    ("03-04-25", "2025-04-03", True),
    ("03-04-25", "2003-04-25", True),
    ("03-04-25", "2025-04-25", False),
    ("3/4/25", "2003-04-25", False),
    ("99-12-31", "1999-12-31", True),
    ("99-12-31", "2099-12-31", False),
    ("45-06-22", "1945-06-22", True),
    ("45-06-22", "2045-06-22", True),
    ("45-06-22", "2045-06-23", False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), YEAR_FIRST)
def test_two_digit_fields_keep_every_order_they_read_in(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


#: "1H26" is the first half of 2026 in business writing and 01:26 in French writing: both readings are kept ("2H25"
#: the second half of 2025 and 02:25); "at 1h26" is the time only.
HALF_YEARS: list[tuple[str, object, object]] = [
    ("1H26", "2026-03-01", True),
    ("1H26", "2025-03-13T01:26:00", True),
    ("1H26", "2026-07-01", False),
    ("1H26", "2025-03-13T01:27:00", False),
    ("2H25", "2025-09-01", True),
    ("2H25", "2025-03-13T02:25:00", True),
    ("2H25", "2025-03-01", False),
    ("1H45", "1945-03-01", True),
    ("1H45", "2045-03-01", True),
    ("at 1h26", "2025-03-13T01:26:00", True),
    ("at 1h26", "2026-03-01", False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), HALF_YEARS)
def test_a_half_year_or_a_french_clock_keeps_both_readings(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


#: A decade naming no century is the latest one begun by the request, and the coming one too when it is the next
#: decade: in 2025 "the 20s" are the 2020s, "the 30s" the 1930s or the 2030s, "the 40s" the 1940s; said in 2105, "the
#: 90s" are the 2090s.
DECADES: list[tuple[str, datetime, str, bool]] = [
    ("the 90s", WED, "1995-05-01", True),
    ("the 90s", WED, "2095-05-01", False),
    ("the '80s", WED, "1984-02-29", True),
    ("the '80s", WED, "2084-02-29", False),
    ("the nineties", WED, "1999-12-31", True),
    ("the nineties", WED, "2090-01-01", False),
    ("the 70s", WED, "1970-01-01", True),
    ("the 70s", WED, "2070-01-01", False),
    ("the 20s", WED, "2025-01-01", True),
    ("the 20s", WED, "1925-01-01", False),
    ("the twenties", WED, "2029-12-31", True),
    ("the 30s", WED, "1935-01-01", True),
    ("the 30s", WED, "2035-01-01", True),
    ("in the 30s", WED, "1935-01-01", True),
    ("in the 30s", WED, "2035-01-01", True),
    ("in the 30s", WED, "1945-01-01", False),
    ("the 40s", WED, "1945-01-01", True),
    ("the 40s", WED, "2045-01-01", False),
    ("the early 90s", WED, "1991-06-01", True),
    ("the early 90s", WED, "2091-06-01", False),
    ("the 90s", datetime(2105, 1, 1), "2095-05-01", True),
    ("the 90s", datetime(2105, 1, 1), "1995-05-01", False),
    ("the 20s", datetime(2019, 12, 31), "1925-01-01", True),
    ("the 20s", datetime(2019, 12, 31), "2025-01-01", True),
    ("the 20s", datetime(2019, 12, 31), "1915-01-01", False),
]


@pytest.mark.parametrize(("phrase", "user_time", "argument", "expected"), DECADES)
def test_a_decade_naming_no_century_is_the_latest_begun(
    phrase: str, user_time: datetime, argument: str, expected: bool
) -> None:
    assert_date_row(phrase, argument, user_time, expected)


OCT_2026 = datetime(2026, 10, 28, 21, 15)

#: Where the phrase looks forward, a decade naming no century that has ended is also the next one: a deadline ("by the
#: 30s" said in 2026 is by the 2030s, never by the 1930s) or a phrase the latest begun leaves without a reading
#: ("before the 30s", "from now until the 30s"), when the next one falls in the century of the request; said alone, or
#: in a range of past decades, it keeps the latest begun.
DECADES_AHEAD: list[tuple[str, object, object]] = [
    ("by the 30s", "1935-06-01", False),
    ("by the 30s", "2035-06-01", True),
    ("until the 30s", "1935-01-01", False),
    ("until the 30s", "2035-01-01", True),
    ("no later than the 40s", "1945-01-01", False),
    ("no later than the 40s", "2045-01-01", True),
    ("by the end of the 30s", "1939-12-31", False),
    ("by the end of the 30s", "2039-12-31", True),
    ("by the 90s", "1995-01-01", False),
    ("by the 90s", "2095-01-01", True),
    ("before the 30s", "2029-06-01", True),
    ("before the 30s", "1929-06-01", False),
    ("from now until the 30s", {"start": "2026-10-28T21:15", "end": "2030-01-01"}, True),
    ("from now until the 30s", {"start": "2026-10-28T21:15", "end": "1930-01-01"}, False),
    ("from the 80s to the 90s", {"start": "1980-01-01", "end": "1999-12-31"}, True),
    ("from the 80s to the 90s", {"start": "2080-01-01", "end": "2099-12-31"}, False),
    ("the 30s", "1935-01-01", True),
    ("the 30s", "2035-01-01", True),
    ("from now to the 30s", {"start": "2026-10-28T21:15", "end": "2030-01-01"}, True),
    ("from now to the 30s", {"start": "2026-10-28T21:15", "end": "1930-01-01"}, False),
    ("by the 20s", "2027-01-01", True),  # the 2020s are under way: never the 2120s
    ("by the 20s", "2125-01-01", False),
    ("by the 10s", "2015-01-01", ERROR),  # begun this century and passed: a deadline past, never the 2110s
    ("by the 10s", "2115-01-01", ERROR),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), DECADES_AHEAD)
def test_a_decade_naming_no_century_looking_forward_is_also_the_next(
    phrase: str, argument: object, expected: object
) -> None:
    assert_date_row(phrase, argument, OCT_2026, expected)


@pytest.mark.parametrize(
    ("phrase", "user_time", "argument", "expected"),
    [
        ("by the 30s", datetime(2105, 1, 1), "2135-06-01", True),  # the 1930s begun last century: this one's
        ("by the 30s", datetime(2105, 1, 1), "2035-06-01", False),
        ("by the mid 90s", datetime(1999, 6, 1), "1995-06-01", ERROR),  # passed, never kept as a year asked about
        ("by the 30s", datetime(1999, 6, 1), "1935-06-01", ERROR),
    ],
)
def test_a_decade_ahead_falls_in_the_century_of_the_request(
    phrase: str, user_time: datetime, argument: str, expected: object
) -> None:
    assert_date_row(phrase, argument, user_time, expected)


NOV_2026 = datetime(2026, 11, 29, 12, 0)

#: A decade is read a century on only at the end of the phrase after its deadline word, alone or from a start after the
#: decade read first has ended: a range between decades keeps the latest begun on both ends (or is not understood when
#: that ends before it starts), and "through the 90s", which may name a past period, has passed.
DECADE_RANGES: list[tuple[str, object, object]] = [
    ("from the 80s through the 90s", {"start": "1981-01-01", "end": "1995-01-01"}, True),
    ("from the 80s through the 90s", {"start": "2081-01-01", "end": "2095-01-01"}, False),
    ("from the 80s through the 90s", {"start": "1981-01-01", "end": "2095-01-01"}, False),
    ("from the 80s until the 90s", {"start": "1981-01-01", "end": "1995-01-01"}, True),
    ("from the 80s until the 90s", {"start": "2081-01-01", "end": "2095-01-01"}, False),
    ("the 80s through the 90s", {"start": "1981-01-01", "end": "1995-01-01"}, True),
    ("the 80s through the 90s", {"start": "2081-01-01", "end": "2095-01-01"}, False),
    ("between the 80s and the 90s", {"start": "1981-01-01", "end": "1995-01-01"}, True),
    ("between the 80s and the 90s", {"start": "2081-01-01", "end": "2095-01-01"}, False),
    ("the 70s until the 80s", {"start": "1971-01-01", "end": "1985-01-01"}, True),
    ("the 70s until the 80s", {"start": "2071-01-01", "end": "2085-01-01"}, False),
    ("from the 20s through the 30s", {"start": "2021-01-01", "end": "2035-01-01"}, True),  # the next decade
    ("from the 20s through the 30s", {"start": "2021-01-01", "end": "1935-01-01"}, False),
    ("between the 20s and the 30s", {"start": "2021-01-01", "end": "2035-01-01"}, True),
    ("through the 90s", "2095-06-01", ERROR),
    ("through the 90s", "1995-06-01", ERROR),
    ("thru the 30s", "2035-06-01", True),
    ("until the 90s", "2095-06-01", True),
    ("till the 30s", "2035-06-01", True),
    ("up to the 30s", "2031-01-01", True),
    ("until the end of the 30s", "2039-12-31", True),
    ("from now through the 30s", {"start": "2026-11-29T12:00", "end": "2030-01-01"}, True),
    ("from 1995 until the 30s", {"start": "1995-01-01", "end": "2030-01-01"}, True),
    ("from 1995 until the 90s", {"start": "1995-01-01", "end": "2095-01-01"}, ERROR),  # begun before the 90s ended
    ("from 1995 until the 90s", "1995-06-01", ERROR),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), DECADE_RANGES)
def test_a_decade_is_read_ahead_only_after_the_deadline_word_alone(
    phrase: str, argument: object, expected: object
) -> None:
    assert_date_row(phrase, argument, NOV_2026, expected)
