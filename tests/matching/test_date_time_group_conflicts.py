"""Parameters of a group that say two different things make no value: a ``date`` carrying a time of day beside a
``time``, a ``date`` beside a ``day``, a weekday that does not fall on the date. Parameters that agree read
normally, and a date written as a date-time at midnight beside a ``time`` is a date."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from mb.matching.date_time import match_date_time

USER = datetime.fromisoformat("2013-02-12T04:30:00-02:00")  # a Tuesday
#: The same instant in a named zone, for seasons (a bare offset places the user in no hemisphere).
NORTH = USER.astimezone(ZoneInfo("Europe/London"))

CASES: list[tuple[str, list[str] | None, dict[str, object], bool, str]] = [
    # phrase, listed group (None: an object argument), values, passes, reason fragment
    (
        "tomorrow at 2pm",
        ["date", "time"],
        {"date": "2013-02-13T10:00", "time": "14:00"},
        False,
        "the parameters disagree: date gives 2013-02-13T10:00 and time gives 14:00",
    ),
    ("tomorrow at 2pm", None, {"date": "2013-02-13T10:00", "time": "14:00"}, False, "date gives 2013-02-13T10:00"),
    ("tomorrow at 10am", ["date", "time"], {"date": "2013-02-13T10:00", "time": "14:00"}, False, "disagree"),
    ("tomorrow at 2pm", ["date", "time"], {"date": "2013-02-13T14:00", "time": "14:00"}, True, ""),
    ("tomorrow at 2pm", None, {"date": "2013-02-13T14:00:00", "time": "14:00"}, True, ""),
    ("tomorrow at 3pm", ["date", "time"], {"date": "2013-02-13T14:00", "time": "14:00"}, False, "before the start"),
    ("tomorrow at 2pm", ["date", "time"], {"date": "2013-02-13T00:00:00", "time": "14:00"}, True, ""),
    ("tomorrow at 2pm", ["date", "time"], {"date": "2013-02-13T00:00:00Z", "time": "14:00-02:00"}, True, ""),
    ("tomorrow at 2pm", ["date", "time"], {"date": "2013-02-14T00:00:00", "time": "14:00"}, False, ""),
    ("tomorrow at 2pm", ["date", "hour"], {"date": "2013-02-13T10:00", "hour": 14}, False, "hour gives 14:00"),
    ("tomorrow at 2pm", ["date", "hour"], {"date": "2013-02-13T14:00", "hour": 14}, True, ""),
    (
        "tomorrow at 2pm",
        ["start_date", "start_time"],
        {"start_date": "2013-02-13T09:30", "start_time": "14:00"},
        False,
        "start_date gives 2013-02-13T09:30 and start_time gives 14:00",
    ),
    ("tomorrow", ["date", "day"], {"date": "2013-02-14", "day": 13}, False, "date gives 2013-02-14 and day gives"),
    ("tomorrow", ["date", "day"], {"date": "2013-02-13", "day": 14}, False, "disagree"),
    ("tomorrow", ["date", "day"], {"date": "2013-02-13", "day": 13}, True, ""),
    ("tomorrow", ["date", "month"], {"date": "2013-02-13", "month": 3}, False, "month gives month 3"),
    ("tomorrow", ["date", "weekday"], {"date": "2013-02-13", "weekday": "friday"}, False, "Friday does not fall on"),
    ("tomorrow", ["date", "weekday"], {"date": "2013-02-13", "weekday": "wednesday"}, True, ""),
    (
        "tomorrow at 2pm",
        ["date", "hour", "weekday"],
        {"date": "2013-02-13", "hour": 14, "weekday": "fri"},
        False,
        "(a Wednesday)",
    ),
    ("march 3", ["month", "day", "weekday"], {"month": 3, "day": 3, "weekday": "sunday"}, True, ""),
    ("march 3", ["month", "day", "weekday"], {"month": 3, "day": 3, "weekday": "monday"}, False, ""),
    ("march 3", ["day", "weekday"], {"day": 3, "weekday": "sunday"}, False, "give no month"),
    # a date parameter holds a day, a month or a year; a week or a season is not read as the month it starts in
    ("february", ["date"], {"date": "2013-W09"}, False, "got 2013-W09, a span of days that is not a date"),
    ("january", ["date"], {"date": "2013-W05"}, False, "a span of days"),
    ("february", ["date"], {"date": "next week"}, False, "a span of days"),
    ("winter", ["date"], {"date": "this winter"}, False, "a span of days"),
    ("february", ["date"], {"date": "this month"}, True, "got 2013-02 (from date)"),
    ("march", ["date"], {"date": "this month"}, False, ""),
    ("january", ["date"], {"date": "2014-01"}, True, "got 2014-01 (from date)"),
    ("january", ["date"], {"date": "2013-01"}, False, ""),
    ("january", ["date"], {"date": "next year"}, False, "give no month"),  # a year is not its January
    ("2014", ["date"], {"date": "next year"}, True, "got 2014 (from date)"),
    ("2014", ["date"], {"date": "this year"}, False, ""),
    ("march", ["month"], {"month": 3}, True, "got XXXX-03 (from month)"),
    ("march 3", ["month", "day", "weekday"], {"month": 3, "day": 3, "weekday": "sun"}, True, "got Sunday XXXX-03-03"),
]


@pytest.mark.parametrize(("phrase", "params", "values", "passes", "fragment"), CASES)
def test_parameters_must_agree(
    phrase: str, params: list[str] | None, values: dict[str, object], passes: bool, fragment: str
) -> None:
    if params is None:
        outcome = match_date_time(phrase, values, _user(phrase, values))  # type: ignore[arg-type]
    else:
        outcome = match_date_time(phrase, values, _user(phrase, values), params=params)  # type: ignore[arg-type]
    assert outcome.passed is passes, outcome.reason
    assert fragment in outcome.reason
    assert outcome.error is None


THURSDAY = datetime.fromisoformat("2013-02-14T04:30:00-02:00")

AMBIGUOUS: list[tuple[str, list[str] | None, dict[str, object], bool, str]] = [
    # a value read several ways passes only when every reading does, as an ambiguous argument alone
    ("april 5", ["date"], {"date": "4/5"}, False, "ambiguous and its reading XXXX-05-04 does not match"),
    ("april 5", None, {"date": "4/5"}, False, "ambiguous"),
    ("april 4", ["date"], {"date": "4/4"}, True, ""),  # one date whichever way it is read
    ("april 5", ["date", "day"], {"date": "4/5", "day": 5}, True, "got XXXX-04-05"),  # the day settles it
    ("2013-03-04T10:00", ["date", "time"], {"date": "3/4/2013", "time": "10:00"}, False, "2013-04-03T10:00"),
    ("2013-02-15T14:00", ["when"], {"when": "next friday at 2"}, False, "ambiguous"),
    (
        "from april 5 to april 6",
        ["start_date", "end_date"],
        {"start_date": "4/5", "end_date": "4/6"},
        False,
        "the value is ambiguous and its reading XXXX-04-05 to XXXX-06-04 does not match",
    ),
    (
        "from april 5 to april 6",
        ["start_date", "end_date"],
        {"start_date": "4/5", "end_date": "2013-04-06"},
        False,
        "its reading XXXX-05-04 to 2013-04-06 does not match",
    ),
    (
        "from april 4 to april 5",
        ["start_date", "end_date"],
        {"start_date": "4/4", "end_date": "2013-04-05"},
        True,
        "",
    ),
    ("2013-04-04", ["start_date", "end_date"], {"start_date": "4/4", "end_date": "4/5"}, False, "ambiguous"),
]


@pytest.mark.parametrize(("phrase", "params", "values", "passes", "fragment"), AMBIGUOUS)
def test_ambiguous_values_must_match_every_reading(
    phrase: str, params: list[str] | None, values: dict[str, object], passes: bool, fragment: str
) -> None:
    if params is None:
        outcome = match_date_time(phrase, values, THURSDAY)  # type: ignore[arg-type]
    else:
        outcome = match_date_time(phrase, values, THURSDAY, params=params)  # type: ignore[arg-type]
    assert outcome.passed is passes, outcome.reason
    assert fragment in outcome.reason


def _user(phrase: str, values: dict[str, object]) -> datetime:
    """``USER``, or the same instant in a named zone where a season is said."""
    said = f"{phrase} {values}"
    return NORTH if any(name in said for name in ("winter", "summer", "spring", "autumn")) else USER
