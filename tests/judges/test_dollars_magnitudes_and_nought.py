"""A "$" against "dollars" where a text has a capitalised word or names a place of another "$" never passes; a number
with its magnitude in a letter or in words ("1.2k", "1.5 million", "1 to 2 million") against the same number in digits
is undecided, another value fails; a count of nought against "no" ("0 errors" / "no errors") passes in the same words,
is undecided in others, and fails when the texts are far apart."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import both_ways, equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("$50 in Vancouver", "50 dollars in Vancouver"),
        ("A hotel in Toronto under $200 a night", "A hotel in Toronto under 200 dollars a night"),
        ("Tickets for the Auckland show cost $80.", "Tickets for the Auckland show cost 80 dollars."),
        ("Book a room in Montreal for $120.", "Book a room in Montreal for 120 USD."),
        ("Bogota taxis cost $5,000.", "Bogota taxis cost 5,000 dollars."),
        ("Vancouver rents average $2,000.", "Vancouver rents average 2,000 dollars."),
        ("Quito rents average $500.", "Quito rents average 500 dollars."),
        ("Havana taxis cost $20.", "Havana taxis cost 20 dollars."),
        ("A taxi in buenos aires costs $3,000.", "A taxi in buenos aires costs 3,000 dollars."),
        ("a beer in sydney costs $9", "a beer in sydney costs 9 dollars"),
        ("the fee is $50 in local currency", "the fee is 50 dollars in local currency"),
    ],
)
def test_a_dollar_sign_beside_a_name_against_dollars_is_undecided(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The budget is $5,000.", "The budget is 5,000 dollars."),
        ("Please refund $25 to the customer.", "Please refund 25 dollars to the customer."),
        ("I paid $5.", "I paid 5 dollars."),
    ],
)
def test_dollars_with_no_name_pass(judge: Judge, candidate: str, reference: str) -> None:
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
        ("1,500,000", "1.5 million"),
        ("2,000,000,000", "2 billion"),
        ("2,000,000,000,000", "2 trillion"),
        ("The city has 1,500,000 residents.", "The city has 1.5 million residents."),
        ("1,500,000", "1.500 million"),  # 1,500 million?
        ("We meet at 2000 hours.", "We meet at 2 thousand hours."),  # a time?
        ("We signed 3,000,000-dollar contracts.", "We signed 3 million-dollar contracts."),  # 3 contracts?
        ("1 to 2,000,000 users", "1 to 2 million users"),  # 1,000,000 to 2,000,000?
        ("Between 1 and 2,000,000 users", "Between 1 and 2 million users"),
        ("1-2,000,000 users", "1-2 million users"),
        ("2 or 3,000,000,000", "2 or 3 billion"),
        ("The company raised 1 to 2,000,000 dollars.", "The company raised 1 to 2 million dollars."),
        ("$1 to $2,000,000", "$1 to $2 million"),
        ("from 5 to 10,000 dollars", "from 5 to 10 thousand dollars"),
        ("5 or 6000 people", "5 or 6 thousand people"),
        ("The RTX 3000 series", "The RTX 3 thousand series"),  # a name
        ("We sold 3000 tickets.", "We sold 3 thousand tickets."),
    ],
)
def test_a_magnitude_in_a_letter_or_words_or_one_comma_group_is_undecided(
    judge: Judge, candidate: str, reference: str
) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.undecided, verdict.reason


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
        ("no errors", "0 errors"),
        ("no errors", "zero errors"),
        ("There were no complaints.", "There were zero complaints."),
        ("There are 0 seats left.", "There are no seats left."),
        ("Zero complaints were filed.", "No complaints were filed."),
        ("0 errors, 0 warnings", "no errors, no warnings"),
    ],
)
def test_nought_against_no_in_the_same_words_passes(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("No errors found.", "0 errors"),
        ("zero refunds", "no refunds issued yet"),
        ("zero errors", "almost no errors"),
        ("There were zero failed tests.", "There were no passed tests."),
    ],
)
def test_nought_against_no_in_other_words_is_undecided(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
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
        ("no", "none"),
        ("Yes.", "None."),
        ("10 of 10 tests passed", "0 of 10 tests passed"),
        ("The meeting is on Tuesday at 3 pm.", "Zero errors were found."),
        ("The capital of France is Paris.", "There are 0 results."),
        ("Your order has shipped.", "There are 0 items in your cart."),
    ],
)
def test_a_count_other_than_nought_or_a_far_text_still_fails(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
    assert not verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Press no for an operator.", "Press 0 for an operator."),
        ("No day exploits were found.", "Zero day exploits were found."),
        ("No emissions vehicles are sold here.", "Zero emissions vehicles are sold here."),
        ("Set the limit to no requests.", "Set the limit to 0 requests."),
        ("It is a no hours contract.", "It is a zero hours contract."),
    ],
)
def test_a_nought_counting_no_plural_noun_is_never_read_as_no(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason
