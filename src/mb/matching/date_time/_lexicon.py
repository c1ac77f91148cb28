"""Words of the date grammar: numbers, ordinals, units, fillers, and the regular-expression fragments built on them."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..._calendar_words import MONTHS, UNITS, WEEKDAYS
from ..._numbers import FRACTIONS, ONES, cardinal_words, ordinal_words
from ._items import DIGIT, first_tokens

__all__ = [
    "COUNT",
    "COUNT_FIRST",
    "FILLERS",
    "HOUR_FIRST",
    "HOUR_WORD",
    "MINUTE_FIRST",
    "MINUTE_WORD",
    "MONTH",
    "MONTH_FIRST",
    "NUMBER",
    "ORDINAL",
    "ORDINAL_FIRST",
    "QUANTITY",
    "QUANTITY_FIRST",
    "UNIT",
    "VAGUE",
    "WEEKDAY",
    "WEEKDAY_FIRST",
    "alternatives",
    "minute_value",
    "number_value",
    "number_words",
    "ordinal_value",
    "quantity_value",
]

WORD_NUMBERS: dict[str, int] = cardinal_words(0, 99)
WORD_ORDINALS: dict[str, int] = ordinal_words(1, 31)


def alternatives(words: Iterable[str]) -> str:
    """A pattern matching any of ``words``, the longest first where several match."""
    return "(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + ")"


def number_words(low: int, high: int) -> str:
    """A pattern matching the numbers from ``low`` to ``high`` (below 100) in words ("twenty-one", "twenty one"),
    the longest first."""
    return alternatives(cardinal_words(low, high))


#: A number written in digits or words (0-59).
NUMBER = rf"(?:\d+|{number_words(0, 59)})"
#: An hour written in words (one to twelve).
HOUR_WORD = alternatives(ONES[1:13])
#: Minutes written in words after an hour ("twenty-three", "oh five", "fifteen").
MINUTE_WORD = rf"(?:(?:oh?[- ]|o')(?:{alternatives(ONES[1:10])})|{number_words(10, 59)})"
#: A day ordinal in digits or words.
ORDINAL = rf"(?:\d{{1,2}}(?:st|nd|rd|th)?|{alternatives(WORD_ORDINALS)}|{number_words(1, 31)})"
MONTH = alternatives(MONTHS)
WEEKDAY = alternatives(WEEKDAYS)

UNIT = rf"(?:{alternatives(UNITS)})(?:s|es)?"

#: Amounts in words read as a number: "a few" is three, the smallest number it always covers, so a phrase with it
#: passes only what it surely means ("several", "many" are vaguer: see ``VAGUE``).
_FEW = {"a couple of": 2, "a couple": 2, "couple of": 2, "couple": 2, "a few": 3, "few": 3, "a": 1, "an": 1, "one": 1,
        "a dozen": 12, "dozen": 12, "half a dozen": 6}  # fmt: skip
#: Words of a vague amount or while: a phrase using one is not understood, never read as an exact time.
VAGUE = frozenset({"several", "many", "bit", "while", "handful", "dozens"})
#: An amount of a duration: digits, words, fractions, halves. A number in words is written once, its "and a half"
#: optional: no number word starts like the other amounts, whose order among themselves is kept.
QUANTITY = (
    r"(?:\d+(?:\.\d+)?\s+and\s+a\s+half|\d+\s+\d+/\d+|\d+/\d+\s+of\s+an?|\d+/\d+|\d+(?:\.\d+)?|half\s+an?|a\s+half|"
    r"(?:a\s+|one\s+)?quarter\s+of\s+an?|three[\s-]quarters\s+of\s+an?|"
    rf"{number_words(0, 99)}(?:\s+and\s+(?:a\s+)?half)?|{alternatives(w for w in _FEW if w not in WORD_NUMBERS)})"
)

#: A count of things named after it ("3 fridays", "a couple of nights"): a number or an amount in words.
_COUNT_WORDS = [w for w in _FEW if w not in WORD_NUMBERS and w not in {"a", "an"}]
COUNT = rf"(?:{alternatives(_COUNT_WORDS)}|{NUMBER})"

#: The first tokens of the sub-patterns above, for the elements that start with them (see ``Element.first``).
HOUR_FIRST = first_tokens(ONES[1:13])
MINUTE_FIRST = first_tokens("o", (word for word, value in WORD_NUMBERS.items() if 10 <= value <= 59))
ORDINAL_FIRST = first_tokens(DIGIT, WORD_ORDINALS, WORD_NUMBERS)
MONTH_FIRST = first_tokens(MONTHS)
WEEKDAY_FIRST = first_tokens(WEEKDAYS)
QUANTITY_FIRST = first_tokens(DIGIT, WORD_NUMBERS, _FEW, ("half", "a", "quarter", "three"))
COUNT_FIRST = first_tokens(DIGIT, WORD_NUMBERS, _COUNT_WORDS)

#: Words that carry no date information on their own (the parse may leave them unused). Deadline and start
#: words read as the moment they name: a tool's argument carries the deadline itself.
FILLERS = frozenset({"at", "on", "the", "of", "in", "from", "by", "for", "is", "due", "exactly", "sharp", "o'clock",
                     "oclock", "please", "sometime", "starting", "beginning",
                     "later", "than", "precisely", "over", "all", "whole", "entire", "during", "throughout", "promptly",
                     "calendar", "my", "our", "preferably", "ideally", "maybe", "perhaps", "say", "how", "what",
                     "'s", "anytime", "latest", "onwards", "onward"})  # fmt: skip


def number_value(text: str) -> int:
    """The value of a number in digits or words."""
    text = text.strip()
    return int(text) if text.isdigit() else WORD_NUMBERS[text]


def minute_value(text: str) -> int:
    """The value of minutes in words after an hour ("twenty-three", "oh five", "o five", "o'five")."""
    return number_value(re.sub(r"^(?:oh?[- ]|o')", "", text.strip()))


def ordinal_value(text: str) -> int:
    """The value of an ordinal (``3rd``, ``third``, ``3``)."""
    text = text.strip()
    digits = re.match(r"\d+", text)
    return int(digits.group(0)) if digits else WORD_ORDINALS.get(text) or WORD_NUMBERS[text]


def quantity_value(text: str) -> float:
    """The value of a quantity (``2``, ``two``, ``1/2``, ``3/4 of an``, ``half an``, ``2 and a half``, ``a couple of``,
    ``half a dozen``)."""
    text = " ".join(text.split())
    if text in _FEW:
        return _FEW[text]
    if "/" in text and text.endswith((" of a", " of an")):  # "3/4 of an"
        text = text.rsplit(" of ", 1)[0]
    if " and a half" in text or " and half" in text:
        return quantity_value(text.replace(" and a half", "").replace(" and half", "")) + 0.5
    if " " in text and "/" in text:
        whole, fraction = text.split(" ", 1)
        return int(whole) + quantity_value(fraction)
    if "quarter" in text:
        return FRACTIONS["three quarters" if text.startswith("three") else "quarter"]
    if text.startswith("half") or text == "a half":
        return FRACTIONS["half"]
    if "/" in text:
        top, bottom = text.split("/")
        return int(top) / int(bottom) if int(bottom) else float("nan")
    return float(text) if re.fullmatch(r"\d+(?:\.\d+)?", text) else WORD_NUMBERS[text]
