"""A date written year first with dots ("2026.03.04", as in East Asian and Hungarian usage) is year, month, day, as it
is with dashes or slashes: never the day before the month.

user_time is 2026-03-10T14:20, a Tuesday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

U = datetime(2026, 3, 10, 14, 20)

ROWS: list[tuple[str, str, object]] = [
    ("2026.03.04", "2026-03-04", True),
    ("2026.03.04", "2026-04-03", False),
    ("2026.3.4", "2026-04-03", False),
    ("2026.03.04 15:00", "2026-03-04T15:00", True),
    ("2026.03.04 15:00", "2026-04-03T15:00", False),
    ("on 2026.03.04 at 3pm", "2026-04-03T15:00", False),
    ("2026/03/04", "2026-04-03", False),
    ("2026.13.04", "2026-04-13", ERROR),  # no 13th month
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_year_first_with_dots(phrase: str, argument: str, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, U), expected)
