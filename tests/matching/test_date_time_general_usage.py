"""Phrases of general English usage (British and American forms, business shorthand, style-guide spellings), each
read as said or not understood, never a guess; and checks that no wrong argument passes a reading.

Calendar facts used (checked with ``python -m calendar``): 2025-06-11 is a Wednesday; the Friday after it is
2025-06-13, the Monday 2025-06-16.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_date_row, assert_verdict

WED = datetime(2025, 6, 11, 10, 0)  # a Wednesday morning, naive (wall clock)

ROWS: list[tuple[str, object, object]] = [
    # a bare hour beside a part of the day lies within two hours of it, never three
    ("this evening at 2", "2025-06-11T14:00:00", ERROR),
    ("2 in the evening", "2025-06-11T14:00:00", ERROR),
    ("this evening at 4", "2025-06-11T16:00:00", True),
    ("quarter to 5 tonight", "2025-06-11T16:45:00", True),
    ("afternoon at 7", "2025-06-11T19:00:00", True),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_general_usage_read_as_said(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


GROUPS: list[tuple[str, str, str, object]] = [
    # a deadline on a start/end group bounds the end, whenever the event starts; its end may not precede the start
    ("until Friday", "2025-06-11", "2025-06-13", True),
    ("until Friday", "2025-06-12T09:00", "2025-06-14T00:00", True),  # the deadline's exclusive end
    ("until Friday", "2025-06-13T09:00", "2025-06-14T09:00", False),  # ends after Friday
    ("until Friday", "2025-06-14", "2025-06-13", False),  # starts after it ends
    ("by Friday", "2025-06-11", "2025-06-13", True),
    ("by Friday", "2025-06-13", "2025-06-16", False),
    ("no later than 5pm", "2025-06-11T15:00", "2025-06-11T17:00", True),
    ("no later than 5pm", "2025-06-11T17:00", "2025-06-11T18:00", False),
    ("till noon tomorrow", "2025-06-12T09:00", "2025-06-12T12:00", True),
    ("till noon tomorrow", "2025-06-12T12:00", "2025-06-12T13:00", False),
]


@pytest.mark.parametrize(("phrase", "start", "end", "expected"), GROUPS)
def test_a_deadline_bounds_the_end_of_a_group(phrase: str, start: str, end: str, expected: object) -> None:
    outcome = match_date_time(phrase, {"start": start, "end": end}, WED, params=["start", "end"])
    assert_verdict(outcome, expected)
