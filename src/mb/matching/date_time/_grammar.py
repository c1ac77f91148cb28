"""Read a normalized phrase into grammar items, accounting for every word.

The phrase is scanned left to right; at each position every element pattern that can start with the token there is
tried (see ``_dispatch``) and the longest match wins (the first listed on a tie). Words no pattern takes are fillers
("at", "on", "the"...) or *not understood*: the parse then reports them and no reading is ever made from the rest. Items
carry no reference time: ``_readings`` places them on the calendar.
"""

from __future__ import annotations

import functools
import re

from . import _date_elements, _relative_elements, _time_elements
from ._dispatch import ElementTable
from ._items import Item, Parsed
from ._lexicon import FILLERS

__all__ = ["Item", "Parsed", "parse"]

#: Every element, in the order tried: times of day, then dates, then relative expressions.
ELEMENTS = (*_time_elements.ELEMENTS, *_date_elements.ELEMENTS, *_relative_elements.ELEMENTS)
_TABLE = ElementTable(ELEMENTS)

_WORD_RE = re.compile(r"[a-z0-9'@&]+|[^\sa-z0-9]")


@functools.lru_cache(maxsize=2048)
def parse(text: str) -> Parsed:
    """The items of a normalized phrase and the words nothing used (cost linear in the length)."""
    items: list[Item] = []
    unknown: list[str] = []
    position = 0
    size = len(text)
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
            continue
        word = _WORD_RE.match(text, position)
        token = word.group(0) if word else text[position]
        if token not in FILLERS and token not in {".", ":", "'", '"'}:
            unknown.append(token)
        position += len(token)
    return Parsed(tuple(items), tuple(unknown))
