"""The matchers of ``extended_assertions``: ``any_of``, ``number``, ``regex`` and ``closed`` calls (``grounded`` has its
own module)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..entities._regex import MAX_STEPS
from ..entities.extended import AnyOfMatcher, NumberMatcher, RegexMatcher
from ._outcome import Outcome
from ._values import MISSING, describe_value, exact_number, render
from .equality import json_compare, numbers_close, untold_reason

__all__ = ["EXTENDED_MATCHERS", "match_any_of", "match_closed", "match_number", "match_regex"]

EXTENDED_MATCHERS = frozenset({"any_of", "number", "regex", "grounded"})
"""The matcher kinds only ``extended_assertions`` has; their spec's value is the matcher model."""


def match_any_of(matcher: AnyOfMatcher, actual: Any) -> Outcome:
    """JSON equality (the rules of ``equality``) with any of the listed values."""
    if actual is MISSING:
        return Outcome.fail(f"expected one of {render(matcher.values)}, got nothing (the parameter is absent)")
    verdicts = [json_compare(value, actual) for value in matcher.values]
    if True in verdicts:
        return Outcome.ok(f"got {render(actual)}, one of {render(matcher.values)}")
    if None in verdicts:
        return Outcome.fail(untold_reason(f"one of {render(matcher.values)}", actual))
    return Outcome.fail(f"expected one of {render(matcher.values)}, got {describe_value(actual)}")


def _plain(number: Fraction) -> int | float:
    """An exact number as a JSON number for a reason."""
    return int(number) if number.denominator == 1 else float(number)


def match_number(matcher: NumberMatcher, actual: Any) -> Outcome:
    """A JSON number within ``max(tolerance, relative * |value|)`` of the value, computed on the numbers as written
    (see :func:`~mb.matching._values.exact_number`)."""
    value, tolerance = exact_number(matcher.value), exact_number(matcher.tolerance)
    relative = exact_number(matcher.relative or 0)
    if value is None or tolerance is None or relative is None:
        return Outcome.fail(f"the matcher's value, tolerance and relative must be finite numbers: {render(matcher)}")
    allowed = max(tolerance, relative * abs(value))
    within = f"{render(matcher.value)} ± {render(_plain(allowed))}" if allowed else render(matcher.value)
    if isinstance(actual, bool) or not isinstance(actual, (int, float)):
        return Outcome.fail(f"expected a number within {within}, got {describe_value(actual)}")
    exact = exact_number(actual)
    if exact is None:
        return Outcome.fail(f"expected a number within {within}, got {render(actual)}, not a finite number")
    verdict = numbers_close(matcher.value, actual, allowed)
    if verdict is None:
        return Outcome.fail(untold_reason(within, actual))
    if verdict:
        return Outcome.ok(f"got {render(actual)}, within {within}")
    return Outcome.fail(f"expected {within}, got {render(actual)} (off by {render(_plain(abs(exact - value)))})")


def match_regex(matcher: RegexMatcher, actual: Any) -> Outcome:
    """A string whose whole value matches the pattern; a value too long to check in bounded time is an error."""
    if not isinstance(actual, str):
        return Outcome.fail(f"expected a string matching {render(matcher.pattern)}, got {describe_value(actual)}")
    compiled = matcher.compiled
    if compiled.steps(actual) > MAX_STEPS:
        reason = (
            f"not checked: a value of {len(actual):,} characters is too long for this pattern (the match may take at "
            f"most {MAX_STEPS:,} steps, the value's length times the pattern's {len(compiled.program)} states)"
        )
        return Outcome(False, reason, 0.0, error=reason)
    if compiled.fullmatch(actual):
        return Outcome.ok(f"got {render(actual)}, which matches {render(matcher.pattern)}")
    return Outcome.fail(f"expected a string matching {render(matcher.pattern)} as a whole, got {render(actual)}")


def match_closed(named: list[str], params: Mapping[str, Any]) -> Outcome:
    """A closed call passes no parameter beyond ``named`` (a null value counts as not passed)."""
    extra = [name for name, value in params.items() if value is not None and name not in named]
    if not extra:
        return Outcome.ok("the call passes no parameter beyond those named")
    shown = ", ".join(f"{name}={render(params[name], 40)}" for name in extra[:5]) + (", ..." if len(extra) > 5 else "")
    return Outcome.fail(f"the call passes parameter(s) the closed assertion does not name: {shown}")
