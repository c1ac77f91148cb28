"""Bring any 1.x document (or a legacy bare array of items) to the 1.7.0 shape.

Older documents and the published tutorials put fields on items that the 1.7.0 schema no longer allows there
(``testId``, ``category``, ``notes``, a single-turn ``name``...). The upgrade moves each such field, unchanged and
under the same name, into the ``extensions`` object of the item, thread or turn that carried it, so nothing is
lost and the result validates against 1.7.0. Fields that are neither 1.7.0 fields nor known older ones are left
in place: schema validation then reports them (a typo should not vanish into ``extensions``).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from ...entities._misspelt import misspelling
from ...io import Problem, json_path
from .schema import SCHEMA_VERSION

__all__ = ["Upgrade", "upgrade_document"]

LEGACY_FIELDS = ("testId", "category", "notes", "name", "description", "conversation_id", "metadata")
"""Item, thread and turn fields of older documents that the upgrade moves into ``extensions``."""

NEWER_FIELDS = ("tags", "allowed_tools", "allowed_tools_mode")
"""Item, thread and turn fields of documents newer than 1.7.0 (``tags`` from 1.9.0, ``allowed_tools`` and
``allowed_tools_mode`` from 1.11.0) that the upgrade moves into ``extensions`` unchanged; document-level fields
such as ``default_allowed_tools`` stay on the document."""

_VERSION = re.compile(r"1\.[0-9]+\.[0-9]+")
"""A schema version MorganaBench reads (the schema's ``^1\\.\\d+\\.\\d+$``, in ASCII digits)."""

_SINGLE_FIELDS = frozenset({"prompt", "expected_response", "response", "context", "evaluators", "evaluators_mode",
                            "citations", "scores", "diagnostics", "status", "error", "extensions"})  # fmt: skip
_THREAD_FIELDS = frozenset({"name", "description", "turns", "conversation_id", "summary", "extensions"})


@dataclass
class Upgrade:
    """A document in the 1.7.0 shape and what was changed to get there."""

    document: dict[str, Any]
    """The upgraded document (a new object; the input is not modified)."""

    source_version: str | None
    """The ``schemaVersion`` found, or None when the document had none (a legacy document)."""

    legacy: bool
    """True for a bare array of items or an object without ``schemaVersion``: such files are rewritten in place."""

    changes: list[str] = field(default_factory=list)
    """One line per change made, e.g. ``$.items[0].testId moved to $.items[0].extensions.testId``."""

    problems: list[Problem] = field(default_factory=list)
    """What prevented the upgrade (the document is then unusable)."""


def upgrade_document(raw: Any) -> Upgrade:
    """Upgrade a parsed JSON document to the 1.7.0 shape; ``problems`` says what prevented it.

    JSON paths in ``changes`` and ``problems`` refer to the upgraded document (for a legacy array,
    ``$.items[3]`` is the array's ``$[3]``).
    """
    if isinstance(raw, list):
        document: dict[str, Any] = {"schemaVersion": SCHEMA_VERSION, "items": copy.deepcopy(raw)}
        result = Upgrade(document, None, True, [f"legacy array wrapped as {{schemaVersion: {SCHEMA_VERSION}, items}}"])
    elif isinstance(raw, dict) and "prompts" in raw and "items" not in raw:
        return _upgrade_parallel(raw)
    elif isinstance(raw, dict):
        document = copy.deepcopy(raw)
        version = document.get("schemaVersion")
        result = Upgrade(document, version if isinstance(version, str) else None, "schemaVersion" not in document)
        result.problems.extend(_misspelt_top(raw))
        if "schemaVersion" not in document:
            document["schemaVersion"] = SCHEMA_VERSION
            result.changes.append(f"schemaVersion {SCHEMA_VERSION} added")
        elif isinstance(version, str) and version.split(".")[0] != "1":
            result.problems.append(
                Problem("$.schemaVersion", f"unsupported schema version {version!r}: MorganaBench reads 1.x documents")
            )
            return result
        elif isinstance(version, str) and _VERSION.fullmatch(version) is None:  # as the schema's pattern says
            message = f"expected a version 1.MINOR.PATCH such as {SCHEMA_VERSION!r}, got {version!r}"
            result.problems.append(Problem("$.schemaVersion", message))
            return result
    else:
        names = {type(None): "null", bool: "a boolean", str: "a string", int: "a number", float: "a number"}
        kind = names.get(type(raw), type(raw).__name__)
        problem = Problem("$", f"expected an object with schemaVersion and items, or an array of items; got {kind}")
        return Upgrade({}, None, False, problems=[problem])
    items = document.get("items")
    if not isinstance(items, list):
        return result
    for index, item in enumerate(items):
        path: list[str | int] = ["items", index]
        if not isinstance(item, dict):
            continue
        if "turns" in item and "prompt" in item:
            message = "an item has either 'prompt' (a single-turn evaluation) or 'turns' (a thread), not both"
            result.problems.append(Problem(json_path(path), message))
            continue
        if "turns" in item:
            _move_legacy(item, _THREAD_FIELDS, path, result)
            turns = item["turns"]
            for turn_index, turn in enumerate(turns if isinstance(turns, list) else []):
                if isinstance(turn, dict):
                    _move_legacy(turn, _SINGLE_FIELDS, [*path, "turns", turn_index], result)
        else:
            _move_legacy(item, _SINGLE_FIELDS, path, result)
    if result.document.get("schemaVersion") != SCHEMA_VERSION and not result.problems:
        result.changes.append(f"schemaVersion {result.source_version} read as {SCHEMA_VERSION}")
        document["schemaVersion"] = SCHEMA_VERSION
    return result


def _misspelt_top(raw: dict[str, Any], shape: tuple[str, ...] = ()) -> list[Problem]:
    """Top-level keys (kept as data) that misspell a field the document lacks whose loss changes what is checked
    (``default_evaluator``, ``schema_version``); other keys are the document's data, as the schema allows (the
    importer refuses an expectation among them)."""
    fields = [key for key in ("default_evaluators", "schemaVersion", *shape) if key not in raw]
    return [
        Problem(json_path([key]), f"not read (did you mean {close[0]!r}?)")
        for key in raw
        if (close := [field for field in fields if misspelling(key, field)])
    ]


def _upgrade_parallel(raw: dict[str, Any]) -> Upgrade:
    """Microsoft's sample shape ``{prompts: [...], expected_responses: [...]}``: parallel arrays, one item per
    prompt (the other top-level fields are kept on the document)."""
    prompts = raw["prompts"]
    expected = raw.get("expected_responses")
    problems = _misspelt_top(raw, ("prompts", "expected_responses"))
    if not isinstance(prompts, list):
        problems.append(Problem("$.prompts", "expected an array of prompts"))
    if expected is not None and not isinstance(expected, list):
        problems.append(Problem("$.expected_responses", "expected an array of expected responses"))
    if not problems and isinstance(prompts, list) and isinstance(expected, list) and len(expected) != len(prompts):
        counts = f"{len(expected)} expected response(s) for {len(prompts)} prompt(s)"
        message = f"{counts}: prompts and expected_responses must have the same length (they are read in parallel)"
        problems.append(Problem("$.expected_responses", message))
    version = raw.get("schemaVersion")
    source = version if isinstance(version, str) else None
    if problems:
        return Upgrade({}, source, True, problems=problems)
    items: list[Any] = []
    for index, prompt in enumerate(prompts):
        item: dict[str, Any] = {"prompt": copy.deepcopy(prompt)}
        if isinstance(expected, list):
            item["expected_response"] = copy.deepcopy(expected[index])
        items.append(item)
    rest = {k: copy.deepcopy(v) for k, v in raw.items() if k not in ("prompts", "expected_responses", "schemaVersion")}
    document: dict[str, Any] = {"schemaVersion": SCHEMA_VERSION, **rest, "items": items}
    change = f"prompts and expected_responses arrays read as {len(items)} item(s)"
    return Upgrade(document, source, True, [change])


def _move_legacy(entry: dict[str, Any], allowed: frozenset[str], path: list[str | int], result: Upgrade) -> None:
    """Move the older fields of one item, thread or turn into its ``extensions``."""
    movable = [name for name in (*LEGACY_FIELDS, *NEWER_FIELDS) if name in entry and name not in allowed]
    if not movable:
        return
    extensions = entry.setdefault("extensions", {})
    if not isinstance(extensions, dict):
        return  # schema validation reports the bad ``extensions``; leave the fields where they are
    for name in movable:
        value = entry[name]
        if name in extensions and extensions[name] != value:
            result.problems.append(
                Problem(json_path([*path, name]), f"also given in extensions.{name} with a different value")
            )
            continue
        extensions[name] = entry.pop(name)
        result.changes.append(f"{json_path([*path, name])} moved to {json_path([*path, 'extensions', name])}")
