"""Forms whose reading is narrower than a look-alike's: each phrase keeps only the readings a demanding user means,
and a form that cannot be read safely is not understood.

2024-06-12 is a Wednesday.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from mb.matching.date_time import match_date_time, resolve
from tests.support.verdicts import ERROR, assert_date_row

WED = datetime(2024, 6, 12, 10, 0)


def _g(start: str, end: str) -> dict[str, str]:
    return {"start": start, "end": end}


def _label(phrase: str, user_time: datetime = WED) -> str:
    resolution = resolve(phrase, user_time)
    assert resolution.problem is None, resolution.problem
    return resolution.label


@pytest.mark.parametrize(
    "phrase",
    ["for the next fortnight", "throughout the next fortnight", "the coming fortnight", "for the coming fortnight",
     "throughout the coming fortnight"],
)  # fmt: skip
def test_a_fortnight_from_now_is_not_the_calendar_weeks(phrase: str) -> None:
    assert _label(phrase) == (
        "2024-06-12 to 2024-06-25 or 2024-06-13 to 2024-06-26 or 2024-06-12T10:00 to 2024-06-26T10:00"
    )
    assert_date_row(phrase, _g("2024-06-24", "2024-07-07"), WED, False)
    assert_date_row(phrase, _g("2024-06-12", "2024-06-25"), WED, True)


def test_next_fortnight_alone_keeps_the_calendar_weeks() -> None:
    assert " or 2024-06-24 to 2024-07-07" in _label("next fortnight")


@pytest.mark.parametrize(
    ("phrase", "user_time", "day"),
    [
        ("the Friday just gone", datetime(2024, 6, 16, 12), "2024-06-14"),
        ("Monday just gone", WED, "2024-06-10"),
        ("Monday gone", datetime(2024, 6, 18, 10), "2024-06-17"),
        # own cases: said on the day itself, the one a week before
        ("Tuesday gone", datetime(2024, 6, 18, 10), "2024-06-11"),
        ("Sunday just gone", datetime(2024, 6, 17, 9), "2024-06-16"),
    ],
)
def test_a_weekday_gone_is_the_latest_one_alone(phrase: str, user_time: datetime, day: str) -> None:
    assert _label(phrase, user_time) == day
    week_earlier = (datetime.fromisoformat(day) - timedelta(days=7)).date().isoformat()
    assert_date_row(phrase, week_earlier, user_time, False)
    assert_date_row(phrase, day, user_time, True)


SUN = datetime(2024, 6, 16, 12, 0)


@pytest.mark.parametrize(
    ("phrase", "first"),
    [("the past week", "2024-06-09"), ("the past month", "2024-05-16"), ("the past year", "2023-06-16"),
     ("past week", "2024-06-09"), ("the past fortnight", "2024-06-02")],
)  # fmt: skip
def test_the_past_period_up_to_today_is_checked_at_both_ends(phrase: str, first: str) -> None:
    assert_date_row(phrase, _g("2024-06-14", "2024-06-15"), SUN, False)  # a short range inside it
    assert_date_row(phrase, _g(first, "2024-06-15"), SUN, True)
    assert_date_row(phrase, _g(first, "2024-06-16"), SUN, True)  # its exclusive end


@pytest.mark.parametrize(
    ("phrase", "label"),
    [("AD 1230", "1230"), ("1230 AD", "1230"), ("1400 CE", "1400"), ("AD 800", "800"), ("AD 2025", "2025"),
     ("800 CE", "800"), ("March AD 2025", "2025-03"), ("in AD 1066", "1066")],
)  # fmt: skip
def test_an_era_beside_a_number_names_a_year_never_a_clock(phrase: str, label: str) -> None:
    assert _label(phrase) == label
    assert_date_row(phrase, "2024-06-12T12:30:00", WED, False)


def test_an_era_year_beside_another_day_is_not_understood() -> None:
    assert_date_row("AD 2025 tomorrow", "2024-06-13T20:25:00", WED, ERROR)
    assert_date_row("1999 AD today", "2024-06-12T19:00:00", WED, ERROR)


@pytest.mark.parametrize(
    ("phrase", "user_time"),
    [("the 31st of the month", WED), ("the 30th of the month", datetime(2024, 2, 10, 10)),
     ("the 31st of the month", datetime(2024, 4, 3, 9)), ("the 29th of the month", datetime(2023, 2, 1, 9))],
)  # fmt: skip
def test_a_day_this_month_lacks_is_read_as_the_nth(phrase: str, user_time: datetime) -> None:
    found = resolve(phrase, user_time)
    assert found.problem is None
    assert found.readings == resolve(phrase.removesuffix(" of the month"), user_time).readings


def test_a_day_of_the_month_is_this_months_or_the_next() -> None:
    assert _label("the 1st of the month") == "2024-06-01 or 2024-07-01"
    assert _label("the 30th of the month", datetime(2024, 1, 31, 9)) == "2024-01-30 or 2024-03-30"  # as "the 30th"
    assert _label("the 31st of the month", datetime(2024, 5, 20, 9)) == "2024-05-31"


@pytest.mark.parametrize(
    ("phrase", "label"),
    [("beginning June", "2024-06-01"), ("beginning 2025", "2025-01-01"), ("beginning next month", "2024-07-01"),
     ("beginning this week", "2024-06-10"), ("beginning June 2025", "2025-06-01"),
     ("beginning next year", "2025-01-01"), ("beginning Monday", "2024-06-17"), ("beginning tomorrow", "2024-06-13")],
)  # fmt: skip
def test_beginning_a_period_is_its_start(phrase: str, label: str) -> None:
    assert _label(phrase) == label


def test_beginning_june_is_not_all_of_june() -> None:
    assert_date_row("beginning June", "2024-06-28", WED, False)
    assert_date_row("beginning next month", "2024-07-20", WED, False)


@pytest.mark.parametrize(
    "phrase",
    ["so far in the month of May", "so far in the week of June 3", "so far in the year 2023",
     "so far in the month of June"],
)  # fmt: skip
def test_so_far_in_a_named_period_is_not_understood(phrase: str) -> None:
    assert resolve(phrase, WED).problem is not None


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [("the early 2000s", "2025-06-01", False), ("the late 2000s", "2080-06-01", False),
     ("the 2000s", "2050-01-01", False), ("the early 2000s", "2001-06-01", True), ("the 1900s", "1950-01-01", True)],
)  # fmt: skip
def test_the_2000s_are_a_decade_alone(phrase: str, argument: str, expected: bool) -> None:
    assert_date_row(phrase, argument, WED, expected)


@pytest.mark.parametrize(
    ("phrase", "label"),
    [("later than 9:30 but before 11", "2024-06-12 09:30-11:00 (after) or 2024-06-12 21:30-23:00 (after)"),
     ("after 9:30 and before 11", "2024-06-12 09:30-11:00 (after) or 2024-06-12 21:30-23:00 (after)"),
     ("after 10 and before 11", "2024-06-12 10:00-11:00 (after) or 2024-06-12 22:00-23:00 (after)"),
     ("after 9 and before 5", "2024-06-12 09:00-17:00 (after)")],
)  # fmt: skip
def test_two_bounds_are_read_in_the_same_half_of_the_day(phrase: str, label: str) -> None:
    assert _label(phrase, datetime(2024, 6, 12, 8)) == label
    assert_date_row(phrase, "2024-06-12T14:00:00", datetime(2024, 6, 12, 8), phrase == "after 9 and before 5")


@pytest.mark.parametrize(
    "phrase",
    ["3 in the evening", "this evening at 3", "tomorrow evening at 3", "8 in the afternoon", "this afternoon at 8",
     "friday evening at 3", "9 in the afternoon", "this afternoon at 8:00"],
)  # fmt: skip
def test_a_bare_hour_two_hours_outside_its_part_is_not_understood(phrase: str) -> None:
    assert resolve(phrase, WED).problem is not None


@pytest.mark.parametrize(
    ("phrase", "label"),
    [("afternoon at 7", "2024-06-12T19:00"), ("4 in the evening", "2024-06-12T16:00"),
     ("7:59 in the afternoon", "2024-06-12T19:59"),
     ("4pm in the evening", "2024-06-12T16:00"), ("7 in the evening", "2024-06-12T19:00")],
)  # fmt: skip
def test_an_hour_near_its_part_is_read(phrase: str, label: str) -> None:
    assert _label(phrase) == label


def test_current_season_is_the_one_under_way() -> None:
    assert resolve("current winter", WED).problem is not None
    assert resolve("current autumn", WED).problem is not None
    assert _label("current summer") == "2024-06-01..2024-08-31 (summer)"
    assert "2023-12-01..2024-02-29 (winter)" in _label("current winter", datetime(2024, 1, 12, 10))


@pytest.mark.parametrize(
    ("phrase", "argument", "params"),
    [("1800s", "PT30M", None), ("1800s", {"duration_seconds": 1800}, ["duration_seconds"]), ("1200s", "PT20M", None),
     ("1500s", "PT25M", None)],
)  # fmt: skip
def test_hundreds_of_seconds_alone_are_a_length(phrase: str, argument: object, params: list[str] | None) -> None:
    outcome = match_date_time(phrase, argument, WED, params=params)  # type: ignore[arg-type]
    assert outcome.passed, outcome.reason


@pytest.mark.parametrize("phrase", ["the 1800s", "1800's", "the early 1800s", "in the 1800s", "late 1800s"])
def test_the_1800s_are_years(phrase: str) -> None:
    assert_date_row(phrase, "1870-06-01" if "late" in phrase else "1806-06-01", WED, True)
    assert_date_row(phrase, "PT30M", WED, False)


UTC_MORNING = datetime.fromisoformat("2024-06-12T08:00:00+00:00")


@pytest.mark.parametrize(
    ("phrase", "label"),
    [("1600Z", "2024-06-12T16:00Z"), ("1900Z", "2024-06-12T19:00Z"), ("2000Z", "2024-06-12T20:00Z"),
     ("2100Z", "2024-06-12T21:00Z"), ("2200Z", "2024-06-12T22:00Z"), ("2300Z", "2024-06-12T23:00Z"),
     ("1600 UTC", "2024-06-12T16:00Z"), ("11:00Z", "2024-06-12T11:00Z"), ("930Z", "2024-06-12T09:30Z"),
     ("June 14 1400Z", "2024-06-14T14:00Z"), ("1400Z Friday", "2024-06-14T14:00Z"),
     ("1400z tomorrow", "2024-06-13T14:00Z"), ("1400Z-1600Z", "2024-06-12T14:00Z to 2024-06-12T16:00Z"),
     ("from 1400Z to 1600Z", "2024-06-12T14:00Z to 2024-06-12T16:00Z"), ("14:00:00Z", "2024-06-12T14:00:00Z")],
)  # fmt: skip
def test_a_zulu_clock_is_a_time_in_utc(phrase: str, label: str) -> None:
    assert _label(phrase, UTC_MORNING) == label


def test_a_zulu_clock_is_never_a_year() -> None:
    assert_date_row("1600Z", "2024-06-12T16:00:00Z", UTC_MORNING, True)
    assert_date_row("1600Z", "1600-06-01", UTC_MORNING, False)
    assert_date_row("1900Z", "2024-06-12T19:00:00+00:00", UTC_MORNING, True)
    assert resolve("2400Z", UTC_MORNING).problem is not None


_LATER_930 = "2024-06-12T21:30 to 2024-06-12T23:30 or 2024-06-13T09:30 to 2024-06-13T11:30"


@pytest.mark.parametrize(
    ("phrase", "label"),
    [("from 9.30 to 11.30", f"2024-06-12T09:30 to 2024-06-12T11:30 or {_LATER_930}"),  # today's under way at 10:00
     ("9.30-11.30", f"2024-06-12T09:30 to 2024-06-12T11:30 or {_LATER_930}"),
     ("1H 2025", "2025-01-01..2025-06-30 (H1)"), ("2H 2024", "2024-07-01..2024-12-31 (H2)"),
     ("15.30h", "2024-06-12T15:30"), ("23.59h", "2024-06-12T23:59")],
)  # fmt: skip
def test_dotted_clocks_and_halves_read_as_written(phrase: str, label: str) -> None:
    assert _label(phrase) == label


def test_dotted_clocks_are_never_dates() -> None:
    assert_date_row("from 9.30 to 11.30", _g("2024-09-30", "2024-11-30"), WED, False)
    assert_date_row("1H 2025", "2025-03-01", WED, True)
    assert_date_row("1H 2025", "2025-07-01", WED, False)
    assert_date_row("2Q later", "2024-05-01", WED, ERROR)
    assert_date_row("3Q ago", "2024-08-01", WED, ERROR)


@pytest.mark.parametrize(
    ("phrase", "label"),
    [("10am in the UK", "2024-06-12T10:00 (Europe/London)"), ("10am U.K. time", "2024-06-12T10:00 (Europe/London)"),
     ("noon UK time", "2024-06-12T12:00 (Europe/London)"), ("midnight UK time", "2024-06-13T00:00 (Europe/London)"),
     ("10am British time", "2024-06-12T10:00 (Europe/London)"), ("noon india time", "2024-06-12T12:00 (Asia/Kolkata)")],
)  # fmt: skip
def test_the_uk_named_after_a_clock_is_its_zone(phrase: str, label: str) -> None:
    assert _label(phrase) == label


def test_a_city_is_never_taken_from_the_last_word_alone() -> None:
    assert resolve("next christmas time", WED).problem is not None


def test_a_pair_that_may_be_a_clock_is_read_at_the_time_said() -> None:
    # said at 10:00: "10.30 tonight" is 22:30 today, never yesterday's; said at 22:00, "9.30" is never this morning
    assert _label("10.30 tonight") == "2024-06-12T22:30"
    assert_date_row("10.30 tonight", "2024-06-11T22:30:00", WED, False)
    assert_date_row("3.15 tonight", "2024-06-12T03:15:00", WED, False)
    late = datetime(2024, 6, 12, 22, 0)
    assert_date_row("9.30", "2024-06-12T09:30:00", late, False)
    assert_date_row("9.30", "2024-06-13T09:30:00", late, True)


@pytest.mark.parametrize("phrase", ["tomorrow until 10.30", "friday until 3.15", "today till 10.15"])
def test_a_day_until_a_pair_that_may_be_a_clock_is_not_understood(phrase: str) -> None:
    # not understood as the time of day (as "tomorrow until 10:30" is not), so never a range of weeks to a date
    assert_date_row(phrase, _g("2024-06-13", "2024-06-20"), WED, ERROR)
    assert_date_row(phrase, "2024-06-20", WED, ERROR)
