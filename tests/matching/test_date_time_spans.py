"""A span named as one period ("the next 3 days", "last fortnight", "the next 3 hours") is one window: a single
parameter passes anywhere inside it, and fails on its end instant or outside. Explicit ranges ("from X to Y") still
check a single parameter against the start's window, and a start/end group still checks both ends.

user_time is 2013-02-12T04:30-02:00, a Tuesday: its calendar week starts on 2013-02-11; "next fortnight" is both the
fourteen days from today (or tomorrow) and the calendar fortnight 2013-02-25..2013-03-10; "last fortnight" is the
fourteen days to yesterday and the calendar fortnight 2013-01-28..2013-02-10.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from mb.matching.date_time import match_date_time

U = datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2)))

SINGLE: list[tuple[str, str, bool]] = [
    ("the next 3 days", "2013-02-12", True),
    ("the next 3 days", "2013-02-14", True),
    ("the next 3 days", "2013-02-15", True),  # counted from tomorrow
    ("the next 3 days", "2013-02-15T23:59:00-02:00", True),
    ("the next 3 days", "2013-02-16", False),
    ("the next 3 days", "2013-02-16T00:00:00-02:00", False),  # the end instant
    ("the next 3 days", "2013-02-11", False),
    ("next fortnight", "2013-03-01", True),
    ("next fortnight", "2013-03-10", True),
    ("next fortnight", "2013-03-11", False),
    ("last fortnight", "2013-02-05", True),
    ("last fortnight", "2013-01-28", True),
    ("last fortnight", "2013-01-27", False),
    ("last fortnight", "2013-02-12", False),  # today is not in the fortnight before it
    ("last 2 days", "2013-02-10", True),
    ("last 2 days", "2013-02-11", True),
    ("last 2 days", "2013-02-12T00:00:00-02:00", False),
    ("last 2 days", "2013-02-09", False),
    ("the next 3 hours", "2013-02-12T06:00:00-02:00", True),
    ("the next 3 hours", "2013-02-12T07:29:00-02:00", True),
    ("the next 3 hours", "2013-02-12T07:30:00-02:00", False),
    ("the next 3 hours", "2013-02-12T04:29:00-02:00", False),
    ("the rest of the week", "2013-02-17", True),
    ("the rest of the week", "2013-02-18", False),
    ("the rest of the day", "2013-02-12T23:59:00-02:00", True),
    ("the rest of the day", "2013-02-13T00:00:00-02:00", False),
    ("the first 2 weeks of march", "2013-03-12", True),
    ("the first 2 weeks of march", "2013-03-18", False),
    # explicit ranges: the start's window only
    ("from march 3 to march 5", "2013-03-03", True),
    ("from march 3 to march 5", "2013-03-04", False),
    ("between monday and wednesday", "2013-02-18", True),
    ("between monday and wednesday", "2013-02-19", False),
    ("from 3 to 4pm", "2013-02-12T15:30:00-02:00", False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), SINGLE)
def test_a_span_is_one_window_for_a_single_parameter(phrase: str, argument: str, expected: bool) -> None:
    outcome = match_date_time(phrase, argument, U)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is expected, outcome.reason


GROUP: list[tuple[str, dict[str, str], bool]] = [
    ("the next 3 days", {"start": "2013-02-12", "end": "2013-02-14"}, True),
    ("the next 3 days", {"start": "2013-02-12", "end": "2013-02-15"}, True),  # the exclusive end
    ("the next 3 days", {"start": "2013-02-14", "end": "2013-02-15"}, False),  # a start inside is not the start
    ("the next 3 days", {"start": "2013-02-12", "end": "2013-02-18"}, False),
    ("last fortnight", {"start": "2013-01-28", "end": "2013-02-10"}, True),
    ("last fortnight", {"start": "2013-02-05", "end": "2013-02-10"}, False),
    ("the next 3 hours", {"start": "2013-02-12T04:30:00-02:00", "end": "2013-02-12T07:30:00-02:00"}, True),
    ("the next 3 hours", {"start": "2013-02-12T05:30:00-02:00", "end": "2013-02-12T07:30:00-02:00"}, False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), GROUP)
def test_a_span_on_a_start_end_group_checks_both_ends(phrase: str, argument: dict[str, str], expected: bool) -> None:
    outcome = match_date_time(phrase, argument, U, params=["start", "end"])  # type: ignore[arg-type]
    assert outcome.error is None, outcome.reason
    assert outcome.passed is expected, outcome.reason
