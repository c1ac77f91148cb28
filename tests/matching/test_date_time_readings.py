"""Readings of seasons with a year, fractions of a unit, Hanukkah's eight days, and the reasons given for period ends
and phrases with no date in them.

user_time 2013-02-12T04:30-02:00. Hanukkah 2023 began on 25 Kislev 5784 = 2023-12-08 (eight days, to 12-15).
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from mb.matching.date_time import match_date_time

USER = datetime.fromisoformat("2013-02-12T04:30:00-02:00")
#: The same instant in a named zone: a bare offset places the user in no hemisphere, and so names no season.
NORTH = USER.astimezone(ZoneInfo("Europe/London"))

CASES: list[tuple[str, str, bool, str]] = [
    # phrase, argument, passes, reason fragment
    ("in 3/4 of an hour", "2013-02-12T05:15", True, ""),
    ("in 3/4 of an hour", "2013-02-12T05:30", False, ""),
    ("in 1/2 of a day", "2013-02-12T16:30", True, ""),
    ("in 1/2 of a day", "2013-02-12T17:30", False, ""),
    ("hanukkah 2023", "2023-12-08", True, "2023-12-08..2023-12-15 (hanukkah)"),
    ("hanukkah 2023", "2023-12-15", True, ""),
    ("hanukkah 2023", "2023-12-16", False, "1 day after the end of 2023-12-08..2023-12-15"),
    ("hanukkah 2023", "2023-12-07", False, "1 day before the start"),
    ("the first day of hanukkah 2023", "2023-12-08", True, ""),
    ("the first day of hanukkah 2023", "2023-12-09", False, "the day after"),
    ("EOM", "2013-02-28", True, ""),
    ("EOM", "2013-03-01T00:00", True, ""),
    ("EOM", "2013-03-01", False, "the day after 'EOM'"),
    ("EOY", "2014-01-01", False, "the day after 'EOY'"),
    ("tomorrow at 2pm", "2013-02-13", False, "a date alone cannot match a phrase naming a time of day"),
    # an argument an hour late is said to be an hour after the moment, not 59 minutes after its minute ends
    ("tomorrow at 2pm", "2013-02-13T15:00:00", False, "1h00m after 2013-02-13T14:00"),
    ("tomorrow at 2pm", "2013-02-13T13:00:00", False, "1h00m before the start of 2013-02-13T14:00"),
    ("next week", "2013-02-25", False, "1 day after the end of 2013-02-18..2013-02-24"),
]


@pytest.mark.parametrize(("phrase", "argument", "passed", "reason"), CASES)
def test_reading(phrase: str, argument: str, passed: bool, reason: str) -> None:
    outcome = match_date_time(phrase, argument, USER)
    assert outcome.passed is passed, outcome.reason
    assert outcome.error is None, outcome.reason
    assert reason in outcome.reason
    if reason == "" and not passed:
        assert "date alone" not in outcome.reason


SEASONS: list[tuple[str, str, bool, str]] = [
    ("winter 2014", "2014-01-15", True, "2013-12-01..2014-02-28 (winter)"),  # the winter ending in 2014
    ("winter 2014", "2014-12-20", True, "2014-12-01..2015-02-28 (winter)"),  # the winter starting in it
    ("winter 2014", "2015-03-25", False, "6 days after the end of 2014-12-21..2015-03-19"),
    ("winter 2014", "2013-11-25", False, "6 days before the start of 2013-12-01..2014-02-28"),
    ("winter 2014", "2014-07-01", False, ""),
    ("summer 2014", "2014-07-01", True, ""),
    ("summer 2014", "2013-07-01", False, ""),
]


@pytest.mark.parametrize(("phrase", "argument", "passed", "reason"), SEASONS)
def test_season_reading(phrase: str, argument: str, passed: bool, reason: str) -> None:
    outcome = match_date_time(phrase, argument, NORTH)
    assert outcome.passed is passed, outcome.reason
    assert outcome.error is None, outcome.reason
    assert reason in outcome.reason
    # a bare offset names no place: the northern seasons, as with no zone
    assert match_date_time(phrase, argument, USER).passed is passed


def test_eom_date_reason_does_not_speak_of_a_time_of_day() -> None:
    outcome = match_date_time("end of month", "2013-03-01", USER)
    assert "time of day" not in outcome.reason


@pytest.mark.parametrize(("phrase", "reason"), [("", "the phrase is empty"), ("   ", "the phrase is empty"),
                                                ("the", "no date or time in 'the'")])  # fmt: skip
def test_phrase_with_no_date_is_an_error(phrase: str, reason: str) -> None:
    outcome = match_date_time(phrase, "2013-02-13", USER)
    assert not outcome.passed
    assert outcome.error is not None
    assert reason in outcome.reason
    assert "in it in" not in outcome.reason
