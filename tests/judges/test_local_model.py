"""The local judge's equivalence verdicts come from its fitted model (real MiniLM model, offline)."""

from __future__ import annotations

import pytest

from mb.judges import JudgeRequest, JudgeTask, LocalJudge, Verdict

pytestmark = pytest.mark.slow

EQ = JudgeTask.EQUIVALENCE


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge(batch_size=32)


def _verdict(judge: LocalJudge, candidate: str, reference: str) -> Verdict:
    [verdict] = judge.judge_sync([JudgeRequest(EQ, candidate, reference)])
    assert verdict.error is None, verdict.error
    return verdict


def test_a_long_paraphrase_naming_a_country_two_ways_passes(judge: LocalJudge) -> None:
    verdict = _verdict(
        judge,
        "Sir Jeremy Greenstock, the UK's ambassador to the UN, is due to lead a week-long mission to West Africa",
        "Sir Jeremy Greenstock, the British ambassador to the United Nations, will lead a week-long mission to West "
        "Africa",
    )
    assert verdict.passed, verdict.reason
    assert "weighed in the model: entities guard fired" in verdict.reason


def test_a_long_text_with_a_changed_number_still_fails(judge: LocalJudge) -> None:
    reference = "Book 5 seats on the early train from Paris to Lyon for the whole team next Monday"
    verdict = _verdict(judge, reference.replace("5", "6"), reference)
    assert not verdict.passed
    assert "numbers guard fired" in verdict.reason


def test_a_long_text_with_another_person_fails(judge: LocalJudge) -> None:
    reference = "A man is standing in front of the old stone house by the river"
    verdict = _verdict(judge, reference.replace("man", "woman"), reference)
    assert not verdict.passed, verdict.reason


def test_a_short_pair_a_guard_fired_on_fails_whatever_the_model_says(judge: LocalJudge) -> None:
    verdict = _verdict(judge, "Tim defeated Tom in the final", "Tom defeated Tim in the final")
    assert not verdict.passed
    assert "roles guard fired" in verdict.reason


def test_the_confidence_is_the_modelled_probability(judge: LocalJudge) -> None:
    verdict = _verdict(judge, "Cancel the Thursday afternoon meeting", "Cancel the meeting on Thursday afternoon")
    assert verdict.passed
    assert "P(equivalent)" in verdict.reason
    probability = float(verdict.reason.split("P(equivalent) ")[1].split(" ")[0])
    assert verdict.confidence == pytest.approx(probability, abs=0.006)


def _threshold(verdict: Verdict) -> float:
    return float(verdict.reason.split("threshold ")[1].split(";")[0].split(")")[0])


def test_short_pairs_are_held_to_the_precision_threshold_and_long_ones_to_the_accuracy_one(judge: LocalJudge) -> None:
    from mb.judges._pairmodel import MODEL_THRESHOLD, SHORT_THRESHOLD

    short = _verdict(judge, "Cancel the Thursday afternoon meeting", "Cancel the meeting on Thursday afternoon")
    long = _verdict(
        judge,
        "VPN disconnects repeatedly\nSince this morning's update the VPN connection drops every few minutes.",
        "VPN connection keeps dropping after the update",
    )
    assert _threshold(short) == pytest.approx(SHORT_THRESHOLD, abs=0.006)
    assert _threshold(long) == pytest.approx(MODEL_THRESHOLD, abs=0.006)
    assert long.passed, long.reason


def test_an_overridden_equivalence_threshold_applies_to_short_pairs_too(judge: LocalJudge) -> None:
    pair = ("Call the head of sales", "Phone the sales manager")
    shipped = _verdict(judge, *pair)
    assert not shipped.passed, shipped.reason
    lenient = _verdict(LocalJudge(thresholds={"equivalence": 0.1}, batch_size=32), *pair)
    assert _threshold(lenient) == pytest.approx(0.1)
    assert lenient.passed, lenient.reason


def test_a_short_candidate_adding_detail_passes_unless_the_model_rules_it_out(judge: LocalJudge) -> None:
    added = _verdict(judge, "Call Alice before Friday", "Call Alice")
    assert added.passed, added.reason
    strict = LocalJudge(thresholds={"equivalence": 0.99}, batch_size=32)  # only the extra-detail rule can pass it
    added = _verdict(strict, "Call Alice before Friday", "Call Alice")
    assert added.passed, added.reason
    assert "adds detail" in added.reason
    for candidate, reference in [
        ("The woman is drawing a man", "The man is drawing"),
        ("A man is harping on about a play", "A man is playing a harp"),
    ]:
        verdict = _verdict(judge, candidate, reference)
        assert not verdict.passed, verdict.reason
        assert "adds detail" not in verdict.reason


def test_word_pieces_are_encoded_once_and_also_for_texts_cached_without_them(monkeypatch: pytest.MonkeyPatch) -> None:
    from mb.judges import local as local_module

    real = local_module.get_embedder
    calls: list[tuple[str, list[str]]] = []

    class Counting:
        def __init__(self, inner: object) -> None:
            self.inner = inner

        def encode(self, texts: list[str], **options: object) -> object:
            calls.append(("encode", list(texts)))
            return self.inner.encode(texts, **options)  # type: ignore[attr-defined]

        def encode_tokens(self, texts: list[str], **options: object) -> object:
            calls.append(("tokens", list(texts)))
            return self.inner.encode_tokens(texts, **options)  # type: ignore[attr-defined]

        def word_vectors(self, ids: list[int]) -> object:
            return self.inner.word_vectors(ids)  # type: ignore[attr-defined]

    monkeypatch.setattr(local_module, "get_embedder", lambda **options: Counting(real(**options)))
    fresh = LocalJudge(batch_size=32)
    pair = ("Reserve a table for two tonight", "Book a table for 2 tonight")
    [similar] = fresh.judge_sync([JudgeRequest(JudgeTask.SIMILARITY, *pair)])
    assert calls == [("encode", list(pair))]  # no word pieces where no short equivalence needs them
    first = _verdict(fresh, *pair)  # cached vectors, but no word pieces yet: encoded again, with them
    assert calls[1][0] == "tokens"
    assert sorted(calls[1][1]) == sorted(pair)
    again = _verdict(fresh, *pair)
    assert len(calls) == 2  # everything cached now
    assert again.score == first.score
    assert similar.error is None
