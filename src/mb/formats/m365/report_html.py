"""The HTML report of an output document: the data the one report page of MorganaBench shows for it.

The page (:func:`mb.reports.html.render_page`, the template and script of ``mb report``) opens with the run's
figures: items by status (a thread counts once, by its overall status), turns by status when there are threads, and
per evaluator its passes, failures, errors, evaluators not run, threshold, mean score and a bar. Then a table with
one row per single-turn item or turn: its position, name (the thread's name, else the item's ``name`` or ``testId``;
the column is left out when no item has one), prompt, expected and actual response, status and one cell per
evaluator, with a status filter, a search box and sortable columns. A row opens in the drawer: its texts in full,
every evaluator's result, score, threshold and reason (with the citations a Citations score lists), and each
distinct evaluator error once with the evaluators that gave it. The page inserts every text as text.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from ..._version import __version__
from ...io import write_atomically
from ...reports.html import number_or_none, render_page
from .evaluators import EVALUATORS
from .rows import Row, document_counts, report_rows, score_columns, score_value
from .scores import NOT_RUN_PREFIX

__all__ = ["html_report", "report_data", "write_html"]

STATUSES = ("pass", "fail", "partial", "error")

_NAMES = {info.score_key: name for name, info in EVALUATORS.items()}
_EXTRA_NAMES = {"toolCalls": "Tool calls", "retrievalQuery": "RetrievalQuery", "retrievalResult": "RetrievalResult"}


def evaluator_name(key: str) -> str:
    """The evaluator's name for a ``scores`` key (``exactMatch`` -> ``ExactMatch``); unknown keys are kept."""
    return _NAMES.get(key) or _EXTRA_NAMES.get(key) or key


def score_outcome(entry: Mapping[str, Any]) -> str:
    """``pass``, ``fail``, ``error`` (the evaluator failed), ``none`` (it did not run) or ``""`` (no result)."""
    result = entry.get("result")
    if result == "error":
        return "none" if str(entry.get("error", "")).startswith(NOT_RUN_PREFIX) else "error"
    return result if result in ("pass", "fail") else ""


def score_number(entry: Mapping[str, Any]) -> float | None:
    """The number a score sorts and averages by: its score or count, a match as 1 or 0; None when it has none."""
    if entry.get("result") == "error":
        return None
    for key in ("score", "count"):
        if (value := number_or_none(entry.get(key))) is not None:
            return value
    match = entry.get("match")
    return (1.0 if match else 0.0) if isinstance(match, bool) else None


def _evaluators(rows: Sequence[Row], keys: Sequence[str]) -> list[dict[str, Any]]:
    """Per score key, in ``keys`` order, over every single-turn item and turn: its scores by outcome (``pass``,
    ``fail``, ``error``: the evaluator failed, ``none``: it did not run), the threshold (``3``), the range of
    thresholds (``3 to 4``) or ``""`` when none was given, and the mean of the scores that have a number (None when
    none has: see :func:`score_number`)."""
    figures = []
    for key in keys:
        counts = dict.fromkeys(("pass", "fail", "error", "none"), 0)
        values: list[float] = []
        thresholds: set[float] = set()
        for entry in (row.scores[key] for row in rows if key in row.scores):
            outcome = score_outcome(entry)
            if outcome:
                counts[outcome] += 1
            if (value := score_number(entry)) is not None:
                values.append(value)
            if (threshold := number_or_none(entry.get("threshold"))) is not None:
                thresholds.add(threshold)
        low, high = min(thresholds, default=0.0), max(thresholds, default=0.0)
        shown = "" if not thresholds else f"{low:g}" if low == high else f"{low:g} to {high:g}"
        mean = sum(values) / len(values) if values else None
        figures.append({"key": key, "name": evaluator_name(key), "counts": counts, "threshold": shown, "mean": mean})
    return figures


def _threshold(entry: Mapping[str, Any]) -> str | None:
    threshold = number_or_none(entry.get("threshold"))
    return f"{threshold:g}" if threshold is not None else None


def _cell(entry: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """An evaluator's cell in the table: its outcome, the value shown, its threshold and the number it sorts by."""
    if entry is None:
        return None
    outcome = score_outcome(entry) or "none"
    value = score_value(entry) or str(entry.get("result", ""))
    return {"outcome": outcome, "value": value, "threshold": _threshold(entry), "number": score_number(entry)}


def _citations(entry: Mapping[str, Any]) -> list[dict[str, str]]:
    cited = entry.get("citations")
    return [
        {"index": str(c.get("index", "")), "text": str(c.get("text", "")), "source": str(c.get("source") or "")}
        for c in (cited if isinstance(cited, list) else [])
        if isinstance(c, Mapping)
    ]


def _verdicts(row: Row, keys: Sequence[str]) -> list[dict[str, Any]]:
    """Every evaluator that gave a verdict: result, score, threshold, reason and the citations it lists."""
    verdicts = []
    for key in keys:
        entry = row.scores.get(key)
        if entry is None or score_outcome(entry) in ("error", "none"):
            continue
        reason, kind = entry.get("reason"), entry.get("format")
        verdicts.append(
            {
                "name": evaluator_name(key),
                "result": str(entry.get("result", "")),
                "value": score_value(entry),
                "threshold": _threshold(entry),
                "reason": reason if isinstance(reason, str) else "",
                "citations": _citations(entry),
                "format": kind if isinstance(kind, str) else None,
            }
        )
    return verdicts


def _problems(row: Row, keys: Sequence[str]) -> list[dict[str, Any]]:
    """Each distinct evaluator error once, with the evaluators that gave it, then the evaluators that did not run
    (the item's own error is its ``error``)."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for key in keys:
        entry = row.scores.get(key)
        if entry is not None and score_outcome(entry) in ("error", "none"):
            grouped.setdefault((score_outcome(entry), str(entry.get("error", ""))), []).append(evaluator_name(key))
    for skipped in row.skipped:
        text = f"Evaluator not run: {skipped.get('reason', '')}"
        grouped.setdefault(("none", text), []).append(str(skipped.get("evaluator", "")))
    return [
        {"outcome": outcome, "names": list(dict.fromkeys(names)), "text": text}
        for (outcome, text), names in grouped.items()
    ]


def _tags(item: Mapping[str, Any], label: str) -> list[str]:
    """The item's ``testId`` (when it is not already its name) and ``category``, from its extensions."""
    extensions = item.get("extensions")
    if not isinstance(extensions, Mapping):
        return []
    tags = [extensions[key] for key in ("testId", "category") if isinstance(extensions.get(key), str)]
    return [tag for tag in tags if tag != label]


def _thread(item: Mapping[str, Any]) -> dict[str, Any]:
    summary = item.get("summary") if isinstance(item.get("summary"), Mapping) else None
    counts = ""
    if summary:
        fields = (("turns_passed", "pass"), ("turns_failed", "fail"), ("turns_partial", "partial"))
        parts = [f"{summary.get(field, 0)} {label}" for field, label in (*fields, ("turns_errored", "error"))]
        counts = f"{summary.get('turns_total', 0)} turns: {', '.join(parts)}"
    return {
        "name": str(item["name"]) if isinstance(item.get("name"), str) else "unnamed",
        "status": str(summary.get("overall_status", "")) if summary else "",
        "turns": len(item["turns"]),
        "summary": counts,
        "description": item["description"] if isinstance(item.get("description"), str) else "",
    }


def _metadata_line(document: Mapping[str, Any]) -> str:
    metadata = document.get("metadata") if isinstance(document.get("metadata"), Mapping) else None
    if not metadata:
        return ""
    labels = (("name", "Dataset"), ("agentName", "Agent"), ("evaluatedAt", "Evaluated"), ("cliVersion", "Version"))
    return " · ".join(f"{label}: {metadata[key]}" for key, label in labels if isinstance(metadata.get(key), str))


def report_data(document: Mapping[str, Any], *, title: str = "Evaluation report") -> dict[str, Any]:
    """The data of the report page of an output document."""
    rows = report_rows(document)
    keys = score_columns(rows)
    items = document.get("items") or []
    threads = {str(row.item): _thread(items[row.item - 1]) for row in rows if row.turn is not None}
    return {
        "kind": "m365",
        "title": title,
        "subtitle": _metadata_line(document),
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "mb_version": __version__,
        "counts": dataclasses.asdict(document_counts(document)),
        "evaluators": _evaluators(rows, keys),
        "columns": [{"key": key, "name": evaluator_name(key)} for key in keys],
        "threads": threads,
        "rows": [
            {
                "item": row.item,
                "turn": row.turn,
                "label": row.label,
                "tags": _tags(items[row.item - 1], row.label),
                "prompt": row.prompt,
                "expected": row.expected,
                "response": row.response,
                "status": row.status if row.status in STATUSES else "none",
                "error": row.error,
                "skipped": len(row.skipped),
                "scores": [_cell(row.scores.get(key)) for key in keys],
                "verdicts": _verdicts(row, keys),
                "problems": _problems(row, keys),
            }
            for row in rows
        ],
    }


def html_report(document: Mapping[str, Any], *, title: str = "Evaluation report") -> str:
    """The report as one self-contained HTML page."""
    return render_page(report_data(document, title=title), "json").decode("utf-8")


def write_html(document: Mapping[str, Any], path: str | os.PathLike[str], *, title: str = "Evaluation report") -> None:
    """Write the HTML report."""
    write_atomically(path, [html_report(document, title=title).encode("utf-8")], compress=False)
