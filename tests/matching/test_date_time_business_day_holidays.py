"""Working days are Monday to Friday; a count that would take New Year's Day or Christmas as one, days off in most
countries though not in all, depends on where it is said and is not understood, never read as if the office were open.

user_time is 2026-12-24T20:00, a Thursday: Christmas 2026 is a Friday, New Year's Day 2027 a Friday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

U = datetime(2026, 12, 24, 20, 0)

ROWS: list[tuple[str, str, object]] = [
    ("the next business day", "2026-12-25", ERROR),
    ("in 3 business days", "2026-12-29", ERROR),
    ("2 working days from now", "2026-12-28", ERROR),
    ("the next 3 business days", "2026-12-28", ERROR),
    ("the first working day of next year", "2027-01-01", ERROR),
    ("in 6 business days", "2027-01-01", ERROR),
    ("3 business days ago", "2026-12-21", True),  # no day off counted
    ("3 business days ago", "2026-12-22", False),
    ("the last business day of the year", "2026-12-31", True),
    ("the first weekday of next year", "2027-01-01", True),  # a weekday, whether or not anyone works
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_working_days_over_shared_holidays(phrase: str, argument: str, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, U), expected)
