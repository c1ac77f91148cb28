"""How the ``mb`` process ends: normally, except that the program itself may leave abandoned agent calls behind,
and may skip the interpreter's teardown after a command that has closed everything it wrote.

A sync agent that outlives ``--timeout`` keeps running in a worker thread that nothing can stop. Only the
program's entry point (``mb`` on the command line) may end the process without waiting for it, and only after
every output is flushed; a command invoked in-process (tests, notebooks, another tool) always returns normally.

Tearing the interpreter down frees every object one by one (the data model, the date grammars, the caches): a
tenth of a second that no output depends on. A command that has closed its files says so with
:func:`nothing_to_tear_down`; the program then ends once the exit handlers have run (libraries flush there) and
the standard streams are flushed, unless a thread is still running, which the ordinary exit waits for, or a
profiler or tracer is following the program.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
import threading

__all__ = ["abandon_stuck_threads", "end_process", "forget_earlier_commands", "nothing_to_tear_down", "stuck_threads"]

_abandoned = threading.Event()
_closed = threading.Event()


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


def forget_earlier_commands() -> None:
    """At the program's start: what commands run earlier in this process (in-process, through
    :meth:`click.Command.main`) recorded does not let this one end the process."""
    _abandoned.clear()
    _closed.clear()


def nothing_to_tear_down() -> None:
    """Record that the command has written, flushed and closed all it wrote: the program may end without the
    interpreter's teardown."""
    _closed.set()


def end_process(status: int) -> None:
    """At the program's entry point: end the process at once when a command abandoned running threads, or when it
    left nothing to tear down and no thread runs (after the exit handlers).

    Returns otherwise, so the caller exits the ordinary way.
    """
    if threading.current_thread() is not threading.main_thread():
        return
    if _abandoned.is_set() and stuck_threads(wait=0.0):
        _end(status)
    if _closed.is_set() and not _watched() and not stuck_threads(wait=0.0):
        run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)
        if run_exit_handlers is None:  # no way to run them first here: the ordinary exit does
            return
        run_exit_handlers()
        _end(status)


def _watched() -> bool:
    """Whether a profiler, tracer, debugger or coverage tool follows this process: some write what they found only
    once the program has returned (``python -m cProfile -o``), which ending the process would lose."""
    return sys.getprofile() is not None or sys.gettrace() is not None


def _end(status: int) -> None:
    """Flush the standard streams and end the process; status 120 when standard output cannot take what is left
    for it, as the interpreter's own exit reports it."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # the program started without that stream
            continue
        try:
            stream.flush()
        except ValueError:  # closed: nothing left to write there
            pass
        except OSError as exc:
            if stream is sys.stdout:
                status = _UNFLUSHED
                _complain(f"error: cannot write standard output: {exc.strerror or exc}")
    os._exit(status)


_UNFLUSHED = 120
"""The status the interpreter's exit gives when standard output cannot be flushed."""


def _complain(message: str) -> None:
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
