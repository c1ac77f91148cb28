"""The engine's unit of work: a block of lines in, its result lines and tallies out.

A benchmark file is read once, line by line (:func:`~mb.io.jsonl_lines`: size limit, pretty-printed JSON), and
cut into blocks of at most :data:`BLOCK_LINES` lines and about :data:`BLOCK_BYTES` bytes. :func:`score_lines`
evaluates a block with an :class:`~mb.evaluation._engine.Evaluator` (every judge question of the block answered in
one pass) and returns a :class:`Scored`: the result lines as the results file holds them, in input order, with the
block's tallies. The same function runs in this process, in a worker process and on a Ray worker
(:func:`score_block`, whose evaluator is built from an :class:`EngineSpec` through the judge factory), so where a
block is scored never changes its results.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..io import Problem, Record, read_record
from ..io._reader import line_blocks
from ..io._typos import KeyWarning, line_key_warnings
from ._engine import INVALID_LINE, Evaluator
from ._example import Row, failure_entry
from ._summary import SummaryBuilder
from .plan import MetricPlan

__all__ = [
    "BLOCK_BYTES",
    "BLOCK_LINES",
    "EngineSpec",
    "Line",
    "Scored",
    "blocks_of",
    "score_block",
    "score_lines",
    "score_rows",
    "spec_of",
]

BLOCK_LINES = 1024
"""Lines per block at most: the judge questions of a block are answered in one pass, and what a block's results
hold in memory stays bounded whatever its lines are."""

BLOCK_BYTES = 1 << 20
"""Bytes of lines per block, about (a block ends after the line that reaches it)."""

Line = tuple[int, bytes, Problem | None]
"""A non-blank line: its number, its bytes, the problem that makes it unreadable whatever it holds (or None)."""

Failure = tuple[int, str, str]
"""``(line, status, first reason)`` of a result that did not pass."""


@dataclass(slots=True)
class Scored:
    """The results of consecutive lines, ready to write and count."""

    data: bytes
    """The result lines (JSONL, one line per input line, in input order)."""

    count: int
    """How many results the block holds."""

    summary: SummaryBuilder
    """The tallies of these results."""

    failures: list[Failure] = field(default_factory=list)
    """The first results that did not pass, at most the number asked for."""

    unusable: int = 0
    """How many lines were not valid executed examples."""

    warnings: list[KeyWarning] = field(default_factory=list)
    """The unknown keys of its lines among the first lines of the file asked for, in line order (read from the lines
    as they are evaluated: the file is not read a second time for them)."""


@dataclass(frozen=True, slots=True)
class EngineSpec:
    """How to build a run's evaluator in another process: the judge through the factory, with the options it was
    built with here, and the run's metric plan."""

    judge: str
    """The judge's name for :func:`~mb.judges.factory.get_judge` (``lexical`` or ``local``)."""

    options: tuple[tuple[str, Any], ...]
    """The keyword arguments given to the factory, as sorted pairs."""

    plan: MetricPlan
    """Which metrics are computed and which gate the verdict."""

    failures: int = 10
    """Failure entries kept per block."""

    run: str = ""
    """An identifier of the run: a process keeps one evaluator per run."""

    key_warnings: int = 0
    """Lines of the file, from its start, whose unknown keys a block reports (see :attr:`Scored.warnings`)."""

    def evaluator(self) -> Evaluator:
        """A new evaluator for this run."""
        from ..judges.factory import get_judge

        return Evaluator(get_judge(self.judge, **dict(self.options)), self.plan)


def blocks_of(source: str | os.PathLike[str], max_line_bytes: int | None = None) -> Iterator[list[Line]]:
    """The non-blank lines of a benchmark file (``-``: standard input; gzip and UTF-16 read too) in blocks of
    :data:`BLOCK_LINES` lines and about :data:`BLOCK_BYTES` bytes."""
    return line_blocks(source, max_line_bytes, BLOCK_LINES, BLOCK_BYTES)


class _Finish:
    """Turns a block's results into result lines as they come, counting them as it goes."""

    def __init__(self, limit: int) -> None:
        self.summary = SummaryBuilder()
        self.limit = limit
        self.failures: list[Failure] = []
        self.unusable = 0

    def __call__(self, row: Row) -> bytes:
        self.summary.add(row)
        if not row["passed"]:
            self.failures.append(failure_entry(row))
        error = row["error"]
        self.unusable += bool(error and error.startswith(INVALID_LINE))
        return orjson.dumps(row, option=orjson.OPT_APPEND_NEWLINE)

    def scored(self, lines: list[bytes], warnings: list[KeyWarning] | None = None) -> Scored:
        """The block of ``lines``: the first failures in line order (a line that waited for the judge was counted
        after the others)."""
        failures = sorted(self.failures)[: self.limit]
        return Scored(b"".join(lines), len(lines), self.summary, failures, self.unusable, warnings or [])


def score_rows(rows: Iterable[Row], limit: int) -> Scored:
    """Result rows as a :class:`Scored` block: their lines, tallies and first ``limit`` failures."""
    finish = _Finish(limit)
    return finish.scored([finish(row) for row in rows])


async def score_lines(
    evaluator: Evaluator, name: str, lines: Sequence[Line], limit: int, key_warnings: int = 0
) -> Scored:
    """Evaluate a block of lines of the file ``name``: each line read as :func:`~mb.io.iter_records` reads it,
    the block's judge questions answered in one pass, each result written as a line as soon as it is final; with
    the unknown keys of its lines among the file's first ``key_warnings``."""
    warnings: list[KeyWarning] = []

    def records() -> Iterator[Record]:
        for number, data, whole in lines:
            record = read_record(data, file=name, line=number, executed=True, problem=whole)
            if number <= key_warnings and whole is None:  # from the line as parsed for the model
                warnings.extend(
                    line_key_warnings(
                        data,
                        file=name,
                        line=number,
                        record=record,
                    )
                )
            yield record

    finish = _Finish(limit)
    return finish.scored(await evaluator.chunk(records(), finish), warnings)


_EVALUATORS: dict[str, Evaluator] = {}
"""The evaluators this process built for other processes' runs (a judge and its verdict memo each), by run."""

_KEPT = 4
"""Evaluators kept per process (the oldest go first)."""

_RUNNER: asyncio.Runner | None = None


def score_block(spec: EngineSpec, name: str, lines: Sequence[Line]) -> Scored:
    """A worker's task (a process of the pool, or a Ray worker): :func:`score_lines` with the run's evaluator,
    built on the process's first block of the run and kept for its later blocks."""
    global _RUNNER
    evaluator = _EVALUATORS.get(spec.run)
    if evaluator is None:
        while len(_EVALUATORS) >= _KEPT:
            del _EVALUATORS[next(iter(_EVALUATORS))]
        evaluator = _EVALUATORS[spec.run] = spec.evaluator()
    if _RUNNER is None:
        _RUNNER = asyncio.Runner()
    return _RUNNER.run(score_lines(evaluator, name, lines, spec.failures, spec.key_warnings))


def spec_of(
    evaluator: Evaluator, judge: str, options: Mapping[str, Any], failures: int, key_warnings: int = 0
) -> EngineSpec | None:
    """The spec that builds ``evaluator`` in another process, when its judge can be built there as it was here
    (see :func:`~mb.judges.factory.portable_judge`) and the metrics registered are the built-in ones in their order
    (a process started afresh sees no others); None otherwise."""
    from ..judges.factory import portable_judge
    from ..metrics import METRIC_NAMES, METRICS
    from ._example import built_in_metrics_only

    if not built_in_metrics_only() or tuple(METRICS) != METRIC_NAMES:  # the order decides the rows' order too
        return None
    portable = portable_judge(evaluator.judge, judge, options)
    if portable is None:
        return None
    kind, kept = portable
    return EngineSpec(kind, tuple(sorted(kept.items())), evaluator.plan, failures, uuid.uuid4().hex, key_warnings)
