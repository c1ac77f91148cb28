"""Writing an output document as a report: JSON (the document itself), CSV or HTML, chosen by file extension."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from ...errors import ConfigError
from .exporter import write_document
from .report_csv import write_csv
from .report_html import write_html

__all__ = ["report_format", "write_report"]

ReportFormat = Literal["json", "csv", "html"]

REPORT_EXTENSIONS: dict[str, ReportFormat] = {".json": "json", ".csv": "csv", ".html": "html", ".htm": "html"}
"""Report format by file extension (case-insensitive)."""


def report_format(path: str | os.PathLike[str]) -> ReportFormat | None:
    """The report format a path asks for, or None for an unknown extension."""
    return REPORT_EXTENSIONS.get(Path(path).suffix.lower())


def write_report(document: Mapping[str, Any], path: str | os.PathLike[str]) -> ReportFormat:
    """Write ``document`` to ``path`` in the format its extension names; returns the format.

    Raises ``ValueError`` for an extension that is not ``.json``, ``.csv``, ``.html`` or ``.htm``.
    """
    kind = report_format(path)
    if kind is None:
        raise ConfigError(f"{os.fspath(path)}: unknown report format (use .json, .csv or .html)")
    {"json": write_document, "csv": write_csv, "html": write_html}[kind](document, path)
    return kind
