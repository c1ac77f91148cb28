"""A small regular-expression engine whose cost is linear in the value: the ``regex`` matcher's.

Patterns use a subset of Python's syntax: literals, ``.``, classes (``[a-z0-9_]``, ``[^,]``), the escapes ``\\d \\w
\\s`` (and ``\\D \\W \\S``, ``\\n \\t \\r``, an escaped punctuation character), groups ``(...)`` and ``(?:...)``,
alternation ``|``, quantifiers ``* + ? {n} {n,} {n,m}`` (a lazy ``?`` after one is accepted: a whole-value match is the
same), ``^`` at the start and ``$`` at the end (the match is always of the whole value), and ``(?i)`` at the start for
a match that ignores letter case. Backreferences, lookarounds and other flags are refused when the line is read. As in
JSON Schema (ECMA-262), ``\\d`` and ``\\w`` are ASCII, and ``(?i)`` never makes a character outside ASCII another case
of an ASCII one: no digits of another script pass an id pattern, nor the Kelvin sign a ``k``.

The pattern is compiled to a Thompson automaton and run over the value one character at a time (every state at once),
so no pattern backtracks: the cost is at most the value's length times the automaton's size, and both are bounded.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["MAX_STEPS", "SafePattern", "compile_pattern"]

MAX_PATTERN_LENGTH = 1000
"""The longest pattern accepted, in characters."""

MAX_STATES = 2000
"""The largest automaton a pattern may compile to (counted repetitions are spelt out: ``x{3}`` is three ``x``)."""

MAX_STEPS = 1_000_000
"""The most work one match may take: the value's length times the automaton's size. Past it the check is an error."""

_Test = Callable[[str], bool]
# Instructions: ("char", test, 0) consumes a character that passes test; ("split", a, b); ("jmp", a, 0); ("match", 0, 0)
_Program = list[tuple[str, object, object]]

_WORD = frozenset("0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_CLASSES: dict[str, _Test] = {  # \d and \w are ASCII, as in JSON Schema (ECMA-262): "١٢٣" is no \d+ id
    "d": lambda c: "0" <= c <= "9",
    "D": lambda c: not "0" <= c <= "9",
    "w": _WORD.__contains__,
    "W": lambda c: c not in _WORD,
    "s": str.isspace,
    "S": lambda c: not c.isspace(),
}
_CONTROLS = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v"}
_SPECIAL = set(".^$*+?{}[]\\|()")
_DIGITS = re.compile("[0-9]+").fullmatch


class PatternError(ValueError):
    """A pattern outside the supported syntax, or too large."""


@dataclass(frozen=True)
class _Node:
    kind: str  # "char", "cat", "alt", "rep"
    test: _Test | None = None
    items: tuple[_Node, ...] = ()
    low: int = 0
    high: int | None = None


class _Parser:
    def __init__(self, text: str, fold: bool) -> None:
        self.text = text
        self.at = 0
        self.fold = fold

    def fail(self, message: str) -> PatternError:
        return PatternError(f"{message} at position {self.at} of the pattern")

    def peek(self) -> str | None:
        return self.text[self.at] if self.at < len(self.text) else None

    def alternation(self) -> _Node:
        branches = [self.sequence()]
        while self.peek() == "|":
            self.at += 1
            branches.append(self.sequence())
        return branches[0] if len(branches) == 1 else _Node("alt", items=tuple(branches))

    def sequence(self) -> _Node:
        items: list[_Node] = []
        while (char := self.peek()) is not None and char not in "|)":
            items.append(self.repeat(self.atom()))
        return _Node("cat", items=tuple(items))

    def repeat(self, node: _Node) -> _Node:
        char = self.peek()
        if char is None or char not in "*+?{":
            return node
        if char == "{":
            low, high = self.counts()
        else:
            self.at += 1
            low, high = {"*": (0, None), "+": (1, None), "?": (0, 1)}[char]
        if self.peek() == "?":  # lazy: the same set of whole-value matches
            self.at += 1
        following = self.peek()
        if following is not None and following in "*+?{":
            raise self.fail("a quantifier cannot follow another quantifier")
        return _Node("rep", items=(node,), low=low, high=high)

    def counts(self) -> tuple[int, int | None]:
        end = self.text.find("}", self.at)
        body = self.text[self.at + 1 : end] if end > 0 else ""
        low_text, comma, high_text = body.partition(",")
        if not _DIGITS(low_text) or (high_text and not _DIGITS(high_text)):  # ASCII: "{٣}" is no count in Python
            raise self.fail("expected {n}, {n,} or {n,m}")
        low = int(low_text)
        high = low if not comma else int(high_text) if high_text else None
        if high is not None and high < low:
            raise self.fail("{n,m} with m below n")
        if max(low, high or 0) > MAX_STATES:
            raise self.fail(f"a count above {MAX_STATES}")
        self.at = end + 1
        return low, high

    def atom(self) -> _Node:
        char = self.text[self.at]
        self.at += 1
        if char == "(":
            if self.text.startswith("?:", self.at):
                self.at += 2
            elif self.peek() == "?":
                raise self.fail("lookarounds, named groups and inline flags are not supported")
            node = self.alternation()
            if self.peek() != ")":
                raise self.fail("missing )")
            self.at += 1
            return node
        if char == "[":
            negate = self.peek() == "^"
            if negate:
                self.at += 1
            test = self.folded(self.char_class())
            return _Node("char", test=(lambda c: not test(c)) if negate else test)
        if char == ".":
            return self.char(lambda c: c != "\n")
        if char == "\\":
            return self.char(self.escape())
        if char in _SPECIAL:
            raise self.fail(f"unexpected {char!r} (escape it as \\{char} to match it)")
        return self.char(char.__eq__)

    def char(self, test: _Test) -> _Node:
        return _Node("char", test=self.folded(test))

    def folded(self, test: _Test) -> _Test:
        """``test``, ignoring letter case when the pattern says ``(?i)`` (a class is folded before it is negated). As
        in ECMA-262, a character outside ASCII is never another case of an ASCII one: the Kelvin sign is no ``k``."""
        if not self.fold:
            return test

        def folded(c: str) -> bool:
            return test(c) or any(test(other) for other in (c.lower(), c.upper()) if other.isascii() == c.isascii())

        return folded

    def escape(self) -> _Test:
        char = self.peek()
        if char is None:
            raise self.fail("a pattern cannot end with \\")
        if char in _CLASSES:
            self.at += 1
            return _CLASSES[char]
        return self.single_escape("").__eq__

    def char_class(self) -> _Test:
        """The members of a class (after its ``[`` and ``^``, up to its ``]``)."""
        tests: list[_Test] = []
        chars: set[str] = set()
        first = True
        while True:
            char = self.peek()
            if char is None:
                raise self.fail("missing ]")
            if char == "]" and not first:
                self.at += 1
                break
            first = False
            self.at += 1
            if char == "\\":
                escaped = self.peek()
                if escaped in _CLASSES:
                    self.at += 1
                    tests.append(_CLASSES[escaped])
                    continue
                low = self.single_escape()
            else:
                low = char
            if self.peek() == "-" and self.at + 1 < len(self.text) and self.text[self.at + 1] != "]":
                self.at += 1
                high = self.text[self.at]
                self.at += 1
                if high == "\\":
                    high = self.single_escape()
                if high < low:
                    raise self.fail(f"range {low}-{high} out of order")
                tests.append(_between(low, high))
            else:
                chars.add(low)
        if chars:
            tests.append(frozenset(chars).__contains__)
        return lambda c: any(t(c) for t in tests)

    def single_escape(self, where: str = " in a class") -> str:
        char = self.peek()
        if char is None:
            raise self.fail("missing ]")
        self.at += 1
        if char in _CONTROLS:
            return _CONTROLS[char]
        if char.isalnum():
            raise self.fail(f"unsupported escape \\{char}{where}")
        return char


def _between(low: str, high: str) -> _Test:
    return lambda char: low <= char <= high


def _emit(node: _Node, program: _Program) -> None:
    if len(program) > MAX_STATES:
        raise PatternError(f"the pattern compiles to more than {MAX_STATES} states: make it smaller")
    if node.kind == "char":
        program.append(("char", node.test, 0))
    elif node.kind == "cat":
        for item in node.items:
            _emit(item, program)
    elif node.kind == "alt":
        jumps: list[int] = []
        for branch in node.items[:-1]:  # each branch but the last: split into it or past it, then jump to the end
            split = len(program)
            program.append(("split", split + 1, 0))
            _emit(branch, program)
            jumps.append(len(program))
            program.append(("jmp", 0, 0))
            program[split] = ("split", split + 1, len(program))
        _emit(node.items[-1], program)
        for jump in jumps:
            program[jump] = ("jmp", len(program), 0)
    else:
        inner = node.items[0]
        for _ in range(node.low):
            _emit(inner, program)
        if node.high is None:  # a loop: split into the body or past it
            split = len(program)
            program.append(("split", split + 1, 0))
            _emit(inner, program)
            program.append(("jmp", split, 0))
            program[split] = ("split", split + 1, len(program))
        else:
            splits: list[int] = []
            for _ in range(node.high - node.low):
                splits.append(len(program))
                program.append(("split", len(program) + 1, 0))
                _emit(inner, program)
            for split in splits:
                program[split] = ("split", split + 1, len(program))


@dataclass(frozen=True)
class SafePattern:
    """A compiled pattern: :meth:`fullmatch` tells whether a whole value matches it, in linear time."""

    pattern: str
    """The pattern as written."""

    program: tuple[tuple[str, object, object], ...]
    """The automaton's instructions."""

    def steps(self, value: str) -> int:
        """The most work matching ``value`` may take (see :data:`MAX_STEPS`)."""
        return (len(value) + 1) * len(self.program)

    def fullmatch(self, value: str) -> bool:
        """Whether the whole of ``value`` matches the pattern."""
        program = self.program
        current = self._closure([0])
        for char in value:
            moved = [at + 1 for at in current if program[at][0] == "char" and program[at][1](char)]  # type: ignore[operator]
            if not moved:
                return False
            current = self._closure(moved)
        return any(program[at][0] == "match" for at in current)

    def _closure(self, starts: list[int]) -> list[int]:
        """The states reachable from ``starts`` without consuming a character."""
        program = self.program
        seen: set[int] = set()
        stack = starts[::-1]
        found: list[int] = []
        while stack:
            at = stack.pop()
            if at in seen:
                continue
            seen.add(at)
            kind, first, second = program[at]
            if kind == "jmp":
                stack.append(first)  # type: ignore[arg-type]
            elif kind == "split":
                stack.append(second)  # type: ignore[arg-type]
                stack.append(first)  # type: ignore[arg-type]
            else:
                found.append(at)
        return found


def compile_pattern(pattern: str) -> SafePattern:
    """Compile ``pattern`` (the subset described in this module); :class:`PatternError` says what is wrong."""
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise PatternError(f"the pattern is {len(pattern)} characters long, over the limit of {MAX_PATTERN_LENGTH}")
    fold = pattern.startswith("(?i)")
    text = pattern[4:] if fold else pattern
    if text.startswith("^"):
        text = text[1:]
    if text.endswith("$"):
        body = text[:-1]
        if (len(body) - len(body.rstrip("\\"))) % 2 == 0:  # an unescaped $
            text = body
    parser = _Parser(text, fold)
    node = parser.alternation()
    if parser.at != len(text):
        raise parser.fail("unbalanced )")
    program: _Program = []
    _emit(node, program)
    program.append(("match", 0, 0))
    if len(program) > MAX_STATES:
        raise PatternError(f"the pattern compiles to more than {MAX_STATES} states: make it smaller")
    return SafePattern(pattern, tuple(program))
