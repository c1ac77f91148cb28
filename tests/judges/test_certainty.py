"""A hedge inside a statement ("has probably been reset") is never passed; the same statement, hedged alike or not at
all, still is."""

from __future__ import annotations

import pytest

from mb.judges import JudgeRequest, JudgeTask
from mb.judges.base import Judge

EQ = JudgeTask.EQUIVALENCE


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Your password has probably been reset.", "Your password has been reset."),
        ("The meeting is possibly at noon.", "The meeting is at noon."),
        ("The refund was apparently approved.", "The refund was approved."),
        ("The parcel will perhaps arrive on Monday.", "The parcel will arrive on Monday."),
        ("It is likely to rain tomorrow.", "It is going to rain tomorrow."),
    ],
)
def test_a_hedge_one_text_says_is_never_passed(judge: Judge, candidate: str, reference: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(EQ, candidate, reference)])
    assert not verdict.passed, verdict.reason
    assert verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Your password was reset.", "Your password has been reset."),
        ("A refund has been issued to your card.", "A refund was issued to your card."),
    ],
)
def test_the_same_statement_unhedged_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(EQ, candidate, reference)])
    assert verdict.passed, verdict.reason
