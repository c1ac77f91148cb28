"""An argument written in another offset than ``user_time``'s, where a place keeping the user's offset changes its
clocks to the argument's by then (summer time): the clock-time reading and the fixed-offset instant are both
plausible, so an argument matching one and not the other is undecided, never passed."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from pydantic import ValidationError

from mb.entities import Example
from mb.evaluation import evaluate
from mb.matching.date_time import match_date_time


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text)


US_EVE = _at("2024-03-09T10:00:00-08:00")  # the Saturday before the US change to summer time
EU_SPRING = _at("2024-03-28T10:00:00+01:00")  # the Thursday before the EU change (March 31)
UK_AUTUMN = _at("2024-10-25T10:00:00+01:00")  # the Friday before the UK change back (October 27)

UNDECIDED = [
    # the instant at the user's fixed offset (10:00 summer time is 09:00 at -08:00): maybe an hour late
    ("tomorrow at 9am", "2024-03-10T10:00:00-07:00", US_EVE),
    # the clock time in the new offset (09:00 summer time): maybe an hour early
    ("tomorrow at 9am", "2024-03-10T09:00:00-07:00", US_EVE),
    ("next monday at 9am", "2024-04-01T10:00:00+02:00", EU_SPRING),
    ("next monday at 9am", "2024-04-01T09:00:00+02:00", EU_SPRING),
    ("in 3 days at 8am", "2024-10-28T07:00:00+00:00", UK_AUTUMN),
    ("in 3 days at 8am", "2024-10-28T08:00:00Z", UK_AUTUMN),
    # a start and end group, both ends in the new offset
    ("tomorrow from 9am to 10am", {"start": "2024-03-10T10:00:00-07:00", "end": "2024-03-10T11:00:00-07:00"}, US_EVE),
]


@pytest.mark.parametrize(("phrase", "actual", "user_time"), UNDECIDED)
def test_an_offset_a_change_of_the_clocks_explains_is_undecided(
    phrase: str, actual: object, user_time: datetime
) -> None:
    params = list(actual) if isinstance(actual, dict) else None
    outcome = match_date_time(phrase, actual, user_time, params=params)
    assert (outcome.passed, outcome.undecided, outcome.error) == (False, True, None), outcome.reason
    assert "differs from the user's" in outcome.reason
    assert "outputs.environment.time_zone" in outcome.reason


DECIDED = [
    # an argument in UTC for a user whose offset no place leaves for UTC by then: the same instant passes
    ("tomorrow at 9am", "2024-05-10T07:00:00Z", _at("2024-05-09T10:00:00+02:00"), True),
    ("tomorrow at 9am", "2024-05-10T08:00:00Z", _at("2024-05-09T10:00:00+02:00"), False),
    ("tomorrow at 9am", "2024-03-10T17:00:00Z", US_EVE, True),
    ("tomorrow at 9am", "2024-02-02T08:00:00Z", _at("2024-02-01T10:00:00+01:00"), True),
    # a far offset is another place, compared as an instant
    ("tomorrow at 9am", "2024-03-11T02:00:00+09:00", US_EVE, True),
    # both readings agree: a phrase naming a day holds both 09:00 and 10:00
    ("tomorrow", "2024-03-10T10:00:00-07:00", US_EVE, True),
    ("tomorrow at 3pm", "2024-03-10T18:00:00-07:00", US_EVE, False),
    # the zone named in the phrase decides
    ("tomorrow at 9am Pacific", "2024-03-10T09:00:00-07:00", US_EVE, True),
    ("tomorrow at 9am Pacific", "2024-03-10T10:00:00-07:00", US_EVE, False),
    ("in 3 days at 8am Europe/London", "2024-10-28T08:00:00+00:00", UK_AUTUMN, True),
    ("in 3 days at 8am Europe/London", "2024-10-28T07:00:00+00:00", UK_AUTUMN, False),
    # an offset in hours or minutes is elapsed time: the instant two hours on, whatever the clocks show
    ("in 2 hours", "2024-03-10T04:30:00-07:00", _at("2024-03-10T01:30:00-08:00"), True),
    ("in 2 hours", "2024-03-10T03:30:00-07:00", _at("2024-03-10T01:30:00-08:00"), False),
    ("in 90 minutes", "2024-03-10T04:00:00-07:00", _at("2024-03-10T01:30:00-08:00"), True),
]


@pytest.mark.parametrize(("phrase", "actual", "user_time", "passed"), DECIDED)
def test_no_change_of_the_clocks_or_one_verdict_decides(
    phrase: str, actual: str, user_time: datetime, passed: bool
) -> None:
    outcome = match_date_time(phrase, actual, user_time)
    assert (outcome.passed, outcome.undecided) == (passed, False), outcome.reason


def test_a_named_user_zone_resolves_exactly() -> None:
    user_time = datetime(2024, 3, 9, 10, tzinfo=ZoneInfo("America/Los_Angeles"))
    assert match_date_time("tomorrow at 9am", "2024-03-10T09:00:00-07:00", user_time).passed
    outcome = match_date_time("tomorrow at 9am", "2024-03-10T10:00:00-07:00", user_time)
    assert (outcome.passed, outcome.undecided) == (False, False)


def _line(when: str, time_zone: object, user_time: str = "2024-03-09T10:00:00-08:00") -> dict[str, object]:
    parameter = {"param": "when", "matcher": {"match_as": "date_time", "value": "tomorrow at 9am"}}
    environment: dict[str, object] = {"user_time": user_time}
    if time_zone is not None:
        environment["time_zone"] = time_zone
    return {
        "inputs": {"messages": [{"role": "user", "content": "Book it for tomorrow at 9am"}]},
        "expectations": {"assertions": [{"assert_that": "tool_called", "tool": "book", "parameters": [parameter]}]},
        "outputs": {
            "response": "Booked.",
            "environment": environment,
            "trace": [{"event": "tool_call", "id": "c1", "tool": "book", "params": {"when": when}}],
        },
    }


@pytest.mark.parametrize(
    ("when", "time_zone", "status"),
    [
        ("2024-03-10T09:00:00-07:00", "America/Los_Angeles", "passed"),
        ("2024-03-10T10:00:00-07:00", "America/Los_Angeles", "failed"),
        ("2024-03-10T09:00:00-07:00", None, "undecided"),
        ("2024-03-10T10:00:00-07:00", None, "undecided"),
    ],
)
def test_the_user_zone_in_the_environment_decides(when: str, time_zone: str | None, status: str) -> None:
    [result] = evaluate([Example.model_validate(_line(when, time_zone))], judge="lexical", metrics=[]).results
    assert result.status == status


@pytest.mark.parametrize(
    "time_zone",
    ["Mars/Base", "../etc", 5, "america/los_angeles", "localtime", "Factory", "posixrules", "EST", "Etc/GMT+5"],
)
def test_a_time_zone_not_in_the_tz_database_is_an_invalid_line(time_zone: object) -> None:
    with pytest.raises(ValidationError, match="time_zone"):
        Example.model_validate(_line("2024-03-10T09:00:00-07:00", time_zone))


@pytest.mark.parametrize("time_zone", ["UTC", "Etc/UTC", "GMT", "Europe/Paris", "Asia/Kolkata", "US/Pacific"])
def test_a_place_in_the_tz_database_is_a_time_zone(time_zone: str) -> None:
    line = _line("2024-03-10T09:00:00-08:00", time_zone, "2024-03-09T10:00:00")
    assert Example.model_validate(line).outputs.environment.local_time is not None


@pytest.mark.parametrize(
    ("user_time", "named"),
    [
        ("2024-03-09T10:00:00+05:00", "+05:00"),  # not the offset of Los Angeles then
        ("2024-11-03T01:30:00", "repeated"),  # the clocks go back: 01:30 happens twice
        ("2024-03-10T02:30:00", "skipped"),  # the clocks go forward: 02:30 never happens
    ],
)
def test_a_user_time_its_time_zone_cannot_place_is_an_invalid_line(user_time: str, named: str) -> None:
    with pytest.raises(ValidationError, match="time_zone") as raised:
        Example.model_validate(_line("2024-03-10T09:00:00-07:00", "America/Los_Angeles", user_time))
    assert named in str(raised.value)
    assert "America/Los_Angeles" in str(raised.value)
