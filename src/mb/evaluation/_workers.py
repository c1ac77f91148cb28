"""Where blocks are scored: in this process, in a standard process pool, or on a Ray cluster.

Every block goes through :func:`~mb.evaluation._blocks.score_lines`; a worker (of the pool or of Ray) runs it through
:func:`~mb.evaluation._blocks.score_block` with an evaluator built from the run's
:class:`~mb.evaluation._blocks.EngineSpec` by the judge factory, so the result lines are the same wherever a block
is scored. Workers are used only for a judge that can be built elsewhere as it was here (the offline judges; see
:func:`~mb.judges.factory.portable_judge`); any other judge answers in this process. Results come back in input
order; a block whose worker failed (or died) is scored in this process, so no line is lost or counted twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import Future
from types import ModuleType
from typing import Any

from ..io import source_name
from ..io._pool import in_flight, process_pool, submit
from ._blocks import BLOCK_LINES, EngineSpec, Line, Scored, blocks_of, score_block, score_lines, score_rows
from ._engine import Evaluator, Source, aiter_rows

__all__ = ["aiter_scored"]

_TASK_RETRIES = 3
"""Further attempts Ray makes for a task whose worker died before it answered."""

_PRELOADED = ("mb.matching.date_time", "email_validator")
"""Libraries of matchers that load on first use, imported once by the server the pool's workers start from rather
than by each worker on its first block."""


async def aiter_scored(
    source: Source,
    evaluator: Evaluator,
    *,
    spec: EngineSpec | None = None,
    jobs: int = 1,
    ray: ModuleType | None = None,
    failures: int = 10,
    key_warnings: int = 0,
) -> AsyncIterator[Scored]:
    """Evaluate ``source`` block by block, in input order. A file is scored by ``jobs`` worker processes, or on the
    Ray cluster ``ray`` is connected to, when ``spec`` says how to build the evaluator there; else here. The blocks
    of a file report the unknown keys of its first ``key_warnings`` lines (the spec's, when there is one)."""
    if not isinstance(source, (str, os.PathLike)):
        async for rows in aiter_rows(source, evaluator, BLOCK_LINES):
            yield score_rows(rows, failures)
        return
    name = source_name(source)
    blocks = blocks_of(source, evaluator.max_line_bytes)
    if spec is not None and ray is not None:
        scored = _on_ray(ray, spec, evaluator, name, blocks)
    elif spec is not None and jobs > 1:
        scored = _in_pool(jobs, spec, evaluator, name, blocks)
    else:
        scored = _here(evaluator, name, blocks, failures, key_warnings)
    async for block in scored:
        yield block


async def _here(
    evaluator: Evaluator, name: str, blocks: Iterator[list[Line]], failures: int, key_warnings: int
) -> AsyncIterator[Scored]:
    for lines in blocks:
        yield await score_lines(evaluator, name, lines, failures, key_warnings)


async def _result(
    future: Future[Scored], evaluator: Evaluator, name: str, lines: list[Line], spec: EngineSpec
) -> Scored:
    """A block's results from its worker; scored here when the worker failed or died."""
    try:
        return await asyncio.wrap_future(future)
    except Exception:  # no worker could score it: nothing is lost, the block is scored here
        return await score_lines(evaluator, name, lines, spec.failures, spec.key_warnings)


async def _in_pool(
    jobs: int, spec: EngineSpec, evaluator: Evaluator, name: str, blocks: Iterator[list[Line]]
) -> AsyncIterator[Scored]:
    """Blocks scored by a pool of ``jobs`` processes, at most two per process in flight."""
    pool = process_pool(jobs, (score_block.__module__, *_PRELOADED))
    if pool is None:  # no process support here
        async for block in _here(evaluator, name, blocks, spec.failures, spec.key_warnings):
            yield block
        return
    try:
        for lines, future in in_flight(blocks, lambda lines: submit(pool, score_block, spec, name, lines), 2 * jobs):
            yield await _result(future, evaluator, name, lines, spec)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


async def _on_ray(
    ray: ModuleType, spec: EngineSpec, evaluator: Evaluator, name: str, blocks: Iterator[list[Line]]
) -> AsyncIterator[Scored]:
    """Blocks scored by Ray tasks running :func:`score_block`; an interrupted run cancels the tasks in flight."""
    from ..runner._ray_cluster import cluster_cpus, judge_cpus

    options: dict[str, Any] = {"max_retries": _TASK_RETRIES, "retry_exceptions": False}
    cpus = judge_cpus() if spec.judge == "local" else None
    if cpus is not None:
        options["num_cpus"] = cpus
    remote = ray.remote(**options)(score_block)
    shared = ray.put(spec)
    slots = 2 * cluster_cpus(ray)  # tasks kept in flight: two per CPU of the cluster

    def cancel(reference: Any) -> None:  # an interrupted evaluation leaves no work behind on the cluster
        with contextlib.suppress(Exception):  # finished, or the cluster is gone: nothing to cancel
            ray.cancel(reference, force=True)

    started = in_flight(blocks, lambda lines: remote.remote(shared, name, lines), slots, cancel)
    with contextlib.closing(started):
        for lines, reference in started:
            yield await _result(reference.future(), evaluator, name, lines, spec)
