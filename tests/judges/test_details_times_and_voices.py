"""Short pairs that share nearly every word yet say something else: a passive against an active, a pronoun said in
another case, a quantifier or a time said otherwise, a word replaced by one the other text says elsewhere, "in"
against "on", an intention or a claim in one text only. None may pass; the pairs that say the same still do."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("He borrowed money from his brother", "His brother borrowed money from him"),
        ("She gave her mother a gift", "Her mother gave her a gift"),
        ("Many of the guests left", "Some of the guests left"),
        ("Most students passed", "Some students passed"),
        ("Last year sales doubled", "This year sales doubled"),
        ("Book for next Friday", "Book for this Friday"),
        ("Book for next Friday", "Book for Friday"),
        ("Show hidden files", "Hide hidden files"),
        ("The keys are in the drawer", "The keys are on the drawer"),
        ("Plans to build a bridge", "Builds a bridge"),
        ("He claims he is innocent", "He is innocent"),
        ("Allegedly stole the money", "Stole the money"),
        ("He tried to open the door", "He opened the door"),
        ("She got hit by a car", "She hit a car"),
        ("He got paid by the client", "He paid the client"),
        ("Once a month", "Once a week"),
    ],
)
def test_what_differs_in_a_word_does_not_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The dog chased the cat", "The cat was chased by the dog"),
        ("A woman is slicing an onion", "An onion is being sliced by a woman"),
        ("She gave him a book", "She gave him a book."),
        ("See you next week", "See you next week!"),
        ("Sales doubled last year", "Last year, sales doubled"),
        ("A partner in the firm", "A partner at the firm"),
        ("Delete all the files", "Delete all the files."),
    ],
)
def test_what_says_the_same_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


def test_a_word_joined_to_free_says_without_it(judge: Judge) -> None:
    negated = equivalence(judge, "Gluten-free bread", "Bread with gluten")
    assert not negated.passed, negated.reason
    assert not negated.undecided, negated.reason
    agreed = equivalence(judge, "Sugar-free soda", "Soda without sugar")
    assert agreed.passed or agreed.undecided, agreed.reason


def test_a_contraction_reads_as_its_words_in_the_same_statement(judge: Judge) -> None:
    verdict = equivalence(judge, "She's a teacher", "She is a teacher")
    assert verdict.passed, verdict.reason
