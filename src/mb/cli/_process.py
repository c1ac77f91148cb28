"""How the ``mb`` process ends: normally, except that the program itself may leave abandoned agent calls behind.

A sync agent that outlives ``--timeout`` keeps running in a worker thread that nothing can stop. Only the
program's entry point (``mb`` on the command line) may end the process without waiting for it, and only after
every output is flushed; a command invoked in-process (tests, notebooks, another tool) always returns normally.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading

__all__ = ["abandon_stuck_threads", "end_process", "stuck_threads"]

_abandoned = threading.Event()


def stuck_threads(wait: float = 0.2) -> list[threading.Thread]:
    """Non-daemon threads other than the current one still running after ``wait`` seconds each."""
    others = [t for t in threading.enumerate() if t is not threading.current_thread() and not t.daemon]
    for thread in others:
        thread.join(timeout=wait)
    return [thread for thread in others if thread.is_alive()]


def abandon_stuck_threads() -> None:
    """Record that the command left agent calls running that the program need not wait for."""
    if stuck_threads():
        _abandoned.set()


def end_process(status: int) -> None:
    """At the program's entry point: end the process at once when a command abandoned running threads.

    Returns when there is nothing abandoned, so the caller exits the ordinary way.
    """
    if not _abandoned.is_set() or threading.current_thread() is not threading.main_thread():
        return
    if not stuck_threads(wait=0.0):
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(status)
