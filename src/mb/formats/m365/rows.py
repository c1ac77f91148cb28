"""An output document flattened for reports: one row per single-turn item or turn, and the status counts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .importer import NATIVE_EXTENSION

__all__ = ["Counts", "Row", "document_counts", "report_rows", "score_columns", "score_value"]

SCORE_ORDER = ("relevance", "coherence", "groundedness", "similarity", "citations", "exactMatch", "partialMatch")
"""Score keys in the order reports show them (other keys follow, sorted)."""


@dataclass
class Row:
    """One single-turn item or one turn of a thread."""

    item: int
    """1-based position of the item in the document."""

    turn: int | None
    """1-based position of the turn in its thread; None for a single-turn item."""

    label: str
    """The thread's name, or the item's ``name``/``testId`` from its extensions; empty when it has none."""

    prompt: str
    """The prompt sent to the agent."""

    expected: str
    """The expected response ("" when none)."""

    response: str
    """The agent's response ("" when none)."""

    status: str
    """``pass``, ``fail``, ``partial``, ``error``, or "" when not run."""

    error: str
    """The error message of the item or turn ("" when none)."""

    scores: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The ``scores`` object, by score key."""

    skipped: list[dict[str, str]] = field(default_factory=list)
    """Evaluators that did not run: ``{"evaluator", "reason"}``."""


@dataclass
class Counts:
    """Status counts of a document, by item (a thread counts once, by its overall status) and by turn."""

    items: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("pass", "fail", "partial", "error"), 0))
    """Items by status: single-turn items by their status, threads by their overall status."""

    rows: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("pass", "fail", "partial", "error"), 0))
    """Single-turn items and turns by status."""

    total_items: int = 0
    """Items in the document."""

    threads: int = 0
    """Items that are threads."""

    total_rows: int = 0
    """Single-turn items plus turns."""


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _skipped(entry: Mapping[str, Any]) -> list[dict[str, str]]:
    extensions = entry.get("extensions")
    native = extensions.get(NATIVE_EXTENSION) if isinstance(extensions, Mapping) else None
    skipped = native.get("skipped") if isinstance(native, Mapping) else None
    return [dict(s) for s in skipped if isinstance(s, Mapping)] if isinstance(skipped, list) else []


def _row(item: int, turn: int | None, label: str, entry: Mapping[str, Any]) -> Row:
    error = entry.get("error")
    scores = entry.get("scores")
    return Row(
        item=item,
        turn=turn,
        label=label,
        prompt=_text(entry.get("prompt")),
        expected=_text(entry.get("expected_response")),
        response=_text(entry.get("response")),
        status=_text(entry.get("status")),
        error=_text(error.get("message")) if isinstance(error, Mapping) else "",
        scores={k: dict(v) for k, v in scores.items() if isinstance(v, Mapping)} if isinstance(scores, Mapping) else {},
        skipped=_skipped(entry),
    )


def _label(entry: Mapping[str, Any]) -> str:
    if isinstance(entry.get("name"), str):
        return str(entry["name"])
    extensions = entry.get("extensions")
    if isinstance(extensions, Mapping):
        for key in ("name", "testId"):
            if isinstance(extensions.get(key), str):
                return str(extensions[key])
    return ""


def report_rows(document: Mapping[str, Any]) -> list[Row]:
    """One row per single-turn item or turn, in document order."""
    rows: list[Row] = []
    for index, item in enumerate(document.get("items") or [], start=1):
        if not isinstance(item, Mapping):
            continue
        if isinstance(item.get("turns"), list):
            label = _label(item)
            rows.extend(
                _row(index, number, label, turn)
                for number, turn in enumerate(item["turns"], start=1)
                if isinstance(turn, Mapping)
            )
        else:
            rows.append(_row(index, None, _label(item), item))
    return rows


def document_counts(document: Mapping[str, Any]) -> Counts:
    """Count items and rows by status."""
    counts = Counts()
    for item in document.get("items") or []:
        if not isinstance(item, Mapping):
            continue
        counts.total_items += 1
        if isinstance(item.get("turns"), list):
            counts.threads += 1
            summary = item.get("summary")
            status = summary.get("overall_status") if isinstance(summary, Mapping) else None
            entries = [turn for turn in item["turns"] if isinstance(turn, Mapping)]
        else:
            status, entries = item.get("status"), [item]
        if status in counts.items:
            counts.items[status] += 1
        for entry in entries:
            counts.total_rows += 1
            if entry.get("status") in counts.rows:
                counts.rows[entry["status"]] += 1
    return counts


def score_columns(rows: list[Row]) -> list[str]:
    """The score keys present in any row, in report order."""
    present = {key for row in rows for key in row.scores}
    return [key for key in SCORE_ORDER if key in present] + sorted(present - set(SCORE_ORDER))


def score_value(entry: Mapping[str, Any]) -> str:
    """The value shown for one score: the 1-5 or 0-1 score, the citation count, or match true/false."""
    if entry.get("result") == "error":
        return ""
    for key in ("score", "count"):
        value = entry.get(key)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            return str(value)
        if isinstance(value, float):
            return f"{round(value, 3):g}"
    if isinstance(entry.get("match"), bool):
        return "true" if entry["match"] else "false"
    return ""
