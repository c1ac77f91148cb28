"""``optional``: passes when the parameter (every parameter of a group) is missing, else the inner matcher decides."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ._outcome import Outcome
from .missing import is_missing

__all__ = ["match_optional"]


def match_optional(values: Sequence[Any], inner: Callable[[], Outcome]) -> Outcome:
    """Pass when every value is absent or null; otherwise defer to ``inner`` (the wrapped matcher)."""
    if all(is_missing(value) for value in values):
        return Outcome.ok("absent, which an optional parameter allows")
    outcome = inner()
    return outcome._replace(reason="present, so checked: " + outcome.reason)
