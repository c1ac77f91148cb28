"""Durations: a phrase naming a length of time ("for 2 hours", "a fortnight", "for 2-3 hours") against ISO 8601
durations and durations in words, and duration arguments against phrases naming a time (they fail, saying the argument
is a duration).

user_time 2021-05-20T10:00 (a Thursday); durations read the same whatever it is.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from mb.matching.date_time._durations import phrase_duration
from mb.matching.date_time._value import iso_duration
from tests.support.verdicts import ERROR, assert_verdict

THU = datetime(2021, 5, 20, 10, 0)

ROWS: list[tuple[str, object, object, str]] = [
    # phrase, argument, expected (True, False or ERROR), reason fragment
    ("for 2 hours", "PT2H", True, "'for 2 hours' names a duration of 2 hours; got 'PT2H', an ISO 8601 duration"),
    ("for 2 hours", "PT120M", True, ""),
    ("for 2 hours", "pt2h", True, ""),
    ("for 2 hours", "PT3H", False, "an ISO 8601 duration of 3 hours"),
    ("for 2 hours", "PT1H59M", False, ""),
    ("for 2 hours", "P2D", False, "of 2 days"),
    ("for 2 hours", "two hours", True, "a duration of 2 hours"),
    ("for 2 hours", "2h", True, ""),
    ("for 2 hours", "3 hours", False, ""),
    ("for 2 hours", "2021-05-20T12:00:00", False, "which is not a duration"),
    ("for 2 hours", 7200, False, "which is not a duration"),  # a number is a timestamp, not a length
    ("for 2 hours", "PT", False, "which is not a duration"),
    ("2 hours", "PT2H", True, ""),
    # a range of counts: any length from the first to the last; counts joined by "or": each of them
    ("for 2-3 hours", "PT2H", True, "names a duration of 2 hours to 3 hours"),
    ("for 2-3 hours", "PT2H30M", True, ""),
    ("for 2-3 hours", "2.5 hours", True, ""),
    ("for 2-3 hours", "PT3H", True, ""),
    ("for 2-3 hours", "PT3H1M", False, ""),
    ("for 2-3 hours", "PT1H59M", False, ""),
    ("for 2-3 hours", "2021-05-20T12:00:00", False, "which is not a duration"),
    ("two to three days", "P3D", True, ""),
    ("for between 2 and 3 hours", "PT2H30M", True, ""),
    ("for between 2 and 3 hours", "PT3H30M", False, ""),
    ("two to three days", "P4D", False, ""),
    ("for 2 or 3 hours", "PT3H", True, "names a duration of 2 hours or 3 hours"),
    ("for 2 or 3 hours", "PT2H30M", False, ""),
    ("for a few to 5 hours", "PT4H", ERROR, ""),
    ("90 minutes", "PT1H30M", True, "1 hour 30 minutes"),
    ("90 minutes", "PT1H31M", False, ""),
    ("for an hour and a half", "PT1.5H", True, ""),
    ("for an hour and a half", "PT1,5H", True, ""),
    ("a fortnight", "P2W", True, "a duration of 14 days"),
    ("a fortnight", "P14D", True, ""),
    ("a fortnight", "P15D", False, ""),
    ("a fortnight", "P1W", False, ""),
    ("for a day", "PT24H", True, ""),  # a day is 24 hours
    ("for a month", "P1M", True, ""),
    ("for a month", "P30D", False, "an ISO 8601 duration of 30 days"),  # months are not counted in days
    ("for 2 years", "P24M", True, ""),
    ("for 2 years", "P2Y1D", False, ""),
    ("for 1 day and 5 hours", "P1DT5H", True, ""),
    ("for 1 day and 5 hours", "P1DT6H", False, ""),
    ("for about 3 weeks", "P21D", True, ""),
    # a duration argument against a phrase naming a time fails, and says why
    ("in 2 hours", "PT2H", False, "'PT2H' (string), an ISO 8601 duration (2 hours), which is not a date or time"),
    ("tomorrow", "P1D", False, "an ISO 8601 duration (1 day), which is not a date or time"),
    ("next week", "P1W", False, "an ISO 8601 duration (7 days)"),
    # a phrase the grammar reads as a time stays a time ("15h" is 15:00); an unknown one stays not understood
    ("15h", "PT15H", False, "which is not a date or time"),
    ("15h", "2021-05-20T15:00:00", True, ""),
    ("blurple", "PT2H", ERROR, "could not understand 'blurple'"),
    ("for 2 business days", "P2D", ERROR, ""),  # business days have no fixed length
]


@pytest.mark.parametrize(("phrase", "argument", "expected", "says"), ROWS)
def test_durations(phrase: str, argument: object, expected: object, says: str) -> None:
    outcome = match_date_time(phrase, argument, THU)  # type: ignore[arg-type]
    assert_verdict(outcome, expected)
    assert says in outcome.reason


def test_a_duration_reads_the_same_whatever_the_user_time() -> None:
    assert match_date_time("for 2 hours", "PT2H", None).passed


@pytest.mark.parametrize(
    ("text", "length"),
    [
        ("PT2H", (0.0, 7200.0)),
        ("P1Y2M", (14.0, 0.0)),
        ("P2W", (0.0, 14 * 86400.0)),
        ("P1DT1M1S", (0.0, 86400.0 + 61.0)),
        ("PT0.5H", (0.0, 1800.0)),
        ("P", None),
        ("PT", None),
        ("P1DT", None),
        ("P1H", None),  # hours come after T
        ("2H", None),
        ("P1D extra", None),
    ],
)
def test_iso_duration(text: str, length: tuple[float, float] | None) -> None:
    assert iso_duration(text) == length


@pytest.mark.parametrize(
    ("phrase", "length"),
    [
        ("for 2 hours", (0.0, 7200.0)),
        ("a fortnight", (0.0, 14 * 86400.0)),
        ("lasting 3 days", (0.0, 3 * 86400.0)),
        ("2 quarters", (6.0, 0.0)),
        ("in 2 hours", None),  # a time, not a length
        ("for 3 days starting tomorrow", None),
        ("15h", None),
        ("tomorrow", None),
    ],
)
def test_phrase_duration(phrase: str, length: tuple[float, float] | None) -> None:
    assert phrase_duration(phrase) == length
