"""Reading Microsoft 365 evaluation documents (``evals.json``): parse, upgrade to 1.7.0, validate; the error that
says which file, which JSON path and what is wrong."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from ...errors import InputError
from ...io import Problem, note_input
from ...io._errors import not_utf8
from ...io._limits import MAX_DEPTH, depth, parse_integer, reject_constant, unique_keys, unreadable_value
from .schema import schema_problems
from .upgrade import upgrade_document

__all__ = ["LoadedDocument", "M365DocumentError", "dump_document", "load_document", "parse_document", "read_json"]

_LEGACY_ITEM = re.compile(r"^\$\.items(?=\[|$)")


class M365DocumentError(InputError):
    """A document that cannot be used: unreadable JSON, wrong shape, or not valid under the 1.7.0 schema.

    ``str()`` gives one line per problem as ``FILE: $.json.path: message``.
    """

    def __init__(self, file: str, problems: Sequence[Problem]) -> None:
        self.file = file
        """The document's path (``<memory>`` for an in-memory document)."""
        self.problems = tuple(problems)
        """Every problem found, at least one."""
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(f"{self.file}: {p.path}: {p.message}" for p in self.problems)


@dataclass
class LoadedDocument:
    """A valid document in the 1.7.0 shape, with where it came from."""

    document: dict[str, Any]
    """The document, upgraded to the 1.7.0 shape and valid under the 1.7.0 schema."""

    file: str
    """The path it was read from (``<memory>`` for an in-memory document)."""

    source_version: str | None = None
    """The ``schemaVersion`` the file declared; None for a legacy document (bare array or no version)."""

    legacy: bool = False
    """True when the file is a legacy document (a bare array of items, or an object without ``schemaVersion``)."""

    changes: list[str] = field(default_factory=list)
    """What the upgrade changed, one line each (empty for a document already in the 1.7.0 shape)."""


def read_json(path: str | os.PathLike[str]) -> Any:
    """Parse a JSON file (UTF-8, BOM allowed) under the limits of a benchmark line: nesting, lone surrogates, numbers
    in range. Raises :class:`M365DocumentError` for bad JSON, ``OSError`` when the file cannot be read."""
    data = Path(path).read_bytes().removeprefix(b"\xef\xbb\xbf")
    note_input(path)
    file = os.fspath(path)
    try:
        document = json.loads(
            data.decode("utf-8"), parse_constant=reject_constant, parse_int=parse_integer, object_pairs_hook=unique_keys
        )
    except UnicodeDecodeError as exc:
        raise M365DocumentError(file, [Problem("$", f"the file is {not_utf8(exc)}")]) from None
    except RecursionError:
        raise M365DocumentError(file, [Problem("$", "objects and arrays nest too deep to read")]) from None
    except json.JSONDecodeError as exc:
        detail = f"{exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno}"
        if not data.strip():
            detail = "the file is empty"
        elif exc.msg == "Extra data" and exc.lineno > 1 and data.lstrip()[:1] == b"{":
            detail += (
                ": the file looks like JSONL (one JSON value per line); an evals.json file is one JSON document, "
                '{"schemaVersion": "1.7.0", "items": [...]} (a MorganaBench benchmark is JSONL: mb validate FILE)'
            )
        raise M365DocumentError(file, [Problem("$", f"invalid JSON: {detail}")]) from None
    except ValueError as exc:  # NaN, Infinity
        raise M365DocumentError(file, [Problem("$", f"invalid JSON: {exc}")]) from None
    nesting, problem = depth(data), unreadable_value(document)  # lone surrogates, numbers out of range
    if nesting is not None and nesting > MAX_DEPTH:
        problem = Problem("$", f"objects and arrays nest {nesting} levels deep, over the limit of {MAX_DEPTH}")
    if problem is not None:
        raise M365DocumentError(file, [problem])
    return document


def parse_document(raw: Any, *, file: str = "<memory>") -> LoadedDocument:
    """Upgrade a parsed document to the 1.7.0 shape and validate it; raises :class:`M365DocumentError` with every
    problem (JSON paths refer to the file as written, ``$[3]`` for the fourth entry of a legacy array)."""
    upgrade = upgrade_document(raw)
    problems = upgrade.problems or schema_problems(upgrade.document)
    if problems:
        if isinstance(raw, list):
            problems = [Problem(_LEGACY_ITEM.sub("$", p.path), p.message) for p in problems]
        raise M365DocumentError(file, problems)
    return LoadedDocument(upgrade.document, file, upgrade.source_version, upgrade.legacy, upgrade.changes)


def load_document(path: str | os.PathLike[str]) -> LoadedDocument:
    """Read, upgrade and validate an evaluation document file (see :func:`parse_document`)."""
    return parse_document(read_json(path), file=os.fspath(path))


def dump_document(document: dict[str, Any]) -> bytes:
    """Serialize a document as indented UTF-8 JSON with a trailing newline."""
    return orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n"
