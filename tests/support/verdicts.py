"""The check shared by table-driven matcher tests: a row expects a pass, a failure, or an error (not understood)."""

from __future__ import annotations

from mb.matching import Outcome

__all__ = ["ERROR", "assert_verdict"]

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
