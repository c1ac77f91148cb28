"""Phrases that list alternatives: every listed reading is kept, as for an ambiguous phrase.

"Tuesday or Wednesday" and "the 3rd or the 4th" are two phrases joined by "or", "Monday, Tuesday or Wednesday" three;
"in 2-3 days", "in 2 or 3 days" and "2 to 3 weeks from now" are one phrase said with each number they give ("in 2-5
days": 2, 3, 4 or 5 days; a range is then read as one window from the first to the last). Words after the last
alternative that the others lack belong to each of them when what they follow is said alike ("9 or 10am": 9am or
10am; "the 3rd or 4th of june"; "tuesday or wednesday next week"), and so do words before the first ("next tuesday
or wednesday"). Alternatives joined by "or" are then kept only when they name the same number of words (fillers
aside), alike in what their digits carry.
"""

from __future__ import annotations

import re

from ._grammar import parse
from ._lexicon import FILLERS, WORD_NUMBERS, number_value
from ._lexicon import alternatives as any_of

__all__ = ["alternatives", "same_shape"]

_NUMBER = rf"(\d{{1,3}}|{any_of(WORD_NUMBERS)})"
_UNIT = r"(?:min(?:ute)?s?|h(?:ou)?rs?|days?|weeks?|fortnights?|months?|years?)"
_COUNTS_RE = re.compile(rf"(?<![\w:./-])(?:(between)\s+)?{_NUMBER}\s*(-|\b(?:or|to|and)\b)\s*{_NUMBER}\s+({_UNIT})\b")
#: The most counts a range of counts lists ("in 2-5 days": 2, 3, 4 or 5 days); a wider one is not understood.
_WIDEST = 31
_OR_RE = re.compile(r"\s*,?\s+or\s+")
_COMMA_RE = re.compile(r"\s*,\s*")
#: "10am" is said "10 am" in a list, so that "9 or 10am" shares its "am".
_AM_PM_RE = re.compile(r"(?<=\d)(am|pm)\b")


def alternatives(text: str) -> tuple[list[str], str] | None:
    """The phrases a normalized phrase lists as alternatives and how: ``or`` (phrases joined by "or"), ``counts``
    (counts of one unit joined by "or"), or, for a range of counts, the grain of the points it spans (``minute`` for
    minutes and hours, ``day`` for longer units), or None when it lists none.

    Two counts of one unit joined by "or" ("2 or 3 days") are the phrase said with each of them, a range of counts
    ("2-4 days", "2 to 4 days", "between 2 and 4 days") with each count from the first to the last; otherwise the
    parts joined by "or" or by commas before it ("either" before the first aside), each with the words the list shares.
    A range of more than ``_WIDEST`` counts lists none: not understood.
    """
    counts = _COUNTS_RE.search(text)
    low, high = (number_value(counts[2]), number_value(counts[4])) if counts is not None else (0, 0)
    if counts is not None and low < high and (counts[3] == "and") == bool(counts[1]):
        head, tail = text[: counts.start()], text[counts.end() :]
        either = (counts[2], counts[4]) if counts[3] == "or" else range(low, high + 1 if high - low < _WIDEST else 0)
        grain = "minute" if counts[5].startswith(("min", "h")) else "day"
        return [f"{head}{count} {counts[5]}{tail}" for count in either], "counts" if counts[3] == "or" else grain
    parts = _OR_RE.split(_AM_PM_RE.sub(r" \1", re.sub(r"^either\s+", "", text)))
    if len(parts) < 2 or not all(parts):
        return None
    listed = _shared([piece for part in parts[:-1] for piece in _listed(part)] + parts[-1:])
    # "on 12.06 or 14.06", "the 12.06 or 14.06": each a date, as "at 12.06 or 14.06" each a clock
    lead = re.match(r"(?:on|at|the) ", listed[0])
    return [f"{lead[0]}{part}" if lead and part[0].isdigit() else part for part in listed], "or"


def _listed(part: str) -> list[str]:
    """A part before the last "or" as the alternatives it lists with commas ("monday, tuesday"), when they are said
    alike ("march 5, 2024" is one)."""
    pieces = _COMMA_RE.split(part)
    return pieces if len(pieces) > 1 and all(pieces) and len({_words(p) for p in pieces}) == 1 else [part]


def _shared(parts: list[str]) -> list[str]:
    """The alternatives with the words the last one has after what the others say (else the first one before it)
    given to each of them, when the others are said alike, those words of the long one name the same kinds of time
    as they do, and what is given only narrows each (a date, a time, a part of the day, am/pm, "next")."""
    for tail, long, others in ((True, parts[-1], parts[:-1]), (False, parts[0], parts[1:])):
        shape = {_words(p) for p in others}
        words = long.split()
        seen = [n for n, word in enumerate(words) if word not in FILLERS]
        size = len(next(iter(shape)))
        if len(shape) != 1 or not 0 < size < len(seen):
            continue
        cut = seen[size - 1] + 1 if tail else seen[-size]
        own, extra = (" ".join(words[:cut]), " ".join(words[cut:]))[:: 1 if tail else -1]
        if not tail and extra.endswith(","):  # "march 5, 6 or 7" lists days: never "march 5" at 6 or 7
            continue
        if extra in ("am", "pm") and own.startswith("12"):  # "11 or 12pm": 11am or noon to most, 11pm to the letter
            continue
        narrows = extra in _NARROWING or set(_kinds(extra) or {"bound"}) <= _NARROWING_KINDS
        if narrows and {_words(own)} == shape and {_kinds(own)} == {_kinds(p) for p in others}:
            return [f"{p} {extra}" for p in others] + [long] if tail else [long] + [f"{extra} {p}" for p in others]
    return parts


#: Words given to each alternative that only narrow it: "9 or 10am", "next tuesday or wednesday".
_NARROWING = frozenset({"am", "pm", "next", "this", "last", "coming"})
#: Kinds of items given to each alternative that only narrow it ("tuesday or wednesday next week", "monday or tuesday
#: at 2-3pm"); "before" or "after" would not ("monday or the day before").
_NARROWING_KINDS = frozenset({"date", "weekday", "year", "clock", "part", "number", "sep", "filler"})


def _words(part: str) -> tuple[str, ...]:
    return tuple(_shape(word) for word in part.split() if word not in FILLERS)


def _kinds(part: str) -> tuple[str, ...] | None:
    """The kinds of the items a part is read into in its natural order; None when a word is not understood."""
    parsed = parse(part)
    return None if parsed.unknown else tuple(item.kind for item in parsed.items)


def same_shape(parts: list[str]) -> bool:
    """Whether alternatives joined by "or" name the same words, fillers aside, alike in what their digits carry: "9 or
    10am" is not read, as "9" alone would be 9pm too."""
    return len({_words(part) for part in parts}) == 1


def _shape(word: str) -> str:
    """A word with digits as what it carries beside them ("10am" and "1pm": "9m", "4th": "9"); any other word as
    one."""
    if not re.search(r"\d", word):
        return "w"
    return re.sub(r"\d+(?:st|nd|rd|th)?", "9", word).replace("9am", "9m").replace("9pm", "9m")
