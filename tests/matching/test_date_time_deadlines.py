"""Deadlines and starts that include their own day read as the moment they name, as "by friday" and "as of monday"
do: a tool's argument carries the deadline or the start itself. "Before" and "after" alone exclude the moment they
name and give no other: such a phrase is not understood.

2025-10-09 is a Thursday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

THU = datetime(2025, 10, 9, 9, 20)

ROWS: list[tuple[str, object, object]] = [
    ("on or before the 24th", "2025-10-24", True),
    ("on or before the 24th", "2025-10-23", False),
    ("on or before saturday at noon", "2025-10-11T12:00:00", True),
    ("on or before saturday at noon", "2025-10-11T11:00:00", False),
    ("no earlier than tuesday", "2025-10-14", True),
    ("no earlier than tuesday", "2025-10-15", False),
    ("not earlier than 8am on monday", "2025-10-13T08:00:00", True),
    ("not earlier than 8am on monday", "2025-10-13T09:00:00", False),
    ("on or after november 2", "2025-11-02", True),
    ("on or after november 2", "2025-11-01", False),
    ("by 5pm tomorrow", "2025-10-10T17:00:00", True),
    ("by 5pm tomorrow", "2025-10-10T16:00:00", False),
    # strictly before or after: the moment named is not in it, and no other is named
    ("before 5pm tomorrow", "2025-10-10T16:00:00", ERROR),
    ("after 7pm", "2025-10-09T20:00:00", ERROR),
    ("after 7pm tonight", "2025-10-09T19:00:00", ERROR),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_reading(phrase: str, argument: object, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, THU), expected)
