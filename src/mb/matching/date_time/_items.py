"""The items a phrase is read into, and the registry of element patterns the scanner tries in order."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Builder", "DateProblem", "Element", "Item", "Parsed", "registrar"]


@dataclass(frozen=True, slots=True)
class Item:
    """One meaningful element of a phrase."""

    kind: str
    """``clock``, ``part``, ``date``, ``weekday``, ``year``, ``number``, ``moment``, ``ordinal``, ``edge``,
    ``offset``, ``nearest``, ``duration``, ``sep``, ``between``."""

    text: str
    """The words it was read from."""

    value: Any
    """The payload, depending on ``kind`` (see ``_readings``)."""


@dataclass(frozen=True, slots=True)
class Parsed:
    """A phrase read into items, with the words left over."""

    items: tuple[Item, ...]
    """The elements in phrase order."""

    unknown: tuple[str, ...]
    """Words neither an element nor a filler: the phrase is not understood when any is left."""


class DateProblem(ValueError):
    """The date items cannot be placed (a conflict or a combination the grammar does not read)."""


Builder = Callable[[re.Match[str]], "Item | None"]
#: An element pattern (compiled on first use) with the builder that turns its match into an item.
Element = tuple[str, Builder]


def registrar(elements: list[Element]) -> Callable[[str], Callable[[Builder], Builder]]:
    """A decorator that appends a builder and its pattern to ``elements``, in the order they are declared; the
    pattern must end at a word boundary and not run into a time or a date."""

    def element(pattern: str) -> Callable[[Builder], Builder]:
        def register(builder: Builder) -> Builder:
            elements.append(("(?:" + pattern + r")(?:(?<![a-z0-9])|(?![a-z0-9]))(?![:/]\d)", builder))
            return builder

        return register

    return element
