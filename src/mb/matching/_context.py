"""What matchers need beyond the argument: the request time and a judge to ask semantic questions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..judges.base import JudgeRequest, JudgeTask, Verdict

__all__ = ["MatchContext", "Oracle"]

Oracle = Callable[[JudgeRequest], Verdict]
"""Answers a judge request (from a batch of verdicts computed beforehand)."""


@dataclass(frozen=True, slots=True)
class MatchContext:
    """The environment of one example's evaluation."""

    oracle: Oracle
    """Answers judge requests; free-text matching and judged metrics go through it."""

    user_time: datetime | None = None
    """``outputs.environment.user_time``: the reference for relative dates."""

    supports: Callable[[JudgeTask], bool] = lambda task: True
    """Whether the active judge can answer a task; judged metrics are skipped when it cannot."""

    grounds: Any = None
    """What a ``grounded`` argument may come from (:class:`~mb.matching.grounded.Grounds`): set for each call an
    extended ``tool_called`` assertion is checked against; None elsewhere."""
