"""Calibrated confidence on the offline judges' verdicts, and the uncertain band it defines."""

from __future__ import annotations

import pytest

from mb.judges._confidence import CALIBRATIONS, SHORT_WORDS, p_equivalent
from mb.judges.base import LOW_CONFIDENCE, JudgeRequest, JudgeTask, Verdict
from mb.judges.lexical import LexicalJudge

EQ = JudgeTask.EQUIVALENCE


@pytest.mark.parametrize("judge", sorted(CALIBRATIONS))
def test_probability_rises_with_the_measure_and_a_veto_caps_it(judge: str) -> None:
    calibration = CALIBRATIONS[judge]
    values = [p_equivalent(calibration, raw / 10, vetoed=False, words=20) for raw in range(11)]
    assert values == sorted(values)
    assert values[0] < 0.1 < 0.9 < values[-1] or values[-1] > 0.85
    assert p_equivalent(calibration, 1.0, vetoed=True, words=SHORT_WORDS) < 0.1
    assert p_equivalent(calibration, float("nan"), vetoed=False, words=3) == 0.0


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


def test_a_borderline_pair_is_low_confidence() -> None:
    verdict = _verdict("book a table at the Italian place", "book a table at an Italian restaurant")
    assert verdict.confidence is not None
    assert verdict.confidence < LOW_CONFIDENCE
    assert verdict.low_confidence


def test_extra_detail_passes_but_is_not_confident() -> None:
    verdict = _verdict("Design review\nHQ building, room 4", "Design review")
    assert verdict.passed
    assert "adds detail" in verdict.reason
    assert verdict.low_confidence


def test_errors_and_uncalibrated_verdicts_are_never_low_confidence() -> None:
    assert not Verdict(0.0, "failed", "lexical", error="boom", confidence=0.1).low_confidence
    assert not Verdict(0.9, "ok", "llm:x").low_confidence
    [support] = LexicalJudge().judge_sync([JudgeRequest(JudgeTask.SUPPORT, "Paris is big", "Paris is a big city.")])
    assert support.confidence is None
