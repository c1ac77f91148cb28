"""Forms whose reading is narrower than a look-alike's: each phrase keeps only the readings a demanding user means,
and a form that cannot be read safely is not understood.

2024-06-12 is a Wednesday.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from mb.matching.date_time import resolve
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
    assert _label(phrase) == "2024-06-12 to 2024-06-25 or 2024-06-13 to 2024-06-26"
    assert_date_row(phrase, _g("2024-06-24", "2024-07-07"), WED, False)
    assert_date_row(phrase, _g("2024-06-12", "2024-06-25"), WED, True)


def test_next_fortnight_alone_keeps_the_calendar_weeks() -> None:
    assert _label("next fortnight").endswith(" or 2024-06-24 to 2024-07-07")


_ = ERROR


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
