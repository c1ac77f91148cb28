"""Output files of the commands: one-line errors when writing fails."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import click

from ..io import refuse_input_as_output
from ._console import err_console, fail

__all__ = [
    "DashPath",
    "fail_write",
    "overwrite_option",
    "reader_gone",
    "refuse_replacing",
    "require_file",
    "warn_if_other_run",
    "write_failure_status",
    "writing",
]


class DashPath(click.Path):
    """A path where only the bare argument ``-`` means standard input or output: ``./-`` names the file ``-`` (as
    a :class:`~pathlib.Path` the two are the same, so that one becomes the absolute path of the file)."""

    def __init__(self, *, dir_okay: bool = True) -> None:
        super().__init__(dir_okay=dir_okay, allow_dash=True, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        path = super().convert(value, param, ctx)
        if isinstance(value, str) and value != "-" and str(path) == "-":
            return Path(value).absolute()
        return path


_PART_WAY = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}
"""Errors of a write that started (the disk filled up) rather than of an output that cannot be used at all."""


def write_failure_status(error: OSError) -> int:
    """1 when a write failed part-way (a full disk), 2 when the output cannot be written at all."""
    return 1 if error.errno in _PART_WAY else 2


@contextlib.contextmanager
def writing(output: str | os.PathLike[str]) -> Iterator[None]:
    """End the command with :func:`fail_write` when writing ``output`` inside the block fails; an output that is one
    of the files the command read is refused first (:class:`~mb.io.SameFileError`)."""
    refuse_input_as_output(output)
    existed = os.fspath(output) != "-" and os.path.exists(output)
    try:
        yield
    except OSError as exc:
        fail_write(output, exc, existed=existed)


def fail_write(output: str | os.PathLike[str], error: OSError, *, existed: bool) -> NoReturn:
    """Print why ``output`` could not be written and what is left of it, then exit (see
    :func:`write_failure_status`).

    Standard output closed by its reader (``mb examples | head``) is no failure: the reader took what it wanted, so
    the command ends quietly with status 0. Whatever standard output still holds is dropped (see
    :func:`reader_gone`)."""
    if os.fspath(output) == "-":
        if error.errno == errno.EPIPE:
            reader_gone()
        _drop_standard_output()
    reason = error.strerror or str(error)
    if (
        error.filename
        and os.fspath(error.filename) != os.fspath(output)
        and not Path(error.filename).name.startswith(".")
    ):
        reason = f"{reason}: {error.filename}"
    kept = f"{output} left unchanged" if existed else "nothing written"
    raise fail(f"cannot write {output}: {reason}; {kept}", write_failure_status(error))


def reader_gone() -> NoReturn:
    """End quietly, with status 0, after the reader of standard output closed it (see :func:`_drop_standard_output`)."""
    _drop_standard_output()
    raise SystemExit(0)


def _drop_standard_output() -> None:
    """Send what standard output still buffers to the null device (as Python's documentation advises for SIGPIPE),
    so no second error follows at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(devnull, sys.stdout.fileno())  # fails with no file descriptor behind it (a test runner's buffer)
    finally:
        os.close(devnull)


overwrite_option = click.option(
    "--overwrite", is_flag=True, help="Replace an existing OUTPUT even when it holds data of another kind."
)
"""The option that lets :func:`refuse_replacing` replace an output holding other data."""

HTML_MARK = b'<meta name="generator" content="MorganaBench">'
"""The tag in the head of every HTML report, telling a report this tool wrote."""


def _start(path: Path, size: int) -> bytes | None:
    """The first ``size`` bytes of ``path`` (gunzipped for ``.gz``), or None when it cannot be read."""
    import gzip

    try:
        with (gzip.open if path.suffix == ".gz" else open)(path, "rb") as stream:
            return bytes(stream.read(size))
    except (OSError, EOFError):
        return None


def _holds(path: Path) -> str:
    """What the existing file ``path`` seems to hold: ``results``, ``report``, ``empty`` or a description. Its first
    line is read without noting the file as an input (replacing it is what is asked)."""
    from ..results_format import parse_header

    start = _start(path, (1 << 20) + 4096)
    if start is None:
        return "data that could not be read"
    end = start.find(b"\n", 0, 1 << 20)
    head = start[: end + 1 if end >= 0 else 1 << 20]
    if not head:
        return "empty"
    try:
        if parse_header(head, file=str(path)) is not None:
            return "results"
    except ValueError:  # a run record this version does not read (a newer format) is a results file all the same
        return "results"
    if HTML_MARK in start:
        return "report"
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith((b"{", b"[")):
        return "JSON lines (a benchmark or other data)"
    return "data of another kind"


def refuse_replacing(output: Path | None, kind: str, *, overwrite: bool, same: bytes | None = None) -> None:
    """End the command (status 2) before ``output`` is replaced when it exists and holds something other than
    ``kind`` (``results``: a results file with its run record; ``report``: an HTML report of this tool; ``examples``:
    nothing is replaced). An empty file, one holding exactly ``same`` (what is about to be written), standard output
    and ``overwrite`` pass."""
    if overwrite or output is None or str(output) == "-" or not output.is_file():
        return
    if same is not None and _start(output, len(same) + 1) == same:
        return
    held = _holds(output)
    if held not in ("empty", kind):
        what = {"results": "an `mb eval` results file", "report": "an `mb report` HTML page"}.get(held, held)
        raise fail(f"{output} already exists and holds {what}: choose another output file, or pass --overwrite", 2)


def require_file(path: Path, hint: str) -> None:
    """A usage error (exit 2) naming ``hint`` when ``path`` is missing or not a file; ``-`` (standard input) passes."""
    if str(path) == "-":
        return
    if not path.exists():
        raise click.BadParameter(f"{path}: no such file", param_hint=hint)
    if not path.is_file():
        raise click.BadParameter(f"{path}: not a file", param_hint=hint)


def warn_if_other_run(results: Path, executed: Path | None) -> None:
    """Print a warning when ``executed`` is not the file ``results`` were computed from: the join by example hash
    cannot tell another run of the same benchmark. A file that does not read is left to the command to report."""
    from ..results_format import not_the_file_scored, read_run_record

    if executed is None:
        return
    with contextlib.suppress(OSError, ValueError):
        message = not_the_file_scored(str(results), read_run_record(results), executed)
        if message is not None:
            err_console.print(f"warning: {message}", markup=False)
