"""Phrases that list alternatives: every listed reading is kept, as for an ambiguous phrase.

"Tuesday or Wednesday" and "the 3rd or the 4th" are two phrases joined by "or"; "in 2-3 days", "in 2 or 3 days" and
"2 to 3 weeks from now" are one phrase said with each number they give ("in 2-5 days": 2, 3, 4 or 5 days).
Alternatives joined by "or" are kept only when they name the same number of words (fillers aside), alike in what
their digits carry: "tuesday or wednesday next week", "3pm or 4pm tomorrow" and "9 or 10am" share words between
their alternatives that one side alone would miss, and are not understood.
"""

from __future__ import annotations

import re

from ._lexicon import FILLERS, WORD_NUMBERS, number_value
from ._lexicon import alternatives as any_of

__all__ = ["alternatives", "same_shape"]

_NUMBER = rf"(\d{{1,3}}|{any_of(WORD_NUMBERS)})"
_UNIT = r"(?:min(?:ute)?s?|h(?:ou)?rs?|days?|weeks?|fortnights?|months?|years?)"
_COUNTS_RE = re.compile(rf"(?<![\w:./-]){_NUMBER}\s*(-|\bor\b|\bto\b)\s*{_NUMBER}\s+({_UNIT})\b")
#: The most counts a range of counts lists ("in 2-5 days": 2, 3, 4 or 5 days); a wider one is not understood.
_WIDEST = 31
_OR_RE = re.compile(r"\s+or\s+")


def alternatives(text: str) -> list[str] | None:
    """The phrases a normalized phrase lists as alternatives, or None when it lists none.

    Two counts of one unit joined by "or" ("2 or 3 days") are the phrase said with each of them, a range of counts
    ("2-4 days", "2 to 4 days") with each count from the first to the last; otherwise the parts joined by "or"
    ("either" before the first aside). A range of more than ``_WIDEST`` counts lists none: not understood.
    """
    counts = _COUNTS_RE.search(text)
    low, high = (number_value(counts[1]), number_value(counts[3])) if counts is not None else (0, 0)
    if counts is not None and low < high:
        head, tail = text[: counts.start()], text[counts.end() :]
        either = (counts[1], counts[3]) if counts[2] == "or" else range(low, high + 1 if high - low < _WIDEST else 0)
        return [f"{head}{count} {counts[4]}{tail}" for count in either]
    parts = _OR_RE.split(re.sub(r"^either\s+", "", text))
    return parts if len(parts) > 1 and all(parts) else None


def same_shape(parts: list[str]) -> bool:
    """Whether alternatives joined by "or" name the same words, fillers aside, alike in what their digits carry: "9 or
    10am" is not read, as "9" alone would be 9pm too."""
    return len({tuple(_shape(word) for word in part.split() if word not in FILLERS) for part in parts}) == 1


def _shape(word: str) -> str:
    """A word with digits as what it carries beside them ("10am" and "1pm": "9m", "4th": "9"); any other word as
    one."""
    return (
        re.sub(r"\d+(?:st|nd|rd|th)?", "9", word).replace("9am", "9m").replace("9pm", "9m")
        if re.search(r"\d", word)
        else "w"
    )
