""" "X free" read as "X-free" is only a doubt ("free" may be "at no cost"), a "minus" one text says alone is a doubt,
"it" and "its" in other roles and a sign lost either way never pass; "'s" before a passive with "a bit", adverbial
"the most" and a sign given in words are not failed for it."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import both_ways, equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Coffee free with every meal", "Coffee-free with every meal"),
        ("Parking free on Sundays", "Parking-free on Sundays"),
        ("Is the gluten free?", "Is it gluten-free?"),
        ("yogurt with fat free", "fat-free yogurt"),
        ("Get your coffee free today", "Get your coffee-free today"),
    ],
)
def test_a_word_before_free_read_as_joined_to_it_never_passes(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Since 2010 minus three percent a year", "Since 2010 three percent a year"),
        ("In 1990 minus two degrees was the low", "In 1990 two degrees was the low"),
        ("Room 101 minus six degrees", "Room 101 six degrees"),
        ("Rate 5% minus 2%", "Rate 5% 2%"),
        ("In 2023 minus 4 percent growth", "In 2023 4 percent growth"),
        ("Growth 3% minus inflation", "Growth 3% inflation"),
    ],
)
def test_minus_said_in_one_text_only_never_passes(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Twenty minus 4 equals 16", "20 minus 4 equals 16"),
        ("-5 and 5", "minus 5 and 5"),
        ("From 20 to minus 5", "From 20 to -5"),
        ("Temperatures: 5, minus 3", "Temperatures: 5, -3"),
    ],
)
def test_minus_said_by_both_or_against_its_sign_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Its mother feeds them", "Their mother feeds it"),
        ("They fed its puppies", "It fed their puppies"),
        ("Its owner loves them", "Their owner loves it"),
        ("Its mother feeds them", "Their mother feeds them"),
        ("-5 and 5", "-5 and -5"),
        ("The low was -3 and the high 3", "The low was -3 and the high -3"),
        ("It went from -10 to 10", "It went from -10 to -10"),
    ],
)
def test_it_in_another_role_and_a_sign_lost_either_way_never_pass(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Sales were -5% and profit 5%", "Sales were down 5% and profit up 5%"),
        ("Sales were -5%", "Sales were down 5%"),
        ("It was -10 at night and 10 by day", "It was 10 below at night and 10 above by day"),
        ("The balance is -$50 after a $50 charge", "The balance is $50 overdrawn after a $50 charge"),
        ("The low was -7 and the high 7", "The low was 7 below zero and the high 7"),
        ("It is -10 degrees", "It is 10 degrees below zero"),
    ],
)
def test_a_sign_the_other_text_gives_in_words_is_a_doubt(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Sales were -5%", "Sales were 5%"),
        ("The temperature is minus 5", "The temperature is 5"),
        ("-3", "3 up"),
        ("It is 5", "It is 5 below zero"),
        ("It is -5", "It is 5 above zero"),
        ("The temperature fell 5 degrees to minus 2", "The temperature fell 5 degrees to 2"),
        ("The value is 2 below 0.5", "The value is -2.5"),
    ],
)
def test_a_sign_against_no_word_of_sign_still_fails(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason
        assert not verdict.undecided, verdict.reason
