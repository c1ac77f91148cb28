"""Phrases listing alternatives keep every reading they list: an argument passes when it matches any of them, and
fails outside all of them. Alternatives that might share words ("friday or saturday next week") are not understood.

2025-10-09 is a Thursday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

THU = datetime(2025, 10, 9, 9, 20)

ROWS: list[tuple[str, object, object]] = [
    # two phrases joined by "or"
    ("friday or saturday", "2025-10-10", True),
    ("friday or saturday", "2025-10-11T18:30:00", True),
    ("friday or saturday", "2025-10-12", False),
    ("either friday or saturday", "2025-10-11", True),
    ("the 20th or the 21st", "2025-10-20", True),
    ("the 20th or the 21st", "2025-10-21", True),
    ("the 20th or the 21st", "2025-10-22", False),
    ("the 20th or 21st", "2025-10-21", True),
    ("noon or 1pm on friday", "2025-10-10T12:00:00", ERROR),
    ("friday at 11am or saturday at 1pm", "2025-10-11T13:00:00", True),
    ("friday at 11am or saturday at 1pm", "2025-10-10T13:00:00", False),
    ("8:15 or 9:30", "2025-10-09T20:15:00", True),  # each time alone is morning or evening
    ("8 or 9pm", "2025-10-09T08:00:00", ERROR),  # never 8am: "pm" may belong to both
    # words one side alone would miss: the phrase is not understood, never read without them
    ("friday or saturday next week", "2025-10-10", ERROR),
    ("monday or sometime soonish", "2025-10-13", ERROR),
    ("friday or", "2025-10-10", ERROR),
    ("or", "2025-10-10", ERROR),
    ("either", "2025-10-10", ERROR),
    # two counts of one unit
    ("in 4-5 days", "2025-10-13", True),
    ("in 4-5 days", "2025-10-14", True),
    ("in 4-5 days", "2025-10-12", False),
    ("in 4-5 days", "2025-10-15", False),
    ("in 4 or 6 days", "2025-10-15", True),
    ("in 4 or 6 days", "2025-10-14", False),
    ("in six to eight weeks", "2025-11-27", True),
    ("in six to eight weeks", "2025-12-11", False),
    ("3 to 4 weeks from now", "2025-10-30", True),
    ("3 to 4 weeks from now", "2025-11-06", True),
    ("3 to 4 weeks from now", "2025-10-09T03:00:00", False),  # never 3 o'clock today to 4 weeks from now
    ("in 1 to 90 days", "2025-10-20", ERROR),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_reading(phrase: str, argument: object, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, THU), expected)
