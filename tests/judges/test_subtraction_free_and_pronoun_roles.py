"""A "minus" after a number takes away and "plus or minus" is "±", neither a sign; "gluten-free" is "gluten free"
and "free of gluten"; two pronouns in other roles, a sign said once, "'s" before a verb whose participle is its base
and "the most" / "most" are never passed; nor a noun's "'s" before a participle and an object read otherwise than
"has", the same words with pronouns in other places, or "a most" / "the most"."""

from __future__ import annotations

import pytest

from mb.judges._quantities import extract_quantities
from mb.judges.base import Judge
from tests.support.judges import both_ways, equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Twenty minus 4 equals 16", "20 minus 4 equals 16"),
        ("What is nine minus 2?", "What is 9 minus 2?"),
        ("5 minus two equals 3", "5 minus 2 equals 3"),
        ("Ten minus 1 is 9", "10 minus 1 is 9"),
        ("The margin of error is plus or minus 3%", "The margin of error is \u00b13%"),
        ("The bread is gluten-free", "The bread is gluten free"),
        ("A hands-free kit", "A hands free kit"),
        ("The loan is interest-free", "The loan is free of interest"),
        ("The kitchen is nut-free", "The kitchen is free of nuts"),
        ("It's fat-free", "It's free from fat"),
        ("Tax-free income", "Income free of tax"),
        ("Gluten-free options are available", "Options free of gluten are available"),
    ],
)
def test_a_subtraction_and_free_written_otherwise_are_not_failed(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.passed or verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Twenty minus 4", {20.0, 4.0}),
        ("5 minus two", {5.0, 2.0}),
        ("10% minus 3", {10.0, 3.0}),
        ("plus or minus 3%", {3.0}),
        ("it is minus 4", {-4.0}),
        ("it is minus four", {-4.0}),
    ],
)
def test_minus_after_a_number_takes_away(text: str, values: set[float]) -> None:
    assert {v for q in extract_quantities(text) for v in q.values} == values


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The bread is gluten-free", "The bread contains gluten"),
        ("The bread is gluten-free", "The bread is with gluten"),
        ("The temperature is minus 5", "The temperature is 5"),
        ("The temperature is minus five", "The temperature is 5"),
    ],
)
def test_a_sign_and_a_free_said_against_its_opposite_still_fail(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
    assert not verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("He was paid by them", "He paid them"),
        ("She was hired by us", "She hired us"),
        ("I was called by him", "I called him"),
        ("It was approved by them", "It approved them"),
        ("I was sent the email by him", "I sent him the email"),
        ("She was shown the door by him", "She showed him the door"),
        ("Give it to him", "Give him to it"),
        ("The lowest was -10 and the highest 10", "The lowest was 10 and the highest 10"),
        ("The lowest was 10 and the highest 10", "The lowest was -10 and the highest 10"),
        ("Ana scored -3 and Ben 3", "Ana scored 3 and Ben 3"),
        ("The account went from -$50 to $50", "The account went from $50 to $50"),
        ("It was \u22127 at night and 7 by day", "It was 7 at night and 7 by day"),
        ("He's put the box there", "He puts the box there"),
        ("It's cost us", "It costs us"),
        ("He's run the test", "He runs the test"),
        ("She's cut the cake", "She cuts the cake"),
        ("It's hit us hard", "It hits us hard"),
        ("Ana got the most votes", "Ana got most votes"),
    ],
)
def test_pronouns_in_other_roles_a_lost_sign_a_perfect_and_the_most_do_not_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Give it to him", "Give it to him"),
        ("He's put the box there", "He has put the box there"),
        ("He's running the test", "He is running the test"),
        ("The range is -5 to 5", "The range is -5 to 5"),
        ("Ana got the most votes", "Ana got the most votes"),
        ("She is tying her shoes", "She ties her shoes"),
    ],
)
def test_the_same_pronouns_signs_and_perfects_still_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


def test_the_most_against_most_is_named_as_such(judge: Judge) -> None:
    verdict = equivalence(judge, "Ana got the most votes", "Ana got most votes")
    assert verdict.undecided
    assert "'the most'" in verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The crow's hidden the key", "The crow hides the key"),
        ("The crow's hidden the key", "The crow is hidden the key"),
        ("Mia's cut a rope", "Mia cuts a rope"),
        ("The coach's let them go", "The coach is let them go"),
        ("He lost himself in it", "He lost it in himself"),
        ("She saw herself in him", "She saw him in herself"),
        ("The most likely reason is fatigue", "A most likely reason is fatigue"),
        ("A most useful tool", "A useful tool"),
    ],
)
def test_a_noun_perfect_pronouns_moved_and_a_most_do_not_pass(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The crow's hidden the key", "The crow has hidden the key"),
        ("Mia's cut a rope", "Mia has cut a rope"),
        ("He lost himself in it", "He lost himself in it"),
    ],
)
def test_a_noun_perfect_said_out_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Every visitor's given a map", "Every visitor gave a map"),
        ("Every visitor's given a map", "Every visitor has given a map"),
        ("The newcomer's shown the ropes", "The newcomer showed the ropes"),
        ("The dog's thrown a bone every night", "The dog threw a bone every night"),
        ("The town's called the Venice of the North", "The town called the Venice of the North"),
        ("The flight's delayed an hour", "The flight delayed an hour"),
        ("The shop's closed today", "The shop closed today"),
        ("My knee's hurt the most", "My knee hurt the most"),
        ("Each tenant's charged a fee", "Each tenant charged a fee"),
        ("The dog's bone is under the table", "The dog has a bone under the table"),
        ("He liked the band's set the most", "He liked the band has set the most"),
    ],
)
def test_a_nouns_s_before_a_participle_read_one_way_only_is_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The boy's eaten the cake", "The boy has eaten the cake"),
        ("The boy's eaten the cake", "The boy ate the cake"),
        ("Every visitor's given a map.", "Every visitor's given a map"),
        ("I watched the comedian's set the other night", "I watched the set of the comedian the other night"),
        ("He liked the band's set the most", "He liked the set of the band the most"),
        ("The dog's been fed", "The dog has been fed"),
    ],
)
def test_a_nouns_s_read_alike_or_before_a_noun_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason
    assert "has set" not in verdict.reason
