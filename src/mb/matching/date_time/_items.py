"""The items a phrase is read into, and the registry of element patterns the scanner tries in order."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

__all__ = ["DIGIT", "Builder", "DateProblem", "Element", "Item", "Parsed", "first_tokens", "registrar", "token_at"]


@dataclass(frozen=True, slots=True)
class Item:
    """One meaningful element of a phrase."""

    kind: str
    """``clock``, ``part``, ``date``, ``weekday``, ``year``, ``number``, ``moment``, ``ordinal``, ``edge``,
    ``offset``, ``nearest``, ``duration``, ``span``, ``window``, ``lead``, ``rest``, ``sep``, ``between``,
    ``bound``, ``filler``."""

    text: str
    """The words it was read from."""

    value: Any
    """The payload, depending on ``kind`` (see ``_payloads``)."""


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

DIGIT = "0"
"""The first token of every text that starts with a digit."""

_TOKEN_RE = re.compile(r"[a-z]+|.", re.DOTALL)


def token_at(text: str, position: int) -> str:
    """The first token of ``text`` from ``position``: its run of letters a-z, ``DIGIT`` for a digit (any script,
    as ``\\d`` reads digits), else the character ("" at the end)."""
    char = text[position : position + 1]
    if char.isdecimal():
        return DIGIT
    found = _TOKEN_RE.match(text, position)
    return found.group(0) if found else ""


def first_tokens(*groups: str | Iterable[str]) -> frozenset[str]:
    """The first tokens (see ``token_at``) of words, given alone or in collections: "twenty-one" starts with
    "twenty", "4th of july" with a digit."""
    words = [word for group in groups for word in ((group,) if isinstance(group, str) else group)]
    return frozenset(token_at(word, 0) for word in words if word)


class Element(NamedTuple):
    """An element pattern (compiled on first use), the builder that turns its match into an item, and the tokens its
    matches start with."""

    pattern: str
    """The regular expression, matched at a position of the phrase."""

    builder: Builder
    """Turns a match into an item (None: not this element after all)."""

    first: frozenset[str]
    """Every match starts with a run of letters one of these begins ("mid" for "midmorning"), or with one of these
    characters (``DIGIT`` for any digit)."""


def registrar(elements: list[Element]) -> Callable[..., Callable[[Builder], Builder]]:
    """A decorator that appends a builder, its pattern and its first tokens to ``elements``, in the order they are
    declared; the pattern must end at a word boundary and not run into a time or a date."""

    def element(pattern: str, *first: str | Iterable[str]) -> Callable[[Builder], Builder]:
        def register(builder: Builder) -> Builder:
            source = "(?:" + pattern + r")(?:(?<![a-z0-9])|(?![a-z0-9]))(?![:/]\d)"
            elements.append(Element(source, builder, first_tokens(*first)))
            return builder

        return register

    return element
