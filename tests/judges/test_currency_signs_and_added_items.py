"""A number in another currency or unit, or with one left out, never passes; a sign of comparison is read as its
words, so another sign or none never passes; an item or a number one text adds to a list never passes. The same
amount, bound or list said alike still passes."""

from __future__ import annotations

import pytest

from mb.judges._quantities import extract_quantities
from mb.judges.base import Judge
from tests.support.judges import both_ways, equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("\u00a350", "\u20ac50"),
        ("refund \u20a9500", "refund \u00a5500"),
        ("I paid \u20ac50.", "I paid $50."),
        ("Refund of \u00a31,200 issued.", "Refund of \u20ac1,200 issued."),
        ("$50", "\u20ac50"),
        ("transfer 50 EUR", "transfer 50 USD"),
        ("A$50", "US$50"),
        ("Pay 40 CAD", "Pay 40 US dollars"),
        ("5 Canadian dollars", "5 Australian dollars"),
        ("Send 100 Mexican pesos", "Send 100 Chilean pesos"),  # a currency's name read, the other's not
        ("It costs 50 Swiss francs", "It costs 50 French francs"),
        ("200 South African rand", "200 USD"),
        ("40 Canadian cents", "40 CAD"),
        ("Buy 40 Canadian dollar coins", "Buy 40 CAD coins"),  # coins, not dollars
    ],
)
def test_another_currency_fails(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason
        assert not verdict.undecided, verdict.reason
        assert "numbers guard" in verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("50", "\u20ac50"),
        ("discount 50", "discount 50%"),
        ("A$50", "$50"),
        ("set the budget to 1,200", "set the budget to \u00a31,200"),
        ("A taxi in Mexico City costs about 50 dollars.", "A taxi in Mexico City costs about $50."),  # "$": pesos
        ("In Chile a coffee costs 2,000 dollars.", "In Chile a coffee costs $2,000."),
        ("The permit is 80 dollars, paid in pesos.", "The permit is $80, paid in pesos."),
    ],
)
def test_a_currency_or_unit_left_out_or_vaguer_is_undecided(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.undecided, verdict.reason
        assert "currency or unit" in verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("$1.2m", "1.2m dollars"),
        ("\u20ac50m", "50m euros"),
        ("1.2m dollars", "$1.2 million"),
        ("3b dollars", "$3 billion"),
    ],
)
def test_a_number_with_a_letter_the_other_reads_as_a_magnitude_is_undecided(
    judge: Judge, candidate: str, reference: str
) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("$50", "$"),
        ("50 dollars", "$"),
        ("US$50", "USD"),
        ("USD 50", "USD"),
        ("50 EUR", "EUR"),
        ("50 euros", "EUR"),
        ("\u20ac50", "EUR"),
        ("50%", "%"),
        ("50 percent", "%"),
        ("USD$399", "USD"),
        ("XYZ$5", ""),
        ("40 Canadian dollars", "CAD"),
        ("5 US dollars", "USD"),
        ("50 Swiss francs", "CHF"),
        ("50", ""),
    ],
)
def test_the_currency_or_unit_of_a_number_is_read_in_one_spelling(text: str, unit: str) -> None:
    assert [q.unit for q in extract_quantities(text)] == [unit]


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("price \u2264 \u20ac100", "price \u2265 \u20ac100"),
        ("x > 10", "x < 10"),
        ("age >= 18", "age <= 18"),
        ("x != 10", "x = 10"),
        ("x \u2260 10", "x = 10"),
        ("price \u20ac100", "price \u2265 \u20ac100"),
        ("limit 10", "limit < 10"),
    ],
)
def test_another_sign_of_comparison_or_none_never_passes(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("refund orders 1001 and 1002", "refund order 1001"),
        ("Your orders 1001 and 1002 were refunded.", "Your order 1001 was refunded."),
        ("grant read and write access to Bob", "grant read access to Bob"),
        ("invite Alice, Bob and Eve", "invite Alice and Bob"),
        ("invite Alice, Bob, and Eve", "invite Alice and Bob"),
        ("invite Eve, Alice and Bob", "invite Alice and Bob"),
        ("ship to Paris or Lyon", "ship to Paris"),
    ],
)
def test_an_item_added_to_a_list_is_undecided(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason
    assert equivalence(judge, candidate, reference).undecided


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("\u20ac50", "\u20ac50"),
        ("refund \u00a31,200", "refund \u00a31,200"),
        ("discount 50%", "discount 50%"),
        ("price \u2265 \u20ac100", "price \u2265 \u20ac100"),
        ("x < 10", "x < 10"),
        ("invite Alice and Bob", "invite Alice and Bob"),
        ("refund orders 1001 and 1002", "refund orders 1001 and 1002"),
        ("A man and a woman are dancing", "A man and woman are dancing"),
        ("Pay 40 Canadian dollars", "Pay 40 CAD"),  # a currency's ISO 4217 name and its code
        ("5 US dollars", "USD 5"),
        ("It costs 50 Swiss francs", "It costs 50 CHF"),
    ],
)
def test_the_same_amount_bound_or_list_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    "text",
    [
        "The suit was filed in federal court in Wilmington, Del., claiming a patent and a trademark were violated.",
        "Meet us in Lyon, France, on Friday at noon and bring the keys.",
    ],
)
def test_a_comma_outside_a_list_gives_no_items(judge: Judge, text: str) -> None:
    shorter = text.replace(" in Wilmington, Del.,", "").replace(", France,", "")
    verdict = equivalence(judge, text, shorter)
    assert "to a list" not in verdict.reason, verdict.reason


def test_a_list_in_another_order_stays_undecided(judge: Judge) -> None:
    verdict = equivalence(judge, "invite Bob and Alice", "invite Alice and Bob")
    assert verdict.undecided, verdict.reason
