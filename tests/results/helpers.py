"""Shared helpers of the results tests: evaluating a file through the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from mb.cli import main

DATA = Path(__file__).resolve().parent / "data"
"""The results tests' data: an executed benchmark with one failing line, and its results in format 1."""

EXECUTED = DATA / "executed.jsonl"
"""Four executed lines: the published three, and a copy of the first whose ``limit`` argument is wrong (line 2)."""

FORMAT_1 = DATA / "results-format-1.jsonl"
"""The results of :data:`EXECUTED` as MorganaBench wrote them before results were versioned."""


def run_eval(*args: str) -> Result:
    """``mb eval --judge lexical ARGS``."""
    return CliRunner().invoke(main, ["eval", "--judge", "lexical", *args])


def json_lines(path: Path) -> list[dict[str, Any]]:
    """Every line of a JSONL file, parsed."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def write_lines(path: Path, documents: list[dict[str, Any]]) -> Path:
    """Write documents as JSONL and return the path."""
    path.write_text("".join(json.dumps(document) + "\n" for document in documents), encoding="utf-8")
    return path
