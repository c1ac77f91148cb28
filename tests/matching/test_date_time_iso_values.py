"""An ISO 8601 date-time as the expected value reads as it does as the agent's argument: with any fraction of a second
before ``Z`` or an offset, and with a week date ("2024-W06-5T14:00")."""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time

SAID = datetime(2024, 2, 5, 9, 0)


@pytest.mark.parametrize(
    "value",
    [
        "2024-02-09T14:00:00.000Z",
        "2024-02-09T14:00:00.0Z",
        "2024-02-09T14:00:00.00Z",
        "2024-02-09T14:00:00.0000Z",
        "2024-02-09T14:00:00.000000Z",
        "2024-02-09T15:00:00.000+01:00",
        "2024-02-09 14:00:00.000z",
        "2024-W06-5T14:00Z",
        "2024-W06-5T14:00:00.000Z",
        "2024W065T1400Z",
    ],
)
def test_the_same_instant_passes(value: str) -> None:
    outcome = match_date_time(value, "2024-02-09T14:00:00Z", SAID)
    assert outcome.error is None, outcome.reason
    assert outcome.passed, outcome.reason


@pytest.mark.parametrize(
    ("value", "other"),
    [
        ("2024-02-09T14:00:00.000Z", "2024-02-09T14:01:00Z"),
        ("2024-02-09T14:00:00.000Z", "2024-02-09T14:00:00+01:00"),
        ("2024-W06-5T14:00", "2024-02-08T14:00:00"),
        ("2024-W06-5T14:00", "2024-02-09T15:00:00"),
    ],
)
def test_another_instant_fails(value: str, other: str) -> None:
    outcome = match_date_time(value, other, SAID)
    assert outcome.error is None, outcome.reason
    assert not outcome.passed, outcome.reason


def test_a_zulu_clock_is_still_read_in_a_phrase() -> None:
    assert match_date_time("1400z on friday", "2024-02-09T14:00:00Z", SAID).passed
    assert match_date_time("friday 14:00:00z", "2024-02-09T14:00:00Z", SAID).passed
