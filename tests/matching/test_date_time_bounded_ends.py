"""A deadline bounds the end of the event wherever it stands in the phrase ("tomorrow by noon", "Friday, no later
than 5pm"), and only the end: a clock time is its own minute, a day ends within it or at its exclusive end, and
"through Friday" includes Friday (an end at its midnight start does not). A start and end group needs its end; an ISO
8601 interval reads as the group does.

2024-06-12 is a Wednesday.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from mb.matching.date_time import match_date_time, resolve
from tests.support.verdicts import assert_date_row

WED = datetime(2024, 6, 12, 10, 0)


def _g(start: str, end: str) -> dict[str, str]:
    return {"start": start, "end": end}


ROWS: list[tuple[str, object, object]] = [
    # a deadline after other words bounds the end
    ("tomorrow by noon", _g("2024-06-13T12:00", "2024-06-13T14:00"), False),
    ("tomorrow by noon", _g("2024-06-13T09:00", "2024-06-13T12:00"), True),
    ("Friday no later than 5pm", _g("2024-06-14T17:00", "2024-06-14T20:00"), False),
    ("Friday, by 5pm", _g("2024-06-14T17:00", "2024-06-14T20:00"), False),
    ("Friday, by 5pm", _g("2024-06-14T13:00", "2024-06-14T17:00"), True),
    # own cases of the same shape
    ("next Monday by 3pm", _g("2024-06-17T15:00", "2024-06-17T16:00"), False),
    ("next Monday by 3pm", _g("2024-06-17T09:00", "2024-06-17T15:00"), True),
    ("tomorrow, not later than 9am", _g("2024-06-13T09:00", "2024-06-13T09:30"), False),
    # a clock time is its minute: one minute after it is late
    ("until 5pm", _g("2024-06-12T10:00", "2024-06-12T17:01"), False),
    ("until 5pm", _g("2024-06-12T10:00", "2024-06-12T17:00"), True),
    ("until 4:30pm", _g("2024-06-12T10:00", "2024-06-12T16:31"), False),
    ("until midnight", _g("2024-06-12T10:00", "2024-06-13T00:01"), False),
    ("until midnight", _g("2024-06-12T10:00", "2024-06-13T00:00"), True),
    ("by 11:15am", _g("2024-06-12T10:00", "2024-06-12T11:16"), False),
    # "through" includes the day it names
    ("through Friday", _g("2024-06-12T00:00", "2024-06-14T00:00"), False),
    ("through Friday", _g("2024-06-12", "2024-06-14"), True),
    ("through Friday", _g("2024-06-12T09:00", "2024-06-14T18:00"), True),
    ("thru Saturday", _g("2024-06-12T09:00", "2024-06-15T00:00"), False),
    ("until Friday", _g("2024-06-12", "2024-06-14"), True),
    # the end is what a deadline names: a start alone says nothing of it
    ("until Friday", {"start": "2024-06-12T10:00"}, False),
    ("until Friday", {"start": "2024-06-14"}, False),
    ("by 5pm", {"start": "2024-06-12T17:00"}, False),
    # an ISO 8601 interval reads as the start/end group does
    ("until Friday", "2024-06-12/2024-06-14", True),
    ("until Friday", "2024-06-12/2024-06-17", False),
    ("by 5pm", "2024-06-12T10:00/2024-06-12T17:00", True),
    ("by 5pm", "2024-06-12T10:00/2024-06-12T18:00", False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_deadline_bounds_the_end(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


START_ROWS: list[tuple[str, object, object]] = [
    # a phrase naming the start bounds the start alone: the event may end any time after it
    ("beginning Monday", _g("2024-06-17", "2024-06-21"), True),
    ("starting Monday", _g("2024-06-17", "2024-06-21"), True),
    ("from Monday", _g("2024-06-17", "2024-06-21"), True),
    ("as of Monday", _g("2024-06-17T09:00", "2024-06-20T12:00"), True),
    ("from tomorrow", _g("2024-06-13T09:00", "2024-06-20T12:00"), True),
    ("beginning June", _g("2024-06-01", "2024-06-30"), True),
    ("from Monday", _g("2024-06-18", "2024-06-21"), False),  # the start is not Monday
    ("from Monday", _g("2024-06-17T09:00", "2024-06-16T09:00"), False),  # the end before the start
    ("from Monday", "2024-06-17/2024-06-28", True),
    ("from Monday", "2024-06-18/2024-06-28", False),
    # a start with a length names its end too
    ("starting Monday for 3 days", _g("2024-06-17", "2024-06-21"), False),
    ("starting Monday for 3 days", _g("2024-06-17", "2024-06-19"), True),
    ("3 weeks from Monday", _g("2024-07-08", "2024-07-12"), False),  # "from" here counts: a day, not a start
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), START_ROWS)
def test_a_start_bounds_the_start(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


@pytest.mark.parametrize(
    ("phrase", "user_time"),
    [("so far this week", datetime(2024, 6, 17, 10)), ("this week to date", datetime(2024, 6, 17, 10)),
     ("this month so far", datetime(2024, 6, 1, 10)), ("so far this year", datetime(2024, 1, 1, 10)),
     ("from Monday to today", datetime(2024, 6, 17, 10))],
)  # fmt: skip
def test_a_period_to_date_on_its_first_day_is_that_day(phrase: str, user_time: datetime) -> None:
    day = user_time.date().isoformat()
    assert_date_row(phrase, _g(f"{day}T00:00", f"{day}T10:00"), user_time, True)
    assert_date_row(phrase, _g(day, day), user_time, True)
    earlier = (user_time - timedelta(days=1)).date().isoformat()
    assert_date_row(phrase, _g(earlier, day), user_time, False)


@pytest.mark.parametrize(
    ("phrase", "user_time", "start", "end"),
    [("the past week", datetime(2024, 6, 16, 12), "2024-06-09T12:00", "2024-06-16T12:00"),
     ("in the coming week", WED, "2024-06-12T10:00", "2024-06-19T10:00"),
     ("within the next fortnight", WED, "2024-06-12T10:00", "2024-06-26T10:00"),
     ("the past month", datetime(2024, 6, 16, 12), "2024-05-16T12:00", "2024-06-16T12:00"),
     ("over the next week", WED, "2024-06-12T10:00", "2024-06-19T10:00")],
)  # fmt: skip
def test_a_span_from_now_runs_to_the_same_minute(phrase: str, user_time: datetime, start: str, end: str) -> None:
    assert_date_row(phrase, _g(start, end), user_time, True)
    later = (datetime.fromisoformat(end) + timedelta(hours=2)).isoformat(timespec="minutes")
    assert_date_row(phrase, _g(start, later), user_time, False)


def test_reasons_name_what_is_missing() -> None:
    group = ["start", "end"]
    reason = match_date_time("until Friday", {"end": "2024-06-14"}, WED, params=group).reason
    assert "got no start, end 2024-06-14" in reason
    assert "absent" not in reason
    outcome = match_date_time("from Monday", {"end": "2024-06-21"}, WED, params=group)
    assert not outcome.passed
    assert "the start is absent" in outcome.reason
    assert resolve("CW53", WED).problem == "could not understand 'CW53': 2024 has no ISO week 53"
    assert resolve("so far in the year 2023", WED).problem == (
        "could not understand 'so', 'far' in 'so far in the year 2023'"
    )
    assert "utc" not in str(resolve("1400Z 9am EST", WED).problem)


@pytest.mark.parametrize(
    ("phrase", "label"),
    [("CW 49-50", "2024-12-02..2024-12-08 (week) to 2024-12-09T00:00..2024-12-16T00:00 (week)"),
     ("cw 1-3", "2024-01-01..2024-01-07 (week) to 2024-01-15T00:00..2024-01-22T00:00 (week)"),
     ("week 10 - 11", "2024-03-04..2024-03-10 (week) to 2024-03-11T00:00..2024-03-18T00:00 (week)")],
)  # fmt: skip
def test_a_range_of_week_numbers_is_from_the_first_to_the_last(phrase: str, label: str) -> None:
    assert resolve(phrase, WED).label == label


UNDER_WAY_ROWS: list[tuple[str, object, object]] = [
    # a deadline leaves the start open, but an event begun long before the request is not "until Friday": it may
    # have begun on the day of the request, or as long before the request as it has left to run after it
    ("until Friday", _g("2020-01-01T10:00", "2024-06-14T17:00"), False),
    ("until Friday", "2020-01-01/2024-06-14", False),
    ("until Friday", _g("2024-06-09T21:00", "2024-06-14T17:00"), True),
    ("until Friday", _g("2024-06-09T19:00", "2024-06-14T17:00"), False),
    ("until 5pm", _g("2024-06-12T00:00", "2024-06-12T17:00"), True),
    ("until 5pm", _g("2024-06-11T23:00", "2024-06-12T17:00"), False),
    ("by the end of next month", _g("2024-05-01", "2024-07-31"), True),
    ("by the end of next month", _g("2023-06-01", "2024-07-31"), False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), UNDER_WAY_ROWS)
def test_a_deadline_event_begun_long_before_fails(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


def test_under_way_is_measured_on_the_users_clock() -> None:
    sydney = datetime.fromisoformat("2024-06-12T10:00:00+10:00")
    group = {"start": "2024-06-11T14:00:00Z", "end": "2024-06-14T17:00:00+10:00"}  # midnight in Sydney
    assert_date_row("until Friday", group, sydney, True)


@pytest.mark.parametrize(
    ("phrase", "user_time", "start", "end", "expected"),
    [("the next 5 seconds", datetime(2024, 6, 12, 10, 0, 30), "2024-06-12T10:00:30", "2024-06-12T10:00:35", True),
     ("the next 5 seconds", datetime(2024, 6, 12, 10, 0, 30), "2024-06-12T10:00:30", "2024-06-12T10:00:36", False),
     ("the next 3 hours", WED, "2024-06-12T10:00", "2024-06-12T13:00", True),
     ("the next 3 hours", WED, "2024-06-12T10:00", "2024-06-12T13:01", False),
     ("tomorrow at 3pm for 2 hours", WED, "2024-06-13T15:00", "2024-06-13T17:01", False),
     ("the rest of the day", WED, "2024-06-12T10:00", "2024-06-13T00:00", True),
     ("the rest of the day", WED, "2024-06-12T10:00", "2024-06-12T23:59", True)],
)  # fmt: skip
def test_a_span_ends_at_its_minute(phrase: str, user_time: datetime, start: str, end: str, expected: bool) -> None:
    assert_date_row(phrase, _g(start, end), user_time, expected)
