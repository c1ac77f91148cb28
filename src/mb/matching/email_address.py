"""``email``: addresses are parsed (:func:`~mb.entities._email.parse_addresses`: display names, ``mailto:`` URLs and
the recipients of their query, surrounding space) and compared case-folded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..entities._email import parse_addresses
from ._outcome import Outcome
from ._values import MISSING, describe_value, render

__all__ = ["match_email", "parse_addresses"]


def _addresses_of(actual: Any) -> tuple[Sequence[str], Sequence[str]] | None:
    if isinstance(actual, str):
        return parse_addresses(actual)
    if isinstance(actual, list) and all(isinstance(item, str) for item in actual):
        parsed = [parse_addresses(item) for item in actual]
        return [address for found, _ in parsed for address in found], [part for _, rest in parsed for part in rest]
    return None


def match_email(expected: str, actual: Any) -> Outcome:
    """Whether ``actual`` holds exactly the one address ``expected`` (a string or a list of strings)."""
    wanted, not_addresses = parse_addresses(expected)
    if len(wanted) != 1 or not_addresses:  # the benchmark's error, never the agent's failure
        problem = f"the expected value {expected!r} is not a single email address"
        return Outcome(False, problem, 0.0, error=problem)
    target = wanted[0]
    if actual is MISSING or actual is None:
        return Outcome.fail(f"expected {target}, got {describe_value(actual)}")
    parsed = _addresses_of(actual)
    if parsed is None:
        return Outcome.fail(f"expected {target}, got {describe_value(actual)}: not a string or list of strings")
    found, invalid = parsed
    if invalid:
        shown = ", ".join(repr(part) for part in invalid)
        return Outcome.fail(f"expected {target}, got {render(actual)}: not an email address: {shown}")
    if not found:
        return Outcome.fail(f"expected {target}, got no address in {render(actual)}")
    if len(found) > 1:
        return Outcome.fail(f"expected exactly one address ({target}), got {len(found)}: {', '.join(found)}")
    if found[0] != target:
        return Outcome.fail(f"expected {target}, got {found[0]}")
    return Outcome.ok(f"got {target}")
