"""MorganaBench examples (and their results) -> a Microsoft 365 evaluation document valid under schema 1.7.0.

Consecutive examples of the same thread (same ``m365.item_index`` and thread, increasing ``m365.turn_index``)
become one item with ``turns``; every other example becomes a single-turn item. Document-level fields come from
the first example that carries them. Examples with outputs get ``response`` (and ``citations``); with results they
also get ``scores``, ``status`` and ``error``, and threads a ``summary``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...entities import Example
from ...io import Problem, write_atomically
from ...results import ExampleResult
from ...results_join import check_join
from .document import M365DocumentError, dump_document
from .entries import Evaluated, build_entry, m365_data
from .importer import next_history
from .schema import SCHEMA_URI, SCHEMA_VERSION, schema_problems
from .status import Status, thread_summary

__all__ = ["Export", "build_document", "examples_to_document", "write_document"]


@dataclass
class Export:
    """A document built from examples, and the examples that could not be part of it."""

    document: dict[str, Any]
    """The document (valid under schema 1.7.0)."""

    left_out: list[str] = field(default_factory=list)
    """One message per example left out (e.g. an empty prompt), naming its position."""


@dataclass
class _Group:
    """One item being assembled: a single-turn item, or the consecutive turns of one thread."""

    key: tuple[Any, ...] | None
    """``(item_index, thread name, conversation_id)`` for a thread; None for a single-turn item."""

    thread: dict[str, Any] | None
    """The thread's fields other than ``turns``; None for a single-turn item."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    """The item (one entry) or the thread's turns, in order."""

    statuses: list[Status | None] = field(default_factory=list)
    """The status of each entry (None when it has no results)."""

    history: list[dict[str, str]] = field(default_factory=list)
    """The conversation an import rebuilds for the next turn of the thread."""

    last_turn: int = -1
    """The ``turn_index`` of the last turn added."""


def build_document(
    evaluated: Iterable[Evaluated], *, metadata: Mapping[str, Any] | None = None, source: str = "<examples>"
) -> Export:
    """Assemble a document from examples in order. ``metadata`` is merged into the document's ``metadata``.

    Raises :class:`~mb.formats.m365.M365DocumentError` when no item can be written or the M365 data carried by
    the examples does not form a valid document.
    """
    groups: list[_Group] = []
    left_out: list[str] = []
    document_fields: dict[str, Any] | None = None
    for position, item in enumerate(evaluated, start=1):
        data = m365_data(item.example)
        own_document: dict[str, Any] = data["document"] if isinstance(data.get("document"), dict) else {}
        if document_fields is None and (own_document or not data):
            document_fields = dict(own_document)
        if not item.example.inputs.messages[-1].content.strip():
            where = f"line {item.line}" if item.line is not None else f"example {position}"
            left_out.append(f"{source}: {where}: the prompt (last message) is empty; M365 prompts must not be empty")
            continue
        group = _group_for(groups, data)
        entry, status = build_entry(
            item,
            history=group.history if group.thread is not None else [],
            default_evaluators=own_document.get("default_evaluators"),
            document_defaults=(document_fields or {}).get("default_evaluators"),
        )
        group.entries.append(entry)
        group.statuses.append(status)
        if group.thread is not None:
            said = [*item.example.inputs.message_dicts()[:-1], {"role": "user", "content": entry["prompt"]}]
            group.history = next_history(said, entry)
    if not groups:
        raise M365DocumentError(source, [Problem("$", "no example to export: a document needs at least one item")])
    document = _document(document_fields or {}, metadata, [_item(group) for group in groups])
    problems = schema_problems(document)
    if problems:
        hint = " (the examples' m365 data does not form a valid document)"
        raise M365DocumentError(f"{source} -> document", [Problem(p.path, p.message + hint) for p in problems])
    return Export(document, left_out)


def _group_for(groups: list[_Group], data: dict[str, Any]) -> _Group:
    """The group an example joins: the current thread when it continues it, else a new group."""
    turn = data.get("turn_index")
    thread = data.get("thread") if isinstance(data.get("thread"), dict) else None
    if isinstance(turn, int) and thread is not None:
        key = (data.get("item_index"), thread.get("name"), thread.get("conversation_id"))
        if groups and groups[-1].key == key and turn > groups[-1].last_turn:
            groups[-1].last_turn = turn
            return groups[-1]
        groups.append(_Group(key, thread, last_turn=turn))
    else:
        groups.append(_Group(None, None))
    return groups[-1]


def _item(group: _Group) -> dict[str, Any]:
    if group.thread is None:
        return group.entries[0]
    item = {key: value for key, value in group.thread.items() if key != "summary"}
    item["turns"] = group.entries
    statuses = [status for status in group.statuses if status is not None]
    if len(statuses) == len(group.statuses):
        item["summary"] = thread_summary(statuses)
    return item


def _document(
    fields: dict[str, Any], metadata: Mapping[str, Any] | None, items: list[dict[str, Any]]
) -> dict[str, Any]:
    document: dict[str, Any] = {"$schema": SCHEMA_URI, "schemaVersion": SCHEMA_VERSION}
    merged = dict(fields.get("metadata") or {})
    for key, value in (metadata or {}).items():
        if key == "extensions" and isinstance(value, Mapping):
            merged["extensions"] = {**(merged.get("extensions") or {}), **value}
        else:
            merged[key] = value
    if merged:
        document["metadata"] = merged
    document.update((key, value) for key, value in fields.items() if key not in ("metadata", "items"))
    document["items"] = items
    return document


def examples_to_document(
    examples: Iterable[Example],
    *,
    results: Mapping[int, ExampleResult] | None = None,
    metadata: Mapping[str, Any] | None = None,
    source: str = "<examples>",
) -> Export:
    """Build a document from examples (executed or not). ``results`` maps a 1-based example position (the line
    of ``mb eval`` results) to its evaluation: those examples get scores and status. A result that names another
    example by its hash raises :class:`~mb.results_join.JoinMismatch`."""
    results = results or {}
    evaluated: list[Evaluated] = []
    for position, example in enumerate(examples, start=1):
        result = results.get(position)
        if result is not None:
            check_join(result, f"{source}:{position}", example)
        evaluated.append(Evaluated(example, result))
    return build_document(evaluated, metadata=metadata, source=source)


def write_document(document: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Write a document as indented JSON, creating the parent folder when needed."""
    write_atomically(path, [dump_document(dict(document))], compress=False)
