"""Pairs that differ in a comparison, an aspect, a word of scope, an approximation, a request, a chain of possessives,
a number moved with a time or the prepositions of a long text: never a pass offline, while the same statement
written otherwise still passes.

Both offline judges share the rule (``equivalence_verdict``); without these doubts the pairs below passed on their
cosine or their word overlap.
"""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("rent a bike cheaper than 20 euros", "rent a bike more expensive than 20 euros"),
        ("pick a laptop lighter than 2 kilos", "pick a laptop heavier than 2 kilos"),
    ],
)
def test_another_comparison_before_than_is_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The town was going to build a pool", "The town is going to build a pool"),
        ("My uncle used to teach chemistry", "My uncle teaches chemistry"),
        ("The bakery is about to close", "The bakery has closed"),
        ("He has worked at the bank for six years", "He worked at the bank for six years"),
    ],
)
def test_another_aspect_is_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


def test_going_to_says_what_will_says(judge: Judge) -> None:
    verdict = equivalence(judge, "The nurse will phone you", "The nurse is going to phone you")
    assert "modality" not in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Marta also signed the petition", "Marta signed the petition"),
        ("Even the coach was surprised", "The coach was surprised"),
        ("The repair took about three days", "The repair took three days"),
        ("We printed roughly 400 flyers", "We printed 400 flyers"),
        ("We have a few spare keys", "We have few spare keys"),
        ("There was little sugar in the jar", "There was a little sugar in the jar"),
    ],
)
def test_a_word_of_scope_or_an_approximation_in_one_text_only_is_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("We renewed the parking permit", "Renew the parking permit"),
        ("I printed the boarding passes", "Please print the boarding passes"),
    ],
)
def test_a_request_against_a_statement_that_it_was_done_is_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("the bakery's manager's daughter", "the daughter's bakery's manager"),
        ("the captain of Leo's ship", "Leo's captain's ship"),
    ],
)
def test_a_chain_of_possessives_in_another_order_is_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("the daughter of the manager of the bakery", "the bakery's manager's daughter"),
        ("the ship of Leo's captain", "Leo's captain's ship"),
    ],
)
def test_a_chain_of_possessives_written_with_of_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("a booking for three at 8 pm", "a booking for eight at 3 pm"),
        ("six at 4 pm", "a taxi for four at 6 pm"),
    ],
)
def test_a_number_moved_with_a_time_is_never_a_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


def test_a_count_of_times_against_an_interval_is_never_a_pass(judge: Judge) -> None:
    verdict = equivalence(judge, "Feed the puppy 3 times a day", "Feed the puppy every 3 hours")
    assert not verdict.passed, verdict.reason


def test_a_number_said_as_a_time_in_neither_text_is_no_doubt(judge: Judge) -> None:
    verdict = equivalence(judge, "a booking for 3 at 8pm", "a booking for three at 8 pm")
    assert "numbers" not in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        (
            "The nurse carried the blankets to the ward from the storeroom before the evening visits began",
            "The nurse carried the blankets from the ward to the storeroom before the evening visits began",
        ),
        (
            "Our office prepared the budget with the city council during the spring of the same year",
            "Our office prepared the budget for the city council during the spring of the same year",
        ),
    ],
)
def test_in_a_long_text_prepositions_exchanged_or_alone_changed_are_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
