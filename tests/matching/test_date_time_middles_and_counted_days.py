"""The middle of a part of the day ("mid-morning" is 09:30 to 11:00, never from 06:45), and days counted from a named
day or period ("the day after next Tuesday", "the last full week of June", "since the beginning of the year").

2024-06-10 is a Monday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.support.verdicts import assert_date_row

MON = datetime(2024, 6, 10, 8, 0)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [("mid-morning", "2024-06-10T10:30", True), ("mid-morning", "2024-06-10T09:30", True),
     ("mid-morning", "2024-06-10T07:00", False), ("mid-morning", "2024-06-10T11:00", False),
     ("midmorning tomorrow", "2024-06-11T10:00", True), ("the middle of the morning", "2024-06-10T08:00", False),
     ("mid-afternoon", "2024-06-10T15:00", True), ("mid-afternoon", "2024-06-10T13:30", False),
     ("mid-evening", "2024-06-10T20:00", True), ("mid-evening", "2024-06-10T18:45", False),
     ("early morning", "2024-06-10T06:00", True)],
)  # fmt: skip
def test_the_middle_of_a_part_of_the_day(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, MON, expected)
