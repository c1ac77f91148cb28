"""Streaming JSONL writing: one example per line, flushed as written, gzip for ``.gz`` paths."""

from __future__ import annotations

import gzip
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import IO, Any, cast

import orjson
from pydantic import BaseModel

__all__ = ["JsonlWriter", "dump_line", "replace_file", "write_examples"]

PathLike = str | os.PathLike[str]


def dump_line(item: BaseModel | dict[str, Any], *, exclude_none: bool = True) -> bytes:
    """Serialize one item as a JSON line (with the trailing newline); models drop ``None`` fields unless
    ``exclude_none=False``."""
    if isinstance(item, BaseModel):
        return item.model_dump_json(exclude_none=exclude_none).encode() + b"\n"
    return orjson.dumps(item, option=orjson.OPT_NON_STR_KEYS) + b"\n"


class JsonlWriter:
    """Append-only JSONL writer; every line is flushed as soon as it is written, so a crash loses nothing
    already written. Paths ending in ``.gz`` are gzip-compressed (appending adds a gzip member). Models are
    written without their ``None`` fields unless ``exclude_none=False``."""

    def __init__(
        self, target: PathLike | IO[bytes], *, append: bool = False, fsync: bool = False, exclude_none: bool = True
    ) -> None:
        self._fsync = fsync
        self._exclude_none = exclude_none
        self._owned = isinstance(target, (str, os.PathLike)) and str(target) != "-"
        self._stream: IO[bytes]
        if not isinstance(target, (str, os.PathLike)):
            self._stream = target
        elif str(target) == "-":
            self._stream = sys.stdout.buffer
        else:
            path = Path(target)
            if path.parent != Path():
                path.parent.mkdir(parents=True, exist_ok=True)
            mode = "ab" if append else "wb"
            raw = path.open(mode)
            self._stream = cast("IO[bytes]", gzip.GzipFile(fileobj=raw, mode=mode)) if path.suffix == ".gz" else raw
        self.count = 0
        """Lines written so far."""

    def write_lines(self, data: bytes, count: int) -> None:
        """Write ``count`` lines already serialized (JSONL bytes ending in a newline) and flush them."""
        self._stream.write(data)
        self.flush()
        self.count += count

    def write(self, item: BaseModel | dict[str, Any]) -> None:
        """Write one item as a line and flush it."""
        self._stream.write(dump_line(item, exclude_none=self._exclude_none))
        self.flush()
        self.count += 1

    def flush(self) -> None:
        """Push written lines to the operating system (and to disk with ``fsync=True``)."""
        self._stream.flush()
        if isinstance(self._stream, gzip.GzipFile) and self._stream.fileobj is not None:
            self._stream.fileobj.flush()
        if self._fsync and self._owned:
            os.fsync(self._stream.fileno())

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

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def replace_file(path: Path, chunks: Iterable[bytes], *, compress: bool = False) -> None:
    """Replace ``path`` with ``chunks`` atomically: written to a temporary file beside it, synced to disk, then
    renamed over it, so an interruption leaves either the old file or the new one whole (gzip with
    ``compress``)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("wb") as raw:
            stream = cast("IO[bytes]", gzip.GzipFile(fileobj=raw, mode="wb")) if compress else raw
            for chunk in chunks:
                stream.write(chunk)
            if stream is not raw:
                stream.close()
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def write_examples(target: PathLike | IO[bytes], items: Iterable[BaseModel | dict[str, Any]]) -> int:
    """Write items to a JSONL file (gzip for ``.gz``); returns the number of lines written."""
    with JsonlWriter(target) as writer:
        for item in items:
            writer.write(item)
        return writer.count
