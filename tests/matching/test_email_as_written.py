"""``email``: an argument passes only as the address it writes, not as what a lenient parse makes of stray text."""

from __future__ import annotations

import pytest

from mb.matching import match_email

EXPECTED = "dana.reyes@example.com"


@pytest.mark.parametrize(
    "actual",
    [
        "dana.reyes@example .com",
        "dana.reyes@ex ample.com",
        "dana .reyes@example.com",
        "dana.reyes @example.com",
        "dana.reyes@example.com>",
        "Dana Reyes <dana.reyes@example.com",
        "ops@example.com, dana.reyes@ex ample.com",
        ["dana.reyes@exam ple.com"],
    ],
)
def test_stray_space_or_bracket_is_not_the_address(actual: str | list[str]) -> None:
    outcome = match_email(EXPECTED, actual)
    assert not outcome.passed
    written = actual if isinstance(actual, str) else actual[0]
    assert f"not an email address: {written!r}" in outcome.reason


@pytest.mark.parametrize(
    "actual",
    [
        "Dana Reyes<dana.reyes@example.com>",
        '"Reyes, Dana" <dana.reyes@example.com>',
        "dana.reyes@example.com (Dana)",
        " mailto:Dana.Reyes@example.com ",
        "dana.reyes@example.com;",
    ],
)
def test_the_forms_the_matcher_reads_still_pass(actual: str) -> None:
    assert match_email(EXPECTED, actual).passed


def test_an_expected_value_with_stray_space_is_reported() -> None:
    outcome = match_email("dana.reyes@ex ample.com", EXPECTED)
    assert not outcome.passed
    assert "is not a single email address" in outcome.reason
