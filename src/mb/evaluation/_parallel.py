"""Evaluating a benchmark file in batches, optionally with worker processes.

Each worker takes a batch of raw lines, reads each as every command does (:func:`~mb.io._reader.read_record`) and
evaluates the valid ones whose verdict needs no judge question (:func:`~mb.evaluation._engine.evaluate_without_judge`),
returning their result lines and the batch's tallies. The calling process
evaluates every other line of the batch itself (judge questions, metrics, invalid lines), so results keep the
input order and the judge stays in one process. Summaries do not depend on the order results are counted in,
so the batches' tallies merge into the same summary a single process gives.
"""

from __future__ import annotations

import errno
import gc
import itertools
import multiprocessing
import os
import pickle
import signal
import sys
import weakref
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor

import orjson

from ..io import LineError, Record
from ..io._limits import max_line_bytes, oversized
from ..io._lines import JSON_SPACE, SizedLine, range_chunks, split_lines
from ..io._reader import (
    iter_blocks,
    line_ranges,
    pretty_printed,
    read_range,
    read_record,
    sized_lines,
    source_name,
)
from ..judges.base import JudgeTask
from ._engine import INVALID_LINE, Evaluator, Source, aiter_rows, evaluate_without_judge, items_of
from ._example import MetricPlan, Row, failure_entry
from ._scratch import scratch_directory
from ._summary import SummaryBuilder

__all__ = ["Batch", "aiter_batches", "auto_jobs"]

_BLOCK = 1 << 20  # bytes of lines per task: fewer exchanges between processes (512 KiB took 5% more CPU)
_WARM_UP = 1 << 14  # bytes of the first block scored before the workers start, at least
_PARALLEL_FROM_BYTES = 4 << 20  # smaller files finish before worker processes pay for themselves
_MAX_JOBS = 8

Failure = tuple[int, str, str]
Block = bytes | tuple[str, int, int] | int
"""Lines to evaluate: their bytes, where they are in a plain file (path, start, end) for the worker to read, or
the size of one line over the size limit."""

Left = tuple[int, bytes | int]
"""A line a worker leaves to the parent: its number and bytes, or its size when it is over the limit."""

Work = tuple[list["bytes | Left | _Spill"], int, SummaryBuilder, list[Failure]]


class Batch:
    """The results of consecutive lines, ready to write and count.

    The result lines of a block a worker scored stay in the file it left them in (already removed from its
    directory, open until the batch is written or dropped): :meth:`write_to` copies them from there in the kernel
    where the platform can, so they never pass through this process's memory; :attr:`data` reads them."""

    __slots__ = ("_lines", "count", "failures", "summary", "unusable")

    def __init__(
        self,
        data: bytes | _Spill,
        count: int,
        summary: SummaryBuilder,
        failures: list[Failure] | None = None,
        unusable: int = 0,
    ) -> None:
        self._lines = data
        self.count = count
        """How many results the batch holds."""
        self.summary = summary
        """The tallies of these results."""
        self.failures = [] if failures is None else failures
        """``(line, status, first reason)`` of the first results that did not pass, at most the requested number from
        the worker and as many from this process (whoever keeps the overall first ones sorts them by line)."""
        self.unusable = unusable
        """How many lines were not valid executed examples."""

    @property
    def data(self) -> bytes:
        """The result lines (JSONL, one line per input line, in input order), read from the worker's file if they
        are still there; ValueError once :meth:`write_to` has copied them from that file (it is closed then)."""
        lines = self._lines
        if isinstance(lines, _Spill):
            self._lines = lines = lines.take()
        return lines

    def write_to(self, descriptor: int) -> None:
        """Write the result lines at the current position of the open file ``descriptor`` (its position then
        follows them), straight from the worker's file when they are still there (once: that file is then closed,
        and a second call, like :attr:`data`, is a ValueError)."""
        lines = self._lines
        if isinstance(lines, _Spill):
            lines.copy_to(descriptor)
            return
        _write_all(descriptor, [lines])


class _Spill:
    """Result lines left in a worker's file: ``size`` bytes from ``offset`` of the open, already removed file
    ``descriptor``, closed once they are taken, or when the batch holding them is dropped."""

    __slots__ = ("__weakref__", "_close", "descriptor", "offset", "size")

    def __init__(self, descriptor: int, offset: int, size: int) -> None:
        self.descriptor = descriptor
        self.offset = offset
        self.size = size
        self._close = weakref.finalize(self, os.close, descriptor)

    def _open(self) -> None:
        """Refuse to read a file already closed: its descriptor's number may name another file by now."""
        if not self._close.alive:
            raise ValueError("the result lines were already taken from the worker's file, which is closed")

    def take(self) -> bytes:
        """The lines, read; the file is then closed."""
        self._open()
        try:
            return _read_exactly(self.descriptor, self.size, self.offset)
        finally:
            self._close()

    def copy_to(self, target: int) -> None:
        """Write the lines at the current position of ``target``, copied in the kernel where it can (Linux's
        ``sendfile`` between files), else read and written in chunks; the file is then closed."""
        self._open()
        try:
            offset, end = self.offset, self.offset + self.size
            if _SENDFILE is not None:
                try:
                    while offset < end:
                        sent = _SENDFILE(target, self.descriptor, offset, end - offset)
                        if sent == 0:
                            break
                        offset += sent
                except OSError:  # no copy between these files in the kernel: the rest goes through here
                    pass
            while offset < end:
                chunk = os.pread(self.descriptor, min(_COPY_CHUNK, end - offset), offset)
                if not chunk:
                    raise OSError(errno.EIO, "a worker's result file ended early")
                _write_all(target, [chunk])
                offset += len(chunk)
        finally:
            self._close()


_SENDFILE = os.sendfile if sys.platform == "linux" and hasattr(os, "sendfile") else None
"""Linux copies between any two files with ``sendfile``; other systems' ``sendfile`` writes to sockets only."""

_COPY_CHUNK = 1 << 20


def _count(row: Row, summary: SummaryBuilder, failures: list[Failure], limit: int) -> None:
    """Count a result in a batch's tallies, and keep it among the batch's first failures."""
    summary.add(row)
    if not row["passed"] and len(failures) < limit:
        failures.append(failure_entry(row))


def _tally(rows: Sequence[Row], summary: SummaryBuilder, limit: int) -> tuple[list[Failure], int]:
    failures: list[Failure] = []
    unusable = 0
    for row in rows:
        _count(row, summary, failures, limit)
        error = row["error"]
        unusable += bool(error and error.startswith(INVALID_LINE))
    return failures, unusable


def _dump(row: Row) -> bytes:
    return orjson.dumps(row, option=orjson.OPT_APPEND_NEWLINE)


def _batch(rows: Sequence[Row], limit: int) -> Batch:
    summary = SummaryBuilder()
    failures, unusable = _tally(rows, summary, limit)
    return Batch(b"".join(map(_dump, rows)), len(rows), summary, failures, unusable)


# --- worker side ---------------------------------------------------------------------------------------------

_WORKER_PLAN = MetricPlan()
_WORKER_GRADED: frozenset[JudgeTask] = frozenset()
_WORKER_DIRECTORY = ""
_WORKER_MAX_LINE = 0
_WORKER_MODULES = 0


def _start_worker(plan: MetricPlan, graded: frozenset[JudgeTask], directory: str, max_line: int) -> None:
    global _WORKER_PLAN, _WORKER_GRADED, _WORKER_DIRECTORY, _WORKER_MAX_LINE
    _WORKER_PLAN, _WORKER_GRADED, _WORKER_DIRECTORY, _WORKER_MAX_LINE = plan, graded, directory, max_line
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited through fork
    _end_with_parent()


def _end_with_parent() -> None:
    """On Linux, end when the parent does, even if it is killed before it can stop its workers."""
    if sys.platform != "linux":
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # no C library to ask: the parent stops its workers when it can
        pass


def _work(first: int, block: Block, limit: int) -> str:
    """A worker's task: :func:`_score` with the run's metric plan, its result left in a file whose path is
    returned. Only that short path goes through the pool's pipe, in one write: a worker killed while it answers
    cannot leave half a message that the pool would wait for forever.

    The file holds the size of a pickled head (the parts' layout, count, tallies and failures), the head, then the
    result lines as they were written, never joined in memory here (see :func:`_result`)."""
    parts, count, summary, failures = _score_parts(_WORKER_PLAN, _WORKER_GRADED, first, block, limit, _WORKER_MAX_LINE)
    layout = [sum(map(len, part)) if isinstance(part, list) else part for part in parts]
    head = pickle.dumps((layout, count, summary, failures), protocol=pickle.HIGHEST_PROTOCOL)
    path = os.path.join(_WORKER_DIRECTORY, f"{first}.results")
    chunks = [len(head).to_bytes(8, "little"), head]
    for part in parts:
        if isinstance(part, list):
            chunks.extend(part)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        _write_all(descriptor, chunks)
    finally:
        os.close(descriptor)
    return path


def _iov_max() -> int:
    """Buffers one ``writev`` call takes here (POSIX promises at least 16)."""
    try:
        return max(16, os.sysconf("SC_IOV_MAX"))
    except (AttributeError, ValueError, OSError):
        return 16


_IOV_MAX = _iov_max()


def _write_all(descriptor: int, chunks: list[bytes]) -> None:
    """Write ``chunks`` in order, as few system calls as the platform's vector size allows."""
    if not hasattr(os, "writev"):
        for chunk in chunks:
            view = memoryview(chunk)
            while view:
                view = view[os.write(descriptor, view) :]
        return
    start = 0
    while start < len(chunks):
        batch = chunks[start : start + _IOV_MAX]
        written = os.writev(descriptor, batch)
        for chunk in batch:
            if written < len(chunk):  # a short write: the rest of this chunk goes again, then the next ones
                chunks[start] = chunk[written:]
                break
            written -= len(chunk)
            start += 1


def _result(future: Future[Work | str]) -> Work:
    """A task's result: from the file a worker left (removed at once), or as the parent computed it.

    The usual block, whose lines were all scored by the worker, comes back as one piece left in the file (see
    :class:`_Spill`); the results of a block some of whose lines are left to this process are read."""
    result = future.result()
    if not isinstance(result, str):
        return result
    if not hasattr(os, "pread"):  # Windows: no reads at an offset, and no removing a file while it is open
        return _read_result(result)
    descriptor = os.open(result, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        os.unlink(result)
        size = int.from_bytes(_read_exactly(descriptor, 8, 0), "little")
        head = _read_exactly(descriptor, size, 8)
        layout, count, summary, failures = pickle.loads(head)  # this run's workers wrote it, in its own directory
        start = 8 + size
        if len(layout) == 1 and isinstance(layout[0], int):  # every line taken, its results in one piece
            return [_Spill(descriptor, start, layout[0])], count, summary, failures
        data = _read_exactly(descriptor, sum(item for item in layout if isinstance(item, int)), start)
    except BaseException:
        os.close(descriptor)
        raise
    os.close(descriptor)
    return _parts(layout, data), count, summary, failures


def _read_result(path: str) -> Work:
    """A worker's result file read whole, closed, then removed."""
    try:
        with open(path, "rb") as file:
            size = int.from_bytes(file.read(8), "little")
            layout, count, summary, failures = pickle.loads(file.read(size))  # this run's workers wrote it
            data = file.read()
    finally:
        os.unlink(path)
    return _parts(layout, data), count, summary, failures


def _parts(layout: list[int | Left], data: bytes) -> list[bytes | Left | _Spill]:
    """A block's parts in order: the worker's result lines cut from ``data`` by ``layout``'s sizes, between the
    lines it left to this process."""
    parts: list[bytes | Left | _Spill] = []
    offset = 0
    for item in layout:
        if isinstance(item, int):
            parts.append(data[offset : offset + item])
            offset += item
        else:
            parts.append(item)
    return parts


def _read_exactly(descriptor: int, size: int, offset: int) -> bytes:
    """``size`` bytes of a worker's result file from ``offset``."""
    data = os.pread(descriptor, size, offset)
    while len(data) < size:  # a read cut short: the rest follows
        more = os.pread(descriptor, size - len(data), offset + len(data))
        if not more:
            raise OSError(errno.EIO, "a worker's result file ended early")
        data += more
    return data


def _score(plan: MetricPlan, graded: frozenset[JudgeTask], first: int, block: Block, limit: int, max_line: int) -> Work:
    """A worker's evaluation of a block of lines: result lines for the lines it takes (consecutive ones joined), and
    ``(line, bytes)`` for each line left to the parent (``(line, size)`` for a line over ``max_line`` bytes), in
    order."""
    parts, count, summary, failures = _score_parts(plan, graded, first, block, limit, max_line)
    return [b"".join(part) if isinstance(part, list) else part for part in parts], count, summary, failures


def _score_parts(
    plan: MetricPlan, graded: frozenset[JudgeTask], first: int, block: Block, limit: int, max_line: int
) -> tuple[list[list[bytes] | Left], int, SummaryBuilder, list[Failure]]:
    """:func:`_score`, consecutive result lines left as lists of lines rather than joined."""
    summary = SummaryBuilder()
    failures: list[Failure] = []
    parts: list[list[bytes] | Left] = []
    done: list[bytes] = []
    count = 0
    evaluate, add, dumps = evaluate_without_judge, summary.add, orjson.dumps
    newline = orjson.OPT_APPEND_NEWLINE
    collecting = gc.isenabled()
    gc.disable()  # a block's objects are trees, freed as they go: no collection pass over them while it runs
    try:
        for number, data, size in _lines(first, block, max_line):
            count += 1
            example = read_record(data, file="", line=number, executed=True).example if not size else None
            if example is not None:  # an invalid line is left to the parent, which counts it
                row = evaluate(example, number, plan, graded)
                if row is not None:
                    add(row)
                    if not row["passed"] and len(failures) < limit:
                        failures.append(failure_entry(row))
                    done.append(dumps(row, option=newline))
                    continue
            if done:
                parts.append(done)
                done = []
            parts.append((number, size or data))
    finally:
        if collecting:
            gc.enable()
    if done:
        parts.append(done)
    _settle()
    return parts, count, summary, failures


def _lines(first: int, block: Block, max_line: int) -> Iterator[SizedLine]:
    """The lines of a block, read in bounded memory: a block longer than a block and a line is read in chunks
    (it holds a line over the limit)."""
    if isinstance(block, int):
        return iter([(first, b"", block)])
    if isinstance(block, tuple):
        path, start, end = block
        if end - start > _BLOCK + max_line:
            return split_lines(range_chunks(path, start, end), max_line, first)
        block = read_range(path, start, end)
    return _block_lines(block, max_line, first)


def _block_lines(block: bytes, max_line: int, first: int) -> Iterator[SizedLine]:
    """:func:`~mb.io._lines.read_lines` of a block held in memory, split at once."""
    for number, piece in enumerate(block.split(b"\n"), first):
        if len(piece) > max_line:
            yield number, b"", len(piece)
        elif data := piece.strip(JSON_SPACE):
            yield number, data, 0


def _settle() -> None:
    """After a batch that loaded libraries (the date grammars load on first use), keep their objects out of
    future garbage collections: rescanning them would cost a tenth of the run."""
    global _WORKER_MODULES
    if len(sys.modules) != _WORKER_MODULES:
        gc.collect()
        gc.freeze()
        _WORKER_MODULES = len(sys.modules)


# --- parent side ---------------------------------------------------------------------------------------------


def auto_jobs(source: Source) -> int:
    """Worker processes worth starting for ``source``: none for in-memory sources, standard input and small
    files; else one per available CPU (at most 8)."""
    if not isinstance(source, (str, os.PathLike)) or str(source) == "-":
        return 1
    try:
        size = os.stat(source).st_size
    except OSError:
        return 1
    if size < _PARALLEL_FROM_BYTES:
        return 1
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cpus, _MAX_JOBS))


def _context() -> multiprocessing.context.BaseContext:
    # fork starts workers with everything already imported; elsewhere spawn is the safe choice.
    method = "fork" if sys.platform == "linux" else "spawn"
    return multiprocessing.get_context(method)


def _first_line(source: str | os.PathLike[str], max_line: int) -> bytes | None:
    for _, data, _size in sized_lines(source, max_line):
        return data
    return None


def _blocks_for_workers(source: str | os.PathLike[str], max_line: int) -> Iterator[tuple[int, Block]] | None:
    """The source in blocks (where they are, for a plain file), or None when it must be read line by line
    (UTF-16, or pretty-printed JSON, which gets one diagnosis)."""
    try:
        if pretty_printed(_first_line(source, max_line)):
            return None
        ranges = line_ranges(source, _BLOCK)
        if ranges is not None:
            path = os.fspath(source)
            return ((first, (path, start, end)) for first, start, end in ranges)
        blocks = iter_blocks(source, _BLOCK, max_line)
        return itertools.chain([next(blocks)], blocks)
    except StopIteration:
        return iter(())
    except ValueError:
        return None


async def _complete(
    evaluator: Evaluator, name: str, task: tuple[int, Block, Future[Work | str]], limit: int, max_line: int
) -> Batch:
    """A block's results: the worker's lines, and the lines it left (all of them if it died) evaluated here."""
    first, block, future = task
    try:
        parts, count, summary, failures = _result(future)
    except Exception:  # a worker that died leaves its whole block to this process
        parts = [(number, size or data) for number, data, size in _lines(first, block, max_line)]
        count, summary, failures = len(parts), SummaryBuilder(), []
    left = [part for part in parts if isinstance(part, tuple)]
    if not left:
        if len(parts) == 1 and isinstance(parts[0], _Spill):
            return Batch(parts[0], count, summary, failures)
        return Batch(b"".join(_bytes(part) for part in parts if not isinstance(part, tuple)), count, summary, failures)
    records = [_record(name, number, data, max_line) for number, data in left]
    rows = iter(await evaluator.chunk(list(items_of(records))))
    own: list[Row] = []
    out: list[bytes] = []
    for part in parts:
        if isinstance(part, tuple):
            row = next(rows)
            own.append(row)
            out.append(_dump(row))
        else:
            out.append(_bytes(part))
    own_failures, unusable = _tally(own, summary, limit)
    return Batch(b"".join(out), count, summary, failures + own_failures, unusable)


def _bytes(part: bytes | _Spill) -> bytes:
    return part.take() if isinstance(part, _Spill) else part


def _record(name: str, number: int, data: bytes | int, max_line: int) -> Record:
    """A line left to this process, read as :func:`~mb.io.iter_records` reads it."""
    if isinstance(data, int):
        return Record(number, None, LineError(name, number, (oversized(data, max_line),)))
    return read_record(data, file=name, line=number, executed=True)


async def aiter_batches(
    source: Source,
    evaluator: Evaluator,
    *,
    jobs: int = 1,
    failures: int = 10,
    started: Callable[[], object] | None = None,
) -> AsyncIterator[Batch]:
    """Evaluate ``source`` batch by batch, in input order; ``jobs > 1`` uses that many worker processes for a
    file when most lines need no judge (no metric to compute). ``failures`` caps the failure entries kept per
    batch. ``started`` is called once before the first batch: as soon as the workers have their first blocks when
    there are workers (it then runs while they work), else at once.

    A file whose lines may need no judge is read in blocks of raw lines, scored without the judge (by the workers,
    or here with ``jobs=1``); the lines a block leaves over (judge questions, invalid lines) are evaluated here.
    """
    path = source if evaluator.plan.fast and isinstance(source, (str, os.PathLike)) and str(source) != "-" else None
    max_line = max_line_bytes(evaluator.max_line_bytes)
    blocks = _blocks_for_workers(path, max_line) if path is not None else None
    start = _once(started)
    if path is None or blocks is None or jobs <= 1:
        start()
    if path is None or blocks is None:
        async for rows in aiter_rows(source, evaluator):
            yield _batch(rows, failures)
        return
    name = source_name(path)
    if jobs <= 1:
        for first, block in blocks:
            task = (first, block, _here(evaluator, first, block, failures, max_line))
            yield await _complete(evaluator, name, task, failures, max_line)
        return
    window: deque[tuple[int, Block, Future[Work | str]]] = deque()
    pool: ProcessPoolExecutor | None = None
    with scratch_directory() as directory:  # private (0700): the workers' result files
        try:
            for index, (first, block) in enumerate(blocks):
                if index == 0:
                    # The start of the first block is scored here: whatever its lines need (the date grammars
                    # above all) is then loaded once, before the workers start, and they all share it.
                    (first, head), rest = _warm_up(first, block)
                    window.append((first, head, _here(evaluator, first, head, failures, max_line)))
                    if rest is None:
                        continue
                    first, block = rest
                if pool is None:
                    pool = _pool(jobs, evaluator, directory, max_line)
                window.append((first, block, _submit(pool, first, block, failures)))
                if len(window) > 2 * jobs:
                    start()
                    yield await _complete(evaluator, name, window.popleft(), failures, max_line)
            start()
            while window:
                yield await _complete(evaluator, name, window.popleft(), failures, max_line)
        finally:
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)


def _once(action: Callable[[], object] | None) -> Callable[[], None]:
    """``action`` to call at most once, however often the result is called (nothing for None)."""
    pending = [action] if action is not None else []

    def call() -> None:
        while pending:
            pending.pop()()

    return call


def _warm_up(first: int, block: Block) -> tuple[tuple[int, Block], tuple[int, Block] | None]:
    """The first block split in two: the lines this process scores before the workers start, up to the first
    line that holds a ``date_time`` matcher (at least :data:`_WARM_UP` bytes), and the rest for the workers
    (None when nothing is left, or when the block holds no such line: then it is scored here whole)."""
    if isinstance(block, int) or (isinstance(block, tuple) and block[2] - block[1] > 2 * _BLOCK):
        return (first, block), None
    data = read_range(*block) if isinstance(block, tuple) else block
    mark = data.find(b'"date_time"')
    cut = data.find(b"\n", max(mark, _WARM_UP)) if mark >= 0 else -1
    if cut < 0:
        return (first, data), None
    rest: Block = (block[0], block[1] + cut + 1, block[2]) if isinstance(block, tuple) else data[cut + 1 :]
    return (first, data[:cut]), (first + data.count(b"\n", 0, cut) + 1, rest)


def _pool(jobs: int, evaluator: Evaluator, directory: str, max_line: int) -> ProcessPoolExecutor | None:
    try:
        setup = (evaluator.plan, evaluator.graded, directory, max_line)
        return ProcessPoolExecutor(jobs, mp_context=_context(), initializer=_start_worker, initargs=setup)
    except (OSError, ImportError, NotImplementedError):  # no process support here (no fork, no semaphores)
        return None


def _here(evaluator: Evaluator, first: int, block: Block, limit: int, max_line: int) -> Future[Work | str]:
    """A block scored in this process, as a finished task."""
    done: Future[Work | str] = Future()
    try:
        done.set_result(_score(evaluator.plan, evaluator.graded, first, block, limit, max_line))
    except Exception as exc:  # the block is then evaluated line by line, errors recorded on their lines
        done.set_exception(exc)
    return done


def _submit(pool: ProcessPoolExecutor | None, first: int, block: Block, limit: int) -> Future[Work | str]:
    """The block's task; a failed one (the block is then evaluated here) when no worker can take it."""
    try:
        if pool is None:
            raise RuntimeError("no worker processes")
        return pool.submit(_work, first, block, limit)
    except Exception as exc:
        failed: Future[Work | str] = Future()
        failed.set_exception(exc)
        return failed
