"""Which grammar elements can match where: each element's pattern is tried only where its first two characters can
start it.

What a pattern can start with is read from its parse tree (the parser of the ``re`` module): the set of its first two
characters (one when a match can end after it), zero-width assertions looked through, optional parts adding what
follows; anything the walk does not know (back references, conditionals, inline flags, sets grown too large) counts as
"anything". A pattern that can match the empty string is tried everywhere. Characters outside ASCII are never
dispatched on: every element that can start with the characters before them is tried there.

Patterns are compiled on first use, so a process compiles only the elements the phrases it reads can start with.
The starts of the shipped grammar are worked out ahead of time (``_start_table``, checked against its patterns'
hash; any other grammar has its own read on first use).
Reading the starts does not parse every pattern whole: the long fragments many patterns embed (numbers in words,
durations) are read once, and each pattern is read with every fragment it contains replaced by one placeholder
character that stands for the fragment's starts.
"""

from __future__ import annotations

import hashlib
import importlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from ._items import Builder

__all__ = ["ElementTable", "Try", "first_chars", "starts"]

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


_LIMIT = 4096
"""Sets of starts larger than this count as "anything" (the walk stays cheap)."""
_PLACEHOLDERS = 0xE000
"""Fragments stand in the patterns as characters of Unicode's private use area from here on."""
_PLANS = 8192
"""At most this many dispatch plans are kept (one per pair of characters seen)."""


def starts(tree: Any, fragments: Sequence[frozenset[str] | None] = ()) -> frozenset[str] | None:
    """The first two characters of every string a parsed pattern matches (the whole string when shorter); None when
    they cannot be told (anything). ``fragments``: the starts of the fragments whose placeholders the pattern holds."""
    if tree.state.flags & re.IGNORECASE:
        return None
    found = _starts_of_sequence(list(tree), fragments)
    return None if found is None else frozenset(found)


def _starts_of_sequence(items: list[Any], fragments: Sequence[frozenset[str] | None]) -> set[str] | None:
    found = {""}
    for op, av in items:
        node = _starts_of_node(op, av, fragments)
        if node is None:
            return None
        longer = {text for text in found if len(text) >= 2}
        for text in found:
            if len(text) < 2:
                longer.update((text + more)[:2] for more in node)
        found = longer
        if len(found) > _LIMIT:
            return None
        if all(len(text) >= 2 for text in found):
            break
    return found


def _starts_of_node(op: Any, av: Any, fragments: Sequence[frozenset[str] | None]) -> set[str] | None:
    if op is _c.LITERAL:
        index = av - _PLACEHOLDERS
        if 0 <= index < len(fragments):
            fragment = fragments[index]
            return None if fragment is None else set(fragment)
        return {chr(av)}
    if op is _c.NOT_LITERAL:
        return set(_ASCII - {chr(av)})
    if op is _c.ANY:
        return set(_ASCII)
    if op is _c.IN:
        return set(_charset(av))
    if op is _c.BRANCH:
        found: set[str] = set()
        for branch in av[1]:
            more = _starts_of_sequence(list(branch), fragments)
            if more is None:
                return None
            found |= more
        return found
    if op is _c.SUBPATTERN:
        return None if av[1] or av[2] else _starts_of_sequence(list(av[3]), fragments)
    if op is _c.ATOMIC_GROUP:
        return _starts_of_sequence(list(av), fragments)
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
        low, high, inner = av
        found = set()
        # two characters come from at most two repetitions: 0, 1 and 2 repetitions (as many as allowed) cover all
        for count in sorted({min(low, 2), min(high, 2)} | ({1} if low <= 1 <= high else set())):
            more = _starts_of_sequence(list(inner) * count, fragments) if count else {""}
            if more is None:
                return None
            found |= more
        return found
    if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
        return {""}  # zero-width
    return None  # back references, conditionals: anything


def _fragment_tree(fragment: str) -> Any:
    """The parse of a fragment's inside; None when the fragment is not one group without capturing groups (it is
    then read in place)."""
    if not (fragment.startswith("(?:") and fragment.endswith(")")):
        return None
    try:  # the inside alone is a pattern only when the first parenthesis closes at the end
        tree = _parser.parse(fragment[3:-1], 0)
    except re.error:
        return None
    if tree.state.groups != 1 or tree.state.flags & ~(re.UNICODE | re.ASCII):
        return None
    return tree


class ElementTable:
    """The grammar's elements in the order they are tried, compiled on first use, looked up by first character."""

    def __init__(self, elements: Sequence[tuple[str, Builder]], fragments: Sequence[str] = ()) -> None:
        """``fragments``: sub-patterns written verbatim in several elements' patterns, each a group of its own
        without capturing groups (one that is not is read with the patterns)."""
        self._sources = [source for source, _ in elements]
        self._builders = [builder for _, builder in elements]
        self._fragments = sorted(set(fragments), key=len, reverse=True)
        self._compiled: list[re.Pattern[str] | None] = [None] * len(elements)
        self._starts: list[frozenset[str] | None] | None = None
        self._plans: dict[tuple[str, ...], tuple[Try, ...]] = {}

    def _read_starts(self) -> list[frozenset[str] | None]:
        if self._starts is None:
            self._starts = self._starts_worked_out_before() or self.work_out_starts()
        return self._starts

    def digest(self) -> str:
        """What the starts depend on, hashed: the patterns and fragments, in order."""
        text = "\x00".join(self._fragments) + "\x01" + "\x00".join(self._sources)
        return hashlib.sha256(text.encode()).hexdigest()

    def _starts_worked_out_before(self) -> list[frozenset[str] | None] | None:
        """The starts of the shipped grammar (see ``_start_table``) when these are its patterns, else None."""
        from ._start_table import shipped_starts

        return shipped_starts(self.digest(), len(self._sources))

    def work_out_starts(self) -> list[frozenset[str] | None]:
        """Each element's starts, read from its pattern (a few hundredths of a second for the whole grammar)."""
        if _parser is None:  # pragma: no cover
            return [None] * len(self._sources)
        placeholders: list[tuple[str, str]] = []
        fragments: list[frozenset[str] | None] = []
        for text in self._fragments:
            tree = _fragment_tree(text)
            if tree is not None:
                placeholders.append((text, chr(_PLACEHOLDERS + len(fragments))))
                fragments.append(starts(tree, fragments))
        found: list[frozenset[str] | None] = []
        for source in self._sources:
            for text, placeholder in placeholders:
                source = source.replace(text, placeholder)
            found.append(starts(_parser.parse(source, 0), fragments))
        return found

    def _prepare(self) -> list[frozenset[str] | None]:
        """The first characters of each element (None: tried everywhere)."""
        return [
            None if found is None or "" in found else frozenset(text[0] for text in found)
            for found in self._read_starts()
        ]

    def plan(self, char: str, next_char: str = "", after: str | None = None, after_next: str = "") -> tuple[Try, ...]:
        """What to try at a position starting with ``char`` then ``next_char`` ("" at the end of the text), in the
        order listed: the elements that can start there and, when ``after`` is given (the character 3 further, ""
        for the end of the text, then ``after_next``), those that can start there (after "at "), each element at its
        own starts in turn."""
        key = (char, next_char, after or "", after_next) if after is not None else (char, next_char)
        found = self._plans.get(key)
        if found is None:
            here = self._indices(char, next_char)
            there = self._indices(after, after_next) if after is not None else frozenset()
            if len(self._plans) >= _PLANS:
                self._plans.clear()
            found = self._plans[key] = tuple(
                (self._pattern(n).match, self._builders[n], shift)
                for n in sorted(here | there)
                for shift, allowed in ((0, here), (3, there))
                if n in allowed
            )
        return found

    def _indices(self, char: str, next_char: str) -> frozenset[int]:
        all_starts = self._read_starts()
        if char and char not in _ASCII:
            return frozenset(range(len(all_starts)))
        pair = char + next_char
        whole = len(next_char) == 1 and next_char in _ASCII
        return frozenset(
            n
            for n, found in enumerate(all_starts)
            if found is None
            or "" in found
            or (char and char in found)
            or (whole and pair in found)
            or (char and not whole and next_char and any(text[0] == char for text in found))
        )

    def _pattern(self, index: int) -> re.Pattern[str]:
        pattern = self._compiled[index]
        if pattern is None:
            pattern = self._compiled[index] = self._compile(index)
        return pattern

    def _compile(self, index: int) -> re.Pattern[str]:
        return re.compile(self._sources[index])
