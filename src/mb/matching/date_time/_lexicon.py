"""Words of the date grammar: numbers, ordinals, units, fillers, and the regular-expression fragments built on them."""

from __future__ import annotations

import re

from ._calendar import MONTHS, WEEKDAYS

__all__ = [
    "FILLERS",
    "HOUR_WORD",
    "MINUTE_WORD",
    "MONTH",
    "NUMBER",
    "ORDINAL",
    "QUANTITY",
    "UNIT",
    "UNITS",
    "WEEKDAY",
    "number_value",
    "ordinal_value",
    "quantity_value",
]

_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]  # fmt: skip
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}
_ORDINAL_ONES = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                 "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
                 "eighteenth", "nineteenth"]  # fmt: skip
_ORDINAL_TENS = {"twentieth": 20, "thirtieth": 30}

WORD_NUMBERS: dict[str, int] = {w: i for i, w in enumerate(_ONES)}
for _tens, _value in _TENS.items():
    WORD_NUMBERS[_tens] = _value
    for _unit in range(1, 10):
        WORD_NUMBERS[f"{_tens}-{_ONES[_unit]}"] = _value + _unit
        WORD_NUMBERS[f"{_tens} {_ONES[_unit]}"] = _value + _unit

WORD_ORDINALS: dict[str, int] = {w: i for i, w in enumerate(_ORDINAL_ONES) if w}
WORD_ORDINALS.update(_ORDINAL_TENS)
for _unit in range(1, 10):
    WORD_ORDINALS[f"twenty-{_ORDINAL_ONES[_unit]}"] = 20 + _unit
    WORD_ORDINALS[f"twenty {_ORDINAL_ONES[_unit]}"] = 20 + _unit
WORD_ORDINALS["thirty-first"] = WORD_ORDINALS["thirty first"] = 31


def _alternatives(words: object) -> str:
    return "|".join(sorted((re.escape(str(w)) for w in words), key=len, reverse=True))  # type: ignore[attr-defined]


#: A number written in digits or words (0-59).
NUMBER = rf"(?:\d+|{_alternatives(WORD_NUMBERS)})"
#: An hour written in words (one to twelve).
HOUR_WORD = _alternatives(_ONES[1:13])
#: Minutes written in words after an hour ("twenty-three", "oh five", "fifteen").
MINUTE_WORD = (
    rf"(?:oh[- ](?:{_alternatives(_ONES[1:10])})|{_alternatives(w for w, v in WORD_NUMBERS.items() if v >= 10)})"
)
#: A day ordinal in digits or words.
ORDINAL = (
    rf"(?:\d{{1,2}}(?:st|nd|rd|th)?|{_alternatives(WORD_ORDINALS)}"
    rf"|{_alternatives(w for w, v in WORD_NUMBERS.items() if 1 <= v <= 31)})"
)
MONTH = _alternatives(MONTHS)
WEEKDAY = _alternatives(WEEKDAYS)

#: Units of a duration, by every spelling, singular.
UNITS: dict[str, str] = {
    "second": "second", "sec": "second", "s": "second", "minute": "minute", "min": "minute", "mins": "minute",
    "m": "minute", "hour": "hour", "hr": "hour", "hrs": "hour", "h": "hour", "day": "day", "d": "day",
    "week": "week", "wk": "week", "fortnight": "fortnight", "month": "month", "mo": "month", "year": "year",
    "yr": "year", "decade": "decade", "business day": "business day", "working day": "business day",
    "weekday": "business day", "quarter": "quarter",
}  # fmt: skip
UNIT = rf"(?:{_alternatives(UNITS)})(?:s|es)?"

_FEW = {"a couple of": 2, "a couple": 2, "couple of": 2, "couple": 2, "a few": 3, "few": 3, "a": 1, "an": 1, "one": 1}
#: An amount of a duration: digits, words, fractions, halves.
QUANTITY = (
    r"(?:\d+(?:\.\d+)?\s+and\s+a\s+half|\d+\s+\d+/\d+|\d+/\d+|\d+(?:\.\d+)?|"
    rf"(?:{_alternatives(WORD_NUMBERS)})\s+and\s+(?:a\s+)?half|half\s+an?|a\s+half|"
    r"(?:a\s+|one\s+)?quarter\s+of\s+an?|three\s+quarters\s+of\s+an?|"
    rf"{_alternatives(list(WORD_NUMBERS) + list(_FEW))})"
)

#: Words that carry no date information on their own (the parse may leave them unused). Deadline and start
#: words read as the moment they name: a tool's argument carries the deadline itself.
FILLERS = frozenset(
    [
        "at",
        "on",
        "the",
        "of",
        "in",
        "from",
        "by",
        "for",
        "is",
        "due",
        "around",
        "about",
        "approximately",
        "approx",
        "roughly",
        "circa",
        "exactly",
        "sharp",
        "o'clock",
        "oclock",
        "please",
        "sometime",
        "some",
        "starting",
        "beginning",
        "ending",
        "before",
        "until",
        "till",
        "til",
        "after",
        "since",
        "no",
        "later",
        "than",
        "precisely",
        "over",
        "all",
        "whole",
        "entire",
        "during",
        "throughout",
        "promptly",
        "calendar",
        "my",
        "our",
        "preferably",
        "ideally",
        "maybe",
        "perhaps",
        "say",
        "how",
        "what",
    ]
)


def number_value(text: str) -> int:
    """The value of a number in digits or words."""
    text = text.strip()
    if text.isdigit():
        return int(text)
    return WORD_NUMBERS[text]


def ordinal_value(text: str) -> int:
    """The value of an ordinal (``3rd``, ``third``, ``3``)."""
    text = text.strip()
    digits = re.match(r"\d+", text)
    if digits:
        return int(digits.group(0))
    return WORD_ORDINALS[text] if text in WORD_ORDINALS else WORD_NUMBERS[text]


def quantity_value(text: str) -> float:
    """The value of a quantity (``2``, ``two``, ``1/2``, ``half an``, ``2 and a half``)."""
    text = " ".join(text.split())
    if " and a half" in text or " and half" in text:
        return quantity_value(text.replace(" and a half", "").replace(" and half", "")) + 0.5
    if " " in text and "/" in text:
        whole, fraction = text.split(" ", 1)
        return int(whole) + quantity_value(fraction)
    if "quarter" in text:
        return 0.75 if text.startswith("three") else 0.25
    if text.startswith("half") or text == "a half":
        return 0.5
    if "/" in text:
        top, bottom = text.split("/")
        return int(top) / int(bottom) if int(bottom) else float("nan")
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return float(text)
    if text in _FEW:
        return _FEW[text]
    return WORD_NUMBERS[text]
