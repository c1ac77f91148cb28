"""The files a command reads: recorded as they are opened, so that none of them can be its output.

The command line runs each command inside :func:`command_inputs`; every reader of a user's file calls
:func:`note_input` (the benchmark and results readers, configuration, prices, datasets, traces), and
:func:`mb.io.refuse_input_as_output` refuses all of them, whether the file was named, discovered in a folder, named
by a run record or read as configuration. Outside a command (the Python API) nothing is recorded.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator

__all__ = ["command_inputs", "file_identity", "files_read", "note_input", "read_small_file"]

PathLike = str | os.PathLike[str]

_SCOPES: list[dict[tuple[int, int], str]] = []
"""The files read by each command running (innermost last), by (device, inode), with the name they were read by."""


@contextlib.contextmanager
def command_inputs() -> Iterator[None]:
    """A command's run: the files noted within it are inputs that no output of the command may be."""
    _SCOPES.append({})
    try:
        yield
    finally:
        _SCOPES.pop()


def file_identity(path: PathLike) -> tuple[int, int] | None:
    """(device, inode) of ``path`` (through symlinks), or None when it does not exist."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def note_input(path: PathLike) -> None:
    """Record that the running command reads ``path`` (nothing outside :func:`command_inputs`, or for ``-``)."""
    if not _SCOPES or str(path) == "-":
        return
    identity = file_identity(path)
    if identity is not None:
        _SCOPES[-1].setdefault(identity, os.fspath(path))


def files_read() -> dict[tuple[int, int], str]:
    """The files the running command has read so far (empty outside :func:`command_inputs`)."""
    return dict(_SCOPES[-1]) if _SCOPES else {}


def read_small_file(path: PathLike, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (a settings or prices file), noted as an input.

    Raises ``OSError`` for anything else, before reading more than ``limit + 1`` bytes: a device or pipe
    (``/dev/zero`` never ends) is refused unread, a larger file names the limit.
    """
    with open(path, "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", os.fspath(path))
        note_input(path)
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"larger than {limit} bytes, too large for this kind of file", os.fspath(path))
    return data
