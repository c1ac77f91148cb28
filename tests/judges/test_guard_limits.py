"""The guards' cost: linear in the length of the texts, and a clear refusal past a size nobody writes by hand."""

from __future__ import annotations

import random
import string
import time

import pytest

from mb.judges import _doubts, _quantities
from mb.judges._guards import MAX_TEXT_CHARS, _routes, oversized, run_guards
from mb.judges._names import absent_names, names
from mb.judges.base import JudgeRequest, JudgeTask
from mb.judges.lexical import LexicalJudge


def _capitalized_run(count: int, seed: int) -> str:
    rng = random.Random(seed)
    return " ".join("".join(rng.choice(string.ascii_lowercase) for _ in range(7)).title() for _ in range(count))


def test_a_long_run_of_capitalized_words_is_checked_quickly() -> None:
    # Once several minutes: every sub-run of the capitalized run was turned into an acronym.
    candidate = "see " + _capitalized_run(1200, seed=1)
    reference = "see " + _capitalized_run(1200, seed=2)
    started = time.perf_counter()
    fired = {failure.guard for failure in run_guards(JudgeTask.EQUIVALENCE, candidate, reference)}
    elapsed = time.perf_counter() - started
    assert "entities" in fired
    assert elapsed < 30  # linear: a fraction of a second; the quadratic reading took minutes (a loaded machine aside)


def test_acronyms_are_still_found_inside_long_runs() -> None:
    source = "Report to " + _capitalized_run(300, seed=3) + " United Nations Security Council now"
    strong, _ = names("The UNSC met")
    assert absent_names(strong, "The UNSC met", source) == []
    strong, _ = names(source)
    assert "united" not in absent_names(strong, source, "the UNSC")


def test_routes_are_read_in_one_pass() -> None:
    routes = _routes("Fly from NYC to LAX, then Paris -> Lyon; New York until Boston. to Rome")
    assert list(routes) == [("nyc", "lax"), ("paris", "lyon"), ("new york", "boston")]  # in the text's order


def test_oversized_texts_are_refused_with_a_reason() -> None:
    huge = "word " * (MAX_TEXT_CHARS // 5 + 1)
    request = JudgeRequest(JudgeTask.EQUIVALENCE, huge, "word")
    reason = oversized(request)
    assert reason is not None
    assert "candidate" in reason
    assert f"{MAX_TEXT_CHARS:,}" in reason
    assert oversized(JudgeRequest(JudgeTask.EQUIVALENCE, "word", "word")) is None
    [verdict] = LexicalJudge().judge_sync([request])
    assert verdict.error == reason
    assert not verdict.passed


def test_spelling_variant_lookups_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from mb.judges import _names

    calls: list[str] = []
    real = _names._similar_word

    def counting(name: str, text: str) -> bool:
        calls.append(name)
        return real(name, text)

    monkeypatch.setattr(_names, "_similar_word", counting)
    source = "see " + _capitalized_run(2000, seed=5)
    strong, _ = names(source)
    missing = absent_names(strong, source, "see " + _capitalized_run(2000, seed=6))
    assert len(calls) == _names._MAX_FUZZY
    assert len(missing) >= len(strong) - _names._MAX_FUZZY


def _counting(monkeypatch: pytest.MonkeyPatch, limit: int) -> list[int]:
    """Count the comparisons of two quantities, failing at once past ``limit``."""
    compared = [0]
    compare = _quantities.same_quantity

    def counted(a: _quantities.Quantity, b: _quantities.Quantity, *, units: bool = False) -> bool:
        compared[0] += 1
        assert compared[0] <= limit, "quantities compared pairwise"
        return compare(a, b, units=units)

    monkeypatch.setattr(_quantities, "same_quantity", counted)
    monkeypatch.setattr(_doubts, "same_quantity", counted)
    return compared


@pytest.mark.parametrize(
    ("candidate", "reference", "passed"),
    [
        (("$5 €3 £2 ¥9 " * 2000)[::-1], "$5 €3 £2 ¥9 " * 2000, False),  # 24,000 characters, 8,000 amounts
        (" ".join(map(str, range(4000))), " ".join(map(str, range(4001))), False),  # 4,000 different numbers
        ("Paid $5 and €3 at 7 pm. " * 900, "Paid $5 and €3 at 7 pm. " * 900, True),
    ],
)
def test_a_long_text_full_of_numbers_gets_a_verdict(
    monkeypatch: pytest.MonkeyPatch, candidate: str, reference: str, passed: bool
) -> None:
    # Every number of one text was compared with every number of the other: minutes for a text of 20,000 characters.
    compared = _counting(monkeypatch, limit=50 * (len(candidate) + len(reference)))
    [verdict] = LexicalJudge().judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, candidate, reference)])
    assert verdict.error is None
    assert verdict.passed is passed
    if not passed:
        assert "numbers guard" in verdict.reason
    assert compared[0] > 0


def test_quantities_are_matched_as_before_in_long_lists() -> None:
    amounts = _quantities.extract_quantities("$5, USD 5, A$5, €5, 5 EUR, 5%, 3pm, at 3, 15:00, Q3, Q4, B12, 3 days")
    other = _quantities.extract_quantities("5 dollars, £5, 3 o'clock, q3, 72 hours, 5 per cent, twelve")
    for units in (False, True):
        for source, target in ((amounts, other), (other, amounts)):
            pairwise = [
                q
                for q in source
                if not q.soft
                and (
                    q.kind != "code" or any(t.kind == "code" and t.text.lower()[0] == q.text.lower()[0] for t in target)
                )
                and not any(_quantities.same_quantity(q, t, units=units) for t in target)
            ]
            assert _quantities.unmatched(source, target, units=units) == pairwise
