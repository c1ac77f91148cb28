"""A phrase that stops after a word needing more ("tomorrow at", "the morning of", "3pm on") is cut short: what it
was said at or of is missing, so it is not understood by either reader, never read as the words before it.

user_time is 2026-03-10T14:20, a Tuesday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

U = datetime(2026, 3, 10, 14, 20)

ROWS: list[tuple[str, str, object]] = [
    ("tomorrow at", "2026-03-11T09:00", ERROR),
    ("the morning of", "2026-03-11T09:00", ERROR),
    ("the day of", "2026-03-10", ERROR),
    ("3pm on", "2026-03-10T15:00", ERROR),
    ("friday by", "2026-03-13", ERROR),
    ("the 3rd of", "2026-04-03", ERROR),
    ("tomorrow at 3pm.", "2026-03-11T15:00", True),
    ("5pm at the latest", "2026-03-10T17:00", True),
    ("noon on the dot", "2026-03-11T12:00", True),
    ("tomorrow at 3 or 4", "2026-03-11T16:00", True),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_phrase_cut_short(phrase: str, argument: str, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, U), expected)
