"""HTML report of an output document: one self-contained page (inline CSS and script, no external asset).

The page opens with the run's figures: items by status (a thread counts once, by its overall status), turns by
status when there are threads, and per evaluator its passes, failures, errors, evaluators not run, mean score and a
bar. Then a table with one row per single-turn item or turn: the name (the thread's name, else the item's ``name``
or ``testId``; the column is left out when no item has one), prompt, expected and actual response clamped to a few
lines, the status with the item's error, and one compact cell per evaluator. A row expands in place: its texts in
full, then every evaluator's score, threshold and reason, and the evaluators that failed or did not run, each
distinct error text once. A status filter, a search box and sortable columns work in plain script; a long report
shows its first rows and more on request, so it stays quick to open.

Every text from the document is HTML-escaped when the page is written; the script only moves and hides rows.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ...io import write_atomically
from .report_assets import REPORT_SCRIPT, REPORT_STYLE
from .report_summary import evaluator_name, evaluator_stats, score_number, score_outcome, svg_bar
from .rows import Counts, Row, document_counts, report_rows, score_columns, score_value

__all__ = ["html_report", "write_html"]

_ASCENDING = ' aria-sort="ascending"'
_NO_ROWS = '<p class="why" id="no-rows">The document has no items.</p>'

STATUSES = ("pass", "fail", "partial", "error")
PAGE_ROWS = 200
"""Rows shown at first (and added by each "Show more"): a long report stays quick to open, filter and sort."""
_LONG_TOKEN = re.compile(r"(\S{30,})")
"""Tokens this long (URLs, identifiers) may break anywhere; words never break."""


def _text(value: str) -> str:
    """``value`` escaped, with long tokens marked so they alone may wrap mid-token."""
    parts = _LONG_TOKEN.split(value)
    return "".join(
        f'<span class="long">{escape(part)}</span>' if index % 2 else escape(part) for index, part in enumerate(parts)
    )


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


def _status(status: str) -> str:
    kind = status if status in STATUSES else "none"
    return f'<span class="status {kind}">{escape(status or "no status")}</span>'


def _card(label: str, value: int, kind: str = "") -> str:
    return f'<div class="card {kind}" data-count="{_attr(label)}"><b>{value}</b><span>{escape(label)}</span></div>'


def _clamped(value: str, css: str = "clamp") -> str:
    if not value:
        return '<span class="empty-text">—</span>'
    return f'<div class="{css}">{_text(value)}</div>'


def _score_cell(entry: Mapping[str, Any] | None) -> str:
    if entry is None:
        return '<td class="c-score"></td>'
    outcome = score_outcome(entry)
    if outcome in ("error", "none"):
        label = "error" if outcome == "error" else "not run"
        return f'<td class="c-score {outcome}"><span class="v">{label}</span></td>'
    threshold = entry.get("threshold")
    limit = f" <small>/ {threshold:g}</small>" if isinstance(threshold, (int, float)) else ""
    shown = score_value(entry) or escape(str(entry.get("result", "")))
    return f'<td class="c-score {outcome}"><span class="v">{escape(shown)}</span>{limit}</td>'


def _evaluator_rows(row: Row, keys: Sequence[str]) -> str:
    lines = []
    for key in keys:
        entry = row.scores.get(key)
        if entry is None or score_outcome(entry) in ("error", "none"):
            continue
        threshold = entry.get("threshold")
        reason = entry.get("reason")
        lines.append(
            f"<tr><th>{escape(evaluator_name(key))}</th><td>{_status(str(entry.get('result', '')))}</td>"
            f"<td>{escape(score_value(entry))}</td>"
            f"<td>{escape(f'{threshold:g}') if isinstance(threshold, (int, float)) else ''}</td>"
            f'<td class="reason">{_text(reason) if isinstance(reason, str) else ""}{_citations(entry)}</td></tr>'
        )
    if not lines:
        return ""
    head = "<tr><th>Evaluator</th><th>Result</th><th>Score</th><th>Threshold</th><th>Reason</th></tr>"
    return f'<table class="scores"><thead>{head}</thead><tbody>{"".join(lines)}</tbody></table>'


def _citations(entry: Mapping[str, Any]) -> str:
    """The citations a Citations score lists (``[n] text — source``), with the format it detected."""
    cited = entry.get("citations")
    lines = [
        f"<li>[{escape(str(c.get('index', '')))}] {_text(str(c.get('text', '')))}"
        + (f' <span class="source">— {_text(str(c["source"]))}</span>' if c.get("source") else "")
        + "</li>"
        for c in (cited if isinstance(cited, list) else [])
        if isinstance(c, Mapping)
    ]
    kind = entry.get("format")
    note = f'<div class="why">citation format: {escape(kind)}</div>' if isinstance(kind, str) else ""
    return note + (f'<ul class="cited">{"".join(lines)}</ul>' if lines else "")


def _problems(row: Row, keys: Sequence[str]) -> str:
    """Each distinct evaluator error once, with the evaluators that gave it, then the evaluators that did not run
    (the item's own error is in its status cell)."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for key in keys:
        entry = row.scores.get(key)
        if entry is not None and score_outcome(entry) in ("error", "none"):
            grouped.setdefault((score_outcome(entry), str(entry.get("error", ""))), []).append(evaluator_name(key))
    for skipped in row.skipped:
        text = f"Evaluator not run: {skipped.get('reason', '')}"
        grouped.setdefault(("none", text), []).append(str(skipped.get("evaluator", "")))
    items = []
    for (outcome, text), names in grouped.items():
        unique = list(dict.fromkeys(names))
        items.append(f'<li class="{outcome}"><b>{escape(", ".join(unique))}</b>: {_text(text)}</li>')
    return f'<ul class="problems">{"".join(items)}</ul>' if items else ""


def _detail(row: Row, keys: Sequence[str], width: int) -> str:
    """The row's expansion (its texts are unclamped in place): every evaluator's verdict, then the problems."""
    content = _evaluator_rows(row, keys) + _problems(row, keys) or '<p class="why">No evaluator ran.</p>'
    return f'<tr class="detail"><td colspan="{width}"><div class="inner">{content}</div></td></tr>'


def _where(row: Row) -> str:
    return f"{row.item}" if row.turn is None else f"{row.item}.{row.turn}"


def _name_cell(row: Row, turns: int, tags: Sequence[str]) -> str:
    name = _text(row.label) if row.label else '<span class="empty-text">—</span>'
    turn = f'<span class="turn-of">turn {row.turn} of {turns}</span>' if row.turn is not None else ""
    labels = "".join(f'<span class="tag">{escape(tag)}</span>' for tag in tags)
    return f'<td class="c-name">{name}{turn}{labels}</td>'


def _tags(item: Mapping[str, Any], label: str) -> list[str]:
    """The item's ``testId`` (when it is not already its name) and ``category``, from its extensions."""
    extensions = item.get("extensions")
    if not isinstance(extensions, Mapping):
        return []
    tags = [extensions[key] for key in ("testId", "category") if isinstance(extensions.get(key), str)]
    return [tag for tag in tags if tag != label]


def _row_group(row: Row, order: int, keys: Sequence[str], item: Mapping[str, Any], show_names: bool) -> str:
    status = row.status if row.status in STATUSES else "none"
    data = [f'data-order="{order}"', f'data-status="{status}"', f'data-name="{_attr(row.label)}"']
    if row.turn is not None:
        data.append(f'data-thread="{row.item}"')
    for number, key in enumerate(keys):
        entry = row.scores.get(key)
        value = score_number(entry) if entry is not None else None
        if value is not None:
            data.append(f'data-score{number}="{value:g}"')
    turns = len(item["turns"]) if isinstance(item.get("turns"), list) else 0
    why = _clamped(row.error, "why clamp") if row.error else ""
    not_run = f'<div class="why">{len(row.skipped)} evaluator(s) not run</div>' if row.skipped else ""
    cells = [
        f'<td class="c-num"><button type="button" class="more" aria-expanded="false" '
        f'title="Show details">{_where(row)}</button></td>',
        _name_cell(row, turns, _tags(item, row.label)) if show_names else "",
        f'<td class="c-text prompt">{_clamped(row.prompt)}</td>',
        f'<td class="c-text expected">{_clamped(row.expected)}</td>',
        f'<td class="c-text response">{_clamped(row.response)}</td>',
        f'<td class="c-status">{_status(row.status)}{why}{not_run}</td>',
        *(_score_cell(row.scores.get(key)) for key in keys),
    ]
    width = 5 + int(show_names) + len(keys)
    css = "row later" if order > PAGE_ROWS else "row"
    return (
        f'<tbody class="{css}" {" ".join(data)}><tr class="main">{"".join(cells)}</tr>{_detail(row, keys, width)}'
        "</tbody>"
    )


def _thread_heading(item: Mapping[str, Any], number: int, width: int, later: bool) -> str:
    summary = item.get("summary") if isinstance(item.get("summary"), Mapping) else None
    overall = str(summary.get("overall_status", "")) if summary else ""
    name = str(item["name"]) if isinstance(item.get("name"), str) else "unnamed"
    parts = [f"Thread {number}: {_text(name)}"]
    if overall:
        parts.append(_status(overall))
    if summary:
        counts = ", ".join(
            f"{summary.get(field, 0)} {label}"
            for field, label in (
                ("turns_passed", "pass"),
                ("turns_failed", "fail"),
                ("turns_partial", "partial"),
                ("turns_errored", "error"),
            )
        )
        parts.append(f'<span class="sub">{summary.get("turns_total", 0)} turns: {escape(counts)}</span>')
    if isinstance(item.get("description"), str):
        parts.append(f'<span class="sub">— {_text(item["description"])}</span>')
    css = "thread later" if later else "thread"
    return f'<tbody class="{css}" data-thread="{number}"><tr><th colspan="{width}">{" ".join(parts)}</th></tr></tbody>'


def _summary(counts: Counts, rows: Sequence[Row], keys: Sequence[str]) -> str:
    cards = [
        _card("items", counts.total_items),
        *(_card(status, counts.items[status], status) for status in STATUSES),
    ]
    if counts.threads:
        cards.append(_card("threads", counts.threads))
    bar = svg_bar([(status, counts.items[status]) for status in STATUSES], width=320, height=14)
    html = [f'<section class="summary"><div class="cards" id="status-cards">{"".join(cards)}</div>{bar}']
    if counts.threads:
        by_status = ", ".join(f'<span data-rows="{s}">{counts.rows[s]}</span> {s}' for s in STATUSES)
        html.append(
            f'<p class="turns">Single-turn items and turns: <span data-rows="total">{counts.total_rows}</span> '
            f"({by_status})</p>"
        )
    stats = evaluator_stats(rows, keys)
    if stats:
        head = "".join(
            f"<th>{label}</th>" for label in ("Evaluator", "Pass", "Fail", "Error", "Not run", "Threshold", "Mean", "")
        )
        body = []
        for stat in stats:
            mean = f"{stat.mean:.2f}" if stat.mean is not None else "—"
            cells = "".join(f'<td data-k="{k}">{stat.counts[k]}</td>' for k in ("pass", "fail", "error", "none"))
            parts = [(k, stat.counts[k]) for k in ("pass", "fail", "error", "none")]
            body.append(
                f'<tr data-evaluator="{_attr(stat.key)}"><th>{escape(stat.name)}</th>{cells}'
                f'<td data-k="threshold">{stat.threshold_text}</td>'
                f'<td data-k="mean">{mean}</td><td>{svg_bar(parts, label=stat.name)}</td></tr>'
            )
        html.append(
            f'<h2>Evaluators</h2><p class="meta">Over {counts.total_rows} single-turn item(s) and turn(s).</p>'
            '<table class="evaluators">'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        )
    html.append("</section>")
    return "".join(html)


def _controls(counts: Counts, rows: Sequence[Row]) -> str:
    present = [s for s in (*STATUSES, "none") if any((r.status if r.status in STATUSES else "none") == s for r in rows)]
    boxes = "".join(
        f'<label><input type="checkbox" value="{s}" checked> {_status(s if s != "none" else "")} '
        f'<span class="n">{sum(1 for r in rows if (r.status if r.status in STATUSES else "none") == s)}</span></label>'
        for s in present
    )
    return (
        f'<div class="controls"><fieldset id="filters"><legend>Show</legend>{boxes}</fieldset>'
        '<input type="search" id="search" placeholder="Search texts, names and errors" '
        'aria-label="Search">'
        '<button type="button" id="expand-all" aria-pressed="false">Expand all</button>'
        f'<span id="shown">{counts.total_rows} of {counts.total_rows} rows shown</span></div>'
    )


def _metadata_line(document: Mapping[str, Any]) -> str:
    metadata = document.get("metadata") if isinstance(document.get("metadata"), Mapping) else None
    if not metadata:
        return ""
    labels = (("name", "Dataset"), ("agentName", "Agent"), ("evaluatedAt", "Evaluated"), ("cliVersion", "Version"))
    parts = [f"{label}: {metadata[key]}" for key, label in labels if isinstance(metadata.get(key), str)]
    return f'<p class="meta">{_text(" · ".join(parts))}</p>' if parts else ""


def html_report(document: Mapping[str, Any], *, title: str = "Evaluation report") -> str:
    """The report as one HTML page."""
    rows = report_rows(document)
    keys = score_columns(rows)
    counts = document_counts(document)
    show_names = any(row.label for row in rows)
    width = 5 + int(show_names) + len(keys)
    sortable = [("order", "#", "c-num"), ("name", "Name", "c-name")] if show_names else [("order", "#", "c-num")]
    header = [f'<th class="{cls}" data-sort="{key}"{_ASCENDING if key == "order" else ""}>'
              f'<button type="button" class="sort">{label}</button></th>' for key, label, cls in sortable]  # fmt: skip
    header += [f'<th class="c-text">{label}</th>' for label in ("Prompt", "Expected", "Response")]
    header.append('<th class="c-status" data-sort="status"><button type="button" class="sort">Status</button></th>')
    header += [
        f'<th class="c-score" data-sort="score{n}" data-key="{_attr(key)}"><button type="button" class="sort">'
        f"{escape(evaluator_name(key))}</button></th>"
        for n, key in enumerate(keys)
    ]
    items = document.get("items") or []
    body: list[str] = []
    shown_threads: set[int] = set()
    for order, row in enumerate(rows, start=1):
        item = items[row.item - 1]
        if row.turn is not None and row.item not in shown_threads:
            shown_threads.add(row.item)
            body.append(_thread_heading(item, row.item, width, order > PAGE_ROWS))
        body.append(_row_group(row, order, keys, item, show_names))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{REPORT_STYLE}</style>"
        '<script>document.documentElement.classList.add("js")</script></head><body>'
        f"<h1>{escape(title)}</h1>{_metadata_line(document)}{_summary(counts, rows, keys)}"
        f"<h2>Results</h2>{_controls(counts, rows)}"
        f'<div class="tablewrap"><table class="results" id="results" data-page="{PAGE_ROWS}">'
        f"<thead><tr>{''.join(header)}</tr></thead>{''.join(body)}</table></div>"
        f'<button type="button" id="more-rows" hidden>Show {PAGE_ROWS} more</button>'
        f"{'' if rows else _NO_ROWS}"
        f"<script>{REPORT_SCRIPT}</script></body></html>\n"
    )


def write_html(document: Mapping[str, Any], path: str | os.PathLike[str], *, title: str = "Evaluation report") -> None:
    """Write the HTML report."""
    write_atomically(path, [html_report(document, title=title).encode("utf-8")], compress=False)
