"""Phrases listing alternatives keep every reading they list: an argument passes when it matches any of them, and
fails outside all of them. Words the last alternative adds after what the others say (or the first before it)
belong to each when the others are said alike ("friday or saturday next week", "8 or 9pm"); alternatives that differ
otherwise are not understood.

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
    # words the alternatives share
    ("8 or 9pm", "2025-10-09T20:00:00", True),
    ("8 or 9pm", "2025-10-09T21:00:00", True),
    ("8 or 9pm", "2025-10-09T08:00:00", False),  # never 8am: "pm" belongs to both
    ("9 or 10 in the morning", "2025-10-10T09:00:00", True),
    ("9 or 10 in the morning", "2025-10-09T10:00:00", True),  # 9:00 has passed: tomorrow's
    ("9 or 10 in the morning", "2025-10-09T21:00:00", False),
    ("friday or saturday next week", "2025-10-17", True),
    ("friday or saturday next week", "2025-10-18", True),
    ("friday or saturday next week", "2025-10-10", False),
    ("next friday or saturday", "2025-10-18", True),
    ("the 3rd or 4th of june", "2026-06-03", True),
    ("the 3rd or 4th of june", "2026-06-04", True),
    ("the 3rd or 4th of june", "2026-06-05", False),
    ("3pm or 4pm tomorrow", "2025-10-10T16:00:00", True),
    ("3pm or 4pm tomorrow", "2025-10-09T16:00:00", False),
    ("tomorrow at 3 or 4", "2025-10-10T16:00:00", True),
    ("tomorrow at 3 or 4", "2025-10-09T16:00:00", False),
    ("friday or saturday at 3pm", "2025-10-11T15:00:00", True),
    ("friday or saturday at 3pm", "2025-10-11T16:00:00", False),
    ("monday or tuesday at 2-3pm", "2025-10-14T14:00:00", True),
    ("monday or tuesday at 2-3pm", "2025-10-14T15:00:00", False),
    ("monday or the day before", "2025-10-10", ERROR),  # never "before monday": words that widen are not shared
    ("march 5, 6 or 7", "2026-03-05T07:00:00", ERROR),  # days listed with commas: never March 5 at 6 or 7
    ("11 or 12pm", "2025-10-09T23:00:00", ERROR),  # 12pm is noon: its "pm" says nothing of the hour before
    ("12 or 1pm", "2025-10-09T12:00:00", True),
    # a list with commas
    ("monday, tuesday or wednesday", "2025-10-13", True),
    ("monday, tuesday or wednesday", "2025-10-15", True),
    ("monday, tuesday, or wednesday", "2025-10-14", True),
    ("monday, tuesday or wednesday", "2025-10-16", False),
    ("7, 8 or 9pm", "2025-10-09T19:00:00", True),
    ("7, 8 or 9pm", "2025-10-09T07:00:00", False),
    ("march 5, 2026 or march 6, 2026", "2026-03-06", True),  # a comma inside a date lists nothing
    ("march 5, 2026 or march 6, 2026", "2026-03-07", False),
    # words one side alone would miss, said unalike: the phrase is not understood, never read without them
    ("tomorrow or friday at 3pm", "2025-10-10T15:00:00", ERROR),
    ("friday or next week", "2025-10-10", ERROR),
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
    ("in six to eight weeks", "2025-11-24", True),  # a range of counts: any time from the first to the last
    ("in 2-3 hours", "2025-10-09T12:00:00", True),
    ("in 2-3 hours", "2025-10-09T11:19:00", False),
    ("in 2-3 hours", "2025-10-09T12:21:00", False),
    ("in 2 or 3 hours", "2025-10-09T12:00:00", False),  # counts joined by "or": each alone
    # a range that names a time of day keeps it on each day, never the hours between
    ("at 3pm in 2-3 days", "2025-10-12T15:00:00", True),
    ("at 3pm in 2-3 days", "2025-10-11T18:00:00", False),
    ("in 2-3 days in the morning", "2025-10-11T20:00:00", False),
    ("3 to 4 weeks from now", "2025-10-30", True),
    ("3 to 4 weeks from now", "2025-11-06", True),
    ("3 to 4 weeks from now", "2025-10-09T03:00:00", False),  # never 3 o'clock today to 4 weeks from now
    ("in 1 to 90 days", "2025-10-20", ERROR),
    ("between 2 and 3 weeks from now", "2025-10-30", True),
    ("between 2 and 3 weeks from now", "2025-11-06", False),
    ("2 and 3 weeks from now", "2025-10-23", ERROR),  # "and" joins counts only after "between"
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_reading(phrase: str, argument: object, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, THU), expected)
