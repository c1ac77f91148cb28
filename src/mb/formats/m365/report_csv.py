"""CSV report of an output document: one row per single-turn item or turn, three columns per score."""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Mapping
from typing import Any

from ...io import write_atomically
from .rows import report_rows, score_columns, score_value

__all__ = ["csv_report", "write_csv"]

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet program read a cell as a formula."""

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def safe_cell(value: str) -> str:
    """A cell a spreadsheet shows as text, never runs: one starting like a formula gets a leading ``'`` (OWASP's
    advice against CSV injection); plain numbers are left alone."""
    if value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


_FIXED = ("item", "turn", "name", "prompt", "expected_response", "response", "status", "error")


def csv_report(document: Mapping[str, Any]) -> str:
    """The CSV text: fixed columns (with the item's or turn's ``status`` and ``error``), then ``<score>`` (the
    value, or the error of an evaluator that failed), ``<score>_result`` and ``<score>_reason`` per score key, then
    ``skipped`` (evaluators that did not run, ``Name: reason`` separated by ``; ``)."""
    rows = report_rows(document)
    keys = score_columns(rows)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")  # RFC 4180: cells holding CR or LF are quoted
    header = [*_FIXED, *(name for key in keys for name in (key, f"{key}_result", f"{key}_reason")), "skipped"]
    writer.writerow([safe_cell(cell) for cell in header])
    for row in rows:
        cells: list[str] = [
            str(row.item),
            "" if row.turn is None else str(row.turn),
            row.label,
            row.prompt,
            row.expected,
            row.response,
            row.status,
            row.error,
        ]
        for key in keys:
            entry = row.scores.get(key)
            if entry is None:
                cells += ["", "", ""]
            else:
                result = str(entry.get("result", ""))
                value = str(entry.get("error", "")) if result == "error" else score_value(entry)
                cells += [value, result, str(entry.get("reason", ""))]
        cells.append("; ".join(f"{s.get('evaluator', '')}: {s.get('reason', '')}" for s in row.skipped))
        writer.writerow([safe_cell(cell) for cell in cells])
    return buffer.getvalue()


def write_csv(document: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Write the CSV report (UTF-8 with a BOM, so spreadsheet programs read non-ASCII text correctly)."""
    write_atomically(path, [csv_report(document).encode("utf-8-sig")], compress=False)
