"""SUPPORT: a span passes only when a sentence of the chunk says its content words in the same order."""

from __future__ import annotations

import pytest

from mb.judges import JudgeRequest, JudgeTask
from mb.judges._overlap import unsupported_wording
from mb.judges.base import Judge

SUP = JudgeTask.SUPPORT
PARIS = "Paris is the capital and most populous city of France."


@pytest.mark.parametrize(
    ("span", "chunk"),
    [
        ("Bob owes Alice ten dollars", "Alice owes Bob ten dollars."),
        ("The flight departs from Paris and lands in London", "The flight departs from London and lands in Paris."),
        ("Your username was reset", "Your password was reset."),
        ("Call the doctor before taking the medicine", "Take the medicine before calling the doctor."),
        ("The meeting was moved to the morning", "The meeting was moved to the afternoon."),
        ("Berlin is the capital of France", PARIS),
        ("Lyon is the most populous city of France", PARIS),
        ("Paris is the smallest city of France", PARIS),
        ("Google acquired GitHub in 2018", "Microsoft acquired GitHub in 2018."),
        ("The reset link expires after 24 hours.", "The link expires after 24 hours. Refunds take 5 days."),
    ],
)
def test_a_span_the_chunk_does_not_say_in_its_words_never_passes(judge: Judge, span: str, chunk: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(SUP, span, chunk)])  # type: ignore[attr-defined]
    assert not verdict.passed, verdict.reason
    assert verdict.undecided or verdict.score <= 0.25, verdict.reason


@pytest.mark.parametrize(
    ("span", "chunk"),
    [
        ("Paris is the capital of France", PARIS),
        ("Paris is the capital of France.", PARIS),
        ("the most populous city of France", PARIS),
        ("Microsoft acquired GitHub in 2018", "Microsoft acquired GitHub in 2018."),
        ("The meeting was moved", "We talked. The meeting was moved to the afternoon because of rain."),
        ("Alice owes Bob ten dollars", "Alice owes Bob 10 dollars."),
    ],
)
def test_a_quote_or_a_clause_of_the_chunk_passes(judge: Judge, span: str, chunk: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(SUP, span, chunk)])  # type: ignore[attr-defined]
    assert verdict.passed, verdict.reason


def test_the_wording_check_names_what_the_chunk_lacks_or_reorders() -> None:
    assert unsupported_wording("Berlin is the capital of France", PARIS) == (
        "no sentence of the chunk says 'Berlin' with the span's other words"
    )
    assert (
        unsupported_wording("Bob owes Alice", "Alice owes Bob.") == "the chunk says the span's words in another order"
    )
    assert (
        unsupported_wording("The link expires. Refunds take 5 days.", "The link expires. Refunds take 5 days.") is None
    )
    # each sentence of the span is read against the chunk's sentences, not the whole chunk's bag of words
    assert unsupported_wording(
        "Berlin is the capital of France", "Berlin is in Germany. Paris is the capital of France."
    )
