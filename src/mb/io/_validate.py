"""Checking a whole benchmark file: what ``mb validate`` reads a file with.

Every line is read by :func:`~mb.io._reader.read_record`, the one reading that ``mb eval`` and ``mb run`` share:
the same lines, numbers, limits and errors as :func:`~mb.io.iter_records`, counted as they go.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

from ._errors import LineError
from ._reader import PathLike, iter_records

__all__ = ["Tally", "iter_line_errors"]


@dataclass(slots=True)
class Tally:
    """How many non-blank lines were found valid and invalid."""

    valid: int = 0
    """Lines that are valid examples."""

    invalid: int = 0
    """Lines that are not (each has had its error)."""


def iter_line_errors(
    source: PathLike | IO[bytes], tally: Tally, *, executed: bool = False, max_line_bytes: int | None = None
) -> Iterator[LineError]:
    """The error of every invalid non-blank line of ``source``, in order; ``tally`` counts the valid and invalid
    lines as they are read. A missing or unreadable file raises ``OSError``."""
    for record in iter_records(source, executed=executed, max_line_bytes=max_line_bytes):
        if record.error is None:
            tally.valid += 1
        else:
            tally.invalid += 1
            yield record.error
