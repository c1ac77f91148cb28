"""Splitting a byte stream into numbered lines in bounded memory: a line over the size limit is skipped as it is
read, never held whole; only its size is kept."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import IO

__all__ = ["JSON_SPACE", "SizedLine", "Utf16Lines", "read_lines"]

_CHUNK = 1 << 20

JSON_SPACE = b" \t\r\n"
"""The whitespace JSON allows around a value, all that is stripped from a line: a vertical tab or a form feed
(which ``bytes.strip()`` would remove too) is part of the line, which is then not valid JSON."""

SizedLine = tuple[int, bytes, int]
"""``(line number, the line without its line end and surrounding space, 0)`` for a non-blank line, or
``(line number, b"", size in bytes)`` for a line over the limit."""


class Utf16Lines:
    """A UTF-16 stream (its BOM says which byte order) read line by line as UTF-8, line ends unified: what
    :func:`read_lines` reads."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.text = io.TextIOWrapper(stream, encoding="utf-16", errors="replace", newline=None)
        """The stream as text (detached, not closed, once read)."""

    def readline(self, size: int = -1) -> bytes:
        """The next line, or at most ``size`` characters of it, in UTF-8."""
        return self.text.readline(size).encode("utf-8")


def read_lines(
    stream: IO[bytes] | Utf16Lines, limit: int | None = None, first: int = 1, *, bom: bytes = b""
) -> Iterator[SizedLine]:
    """The non-blank lines of a binary stream numbered from ``first`` (see :data:`SizedLine`; a line longer than
    ``limit`` bytes, None for no limit, comes as its size), read line by line (at most ``limit + 1`` bytes at a time,
    so at most that much of a long line is ever held); ``bom`` is removed from the start of the first line."""
    readline = stream.readline
    cap = -1 if limit is None else limit + 1
    number = first - 1
    while raw := readline(cap if number >= first or cap < 0 else cap + len(bom)):
        number += 1
        if number == first and bom:
            raw = raw.removeprefix(bom)
        ended = raw.endswith(b"\n")
        size = len(raw) - ended
        if limit is not None and size > limit:
            while not ended and (piece := readline(_CHUNK)):  # the rest of the line, a bounded piece at a time
                ended = piece.endswith(b"\n")
                size += len(piece) - ended
            yield number, b"", size
            continue
        data = raw.strip(JSON_SPACE)
        if data:
            yield number, data, 0
