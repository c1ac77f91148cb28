"""A reference's subject said as "it" or "they" in the same words passes ("Yes, the order has shipped." / "Yes, it has
shipped."), one way only and not where the noun chooses among things ("the latter") or is an object ("delete it");
currencies in their real plurals ("pounds sterling", "kronor", "reais") and the UAE dirham read as their codes."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Yes, it has shipped.", "Yes, the order has shipped."),
        ("It was paid.", "The invoice was paid."),
        ("They were uploaded.", "The files were uploaded."),
        ("It is not available.", "The room is not available."),
        ("It has expired.", "Your password has expired."),
    ],
)
def test_a_subject_said_as_a_pronoun_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The order has been cancelled.", "It has been cancelled."),  # the candidate may name another thing
        ("Yes, it was cancelled.", "Yes, the tickets were cancelled."),
        ("Yes, it has been cancelled.", "Yes, the order has shipped."),
        ("It has shipped?", "The order has shipped."),
        ("It is correct.", "The latter is correct."),
        ("It is cheaper.", "The second is cheaper."),
        ("They voted yes.", "The majority voted yes."),
        ("Delete it.", "Delete the file."),
        ("It has shipped.", "The order and the refund have shipped."),
    ],
)
def test_a_pronoun_otherwise_never_passes(judge: Judge, candidate: str, reference: str) -> None:
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
    for one, other in ((candidate, reference), (reference, candidate)):
        verdict = equivalence(judge, one, other)
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
    for one, other in ((candidate, reference), (reference, candidate)):
        verdict = equivalence(judge, one, other)
        assert not verdict.passed, verdict.reason
