"""What every line must satisfy beyond the data model, so that every command reads it the same way.

A line is invalid, whatever the model says, when it is longer than the line-size limit, nests objects and arrays
deeper than :data:`MAX_DEPTH`, holds a lone UTF-16 surrogate (``"\\ud800"``: not Unicode text, it cannot be written
as UTF-8), an integer outside the 64-bit range (:data:`MIN_INT` .. :data:`MAX_INT`), a number too large for a
64-bit float, or one below 2**53 written with more than 17 significant digits or too small for a float
(``1.00000000000000001`` would be read as ``1.0``, ``1e-400`` as ``0``: matching compares the numbers as written).
:func:`screen` finds these; cheap byte-level tests keep ordinary lines off the slow checks.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from decimal import Decimal
from itertools import accumulate
from typing import Any, NamedTuple

import orjson

from ._errors import Problem, json_path

__all__ = [
    "DEFAULT_MAX_LINE_BYTES",
    "LARGEST_LINE_LIMIT",
    "MAX_DEPTH",
    "MAX_INT",
    "MIN_INT",
    "depth",
    "encode_line",
    "max_line_bytes",
    "oversized",
    "parse_integer",
    "parsed_problem",
    "reject_constant",
    "screen",
    "unique_keys",
    "unreadable_value",
    "written_json",
]

DEFAULT_MAX_LINE_BYTES = 16 << 20
"""The longest line read, in bytes, unless ``MB_MAX_LINE_BYTES`` or an argument says otherwise (16 MiB)."""

MAX_DEPTH = 128
"""The deepest nesting of objects and arrays in a line (the line's own object is level 1)."""

MIN_INT = -(1 << 63)
"""The smallest integer a line may hold."""

MAX_INT = (1 << 64) - 1
"""The largest integer a line may hold."""

_ENV = "MB_MAX_LINE_BYTES"
# Digits become b"0", e and E b"e", [ and { b"[", "-" and "." stay, anything else a space ("+" is dropped): number
# shapes and openings found at C speed, in one pass.
_SHAPES = bytes(
    48 if 48 <= byte <= 57 else 101 if byte in b"eE" else 91 if byte in b"[{" else byte if byte in b"-." else 32
    for byte in range(256)
)
_MANY_DIGITS = re.compile(rb"0[0.]{15}")  # 16 significant digits or more: a float may not hold them
_LONG_NUMBER = b"0" * 19  # 2**63 has 19 digits: shorter integers are in range
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")
_STEP = [1 if byte in b"[{" else -1 if byte in b"]}" else 0 for byte in range(256)]
_SURROGATE = re.compile("[\ud800-\udfff]")


LARGEST_LINE_LIMIT = 1 << 40
"""The largest line-size limit accepted (1 TiB): larger numbers are no limit a reader could hold to."""


def max_line_bytes(value: int | None = None) -> int:
    """The line-size limit in force: ``value`` when given, else ``MB_MAX_LINE_BYTES``, else 16 MiB.

    Raises ``ValueError`` for a limit that is not a positive whole number of bytes."""
    if value is None:
        text = os.environ.get(_ENV, "").strip()
        if not text:
            return DEFAULT_MAX_LINE_BYTES
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise ValueError(f"{_ENV}={text!r}: expected a whole number of bytes") from None
        if not 1 <= value <= LARGEST_LINE_LIMIT:
            raise ValueError(f"{_ENV}={text!r}: expected a positive number of bytes, at most {LARGEST_LINE_LIMIT}")
        return value
    if not 1 <= value <= LARGEST_LINE_LIMIT:
        raise ValueError(
            f"the line-size limit must be a positive number of bytes, at most {LARGEST_LINE_LIMIT}; got {value}"
        )
    return value


def oversized(size: int, limit: int) -> Problem:
    """The problem of a line of ``size`` bytes over the limit."""
    return Problem("$", f"line is {size} bytes, over the limit of {limit} (set MB_MAX_LINE_BYTES to raise it)")


def depth(data: bytes) -> int | None:
    """How deep objects and arrays nest in a line of JSON (the line's object is level 1); None when the line is
    not JSON, or nests too deep for the parser to say."""
    try:
        orjson.loads(data)
    except orjson.JSONDecodeError:  # beyond orjson (lone surrogates, 1,024 levels) or not JSON: the slow way
        return _parsed_depth(data)
    # Every string is closed: removing them leaves the brackets that nest, in one linear pass.
    brackets = (_STRING.sub(b"", data) if b'"' in data else data).translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _parsed_depth(data: bytes) -> int | None:
    try:
        document = json.loads(data.decode("utf-8"), parse_constant=reject_constant)
    except RecursionError:
        return None
    except ValueError:
        return 0  # not JSON: the parser says what is wrong
    deepest = 0
    stack: list[tuple[Any, int]] = [(document, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, (dict, list)):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def screen(data: bytes, *, parsed: bool = False) -> Problem | None:
    """What makes a line invalid whatever the model says (nesting, lone surrogates, numbers out of range);
    None when none of it. A line that is not UTF-8 JSON gets None: the parser says what is wrong with it.
    ``parsed``: ``orjson`` has read the line (it refuses lone surrogates and infinite numbers, the checks skipped)."""
    shapes = data.translate(_SHAPES, b"+")
    if shapes.count(b"[") > MAX_DEPTH:
        nesting = depth(data)
        if nesting is None:
            return Problem("$", f"objects and arrays nest too deep to read, over the limit of {MAX_DEPTH} levels")
        if nesting > MAX_DEPTH:
            return Problem("$", f"objects and arrays nest {nesting} levels deep, over the limit of {MAX_DEPTH}")
    # a long integer, an exponent of three digits or more (1e400 overflows a float: JSON puts a digit right before
    # the exponent), or an escape that may be a lone surrogate
    unread = not parsed and (
        b"0e000" in shapes or (b"\\" in data and b"\\u" in data and _SURROGATE_ESCAPE.search(data))
    )
    # a float below 2**53 that rounds away digits or underflows (1e-400) is read as another number than written
    inexact = b"e-000" in shapes or _MANY_DIGITS.search(shapes) is not None
    if _LONG_NUMBER not in shapes and not unread and not inexact:
        return None
    try:
        document = json.loads(
            data.decode("utf-8"), parse_constant=reject_constant, parse_int=parse_integer, parse_float=_parse_float
        )
    except (ValueError, RecursionError):
        return None
    return unreadable_value(document)


def parsed_problem(data: bytes, document: Any) -> Problem | None:
    """What makes a line that ``orjson`` has read as ``document`` invalid whatever the model says: :func:`screen`, then
    :func:`duplicate_key`. A line that ``orjson`` writes back as it is, but for its spaces (:func:`_compact`), repeats
    no key (a dropped member would be missing from what is written) and holds each number as it is read (as ``orjson``
    writes it: the shortest form of its value): only its nesting is left to look at, by counting its brackets (an upper
    bound of its depth). Any other line is checked in full."""
    try:
        written = orjson.dumps(document)
    except orjson.JSONEncodeError:  # nesting deeper than orjson writes
        written = b""
    if (written == data or _compact(written) == _compact(data)) and data.count(b"[") + data.count(b"{") <= MAX_DEPTH:
        return None
    return screen(data, parsed=True) or duplicate_key(data, (document,))


def _compact(data: bytes) -> bytes:
    """A line of JSON without its spaces and tabs, in its strings too: the same tokens in the same places, the same
    numbers (no space or tab is part of an escape or a number, nor needed between two tokens)."""
    return data.translate(None, b" \t")


def encode_line(document: Any, limit: int | None = None) -> bytes | Problem:
    """``document`` as one line of JSON (without the newline), or the problem that would make every command refuse
    that line: a lone surrogate, a number out of range, nesting too deep, or more than ``limit`` bytes (default:
    the limit in force, see :func:`max_line_bytes`)."""
    try:
        data = orjson.dumps(document, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError as exc:
        return unreadable_value(document) or Problem("$", f"cannot be written as JSON: {exc}")
    limit = max_line_bytes(limit)
    if len(data) > limit:
        return Problem("$", f"the line would be {len(data)} bytes, over the limit of {limit}")
    return screen(data) or data


_ESCAPED_COLON = re.compile(rb"(?<!\\)(?:\\\\)*\\u003[aA]")
"""A colon written as an escape in a string (``\\u003a``): not one after an escaped backslash (``\\\\u003a``)."""


def _colons(data: bytes) -> int:
    """The colons of a line of JSON, a colon written as an escape counted as one: parsing and writing it again keeps
    the count unless an object lost a key (``orjson`` writes every colon as itself)."""
    escaped = len(_ESCAPED_COLON.findall(data)) if b"u003" in data else 0
    return data.count(b":") + escaped


class _Pairs(list[tuple[str, Any]]):
    """An object's members as written, duplicates kept."""


def duplicate_key(data: bytes, parsed: tuple[Any, ...] = ()) -> Problem | None:
    """A key written twice in one object of a line of JSON (a bad merge): a parser keeps one value and silently drops
    the other, and a dropped assertion would pass. None when every key is distinct, or the line is not JSON (the
    parser says what is wrong with it). ``parsed``: ``(value,)``, the line as ``orjson`` parsed it, when it has."""
    try:
        written = orjson.dumps(parsed[0] if parsed else orjson.loads(data))
        if written == data or written.count(b":") == _colons(data):  # no key lost (a compact line: written alike)
            return None
        document = json.loads(data.decode("utf-8"), object_pairs_hook=_Pairs, parse_constant=reject_constant)
    except (ValueError, TypeError, RecursionError, orjson.JSONEncodeError):
        return None
    stack: list[tuple[list[str | int], Any]] = [([], document)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, _Pairs):
            seen: set[str] = set()
            for key, _ in node:
                if key in seen:
                    return Problem(
                        json_path([*path, key]), f'the key "{key}" appears twice in one object: which is meant?'
                    )
                seen.add(key)
            stack.extend(([*path, key], value) for key, value in reversed(node))
        elif isinstance(node, list):
            stack.extend(([*path, index], value) for index, value in reversed(list(enumerate(node))))
    return None


def reject_constant(name: str) -> Any:
    """``json.loads(parse_constant=...)``: refuse the NaN and Infinity literals that Python's parser accepts."""
    raise ValueError(f"{name} is not valid JSON")


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads(object_pairs_hook=...)``: an object whose keys are all distinct; a key written twice (a bad merge)
    would silently drop one value."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the key {key!r} appears twice in one object: which one is meant?")
        found[key] = value
    return found


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent, refused when it is out of range (``1e400`` is no number)."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is out of range")
    return number


def written_json(text: str) -> Any:
    """The array or object ``text`` writes as JSON (``'["tomato", "basil"]'``), else None: also for a text with a
    number out of range (``1e400`` and ``1e401`` would both read as infinity) or a key written twice in one object
    (one of its values would be dropped), which are not one JSON value."""
    if text.strip()[:1] not in ("[", "{"):
        return None
    try:
        value = json.loads(text, parse_constant=reject_constant, parse_float=_finite, object_pairs_hook=unique_keys)
    except (ValueError, RecursionError):  # nested deeper than the interpreter reads: no value to compare
        return None
    return value if isinstance(value, (list, dict)) else None


class _LongInteger:
    """An integer literal with more digits than any integer in range (Python converts at most 4,300 digits)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text
        """The literal as written."""


def parse_integer(text: str) -> Any:
    """An integer literal for ``json.loads(parse_int=...)``: converted when it may lie in range, else kept as written
    (2^64 has 20 digits; Python converts at most 4,300), so that :func:`unreadable_value` names it and its field."""
    return _LongInteger(text) if len(text.lstrip("-")) > 20 else int(text)


class _InexactFloat(NamedTuple):
    """A number below 2**53 that a 64-bit float does not hold as written (``text``), and the float it would be read as
    (``value``), with why: more significant digits than the 17 a float's printers write, or too small."""

    text: str
    value: float
    why: str


_MOST_DIGITS = 17
"""The significant digits that ``printf("%.17g")`` writes: enough for every 64-bit float, so never more."""


def _parse_float(text: str) -> Any:
    """A float literal for ``json.loads(parse_float=...)``: the float, unless it is below 2**53 and is written with
    more than 17 significant digits or underflows (to zero, or below the normal range where it is written neither
    as the float's shortest form nor as ``%.17g`` writes it)."""
    value = float(text)
    if abs(value) >= 2**53 or Decimal(repr(value)) == Decimal(text):
        return value
    if value == 0:
        return _InexactFloat(text, value, "is too small for a 64-bit float")
    if abs(value) < sys.float_info.min and Decimal(f"{value:.17g}") != Decimal(text):
        return _InexactFloat(text, value, "is below the normal range of a 64-bit float, which holds fewer digits")
    digits = len(text.lstrip("-").split("e")[0].split("E")[0].replace(".", "").strip("0"))
    if digits > _MOST_DIGITS:
        return _InexactFloat(text, value, f"has {digits} significant digits, more than a 64-bit float holds")
    return value


def unreadable_value(document: Any) -> Problem | None:
    """The first value of a parsed ``document`` (in document order) that makes a line invalid (a lone surrogate, an
    integer or float out of range), with its path; None when there is none. Nesting is not looked at (see
    :func:`screen`)."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(document, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            children: list[tuple[Any, tuple[str | int, ...]]] = []
            for key, value in node.items():
                if _SURROGATE.search(key):
                    return Problem(json_path(path), f"{_lone(key)} in a key: {_UNWRITABLE}")
                children.append((value, (*path, key)))
            stack.extend(reversed(children))
        elif isinstance(node, list):
            stack.extend((node[index], (*path, index)) for index in range(len(node) - 1, -1, -1))
        elif isinstance(node, str):
            if _SURROGATE.search(node):
                return Problem(json_path(path), f"{_lone(node)} in a string: {_UNWRITABLE}")
        elif isinstance(node, bool):
            continue
        elif isinstance(node, int):
            if not MIN_INT <= node <= MAX_INT:
                return Problem(json_path(path), _int_out_of_range(node))
        elif isinstance(node, _LongInteger):
            return Problem(json_path(path), _out_of_range(node.text))
        elif isinstance(node, _InexactFloat):
            shown = f"number {node.text} {node.why}: it would be read as {node.value!r}"
            return Problem(json_path(path), f"{shown}; write it as a string, or as that number")
        elif isinstance(node, float) and math.isnan(node):
            return Problem(json_path(path), "NaN is not a JSON number (JSON writers make it null)")
        elif isinstance(node, float) and not math.isfinite(node):
            return Problem(json_path(path), "number too large for a 64-bit float")
    return None


_UNWRITABLE = "not Unicode text (it cannot be written as UTF-8)"


def _lone(text: str) -> str:
    match = _SURROGATE.search(text)
    assert match is not None
    return f"lone surrogate \\u{ord(match.group()):04x}"


def _out_of_range(literal: str, count: int | None = None) -> str:
    """The problem of an integer out of range, written ``literal`` (its leading digits when it is very long), of
    ``count`` digits (default: as many as ``literal`` has)."""
    digits = literal.lstrip("-")
    count = len(digits) if count is None else count
    shown = digits if count <= 30 else f"{digits[:12]}...({count} digits)"
    sign = "-" if literal.startswith("-") else ""
    return (
        f"integer {sign}{shown} out of range: integers must lie between {MIN_INT} and {MAX_INT}; "
        "write larger ones as strings"
    )


def _int_out_of_range(value: int) -> str:
    """:func:`_out_of_range` of a parsed integer, even one longer than Python converts to text (4,300 digits)."""
    try:
        return _out_of_range(str(value))
    except ValueError:
        magnitude = abs(value)
        count = int(magnitude.bit_length() * math.log10(2)) + 1
        if 10 ** (count - 1) > magnitude:  # the estimate from the bit length is at most one too many
            count -= 1
        return _out_of_range(("-" if value < 0 else "") + str(magnitude // 10 ** (count - 12)), count)
