"""``equality`` on strings that read alike: still a failure, with a reason that says why."""

from __future__ import annotations

import pytest

from mb.matching import match_equality

HINT = "they differ only in letter case or white space, and equality compares strings exactly"


@pytest.mark.parametrize(
    ("expected", "actual"),
    [("Boston, MA", "boston, ma"), ("Boston, MA", "Boston, MA "), ("Boston, MA", "Boston,MA"), ("AAPL", "aapl")],
)
def test_strings_alike_fail_and_say_why(expected: str, actual: str) -> None:
    outcome = match_equality(expected, actual)
    assert not outcome.passed
    assert outcome.reason.endswith(HINT)


@pytest.mark.parametrize(("expected", "actual"), [("Boston, MA", "Austin, TX"), ("AAPL", "AAPL.")])
def test_other_strings_get_no_such_hint(expected: str, actual: str) -> None:
    outcome = match_equality(expected, actual)
    assert not outcome.passed
    assert HINT not in outcome.reason
