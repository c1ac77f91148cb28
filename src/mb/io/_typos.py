"""Keys the data model does not know: likely typos (``expected_respone``, ``mesages``) reported as warnings.

The format allows extra keys, so such a line stays valid; but a misspelt key may silently change what is checked (an
expectation without ``expected_response`` checks no response). An unknown key inside ``expectations.assertions`` or
``extended_assertions`` (an assertion, parameter or matcher) is not a warning: it makes the line invalid (see
:mod:`mb.entities.extended`), as does a misspelt field of ``inputs``, ``expectations`` or ``outputs`` holding checks
(``expected_respone``). Each other JSON object of a line is compared with the fields of the model it is read as:

- in objects whose model drops extra keys (messages, trace events, citations, metadata), every
  unknown key is reported (it is lost: a misspelt ``params`` beside the real one checks nothing), with the closest
  field when there is one;
- in objects that keep extra keys as data a user may want (``inputs``, ``expectations``, ``outputs``, retrieved
  chunks, the environment), a key is reported only when it is close to a field the object lacks (difflib).

This is separate from validity: it never makes a line invalid, and ``mb validate --strict`` decides what to do.
"""

from __future__ import annotations

import difflib
import re
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import IO, Any

import orjson
from pydantic import BaseModel

from ..entities import Example
from ..entities._misspelt import (
    EXPECTING,
    NOTHING_EXPECTED,
    misspelt_key,
    mlflow_expectation,
    names_expected_response,
)
from ..entities.outputs import ToolCall, arguments_key, unread_calls
from ._errors import TAGS, json_path
from ._reader import PathLike, Record, jsonl_lines, source_name

__all__ = ["KeyWarning", "iter_key_warnings", "key_warnings", "line_key_warnings"]

_WRITTEN_BY_MB: dict[str, frozenset[str]] = {
    "Example": frozenset({"example_hash"}),
    "Outputs": frozenset({"error", "latency_ms", "usage"}),
    "Inputs": frozenset({"context"}),
    # validated with the line (mb.entities.extended, mb.entities.response_expectations)
    "Expectations": frozenset({"extended_assertions", "expected_facts", "guidelines"}),
    "ToolResult": frozenset({"is_error", "isError", "error"}),  # the model refuses them set: the line is invalid
}
"""Extra keys MorganaBench itself writes, reads or refuses beside the model's fields; never reported."""

_KEYS_CHECKED: dict[str, str] = {"Expectations": "assertions"}
"""Fields whose unknown keys (anywhere inside) make the line invalid (see :mod:`mb.entities.extended`): not walked."""

_CUTOFF = 0.75
"""How close (difflib ratio) an unknown key must be to a field to be suggested as its correction."""


@dataclass(frozen=True, slots=True)
class KeyWarning:
    """A key of a line that the data model does not read."""

    file: str
    """The file the line comes from."""

    line: int
    """1-based line number."""

    path: str
    """JSONPath of the unknown key, e.g. ``$.expectations.expected_respone``."""

    key: str
    """The unknown key."""

    suggestion: str | None
    """The field the key most likely means, when one is close."""

    ignored: bool
    """True when the model drops the key (it has no effect at all), False when it is kept as extra data."""

    note: str | None = None
    """What is wrong when it is not an unknown key (``key`` is then empty): an ``expectations`` that checks nothing."""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: warning: {self.path}: {self.message}"

    @property
    def message(self) -> str:
        """What is wrong with the key, without the location."""
        if self.note is not None:
            return self.note
        effect = "ignored" if self.ignored else "kept as extra data, not checked"
        hint = f'; did you mean "{self.suggestion}"?' if self.suggestion else ""
        return f'unknown key "{self.key}" ({effect}){hint}'


_Models = tuple[type[BaseModel], ...]
"""The models an object may be read as, in the order of the field's annotation."""


def _models(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models a field's value may be read as (through lists, unions, ``Annotated``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    origin = typing.get_origin(annotation)
    if origin is dict:
        return []
    found: list[type[BaseModel]] = []
    for argument in typing.get_args(annotation):
        if origin is typing.Annotated and found:
            break  # the metadata of Annotated[...] is not a type
        for model in _models(argument):
            if model not in found:
                found.append(model)
    return found


@cache
def _fields(model: type[BaseModel]) -> tuple[frozenset[str], dict[str, _Models], bool]:
    """(known keys, the models each known key's value may be, whether extra keys are kept)."""
    keys: set[str] = set()
    children: dict[str, _Models] = {}
    if not model.__pydantic_fields_complete__:
        model.model_rebuild()  # resolves fields named by forward references (the group matchers of expectations)
    for name, info in model.model_fields.items():
        key = info.alias or name
        keys.add(key)
        nested = _models(info.annotation)
        if nested and _KEYS_CHECKED.get(model.__name__) != key:
            children[key] = tuple(nested)
    keeps_extra = model.model_config.get("extra") == "allow"  # else a key the model does not know is dropped
    origin = model.__pydantic_generic_metadata__["origin"] or model
    return frozenset(keys | _WRITTEN_BY_MB.get(origin.__name__, frozenset())), children, keeps_extra


@cache
def _choices(
    candidates: _Models,
) -> tuple[dict[str, dict[Any, type[BaseModel]]], tuple[tuple[type[BaseModel], frozenset[str]], ...]]:
    """How :func:`_choose` picks among several candidate models: for each tag field, the candidate its value names;
    and each candidate with its known keys, in the annotation's order."""
    by_tag: dict[str, dict[Any, type[BaseModel]]] = {}
    for model in candidates:
        tag = next((tag for tag in TAGS if tag in model.model_fields), None)
        if tag is not None:
            by_tag.setdefault(tag, {}).setdefault(model.model_fields[tag].default, model)
    return by_tag, tuple((model, _fields(model)[0]) for model in candidates)


def _choose(candidates: _Models, value: dict[str, Any]) -> type[BaseModel] | None:
    """The model ``value`` is read as: the one its tag names, else the one that knows most of its keys (the first
    of those on a tie)."""
    by_tag, known_keys = _choices(candidates)
    tagged = False
    for tag, models in by_tag.items():
        if tag in value:
            named = value[tag]
            model = models.get(named) if type(named) is str else None
            if model is not None:
                return model
            tagged = True
    if tagged:
        return None  # an unknown tag: the line is invalid, and its error says so
    keys = value.keys()
    for model, known in known_keys:  # most objects: the first model that knows every key
        if known.issuperset(keys):
            return model
    return min(known_keys, key=lambda known: len(keys - known[1]))[0]  # min() keeps the first on a tie


_Found = list[tuple[tuple[str | int, ...], str, str | None, bool]]


def _walk(value: dict[str, Any], model: type[BaseModel], path: tuple[str | int, ...], found: _Found) -> None:
    """Check one object (at the segments ``path``) read as ``model``, and the objects inside it: an object is entered
    only when it has an unknown key or objects of its own to check (most hold neither)."""
    known, children, keeps_extra = _fields(model)
    if not known.issuperset(value):
        folded = {field.casefold(): field for field in sorted(known - value.keys())}  # "ASSERTIONS" too
        required = {info.alias or name for name, info in model.model_fields.items() if info.is_required()}
        for key in value:  # in the line's order
            if key in known or (model is ToolCall and arguments_key(key, value[key])):
                continue  # params again, or the line is invalid
            # the field that the key names in another tool's words ("expected_answer" is no "expected_facts")
            alias = "expected_response" if model.__name__ == "Expectations" and names_expected_response(key) else None
            close = [alias] if alias in folded else difflib.get_close_matches(key.casefold(), folded, 1, _CUTOFF)
            # a key the model refuses itself is left to its error, unless a required field it may be is missing
            if (
                keeps_extra
                and misspelt_key(model.__name__, key, value[key])
                and not (close and folded[close[0]] in required)
            ):
                continue
            if close or not keeps_extra:
                found.append(((*path, key), key, folded[close[0]] if close else None, not keeps_extra))
    for key, nested in children.items():
        item = value.get(key)
        items = ((None, item),) if type(item) is dict else enumerate(item) if type(item) is list else ()
        for index, element in items:
            if type(element) is not dict:
                continue
            inner = nested[0] if len(nested) == 1 else _choose(nested, element)
            if inner is None:
                continue
            inner_known, inner_children, _ = _fields(inner)
            if inner_children or not inner_known.issuperset(element):
                _walk(element, inner, (*path, key) if index is None else (*path, key, index), found)


def key_warnings(document: Any, *, file: str, line: int) -> list[KeyWarning]:
    """The unknown keys of one parsed line (a JSON object read as an :class:`~mb.entities.Example`)."""
    found: _Found = []
    if isinstance(document, dict):
        _walk(document, Example, (), found)
    return [
        KeyWarning(file, line, json_path(path), key, suggestion, ignored) for path, key, suggestion, ignored in found
    ]


_CHECKS_NOTHING = (
    f"expects nothing: {NOTHING_EXPECTED}, so only a required metric (--require) can pass it; without one it is "
    "undecided, never a pass (only inputs.tools and tool results with no call are checked)"
)

_BLANK = "blank: it states nothing to check (an error check under `mb eval`, never a pass)"


_QUOTED = re.compile(r'"([^"]+)"')
"""A key quoted in an error's message."""


def line_key_warnings(data: bytes, *, file: str, line: int, record: Record | None = None) -> list[KeyWarning]:
    """The unknown keys of one line as read from the file (none when it is not a JSON object; none that the line's
    error names where it stands: "name" names another tool than "tool") and, for a valid line, a warning when its
    ``expectations`` hold nothing to check (``{}``, ``"assertions": []``); ``record``: the line as read (see
    :func:`~mb.io.read_record`), its JSON value and error, when it has been read; else the line is parsed here (and
    counted as not valid)."""
    document = record.document if record is not None else None
    if document is None:
        try:
            document = orjson.loads(data)
        except orjson.JSONDecodeError:
            return []
    error = record.error if record is not None else None
    valid = record is not None and error is None
    problems = error.problems if error is not None else ()
    named = {(problem.path, key) for problem in problems for key in _QUOTED.findall(problem.message)}
    found = [
        warning
        for warning in key_warnings(document, file=file, line=line)
        if (warning.path.rpartition(".")[0], warning.key) not in named
    ]
    outputs = document.get("outputs") if isinstance(document, dict) else None
    for key in unread_calls(outputs) if isinstance(outputs, dict) else ():
        what = "a tool call, not an answer" if key == "response" else "not read"
        what += "; tool calls go in outputs.trace"
        found.append(KeyWarning(file, line, f"$.outputs.{key}", "", None, False, what))
    expectations = document.get("expectations") if isinstance(document, dict) else None
    expectations = expectations if isinstance(expectations, dict) else {}
    for key in expectations:  # in the line's order
        if (meaning := mlflow_expectation(key)) is not None:
            what = f'unknown key "{key}" (kept as extra data, not checked): {meaning}'
            found.append(KeyWarning(file, line, f"$.expectations.{key}", "", None, False, what))
    if valid and not any(expectations.get(key) not in (None, []) for key in EXPECTING):
        found.append(KeyWarning(file, line, "$.expectations", "", None, False, _CHECKS_NOTHING))
    for key in ("expected_response", "expected_facts", "guidelines") if valid else ():  # allowed, yet never judged
        value = expectations.get(key)
        if any(not text.strip() for text in ([value] if isinstance(value, str) else value or ())):
            found.append(KeyWarning(file, line, f"$.expectations.{key}", "", None, False, _BLANK))
    return found


def iter_key_warnings(source: PathLike | IO[bytes], *, lines: int | None = None) -> Iterator[KeyWarning]:
    """Every unknown-key warning of a benchmark file, line by line (for a command that does not read the lines
    itself). Lines that are not JSON objects, or are too long to read, are passed over (validation reports them).
    ``lines`` stops after that many lines of the file."""
    name = source_name(source)
    for number, data, problem in jsonl_lines(source):
        if lines is not None and number > lines:
            return
        if problem is None:
            yield from line_key_warnings(data, file=name, line=number)
