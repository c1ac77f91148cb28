"""A "minus" after a number takes away and "plus or minus" is "±", neither a sign; "gluten-free" is "gluten free"
and "free of gluten"; two pronouns in other roles, a sign said once, "'s" before a verb whose participle is its base
and "the most" / "most" are never passed."""

from __future__ import annotations

import pytest

from mb.judges._quantities import extract_quantities
from mb.judges.base import Judge
from tests.support.judges import equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Twenty minus 4 equals 16", "20 minus 4 equals 16"),
        ("What is nine minus 2?", "What is 9 minus 2?"),
        ("5 minus two equals 3", "5 minus 2 equals 3"),
        ("Ten minus 1 is 9", "10 minus 1 is 9"),
        ("The margin of error is plus or minus 3%", "The margin of error is \u00b13%"),
        ("The bread is gluten-free", "The bread is gluten free"),
        ("A hands-free kit", "A hands free kit"),
        ("The loan is interest-free", "The loan is free of interest"),
        ("The kitchen is nut-free", "The kitchen is free of nuts"),
        ("It's fat-free", "It's free from fat"),
        ("Tax-free income", "Income free of tax"),
        ("Gluten-free options are available", "Options free of gluten are available"),
    ],
)
def test_a_subtraction_and_free_written_otherwise_are_not_failed(judge: Judge, candidate: str, reference: str) -> None:
    for one, other in ((candidate, reference), (reference, candidate)):
        verdict = equivalence(judge, one, other)
        assert verdict.passed or verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Twenty minus 4", {20.0, 4.0}),
        ("5 minus two", {5.0, 2.0}),
        ("10% minus 3", {10.0, 3.0}),
        ("plus or minus 3%", {3.0}),
        ("it is minus 4", {-4.0}),
        ("it is minus four", {-4.0}),
    ],
)
def test_minus_after_a_number_takes_away(text: str, values: set[float]) -> None:
    assert {v for q in extract_quantities(text) for v in q.values} == values


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The bread is gluten-free", "The bread contains gluten"),
        ("The bread is gluten-free", "The bread is with gluten"),
        ("The temperature is minus 5", "The temperature is 5"),
        ("The temperature is minus five", "The temperature is 5"),
    ],
)
def test_a_sign_and_a_free_said_against_its_opposite_still_fail(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
    assert not verdict.undecided, verdict.reason
