"""A point phrase judged on a start/end group: the end never comes before the start, and for a phrase a day or longer
it stays inside the phrase's window (or ends at its exclusive end), so that such a phrase fails a group whose end
parameter is absent, as a range does; a phrase shorter than a day checks only the start.

user_time 2013-02-12T04:30-02:00 is a Tuesday: "next week" is 2013-02-18..24, "this weekend" 2013-02-16..17,
"this quarter" 2013-01-01..03-31, Ramadan 2024 ran 2024-03-11..04-09 (by the Umm al-Qura calendar).
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time

USER = datetime.fromisoformat("2013-02-12T04:30:00-02:00")
DATES = ["start_date", "end_date"]
TIMES = ["start_time", "end_time"]

CASES: list[tuple[str, list[str], str, str, bool, str]] = [
    # phrase, params, start, end, passes, reason fragment
    ("next week", DATES, "2013-02-18", "2013-02-24", True, "end 2013-02-24"),
    ("next week", DATES, "2013-02-19", "2013-02-21", True, ""),  # Tue-Thu of next week
    (
        "next week",
        DATES,
        "2013-02-18",
        "2013-03-03",
        False,
        "the end is 7 days after the end of 2013-02-18..2013-02-24",
    ),
    ("next week", DATES, "2013-02-18", "2013-02-10", False, "the end is before the start"),
    ("next week", TIMES, "2013-02-18T09:00", "2013-02-25T00:00", True, ""),  # the exclusive end
    ("next week", TIMES, "2013-02-18T09:00", "2013-02-25T00:01", False, "0h01m after the end"),
    ("next month", DATES, "2013-03-01", "2013-03-31", True, ""),
    ("next month", DATES, "2013-03-01", "2013-04-30", False, "30 days after the end of 2013-03"),
    ("this weekend", DATES, "2013-02-16", "2013-02-17", True, ""),
    ("this weekend", DATES, "2013-02-16", "2013-02-19", False, "2 days after the end"),
    ("this weekend", DATES, "2013-02-17", "2013-02-16", False, "the end is before the start"),
    ("this quarter", DATES, "2013-01-01", "2013-03-31", True, ""),
    ("this quarter", DATES, "2013-01-01", "2013-06-30", False, "91 days after the end"),
    ("ramadan 2024", DATES, "2024-03-11", "2024-04-09", True, ""),
    ("ramadan 2024", DATES, "2024-03-11", "2024-05-09", False, "30 days after the end"),
    ("march 3", TIMES, "2013-03-03T09:00", "2013-03-03T17:00", True, ""),
    ("march 3", TIMES, "2013-03-03T09:00", "2013-03-04T10:00", False, "10h00m after the end of 2013-03-03"),
    ("march 3", TIMES, "2013-03-03T09:00", "2013-03-03T08:00", False, "the end is before the start"),
    ("tomorrow at 2pm", TIMES, "2013-02-13T14:00", "2013-02-13T15:00", True, "end 2013-02-13T15:00"),  # a meeting
    ("tomorrow at 2pm", TIMES, "2013-02-13T14:00", "2013-02-14T09:00", True, ""),  # shorter than a day: start only
    ("tomorrow at 2pm", TIMES, "2013-02-13T14:00", "2013-02-13T13:00", False, "the end is before the start"),
    ("tomorrow at 2pm", TIMES, "2013-02-13T15:00", "2013-02-13T16:00", False, "got start 2013-02-13T15:00"),
    ("tomorrow at 2pm", TIMES, "2013-02-13T14:00", "2013-02-13T15:59:00Z", False, "the end is before the start"),
]


@pytest.mark.parametrize(("phrase", "params", "start", "end", "passed", "reason"), CASES)
def test_point_phrase_checks_the_end(
    phrase: str, params: list[str], start: str, end: str, passed: bool, reason: str
) -> None:
    outcome = match_date_time(phrase, {params[0]: start, params[1]: end}, USER, params=params)
    assert outcome.passed is passed, outcome.reason
    assert reason in outcome.reason
    assert "end not checked" not in outcome.reason


@pytest.mark.parametrize("end", [None, "", "absent"])
@pytest.mark.parametrize(
    ("phrase", "params", "start"),
    [
        ("next week", DATES, "2013-02-19"),
        ("this weekend", ["check_in", "check_out"], "2013-02-16"),
        ("tomorrow", DATES, "2013-02-13"),
        ("before 9am tomorrow", TIMES, "2013-02-13T08:00"),
    ],
)
def test_a_phrase_bounding_the_end_fails_a_group_whose_end_is_absent(
    phrase: str, params: list[str], start: str, end: str | None
) -> None:
    values = {params[0]: start} if end == "absent" else {params[0]: start, params[1]: end}
    outcome = match_date_time(phrase, values, USER, params=params)
    assert not outcome.passed
    assert outcome.error is None
    assert f"the phrase bounds the end but {params[1]} is absent" in outcome.reason


@pytest.mark.parametrize(
    ("phrase", "params", "start"),
    [
        ("tomorrow at 2pm", TIMES, "2013-02-13T14:00"),  # shorter than a day: the start alone
        ("from monday", DATES, "2013-02-18"),  # names the start alone
        ("next week", ["start_date"], "2013-02-19"),  # no end parameter listed
    ],
)
def test_a_phrase_bounding_the_start_alone_passes_without_an_end(phrase: str, params: list[str], start: str) -> None:
    outcome = match_date_time(phrase, {params[0]: start}, USER, params=params)
    assert outcome.passed, outcome.reason


def test_unreadable_end_fails_a_point_phrase() -> None:
    outcome = match_date_time("march 3", {"start_time": "2013-03-03T09:00", "end_time": "soon-ish"}, USER, params=TIMES)
    assert not outcome.passed


def test_duration_gives_the_end_of_a_point_phrase() -> None:
    params = ["start", "duration"]
    short = match_date_time("march 3", {"start": "2013-03-03T09:00", "duration": "PT2H"}, USER, params=params)
    assert short.passed, short.reason
    long = match_date_time("march 3", {"start": "2013-03-03T09:00", "duration": "P2D"}, USER, params=params)
    assert not long.passed
    assert "after the end of 2013-03-03" in long.reason


@pytest.mark.parametrize(
    ("phrase", "interval", "passed", "reason"),
    [
        ("next week", "2013-02-19/2013-02-21", True, "got 2013-02-19 to 2013-02-21"),
        ("next week", "2013-02-18/2013-02-10", False, "the end is before the start"),
        ("next week", "2013-02-18/2013-03-03", False, "the end is 7 days after the end"),
        ("tomorrow at 2pm", "2013-02-13T14:00/2013-02-13T14:00", True, ""),
        ("tomorrow at 2pm", "2013-02-13T14:00/2013-02-13T13:00", False, "the end is before the start"),
        # an interval on a moment must be that moment: its end too, as for a day or a range
        ("tomorrow at 2pm", "2013-02-13T14:00/2013-02-13T15:00", False, "the end is 0h59m after the end"),
        ("tomorrow at 2pm", "2013-02-13T14:00/2013-03-13T14:00", False, "the end is 27 days 23h59m after the end"),
        ("tomorrow at 2pm", "2013-02-13T14:00/P30D", False, "the end is 29 days"),
        ("tomorrow at 2pm", "PT1H/2013-02-13T15:00", False, "the end is 0h59m after the end"),
        ("2013-03-03T14:00", "2013-03-03T14:00/2014-03-03T15:00", False, "the end is 365 days"),
        ("tomorrow afternoon", "2013-02-13T14:00/2013-02-13T16:00", True, ""),
        ("tomorrow afternoon", "2013-02-13T14:00/2013-02-14T16:00", False, "the end is 22h00m after the end"),
        ("tomorrow 2-3pm", "2013-02-13T14:00/PT1H", True, ""),
        ("tomorrow", "2013-02-13T00:00/2013-02-14T00:00", True, ""),
    ],
)
def test_iso_interval_on_a_point_phrase_checks_the_end(phrase: str, interval: str, passed: bool, reason: str) -> None:
    outcome = match_date_time(phrase, interval, USER)
    assert outcome.passed is passed, outcome.reason
    assert reason in outcome.reason


def test_start_end_group_on_a_moment_checks_its_start() -> None:
    params = ["start_time", "end_time"]
    group = {"start_time": "2013-02-13T14:00", "end_time": "2013-02-13T15:00"}
    outcome = match_date_time("tomorrow at 2pm", group, USER, params=params)
    assert outcome.passed, outcome.reason
