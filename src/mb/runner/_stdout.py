"""Standard output kept for the executed lines (``-o -``) while the agent's own printing goes to standard error."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from typing import IO, cast

__all__ = ["lines_to_stdout"]


@contextlib.contextmanager
def lines_to_stdout() -> Iterator[IO[bytes]]:
    """A binary stream to the process's standard output, for the executed lines; until the block ends, anything
    else written to standard output (an agent's ``print``, a library writing to descriptor 1) goes to standard
    error, so the lines stay valid JSONL."""
    real = sys.stdout
    real.flush()
    try:
        out, err = real.fileno(), sys.stderr.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):  # streams without descriptors (an embedding app)
        sys.stdout = sys.stderr
        try:
            yield cast("IO[bytes]", real.buffer)
        finally:
            sys.stdout = real
        return
    saved = os.dup(out)
    os.dup2(err, out)
    stream = os.fdopen(saved, "wb", buffering=0)
    try:
        yield stream
    finally:
        with contextlib.suppress(OSError, ValueError):
            real.flush()
        os.dup2(saved, out)
        stream.close()
