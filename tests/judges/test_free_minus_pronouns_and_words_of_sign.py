""" "X free" read as "X-free" is only a doubt ("free" may be "at no cost"), a "minus" one text says alone is a doubt,
"it" and "its" in other roles and a sign lost either way never pass; "'s" before a passive with "a bit", adverbial
"the most" and a sign given in words are not failed for it."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import equivalence


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
    for one, other in ((candidate, reference), (reference, candidate)):
        verdict = equivalence(judge, one, other)
        assert not verdict.passed, verdict.reason
