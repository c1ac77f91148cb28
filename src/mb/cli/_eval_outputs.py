"""What ``mb eval`` writes besides its summary: the versioned results file, JUnit XML, a markdown summary."""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import orjson
from rich.console import Console, Group
from rich.text import Text

from ..io import atomic_output, replace_file
from ..results import Summary

if TYPE_CHECKING:
    from ..evaluation._parallel import Batch

__all__ = ["HEADER_ROOM", "BackgroundDigest", "ResultsSpool", "input_digest", "render_reliability", "write_whole"]

_CHUNK = 1 << 20


class ResultsSpool:
    """Result lines kept in a file while the evaluation runs, then published whole.

    The results file's first line is its run record, which holds the counts and times known only at the end. For
    a plain file (given ``header``, a provisional record), the lines go straight into an unnamed file in the
    target's directory after a slot of spaces reserved for the record: at the end the record is written into the
    slot, padded with spaces (JSON whitespace) to its width, and the file is linked beside the target and renamed
    over it. Nothing is named before then, so an interruption, even a kill, leaves no partial file. Otherwise (a
    record too long for its slot, standard output, gzip, a device, a system without unnamed files) the lines are
    copied after the record into the target at the end. The JUnit report reads the lines back."""

    def __init__(self, near: Path | None, header: bytes | None = None) -> None:
        self._slot = 0
        self._near = near
        file = _unnamed_beside(near) if near is not None and header is not None else None
        if file is not None and header is not None:
            self._slot = len(header.rstrip(b"\n")) + HEADER_ROOM + 1
            file.write(_padded(header, self._slot))
        else:
            directory = None
            if near is not None and str(near) != "-":
                parent = near.parent if near.parent != Path() else Path(".")
                directory = str(parent) if parent.is_dir() else None
            file = tempfile.TemporaryFile(dir=directory, prefix=".mb-results-")  # noqa: SIM115
        self._file: IO[bytes] = file

    def write(self, data: bytes) -> None:
        """Keep result lines (JSONL bytes)."""
        self._file.write(data)

    def write_batch(self, batch: Batch) -> None:
        """Keep a batch's result lines, copied from a worker's file by the kernel where it can."""
        file = self._file
        file.flush()
        batch.write_to(file.fileno())
        file.seek(0, os.SEEK_END)  # where the lines now end, for the buffered file

    def _chunks(self) -> Iterator[bytes]:
        self._file.flush()
        self._file.seek(self._slot)
        while chunk := self._file.read(_CHUNK):
            yield chunk

    def rows(self) -> Iterator[dict[str, Any]]:
        """The result lines kept, as JSON objects, in order."""
        self._file.flush()
        self._file.seek(self._slot)
        for line in self._file:
            if line.strip():
                yield orjson.loads(line)

    def publish(self, target: Path, header: bytes) -> None:
        """Write ``header`` then the lines to ``target`` (``-``: standard output), replacing it whole; gzip for
        ``.gz``."""
        if self._slot and target == self._near and len(header.rstrip(b"\n")) < self._slot:
            self._file.flush()
            os.pwrite(self._file.fileno(), _padded(header, self._slot), 0)
            if _link_over(self._file.fileno(), target):
                return
        if str(target) == "-":
            sys.stdout.buffer.write(header)
            for chunk in self._chunks():
                sys.stdout.buffer.write(chunk)
            sys.stdout.buffer.flush()
            return
        if target.parent != Path():
            target.parent.mkdir(parents=True, exist_ok=True)
        compress = target.suffix == ".gz"
        if compress or (target.exists() and not target.is_file()):
            write_whole(target, _chain(header, self._chunks()), compress=compress)
            return
        with atomic_output(target, compress=False) as stream:
            stream.write(header)
            self._copy_into(stream)

    def _copy_into(self, stream: IO[bytes]) -> None:
        """Append the lines kept to ``stream``, a plain file: copied by the kernel where it can, else in chunks."""
        self._file.flush()
        stream.flush()
        source, target = self._file.fileno(), stream.fileno()
        size = os.fstat(source).st_size
        offset = self._slot
        copy = getattr(os, "copy_file_range", None)  # Linux
        try:
            while copy is not None and offset < size:
                copied = copy(source, target, size - offset, offset)
                if copied == 0:
                    break
                offset += copied
        except OSError:  # no in-kernel copy between these files: the rest goes through this process
            pass
        self._file.seek(offset)
        while chunk := self._file.read(_CHUNK):
            stream.write(chunk)

    def close(self) -> None:
        """Close the file: an unnamed one vanishes unless it was published, a temporary one is removed."""
        with contextlib.suppress(OSError):
            self._file.close()


HEADER_ROOM = 2048
"""Bytes of spaces reserved after the provisional run record for what the final one adds (finish time, input
digest, counts, token use by model, cost)."""


def _padded(header: bytes, width: int) -> bytes:
    """``header`` as one line of exactly ``width`` bytes: spaces before its newline."""
    return header.rstrip(b"\n").ljust(width - 1) + b"\n"


def _plain_target(near: Path) -> Path | None:
    """The file a results file named ``near`` replaces (through a symlink, the file it points to), or None when it
    is not written as a plain file renamed into place."""
    if str(near) == "-" or near.suffix == ".gz":
        return None
    target = Path(os.path.realpath(near)) if near.is_symlink() else near
    if target.is_dir() or (target.exists() and not stat.S_ISREG(target.stat().st_mode)):
        return None
    return target


def _unnamed_beside(near: Path) -> IO[bytes] | None:
    """A new file without a name in the directory of ``near``'s target (Linux ``O_TMPFILE``), or None when there is
    no such file to be had there."""
    flag = getattr(os, "O_TMPFILE", None)
    target = _plain_target(near)
    if flag is None or target is None or not os.path.isdir(_PROC_FD):
        return None
    try:
        descriptor = os.open(target.parent, flag | os.O_RDWR, 0o666)
    except OSError:  # a file system without unnamed files, or no directory there yet
        return None
    return os.fdopen(descriptor, "w+b")


def _link_over(descriptor: int, near: Path) -> bool:
    """Give the unnamed file ``descriptor`` the name ``near`` (synced to disk, linked beside it, then renamed over
    it, keeping an existing file's permissions); False when it cannot be linked (the caller then copies it)."""
    target = _plain_target(near)
    if target is None:
        return False
    if target.exists():
        os.fchmod(descriptor, stat.S_IMODE(target.stat().st_mode))
    os.fsync(descriptor)
    for _ in range(100):
        temporary = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
        try:
            _link(descriptor, temporary)
            break
        except FileExistsError:
            continue
        except OSError:  # neither way of naming an open file works here
            return False
    else:
        return False
    try:
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    return True


def _link(descriptor: int, name: Path) -> None:
    """Give the open file ``descriptor`` the new name ``name``: ``linkat`` with ``AT_EMPTY_PATH`` (allowed to the
    opener since Linux 6.10, to privileged processes before), else through its ``/proc/self/fd`` link."""
    error = _link_empty_path(descriptor, name)
    if error == errno.EEXIST:
        raise FileExistsError(error, os.strerror(error), os.fspath(name))
    if error:
        os.link(f"{_PROC_FD}/{descriptor}", name, follow_symlinks=True)


def _link_empty_path(descriptor: int, name: Path) -> int:
    """``linkat(descriptor, "", AT_FDCWD, name, AT_EMPTY_PATH)``: 0, or the error number."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.linkat(descriptor, b"", _AT_FDCWD, os.fsencode(name), _AT_EMPTY_PATH) == 0:
            return 0
        return ctypes.get_errno() or errno.ENOSYS
    except (OSError, AttributeError):  # no C library to ask
        return errno.ENOSYS


_PROC_FD = "/proc/self/fd"
_AT_FDCWD = -100
_AT_EMPTY_PATH = 0x1000


def write_whole(target: Path, chunks: Iterable[bytes], *, compress: bool = False) -> None:
    """Replace a regular file (or create one) atomically; write into anything else (a device, a pipe) directly,
    never replacing it."""
    if target.exists() and not target.is_file():
        with target.open("wb") as stream:
            for chunk in chunks:
                stream.write(chunk)
        return
    replace_file(target, chunks, compress=compress)


def _chain(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    yield first
    yield from rest


def render_reliability(console: Console, summary: Summary) -> None:
    """Print the pass rate's interval, reliability over repeated trials, and token use with cost."""
    parts: list[object] = []
    repeats = summary.repeats
    if repeats is not None:
        from rich.table import Table  # only for repeated trials

        table = Table(
            title=f"Reliability over {repeats.max_trials} trial(s) of {len(repeats.examples)} example(s)",
            title_justify="left",
            show_edge=False,
            pad_edge=False,
        )
        table.add_column("k", justify="right")
        table.add_column("pass@k", justify="right")
        table.add_column("pass^k", justify="right")
        for k in repeats.pass_at_k:
            table.add_row(str(k), f"{repeats.pass_at_k[k]:.1%}", f"{repeats.pass_hat_k[k]:.1%}")
        parts += [Text(), table]
        if repeats.flaky:
            parts.append(Text(f"{len(repeats.flaky)} flaky example(s) (passed some trials, not all):", style="bold"))
            for example in repeats.flaky[:20]:
                parts.append(Text(f"  line {example.line}: {example.passed}/{example.trials} trials passed"))
    for who, usage, unit in (("agent", summary.agent_usage, "example"), ("judge", summary.judge_usage, "call")):
        if usage is None:
            continue
        cost = f", cost {usage.cost:.4f}" if usage.cost is not None else ", cost unknown (no --prices for its model)"
        counts = f"{usage.input_tokens} in, {usage.output_tokens} out over {usage.calls} {unit}(s)"
        parts.append(Text(f"{who} tokens: {counts}{cost}"))
    if summary.cost is not None:
        parts.append(Text(f"total cost: {summary.cost:.4f}"))
    if parts:
        console.print(Group(*parts))  # type: ignore[arg-type]


def input_digest(path: Path) -> str | None:
    """The sha256 of the evaluated file, or None for standard input or a file that cannot be read."""
    if str(path) == "-":
        return None
    from ..results_format import file_digest

    try:
        return file_digest(path)
    except OSError:
        return None


class BackgroundDigest:
    """:func:`input_digest` computed in a thread while the evaluation runs (hashing and reading release the GIL, so
    it takes no time from the lines being scored); :meth:`result` waits for it."""

    def __init__(self, path: Path) -> None:
        self._digest: str | None = None
        self._thread = threading.Thread(target=self._run, args=(path,), name="mb-input-digest", daemon=True)
        self._thread.start()

    def _run(self, path: Path) -> None:
        self._digest = input_digest(path)

    def result(self) -> str | None:
        """The sha256 of the evaluated file, or None for standard input or a file that cannot be read."""
        self._thread.join()
        return self._digest
