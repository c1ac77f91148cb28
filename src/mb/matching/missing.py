"""``missing``: passes when the parameter is absent or ``null``."""

from __future__ import annotations

from typing import Any

from ._outcome import Outcome
from ._values import MISSING, describe_value

__all__ = ["is_missing", "match_missing", "missing_verdict"]


def is_missing(value: Any) -> bool:
    """True for an absent parameter or an explicit ``null``."""
    return value is MISSING or value is None


def missing_verdict(actual: Any) -> tuple[bool, str]:
    """``(passed, reason)``: pass when ``actual`` is absent or null."""
    if actual is MISSING:
        return True, "absent, as expected"
    if actual is None:
        return True, "null, as expected"
    return False, f"expected no value, got {describe_value(actual)}"


def match_missing(actual: Any) -> Outcome:
    """Pass when ``actual`` is absent or null."""
    passed, reason = missing_verdict(actual)
    return Outcome(passed, reason, 1.0 if passed else 0.0)
