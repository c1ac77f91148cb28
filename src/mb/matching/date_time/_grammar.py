"""Read a normalized phrase into grammar items, accounting for every word.

The phrase is scanned left to right; at each position every element pattern that can start with the token there is
tried and the longest match wins (the first listed on a tie). Words no pattern takes are fillers
("at", "on", "the"...) or *not understood*: the parse then reports them and no reading is ever made from the rest. Items
carry no reference time: ``_readings`` places them on the calendar.

Which elements to try where is decided by the first token of the text there: every element declares the tokens its
matches start with (``Element.first``): words, whose letters may run on ("mid" covers "midmorning"), ``DIGIT``, or
other characters. At a position the scanner tries, in the grammar's order, the elements one of whose first tokens
begins the text there. Patterns are compiled on first use, so a process compiles only the elements the phrases it
reads can start with.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from ..._calendar_words import WEEKDAYS
from . import _date_elements, _relative_elements, _time_elements
from ._holidays import HOLIDAYS
from ._items import Builder, Element, Item, Parsed, token_at
from ._lexicon import FILLERS, alternatives

__all__ = ["ElementTable", "Item", "Parsed", "parse"]

Try = tuple[Callable[[str, int], "re.Match[str] | None"], Builder, int]
"""An element to try: its pattern's ``match``, its builder, and how far past the position it starts."""

_PLANS = 8192
"""At most this many dispatch plans are kept (one per pair of first tokens seen)."""


class ElementTable:
    """The grammar's elements in the order they are tried, compiled on first use, looked up by first token."""

    def __init__(self, elements: Sequence[Element]) -> None:
        self._elements = tuple(elements)
        self._compiled: list[re.Pattern[str] | None] = [None] * len(self._elements)
        self._by_token: dict[str, set[int]] = {}
        for index, element in enumerate(self._elements):
            for token in element.first:
                self._by_token.setdefault(token, set()).add(index)
        self._longest = max((len(token) for token in self._by_token), default=0)
        self._plans: dict[tuple[str, str | None], tuple[Try, ...]] = {}

    def indices(self, token: str) -> frozenset[int]:
        """The elements whose matches can start with ``token`` (a first token: see ``token_at``)."""
        ends = range(1, min(len(token), self._longest) + 1)
        return frozenset[int]().union(*(self._by_token.get(token[:end], ()) for end in ends))

    def plan(self, text: str, position: int, after_at: bool = False) -> tuple[Try, ...]:
        """What to try at ``position`` of ``text``, in the grammar's order: the elements that can start there and,
        with ``after_at`` (the text there is "at " or "@ "), those that can start 3 characters further, each element
        at its own starts in turn."""
        here = token_at(text, position)
        there = token_at(text, position + 3) if after_at else None
        key = (here, there)
        found = self._plans.get(key)
        if found is None:
            first = self.indices(here)
            then = self.indices(there) if there is not None else frozenset()
            if len(self._plans) >= _PLANS:
                self._plans.clear()
            found = self._plans[key] = tuple(
                (self._pattern(n).match, self._elements[n].builder, shift)
                for n in sorted(first | then)
                for shift, allowed in ((0, first), (3, then))
                if n in allowed
            )
        return found

    def _pattern(self, index: int) -> re.Pattern[str]:
        pattern = self._compiled[index]
        if pattern is None:
            pattern = self._compiled[index] = re.compile(self._elements[index].pattern)
        return pattern


#: Every element, in the order tried: times of day, then dates, then relative expressions.
ELEMENTS = (*_time_elements.ELEMENTS, *_date_elements.ELEMENTS, *_relative_elements.ELEMENTS)
_TABLE = ElementTable(ELEMENTS)

_WORD_RE = re.compile(r"[a-z0-9'@&]+|[^\sa-z0-9]")

#: Fillers that mark the start of what follows them: with nothing read after them they are not understood ("month
#: starting" may be the start of the month, never the whole month).
_LEADING = frozenset({"from", "starting", "beginning"})


#: The days whose "date" adds nothing to them: "tomorrow's date", "friday's date", "christmas's date" (never a
#: period's, "last year's date", nor a day of the month's, "the 5th's date"); in brackets or quotes too
_DAY_OWNER_RE = re.compile(
    rf"(?<![a-z0-9])(?:{alternatives([*WEEKDAYS, *HOLIDAYS, 'today', 'tomorrow', 'yesterday'])})(?:'s)? $"
)


def _possessed(token: str, text: str, position: int) -> bool:
    """ "date" after a day's "'s" ("tomorrow's date", "friday's date", "easter's date") adds nothing to the day named;
    elsewhere ("date night", "due date", "date 5", "next week's date") it is not understood."""
    return token == "date" and text.endswith("'s ", 0, position) and _DAY_OWNER_RE.search(text, 0, position) is not None


@functools.lru_cache(maxsize=2048)
def parse(text: str) -> Parsed:
    """The items of a normalized phrase and the words nothing used (cost linear in the length)."""
    items: list[Item] = []
    unknown: list[str] = []
    position = 0
    size = len(text)
    leading: str | None = None
    plan = _TABLE.plan
    while position < size:
        char = text[position]
        if char in " ,;()!?":
            position += 1
            continue
        best: tuple[int, Item] | None = None
        best_end = position
        # "at 5 pm": the filler is taken with the element after it (both starts are tried)
        tries = plan(text, position, text.startswith(("at ", "@ "), position))
        for match, builder, shift in tries:
            found = match(text, position + shift)
            if found is None or found.end() <= best_end:
                continue
            item = builder(found)
            if item is not None:
                best_end = found.end()
                best = (best_end, Item(item.kind, text[position:best_end], item.value))
        if best is not None:
            items.append(best[1])
            position = best[0]
            leading = None
            continue
        word = _WORD_RE.match(text, position)
        token = word.group(0) if word else text[position]
        if token in _LEADING:
            leading = token
        elif token not in FILLERS and token not in {".", ":", "'", '"'} and not _possessed(token, text, position):
            unknown.append(token)
        position += len(token)
    return Parsed(tuple(items), (*unknown, leading) if leading else tuple(unknown))
