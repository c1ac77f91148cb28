"""The same statement written otherwise (a number in words or digits, a British or American spelling, a contraction,
"-body" for "-one") passes offline; a word that only looks alike does not."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Reserve 6 rooms near the station", "Reserve six rooms near the station"),
        ("She finished 2nd in the race", "She finished second in the race"),
        ("Summarise the findings of the audit", "Summarize the findings of the audit"),
        ("The centre will be closed", "The center will be closed"),
        ("Print the catalogue in colour", "Print the catalog in color"),
        ("It's snowing in Oslo", "It is snowing in Oslo"),
        ("I would prefer a window seat", "I'd prefer a window seat"),
        ("Somebody left a bag at the desk", "Someone left a bag at the desk"),
        ("Anybody can join the webinar", "Anyone can join the webinar"),
        ("Everybody received the invoice", "Everyone received the invoice"),
        ("Write a check for $40", "Write a cheque for $40"),
        ("Check the tires before the trip", "Check the tyres before the trip"),
        ("Renew my driving license", "Renew my driving licence"),
        ("Buy jewelry for Mia", "Buy jewellery for Mia"),
        ("Turn the wheel 90 degrees", "Turn the wheel 90\u00b0"),
        ("No the store opens at 9", "No, the store opens at 9."),  # an answer with no comma
        ("Yes we ship to Canada", "Yes, we ship to Canada"),
    ],
)
def test_the_same_words_spelled_otherwise_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The ferry sails at 21:00 from pier 3", "The ferry sails at 9 pm from pier 3"),
        ("Lunch is served at 12:30", "Lunch is served at half past twelve"),
        ("Wake me at 6:15", "Wake me at a quarter past six"),
        ("The tram leaves at 6:40", "The tram leaves at twenty to seven"),
    ],
)
def test_the_same_time_written_otherwise_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The ferry sails at 20:00 from pier 3", "The ferry sails at 9 pm from pier 3"),
        ("Lunch is served at 12:30", "Lunch is served at half past one"),
        ("The bus comes at ten to eight", "The bus comes at ten past eight"),
        ("Dinner at the hotel is at 19:30", "Dinner at the hotel is at half past seven"),
    ],
)
def test_another_time_or_a_time_of_either_half_of_the_day_does_not_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


def test_a_number_of_years_in_words_is_that_many_years(judge: Judge) -> None:
    verdict = equivalence(judge, "The bridge is 35 years old", "The bridge is thirty-five years old")
    assert "numbers guard" not in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Book a table for four", "Book a table for"),
        ("Buy 3 shares of Initech", "Buy three shares of Initrode"),
        ("Set the oven to 180 degrees", "Set the oven to 180\u00b0C"),  # a scale the other text does not give
        ("Set the thermostat to 20 degrees Fahrenheit", "Set the thermostat to 20\u00b0"),
        ("Turn the wheel 9 degrees", "Turn the wheel 90\u00b0"),
        ("Write a check for $400", "Write a cheque for $40"),
        ("No the store is open", "Yes, the store is open"),
        ("Yes we do not ship to Canada", "Yes, we ship to Canada"),
        ("No one came", "One came"),
    ],
)
def test_words_that_only_look_alike_do_not_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
