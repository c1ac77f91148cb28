"""The run lock: one ``mb run`` at a time appends to an output file.

The lock is ``fcntl.flock`` on a hidden file beside the output (``.NAME.lock``), not on the output itself,
because resuming and sorting replace the output file. The lock file names its holder (process id, host, start
time) so a second run can say who holds it; the operating system releases the lock when the holder ends, even
when it is killed.
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from ._errors import OutputLockedError

__all__ = ["being_written", "lock_path", "output_lock"]

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: runs are not locked
    fcntl = None  # type: ignore[assignment]


def lock_path(output: Path) -> Path:
    """The lock file of an output file (beside the file a symlink names)."""
    real = Path(os.path.realpath(output))
    return real.with_name(f".{real.name}.lock")


def being_written(output: Path) -> bool:
    """Whether a run holds the lock of ``output`` now: a shared lock tried without waiting, on a lock file that is
    there (none is made, changed or removed); False where runs are not locked."""
    if fcntl is None:  # pragma: no cover
        return False
    with contextlib.suppress(OSError):  # no lock file: no run
        descriptor = os.open(lock_path(output), os.O_RDONLY)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        finally:
            os.close(descriptor)  # and with it the lock taken
    return False


def _holder(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        text = ""
    return text or "another process"


@contextlib.contextmanager
def output_lock(output: Path) -> Iterator[None]:
    """Hold the exclusive lock of ``output`` for the ``with`` block; :class:`OutputLockedError` when another run
    holds it (raised at once, without waiting)."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    path = lock_path(output)
    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        _take(descriptor, lambda: f"{output} is being written by another `mb run` ({_holder(path)})")
        try:
            same = os.fstat(descriptor).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(descriptor)  # the holder removed that lock file as we opened it: take the new one
    content = None
    try:
        content = _lock_content(output)
        started = datetime.now(UTC).isoformat(timespec="seconds")
        holder = f"pid {os.getpid()} on {socket.gethostname()}, started {started}\n"
        os.ftruncate(descriptor, 0)
        os.write(descriptor, holder.encode())
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
        os.close(descriptor)
        if content is not None:
            os.close(content)


def _lock_content(output: Path) -> int | None:
    """Also lock the output file itself (a descriptor to close later), created empty when it is new, as the run's
    writer would create it: the lock file goes by name, and the same file under another name (a hard link, made
    before the run or while it runs) must be refused as well."""
    assert fcntl is not None
    try:
        descriptor = os.open(output, os.O_RDONLY | os.O_CREAT, 0o666)
    except OSError:
        return None  # not readable nor creatable: the name's lock is what there is (the writer says why)
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        return None
    _take(descriptor, lambda: f"{output} is being written by another `mb run` under another name (a hard link)")
    return descriptor


def _take(descriptor: int, who: Callable[[], str]) -> None:
    """Lock ``descriptor`` exclusively without waiting; when another run holds it, close it and raise
    :class:`OutputLockedError` saying ``who`` holds it."""
    assert fcntl is not None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        raise OutputLockedError(f"{who()}; wait for it to finish or stop it, or write to another file") from None
