"""Evaluating a benchmark file on a Ray cluster: Ray tasks score batches of raw lines, the driver does the rest.

The work is split as with local worker processes (:mod:`mb.evaluation._parallel`): each Ray task takes a block
of raw lines (their bytes, so a worker on another machine needs no access to the file) and evaluates the lines
that need no judge. What happens to the lines a task leaves (judge questions, metrics, invalid lines) depends on
the judge:

- an offline judge (``local`` or ``lexical``), which answers the same on every machine and keeps no cache on
  disk: the task evaluates them too, with a judge built once per worker process, and returns the block's finished
  results, which the driver only writes and counts (metrics asked for are computed on the workers as well);
- any other judge (an LLM judge, the cascade that escalates to one, a judge object of the caller's): the driver
  evaluates them, so the judge, its cache and its memo stay in one process with one writer.

Either way results keep the input order and the summary is the one a local run gives. A task whose worker dies is
retried by Ray; a block whose task still fails is evaluated on the driver, so no line is lost or counted twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import uuid
from collections import deque
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import Future
from types import ModuleType
from typing import Any, cast

from ..io._limits import max_line_bytes
from ..io._reader import iter_blocks, line_ranges, pretty_printed, read_range, source_name
from ..judges.base import JudgeTask
from ..runner._ray_cluster import judge_cpus
from ._engine import Evaluator, Source, aiter_rows
from ._example import MetricPlan
from ._parallel import _BLOCK, Batch, Block, Work, _batch, _complete, _first_line, _score
from ._ray_judging import JudgeRecipe, judged_task, recipe_of

__all__ = ["aiter_ray_batches", "score_block"]

_Task = tuple[int, Block, "Future[Work | Batch | str]", Any]
"""A block in flight: its first line number, the block, the future of its result, its Ray object reference (None
for a block scored on the driver)."""

_TASK_RETRIES = 3
"""Further attempts Ray makes for a task whose worker died before it answered."""


def score_block(
    plan: MetricPlan, graded: frozenset[JudgeTask], first: int, block: Block, limit: int, max_line: int
) -> Work:
    """A Ray task: a block of raw lines scored without the judge (see :func:`mb.evaluation._parallel._score`)."""
    return _score(plan, graded, first, block, limit, max_line)


def _blocks(path: str | os.PathLike[str], max_line: int) -> Iterator[tuple[int, Block]] | None:
    """The file in blocks of whole lines, as bytes (or the size of a line over the limit); None when it must be
    read line by line on the driver (UTF-16, pretty-printed JSON)."""
    try:
        if pretty_printed(_first_line(path, max_line)):
            return None
        ranges = line_ranges(path, _BLOCK)
        if ranges is None:
            blocks = iter_blocks(path, _BLOCK, max_line)
            first = next(blocks, None)
            return iter(()) if first is None else _chain(first, blocks)
        return _read_ranges(os.fspath(path), ranges)
    except ValueError:
        return None


def _chain(first: tuple[int, Block], rest: Iterator[tuple[int, bytes | int]]) -> Iterator[tuple[int, Block]]:
    yield first
    yield from rest


def _read_ranges(path: str, ranges: Iterator[tuple[int, int, int]]) -> Iterator[tuple[int, Block]]:
    for first, start, end in ranges:
        if end - start > 2 * _BLOCK:  # a block holding a very long line: the driver reads it in bounded memory
            yield first, (path, start, end)
        else:
            yield first, read_range(path, start, end)


def _slots(ray: ModuleType) -> int:
    """Tasks kept in flight: two per CPU of the cluster (at least two)."""
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
    except Exception:  # a cluster that cannot say: a modest window
        cpus = 1
    return max(2, 2 * cpus)


def _local(evaluator: Evaluator, first: int, block: Block, limit: int, max_line: int) -> Future[Work | Batch | str]:
    """A block scored on the driver, as a finished task (a failure leaves its lines to the line-by-line path)."""
    done: Future[Work | Batch | str] = Future()
    try:
        done.set_result(_score(evaluator.plan, evaluator.graded, first, block, limit, max_line))
    except Exception as exc:
        done.set_exception(exc)
    return done


async def _settled(future: Future[Any]) -> None:
    """Wait for a task's future without blocking the event loop (its result or error is read afterwards)."""
    if not future.done():
        with contextlib.suppress(Exception):  # read (and handled) by _complete
            await asyncio.wrap_future(future)


async def aiter_ray_batches(
    source: Source, evaluator: Evaluator, ray: ModuleType, *, failures: int = 10
) -> AsyncIterator[Batch]:
    """Evaluate ``source`` batch by batch on the Ray cluster ``ray`` is connected to, in input order.

    A benchmark file is spread over the cluster: its whole work with an offline judge (see the module's
    documentation), else the lines that can take the fast path, and then only when no metric is asked for.
    Anything else (in-memory examples, standard input, metrics with a judge the driver keeps) is evaluated on the
    driver.
    """
    max_line = max_line_bytes(evaluator.max_line_bytes)
    recipe = recipe_of(evaluator.judge)
    path = source if isinstance(source, (str, os.PathLike)) and str(source) != "-" else None
    spread = path is not None and (evaluator.plan.fast or recipe is not None)
    blocks = _blocks(path, max_line) if path is not None and spread else None
    if path is None or blocks is None:
        async for rows in aiter_rows(source, evaluator):
            yield _batch(rows, failures)
        return
    name = source_name(path)
    remote = _remote(ray, recipe, name)
    plan = ray.put(evaluator.plan)
    graded = ray.put(evaluator.graded)
    slots = _slots(ray)
    window: deque[_Task] = deque()
    try:
        for first, block in blocks:
            if isinstance(block, tuple):
                window.append((first, block, _local(evaluator, first, block, failures, max_line), None))
            else:
                reference = remote.remote(plan, graded, first, block, failures, max_line)
                window.append((first, block, reference.future(), reference))
            if len(window) > slots:
                yield await _next(evaluator, name, window, failures, max_line)
        while window:
            yield await _next(evaluator, name, window, failures, max_line)
    finally:
        for *_, reference in window:  # an interrupted evaluation leaves no work behind on the cluster
            if reference is not None:
                with contextlib.suppress(Exception):  # finished, or the cluster is gone: nothing to cancel
                    ray.cancel(reference, force=True)


def _remote(ray: ModuleType, recipe: JudgeRecipe | None, name: str) -> Any:
    """The Ray task scoring a block: the fast path only, or (with an offline judge) the whole block."""
    options: dict[str, Any] = {"max_retries": _TASK_RETRIES, "retry_exceptions": False}
    if recipe is None:
        return ray.remote(**options)(score_block)
    cpus = judge_cpus()
    if cpus is not None:
        options["num_cpus"] = cpus
    return ray.remote(**options)(judged_task(score_block, recipe, name, uuid.uuid4().hex))


async def _next(evaluator: Evaluator, name: str, window: deque[_Task], failures: int, max_line: int) -> Batch:
    """The results of the oldest block in flight, once its task has answered (or failed)."""
    first, block, future, _reference = window.popleft()
    await _settled(future)
    if future.done() and future.exception() is None:
        result = future.result()
        if isinstance(result, Batch):  # a block a worker finished, judge questions and all
            return result
    scored = cast("Future[Work | str]", future)  # a block's fast-path work, or the failure of its task
    return await _complete(evaluator, name, (first, block, scored), failures, max_line)
