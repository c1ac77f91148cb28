"""The local judge on the error classes found on public labelled pairs (real MiniLM model, offline)."""

from __future__ import annotations

import pytest

from mb.judges import JudgeRequest, JudgeTask, LocalJudge
from mb.judges._banded import DECIDES

pytestmark = pytest.mark.slow

EQ = JudgeTask.EQUIVALENCE


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge(batch_size=32)


@pytest.mark.parametrize(
    ("candidate", "reference", "guard"),
    [
        ("Tim defeated Tom", "Tom defeated Tim", "roles"),
        ("Globex was acquired by Acme", "Acme was acquired by Globex", "roles"),
        ("Finland's ambassador to Denmark", "the ambassador of Denmark to Finland", "roles"),
        ("beware of the Motley Fool", "recommend looking at the Motley Fool", "antonyms"),
        ("revenue of $356 billion", "revenue of $356 million", "numbers"),
    ],
)
def test_close_embeddings_with_a_different_meaning_fail(
    judge: LocalJudge, candidate: str, reference: str, guard: str
) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(EQ, candidate, reference)])
    assert not verdict.passed
    assert f"{guard} guard fired" in verdict.reason
    assert verdict.confidence is not None


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("revenue of $356M", "revenue of $356 million"),
        ("trade publication Variety put up for sale", "Variety up for sale"),
        ("we cannot, and will not, allow it", "we cannot allow it, and we won't"),
    ],
)
def test_equal_meaning_is_never_failed(judge: LocalJudge, candidate: str, reference: str) -> None:
    """Passed, or undecided when the cosine sits in the band no held-out corpus lets the judge decide."""
    [verdict] = judge.judge_sync([JudgeRequest(EQ, candidate, reference)])
    assert verdict.passed or verdict.undecided, verdict.reason
    assert "guard fired" not in verdict.reason


def test_a_demonym_for_its_place_is_never_a_confident_failure(judge: LocalJudge) -> None:
    """No guard fires on "Gazans" for "Gaza"; the cosine may still keep the pair below the pass threshold, but only
    as an undecided verdict (reviewed, or sent on to an LLM judge)."""
    [verdict] = judge.judge_sync([JudgeRequest(EQ, "Israeli strikes on Gazans", "Israeli strikes on Gaza")])
    assert "guard fired" not in verdict.reason
    assert verdict.passed or verdict.undecided, verdict.reason


def test_verdicts_carry_a_calibrated_confidence(judge: LocalJudge) -> None:
    clear, unrelated = judge.judge_sync(
        [
            JudgeRequest(EQ, "Book a table for two at 7pm.", "book a table for two at 7pm"),
            JudgeRequest(EQ, "weather in Paris tomorrow", "send the invoice to accounting"),
        ]
    )
    assert clear.passed
    assert not unrelated.passed
    assert clear.confidence is not None
    assert clear.confidence >= DECIDES
    assert unrelated.confidence is not None
    assert unrelated.confidence >= DECIDES
