"""HTML report of an output document: one self-contained page (inline CSS, no script, no external asset).

Summary counts come first, then a table with one row per single-turn item or turn, coloured by status; the turns
of a thread sit under a heading row with the thread's name and overall status. Every text is HTML-escaped.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from html import escape
from typing import Any

from ...io import write_atomically
from .rows import Row, document_counts, report_rows, score_columns, score_value

__all__ = ["html_report", "write_html"]

_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem;color:#1f2328;background:#fff}
h1{font-size:1.5rem;margin:0 0 .25rem}
.meta{color:#57606a;margin:0 0 1rem}
.cards{display:flex;gap:.75rem;flex-wrap:wrap;margin:1rem 0 1.5rem}
.card{border:1px solid #d0d7de;border-radius:6px;padding:.5rem .9rem;min-width:6rem}
.card b{display:block;font-size:1.4rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{border:1px solid #d0d7de;padding:.4rem .5rem;vertical-align:top;text-align:left}
th{background:#f6f8fa}
td.text{white-space:pre-wrap;max-width:28rem;overflow-wrap:anywhere}
tr.thread td{background:#eef1f4;font-weight:600}
.status{display:inline-block;padding:.05rem .45rem;border-radius:1rem;font-weight:600;font-size:.8rem}
.pass{background:#dafbe1;color:#116329}.fail{background:#ffebe9;color:#a40e26}
.partial{background:#fff8c5;color:#7d4e00}.error{background:#e9e2f7;color:#512a97}
.none{background:#eaeef2;color:#57606a}
.score{white-space:nowrap}.reason{color:#57606a;font-size:.8rem}
.skipped{color:#57606a;font-size:.8rem}
"""


def _status(status: str) -> str:
    kind = status if status in ("pass", "fail", "partial", "error") else "none"
    return f'<span class="status {kind}">{escape(status or "not run")}</span>'


def _card(label: str, value: int, kind: str = "") -> str:
    return f'<div class="card {kind}"><b>{value}</b>{escape(label)}</div>'


def _score_cell(entry: Mapping[str, Any] | None) -> str:
    if entry is None:
        return "<td></td>"
    result = str(entry.get("result", ""))
    if result == "error":
        return (
            f'<td class="score">{_status("error")}<div class="reason">{escape(str(entry.get("error", "")))}</div></td>'
        )
    threshold = entry.get("threshold")
    shown = score_value(entry) + (f" / {threshold:g}" if isinstance(threshold, (int, float)) else "")
    reason = entry.get("reason")
    note = f'<div class="reason">{escape(reason)}</div>' if isinstance(reason, str) and reason else ""
    return f'<td class="score">{_status(result)} {escape(shown)}{note}</td>'


def _row_html(row: Row, keys: list[str]) -> str:
    where = f"{row.item}" if row.turn is None else f"{row.item}.{row.turn}"
    name = "" if row.turn is not None else escape(row.label)
    error = f'<div class="reason">{escape(row.error)}</div>' if row.error else ""
    skipped = "".join(
        f'<div class="skipped">{escape(str(s.get("evaluator", "")))} not run: {escape(str(s.get("reason", "")))}</div>'
        for s in row.skipped
    )
    cells = [
        f"<td>{where}</td>",
        f"<td>{name}</td>",
        f'<td class="text">{escape(row.prompt)}</td>',
        f'<td class="text">{escape(row.expected)}</td>',
        f'<td class="text">{escape(row.response)}</td>',
        f"<td>{_status(row.status)}{error}{skipped}</td>",
        *(_score_cell(row.scores.get(key)) for key in keys),
    ]
    return f'<tr class="{escape(row.status or "none")}">{"".join(cells)}</tr>'


def _thread_heading(item: Mapping[str, Any], number: int, width: int) -> str:
    summary = item.get("summary") if isinstance(item.get("summary"), Mapping) else {}
    overall = str(summary.get("overall_status", "")) if summary else ""
    parts = [f"Thread {number}: {item.get('name') or 'unnamed'}"]
    if isinstance(item.get("description"), str):
        parts.append(f" — {item['description']}")
    if summary:
        parts.append(
            f" ({summary.get('turns_total', 0)} turns: {summary.get('turns_passed', 0)} passed, "
            f"{summary.get('turns_failed', 0)} failed, {summary.get('turns_partial', 0)} partial, "
            f"{summary.get('turns_errored', 0)} errored)"
        )
    text = escape("".join(parts))
    return f'<tr class="thread"><td colspan="{width}">{text} {_status(overall) if overall else ""}</td></tr>'


def html_report(document: Mapping[str, Any], *, title: str = "Evaluation report") -> str:
    """The report as one HTML page."""
    rows = report_rows(document)
    keys = score_columns(rows)
    counts = document_counts(document)
    metadata = document.get("metadata") if isinstance(document.get("metadata"), Mapping) else {}
    meta_parts = [
        f"{label}: {metadata[key]}"
        for key, label in (
            ("name", "Dataset"),
            ("agentName", "Agent"),
            ("evaluatedAt", "Evaluated"),
            ("cliVersion", "MorganaBench"),
        )
        if metadata and isinstance(metadata.get(key), str)
    ]
    cards = [
        _card("items", counts.total_items),
        _card("threads", counts.threads),
        *(_card(status, counts.items[status], status) for status in ("pass", "fail", "partial", "error")),
    ]
    if counts.threads:
        cards.append(_card("turns + single items", counts.total_rows))
    header = "".join(
        f"<th>{escape(name)}</th>" for name in ("#", "Name", "Prompt", "Expected", "Response", "Status", *keys)
    )
    body: list[str] = []
    items = document.get("items") or []
    shown_threads: set[int] = set()
    for row in rows:
        if row.turn is not None and row.item not in shown_threads:
            shown_threads.add(row.item)
            body.append(_thread_heading(items[row.item - 1], row.item, 6 + len(keys)))
        body.append(_row_html(row, keys))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>"
        f'<h1>{escape(title)}</h1><p class="meta">{escape(" · ".join(meta_parts))}</p>'
        f'<div class="cards">{"".join(cards)}</div>'
        f"<table><thead><tr>{header}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        "</body></html>\n"
    )


def write_html(document: Mapping[str, Any], path: str | os.PathLike[str], *, title: str = "Evaluation report") -> None:
    """Write the HTML report."""
    write_atomically(path, [html_report(document, title=title).encode("utf-8")], compress=False)
