"""Pairs that say the same words yet another fact: a plan against a deed, then against now, one way against
another, for against against. Close in embeddings and in word overlap; never a pass offline."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import both_ways


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Bank cut 300 jobs", "Bank to cut 300 jobs"),  # a headline's plan against what was done
        ("City closes two libraries", "City to close two libraries"),
        ("Airline raised its fares", "Airline to raise its fares"),
        ("The council scrapped parking fees", "Council to scrap parking fees"),  # the subject with a determiner
        ("Regulators have fined the bank", "Regulators to fine the bank"),  # a perfect
        ("Mia chaired the board", "Mia is to chair the board"),  # "is to"
        ("Hospital hiring 200 nurses", "Hospital to hire 200 nurses"),  # under way against planned
        (
            "Insurer raises premiums for drivers under 25 from January, the regulator says in its yearly report",
            "Insurer to raise premiums for drivers under 25 from January, the regulator says in its yearly report",
        ),  # a long text opening with a headline
        ("traffic on the bridge was heavy this morning", "traffic on the bridge is heavy right now"),  # then or now
        ("the trains on line 4 were late this morning", "the trains on line 4 are late right now"),
        ("a cat is climbing down a tree", "a cat is climbing a tree"),  # the way the verb goes
        ("a man is climbing down the stairs", "a man is climbing the stairs"),
        ("the council voted against closing the park", "the council voted to close the park"),  # for or against
        ("the union voted against accepting the offer", "the union voted to accept the offer"),
    ],
)
def test_a_plan_a_tense_a_way_or_a_stance_said_otherwise_is_never_a_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("a man is climbing up a rope", "a man is climbing a rope"),  # "up" says what "climbing" said
        ("a woman walks down the street", "a woman is walking down the street"),  # both say "down"
        ("the kids began to sing a song", "the kids began singing a song"),  # no plan: an "-ing" form
        ("print the boarding pass", "print out the boarding pass"),  # "out" completes the verb
        ("send the newsletter", "send out the newsletter"),
        ("clean the garage", "clean out the garage"),
        ("Reminder: water the plants", "Reminder to water the plants"),  # a title, not a plan
        ("Note: book the dentist for Tuesday", "Note to book the dentist for Tuesday"),
        ("He helped paint the fence", "He helped to paint the fence"),  # "to" or not alike
        ("Come see the garden this weekend", "Come to see the garden this weekend"),
        ("go fetch the mail", "go to fetch the mail"),
        ("push the deadline Thursday", "push the deadline to Thursday"),  # "to" before a time or a unit
        ("convert 10 pounds kilograms", "convert 10 pounds to kilograms"),
    ],
)
def test_the_same_way_or_errand_said_otherwise_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.passed, verdict.reason
