"""A word replaced by a synonym that means the same in any context ("kid" / "child", "bike" / "bicycle") or a place
by its people ("Libya" / "Libyan") is read in the reference's words: the pair then makes the same statement, or
differs in nothing, and passes; a broader word, a synonym that depends on its context, or the synonyms in exchanged
roles still do not."""

from __future__ import annotations

import pytest

from mb.judges import JudgeRequest, JudgeTask, LexicalJudge, LocalJudge
from mb.judges.base import Judge


@pytest.fixture(scope="module", params=["lexical", pytest.param("local", marks=pytest.mark.slow)])
def judge(request: pytest.FixtureRequest) -> Judge:
    return LexicalJudge() if request.param == "lexical" else LocalJudge(batch_size=32)


def _verdict(judge: Judge, candidate: str, reference: str):  # type: ignore[no-untyped-def]
    [verdict] = judge.judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, candidate, reference)])  # type: ignore[attr-defined]
    return verdict


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("A kid is riding a bike", "A child is riding a bicycle"),
        ("Someone is playing the guitar", "Somebody is playing the guitar"),
        ("The lady is dicing onions", "The woman is dicing onions"),
        ("A man is riding a motorbike", "A man is riding a motorcycle"),
    ],
)
def test_synonyms_in_the_same_statement_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = _verdict(judge, candidate, reference)
    assert verdict.passed, verdict.reason
    assert "the same words in the same roles" in verdict.reason


@pytest.mark.slow
def test_a_place_and_its_people_are_no_other_word() -> None:
    verdict = _verdict(
        LocalJudge(batch_size=32), "Gunmen surround Libyan foreign ministry", "Gunmen surround Libya's foreign ministry"
    )
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("the child bit the guy", "the man bit the kid"),  # the synonyms in exchanged roles
        ("The kid hit the man", "The guy hit the child"),
        ("A boy is riding a bike", "A kid is riding a bike"),  # a broader word
        ("A dog is riding a bike", "An animal is riding a bicycle"),
        ("my big sister", "my large sister"),  # a synonym in some contexts only
        ("A kid is riding a horse", "A child is riding a bicycle"),  # another word besides the synonym
        ("Someone is playing the guitar", "Somebody is playing the piano"),
        ("the lady is not dicing onions", "the woman is dicing onions"),
    ],
)
def test_other_words_beside_synonyms_still_do_not_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = _verdict(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
