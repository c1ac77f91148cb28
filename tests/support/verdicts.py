"""The check shared by table-driven matcher tests: a row expects a pass, a failure, or an error (not understood)."""

from __future__ import annotations

from datetime import datetime

from mb.matching import Outcome
from mb.matching.date_time import match_date_time

__all__ = ["ERROR", "assert_date_row", "assert_verdict"]

ERROR = "error"
"""A row's expected verdict when the value must not be judged at all (an error naming what was not understood)."""


def assert_verdict(outcome: Outcome, expected: object) -> None:
    """``expected`` is True (passes), False (fails, no error) or :data:`ERROR` (an error, never a pass)."""
    if expected == ERROR:
        assert outcome.error is not None, outcome.reason
        assert not outcome.passed
    else:
        assert outcome.error is None, outcome.reason
        assert outcome.passed is expected, outcome.reason


def assert_date_row(phrase: str, argument: object, user_time: datetime | None, expected: object) -> None:
    """A ``date_time`` table row: a dict argument is a ``start``/``end`` group, anything else one parameter."""
    params = ["start", "end"] if isinstance(argument, dict) else None
    assert_verdict(match_date_time(phrase, argument, user_time, params=params), expected)
