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
    ],
)
def test_the_same_way_said_otherwise_still_passes(judge: Judge, candidate: str, reference: str) -> None:
    for verdict in both_ways(judge, candidate, reference):
        assert verdict.passed, verdict.reason
