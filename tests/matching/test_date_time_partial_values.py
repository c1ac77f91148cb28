"""Values that give only part of a moment: an object the agent wrote follows the rules of a listed group; a group or
a string that gives a time of day and no date at all is a time alone, which only a phrase naming no date accepts.
A group the benchmark lists without a year (``month`` + ``day``) takes the year from the reading; a month or a day
the phrase names and no parameter gives fails (a ``day`` alone for "march 3"; a ``year`` + ``month`` is enough for
"march 2013")."""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time

USER = datetime.fromisoformat("2013-02-12T04:30:00-02:00")

CASES: list[tuple[str, object, list[str] | None, bool, str]] = [
    # phrase, argument, listed group, passes, reason fragment
    ("march 3", {"day": 3}, None, False, "the parameters give no month, which the phrase names"),
    ("march 3", {"month": 3}, None, False, "give no day, which the phrase names"),
    ("march 3", {"year": 2013}, None, False, "give no month, day, which the phrase names"),
    ("march 3", {"hour": 10}, None, False, "a time alone cannot match a phrase naming a date"),
    ("march 3", {"time": "10:00"}, None, False, "a time alone cannot match a phrase naming a date"),
    ("march 3 2013", {"month": 3, "day": 3}, None, False, "the phrase names the year (2013)"),
    ("tomorrow at 2pm", {"hour": 14}, None, False, "a time alone cannot match a phrase naming a date"),
    # an object leaves out what a listed group may leave out, and no more
    ("march 2013", {"year": 2013, "month": 3}, None, True, "got 2013-03"),
    ("march 2013", {"year": 2013, "month": 4}, None, False, ""),
    ("march 3", {"month": 3, "day": 3}, None, True, ""),
    ("march 3", {"month": 3, "day": 4}, None, False, ""),
    ("tomorrow at 2pm", {"weekday": "wednesday", "hour": 14}, None, True, ""),
    ("tomorrow at 2pm", {"weekday": "thursday", "hour": 14}, None, False, ""),
    ("next week at 2pm", {"weekday": "monday", "hour": 14}, None, False, "every day of the week"),
    ("in 12 months", {"month": 2, "day": 12}, None, False, "the year is needed"),
    ("march 3", {"date": {"month": 3, "day": 3}}, None, True, ""),
    ("march 3", {"date": {"day": 3}}, None, False, "give no month"),
    ("march 3 2014", {"date": {"month": 3, "day": 3}}, None, False, "the phrase names the year (2014)"),
    ("march 3", {"year": 2013, "month": 3, "day": 3}, None, True, ""),
    ("march 3", {"date": "2013-03-03", "time": "10:00"}, None, True, ""),
    ("next week", {"start_date": "2013-02-18", "end_date": "2013-02-20"}, None, True, ""),
    ("tomorrow at 2pm", {"hour": 14, "minute": 0}, ["hour", "minute"], False, "a time alone cannot match"),
    ("tomorrow at 2pm", "14:00", None, False, "a time alone cannot match"),
    ("at 2pm", {"hour": 14, "minute": 0}, ["hour", "minute"], True, ""),
    ("at 2pm", {"hour": 15}, ["hour"], False, "not the time of day the phrase names"),
    ("at 2pm", "15:00", None, False, "not the time of day the phrase names"),
    (
        "next week",
        {"start_time": {"hour": 9}, "end_time": {"hour": 10}},
        ["start_time", "end_time"],
        False,
        "a time alone cannot match",
    ),
    ("9am to 5pm", {"start_time": "09:00", "end_time": "17:00"}, ["start_time", "end_time"], True, ""),
    ("9am to 5pm", {"start_time": "09:00", "end_time": "18:00"}, ["start_time", "end_time"], False, "end"),
    ("9am to 5pm", "09:00", None, True, ""),
    ("9am to 5pm", "10:00", None, False, "not the time of day"),
    (
        "tomorrow from 9am to 5pm",
        {"start_time": "09:00", "end_time": "17:00"},
        ["start_time", "end_time"],
        False,
        "a time alone",
    ),
    (
        "tomorrow at 2pm",
        {"start_date": "2013-02-13", "start_time": {"hour": 14}},
        ["start_date", "start_time"],
        True,
        "",
    ),
    (
        "tomorrow at 2pm",
        {"start_date": "2013-02-14", "start_time": {"hour": 14}},
        ["start_date", "start_time"],
        False,
        "",
    ),
    ("next friday at 2pm", {"weekday": "friday", "hour": 14}, ["weekday", "hour"], True, ""),
    ("next friday at 2pm", {"weekday": "thursday", "hour": 14}, ["weekday", "hour"], False, ""),
    ("march 3", {"month": 3, "day": 3}, ["month", "day"], True, ""),
    ("march 3", {"month": 3, "day": 4}, ["month", "day"], False, ""),
    ("march 3", {"day": 3}, ["day"], False, "the parameters give no month, which the phrase names"),
    ("march 3", {"day": 3, "hour": 9}, ["day", "hour"], False, "give no month"),
    ("march 3", {"month": 3}, ["month"], False, "give no day"),
    ("march 3", {"year": 2013}, ["year"], False, "give no month, day"),
    ("march 3", {"year": 2013, "month": 3}, ["year", "month"], False, "give no day"),
    ("march 2013", {"year": 2013}, ["year"], False, "give no month"),
    ("march 2013", {"year": 2013, "month": 3}, ["year", "month"], True, ""),
    ("march 2013", {"year": 2013, "month": 4}, ["year", "month"], False, ""),
    ("2013", {"year": 2013}, ["year"], True, ""),
    ("2013", {"year": 2014}, ["year"], False, ""),
    ("tomorrow at 2pm", {"day": 13, "hour": 14}, ["day", "hour"], False, "give no month"),
    ("next week", {"start_day": 18, "end_day": 20}, ["start_day", "end_day"], False, "give no month"),
    ("next week", {"start_year": 2013, "end_year": 2013}, ["start_year", "end_year"], False, "give no month, day"),
    ("at 2pm", {"minute": 0}, ["minute"], False, "neither a date nor a time of day"),
    ("next monday", {"weekday": "monday"}, ["weekday"], True, ""),
    ("next monday", {"weekday": "friday"}, ["weekday"], False, ""),
    ("tomorrow at 2pm", {"date": "2013-02-13"}, None, False, "a date alone cannot match a phrase naming a time"),
    ("tomorrow at 2pm", {"year": 2013, "month": 2, "day": 13}, None, False, "a date alone cannot match"),
    ("tomorrow at 2pm", {"date": "2013-02-13", "time": "14:00"}, None, True, ""),
    ("tomorrow", {"date": "2013-02-13"}, None, True, ""),
    ("tomorrow at 2pm", {"date": "2013-02-13"}, ["date"], False, "a date alone cannot match"),
    ("tomorrow at 2pm", {"year": 2013, "month": 2, "day": 13}, ["year", "month", "day"], False, "a date alone"),
    ("tomorrow at 2pm", {"start_date": "2013-02-13", "end_date": "2013-02-14"}, ["start_date", "end_date"], False, ""),
    ("in 2 hours", {"date": "2013-02-12"}, ["date"], False, "a date alone"),
    ("tomorrow", {"year": 2013, "month": 2, "day": 13}, ["year", "month", "day"], True, ""),
    ("next week", {"start_date": "2013-02-19", "end_date": "2013-02-21"}, ["start_date", "end_date"], True, ""),
    ("march 3", {"date": "2013-03-04"}, None, False, "the day after"),
    ("from monday to wednesday", {"start_date": "2013-02-18", "end_date": "2013-02-20"}, None, True, ""),
    ("from monday to wednesday", {"start_date": "2013-02-18", "end_date": "2013-02-22"}, None, False, ""),
    # a string in words is held to the same rule: "the 3rd" gives no month, "march 3" no year
    ("march 3", "the 3rd", None, False, "the parameters give no month, which the phrase names"),
    ("march 3 2013", "the 3rd", None, False, "the phrase names the year (2013) and the month"),
    ("tomorrow", "the 13th", None, False, "give no month, which the phrase names"),
    ("tomorrow", {"date": "13th"}, ["date"], False, "give no month"),
    ("march 3 2013", "the third at 9am", None, False, "the phrase names the year (2013) and the month"),
    ("march 3 2013", "march 3", None, False, "the parameters give month and day but the phrase names the year (2013)"),
    ("march 2013", "march", None, False, "the parameters give month but the phrase names the year (2013)"),
    ("march 3", "march 3", None, True, ""),
    ("tomorrow", "feb 13", None, True, ""),
    ("march 3", "the 3rd of next month", None, True, ""),
    ("march 3 2013", "march 3 2013", None, True, ""),
    # a bare number in an argument gives no month either (nor a year): never a whole date
    ("tomorrow", "30", None, False, "give no month, which the phrase names"),
    ("tomorrow", "13", None, False, ""),  # 13:00 today, or the 13th of no month said
    ("march 3 2013", "3", None, False, ""),
    ("march 3 2013", "30.", None, False, ""),
]


@pytest.mark.parametrize(("phrase", "argument", "params", "passes", "fragment"), CASES)
def test_partial_value(phrase: str, argument: object, params: list[str] | None, passes: bool, fragment: str) -> None:
    if params is None:
        outcome = match_date_time(phrase, argument, USER)  # type: ignore[arg-type]
    else:
        assert isinstance(argument, dict)
        outcome = match_date_time(phrase, argument, USER, params=params)
    assert outcome.passed is passes, outcome.reason
    assert fragment in outcome.reason


@pytest.mark.parametrize("argument", ["30", "30.", "on 30"])
def test_a_bare_number_argument_never_passes_a_whole_date(argument: str) -> None:
    for phrase in ("march 30 2013", "march 30", "2013-03-30"):
        outcome = match_date_time(phrase, argument, USER)
        assert not outcome.passed, outcome.reason
