"""The grammar's word patterns: written as trees of shared prefixes, they match exactly what the flat alternation of
their words (longest first) matches."""

from __future__ import annotations

import random
import re

import pytest

from mb.matching.date_time._holidays import HOLIDAYS
from mb.matching.date_time._lexicon import (
    UNITS,
    WORD_NUMBERS,
    WORD_ORDINALS,
    alternatives,
    number_words,
)


def _flat(words: list[str]) -> str:
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


def _texts(words: list[str]) -> list[str]:
    tails = ["", " ", "s", "-one", " one", "teen", " and a half", "x", " ago"]
    texts = [word + tail for word in words for tail in tails]
    texts += [word[:cut] for word in words for cut in range(1, len(word))]
    return texts


def _same_matches(pattern: str, words: list[str], followed_by: str = "") -> None:
    """The tree pattern and the flat one give the same match, then and after backtracking into what follows."""
    tree = re.compile(f"(?:{pattern}){followed_by}")
    flat = re.compile(f"(?:{_flat(words)}){followed_by}")
    for text in _texts(words):
        found, expected = tree.match(text), flat.match(text)
        assert (found and found.group(0)) == (expected and expected.group(0)), (text, pattern)


@pytest.mark.parametrize(
    "words",
    [
        list(WORD_NUMBERS),
        list(WORD_ORDINALS),
        list(UNITS),
        list(HOLIDAYS),
        ["a", "an", "a few", "a couple", "a couple of", "and"],
        ["x", "x-y", "x y", "x-z", "x z", "xy"],
    ],
    ids=["numbers", "ordinals", "units", "holidays", "prefixes", "shared-branches"],
)
def test_a_tree_of_prefixes_matches_like_the_flat_alternation_longest_first(words: list[str]) -> None:
    pattern = alternatives(words)
    for followed_by in ("", r"\b", r"(?:\s+and a half)?\b", r"(?=s|-one)"):
        _same_matches(pattern, words, followed_by)


def test_random_word_lists_match_like_the_flat_alternation() -> None:
    rng = random.Random(3)
    for _ in range(200):
        words = list({"".join(rng.choice("ab -") for _ in range(rng.randint(1, 5))).strip() or "a" for _ in range(8)})
        pattern = alternatives(words)
        for text in ["".join(rng.choice("ab -") for _ in range(rng.randint(0, 7))) for _ in range(40)]:
            for end in ("", "$", "b"):
                found = re.match(f"(?:{pattern}){end}", text)
                expected = re.match(f"(?:{_flat(words)}){end}", text)
                assert (found and found.group(0)) == (expected and expected.group(0)), (words, text, end)


@pytest.mark.parametrize(("low", "high"), [(0, 59), (10, 59), (1, 31), (20, 20), (21, 29), (5, 12)])
def test_numbers_in_words_are_those_of_the_range_longest_first(low: int, high: int) -> None:
    words = [w for w, v in WORD_NUMBERS.items() if low <= v <= high]
    pattern = number_words(low, high)
    for followed_by in ("", r"\b", r"\s+and", r"(?:[- ]one)?x"):
        _same_matches(pattern, words, followed_by)
    others = [w for w, v in WORD_NUMBERS.items() if not low <= v <= high and not any(x.startswith(w) for x in words)]
    assert not [w for w in others if re.fullmatch(pattern, w)]
