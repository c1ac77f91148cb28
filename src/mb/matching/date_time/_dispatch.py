"""Which grammar elements can match where: each element's pattern is tried only at characters it can start with.

The set of characters a pattern can start with is read from the pattern's parse tree (the parser of the ``re``
module): zero-width assertions are looked through, optional parts add the characters of what follows, and anything
the walk does not know (back references, conditionals) counts as "any character". A pattern that can match the empty
string is tried everywhere. Characters outside ASCII are never dispatched: every element is tried there.

Patterns are compiled on first use, so a process compiles only the elements the phrases it reads can start with.
Reading the first characters does not parse every pattern whole: the long fragments many patterns embed (numbers in
words, durations) are read once, and each pattern is read with every fragment it contains stood in for by a class of
the fragment's first characters (optional when the fragment can match nothing), which starts where it does.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from ._items import Builder

__all__ = ["ElementTable", "Try", "first_chars"]

Try = tuple[Callable[[str, int], "re.Match[str] | None"], Builder, int]
"""An element to try: its pattern's ``match``, its builder, and how far past the position it starts."""

try:  # the parser behind re.compile (Python 3.11+)
    _parser: Any = importlib.import_module("re._parser")
    _c: Any = importlib.import_module("re._constants")
except ImportError:  # pragma: no cover - every supported Python has them
    _parser = _c = None

_ASCII = frozenset(map(chr, range(128)))
_CATEGORIES: dict[str, frozenset[str]] = {
    "CATEGORY_DIGIT": frozenset(c for c in _ASCII if c.isdigit()),
    "CATEGORY_SPACE": frozenset(c for c in _ASCII if c.isspace()),
    "CATEGORY_WORD": frozenset(c for c in _ASCII if c.isalnum() or c == "_"),
    "CATEGORY_LINEBREAK": frozenset("\n"),
}


def _category(code: Any) -> frozenset[str]:
    name = str(code).replace("_UNI_", "_").replace("_LOC_", "_")
    negated = "_NOT_" in name
    chars = _CATEGORIES.get(name.replace("_NOT_", "_"))
    if chars is None:
        return _ASCII
    return _ASCII - chars if negated else chars


def _charset(items: Sequence[tuple[Any, Any]]) -> frozenset[str]:
    found: set[str] = set()
    negated = False
    for op, av in items:
        if op is _c.LITERAL:
            found.add(chr(av))
        elif op is _c.RANGE:
            found.update(chr(n) for n in range(av[0], min(av[1], 127) + 1))
        elif op is _c.CATEGORY:
            found |= _category(av)
        elif op is _c.NEGATE:
            negated = True
        else:
            return _ASCII
    return _ASCII - found if negated else frozenset(found)


def _sequence(items: Any) -> tuple[frozenset[str], bool]:
    """The first characters of a sequence of nodes, and whether it can match the empty string."""
    found: set[str] = set()
    for op, av in items:
        chars, nullable = _node(op, av)
        found |= chars
        if not nullable:
            return frozenset(found), False
    return frozenset(found), True


def _node(op: Any, av: Any) -> tuple[frozenset[str], bool]:
    if op is _c.LITERAL:
        return frozenset(chr(av)), False
    if op is _c.NOT_LITERAL:
        return _ASCII - {chr(av)}, False
    if op is _c.ANY:
        return _ASCII, False
    if op is _c.IN:
        return _charset(av), False
    if op is _c.BRANCH:
        found: set[str] = set()
        nullable = False
        for branch in av[1]:
            chars, empty = _sequence(branch)
            found |= chars
            nullable = nullable or empty
        return frozenset(found), nullable
    if op is _c.SUBPATTERN:
        if av[1] or av[2]:  # inline flags (case): any character
            return _ASCII, True
        return _sequence(av[3])
    if op is _c.ATOMIC_GROUP:
        return _sequence(av)
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
        low, high, inner = av
        if high == 0:
            return frozenset(), True
        chars, nullable = _sequence(inner)
        return chars, nullable or low == 0
    if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
        return frozenset(), True  # zero-width
    return _ASCII, True  # back references, conditionals: anything, possibly empty


def first_chars(tree: Any) -> frozenset[str] | None:
    """The ASCII characters a parsed pattern can start with; None when it can match the empty string (or its
    flags change the case): it is then tried everywhere."""
    if tree.state.flags & re.IGNORECASE:
        return None
    chars, nullable = _sequence(tree)
    return None if nullable else chars


class ElementTable:
    """The grammar's elements in the order they are tried, compiled on first use, looked up by first character."""

    def __init__(self, elements: Sequence[tuple[str, Builder]], fragments: Sequence[str] = ()) -> None:
        """``fragments``: sub-patterns written verbatim in several elements' patterns, each a group of its own
        without capturing groups (one that is not is read with the patterns)."""
        self._sources = [source for source, _ in elements]
        self._builders = [builder for _, builder in elements]
        self._fragments = sorted(set(fragments), key=len, reverse=True)
        self._compiled: list[re.Pattern[str] | None] = [None] * len(elements)
        self._firsts: list[frozenset[str] | None] | None = None
        self._plans: dict[tuple[str, str | None], tuple[Try, ...]] = {}

    def _prepare(self) -> list[frozenset[str] | None]:
        if self._firsts is None:
            if _parser is None:  # pragma: no cover
                self._firsts = [None] * len(self._sources)
            else:
                stand_ins = [(text, stand) for text in self._fragments if (stand := _stand_in(text)) is not None]
                firsts: list[frozenset[str] | None] = []
                for source in self._sources:
                    for text, stand in stand_ins:
                        source = source.replace(text, stand)
                    firsts.append(first_chars(_parser.parse(source, 0)))
                self._firsts = firsts
        return self._firsts

    def plan(self, char: str, after: str | None = None) -> tuple[Try, ...]:
        """What to try at a position starting with ``char``, in the order listed: the elements that can start
        there and, when ``after`` is given (the character 3 further, "" for the end of the text), those that can
        start there (after "at "), each element at its own starts in turn."""
        key = (char, after)
        found = self._plans.get(key)
        if found is None:
            here = self._indices(char)
            there = self._indices(after) if after is not None else frozenset()
            found = self._plans[key] = tuple(
                (self._pattern(n).match, self._builders[n], shift)
                for n in sorted(here | there)
                for shift, allowed in ((0, here), (3, there))
                if n in allowed
            )
        return found

    def _indices(self, char: str) -> frozenset[int]:
        firsts = self._prepare()
        if char and char not in _ASCII:
            return frozenset(range(len(firsts)))
        return frozenset(n for n, first in enumerate(firsts) if first is None or (char and char in first))

    def _pattern(self, index: int) -> re.Pattern[str]:
        pattern = self._compiled[index]
        if pattern is None:
            pattern = self._compiled[index] = self._compile(index)
        return pattern

    def _compile(self, index: int) -> re.Pattern[str]:
        return re.compile(self._sources[index])


def _stand_in(fragment: str) -> str | None:
    """A short pattern that starts where ``fragment`` does and can match nothing when it can; None when the fragment
    is not one group without capturing groups (it is then read in place)."""
    if not (fragment.startswith("(?:") and fragment.endswith(")")):
        return None
    try:  # the inside alone is a pattern only when the first parenthesis closes at the end
        tree = _parser.parse(fragment[3:-1], 0)
    except re.error:
        return None
    if tree.state.groups != 1 or tree.state.flags & ~(re.UNICODE | re.ASCII):
        return None
    chars, nullable = _sequence(tree)
    if not chars:
        return "(?:)" if nullable else "(?!)"
    return "(?:[" + "".join(re.escape(char) for char in sorted(chars)) + "]" + ("?)" if nullable else ")")
