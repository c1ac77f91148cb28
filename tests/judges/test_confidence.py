"""Calibrated confidence on the offline judges' verdicts: a failure below ``DECIDES`` is undecided."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from mb.entities import Example
from mb.evaluation import evaluate
from mb.judges._banded import DECIDES, equivalence_verdict
from mb.judges._confidence import Band
from mb.judges._guards import MAX_TEXT_CHARS
from mb.judges.base import JudgeRequest, JudgeTask, Verdict
from mb.judges.cascade import CascadeJudge
from mb.judges.lexical import LexicalJudge

EQ = JudgeTask.EQUIVALENCE


def _verdict(candidate: str, reference: str) -> Verdict:
    [verdict] = LexicalJudge().judge_sync([JudgeRequest(EQ, candidate, reference)])
    return verdict


def test_clear_cases_are_confident_and_say_so() -> None:
    same = _verdict("book a table for two at 7pm tonight", "book a table for two at 7pm tonight please")
    different = _verdict("weather in Paris", "send the quarterly report to Alice")
    vetoed = _verdict("turn on the kitchen lights", "turn off the kitchen lights")
    assert same.passed
    assert not different.passed
    assert not vetoed.passed
    for verdict in (same, different, vetoed):
        assert verdict.confidence is not None
        assert verdict.confidence >= DECIDES
        assert not verdict.undecided
        assert "confidence" in verdict.reason


def test_a_borderline_pair_is_undecided_never_passed() -> None:
    verdict = _verdict("book a table at the Italian place", "book a table at an Italian restaurant")
    assert verdict.undecided
    assert not verdict.passed


def test_a_long_pair_a_guard_fails_is_undecided_leaning_to_a_failure() -> None:
    verdict = _verdict(
        "quarterly revenue of the four largest European airlines in the last fiscal year",
        "quarterly revenue of the three largest European airlines in the last fiscal year",
    )
    assert not verdict.passed
    assert verdict.undecided
    assert verdict.reason.startswith("undecided, leaning different goal: ")
    assert "confidence 56%" in verdict.reason


def test_a_line_of_grouped_parameters_stating_the_reference_passes() -> None:
    verdict = _verdict("Design review\nHQ building, room 4", "Design review")
    assert verdict.passed
    assert "the others add detail" in verdict.reason


class _LLM:
    name = "llm:x"

    def supports(self, task: JudgeTask) -> bool:
        return True

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        return [Verdict(0.9, "ok", self.name) for _ in requests]


def test_a_judge_error_is_never_undecided_and_the_llm_answers_the_question_instead() -> None:
    huge = "word " * (MAX_TEXT_CHARS // 5 + 1)
    requests = [JudgeRequest(EQ, huge, "word"), JudgeRequest(JudgeTask.COHERENCE, "It rains.", question="Weather?")]
    for verdict in LexicalJudge().judge_sync(requests):
        assert verdict.error is not None
        assert not verdict.undecided
        assert not verdict.passed
    for verdict in asyncio.run(CascadeJudge(LexicalJudge(), _LLM()).judge(requests)):
        assert verdict.passed  # an LLM verdict, with no calibrated confidence, stands
        assert not verdict.undecided


def test_a_failure_below_what_decides_is_undecided_saying_what_differs_and_how_often_such_failures_are_wrong() -> None:
    verdict = _verdict(
        "The museum closes at six on weekdays; on Sundays the gardens stay open later for the summer concerts.",
        "Opening hours depend on the day, and the park hosts evening music events during the warm season.",
    )
    assert not verdict.passed
    assert verdict.undecided
    assert "the candidate leaves out 'hours', 'depend', 'day' of the reference and adds 'museum', 'closes', 'six'" in (
        verdict.reason
    )
    assert verdict.reason.startswith("undecided, leaning different goal: ")
    assert "confidence 55%: 45% of such failures were paraphrases" in verdict.reason


def test_a_confident_failure_keeps_its_short_reason() -> None:
    verdict = _verdict("weather in Paris", "send the quarterly report to Alice")
    assert not verdict.passed
    assert "leaves out" not in verdict.reason
    assert "paraphrases" not in verdict.reason


def test_an_expected_response_the_judge_fails_below_what_decides_is_undecided_never_failed() -> None:
    line = {
        "inputs": {"messages": [{"role": "user", "content": "When can I visit?"}]},
        "expectations": {
            "expected_response": "Opening hours depend on the day, and the park hosts evening music events during the "
            "warm season."
        },
        "outputs": {
            "response": "The museum closes at six on weekdays; on Sundays the gardens stay open later for the summer "
            "concerts."
        },
    }
    run = evaluate([Example.model_validate(line)], judge="lexical", metrics=[])
    [check] = run.results[0].checks
    assert run.results[0].status == "undecided"
    assert check.undecided
    assert "leaning different meaning" in check.reason
    assert (run.summary.failed, run.summary.undecided) == (0, 1)


_ANSWER = "Your refund of 40 dollars was issued on Monday and should reach your card within five working days."


def test_an_answer_that_answers_nothing_fails_a_long_expected_response_confidently() -> None:
    for candidate in ("I don't know.", "I'm not sure.", "No idea", "Sorry, I cannot help with that."):
        verdict = _verdict(candidate, _ANSWER)
        assert not verdict.passed
        assert not verdict.undecided
        assert verdict.confidence is not None
        assert verdict.confidence >= DECIDES
        assert "the candidate answers nothing" in verdict.reason


def test_an_answer_that_answers_nothing_never_passes_and_stands_against_an_expected_answer_that_says_so_too() -> None:
    same = _verdict("I don't know.", "I don't know.")
    hedged = _verdict(
        "I'm not sure.", "I am not sure which of the two flights you mean; could you send the booking code?"
    )
    assert same.passed  # the rule does not apply: the reference says it does not know as well
    assert not hedged.passed
    assert "answers nothing" not in same.reason + hedged.reason
    stated = _verdict("I don't know the date of the refund.", _ANSWER)  # more than a non-answer: judged as usual
    assert "answers nothing" not in stated.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Sorry, I cannot help with that.", "That request violates our policy, so I must decline."),
        ("Sorry, I cannot help with that.", "I'm not permitted to share account details."),
        ("I can't tell you that.", "That information is confidential."),
        ("I don't know.", "The answer is not known."),
        ("I don't know.", "Unknown."),
        (
            "I don't know.",
            "Unfortunately, our records do not show when the package was delivered, so the delivery date is not known.",
        ),
        (
            "I'm not sure.",
            "It is unclear from the documents we received whether both parties ever signed the final contract in 2019.",
        ),
        ("I don't know.", "Je ne sais pas."),
        ("I don't know.", "No, I don't."),
        ("I don't know.", "We do not have a record of it."),
        ("Sorry, I cannot help with that.", "That is not something that can be shared."),
        ("I can't help with that.", "Not possible."),
        ("I don't know.", "The date has not been announced yet."),
        ("I don't know.", "No, the cause has never been found."),  # a negation may say the answer is not known
        ("I don't know.", "The text doesn't give his age."),
        ("I don't know.", "No one can predict the stock market."),
        ("I can't tell.", "There is no way to determine the winner beforehand."),
        ("I don't know.", "No, the store is not open on Sundays."),
    ],
)
def test_a_non_answer_is_never_failed_for_it_where_the_expected_answer_may_decline_or_not_know(
    candidate: str, reference: str
) -> None:
    assert "answers nothing" not in _verdict(candidate, reference).reason


def test_a_guard_fired_failure_carries_the_confidence_measured_for_guard_failures() -> None:
    band = Band(low=0.25, high=0.90, passed_confidence=0.96, failed_confidence=0.95, guarded_confidence=0.64)
    guarded = equivalence_verdict(
        JudgeRequest(EQ, "turn off the kitchen lights", "turn on the kitchen lights"), 0.8, band, "x"
    )
    unrelated = equivalence_verdict(JudgeRequest(EQ, "check the weather", "send the quarterly report"), 0.1, band, "x")
    assert guarded.undecided
    assert not guarded.passed
    assert "confidence 64%" in guarded.reason
    assert not unrelated.undecided
    assert unrelated.confidence == 0.95
