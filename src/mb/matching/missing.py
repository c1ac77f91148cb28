"""``missing``: passes when the parameter is absent or ``null``."""

from __future__ import annotations

from typing import Any

from ._outcome import Outcome
from ._values import MISSING, describe_value

__all__ = ["is_missing", "match_missing"]


def is_missing(value: Any) -> bool:
    """True for an absent parameter or an explicit ``null``."""
    return value is MISSING or value is None


def match_missing(actual: Any) -> Outcome:
    """Pass when ``actual`` is absent or null."""
    if actual is MISSING:
        return Outcome.ok("absent, as expected")
    if actual is None:
        return Outcome.ok("null, as expected")
    return Outcome.fail(f"expected no value, got {describe_value(actual)}")
