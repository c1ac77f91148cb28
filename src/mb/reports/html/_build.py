"""Building a report from results files: read them row by row, join executed lines, compare runs, render."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..._version import __version__
from ...compare import CompareError, compare_many
from ...errors import InputError
from ...results_format import ResultsFile, not_the_file_scored
from ._load import ExecutedCursor, find_executed, open_run
from ._page import Embedding, page_chunks
from ._payload import BLOCK_SIZE, BlockStore, Interner, RunBuilder

__all__ = ["ReportError", "build_report", "report_chunks"]


class ReportError(InputError):
    """The report cannot be built from these files (a message naming the file, and the line when there is one)."""


def _read_run(
    path: str | os.PathLike[str],
    given: str | os.PathLike[str] | None,
    strings: dict[str, Interner],
    example_ids: Interner,
    store: BlockStore,
    keep_results: bool,
    warn: Callable[[str], None],
) -> RunBuilder:
    run = open_run(path)
    found = given if given is not None else find_executed(run.record, path)  # a file given: its hashes checked
    cursor = None if found is None else ExecutedCursor(found, run.name, check_hashes=given is not None)
    if found is None:
        record = run.record
        where = (
            f"the executed benchmark its run record names ({record.input_file}) is not there unchanged, as given or "
            "beside it"
            if record.input_file and record.input_sha256
            else "its run record names no executed benchmark"
        )
        warn(
            f"{run.name}: {where}; the page shows its verdicts without conversations, traces or responses: give the "
            "executed benchmark with --executed FILE"
        )
    builder = RunBuilder(
        run.name,
        run.record,
        cursor.name if cursor is not None else None,
        strings,
        example_ids,
        store,
        keep_results=keep_results,
    )
    for row in run.rows:
        line = cursor.get(row.data["line"], row.data.get("example_hash")) if cursor is not None else None
        builder.add(row, line)
    if builder.count == 0:
        raise ValueError(f"{run.name}: holds no result line (only its run record)")
    other_run = None if given is None else not_the_file_scored(run.name, run.record, given)
    if other_run is not None:
        warn(other_run)
    return builder


def _warn(message: str) -> None:
    warnings.warn(message, stacklevel=4)


def build_report(
    results: Sequence[str | os.PathLike[str]],
    *,
    executed: Sequence[str | os.PathLike[str] | None] = (),
    embedding: Embedding | None = None,
    title: str | None = None,
    warn: Callable[[str], None] = _warn,
) -> bytes:
    """The HTML report of :func:`report_chunks`, whole."""
    return b"".join(report_chunks(results, executed=executed, embedding=embedding, title=title, warn=warn))


def report_chunks(
    results: Sequence[str | os.PathLike[str]],
    *,
    executed: Sequence[str | os.PathLike[str] | None] = (),
    embedding: Embedding | None = None,
    title: str | None = None,
    warn: Callable[[str], None] = _warn,
) -> Iterator[bytes]:
    """The HTML report of one or more results files of ``mb eval -o`` (the first is the base of comparisons).

    ``executed`` gives the executed benchmark of each results file, in order (None: the one its run record names,
    when it is still there unchanged); its lines are checked to hold the examples the results score. ``embedding``
    chooses plain JSON or gzip+base64 for the data (None: gzip when the drill-down data is large). ``warn`` is
    called with a message for each run whose executed benchmark is not at hand, or is not the file its results were
    computed from (default: a ``UserWarning``).

    The files are read when this is called, raising :class:`ReportError` for files that do not read or do not
    belong together, ``OSError`` when a file cannot be read; the page comes in pieces as it is iterated (no copy of
    the whole page is held).
    """
    if not results:
        raise ReportError("no results file given")
    if len(executed) > len(results):
        raise ReportError(f"{len(executed)} executed benchmark(s) given for {len(results)} results file(s)")
    given = [*executed, *([None] * (len(results) - len(executed)))]
    strings = {kind: Interner() for kind in ("cats", "tools", "matchers")}
    example_ids = Interner()
    store = BlockStore(embedding)
    several = len(results) > 1
    try:
        runs = [
            _read_run(path, other, strings, example_ids, store, several, warn)
            for path, other in zip(results, given, strict=True)
        ]
    except ValueError as exc:
        raise ReportError(str(exc)) from None
    comparisons = []
    if several:
        files = [ResultsFile(run.record, run.results, run.name) for run in runs]
        try:
            comparisons = compare_many(files[0], files[1:])
        except CompareError as exc:
            raise ReportError(str(exc)) from None
    data: list[dict[str, Any]] = []
    for run in runs:
        entry = run.finish()
        entry["blocks"] = store.blocks(entry.pop("block_run"))
        data.append(entry)
    payload = {
        "title": title or "MorganaBench report: " + ", ".join(Path(run.name).name for run in runs),
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "mb_version": __version__,
        "block_size": BLOCK_SIZE,
        "strings": {kind: list(interner) for kind, interner in strings.items()},
        "runs": data,
        "comparisons": [comparison.model_dump(mode="json") for comparison in comparisons],
    }
    return page_chunks(payload, store.chosen)
