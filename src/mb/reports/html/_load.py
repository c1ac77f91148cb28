"""Reading what a report shows, one line at a time: results rows, and the executed lines they score.

Rows are read by the results model, which fills in defaults or raises ``ValueError("FILE:LINE: ...")``. Executed
lines are joined to rows by line number and, unless the run record's input digest proves the file is the one
evaluated, checked by the example's hash. Of an executed line the examples table takes the last user message, the
tools called and the latency; the drill-down gets the line's JSON as it is.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from ...io import iter_lines, read_record, source_name
from ...results import ExampleResult
from ...results_format import RunRecord, holds_scored_data, iter_results_file
from ...results_join import hash_of_line

__all__ = ["ExecutedCursor", "ExecutedLine", "Row", "find_executed", "number_or_none", "open_run"]


@dataclass
class Row:
    """One result row: the model, its JSON object (every field of the results model present) and its JSON text."""

    result: ExampleResult
    """The row as read by the results model."""

    data: dict[str, Any]
    """The row as a JSON object."""

    raw: bytes
    """The row as JSON text (the model's dump)."""


@dataclass
class OpenRun:
    """A results file being read: its run record, then its rows in file order (read as they are iterated)."""

    name: str
    """The file's name in messages and on the page."""

    record: RunRecord
    """The run record (a migrated one for results written before the format carried it)."""

    rows: Iterator[Row]
    """The result rows; raises ``ValueError("FILE:LINE: ...")`` at a line that is not a result."""


def _row(result: ExampleResult) -> Row:
    full = result.model_dump(mode="json")
    return Row(result, full, orjson.dumps(full))


def open_run(path: str | os.PathLike[str]) -> OpenRun:
    """Open a results file of any format (read by :func:`~mb.results_format.iter_results_file`) and read its run
    record. Raises ``ValueError`` for an empty file or a run record that does not read, ``OSError`` when the file
    cannot be read."""
    records: list[RunRecord] = []
    results = iter_results_file(path, records)
    first = next(results, None)  # the run record is read with the first line
    if first is None and records[0].results_format == 1:  # no run record either
        raise ValueError(f"{source_name(path)}: holds no result (the file is empty)")
    rows = itertools.chain(() if first is None else (first,), results)
    return OpenRun(source_name(path), records[0], map(_row, rows))


def find_executed(record: RunRecord, results_path: str | os.PathLike[str]) -> Path | None:
    """The executed benchmark named by the run record, when it still exists with the digest the run recorded
    (looked up as given, then beside the results file); None otherwise."""
    if not record.input_file or not record.input_sha256:
        return None
    given = Path(record.input_file)
    candidates = [given] if given.is_absolute() else [given, Path(results_path).parent / given]
    for candidate in candidates:
        with contextlib.suppress(OSError):
            if candidate.is_file() and holds_scored_data(candidate, record.input_sha256):
                return candidate
    return None


@dataclass
class ExecutedLine:
    """What the examples table takes from an executed line, and the line's JSON text for the drill-down."""

    raw: bytes
    """The line as JSON text."""

    request: str = ""
    """The last user message."""

    tools: tuple[str, ...] = ()
    """The tools the trace calls, in order of first call."""

    latency_ms: float | None = None
    """The agent's wall time on the example, when the runner recorded it."""


def number_or_none(value: Any) -> float | None:
    """A JSON number as a float; None for anything else (booleans included)."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _decode(data: bytes) -> ExecutedLine | None:
    """The line's table fields; None when the line is not a JSON object (or not UTF-8 text, which the page cannot
    embed as it is). A JSON object not shaped like an example is shown as it is, with the fields it has."""
    try:
        data.decode("utf-8")
        line = orjson.loads(data)
    except (UnicodeDecodeError, orjson.JSONDecodeError, RecursionError):
        return None
    if not isinstance(line, dict):
        return None
    inputs, outputs = _object(line.get("inputs")), _object(line.get("outputs"))
    request = ""
    for message in reversed(_list(inputs.get("messages"))):
        if isinstance(message, dict) and message.get("role") == "user" and isinstance(message.get("content"), str):
            request = " ".join(message["content"].split())
            break
    tools: dict[str, None] = {}
    for event in _list(outputs.get("trace")):
        if isinstance(event, dict) and event.get("event") == "tool_call" and isinstance(event.get("tool"), str):
            tools.setdefault(event["tool"])
    return ExecutedLine(data, request, tuple(tools), number_or_none(outputs.get("latency_ms")))


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


class ExecutedCursor:
    """The lines of an executed benchmark looked up by line number, read forward as the results ask for them (a
    results file lists its lines in order; asking for an earlier line reads the file again from its start)."""

    def __init__(self, path: str | os.PathLike[str], results_name: str, *, check_hashes: bool) -> None:
        self.path = path
        self.name = source_name(path)
        self._results = results_name
        self._check = check_hashes
        self._lines = iter_lines(path)
        self._pending: tuple[int, bytes] | None = None
        self._last = 0

    def _next(self) -> tuple[int, bytes] | None:
        if self._pending is not None:
            found, self._pending = self._pending, None
            return found
        return next(self._lines, None)

    def get(self, number: int, example_hash: str | None) -> ExecutedLine | None:
        """Line ``number``, or None when the file has no such line or it is not a JSON object. With hash checks,
        raises ``ValueError("FILE:LINE: ...")`` when the line holds another example than ``example_hash``."""
        if number <= self._last:
            self._lines, self._pending, self._last = iter_lines(self.path), None, 0
        while (item := self._next()) is not None:
            found, data = item
            if found > number:
                self._pending = item
                return None
            self._last = found
            if found < number:
                continue
            if (
                self._check
                and example_hash is not None
                and hash_of_line(read_record(data, file="", line=0).example) != example_hash
            ):
                raise ValueError(
                    f"{self.name}:{number}: this line holds another example than the one line {number} of "
                    f"{self._results} scores: the results were not computed from this file"
                )
            return _decode(data)
        return None
