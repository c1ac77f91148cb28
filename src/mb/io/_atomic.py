"""Writing whole files safely: never over one of the command's inputs, and never half-written.

:func:`atomic_output` writes to a temporary file beside the target and renames it into place only when the
writing completed; an error, Ctrl-C or a kill leaves the previous file byte for byte (and at most a hidden
``.NAME.*.tmp`` file after a kill). :func:`refuse_input_as_output` compares files by device and inode, so a
symlink, a relative path or another spelling of an input is recognised.

A command's inputs are not only the files it names: every file it has read (see :mod:`mb.io._inputs`) counts too,
so a file discovered in a folder, named by a run record or read as configuration is refused as an output like a
named one.
"""

from __future__ import annotations

import contextlib
import gzip
import os
import secrets
import stat
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, cast

from ..errors import OutputError
from ._inputs import file_identity, files_read

__all__ = ["SameFileError", "atomic_output", "refuse_input_as_output", "write_atomically"]

PathLike = str | os.PathLike[str]


class SameFileError(OutputError, ValueError):
    """The output named is one of the command's inputs: writing it would destroy the data being read."""


def refuse_input_as_output(output: PathLike | None, *inputs: PathLike | None) -> None:
    """Raise :class:`SameFileError` when ``output`` is the same file as one of ``inputs`` or as a file the running
    command has read (see :func:`command_inputs`); ``-`` and None are ignored. Nothing is created or changed."""
    if output is None or str(output) == "-":
        return
    # A path through folders still to be created ("new/../in.jsonl") names the file it will once they exist.
    target = file_identity(output) or file_identity(os.path.realpath(output))
    if target is None:
        return
    read = files_read()
    for source in inputs:
        if source is not None and str(source) != "-":
            identity = file_identity(source)
            if identity is not None:
                read[identity] = os.fspath(source)
    if target in read:
        raise SameFileError(
            f"the output {os.fspath(output)} is the input {read[target]} (the same file): "
            "writing it would destroy what is being read; choose another output file"
        )


def _temporary_beside(target: Path) -> tuple[Path, int]:
    """Create a new hidden file next to ``target`` (permissions as for any new file, i.e. after the umask)."""
    for _ in range(100):
        candidate = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
        try:
            return candidate, os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
    raise FileExistsError(f"cannot create a temporary file beside {target}")


def _packed(raw: IO[bytes], compress: bool) -> contextlib.AbstractContextManager[IO[bytes]]:
    """``raw`` itself, or a gzip stream into it (closed at the end of the block, ``raw`` left open)."""
    return cast("IO[bytes]", gzip.GzipFile(fileobj=raw, mode="wb")) if compress else contextlib.nullcontext(raw)


@contextlib.contextmanager
def atomic_output(path: PathLike, *, compress: bool | None = None) -> Iterator[IO[bytes]]:
    """A binary stream whose content replaces ``path`` when the ``with`` block completes.

    The data goes to a temporary file in the same directory, is synced to disk, then renamed over ``path``
    (through a symlink, the file it points to is replaced). When the block raises (a write error such as a full
    disk, Ctrl-C, any exception) the temporary file is removed and ``path`` is left as it was. ``compress``
    gzips the content (default: when the name ends in ``.gz``). ``-`` writes to standard output directly.
    Missing parent directories are created. A device or a named pipe (``/dev/null``) is written in place.
    """
    if str(path) == "-":
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    target = Path(os.path.realpath(path)) if Path(path).is_symlink() else Path(path)
    if compress is None:
        compress = target.suffix == ".gz"
    if target.is_dir():
        raise IsADirectoryError(21, "Is a directory", os.fspath(path))
    if target.exists() and not stat.S_ISREG(target.stat().st_mode):
        # A device or a pipe (/dev/null, a named pipe): written in place, never replaced by a file.
        with target.open("wb") as special, _packed(special, compress) as stream:
            yield stream
        return
    if target.parent != Path():
        target.parent.mkdir(parents=True, exist_ok=True)
    temporary, descriptor = _temporary_beside(target)
    renamed = False
    try:
        if target.exists():
            os.chmod(descriptor, stat.S_IMODE(target.stat().st_mode))  # the replacement keeps the permissions
        with os.fdopen(descriptor, "wb") as raw:
            with _packed(raw, compress) as stream:
                yield stream
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(temporary, target)
        renamed = True
    finally:
        if not renamed:
            with contextlib.suppress(OSError):
                temporary.unlink()


def write_atomically(path: PathLike, chunks: Iterable[bytes], *, compress: bool | None = None) -> None:
    """Replace ``path`` with ``chunks`` through :func:`atomic_output`."""
    with atomic_output(path, compress=compress) as stream:
        stream.writelines(chunks)
