"""The Python API of the runner: :func:`run` and :func:`arun` over a benchmark file or examples."""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sized
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import anyio

from ..entities import Example
from ..errors import ConfigError
from ..io import (
    JsonlWriter,
    LineError,
    Problem,
    jsonl_lines,
    not_jsonl,
    parse_document,
    read_record,
    refuse_input_as_output,
    source_name,
)
from ..io._limits import max_line_bytes as resolve_line_limit
from ..io._reader import open_input
from ..io._typos import line_key_warnings
from ._agent import AgentInput
from ._errors import BenchmarkFileError
from ._loader import as_agent
from ._lock import lock_path, output_lock
from ._loop import Runner, RunSettings
from ._output import check_fresh_output, count_lines, move_unmatched, read_previous, sort_output, unmatched_path
from ._progress import RichProgress, RunProgress, SilentProgress
from ._stdout import lines_to_stdout
from ._summary import ExecutedExamples, RunOutput, RunSummary

__all__ = ["Benchmark", "arun", "blocking", "read_user_time", "run"]

T = TypeVar("T")

Benchmark = str | os.PathLike[str] | Iterable[Example | LineError | Mapping[str, Any]]
"""A benchmark file (JSONL, gzip or not; ``-`` for standard input) or examples (``Example``, dicts, or the
``Example | LineError`` items :func:`mb.io.read_examples` yields)."""


def _items(
    benchmark: Benchmark, progress: RunProgress, max_line_bytes: int | None = None, key_warnings: int = 0
) -> Iterator[Example | LineError]:
    """The benchmark's examples and invalid lines, in order; a file's lines are read once, as
    :func:`~mb.io.read_examples` reads them, and the unknown keys of its first ``key_warnings`` lines go to
    ``progress`` as each line is read."""
    if isinstance(benchmark, (str, os.PathLike)):
        name, warn = source_name(benchmark), getattr(progress, "warning", None)
        for number, data, whole in jsonl_lines(benchmark, max_line_bytes):
            record = read_record(data, file=name, line=number, problem=whole)
            if warn is not None and number <= key_warnings and whole is None:
                for warning in line_key_warnings(
                    data,
                    file=name,
                    line=number,
                    record=record,
                ):
                    warn(warning)
            yield record.example or record.error  # type: ignore[misc]
        return
    for number, item in enumerate(benchmark, start=1):
        if isinstance(item, (Example, LineError)):
            yield item
        elif isinstance(item, Mapping):
            yield parse_document(dict(item), file="<benchmark>", line=number)
        else:
            problem = Problem("$", f"expected an Example or a dict, got {type(item).__name__}")
            yield LineError("<benchmark>", number, (problem,))


def _total(benchmark: Benchmark) -> int | None:
    if isinstance(benchmark, (str, os.PathLike)):
        path = Path(benchmark)
        return count_lines(path) if str(benchmark) != "-" and path.is_file() else None
    return len(benchmark) if isinstance(benchmark, Sized) else None


def read_user_time(value: object) -> datetime | None:
    """``user_time`` as given (None, a ``datetime``) or read from its ISO 8601 text; anything else is refused."""
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            raise ConfigError(
                f"user_time {value!r} is not an ISO 8601 date-time (e.g. 2024-02-01T09:15:00+01:00)"
            ) from None
    if value is None or isinstance(value, datetime):
        return value
    raise ConfigError(f"user_time must be a datetime or its ISO 8601 text, got {type(value).__name__}")


MAX_CONCURRENCY = 10_000
"""The most examples run at once (each is a task of the run loop: far more would only exhaust memory)."""


async def arun(
    benchmark: Benchmark,
    agent: Any,
    *,
    output: str | os.PathLike[str] | None = None,
    concurrency: int = 4,
    timeout: float | None = None,
    retries: int = 2,
    backoff: float = 1.0,
    user_time: datetime | str | None = None,
    resume: bool = False,
    overwrite: bool = False,
    retry_errors: bool = False,
    sort: bool = False,
    agent_input: AgentInput = "auto",
    progress: RunProgress | bool | None = None,
    collect: bool = True,
    handle_signals: bool = False,
    max_line_bytes: int | None = None,
    repeats: int = 1,
    key_warnings: int = 0,
) -> RunOutput:
    """Run ``agent`` over ``benchmark``; return the executed examples in input order and a summary.

    ``agent`` is a callable (how it is called: :mod:`mb.runner._agent`), a :class:`CallableAgent`, an OpenAI
    Agents SDK agent or compiled LangGraph graph (wrapped in their adapter), or a ``module:attribute`` string.

    - ``output``: each executed example is appended to this JSONL file (``.gz`` compresses, ``-`` is standard
      output) and flushed as soon as it completes. An existing non-empty file is refused
      (:class:`OutputExistsError`) unless ``resume`` (skip the examples already there, matched by
      ``example_hash`` and counted, so duplicates run once each; ``retry_errors`` also reruns the lines whose
      agent failed; lines that match no example move to ``<stem>.unmatched.jsonl``) or ``overwrite``. ``sort``
      rewrites the file in input order at the end.
    - ``concurrency`` examples run at once; ``timeout`` seconds per example (attempts included);
      ``retries`` further attempts after a transient error, waiting ``backoff`` * 2**n seconds (jittered).
    - ``user_time`` fixes ``outputs.environment.user_time`` (and the time given to the agent): a ``datetime`` or
      its ISO 8601 text.
    - ``repeats`` runs each example that many times; above 1, each line records its trial as ``repeat`` (1 to
      ``repeats``) and resuming matches lines by example and trial, so each trial runs exactly once.
    - ``progress=True`` shows a bar on standard error (or pass a :class:`RunProgress`); ``collect=False``
      keeps nothing in memory (the returned list is empty); ``handle_signals`` makes Ctrl-C stop scheduling
      and a second Ctrl-C cancel the examples in flight (``summary.interrupted``), instead of raising.
    - ``max_line_bytes``: a benchmark line longer than this is an invalid line (default: ``MB_MAX_LINE_BYTES`` or
      16 MiB).
    - ``key_warnings``: the unknown keys (likely typos) of a benchmark file's first ``key_warnings`` lines go to
      ``progress.warning`` (when the progress object has that method) as the lines are read, in line order (the
      file is not read a second time for them).

    Raises :class:`~mb.errors.ConfigError` (a ``ValueError``) for inconsistent options, :class:`AgentLoadError`,
    :class:`OutputExistsError`, :class:`OutputLockedError` and :class:`ResumeError` (all :class:`~mb.errors.MBError`);
    agent failures never raise, they are written as lines with ``outputs.error``; an invalid benchmark line is in
    ``summary.invalid`` and written in its place (:func:`mb.io.not_run_record`), for ``mb eval`` to count as an error.
    """
    ConfigError.check_count("concurrency", concurrency, MAX_CONCURRENCY)
    if timeout is not None and not timeout > 0:  # NaN too
        raise ConfigError(f"timeout must be a positive number of seconds, got {timeout}")
    if retries < 0:
        raise ConfigError(f"retries must be 0 or more, got {retries}")
    if not backoff >= 0:
        raise ConfigError(f"backoff must be 0 or more seconds, got {backoff}")
    if repeats < 1:
        raise ConfigError(f"repeats must be 1 or more, got {repeats}")
    if resume and overwrite:
        raise ConfigError("resume and overwrite exclude each other: resume keeps the output, overwrite replaces it")
    user_time = read_user_time(user_time)
    runnable = as_agent(agent, agent_input=agent_input)
    settings = RunSettings(
        concurrency,
        timeout,
        retries,
        backoff,
        user_time=user_time,
        repeats=repeats,
        max_line_bytes=resolve_line_limit(max_line_bytes),
    )
    stdout = output is not None and str(output) == "-"
    path = Path(output) if output is not None and not stdout else None
    if (resume or sort) and path is None:
        raise ConfigError("resume and sort need an output file")
    # an existing output that is neither a regular file nor a directory (a device such as /dev/null, a named pipe) is
    # written as it is, with no lock beside it, nothing read from it and nothing to resume
    in_place = False
    with contextlib.suppress(OSError):
        in_place = path is not None and not stat.S_ISREG(mode := path.stat().st_mode) and not stat.S_ISDIR(mode)
    if (resume or sort) and in_place:
        raise ConfigError(f"resume and sort need a regular output file; {path} is a device or a pipe")
    if path is not None and isinstance(benchmark, (str, os.PathLike)):
        refuse_input_as_output(path, benchmark)
        if not in_place:  # the lock beside the output is written too
            refuse_input_as_output(lock_path(path), benchmark)
        if resume:
            refuse_input_as_output(unmatched_path(path), benchmark)
    source = Path(benchmark) if isinstance(benchmark, (str, os.PathLike)) and str(benchmark) != "-" else None
    if source is not None and (source.is_dir() or not source.exists()):  # refused before an output file exists
        open_input(source).close()  # the InputFileError saying why: no such file, a directory
    if source is not None and source.is_file():  # (a named pipe is read once, by the run)
        unreadable = not_jsonl(source, blank=True)
        if unreadable is not None:  # refused before an output file or a progress bar exists
            problem = unreadable.problems[0]
            if not unreadable.line:
                raise BenchmarkFileError(f"{problem.message}: nothing to run", file=unreadable.file)
            raise BenchmarkFileError(problem.message, file=unreadable.file, line=unreadable.line, field=problem.path)
    summary = RunSummary(output=str(output) if output is not None else None)
    reporter: RunProgress = RichProgress() if progress is True else progress or SilentProgress()
    with contextlib.ExitStack() as stack:
        previous = None
        if path is not None and not in_place:
            stack.enter_context(output_lock(path))
            if resume:
                previous = read_previous(path, keep_lines=collect, retry_errors=retry_errors, repeats=repeats)
                summary.notes.extend(previous.notes)
                for note in previous.notes:
                    reporter.message(note)
            else:
                check_fresh_output(path, overwrite=overwrite)
        target = stack.enter_context(lines_to_stdout()) if stdout else path
        writer = JsonlWriter(target, append=resume) if target is not None else None
        runner = Runner(
            runnable,
            settings,
            writer=writer,
            progress=reporter,
            summary=summary,
            previous=previous,
            collect=collect,
            keep_order=sort,
        )
        started = time.perf_counter()
        total = _total(benchmark) if getattr(reporter, "wants_total", True) else None
        reporter.start(total * repeats if total is not None else None)
        try:
            await runner.run(_items(benchmark, reporter, max_line_bytes, key_warnings), handle_signals=handle_signals)
        except BaseExceptionGroup as group:
            # the error of writing the output (e.g. a full disk) that ended the run's tasks, if that is what did (the
            # other tasks then fail on the closed streams between them)
            failure: BaseException | None = group.subgroup(OSError)
            while isinstance(failure, BaseExceptionGroup):
                failure = failure.exceptions[0]
            if not isinstance(failure, OSError):
                raise
            raise failure from None
        finally:
            if writer is not None:
                writer.close()
            reporter.stop()
            summary.wall_time = time.perf_counter() - started
        if previous is not None and path is not None and not summary.interrupted and previous.leftover():
            moved = move_unmatched(path, previous.counts)  # the benchmark was edited: its old lines go beside
            note = (
                f"{moved} line(s) of {path} match no example of this benchmark (edited or removed since they ran): "
                f"moved to {unmatched_path(path)}"
            )
            summary.notes.append(note)
            reporter.message(note)
        if sort and path is not None and runner.order is not None and not summary.interrupted:
            sort_output(path, runner.order)
    if runner.results is None:  # nothing collected: the invalid lines alone, written once a trial
        return RunOutput(ExecutedExamples(invalid=summary.invalid * repeats), summary)
    return RunOutput(ExecutedExamples(item for item in runner.results if item is not None), summary)


def run(
    benchmark: Benchmark,
    agent: Any,
    *,
    output: str | os.PathLike[str] | None = None,
    concurrency: int = 4,
    timeout: float | None = None,
    retries: int = 2,
    backoff: float = 1.0,
    user_time: datetime | str | None = None,
    resume: bool = False,
    overwrite: bool = False,
    retry_errors: bool = False,
    sort: bool = False,
    agent_input: AgentInput = "auto",
    progress: RunProgress | bool | None = None,
    collect: bool = True,
    handle_signals: bool = False,
    max_line_bytes: int | None = None,
    repeats: int = 1,
    key_warnings: int = 0,
) -> RunOutput:
    """Run ``agent`` over ``benchmark`` and wait for the end; see :func:`arun` for the options.

    ``examples, summary = mb.runner.run("bench.jsonl", my_agent, output="executed.jsonl")``
    """
    return blocking(partial(arun, **locals()), "run")  # every parameter, as given


def blocking(call: Callable[[], Awaitable[T]], name: str) -> T:
    """Wait for ``call`` on an event loop of its own; inside a running event loop, where that cannot be done, a
    :class:`~mb.errors.ConfigError` that says to await ``mb.a<name>`` instead."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # none: the usual case (left before running, so no error of the call is chained to it)
        pass
    else:
        raise ConfigError(
            f"mb.{name} cannot run inside a running event loop (a notebook, an async function): await mb.a{name}"
        )
    return anyio.run(call)
