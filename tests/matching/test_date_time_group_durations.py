"""A group of one parameter reads like that parameter alone: a phrase naming a length of time ("for 2 hours", "a
fortnight") passes a duration in it, and a span ("the next 3 days") is one window. A number is a length only in a
parameter whose name says it holds a duration, in the unit the name says (minutes unless it names another). A group
of several parameters is not a length of time: it fails with that reason.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from pydantic import JsonValue

from mb.judges.base import Verdict
from mb.matching import MatchContext
from mb.matching.date_time import match_date_time
from mb.matching.parameters import parameter_row

U = datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2)))

ROWS: list[tuple[str, list[str], dict[str, JsonValue], bool]] = [
    ("for 2 hours", ["when"], {"when": "PT2H"}, True),
    ("for 2 hours", ["when"], {"when": "PT3H"}, False),
    ("for 2 hours", ["when"], {"when": "2 hours"}, True),
    ("for 2 hours", ["when"], {"when": 120}, False),  # a number in a parameter that names no duration
    ("for 2 hours", ["when"], {"when": "2013-02-12T06:30:00-02:00"}, False),
    ("for 2 hours", ["duration_minutes"], {"duration_minutes": 120}, True),
    ("for 2 hours", ["duration_minutes"], {"duration_minutes": 121}, False),
    ("for 2 hours", ["duration_minutes"], {"duration_minutes": 2}, False),  # minutes, not hours
    ("for 2 hours", ["duration_minutes"], {"duration_minutes": "120"}, True),
    ("for 2 hours", ["duration_minutes"], {"duration_minutes": True}, False),
    ("for 2 hours", ["duration_hours"], {"duration_hours": 2}, True),
    ("for 2 hours", ["duration_hours"], {"duration_hours": 120}, False),
    ("for 2 hours", ["duration"], {"duration": "PT2H"}, True),
    ("for 2 hours", ["duration"], {"duration": "2 hours"}, True),
    ("for 1 hour", ["duration"], {"duration": "1h60m"}, False),  # never read in part
    ("a fortnight", ["length"], {"length": "P2W"}, True),
    ("a fortnight", ["length"], {"length": "P1W"}, False),
    ("a fortnight", ["duration_days"], {"duration_days": 14}, True),
    ("a fortnight", ["duration_days"], {"duration_days": 15}, False),
    ("for a month", ["duration_days"], {"duration_days": 30}, False),  # a month has no fixed number of days
    ("for 2 hours", ["start", "duration"], {"start": "2013-02-12T05:00:00-02:00", "duration": "PT2H"}, False),
    ("for 2 hours", ["when"], {}, False),
    # spans read like a single parameter in a point group
    ("the next 3 days", ["when"], {"when": "2013-02-14"}, True),
    ("the next 3 days", ["when"], {"when": "2013-02-16"}, False),
    ("the next 3 hours", ["date", "time"], {"date": "2013-02-12", "time": "06:00"}, True),
    ("the next 3 hours", ["date", "time"], {"date": "2013-02-12", "time": "08:00"}, False),
    # a parameter named as a range's start is the start
    ("the next 3 days", ["start_date"], {"start_date": "2013-02-12"}, True),
    ("the next 3 days", ["start_date"], {"start_date": "2013-02-14"}, False),
    # explicit ranges: the start's window
    ("from 3 to 4pm", ["when"], {"when": "2013-02-12T15:00:00-02:00"}, True),
    ("from 3 to 4pm", ["when"], {"when": "2013-02-12T15:30:00-02:00"}, False),
]


@pytest.mark.parametrize(("phrase", "params", "values", "expected"), ROWS)
def test_one_parameter_groups(phrase: str, params: list[str], values: dict[str, JsonValue], expected: bool) -> None:
    outcome = match_date_time(phrase, values, U, params=params)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is expected, outcome.reason


def test_several_parameters_are_not_a_duration() -> None:
    values: dict[str, JsonValue] = {"start": "2013-02-12T05:00:00-02:00", "duration": "PT2H"}
    outcome = match_date_time("for 2 hours", values, U, params=["start", "duration"])
    assert "is not a duration" in outcome.reason
    assert "start, duration" in outcome.reason


def test_the_reason_names_the_parameter_and_the_unit() -> None:
    outcome = match_date_time("for 2 hours", {"duration_minutes": 120}, U, params=["duration_minutes"])
    assert outcome.passed
    assert "120 in duration_minutes, a duration of 2 hours" in outcome.reason


@pytest.mark.parametrize(
    ("duration", "expected"),
    [("1 week", True), ("P1W", True), ("168:00", True), ("P1M", False), ("1 month", False), ("6 days", False)],
)
def test_a_start_and_a_duration_give_the_end_for_every_fixed_length(duration: str, expected: bool) -> None:
    values: dict[str, JsonValue] = {"start": "2013-03-04T09:00:00-02:00", "duration": duration}
    outcome = match_date_time("from march 4 at 9am to march 11 at 9am", values, U, params=["start", "duration"])
    assert outcome.passed is expected, outcome.reason


_NUMBERS = [row for row in ROWS if len(row[1]) == 1 and str(next(iter(row[2].values()), "")).isdigit()]


@pytest.mark.parametrize(("phrase", "params", "values", "expected"), _NUMBERS)
def test_a_number_alone_reads_like_its_group_of_one(
    phrase: str, params: list[str], values: dict[str, JsonValue], expected: bool
) -> None:
    ctx = MatchContext(lambda request: Verdict(1.0, "", "test"), U)
    alone = parameter_row((params, False, ("date_time", phrase, None)), values, ctx)
    assert alone["passed"] is expected, alone["reason"]
