"""Checking a whole benchmark file: what ``mb validate`` reads a file with.

Every line is read once, by :func:`~mb.io._reader.read_record`, the one reading that ``mb eval`` and ``mb run``
share (the same lines, numbers, limits and errors as :func:`~mb.io.iter_records`, counted as they go), its unknown
keys found as ``mb eval`` finds them (:func:`~mb.io._typos.line_key_warnings`). A large file is cut into blocks of
lines (:func:`~mb.io._reader.line_blocks`, as ``mb eval`` cuts it) that worker processes check side by side, each
returning only its errors and warnings; they are given in line order all the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import IO

from ._errors import LineError, Problem
from ._limits import max_line_bytes as resolve_limit
from ._pool import auto_jobs, in_flight, process_pool, submit
from ._reader import PathLike, jsonl_lines, line_blocks, read_record, source_name
from ._typos import KeyWarning, line_key_warnings

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
    key_lines: int | None = 0,
) -> Iterator[LineError | KeyWarning]:
    """The error of every invalid non-blank line of ``source`` and the unknown keys (warnings) of its first
    ``key_lines`` lines (None: of every line), in line order (a line's error before its warnings); ``tally`` counts
    the valid and invalid lines as they are read. A missing or unreadable file raises ``OSError``. ``jobs`` worker
    processes check the lines (default: one per CPU for a file of 32 MiB or more); what they find is the same."""
    limit = resolve_limit(max_line_bytes)
    jobs = auto_jobs(source, _PARALLEL_FROM_BYTES) if jobs is None else jobs
    pool = process_pool(jobs, (__name__,)) if jobs > 1 else None
    name = source_name(source)
    if pool is None:
        yield from _check(name, executed, key_lines, jsonl_lines(source, limit), tally)
        return
    task = partial(check_block, name, executed, key_lines)
    try:
        blocks = line_blocks(source, limit, _BLOCK_LINES, _BLOCK_BYTES)
        for block, future in in_flight(blocks, partial(submit, pool, task), 2 * jobs):
            try:
                found = future.result()
            except Exception:  # a broken pool: the block is checked here, so no line is lost or counted twice
                found = task(block)
            invalid = sum(isinstance(item, LineError) for item in found)
            tally.valid += len(block) - invalid
            tally.invalid += invalid
            yield from found
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


_Line = tuple[int, bytes, Problem | None]
_Found = list[LineError | KeyWarning]


def _check(
    name: str, executed: bool, key_lines: int | None, lines: Iterable[_Line], tally: Tally
) -> Iterator[LineError | KeyWarning]:
    """The errors and warnings of ``lines`` of the file ``name``, each line read as :func:`~mb.io.iter_records`
    reads it, counted in ``tally``."""
    for number, data, problem in lines:
        record = read_record(data, file=name, line=number, executed=executed, problem=problem)
        if record.error is None:
            tally.valid += 1
        else:
            tally.invalid += 1
            yield record.error
        if problem is None and (key_lines is None or number <= key_lines):
            yield from line_key_warnings(data, file=name, line=number, record=record)


def check_block(name: str, executed: bool, key_lines: int | None, block: list[_Line]) -> _Found:
    """A worker's task: the errors and warnings (see :func:`iter_line_errors`) of a block of lines of the file
    ``name``."""
    return list(_check(name, executed, key_lines, block, Tally()))
