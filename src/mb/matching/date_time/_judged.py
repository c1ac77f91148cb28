"""A phrase the date grammar does not understand goes to the configured judge when it can answer date questions."""

from __future__ import annotations

from typing import Any

from ...judges.base import JudgeRequest, JudgeTask
from .._context import MatchContext
from .._outcome import Outcome
from .._values import compact_json

__all__ = ["judge_unread"]


def judge_unread(expected: str, actual: Any, ctx: MatchContext, unread: Outcome) -> Outcome:
    """Ask the judge about a phrase the grammar left unread (``unread`` is that error); the error stands when
    the judge cannot answer date questions."""
    if unread.error is None or not ctx.supports(JudgeTask.DATE):
        return unread
    argument = actual if isinstance(actual, str) else compact_json(actual)
    user_time = ctx.user_time.isoformat() if ctx.user_time is not None else "not given"
    verdict = ctx.oracle(JudgeRequest(JudgeTask.DATE, candidate=argument, reference=expected, question=user_time))
    if verdict.error is not None:
        why = f"{unread.reason}; the {verdict.judge} judge failed: {verdict.error}"
        return Outcome(False, why, 0.0, error=verdict.error)
    verb = "undecided" if verdict.undecided else "matches" if verdict.passed else "does not match"
    reason = f"{unread.reason}; the {verdict.judge} judge: {verb} ({verdict.reason})"
    return Outcome(verdict.passed, reason, verdict.score, undecided=verdict.undecided)
