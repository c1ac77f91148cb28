"""Checking a whole benchmark file: what ``mb validate`` reads a file with.

Every line is read by :func:`~mb.io._reader.read_record`, the one reading that ``mb eval`` and ``mb run`` share:
the same lines, numbers, limits and errors as :func:`~mb.io.iter_records`, counted as they go. A large file is cut
into blocks of lines (:func:`~mb.io._reader.line_blocks`, as ``mb eval`` cuts it) that worker processes check side
by side, each returning only its counts and errors; the errors are given in line order all the same.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import IO

from ._errors import LineError, Problem
from ._limits import max_line_bytes as resolve_limit
from ._pool import auto_jobs, process_pool, submit
from ._reader import PathLike, iter_records, line_blocks, read_record, source_name

__all__ = ["Tally", "iter_line_errors"]

_BLOCK_LINES = 1024
"""Lines per block handed to a worker process, at most."""

_BLOCK_BYTES = 256 << 10
"""Bytes of lines per block handed to a worker process, about."""

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
    lines as they are read. A missing or unreadable file raises ``OSError``. ``jobs`` worker processes check the
    lines (default: one per CPU for a file of 32 MiB or more); the errors and counts are the same."""
    limit = resolve_limit(max_line_bytes)
    jobs = auto_jobs(source, _PARALLEL_FROM_BYTES) if jobs is None else jobs
    pool = process_pool(jobs, (__name__,)) if jobs > 1 else None
    if pool is None:
        for record in iter_records(source, executed=executed, max_line_bytes=limit):
            if record.error is None:
                tally.valid += 1
            else:
                tally.invalid += 1
                yield record.error
        return
    name = source_name(source)
    window: deque[tuple[_Lines, Future[_Checked]]] = deque()
    try:
        try:
            for block in line_blocks(source, limit, _BLOCK_LINES, _BLOCK_BYTES):
                window.append((block, submit(pool, check_block, name, executed, block)))
                if len(window) > 2 * jobs:
                    yield from _counted(window.popleft(), name, executed, tally)
        except OSError:  # the file cannot be read on (a gzip file cut short): the lines read before come first
            while window:
                yield from _counted(window.popleft(), name, executed, tally)
            raise
        while window:
            yield from _counted(window.popleft(), name, executed, tally)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


_Lines = list[tuple[int, bytes, Problem | None]]
_Checked = tuple[int, list[LineError]]


def _counted(item: tuple[_Lines, Future[_Checked]], name: str, executed: bool, tally: Tally) -> list[LineError]:
    """The errors of a block checked by a worker, counted in ``tally``; checked here when its worker died."""
    block, future = item
    try:
        valid, errors = future.result()
    except Exception:  # a broken pool: the block is checked here, so no line is lost or counted twice
        valid, errors = check_block(name, executed, block)
    tally.valid += valid
    tally.invalid += len(errors)
    return errors


def check_block(name: str, executed: bool, block: _Lines) -> _Checked:
    """A worker's task: (how many lines are valid, the errors of the others) of a block of lines of the file
    ``name``, read as :func:`~mb.io.iter_records` reads them."""
    valid = 0
    errors: list[LineError] = []
    for number, data, problem in block:
        error = read_record(data, file=name, line=number, executed=executed, problem=problem).error
        if error is None:
            valid += 1
        else:
            errors.append(error)
    return valid, errors
