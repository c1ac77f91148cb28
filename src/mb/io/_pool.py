"""Worker processes for reading large files: how many are worth starting, and a standard pool of them.

A worker is a fresh interpreter (started from a clean server process where the platform has one), never sees
Ctrl-C (the main process handles it and stops the pool) and ends with the main process, even when that one is killed
before it can stop the pool. Ctrl-C or SIGTERM arriving while a task is handed to the pool (which may start the
server and a worker) takes effect once it is handed: cut short, a worker would start from what the main process has
already removed.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from ..errors import ConfigError

__all__ = ["MAX_JOBS", "PARALLEL_FROM_BYTES", "auto_jobs", "in_flight", "process_pool", "submit", "worker_count"]

T = TypeVar("T")
Item = TypeVar("Item")
Task = TypeVar("Task")

PARALLEL_FROM_BYTES = 4 << 20
"""Smaller files are scored before worker processes pay for their start (see :func:`auto_jobs`)."""

MAX_JOBS = 8
"""The most worker processes started for one file."""


def auto_jobs(source: object, from_bytes: int = PARALLEL_FROM_BYTES) -> int:
    """Worker processes worth starting for ``source``: none (1) for anything but a file of at least ``from_bytes``
    (standard input, in-memory sources); else one per available CPU, at most :data:`MAX_JOBS`."""
    if not isinstance(source, (str, os.PathLike)) or str(source) == "-":
        return 1
    try:
        size = os.stat(source).st_size
    except OSError:
        return 1
    if size < from_bytes:
        return 1
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cpus, MAX_JOBS))


def worker_count(jobs: int | str, source: object) -> int:
    """The worker processes ``jobs`` asks for ``source``: ``auto`` (see :func:`auto_jobs`) or a number from 1; else a
    :class:`~mb.errors.ConfigError`."""
    if isinstance(jobs, str) and jobs.strip().lower() == "auto":
        return auto_jobs(source)
    return ConfigError.check_count("jobs", jobs, alternative="auto or ")


def process_pool(jobs: int, preload: Sequence[str] = ()) -> ProcessPoolExecutor | None:
    """A pool of ``jobs`` worker processes (see the module's description); None where processes cannot be
    started. ``preload``: the modules of the tasks, imported once by the server the workers start from (when this
    process has not started it yet), not by every worker."""
    # multiprocessing runs the main script again, as "__mp_main__" beside the process's own "__main__", in the
    # processes it starts (the server, a worker): a script that starts the pool at its top level would start it there
    if sys.modules.get("__mp_main__", sys.modules["__main__"]) is not sys.modules["__main__"]:
        raise ConfigError(
            "worker processes cannot start while the script is being imported by one: keep the script's top-level"
            ' code under `if __name__ == "__main__":`'
        )
    context: multiprocessing.context.BaseContext
    if "forkserver" in multiprocessing.get_all_start_methods():
        server = multiprocessing.get_context("forkserver")
        server.set_forkserver_preload(["__main__", *preload])
        context = server
    else:
        context = multiprocessing.get_context("spawn")
    try:
        return ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker)
    except (OSError, ImportError, NotImplementedError):
        return None


def submit(pool: ProcessPoolExecutor, task: Callable[..., T], *args: Any) -> Future[T]:
    """``pool.submit(task, *args)``, or a failed future when the pool cannot take it (a worker died): the caller
    then does the task itself."""
    try:
        with _signals_held():
            return pool.submit(task, *args)
    except Exception as exc:
        failed: Future[T] = Future()
        failed.set_exception(exc)
        return failed


def in_flight(
    items: Iterable[Item],
    start: Callable[[Item], Task],
    ahead: int,
    cancel: Callable[[Task], object] | None = None,
) -> Generator[tuple[Item, Task], None, None]:
    """Each item with the task ``start`` began for it, in the items' order, keeping at most ``ahead`` tasks begun
    beyond the one given. When ``items`` cannot be read on (``OSError``: a gzip file cut short), the items begun are
    given first, then the error is raised. Closed early, the tasks begun and not given are ``cancel``-ed."""
    window: deque[tuple[Item, Task]] = deque()
    try:
        try:
            for item in items:
                window.append((item, start(item)))
                if len(window) > ahead:
                    yield window.popleft()
        except OSError:
            while window:
                yield window.popleft()
            raise
        while window:
            yield window.popleft()
    finally:
        while window and cancel is not None:
            cancel(window.popleft()[1])


_HELD = {signal.SIGINT, signal.SIGTERM}


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block ends (see the module's description): a Python handler is called then
    (whichever thread the system gave the signal to), and the processes started meanwhile inherit a mask that keeps
    them from the server and the workers, even when the terminal sends Ctrl-C to them all."""
    caught: list[int] = []
    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for number in _HELD:
            if callable(signal.getsignal(number)):
                previous[number] = signal.signal(number, lambda received, _frame: caught.append(received))
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD) if hasattr(signal, "pthread_sigmask") else None
    try:
        yield
    finally:
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for held, handler in previous.items():
            signal.signal(held, handler)
        if caught:
            signal.raise_signal(caught[0])


def _start_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})  # held by the server: let _end_with end it
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="mb-parent-watch", daemon=True).start()


def _end_with(parent: multiprocessing.process.BaseProcess) -> None:
    parent.join()  # returns once the main process has ended
    os.kill(os.getpid(), signal.SIGTERM)
