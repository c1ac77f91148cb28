"""The end of an explicit range on a start/end group: a named minute is itself the end ("3 to 4pm" ends at 16:00,
not 16:01); a day or longer also accepts its exclusive end ("june 3 to 5" ending june 6, "march to june" ending
july 1); a miss says how far the end lies from the range's last unit.

user_time 2013-02-12T04:30-02:00 is a Tuesday.
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
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T16:00", True, ""),
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T16:00:59", True, ""),  # within the minute
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T16:01", False, "the minute after"),
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T15:59", False, "the minute before"),
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T18:00Z", True, ""),  # the same instant
    ("tomorrow from 3 to 4pm", TIMES, "2013-02-13T15:00", "2013-02-13T18:01Z", False, "the minute after"),
    ("from 3:15 to 4:30pm tomorrow", TIMES, "2013-02-13T15:15", "2013-02-13T16:30", True, ""),
    ("from 3:15 to 4:30pm tomorrow", TIMES, "2013-02-13T15:15", "2013-02-13T16:31", False, "the minute after"),
    ("june 3 to 5", DATES, "2013-06-03", "2013-06-05", True, ""),
    ("june 3 to 5", DATES, "2013-06-03", "2013-06-06", True, ""),  # the exclusive end date
    ("june 3 to 5", DATES, "2013-06-03", "2013-06-07", False, "after the end of 2013-06-05"),
    ("june 3 to 5", DATES, "2013-06-03", "2013-06-04", False, "the day before"),
    ("from march to june 2020", DATES, "2020-03-01", "2020-06-30", True, ""),
    ("from march to june 2020", DATES, "2020-03-01", "2020-07-01", True, ""),  # the exclusive end date
    ("from march to june 2020", TIMES, "2020-03-01T00:00", "2020-07-01T00:00", True, ""),
    ("from march to june 2020", TIMES, "2020-03-01T00:00", "2020-07-01T00:01", False, "the end does not match"),
    ("from march to june 2020", DATES, "2020-03-01", "2020-07-02", False, "the month after"),
    ("from march to june 2020", DATES, "2020-03-01", "2020-05-31", False, "the month before"),
    ("from 2020 to 2022", DATES, "2020-01-01", "2023-01-01", True, ""),
    ("from 2020 to 2022", DATES, "2020-01-01", "2023-01-02", False, "the year after"),
    ("from monday to wednesday", DATES, "2013-02-18", "2013-02-21", True, ""),
    ("from monday to wednesday", DATES, "2013-02-18", "2013-02-22", False, "the end does not match"),
]


@pytest.mark.parametrize(("phrase", "params", "start", "end", "passed", "reason"), CASES)
def test_range_end(phrase: str, params: list[str], start: str, end: str, passed: bool, reason: str) -> None:
    outcome = match_date_time(phrase, {params[0]: start, params[1]: end}, USER, params=params)
    assert outcome.passed is passed, outcome.reason
    assert reason in (outcome.reason or "")
