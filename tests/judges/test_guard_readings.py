"""Guards read equal meaning as equal: magnitudes, accents, demonyms, headlines, negation scope, prepositions; and
still fire on the difference each of those readings could hide."""

from __future__ import annotations

import pytest

from mb.judges._guards import run_guards
from mb.judges._quantities import extract_quantities
from mb.judges.base import JudgeTask

SIM = JudgeTask.SIMILARITY


def _fired(candidate: str, reference: str) -> set[str]:
    return {failure.guard for failure in run_guards(SIM, candidate, reference)}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$356 million", 356e6),
        ("$356M", 356e6),
        ("$55B", 55e9),
        ("$55bn", 55e9),
        ("$2.9-million", 2.9e6),
        ("5k", 5e3),
        ("$3m", 3e6),
        ("1.2 trillion", 1.2e12),
    ],
)
def test_magnitudes_are_read(text: str, value: float) -> None:
    [quantity] = extract_quantities(text)
    assert quantity.values == frozenset({value})


def test_a_lone_lowercase_m_without_currency_is_not_a_million() -> None:
    [quantity] = extract_quantities("a 3m rope")
    assert quantity.values == frozenset({3.0})


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("revenue of $356 million", "revenue of $356M"),
        ("a $55B deal", "a $55bn deal"),
        ("a $2.9-million grant", "a $2.9 million grant"),
        ("Vişeu de Sus station", "Viseu de Sus station"),
        ("Israeli strikes on Gaza", "Israeli strikes on Gazans"),
        ("talks with Iran", "talks with Iranian officials"),
        ("a trip to Italy", "an Italian trip"),
        ("a trip to Japan", "a Japanese trip"),
        ("Variety Up For Sale", "trade publication Variety put up for sale"),
        ("we cannot allow it, and we won't", "we cannot, and will not, allow it"),
        ("not addressing the problem", "failing to address the problem"),
        ("do a flip off of a wave", "do a flip on a wave"),
        ("the plan lacks funding", "the plan has no funding"),
        ("I dont know anybody who is fighting it", "I don't know anybody who is fighting it"),
        ("the store isnt open on Sundays", "the store is not open on Sundays"),
    ],
)
def test_equal_meaning_fires_no_guard(candidate: str, reference: str) -> None:
    assert _fired(candidate, reference) == set()


@pytest.mark.parametrize(
    ("candidate", "reference", "guard"),
    [
        ("revenue of $356 million", "revenue of $356B", "numbers"),
        ("a $2.9-million grant", "a $2.9 billion grant", "numbers"),
        ("a 5k run", "a 10k run", "numbers"),
        ("talks with Iran", "talks with Iraqi officials", "entities"),
        ("meet Dori", "meet Dorian", "entities"),
        ("Meeting With John", "Meeting with Mary", "entities"),
        ("we cannot allow it", "we will allow it", "negation"),
        ("he failed to pay the fee", "he paid the fee", "negation"),
        ("she refused to sign the deal", "she signed the deal", "negation"),
        ("the plan lacks funding", "the plan has funding", "negation"),
        ("we cannot, and will not, allow it", "we allow it", "negation"),
        ("I dont know the answer", "I know the answer", "negation"),
        ("the store isnt open", "the store is open", "negation"),
        ("turn on the lights", "turn off the lights", "antonyms"),
        ("leave the lights on", "leave the lights off", "antonyms"),
        ("call before 5pm", "call after 5pm", "antonyms"),
        ("beware of the Motley Fool", "recommend looking at the Motley Fool", "antonyms"),
        ("we endorse the plan", "we oppose the plan", "antonyms"),
    ],
)
def test_the_difference_still_fires(candidate: str, reference: str, guard: str) -> None:
    assert guard in _fired(candidate, reference)
