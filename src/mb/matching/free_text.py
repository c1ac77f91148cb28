"""``free_text``: the argument must semantically achieve the same goal as the expected text (the judge decides)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..judges.base import JudgeRequest, JudgeTask
from ._context import MatchContext
from ._outcome import Outcome
from ._values import MISSING, compact_json, describe_value

__all__ = ["as_text", "match_free_text", "match_free_text_group", "same_text"]

_SPACE = re.compile(r"\s+")


def as_text(value: Any) -> str:
    """The text a judge sees for an argument: strings as they are, other JSON values as compact JSON."""
    if isinstance(value, str):
        return value
    return compact_json(value)


def same_text(a: str, b: str) -> bool:
    """Equal up to case and white space: certainly the same meaning, no judge needed."""
    return _SPACE.sub(" ", a).strip().casefold() == _SPACE.sub(" ", b).strip().casefold()


def _judged(expected: str, text: str, ctx: MatchContext) -> Outcome:
    if same_text(expected, text):
        return Outcome.ok(f"same text as expected ({text!r})")
    verdict = ctx.oracle(JudgeRequest(JudgeTask.EQUIVALENCE, candidate=text, reference=expected))
    if verdict.error is not None:
        return Outcome(False, f"the {verdict.judge} judge failed: {verdict.error}", 0.0, error=verdict.error)
    verb = "achieves" if verdict.passed else "does not achieve"
    return Outcome(
        verdict.passed,
        f"{text!r} {verb} the goal of {expected!r} ({verdict.judge} judge: {verdict.reason})",
        verdict.score,
        confidence=verdict.confidence,
        low_confidence=verdict.low_confidence,
    )


def match_free_text(expected: str, actual: Any, ctx: MatchContext) -> Outcome:
    """Judge one argument against the expected free text."""
    if actual is MISSING or actual is None:
        return Outcome.fail(f"expected text like {expected!r}, got {describe_value(actual)}")
    return _judged(expected, as_text(actual), ctx)


def match_free_text_group(expected: str, values: Sequence[Any], ctx: MatchContext) -> Outcome:
    """Judge the present values of a parameter group, joined in the order listed, as one text."""
    present = [as_text(value) for value in values if value is not MISSING and value is not None]
    if not present:
        return Outcome.fail(f"expected text like {expected!r}, got none of the parameters")
    return _judged(expected, "\n".join(present), ctx)
