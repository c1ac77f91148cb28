"""Phrases composed of readings the matcher already has: "following" or "preceding" beside a business day, a count
of hours "past" a time, a clock said "earlier today", a month a count of years from now, a day of the month a count
of months from now.

Calendar facts used (checked with ``python -m calendar``): 2025-06-11 is a Wednesday; 2025-12-25 a Thursday, so the
next business day is Friday 2025-12-26 (or Monday 2025-12-29 where December 26 is a holiday) and the one before it
Wednesday 2025-12-24.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.support.verdicts import ERROR, assert_date_row

WED = datetime(2025, 6, 11, 10, 0)  # a Wednesday morning, naive (wall clock)

ROWS: list[tuple[str, object, datetime, object]] = [
    # "following" and "preceding" beside a business day say "after" and "before"
    ("the business day following christmas", "2025-12-26", WED, True),
    ("the business day following christmas", "2025-12-25", WED, False),
    ("the business day following christmas", "2025-12-30", WED, False),
    ("the first business day following christmas", "2025-12-26", WED, True),
    ("the first business day following christmas", "2025-12-24", WED, False),
    ("the business day preceding christmas", "2025-12-24", WED, True),
    ("the business day preceding christmas", "2025-12-26", WED, False),
    # hours "past" are not read: before a clock number without its day they could count from another date
    ("2 hours past 3 on friday", "2025-06-13T17:00", WED, ERROR),
    ("3 hours past tomorrow", "2025-06-12T03:00", WED, ERROR),
    ("5 minutes past 3", "2025-06-11T15:05", WED, True),
    ("5 minutes past 3", "2025-06-11T08:00", WED, False),
    # "earlier today at 9": today's 9 o'clock before now; said before 9, no such time
    ("earlier today at 9", "2025-06-11T09:00", WED, True),
    ("earlier today at 9", "2025-06-11T21:00", WED, False),
    ("earlier today at 9", "2025-06-10T09:00", WED, False),
    ("earlier today at 9", "2025-06-11T09:00", datetime(2025, 6, 11, 8, 0), ERROR),
    ("earlier today at 11", "2025-06-11T11:00", WED, ERROR),
    # a month a count of years from now, never a day of that month
    ("march two years from now", "2027-03", WED, True),
    ("march two years from now", "2026-03", WED, False),
    ("march 2", "2026-03-02", WED, True),
    # a day of the month reached a count of months from now
    ("in 2 months on the 15th", "2025-08-15", WED, True),
    ("in 2 months on the 15th", "2025-08-11", WED, False),
    ("in 2 months on the 15th", "2025-07-15", WED, False),
    ("the 15th in 2 months", "2025-08-15", WED, True),
    ("in 3 months on the 31st", "2025-09-30", WED, ERROR),  # September has no 31st
]


@pytest.mark.parametrize(("phrase", "argument", "said", "expected"), ROWS)
def test_composed_words(phrase: str, argument: object, said: datetime, expected: object) -> None:
    assert_date_row(phrase, argument, said, expected)
