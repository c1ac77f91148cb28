"""``free_text``: the argument must semantically achieve the same goal as the expected text (the judge decides)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from typing import Any

from ..io._limits import reject_constant, unique_keys
from ..judges.base import JudgeRequest, JudgeTask
from ._context import MatchContext
from ._outcome import Outcome
from ._values import MISSING, compact_json, describe_value
from .equality import json_equal

__all__ = ["as_text", "match_free_text", "match_free_text_group", "same_text"]

_SPACE = re.compile(r"\s+")


def as_text(value: Any) -> str:
    """The text a judge sees for an argument: strings as they are, other JSON values as compact JSON."""
    return value if isinstance(value, str) else compact_json(value)


def same_text(a: str, b: str) -> bool:
    """Equal up to case and white space: certainly the same meaning, no judge needed."""
    return _SPACE.sub(" ", a).strip().casefold() == _SPACE.sub(" ", b).strip().casefold()


_EMPTY = "free_text value is empty: nothing to compare"
"""The error of a ``free_text`` matcher whose value is blank (the schema allows it; it is a defect of the benchmark)."""


def _judged(expected: str, text: str, ctx: MatchContext, *, alike_as_text: bool = True) -> Outcome:
    """The judge's verdict; text equal up to case and white space passes first, unless ``alike_as_text`` is false
    (a JSON value that reads alike only as text: ``{"A": 1}`` is not ``{"a": 1}``)."""
    if alike_as_text and same_text(expected, text):
        return Outcome.ok(f"same text as expected ({text!r})")
    verdict = ctx.oracle(JudgeRequest(JudgeTask.EQUIVALENCE, candidate=text, reference=expected))
    if verdict.error is not None:
        return Outcome(False, f"the {verdict.judge} judge failed: {verdict.error}", 0.0, error=verdict.error)
    verb = (
        "undecided whether it achieves" if verdict.undecided else "achieves" if verdict.passed else "does not achieve"
    )
    return Outcome(
        verdict.passed,
        f"{text!r} {verb} the goal of {expected!r} ({verdict.judge} judge: {verdict.reason})",
        verdict.score,
        undecided=verdict.undecided,
        confidence=verdict.confidence,
    )


_STRUCTURED = "an offline judge read them alike as text, but order, keys and booleans are beyond it"
"""Why an offline judge's pass on a structured argument does not stand: text similarity cannot see a reordered
list, a renamed key or a swapped boolean."""


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent, refused when it is out of range (``1e400`` is no number)."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is out of range")
    return number


def _written_json(expected: str) -> Any:
    """The array or object ``expected`` writes as JSON (``'["tomato", "basil"]'``), else MISSING: also for a text with
    a number out of range (``1e400`` and ``1e401`` would both read as infinity) or a key written twice in one object
    (one of its values would be dropped), which are not one JSON value."""
    text = expected.strip()
    if text[:1] not in ("[", "{"):
        return MISSING
    try:
        value = json.loads(text, parse_constant=reject_constant, parse_float=_finite, object_pairs_hook=unique_keys)
    except ValueError:
        return MISSING
    return value if isinstance(value, (list, dict)) else MISSING


def _not_text(expected: str, value: Any) -> bool:
    """Whether ``value`` is no text the tool can read as ``expected``: absent, null, or a list or object against an
    expected text that writes none as JSON (``["weather", "in", "Paris"]`` for "weather in Paris")."""
    return value is MISSING or value is None or (isinstance(value, (list, dict)) and expected.strip()[:1] not in "[{")


def match_free_text(expected: str, actual: Any, ctx: MatchContext) -> Outcome:
    """Judge one argument against the expected free text.

    A list or object argument fails against an expected text that writes none as JSON. A list or object argument (or a
    string that writes one as JSON) against an expected text that writes a list or object as JSON passes at once when
    the two are the same JSON value; otherwise the judge reads both as text, and an offline judge's pass (one with a
    calibrated confidence) is undecided.
    """
    if not expected.strip():
        return Outcome(False, _EMPTY, 0.0, error=_EMPTY)
    if _not_text(expected, actual):
        return Outcome.fail(f"expected text like {expected!r}, got {describe_value(actual)}")
    written = _written_json(expected)
    value = _written_json(actual) if isinstance(actual, str) and written is not MISSING else actual
    if written is not MISSING and isinstance(value, (list, dict)):
        if json_equal(written, value):
            return Outcome.ok(f"same JSON value as expected ({as_text(actual)})")
        outcome = _judged(expected, as_text(actual), ctx, alike_as_text=False)
        if outcome.passed and outcome.confidence is not None:
            reason = f"undecided: {as_text(actual)!r} may not be the JSON value {expected!r} writes; {_STRUCTURED}"
            return Outcome(False, f"{reason} ({outcome.reason})", 0.0, undecided=True, confidence=outcome.confidence)
        return outcome
    return _judged(expected, as_text(actual), ctx)


def match_free_text_group(expected: str, values: Sequence[Any], ctx: MatchContext) -> Outcome:
    """Judge the present values of a parameter group, joined in the order listed, as one text."""
    present = [value for value in values if value is not MISSING and value is not None]
    if not expected.strip():
        return Outcome(False, _EMPTY, 0.0, error=_EMPTY)
    if not present:
        return Outcome.fail(f"expected text like {expected!r}, got none of the parameters")
    wrong = next((value for value in present if _not_text(expected, value)), MISSING)
    if wrong is not MISSING:
        return Outcome.fail(f"expected text like {expected!r}, got {describe_value(wrong)} among the parameters")
    return _judged(expected, "\n".join(as_text(value) for value in present), ctx)
