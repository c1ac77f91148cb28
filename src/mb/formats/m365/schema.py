"""The 1.7.0 JSON Schema of Microsoft 365 evaluation documents, and validation with precise JSON paths."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Sequence
from functools import cache
from importlib.resources import files
from typing import Any

import orjson
from jsonschema import Draft202012Validator, ValidationError

from ...io import Problem, json_path
from ...io._errors import describe

__all__ = ["SCHEMA_URI", "SCHEMA_VERSION", "document_schema", "schema_problems"]

SCHEMA_VERSION = "1.7.0"
"""The schema version MorganaBench writes (every document it writes validates against it)."""

SCHEMA_URI = (
    "https://raw.githubusercontent.com/microsoft/m365-copilot-eval/refs/heads/main/schema/v1/eval-document.schema.json"
)
"""The ``$schema`` URI written at the top of documents, for editor validation."""

_SCHEMA_FILE = "eval-document.schema.v1.7.0.json"
# Errors that say "this is the wrong branch" rather than "this branch has a wrong field".
_DISCRIMINATING = frozenset({"required", "not", "const", "type"})
_ARTICLES = {"object": "an object", "array": "an array", "integer": "an integer"}


@cache
def document_schema() -> dict[str, Any]:
    """The 1.7.0 JSON Schema of an evaluation document (shipped with MorganaBench)."""
    data: dict[str, Any] = orjson.loads(files(__package__).joinpath(_SCHEMA_FILE).read_bytes())
    return data


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(document_schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)


def schema_problems(document: Any) -> list[Problem]:
    """Every way ``document`` breaks the 1.7.0 schema, as problems with JSON paths, in document order.

    Where the schema offers alternatives (an item is a single-turn evaluation *or* a thread; a score is a result
    *or* an errored record) the problems reported are those of the alternative the document evidently meant.
    """
    problems = [problem for error in _validator().iter_errors(document) for problem in _explain(error)]
    unique = {(p.path, p.message): p for p in problems}
    return sorted(
        unique.values(),
        key=lambda p: [int(part) if part.isdigit() else part for part in re.split(r"[\[\].]+", p.path) if part],
    )


def _explain(error: ValidationError) -> Iterator[Problem]:
    if error.validator in ("oneOf", "anyOf") and error.context:
        branch = _likely_branch(error)
        yield from (p for sub in branch for p in _explain(sub))
        return
    path = list(error.absolute_path)
    instance: Any = error.instance
    if error.validator == "additionalProperties" and isinstance(instance, dict):
        allowed = sorted(_schema_of(error).get("properties", {}))
        for name in _unexpected(error):
            close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.75)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (allowed: {', '.join(allowed)})" if allowed else ""
            yield Problem(json_path([*path, name]), f"field not allowed here{hint}")
        return
    if error.validator == "required" and isinstance(error.validator_value, Sequence):
        missing = [name for name in error.validator_value if isinstance(instance, dict) and name not in instance]
        for name in missing:
            present = [key for key in instance if isinstance(key, str)] if isinstance(instance, dict) else []
            close = difflib.get_close_matches(name, present, n=1, cutoff=0.75)
            hint = f" ({close[0]!r} is there: did you mean {name!r}?)" if close else ""
            yield Problem(json_path([*path, name]), f"required field is missing{hint}")
        if missing:
            return
    yield Problem(json_path(path), _message(error))


def _schema_of(error: ValidationError) -> dict[str, Any]:
    return error.schema if isinstance(error.schema, dict) else {}


def _unexpected(error: ValidationError) -> list[str]:
    properties = _schema_of(error).get("properties", {})
    patterns = _schema_of(error).get("patternProperties", {})
    instance: Any = error.instance
    return [
        name
        for name in instance
        if name not in properties and not any(re.search(pattern, name) for pattern in patterns)
    ]


def _likely_branch(error: ValidationError) -> list[ValidationError]:
    """The sub-errors of the alternative the instance most resembles."""
    branches: dict[int, list[ValidationError]] = {}
    for sub in error.context or ():
        index = sub.relative_schema_path[0] if sub.relative_schema_path else 0
        branches.setdefault(int(index), []).append(sub)
    depth = len(error.absolute_path)

    def cost(item: tuple[int, list[ValidationError]]) -> tuple[int, int]:
        errors = item[1]
        wrong_branch = sum(1 for e in errors if len(e.absolute_path) == depth and e.validator in _DISCRIMINATING)
        return wrong_branch, len(errors)

    return min(branches.items(), key=cost)[1] if branches else []


def _message(error: ValidationError) -> str:
    validator = error.validator
    value: Any = error.validator_value
    instance: Any = error.instance
    if validator == "enum":
        return f"expected one of {', '.join(repr(v) for v in value)}, got {_show(instance)}"
    if validator == "minLength" and value == 1:
        return "must not be empty"
    if validator == "minItems":
        return f"needs at least {value} entr{'y' if value == 1 else 'ies'}"
    if validator == "maxItems":
        return f"holds at most {value} entries, got {len(instance)}"
    if validator == "type":
        names = [value] if isinstance(value, str) else list(value)
        expected = " or ".join(_ARTICLES.get(name, f"a {name}") for name in names)
        return f"expected {expected}, got {_show(instance)}"
    if validator == "pattern" and error.absolute_path and error.absolute_path[-1] == "schemaVersion":
        return f"expected a 1.x.y version such as {SCHEMA_VERSION!r}, got {_show(instance)}"
    if "propertyNames" in error.relative_schema_path:
        return f"invalid name {_show(instance)}: names start with a letter and hold only letters, digits and '_'"
    if validator == "not" and isinstance(value, dict) and list(value) == ["required"]:
        return f"{' and '.join(repr(v) for v in value['required'])} cannot be used here"
    return str(error.message)


def _show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value) if len(value) <= 60 else repr(value[:57] + "...")
    return describe(value)
