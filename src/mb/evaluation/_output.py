"""Writing a results file: result lines kept in a temporary file while the evaluation runs, then the run record
and the lines written beside the target and renamed over it (:func:`~mb.io.atomic_output`).

The run record, the file's first line, holds counts and times known only at the end, hence the temporary file. It
has no name (it is removed as soon as it is created), so an interrupted or killed run leaves nothing of it behind;
the target is replaced only when the whole file is written.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import IO

from ..io import atomic_output

__all__ = ["ResultsSpool"]


def _directory_of(target: str | os.PathLike[str] | None) -> str | None:
    """Where to keep the lines of a results file: its directory when it is a regular file there (the lines then
    take space where the file will), else the system's temporary directory."""
    if target is None or str(target) == "-":
        return None
    path = Path(target)
    if path.exists() and not path.is_file():
        return None
    parent = path.resolve().parent
    return str(parent) if parent.is_dir() else None


class ResultsSpool:
    """Result lines kept while the evaluation runs, then published after their run record."""

    def __init__(self, target: str | os.PathLike[str] | None = None) -> None:
        self._file: IO[bytes] = tempfile.TemporaryFile(dir=_directory_of(target), prefix=".mb-results-")  # noqa: SIM115

    def write(self, data: bytes) -> None:
        """Keep result lines (JSONL bytes)."""
        self._file.write(data)

    def publish(self, target: str | os.PathLike[str], header: bytes) -> None:
        """Write ``header`` then the lines to ``target`` (``-``: standard output), replacing it whole (gzip for a
        name ending in ``.gz``)."""
        with atomic_output(target) as stream:
            stream.write(header)
            self._file.flush()
            self._file.seek(0)
            shutil.copyfileobj(self._file, stream)

    def close(self) -> None:
        """Close (and so remove) the temporary file."""
        with contextlib.suppress(OSError):
            self._file.close()
