"""``optional``: passes when the parameter (every parameter of a group) is missing, else the inner matcher decides."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ._outcome import Outcome
from .missing import is_missing

__all__ = ["ABSENT", "PRESENT", "match_optional"]

ABSENT = "absent, which an optional parameter allows"
"""The reason of an optional parameter (group) that is missing."""

PRESENT = "present, so checked: "
"""What precedes the inner matcher's reason when the parameter is present."""


def match_optional(values: Sequence[Any], inner: Callable[[], Outcome]) -> Outcome:
    """Pass when every value is absent or null; otherwise defer to ``inner`` (the wrapped matcher)."""
    if all(is_missing(value) for value in values):
        return Outcome.ok(ABSENT)
    outcome = inner()
    return outcome._replace(reason=PRESENT + outcome.reason)
