"""Line-level errors: where in which file, which field, and what is wrong, in plain English."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from ..entities.extended import ASSERTION_KINDS, MATCHERS, close_name, name_hint
from ._hints import value_hint

__all__ = [
    "TAGS",
    "LineError",
    "Problem",
    "json_path",
    "not_utf8",
    "printable",
    "problems_from_validation",
    "validation_reason",
]

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
TAGS = ("match_as", "assert_that", "event")
"""Fields whose literal value names the kind of object (the tagged unions of the format); pydantic adds the value to
an error's location to name the branch."""
_CALLABLE_TAGS = ("one", "group")
# Control characters (C0, DEL, C1), lone surrogates and the bidirectional overrides: shown as escapes in messages.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with control characters, lone surrogates and bidirectional overrides written as escapes
    (``\\x1b``, ``\\ud800``): safe to print on a terminal and to write as UTF-8."""
    return _UNPRINTABLE.sub(_escape, text)


def not_utf8(exc: UnicodeDecodeError) -> str:
    """``not valid UTF-8 (byte 0xe9 at line 3 column 12)``: where decoding the bytes of ``exc`` failed, the line
    named only when the bytes hold more than one; what every reader of a text file says of one that is not UTF-8."""
    data, start = exc.object, exc.start
    line = data.count(b"\n", 0, start) + 1
    column = start - data.rfind(b"\n", 0, start)
    where = f"line {line} column {column}" if b"\n" in data.rstrip(b"\r\n") else f"column {column}"
    return f"not valid UTF-8 (byte 0x{data[start]:02x} at {where})"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a line."""

    path: str
    """JSONPath of the offending field (``$`` for the whole line), e.g. ``$.outputs.citations[1].document_id``."""

    message: str
    """What is wrong, in plain English."""


@dataclass(frozen=True, slots=True)
class LineError:
    """A line that could not be read as an example; the problems found in it."""

    file: str
    """The file the line comes from (``<stdin>`` for standard input)."""

    line: int
    """1-based line number in the file."""

    problems: tuple[Problem, ...]
    """Every problem found in the line, at least one."""

    def __str__(self) -> str:
        file = printable(self.file)
        return "\n".join(printable(f"{file}:{self.line}: {p.path}: {p.message}") for p in self.problems)

    @property
    def message(self) -> str:
        """All problems as one line of text: ``path: message; path: message`` (unprintable characters escaped,
        see :func:`printable`)."""
        return printable("; ".join(f"{p.path}: {p.message}" for p in self.problems))


def json_path(parts: Sequence[str | int]) -> str:
    """Render path segments as JSONPath: ``["a", 0, "b c"]`` -> ``$.a[0]["b c"]``."""
    out = ["$"]
    for part in parts:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _IDENTIFIER.match(part):
            out.append(f".{part}")
        else:
            escaped = part.replace("\\", "\\\\").replace('"', '\\"')
            out.append(f'["{escaped}"]')
    return "".join(out)


_ABSENT = object()


def _child(node: Any, segment: str | int) -> Any:
    """``node[segment]`` for an object key or array index that exists, else ``_ABSENT``."""
    if isinstance(node, Mapping):
        return node.get(segment, _ABSENT) if isinstance(segment, str) else _ABSENT
    if isinstance(node, list) and isinstance(segment, int) and 0 <= segment < len(node):
        return node[segment]
    return _ABSENT


_TAG_VALUES = frozenset({"tool_call", "tool_result", "retriever", *MATCHERS, *ASSERTION_KINDS})
"""The values of the format's tags: what pydantic inserts in a location when the document is not known."""


def _document_path(document: Any, loc: Sequence[str | int]) -> tuple[list[str | int], Any]:
    """Follow a pydantic error location through the document (``_ABSENT`` when unknown), dropping union tags pydantic
    inserts."""
    node: Any = document
    path: list[str | int] = []
    for segment in loc:
        child = _child(node, segment)
        if child is not _ABSENT:
            node = child
            path.append(segment)
        elif document is _ABSENT and segment in _TAG_VALUES:
            continue
        elif isinstance(node, Mapping) and (segment in _CALLABLE_TAGS or any(node.get(key) == segment for key in TAGS)):
            continue  # the tag of the union branch, not a key of the document
        elif isinstance(segment, str) and segment.startswith(("function-", "json-or-python", "lax-or-strict")):
            continue
        elif isinstance(segment, str) and (segment in _TYPE_NAMES or _CONTAINER_TAG.match(segment)):
            continue  # the type of a union branch (`str`, `list[...]`), not a key of the document
        else:
            path.append(segment)
            node = None
    return path, node


_CONTAINER_TAG = re.compile(r"(?:list|dict|tuple|set|frozenset)\[")
_EXPECTED_GOT = re.compile(r"expected (.+), got (.+)", re.DOTALL)

_TYPE_NAMES = {
    "dict": "an object",
    "list": "an array",
    "str": "a string",
    "int": "an integer",
    "float": "a number",
    "bool": "a boolean",
    "NoneType": "null",
}


def describe(value: Any) -> str:
    """Name a JSON value's type for a message: ``a string ("5")``, ``an integer (5)``, ``a boolean (true)``, null."""
    kind = _TYPE_NAMES.get(type(value).__name__, type(value).__name__)
    if value is None or isinstance(value, (dict, list)):
        return kind
    text = f'"{value}"' if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{kind} ({text})"


_EXPECTED = {
    "string_type": "a string",
    "list_type": "an array",
    **dict.fromkeys(("int_type", "int_parsing", "int_from_float"), "an integer"),
    **dict.fromkeys(("float_type", "float_parsing"), "a number"),
    **dict.fromkeys(("bool_type", "bool_parsing"), "a boolean"),
    **dict.fromkeys(("dict_type", "model_type", "model_attributes_type"), "an object"),
    **dict.fromkeys(
        ("datetime_type", "datetime_parsing", "datetime_from_date_parsing"), "a date-time string (ISO 8601)"
    ),
}


_BOUNDS = {
    "greater_than_equal": ("ge", "{} or more"),
    "greater_than": ("gt", "more than {}"),
    "less_than_equal": ("le", "{} or less"),
    "less_than": ("lt", "less than {}"),
}
"""The errors of a number out of bounds: the key of the bound in the error's context, and how it reads."""


def _message(error: Mapping[str, Any], value: Any, present: bool) -> str:
    kind = str(error.get("type", ""))
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    if kind == "missing":
        return "required field is missing"
    if kind in _EXPECTED:
        got = describe(value) if present else "nothing"
        return f"expected {_EXPECTED[kind]}, got {got}"
    if kind == "union_tag_invalid":
        field = str(ctx.get("discriminator", "tag")).strip("'")
        expected = str(ctx.get("expected_tags", "")).replace("'", "")
        tag = str(ctx.get("tag"))
        names = [name.strip() for name in expected.split(",")]
        if tag in ASSERTION_KINDS if field == "assert_that" else tag in MATCHERS and "equality" in names:
            kind = "an extended assertion" if field == "assert_that" else "an extended matcher"
            return (
                f'unknown {field} "{tag}"; expected one of: {expected}; "{tag}" is {kind}, read only in '
                "expectations.extended_assertions"
            )
        other = name_hint(field, tag, [])  # a name of the other family says what it is
        if other:
            return f'unknown {field} "{tag}"; expected one of: {expected}{other}'
        close = close_name(tag.lower(), names)
        hint = f' (did you mean "{close}"?)' if close else ""
        return f'unknown {field} "{tag}"{hint}; expected one of: {expected}'
    if kind in _BOUNDS:
        key, phrase = _BOUNDS[kind]
        return f"must be {phrase.format(ctx.get(key))}, got {describe(value)}"
    if kind == "too_short":
        return f"must have at least {ctx.get('min_length')} item(s), got {ctx.get('actual_length')}"
    if kind == "literal_error":
        return f"expected {ctx.get('expected')}, got {describe(value)}"
    if kind == "value_error":
        return str(error.get("msg", "")).removeprefix("Value error, ")
    if kind == "unknown_document":
        return str(error.get("msg", ""))
    return str(error.get("msg", kind))


def problems_from_validation(errors: Sequence[Mapping[str, Any]], document: Any = _ABSENT) -> tuple[Problem, ...]:
    """Turn pydantic error dicts into problems with JSONPaths into ``document`` (when known) and plain-English
    messages."""
    seen: set[Problem] = set()
    merged: list[Problem] = []
    kinds: dict[int, list[str]] = {}
    for error in errors:
        loc = [part for part in error.get("loc", ()) if isinstance(part, (str, int))]
        if error.get("type") == "union_tag_not_found":
            # The object lacks the field naming its kind: point at that field.
            field = str((error.get("ctx") or {}).get("discriminator", "")).strip("'")
            if field.isidentifier():
                error = {"type": "missing"}
                loc.append(field)
        path, node = _document_path(document, loc)
        present = document is _ABSENT or node is not None or _present(document, path)
        value = node if document is not _ABSENT and present else error.get("input")
        message = _message(error, value, present)
        if document is not _ABSENT:
            parent = functools.reduce(_child, path[:-1], document)
            message += value_hint(message, path, value, parent if isinstance(parent, Mapping) else {})
        problem = Problem(json_path(path), message)
        if problem in seen:
            continue
        seen.add(problem)
        # one problem per value that no branch of a union accepts: "expected a string or an integer, got null"
        match = _EXPECTED_GOT.fullmatch(problem.message)
        last = _EXPECTED_GOT.fullmatch(merged[-1].message) if merged and match else None
        if match and last and merged[-1].path == problem.path and last.group(2) == match.group(2):
            index = len(merged) - 1
            alternatives = kinds.setdefault(index, [last.group(1)])
            alternatives.append(match.group(1))
            expected = ", ".join(alternatives[:-1]) + " or " + alternatives[-1]
            merged[index] = Problem(problem.path, f"expected {expected}, got {match.group(2)}")
        else:
            merged.append(problem)
    return tuple(merged)


def validation_reason(exc: ValidationError, *document: Any) -> str:
    """A validation error as one line, as invalid lines are reported: ``$.outputs.trace[0].params: expected an
    object, got a string ("Paris")`` for :class:`~mb.entities.Outputs` (``document``: the data validated, when
    known), ``ToolCall.params: ...`` for another model."""
    root = "$.outputs" if exc.title == "Outputs" else exc.title
    problems = problems_from_validation(exc.errors(include_url=False), *document)
    return "; ".join(f"{root}{problem.path[1:]}: {problem.message}" for problem in problems)


def _present(document: Any, path: Sequence[str | int]) -> bool:
    node = document
    for part in path:
        node = _child(node, part)
        if node is _ABSENT:
            return False
    return True
