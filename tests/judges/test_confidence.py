"""Calibrated confidence on the offline judges' verdicts, and the uncertain band it defines."""

from __future__ import annotations

from mb.judges.base import LOW_CONFIDENCE, JudgeRequest, JudgeTask, Verdict
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
        assert verdict.confidence >= LOW_CONFIDENCE
        assert not verdict.low_confidence
        assert "confidence" in verdict.reason


def test_a_borderline_pair_is_undecided_never_passed() -> None:
    verdict = _verdict("book a table at the Italian place", "book a table at an Italian restaurant")
    assert verdict.undecided
    assert not verdict.passed
    assert not verdict.low_confidence  # counted as undecided, not flagged as a decided verdict


def test_a_long_pair_a_guard_fails_is_low_confidence() -> None:
    verdict = _verdict(
        "quarterly revenue of the four largest European airlines in the last fiscal year",
        "quarterly revenue of the three largest European airlines in the last fiscal year",
    )
    assert not verdict.passed
    assert verdict.low_confidence


def test_a_line_of_grouped_parameters_stating_the_reference_passes() -> None:
    verdict = _verdict("Design review\nHQ building, room 4", "Design review")
    assert verdict.passed
    assert "the others add detail" in verdict.reason


def test_errors_and_uncalibrated_verdicts_are_never_low_confidence() -> None:
    assert not Verdict(0.0, "failed", "lexical", error="boom", confidence=0.1).low_confidence
    assert not Verdict(0.9, "ok", "llm:x").low_confidence
    [support] = LexicalJudge().judge_sync([JudgeRequest(JudgeTask.SUPPORT, "Paris is big", "Paris is a big city.")])
    assert support.confidence is None


def test_a_low_confidence_failure_says_what_differs_and_how_often_such_failures_are_wrong() -> None:
    verdict = _verdict(
        "The museum closes at six on weekdays; on Sundays the gardens stay open later for the summer concerts.",
        "Opening hours depend on the day, and the park hosts evening music events during the warm season.",
    )
    assert not verdict.passed
    assert not verdict.undecided
    assert verdict.low_confidence
    assert "the candidate leaves out 'hours', 'depend', 'day' of the reference and adds 'museum', 'closes', 'six'" in (
        verdict.reason
    )
    assert "of such failures were paraphrases, worth reading" in verdict.reason


def test_a_confident_failure_keeps_its_short_reason() -> None:
    verdict = _verdict("weather in Paris", "send the quarterly report to Alice")
    assert not verdict.passed
    assert "leaves out" not in verdict.reason
    assert "paraphrases" not in verdict.reason
