"""The same words with the same numbers written otherwise ("$1,200" / "$1200", "10km" / "10 km") pass with either
judge, however far apart the measure puts them; another value, digits that may say another number ("3.10" / "3.1",
"10.000" / "10", "1,500" / "1500", "10²" / "102"), a unit in another letter case ("10 mW" / "10 MW", "10 K" / "10k"),
another currency or any other word changed never pass by it."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import both_ways


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("$1,200", "$1200"),
        ("10 km", "10km"),
        ("Book 2 tickets for $1,200", "book 2 tickets for $1200"),
        ("5 adults, 2 kids", "five adults, two kids"),
        ("1,200,000 rows", "1200000 rows"),
        ("1,200.50", "1200.50"),
        ("1200 dollars", "$1,200."),  # a currency as a word or code, the same currency alone
        ("1.2k dollars", "$1,200"),
        ("The fee is 50 euros.", "The fee is \u20ac50."),
        ("USD 1,200", "1,200 USD"),
        ("a 50 percent refund", "a 50% refund"),
    ],
)
def test_numbers_written_otherwise_pass(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.passed, verdict.reason
        assert not verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("$1200", "1,200 USD"),
        ("$1200", "\u20ac1200"),
        ("3.10", "3.1"),
        ("python 3.10", "python 3.1"),
        ("10.000", "10"),
        ("1.2k", "1.2"),
        ("1,5", "1.5"),
        ("-3", "3"),
        ("3.5%", "3.5"),
        ("5 adults 2 kids", "2 adults 5 kids"),
        ("room 12", "room 21"),
        ("5 cats", "five dogs"),
        ("two", "2 two"),
        ("10mW", "10 MW"),
        ("The laser outputs 100 mW", "The laser outputs 100MW"),
        ("Cool it to 10 K", "Cool it to 10k"),
        ("10\u00b2 km", "102km"),
        ("Die Rate ist 1,500", "Die Rate ist 1500"),
        ("\u00a51200", "1200 JPY"),
        ("the 90s", "the 90 s"),
        ("1200 euros", "$1,200"),
        ("3m dollars", "$3"),  # "m" alone may be metres
        ("1500 euros", "\u20ac1,500"),  # one comma group may be a decimal comma
        ("\u00a5500", "500 yen"),  # yen or yuan
        ("It costs 50 dollars.", "It costs $50..."),  # an ellipsis may trail off
    ],
)
def test_another_number_or_word_never_passes_as_written_otherwise(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason
