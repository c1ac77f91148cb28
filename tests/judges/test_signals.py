"""Graded guard signals: the guards' evidence as numbers for the short-pair trees."""

from __future__ import annotations

import pytest

from mb.judges._signals import GUARD_SIGNALS, guard_signals


def _signals(candidate: str, reference: str) -> dict[str, float]:
    values = guard_signals(candidate, reference)
    assert len(values) == len(GUARD_SIGNALS)
    return dict(zip(GUARD_SIGNALS, values, strict=True))


def test_identical_texts_show_no_difference() -> None:
    text = "Book 2 seats to Paris on Monday, not Tuesday"
    found = _signals(text, text)
    for name in (
        "candidate_extra_quantities",
        "negator_difference",
        "polarity_differs",
        "opposite_words",
        "reference_only_names",
        "candidate_only_names",
    ):
        assert found[name] == 0.0, name
    assert found["shared_order"] == 1.0
    assert found["reference_quantities"] == found["candidate_quantities"] >= 1.0
    assert found["reference_names"] == found["candidate_names"] >= 1.0


def test_numbers_the_candidate_adds_are_counted() -> None:
    found = _signals("Book 5 seats for Monday at 7pm", "Book seats for Monday")
    assert found["candidate_extra_quantities"] == 2.0  # 5 and 7pm; Monday is on both sides
    assert found["reference_quantities"] == 1.0
    assert found["candidate_quantities"] == 3.0
    assert _signals("Book 5 seats for Monday", "Book five seats for Monday")["candidate_extra_quantities"] == 0.0


def test_negation_on_one_side_is_counted_and_graded() -> None:
    negated = _signals("The store is not open", "The store is closed")
    assert negated["candidate_negators"] == 1.0
    assert negated["reference_negators"] == 0.0
    assert negated["negator_difference"] == 1.0
    assert negated["polarity_differs"] >= 1.0
    assert negated["opposite_words"] >= 1.0  # open / closed, each on one side
    plain = _signals("The store is open", "The shop is open")
    assert plain["negator_difference"] == plain["polarity_differs"] == plain["opposite_words"] == 0.0


def test_names_on_one_side_only_are_counted_per_side() -> None:
    found = _signals("Meet Anna in Berlin", "Meet in Berlin")
    assert found["candidate_only_names"] == 1.0
    assert found["reference_only_names"] == 0.0
    found = _signals("Meet in Berlin", "Meet Anna in Berlin")
    assert found["reference_only_names"] == 1.0
    assert found["candidate_only_names"] == 0.0


@pytest.mark.parametrize(
    ("candidate", "reference", "expected"),
    [
        ("Tim defeated Tom", "Tom defeated Tim", -1.0),
        ("Tom defeated Tim", "Tom defeated Tim", 1.0),
        ("the cat chased the dog in the garden", "the dog chased the cat in the garden", 0.0),
        ("the dog chased the cat in the garden", "the dog chased the cat in a park", 1.0),
        ("hello", "a different text", 1.0),
    ],
)
def test_the_order_of_shared_content_words_is_measured(candidate: str, reference: str, expected: float) -> None:
    assert _signals(candidate, reference)["shared_order"] == expected


def test_counts_are_capped() -> None:
    found = _signals("1 2 3 4 5 6 7 8", "nothing here")
    assert found["candidate_quantities"] == 4.0
    assert found["candidate_extra_quantities"] == 4.0
