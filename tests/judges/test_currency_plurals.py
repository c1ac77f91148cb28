"""Currencies in their real plurals ("pounds sterling", "kronor", "reais") and the UAE dirham read as their codes; one
comma group in an amount of another currency than the dollar or pound is the same amount written alike ("1,200 kronor"
/ "1,200 SEK") and undecided against the digits ungrouped ("1,200 kronor" / "1200 SEK": the comma may be decimal); a
subject said as "it" or "they" is no sign of the same statement ("This usually takes two days." / "It takes two
days.")."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import both_ways, equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("It takes two days.", "This usually takes two days."),
        ("It costs $5.", "The cheaper costs $5."),
        ("It is busy.", "This week is busy."),
        ("It is Paris.", "The destination is Paris."),
        ("They fail.", "These sometimes fail."),
    ],
)
def test_a_subject_said_as_a_pronoun_never_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("GBP 100", "100 pounds sterling"),
        ("The fee is GBP 45.", "The fee is 45 pounds sterling."),
        ("SEK 500", "500 kronor"),
        ("NOK 100", "100 Norwegian kroner"),
        ("BRL 10", "10 reais"),
        ("AED 50", "50 UAE dirhams"),
    ],
)
def test_a_currency_in_its_plural_against_its_code_passes(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("NOK 500", "500 kronor"),
        ("EUR 100", "100 pounds sterling"),
        ("AED 500", "AED 50"),
        ("USD 50", "50 UAE dirhams"),
    ],
)
def test_another_currency_or_amount_fails(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
    assert not verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("500 kroner", "SEK 500"),  # Danish or Norwegian
        ("50 dirhams", "AED 50"),  # Emirati or Moroccan
        ("SAR 50", "AED 50"),
        ("GBP 100", "100 pounds"),  # or a weight
    ],
)
def test_a_currency_name_of_several_never_passes(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Book it for 1,200 SEK.", "Book it for 1,200 kronor."),
        ("Withdraw 2,000 NOK.", "Withdraw 2,000 Norwegian kroner."),
        ("The fee is EUR 1,500.", "The fee is 1,500 euros."),
    ],
)
def test_one_comma_group_written_alike_in_another_currency_passes(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Book it for 1200 SEK.", "Book it for 1,200 kronor."),
        ("Book it for 1200 EUR.", "Book it for 1,200 euros."),
        ("Withdraw 2000 NOK.", "Withdraw 2,000 Norwegian kroner."),
    ],
)
def test_one_comma_group_against_the_digits_ungrouped_is_undecided(
    judge: Judge, candidate: str, reference: str
) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Book it for 1,200 NOK.", "Book it for 1,200 kronor."),
        ("Book it for 1.2 EUR.", "Book it for 1,200 euros."),
        ("Book it for 12,000 SEK.", "Book it for 1,200 kronor."),
    ],
)
def test_one_comma_group_against_another_amount_never_passes(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason
