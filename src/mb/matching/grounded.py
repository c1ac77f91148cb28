"""``grounded``: the argument occurred earlier, in a user message or in a tool result that precedes the call.

How values are compared:

- a string is grounded when it occurs, ignoring letter case (Unicode case folding), in a user message or in a string,
  key or number of a preceding tool result, and not as part of a longer word, id or number: ``FL-12`` does not occur
  in ``FL-123`` nor in ``FL-12-3``, ``1`` not in ``1.5`` nor in ``1,200``, ``paris`` occurs in ``Flights to Paris.``;
  a string with no letter or digit (blank, ``-``) is never grounded;
- a number is grounded when a number of the same value (compared exactly, not as 64-bit floats) appears: a JSON
  number of a tool result, or a number written in the text (digits with an optional decimal part, a leading minus
  sign, ``,`` thousands separators as in ``1,200``), not inside an id (``2`` is not in ``FL-2``): ``120``, ``120.0``
  and ``"$120.00"`` hold the same number; ``12`` does not occur in ``120``;
- an array is grounded when each of its items is; ``true``, ``null``, objects and an absent argument are not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ._outcome import Outcome
from ._values import MISSING, describe_value, exact_number, render

__all__ = ["Grounds", "Sources", "match_grounded"]

_NUMBER = re.compile(r"(?<![\w.])(?<![^\W\d]-)-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?!\w|[.,]\d|-[^\W\d])")
"""A number written in text, not inside an id such as ``FL-2`` (a bounded pattern: linear in the text)."""


def _numbers(text: str) -> Iterator[Fraction]:
    for match in _NUMBER.finditer(text):
        yield Fraction(match.group().replace(",", ""))


def _leaves(value: Any, texts: list[str], numbers: list[Fraction | None]) -> None:
    """The strings (keys included) and numbers of a JSON value; numbers also as text, for string arguments."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            texts.append(item)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, (int, float)):
            numbers.append(exact_number(item))
            texts.append(render(item))
        elif isinstance(item, dict):
            texts.extend(str(key) for key in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


@dataclass
class _Haystack:
    texts: list[str] = field(default_factory=list)
    """Case-folded text."""

    numbers: set[Fraction | None] = field(default_factory=set)
    """Numbers, from JSON numbers and from the text (None for a number that is not finite, equal to none)."""


class Sources:
    """What the arguments of one example's calls may come from: its user messages and its tool results, in trace
    order. The text of each is read once, on first use."""

    def __init__(self, user_messages: Sequence[str], results: Sequence[Any]) -> None:
        self._user_messages = user_messages
        self._results = results
        self._user: _Haystack | None = None
        self._read: list[_Haystack] = []

    def user(self) -> _Haystack:
        """The user messages."""
        if self._user is None:
            self._user = _Haystack([text.casefold() for text in self._user_messages])
            for text in self._user_messages:
                self._user.numbers.update(_numbers(text))
        return self._user

    def results(self, count: int) -> list[_Haystack]:
        """The first ``count`` tool results."""
        while len(self._read) < min(count, len(self._results)):
            texts: list[str] = []
            numbers: list[Fraction | None] = []
            _leaves(self._results[len(self._read)], texts, numbers)
            haystack = _Haystack([text.casefold() for text in texts], set(numbers))
            for text in texts:
                haystack.numbers.update(_numbers(text))
            self._read.append(haystack)
        return self._read[:count]


@dataclass(frozen=True, slots=True)
class Grounds:
    """What the arguments of one call may come from: the example's sources, and how many tool results precede it."""

    sources: Sources
    """The example's user messages and tool results."""

    results_before: int
    """The number of tool results before the call in the trace."""


def _occurs(needle: str, text: str) -> bool:
    """Whether ``needle`` occurs in ``text`` and not inside a longer word (at an edge that is a word character): not
    beside a word character, nor joined to one by a hyphen or a dot (``FL-12-3``, ``example.com``), nor beside the
    digits of a number written with thousands separators (``1,200``)."""
    before = r"(?<!\w)(?<!\w[-.])(?<!\d,)" if needle[0].isalnum() or needle[0] == "_" else ""
    after = r"(?![-.]?\w)(?!,\d)" if needle[-1].isalnum() or needle[-1] == "_" else ""
    return re.search(before + re.escape(needle) + after, text) is not None


def _found(value: Any, haystacks: list[_Haystack]) -> bool | str:
    """True when ``value`` occurs in one of ``haystacks``; else False, or why it cannot be grounded."""
    if isinstance(value, bool) or value is None or isinstance(value, dict):
        return f"grounded checks strings, numbers and arrays of them, got {describe_value(value)}"
    if isinstance(value, str):
        needle = value.strip().casefold()
        if not any(char.isalnum() for char in needle):
            return f"{render(value)} has no letter or digit: such a string is never grounded"
        return any(_occurs(needle, text) for haystack in haystacks for text in haystack.texts)
    if isinstance(value, (int, float)):
        number = exact_number(value)
        return number is not None and any(number in haystack.numbers for haystack in haystacks)
    if isinstance(value, list):
        if not value:
            return "an empty array has nothing to ground"
        for item in value:
            found = _found(item, haystacks)
            if found is not True:
                return found if isinstance(found, str) else False
        return True
    return f"grounded checks strings, numbers and arrays of them, got {describe_value(value)}"


def match_grounded(where: str | None, value: Any, grounds: Grounds | None) -> Outcome:
    """Whether ``value`` occurred in a user message (``where`` ``user``), a tool result before the call
    (``tool_results``) or either (None)."""
    if value is MISSING:
        return Outcome.fail("expected a grounded value, got nothing (the parameter is absent)")
    if grounds is None:
        reason = "grounded can only be checked inside extended_assertions (a defect of the benchmark)"
        return Outcome(False, reason, 0.0, error=reason)
    haystacks: list[_Haystack] = []
    named: list[str] = []
    if where in (None, "user"):
        haystacks.append(grounds.sources.user())
        named.append("the user messages")
    if where in (None, "tool_results"):
        haystacks.extend(grounds.sources.results(grounds.results_before))
        named.append(f"the {grounds.results_before} tool result(s) before the call")
    found = _found(value, haystacks)
    places = " or ".join(named)
    if found is True:
        return Outcome.ok(f"{render(value)} occurs in {places}")
    if isinstance(found, str):
        return Outcome.fail(found)
    return Outcome.fail(f"{render(value)} does not occur in {places}: not grounded")
