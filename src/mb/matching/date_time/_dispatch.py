"""Which grammar elements to try where: by the first token of the text there.

Every element declares the tokens its matches start with (``Element.first``): words, whose letters may run on
("mid" covers "midmorning"), ``DIGIT``, or other characters. At a position the scanner tries, in the grammar's
order, the elements one of whose first tokens begins the text there. Patterns are compiled on first use, so a
process compiles only the elements the phrases it reads can start with.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ._items import Builder, Element, token_at

__all__ = ["ElementTable", "Try"]

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
        found: set[int] = set()
        for end in range(1, min(len(token), self._longest) + 1):
            found |= self._by_token.get(token[:end], set())
        return frozenset(found)

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
