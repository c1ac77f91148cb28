"""Checking a whole benchmark file: what ``mb validate`` reads a file with.

Every line is read by :func:`~mb.io._reader.read_record`, the one reading that ``mb eval`` and ``mb run`` share:
the same lines, numbers, limits and errors as :func:`~mb.io.iter_records`, counted as they go. A large plain file
is cut into ranges of whole lines (:func:`~mb.io._reader.line_ranges`) that worker processes check side by side,
each reading its own range and returning only its counts and errors; the errors are given in line order all the
same.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import IO

from ._errors import LineError
from ._inputs import note_input
from ._limits import max_line_bytes as resolve_limit
from ._limits import oversized
from ._lines import range_chunks, split_lines
from ._pool import auto_jobs, process_pool, submit
from ._reader import PathLike, iter_records, line_ranges, not_jsonl, read_record, source_name

__all__ = ["Tally", "iter_line_errors"]

_RANGE_BYTES = 1 << 20
"""The size of the ranges of lines handed to worker processes, about."""

_PARALLEL_FROM_BYTES = 32 << 20
"""Smaller files are checked in this process before worker processes would have started (about a second's work)."""


@dataclass(slots=True)
class Tally:
    """How many non-blank lines were found valid and invalid."""

    valid: int = 0
    """Lines that are valid examples."""

    invalid: int = 0
    """Lines that are not (each has had its error)."""


def iter_line_errors(
    source: PathLike | IO[bytes],
    tally: Tally,
    *,
    executed: bool = False,
    max_line_bytes: int | None = None,
    jobs: int | None = None,
) -> Iterator[LineError]:
    """The error of every invalid non-blank line of ``source``, in order; ``tally`` counts the valid and invalid
    lines as they are read. A missing or unreadable file raises ``OSError``. ``jobs`` worker processes check a
    plain file (default: one per CPU for a file of 32 MiB or more); the errors and counts are the same."""
    limit = resolve_limit(max_line_bytes)
    jobs = auto_jobs(source, _PARALLEL_FROM_BYTES) if jobs is None else jobs
    ranges = _ranges(source) if jobs > 1 else None
    pool = process_pool(jobs, (__name__,)) if ranges is not None else None
    if ranges is None or pool is None:
        for record in iter_records(source, executed=executed, max_line_bytes=limit):
            if record.error is None:
                tally.valid += 1
            else:
                tally.invalid += 1
                yield record.error
        return
    assert isinstance(source, (str, os.PathLike))  # ranges are of files alone
    note_input(source)
    task = (os.fspath(source), source_name(source), executed, limit)
    window: deque[tuple[tuple[int, int, int], Future[_Checked]]] = deque()
    try:
        for part in ranges:
            window.append((part, submit(pool, check_range, *task, *part)))
            if len(window) > 2 * jobs:
                yield from _counted(window.popleft(), task, tally)
        while window:
            yield from _counted(window.popleft(), task, tally)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _counted(
    item: tuple[tuple[int, int, int], Future[_Checked]], task: tuple[str, str, bool, int], tally: Tally
) -> list[LineError]:
    """The errors of a range checked by a worker, counted in ``tally``; checked here when its worker died."""
    part, future = item
    try:
        valid, errors = future.result()
    except OSError:
        raise
    except Exception:  # a broken pool: the range is checked here, so no line is lost or counted twice
        valid, errors = check_range(*task, *part)
    tally.valid += valid
    tally.invalid += len(errors)
    return errors


def _ranges(source: PathLike | IO[bytes]) -> Iterator[tuple[int, int, int]] | None:
    """The ranges of lines of a plain UTF-8 JSONL file; None for anything else (standard input, a stream, a pipe, a
    gzip or UTF-16 file, a pretty-printed JSON document: those are read in this process)."""
    if not isinstance(source, (str, os.PathLike)) or str(source) == "-" or not os.path.isfile(source):
        return None
    if not_jsonl(source) is not None:
        return None
    return line_ranges(source, _RANGE_BYTES)


_Checked = tuple[int, list[LineError]]


def check_range(path: str, name: str, executed: bool, limit: int, first: int, start: int, end: int) -> _Checked:
    """A worker's task: (how many lines are valid, the errors of the others) of the lines of ``path`` from byte
    ``start`` to ``end``, the first of them line ``first``, read as :func:`~mb.io.iter_records` reads them."""
    valid = 0
    errors: list[LineError] = []
    for number, data, size in split_lines(range_chunks(path, start, end), limit, first):
        problem = oversized(size, limit) if size else None
        error = read_record(data, file=name, line=number, executed=executed, problem=problem).error
        if error is None:
            valid += 1
        else:
            errors.append(error)
    return valid, errors
