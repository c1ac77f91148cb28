"""Checking a whole benchmark file at the speed of its JSON parse: what ``mb validate`` reads a file with.

Valid lines are the common case: a plain file is read in large blocks of whole lines, each block is checked by
:func:`~mb.io._check.uncertain_lines` and its valid lines counted, and only a line it cannot prove valid is parsed
and validated by the data model, which gives the error. Lines, numbers, limits and errors are exactly those of
:func:`~mb.io.iter_documents`.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

from ._check import certainly_valid, uncertain_lines
from ._errors import LineError, Problem
from ._limits import max_line_bytes as resolve_limit
from ._limits import oversized
from ._lines import JSON_SPACE, line_batches
from ._reader import (
    _BOM,
    _NOT_JSONL,
    _UTF16_BOMS,
    PathLike,
    _load,
    _open,
    compressed_error,
    jsonl_lines,
    parse_document,
    pretty_printed,
    source_name,
)

__all__ = ["Tally", "iter_line_errors"]

_CHUNK = 1 << 20


@dataclass(slots=True)
class Tally:
    """How many non-blank lines were found valid and invalid."""

    valid: int = 0
    """Lines that are valid examples."""

    invalid: int = 0
    """Lines that are not (each has had its error)."""


def _full(name: str, number: int, data: bytes, executed: bool) -> LineError | None:
    """The error of a line the fast check could not prove valid, or None when the model accepts it."""
    document, problem = _load(data)
    if problem is not None:
        return LineError(name, number, (problem,))
    parsed = parse_document(document, file=name, line=number, executed=executed)
    return parsed if isinstance(parsed, LineError) else None


def _chunks(stream: IO[bytes]) -> Iterator[bytes]:
    """The content of a plain UTF-8 stream in large chunks, a leading BOM removed."""
    read = getattr(stream, "read1", stream.read)  # read1: what a pipe has now, not a full chunk
    chunk = read(_CHUNK)
    if chunk.startswith(_BOM):
        chunk = chunk[len(_BOM) :]
    while chunk:
        yield chunk
        chunk = read(_CHUNK)


def iter_line_errors(
    source: PathLike | IO[bytes], tally: Tally, *, executed: bool = False, max_line_bytes: int | None = None
) -> Iterator[LineError]:
    """The error of every invalid non-blank line of ``source``, in order; ``tally`` counts the valid and invalid
    lines as they are read. The same lines, errors and limits as :func:`~mb.io.iter_documents`; a missing or
    unreadable file raises ``OSError``."""
    name = source_name(source)
    limit = resolve_limit(max_line_bytes)
    stream, must_close = _open(source)
    try:
        peek = getattr(stream, "peek", None)
        head = peek(3)[:3] if peek is not None else b""
        if not isinstance(stream, gzip.GzipFile) and head[:2] not in _UTF16_BOMS:
            yield from _check_batches(name, line_batches(_chunks(stream), limit), tally, executed, limit)
            return
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:  # a gzip file damaged from its start
        raise compressed_error(exc, source) from exc
    finally:
        if must_close:
            stream.close()
    # Gzip is read line by line, so that the lines before a truncation are all reported; UTF-16 is re-encoded.
    for number, data, whole in jsonl_lines(source, max_line_bytes):
        error = LineError(name, number, (whole,)) if whole is not None else None
        if error is None and certainly_valid(data, executed=executed):
            tally.valid += 1
            continue
        if error is None:
            error = _full(name, number, data, executed)
        if error is None:
            tally.valid += 1
        else:
            tally.invalid += 1
            yield error


def _check_batches(
    name: str, batches: Iterator[tuple[int, list[bytes] | int]], tally: Tally, executed: bool, limit: int
) -> Iterator[LineError]:
    first_line = True  # until the first non-blank line of the file
    for first, batch in batches:
        if type(batch) is int:
            first_line = False
            tally.invalid += 1
            yield LineError(name, first, (oversized(batch, limit),))
            continue
        assert isinstance(batch, list)
        left = uncertain_lines(batch, executed=executed, limit=limit)
        valid = len(batch) - len(left)  # every line not left is valid
        for position, index in enumerate(left):
            piece = batch[index]
            data = piece.strip(JSON_SPACE)
            if not data:
                continue
            number = first + index
            if len(piece) > limit:
                first_line = False
                tally.invalid += 1
                yield LineError(name, number, (oversized(len(piece), limit),))
                continue
            if first_line:
                first_line = False
                if index == position and pretty_printed(data):  # no valid line before it in the batch either
                    tally.invalid += 1
                    yield LineError(name, number, (Problem("$", _NOT_JSONL.format(bracket=data.decode())),))
                    return
            error = _full(name, number, data, executed)
            if error is None:
                valid += 1
            else:
                tally.invalid += 1
                yield error
        if valid:
            first_line = False
        tally.valid += valid
