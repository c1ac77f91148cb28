"""Streaming JSONL writing: one example per line, flushed as written, gzip for ``.gz`` paths."""

from __future__ import annotations

import contextlib
import gzip
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any, cast

import orjson
from pydantic import BaseModel

from ._atomic import atomic_output

__all__ = ["JsonlWriter", "dump_line", "write_examples"]

PathLike = str | os.PathLike[str]


def dump_line(item: BaseModel | dict[str, Any]) -> bytes:
    """Serialize one item as a JSON line (with the trailing newline); models drop their ``None`` fields."""
    if isinstance(item, BaseModel):
        return item.model_dump_json(exclude_none=True).encode() + b"\n"
    return orjson.dumps(item, option=orjson.OPT_NON_STR_KEYS) + b"\n"


class JsonlWriter:
    """Append-only JSONL writer; every line is flushed as soon as it is written, so a crash loses nothing
    already written. Paths ending in ``.gz`` are gzip-compressed (appending adds a gzip member). Models are
    written without their ``None`` fields.

    When writing a plain file fails part-way (a full disk), the file is cut back to its last complete line
    before the error is raised, so no torn line is left behind."""

    def __init__(self, target: PathLike | IO[bytes], *, append: bool = False) -> None:
        self._owned = isinstance(target, (str, os.PathLike)) and str(target) != "-"
        self._stream: IO[bytes]
        self._good: int | None = None  # the end of the last complete line, for a plain file we own
        if not isinstance(target, (str, os.PathLike)):
            self._stream = target
        elif str(target) == "-":
            self._stream = sys.stdout.buffer
        else:
            path = Path(target)
            if path.parent != Path():
                path.parent.mkdir(parents=True, exist_ok=True)
            mode = "ab" if append else "wb"
            if path.suffix == ".gz":
                self._stream = cast("IO[bytes]", gzip.GzipFile(fileobj=path.open(mode), mode=mode))
            else:
                self._stream = path.open(mode, buffering=0)  # each line goes straight to the file
                self._good = os.fstat(self._stream.fileno()).st_size
        self.count = 0
        """Lines written so far."""

    def write_lines(self, data: bytes, count: int) -> None:
        """Write ``count`` lines already serialized (JSONL bytes ending in a newline) and flush them."""
        if self._good is None:
            self._stream.write(data)
            self.flush()
        else:
            view = memoryview(data)
            try:
                while view:
                    written = self._stream.write(view)
                    view = view[written or 0 :]
                self.flush()
            except OSError:
                with contextlib.suppress(OSError):
                    os.ftruncate(self._stream.fileno(), self._good)
                raise
            self._good += len(data)
        self.count += count

    def write(self, item: BaseModel | dict[str, Any]) -> None:
        """Write one item as a line and flush it."""
        self.write_lines(dump_line(item), 1)

    def flush(self) -> None:
        """Push written lines to the operating system."""
        self._stream.flush()
        if isinstance(self._stream, gzip.GzipFile) and self._stream.fileobj is not None:
            self._stream.fileobj.flush()

    def close(self) -> None:
        """Flush and close the file (standard output is left open)."""
        self.flush()
        if self._owned:
            inner = self._stream.fileobj if isinstance(self._stream, gzip.GzipFile) else None
            self._stream.close()
            if inner is not None:
                inner.close()

    def __enter__(self) -> JsonlWriter:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def write_examples(target: PathLike | IO[bytes], items: Iterable[BaseModel | dict[str, Any]]) -> int:
    """Write items to a JSONL file (gzip for ``.gz``); returns the number of lines written.

    A file is replaced only once every item is written (see :func:`mb.io.atomic_output`)."""
    with contextlib.ExitStack() as stack:
        if isinstance(target, (str, os.PathLike)):  # a file: replaced once every item is written
            target = stack.enter_context(atomic_output(target, compress=False if str(target) == "-" else None))
        writer = stack.enter_context(JsonlWriter(target))
        for item in items:
            writer.write(item)
        return writer.count
