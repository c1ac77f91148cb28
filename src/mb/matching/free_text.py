"""``free_text``: the argument must semantically achieve the same goal as the expected text (the judge decides)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..io._limits import written_json
from ..judges.base import JudgeRequest, JudgeTask
from ._context import MatchContext
from ._outcome import Outcome
from ._values import MISSING, compact_json, describe_value, json_type
from .equality import json_equal

__all__ = ["as_text", "match_free_text", "match_free_text_group", "same_text"]

_SPACE = re.compile(r"\s+")


def as_text(value: Any) -> str:
    """The text a judge sees for an argument: strings as they are, other JSON values as compact JSON."""
    return value if isinstance(value, str) else compact_json(value)


def same_text(a: str, b: str) -> bool:
    """Equal up to case and white space: certainly the same meaning, no judge needed; a text with a bracket (JSON,
    also fenced or after a label) up to white space only (``{"id": "ABC"}`` is not ``{"id": "abc"}``)."""
    if any(bracket in text for text in (a, b) for bracket in "[{"):  # JSON, also fenced or after a label
        return _SPACE.sub(" ", a).strip() == _SPACE.sub(" ", b).strip()
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


def _not_text(expected: str, value: Any) -> str:
    """Why ``value`` is no text the tool can read as ``expected``, or "": absent, null, or a list or object (or a
    string holding one: the tool got its brackets) against an expected text that writes none as JSON
    (``["weather", "in", "Paris"]`` for "weather in Paris", ``{"draft": "memo"}`` for "{draft} memo")."""
    if value is MISSING or value is None:
        return describe_value(value)
    held = written_json(value) if isinstance(value, str) else value
    if not isinstance(held, (list, dict)) or written_json(expected) is not None:
        return ""
    return describe_value(value) + (f", which holds a JSON {json_type(held)}" if isinstance(value, str) else "")


def match_free_text(expected: str, actual: Any, ctx: MatchContext) -> Outcome:
    """Judge one argument against the expected free text.

    A list or object argument (or a string holding one) fails against an expected text that writes none as JSON. A
    list or object argument (or a string that writes one as JSON) against an expected text that writes a list or object
    as JSON passes at once when the two are the same JSON value; otherwise the judge is asked (an offline judge leaves
    two JSON values undecided: with an LLM judge configured, the cascade asks it).
    """
    if not expected.strip():
        return Outcome(False, _EMPTY, 0.0, error=_EMPTY)
    if wrong := _not_text(expected, actual):
        return Outcome.fail(f"expected text like {expected!r}, got {wrong}")
    written = written_json(expected)
    value = written_json(actual) if isinstance(actual, str) and written is not None else actual
    if written is not None and isinstance(value, (list, dict)):
        if json_equal(written, value):
            return Outcome.ok(f"same JSON value as expected ({as_text(actual)})")
        return _judged(expected, as_text(actual), ctx, alike_as_text=False)
    return _judged(expected, as_text(actual), ctx)


def match_free_text_group(expected: str, values: Sequence[Any], ctx: MatchContext) -> Outcome:
    """Judge the present values of a parameter group, joined in the order listed, as one text."""
    present = [value for value in values if value is not MISSING and value is not None]
    if not expected.strip():
        return Outcome(False, _EMPTY, 0.0, error=_EMPTY)
    if not present:
        return Outcome.fail(f"expected text like {expected!r}, got none of the parameters")
    if wrong := next(filter(None, (_not_text(expected, value) for value in present)), ""):
        return Outcome.fail(f"expected text like {expected!r}, got {wrong} among the parameters")
    return _judged(expected, "\n".join(as_text(value) for value in present), ctx)
