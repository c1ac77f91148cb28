"""Numbers written in English words: cardinals, ordinals and fractions, read alike by the date grammar and the
judges' guards."""

from __future__ import annotations

import re

__all__ = ["FRACTIONS", "ONES", "ORDINAL_WORDS", "TENS", "cardinal_words", "ordinal_words", "words_value"]

ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")  # fmt: skip
"""The numbers below twenty, each at its value's index."""

TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
"""The tens from twenty to ninety."""

_ORDINAL_ONES = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                 "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
                 "eighteenth", "nineteenth")  # fmt: skip
_ORDINAL_TENS = {tens[:-1] + "ieth": value for tens, value in TENS.items()}

ORDINAL_WORDS: dict[str, int] = {word: value for value, word in enumerate(_ORDINAL_ONES) if word} | _ORDINAL_TENS
"""The ordinals written as one word: "first" to "nineteenth" and the tens ("twentieth" ... "ninetieth")."""

FRACTIONS = {"half": 0.5, "quarter": 0.25, "three quarters": 0.75}
"""Fractions in words."""

_VALUES = {word: value for value, word in enumerate(ONES)} | TENS


def _spellings(units: tuple[str, ...], words: dict[str, int], low: int, high: int) -> dict[str, int]:
    found = {word: value for word, value in words.items() if low <= value <= high}
    for tens, value in TENS.items():
        for unit in range(1, 10):
            if low <= value + unit <= high:
                found[f"{tens}-{units[unit]}"] = found[f"{tens} {units[unit]}"] = value + unit
    return found


def cardinal_words(low: int, high: int) -> dict[str, int]:
    """Every spelling of the numbers from ``low`` to ``high`` (below a hundred) in words, with its value: compounds
    with a hyphen or a space ("twenty-one", "twenty one")."""
    return _spellings(ONES, _VALUES, low, high)


def ordinal_words(low: int, high: int) -> dict[str, int]:
    """Every spelling of the ordinals from ``low`` to ``high`` (below a hundred) in words, with its value
    ("third", "twentieth", "twenty-first", "twenty first")."""
    return _spellings(_ORDINAL_ONES, ORDINAL_WORDS, low, high)


def words_value(text: str | None) -> int:
    """The value of a number below a hundred in words ("eighty nine", "twenty-one", "seven"); 0 for none."""
    return sum(_VALUES[word] for word in re.split(r"[\s-]+", text) if word) if text else 0
