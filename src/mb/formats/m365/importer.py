"""Microsoft 365 evaluation documents -> MorganaBench examples.

A single-turn item becomes one example. A thread of N turns becomes N examples: turn k's ``inputs.messages``
holds the prompts and expected responses of turns 1..k-1 (as user/assistant pairs; a turn without an expected
response adds its prompt alone, no reply is made up) and then the k-th prompt.
``expected_response`` becomes ``expectations.expected_response`` (an empty or blank one means none and is kept in
``fields``), ``context`` becomes ``inputs.context``, and a
``category`` (moved to ``extensions.category`` by the upgrade) is also written to ``inputs.metadata.categories``
as ``{"category": ...}`` so MorganaBench breakdowns by category work.

Everything else is kept in the example's top-level ``m365`` object, so an export gives the document back:

``item_index``
    position of the item in the document's ``items`` (0-based).
``turn_index``, ``turn_count``
    threads only: position of the turn in its thread (0-based) and the thread's number of turns.
``thread``
    threads only: the thread's fields other than ``turns`` (``name``, ``description``, ``conversation_id``,
    ``extensions``, ``summary``...).
``fields``
    the item's (or turn's) fields other than ``prompt``, ``expected_response``, ``context``, ``evaluators`` and
    ``evaluators_mode``: ``extensions`` (with ``testId``, ``category``, ``notes``... of older documents), and the
    results of an output document (``response``, ``scores``, ``status``...).
``evaluators``, ``evaluators_mode``
    as written on the item or turn (absent when not written).
``document``
    the document's fields other than ``items``, ``schemaVersion`` and ``$schema``: ``default_evaluators``,
    ``description``, ``metadata``... (the same object on every example of the document).
``source_version``
    the ``schemaVersion`` the file declared (absent for a legacy document).

Data MorganaBench has and M365 has not (earlier messages that are not turns of the thread, tool-call assertions,
expected facts and guidelines, ``inputs.tools``, ``inputs.metadata``, a ``context`` that is not a string) travels
in an item's ``extensions.morganabench`` object (written by the export) and is restored here.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from ...entities import Example
from ...entities._misspelt import expectation_named, misspelt_key
from ...io import Problem, json_path
from .document import LoadedDocument, M365DocumentError, load_document

__all__ = [
    "M365_FIELD",
    "NATIVE_EXTENSION",
    "category_of",
    "document_to_examples",
    "document_units",
    "import_m365",
    "next_history",
    "take_native",
]

M365_FIELD = "m365"
"""The top-level extra field of an example that holds its M365 data."""

NATIVE_EXTENSION = "morganabench"
"""The key, in an item's ``extensions``, of the MorganaBench data M365 has no field for."""

_OWN_FIELDS = ("prompt", "expected_response", "context", "evaluators", "evaluators_mode")
_NATIVE_EXPECTATIONS = ("assertions", "extended_assertions", "expected_facts", "guidelines")
_NATIVE_KEYS = ("messages", *_NATIVE_EXPECTATIONS, "tools", "metadata", "context", "line")


def import_m365(path: str | os.PathLike[str]) -> list[Example]:
    """Read an evaluation document (any 1.x version or a legacy array) as examples; raises
    :class:`~mb.formats.m365.M365DocumentError` when the document is not valid."""
    return document_to_examples(load_document(path))


def document_to_examples(loaded: LoadedDocument) -> list[Example]:
    """Convert a loaded document to examples, in document order (a thread's turns consecutively)."""
    return [example for unit in document_units(loaded) for example in unit]


def document_units(loaded: LoadedDocument) -> list[list[Example]]:
    """Per item of the document, its examples: one for a single-turn item, one per turn for a thread.

    Raises :class:`~mb.formats.m365.M365DocumentError` when MorganaBench data carried in ``extensions`` is invalid.
    """
    document = loaded.document
    shared: dict[str, Any] = {"document": {k: v for k, v in document.items() if k not in _DOCUMENT_SKIP}}
    if loaded.source_version is not None:
        shared["source_version"] = loaded.source_version
    problems: list[Problem] = []
    ran = document.get("metadata", {}).get("extensions")  # as `mb runevals` writes it (an object: the schema says so)
    for holder, at in ((document, []), (document.get("extensions"), ["extensions"]), (ran, ["metadata", "extensions"])):
        problems.extend(_unread(holder, at, "on the document"))
    units: list[list[Example]] = []
    for index, item in enumerate(document["items"]):
        if "turns" in item:
            thread = {key: value for key, value in item.items() if key != "turns"}
            problems.extend(_unread(thread.get("extensions"), ["items", index, "extensions"], "on a thread"))
            examples: list[Example] = []
            history: list[dict[str, str]] = []
            for turn_index, turn in enumerate(item["turns"]):
                place = {"item_index": index, "turn_index": turn_index, "turn_count": len(item["turns"])}
                path: list[str | int] = ["items", index, "turns", turn_index]
                example = _example(turn, history, {**place, "thread": thread}, shared, path, problems, thread)
                said = [*history, {"role": "user", "content": turn["prompt"]}]
                if example is not None:
                    examples.append(example)
                    said = example.inputs.message_dicts()  # earlier messages kept in extensions may replace history
                history = next_history(said, turn)
            units.append(examples)
        else:
            example = _example(item, [], {"item_index": index}, shared, ["items", index], problems, None)
            units.append([] if example is None else [example])
    if problems:
        raise M365DocumentError(loaded.file, problems)
    return units


_DOCUMENT_SKIP = frozenset({"items", "schemaVersion", "$schema"})


def _expected(entry: dict[str, Any]) -> bool:
    """Whether the item or turn gives an expected response: an empty or blank one gives none."""
    return bool(str(entry.get("expected_response") or "").strip())


def next_history(said: list[dict[str, str]], turn: dict[str, Any]) -> list[dict[str, str]]:
    """The history the next turn of a thread sees: the messages so far, then the turn's expected response as the
    assistant's reply; a turn without one adds none (no reply is made up)."""
    if not _expected(turn):
        return said
    return [*said, {"role": "assistant", "content": turn["expected_response"]}]


def _example(
    entry: dict[str, Any],
    history: list[dict[str, str]],
    place: dict[str, Any],
    shared: dict[str, Any],
    path: list[str | int],
    problems: list[Problem],
    thread: dict[str, Any] | None,
) -> Example | None:
    """One example from a single-turn item or a turn."""
    if not entry["prompt"].strip():
        problems.append(Problem(json_path([*path, "prompt"]), "only white space; M365 prompts must not be empty"))
        return None
    fields = {key: value for key, value in entry.items() if key not in _OWN_FIELDS}
    if "expected_response" in entry and not _expected(entry):  # kept as written, so an export gives it back
        fields["expected_response"] = entry["expected_response"]
    native = take_native(fields, _NATIVE_KEYS)  # results stay in place
    problems.extend(_unread(fields.get("extensions"), [*path, "extensions"]))
    messages = native["messages"] if isinstance(native.get("messages"), list) else history
    inputs: dict[str, Any] = {"messages": [*messages, {"role": "user", "content": entry["prompt"]}]}
    if "context" in entry:  # the JSON value the export kept, unless the string was edited since
        kept = "context" in native and json.dumps(native["context"], ensure_ascii=False) == entry["context"]
        inputs["context"] = native["context"] if kept else entry["context"]
    metadata = dict(native["metadata"]) if isinstance(native.get("metadata"), dict) else {}
    category = category_of(fields, thread)
    if category is not None:
        metadata["categories"] = {**(metadata.get("categories") or {}), "category": category}
    if metadata:
        inputs["metadata"] = metadata
    if "tools" in native:
        inputs["tools"] = native["tools"]
    expectations: dict[str, Any] = {"expected_response": entry["expected_response"]} if _expected(entry) else {}
    expectations.update((key, native[key]) for key in _NATIVE_EXPECTATIONS if key in native)
    extra: dict[str, Any] = {**place, "fields": fields}
    extra.update((key, entry[key]) for key in ("evaluators", "evaluators_mode") if key in entry)
    extra.update(shared)
    line = native.get("line", {})  # the benchmark line's own fields (an id...)
    if not isinstance(line, dict):
        problems.append(Problem(json_path([*path, "extensions", NATIVE_EXTENSION, "line"]), "not an object"))
        return None
    try:
        return Example.model_validate({**line, "inputs": inputs, "expectations": expectations, M365_FIELD: extra})
    except ValidationError as exc:
        base = [*path, "extensions", NATIVE_EXTENSION]
        for error in exc.errors(include_url=False):
            loc = [part for part in error["loc"] if isinstance(part, (str, int))]
            problems.append(Problem(json_path([*base, *loc[1:]]), f"{error['msg']} (in {loc[0] if loc else '$'})"))
        return None


def _unread(extensions: Any, path: Sequence[str | int], where: str = "") -> list[Problem]:
    """MorganaBench data in ``extensions`` that would not be read: the ``morganabench`` object under another case
    (``MorganaBench``) or not an object, an expectation beside it (:func:`~mb.entities._misspelt.expectation_named`),
    a key of it misspelt (as in a line's ``expectations`` or ``inputs``) or an expected response (M365's own field),
    or ``where`` none is read (``on a thread``), its data or an expectation."""
    found: list[Problem] = []
    for key, value in extensions.items() if isinstance(extensions, dict) else ():
        why = None
        if key != NATIVE_EXTENSION and key.casefold() == NATIVE_EXTENSION:
            why = f'not read (MorganaBench data is read from "{NATIVE_EXTENSION}" alone); did you mean it?'
        elif key == NATIVE_EXTENSION and value and not isinstance(value, dict):
            why = "not read: MorganaBench data is an object of assertions, expected_facts, tools..."
        elif key != NATIVE_EXTENSION and (name := expectation_named(key, value)):
            why = _RESPONSE if name == "expected_response" else f'names an expectation ("{name}"), {_OUTSIDE}'
        if why is not None:
            found.append(Problem(json_path([*path, key]), why))
    own = extensions.get(NATIVE_EXTENSION) if isinstance(extensions, dict) else None
    for key, value in own.items() if isinstance(own, dict) else ():
        name = expectation_named(key, value)
        why = None if key in _NATIVE_KEYS else misspelt_key(_EXP, key, value) or misspelt_key("Inputs", key, value)
        if name == "expected_response" and key not in _NATIVE_KEYS:
            why = _RESPONSE
        elif where and (name or (key in _NATIVE_KEYS and value)):
            why = f"not read {where}: {_WHERE}"
        if why is not None:
            found.append(Problem(json_path([*path, NATIVE_EXTENSION, key]), why))
    return found


_EXP = "Expectations"
_RESPONSE = 'not read: the expected response is the "expected_response" field of the item or turn'
_WHERE = f"MorganaBench data is read from extensions.{NATIVE_EXTENSION} of each item or turn"
_OUTSIDE = f"not read outside extensions.{NATIVE_EXTENSION}: {_WHERE}"


def take_native(fields: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """Remove ``keys`` from the ``extensions.morganabench`` object of an item's ``fields`` (an object or extensions
    left empty go too); what was removed."""
    extensions = fields.get("extensions")
    if not isinstance(extensions, dict) or not isinstance(extensions.get(NATIVE_EXTENSION), dict):
        return {}
    own = dict(extensions[NATIVE_EXTENSION])
    native = {key: own.pop(key) for key in keys if key in own}
    extensions = dict(extensions)
    if own:
        extensions[NATIVE_EXTENSION] = own
    else:
        del extensions[NATIVE_EXTENSION]
    if extensions:
        fields["extensions"] = extensions
    else:
        del fields["extensions"]
    return native


def category_of(fields: Any, thread: Any) -> str | None:
    """The ``extensions.category`` of an item or turn's fields, else of its thread's."""
    for holder in (fields, thread):
        extensions = holder.get("extensions") if isinstance(holder, dict) else None
        if isinstance(extensions, dict) and isinstance(extensions.get("category"), str):
            category: str = extensions["category"]
            return category
    return None
