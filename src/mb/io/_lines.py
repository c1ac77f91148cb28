"""Splitting a byte stream into numbered lines in bounded memory: a line over the size limit is skipped as it is
read, never held whole; only its size is kept."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import IO

__all__ = [
    "JSON_SPACE",
    "LineBatch",
    "SizedLine",
    "line_batches",
    "read_lines",
    "split_lines",
    "utf16_chunks",
]

_CHUNK = 1 << 20

JSON_SPACE = b" \t\r\n"
"""The whitespace JSON allows around a value, all that is stripped from a line: a vertical tab or a form feed
(which ``bytes.strip()`` would remove too) is part of the line, which is then not valid JSON."""

SizedLine = tuple[int, bytes, int]
"""``(line number, the line without its line end and surrounding space, 0)`` for a non-blank line, or
``(line number, b"", size in bytes)`` for a line over the limit."""


def utf16_chunks(stream: IO[bytes], size: int = _CHUNK) -> Iterator[bytes]:
    """The content of a UTF-16 stream (its BOM says which byte order), re-encoded as UTF-8, line ends unified."""
    text = io.TextIOWrapper(stream, encoding="utf-16", errors="replace", newline=None)
    try:
        while chunk := text.read(size // 4):
            yield chunk.encode("utf-8")
    finally:
        text.detach()


def read_lines(stream: IO[bytes], limit: int | None = None, first: int = 1, *, bom: bytes = b"") -> Iterator[SizedLine]:
    """The non-blank lines of a binary stream numbered from ``first``, as :func:`split_lines` gives them, read
    line by line (at most ``limit + 1`` bytes at a time); ``bom`` is removed from the start of the first line."""
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


LineBatch = tuple[int, list[bytes] | int]
"""``(number of the first line, the lines without their line ends, blank ones included)``, or ``(line number,
size in bytes)`` for a line found over the limit while it was read."""


def line_batches(chunks: Iterable[bytes], limit: int | None = None, first: int = 1) -> Iterator[LineBatch]:
    """The lines of ``chunks`` numbered from ``first``, a chunk at a time (see :data:`LineBatch`). A line that
    spans chunks and grows over ``limit`` bytes (None: no limit) comes alone as its size and is never held whole;
    a line within one chunk comes in its batch whatever its length: the caller checks it."""
    number = first
    parts: list[bytes] = []  # the line being read, when it spans chunks
    held = 0  # bytes in parts
    over = 0  # the size so far of a line over the limit being skipped
    for chunk in chunks:
        pieces = chunk.split(b"\n")
        rest = pieces.pop()
        if pieces:
            if over:
                yield number, over + len(pieces[0])
                number, over = number + 1, 0
                del pieces[0]
            elif parts:
                parts.append(pieces[0])
                pieces[0] = b"".join(parts)
                parts, held = [], 0
            if pieces:
                yield number, pieces
                number += len(pieces)
        if over:
            over += len(rest)
        elif limit is not None and held + len(rest) > limit:
            over = held + len(rest)
            parts, held = [], 0
        elif rest:
            parts.append(rest)
            held += len(rest)
    if over:
        yield number, over
    elif parts:
        yield number, [b"".join(parts)]


def split_lines(chunks: Iterable[bytes], limit: int | None = None, first: int = 1) -> Iterator[SizedLine]:
    """The non-blank lines of ``chunks`` numbered from ``first`` (see :data:`SizedLine`); a line longer than
    ``limit`` bytes (None: no limit) comes as its size, and at most ``limit`` bytes of it are ever held."""
    for number, lines in line_batches(chunks, limit, first):
        if isinstance(lines, int):
            yield number, b"", lines
            continue
        for offset, piece in enumerate(lines):
            if limit is not None and len(piece) > limit:
                yield number + offset, b"", len(piece)
            elif data := piece.strip(JSON_SPACE):
                yield number + offset, data, 0
