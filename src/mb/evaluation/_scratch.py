"""The private directory where evaluation workers leave their results, and what a killed run left behind.

Each directory is named ``mb-eval-<pid>-<random>`` and holds an ``owner`` file naming its host and process. It is
removed when the evaluation ends, when the interpreter exits, and on SIGTERM. A run that was killed outright
(SIGKILL, power loss) cannot clean up: the next evaluation removes the directories whose owner, on this host, is
gone. Directories without an owner file, or of another host, are left alone.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import socket
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

__all__ = ["PREFIX", "remove_stale", "scratch_directory"]

PREFIX = "mb-eval-"
"""How the name of every such directory begins."""

_OWNER = "owner"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def remove_stale(parent: str | None = None) -> list[Path]:
    """Remove the directories of evaluations, on this host, whose process is gone; the ones removed."""
    removed: list[Path] = []
    host = socket.gethostname()
    try:
        entries = list(os.scandir(parent or tempfile.gettempdir()))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(PREFIX):
            continue
        try:
            if not entry.is_dir(follow_symlinks=False) or entry.stat(follow_symlinks=False).st_uid != os.getuid():
                continue
            owner = json.loads(Path(entry.path, _OWNER).read_text(encoding="utf-8"))
            pid = int(owner["pid"])
            if owner["host"] != host or pid == os.getpid() or _alive(pid):
                continue
        except (OSError, ValueError, KeyError, TypeError):
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        removed.append(Path(entry.path))
    return removed


@contextmanager
def scratch_directory() -> Iterator[str]:
    """A new private (0700) directory for one evaluation's workers, removed on exit, at interpreter exit and on
    SIGTERM (in the main thread); stale ones of killed evaluations are removed first."""
    remove_stale()
    directory = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")
    Path(directory, _OWNER).write_text(json.dumps({"host": socket.gethostname(), "pid": os.getpid()}))

    def cleanup() -> None:
        shutil.rmtree(directory, ignore_errors=True)

    atexit.register(cleanup)
    previous = _on_sigterm(directory)
    try:
        yield directory
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        atexit.unregister(cleanup)
        cleanup()


def _on_sigterm(directory: str) -> Any:
    """Remove ``directory`` on SIGTERM, then end as SIGTERM would have; the handler it replaces (None when
    signals cannot be handled here)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGTERM)
    if previous == signal.SIG_IGN:
        return None

    def handler(signum: int, frame: FrameType | None) -> None:
        shutil.rmtree(directory, ignore_errors=True)
        signal.signal(signal.SIGTERM, previous if callable(previous) else signal.SIG_DFL)
        if callable(previous):
            previous(signum, frame)
        else:
            os.kill(os.getpid(), signal.SIGTERM)

    try:
        signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main interpreter
        return None
    return previous
