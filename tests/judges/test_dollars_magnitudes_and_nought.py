"""A "$" against "dollars" where a text names anything (a place whose "$" may be another dollar) never passes; a number
with its magnitude in a letter ("1.2k") against the same number in digits is undecided, in words ("1.5 million")
passes, another value fails; a count of nought against "no" ("0 errors" / "no errors") is undecided, not failed."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("$50 in Vancouver", "50 dollars in Vancouver"),
        ("A hotel in Toronto under $200 a night", "A hotel in Toronto under 200 dollars a night"),
        ("Tickets for the Auckland show cost $80.", "Tickets for the Auckland show cost 80 dollars."),
        ("Book a room in Montreal for $120.", "Book a room in Montreal for 120 USD."),
    ],
)
def test_a_dollar_sign_beside_a_name_against_dollars_is_undecided(judge: Judge, candidate: str, reference: str) -> None:
    for one, other in ((candidate, reference), (reference, candidate)):
        verdict = equivalence(judge, one, other)
        assert verdict.undecided, verdict.reason
        assert "currency or unit" in verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The budget is $5,000.", "The budget is 5,000 dollars."),
        ("Refund $25 to the customer.", "Refund 25 dollars to the customer."),
        ("$50 in Vancouver", "$50 in Vancouver"),
    ],
)
def test_dollars_with_no_name_or_written_alike_pass(judge: Judge, candidate: str, reference: str) -> None:
    assert equivalence(judge, candidate, reference).passed


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("1200", "1.2k"),
        ("1200", "1.2K"),
        ("Order 1200 units.", "Order 1.2k units."),
        ("The video has 3,500,000 views.", "The video has 3.5M views."),
        ("Run 5000", "Run 5k"),  # a distance?
        ("2,500", "2.5 thousand"),  # "2,500" may be 2.5
    ],
)
def test_a_magnitude_in_a_letter_or_one_comma_group_is_undecided(judge: Judge, candidate: str, reference: str) -> None:
    for one, other in ((candidate, reference), (reference, candidate)):
        verdict = equivalence(judge, one, other)
        assert verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("1,500,000", "1.5 million"),
        ("2,000,000,000", "2 billion"),
        ("The city has 1,500,000 residents.", "The city has 1.5 million residents."),
    ],
)
def test_a_magnitude_in_words_passes(judge: Judge, candidate: str, reference: str) -> None:
    for one, other in ((candidate, reference), (reference, candidate)):
        assert equivalence(judge, one, other).passed


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("1,200 thousand", "1.2k"),
        ("12k", "1.2k"),
        ("12000", "1.2k"),
        ("1.2m", "1.2k"),
        ("15,000,000", "1.5 million"),
        ("1.5 billion", "1.5 million"),
        ("1,500,000 thousand", "1.5 million"),
        ("-1,500,000", "1.5 million"),
        ("Order 12,000 units.", "Order 1.2k units."),
    ],
)
def test_another_magnitude_fails(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
    assert not verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("no errors", "zero errors"),
        ("no errors", "0 errors"),
        ("There were no complaints.", "There were zero complaints."),
        ("There are 0 seats left.", "There are no seats left."),
        ("none", "no"),
    ],
)
def test_nought_against_no_is_undecided(judge: Judge, candidate: str, reference: str) -> None:
    for one, other in ((candidate, reference), (reference, candidate)):
        verdict = equivalence(judge, one, other)
        assert verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("one error", "zero errors"),
        ("10 errors", "0 errors"),
        ("0.1 errors", "no errors"),
        ("There were a few complaints.", "There were zero complaints."),
        ("There are 10 seats left.", "There are no seats left."),
        ("not zero errors", "zero errors"),
    ],
)
def test_a_count_other_than_nought_still_fails(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
    assert not verdict.undecided, verdict.reason
