"""Everyday English date and time phrases, each kind with negatives (an argument a day, a week or a window off, a
broader reading refused) and, where the phrase is incomplete or truly open, an error or every reading.

Calendar facts used (checked with ``python -m calendar`` and ``dateutil.easter``): 2024-05-15 is a Wednesday; the
Mondays after it are 2024-05-20 and 2024-05-27.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import assert_verdict

WED = datetime(2024, 5, 15, 10, 0)  # a Wednesday, naive (wall clock)

ROWS: list[tuple[str, str, datetime, object, object]] = [
    # a quarter with a year after "of" and an apostrophe
    ("quarter", "q3 of '21", WED, "2021-08-01", True),
    ("quarter", "q3 of '21", WED, "2024-08-01", False),
    ("quarter", "the second quarter of '23", WED, "2023-05-01", True),
]


@pytest.mark.parametrize(("kind", "phrase", "user_time", "argument", "expected"), ROWS)
def test_one_parameter(kind: str, phrase: str, user_time: datetime, argument: object, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, user_time), expected)
