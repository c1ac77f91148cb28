"""The evaluation loop: stream lines, batch every judge question of a chunk into one judge call, keep order.

Each example is evaluated twice at most: a first pass records the judge requests it needs (deterministic
examples are done after it), then one batched judge call answers the whole chunk's unique requests, and a
second pass replays the example with the answers. Verdicts are memoized for the run, so N identical
(value, argument) pairs cost one judge call.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from .._hashing import source_fields_of_example, source_fields_of_proven
from .._redact import redact
from ..entities import Example
from ..io import LineError, Record
from ..io._proof import ProvenLine
from ..io._reader import iter_proven
from ..judges.base import Judge, JudgeRequest, JudgeTask, Verdict
from ..matching import MatchContext
from ..metrics import MetricSpec
from ..results import ExampleResult
from ._example import MetricPlan, Row, built_in_metrics_only, error_result, evaluate_plain, evaluate_with

__all__ = [
    "INVALID_LINE",
    "Evaluator",
    "MetricArg",
    "Source",
    "aiter_evaluate",
    "aiter_evaluate_chunks",
    "aiter_rows",
    "evaluate_example",
    "items_of",
    "iter_evaluate",
    "make_evaluator",
    "resolve_judge",
]

Source = Iterable[Example | LineError | Record] | str | os.PathLike[str]
MetricArg = Sequence[str | MetricSpec] | None

_PENDING = Verdict(score=1.0, reason="pending", judge="pending")
INVALID_LINE = "invalid line: "
"""How the error of a line that is not a valid executed example begins."""
_CHUNK = 256
_MEMO_SIZE = 100_000


@dataclass(frozen=True, slots=True)
class _Item:
    """One line to evaluate."""

    line: int
    """1-based line number (position, for in-memory examples)."""

    example: Example | None
    """The example, or None when the line is invalid or comes as a proven document."""

    error: str | None
    """Why the line is invalid; None for an example."""

    document: ProvenLine | None = None
    """The line when the fast proof showed it a valid executed example (no model built yet)."""


class _Recorder:
    """A first-pass oracle: remembers what was asked and answers provisionally."""

    def __init__(self) -> None:
        self.requests: dict[JudgeRequest, None] = {}
        self.asked = False

    def __call__(self, request: JudgeRequest) -> Verdict:
        self.requests[request] = None
        self.asked = True
        return _PENDING


def resolve_judge(judge: Judge | str, **options: Any) -> Judge:
    """A judge instance from a name (``auto``, ``lexical``, ``local``, ``llm``) or the instance itself."""
    if isinstance(judge, str):
        from ..judges.factory import get_judge

        return get_judge(judge, **options)
    return judge


def _plan(metrics: MetricArg, require: Sequence[str | MetricSpec]) -> MetricPlan:
    def spec(value: str | MetricSpec) -> MetricSpec:
        return value if isinstance(value, MetricSpec) else MetricSpec.parse(value)

    selected = None if metrics is None else tuple(spec(m) for m in metrics)
    return MetricPlan(selected, tuple(spec(r) for r in require))


def items_of(source: Source, max_line_bytes: int | None = None) -> Iterator[_Item]:
    if isinstance(source, (str, os.PathLike)):
        records: Iterable[Example | LineError | Record] = iter_proven(
            source, executed=True, max_line_bytes=max_line_bytes
        )
    else:
        records = source
    for position, record in enumerate(records, start=1):
        if isinstance(record, Record):
            if record.example is None and record.error is None:
                yield _Item(record.line, None, None, record.document)
                continue
            error = record.error.message if record.error is not None else None
            yield _Item(record.line, record.example, f"{INVALID_LINE}{error}" if error else None)
        elif isinstance(record, LineError):
            yield _Item(record.line, None, f"{INVALID_LINE}{record.message}")
        else:
            yield _Item(position, record, None)


class Evaluator:
    """Evaluates chunks of items with one judge, memoizing verdicts across the run."""

    def __init__(self, judge: Judge, plan: MetricPlan, *, max_line_bytes: int | None = None) -> None:
        self.judge = judge
        self.plan = plan
        self.max_line_bytes = max_line_bytes
        """Lines of a file longer than this are invalid (None: ``MB_MAX_LINE_BYTES`` or the default)."""
        self.graded = frozenset(task for task in JudgeTask if judge.supports(task) or not built_in_metrics_only())
        """The judge tasks the fast path must leave to the judge: those it answers; all of them when metrics of the
        user's are registered (workers started afresh would not see them)."""
        self._memo: OrderedDict[JudgeRequest, Verdict] = OrderedDict()

    def _context(self, example: Example, oracle: Any) -> MatchContext:
        environment = example.outputs.environment if example.outputs is not None else None
        return MatchContext(oracle, environment.user_time if environment else None, self.judge.supports)

    def _one(self, item: _Item, oracle: Any) -> Row:
        assert item.example is not None
        try:
            row = evaluate_with(item.example, item.line, self._context(item.example, oracle), self.plan)
        except Exception as exc:  # a defect must not lose the rest of the run: record it on this line
            row = error_result(item.line, f"evaluation failed: {type(exc).__name__}: {exc}")
        row.update(source_fields_of_example(item.example))
        return row

    def _plain(self, item: _Item) -> tuple[Row | None, _Item]:
        """The fast path for a proven line; else the item with its example built for the model path."""
        proven = item.document
        assert proven is not None
        try:
            row = evaluate_plain(proven.example, item.line, self.plan, self.graded)
        except Exception as exc:  # a defect must not lose the rest of the run: record it on this line
            return error_result(item.line, f"evaluation failed: {type(exc).__name__}: {exc}"), item
        if row is not None:
            row.update(source_fields_of_proven(proven.source, proven.data))
            return row, item
        try:
            return None, _Item(item.line, Example.model_validate_json(proven.data), None)
        except ValidationError as exc:  # the proof is sound, so this is a defect: keep it on the line
            return error_result(item.line, f"{INVALID_LINE}{exc}"), item

    async def _answers(self, requests: Iterable[JudgeRequest]) -> dict[JudgeRequest, Verdict]:
        answers: dict[JudgeRequest, Verdict] = {}
        missing: list[JudgeRequest] = []
        for request in requests:
            known = self._memo.get(request)
            if known is None:
                missing.append(request)
            else:
                answers[request] = known
        if missing:
            try:
                verdicts = await self.judge.judge(missing)
                if len(verdicts) != len(missing):
                    raise RuntimeError(f"the judge returned {len(verdicts)} verdicts for {len(missing)} requests")
            except Exception as exc:  # judges should not raise; if one does, every request gets the error
                failure = redact(f"{type(exc).__name__}: {exc}")  # a judge's error may quote its key
                verdicts = [Verdict(0.0, "", self.judge.name, failure) for _ in missing]
            for request, verdict in zip(missing, verdicts, strict=True):
                answers[request] = verdict
                if verdict.error is None:
                    self._memo[request] = verdict
            while len(self._memo) > _MEMO_SIZE:
                self._memo.popitem(last=False)
        return answers

    async def chunk(self, items: Sequence[_Item]) -> list[Row]:
        recorder = _Recorder()
        results: list[Row] = []
        pending: list[tuple[int, _Item]] = []
        for index, item in enumerate(items):
            if item.document is not None:
                row, item = self._plain(item)
                if row is not None:
                    results.append(row)
                    continue
            if item.example is None:
                results.append(error_result(item.line, item.error or "invalid line"))
                continue
            recorder.asked = False
            results.append(self._one(item, recorder))
            if recorder.asked:
                pending.append((index, item))
        if pending:
            answers = await self._answers(recorder.requests)
            for index, item in pending:
                results[index] = self._one(item, answers.__getitem__)
        return results


def _chunks(items: Iterator[_Item], size: int) -> Iterator[list[_Item]]:
    chunk: list[_Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def make_evaluator(
    judge: Judge | str = "auto",
    metrics: MetricArg = None,
    require: Sequence[str | MetricSpec] = (),
    *,
    max_line_bytes: int | None = None,
    **options: Any,
) -> Evaluator:
    """The evaluator of a run: its judge (a name built with ``options``), which metrics it computes and requires,
    and the longest line it reads."""
    return Evaluator(resolve_judge(judge, **options), _plan(metrics, require), max_line_bytes=max_line_bytes)


async def aiter_rows(source: Source, evaluator: Evaluator, chunk_size: int = _CHUNK) -> AsyncIterator[list[Row]]:
    """Evaluate a source chunk by chunk, yielding each chunk's results in input order, as JSON objects
    (``ExampleResult.model_validate(row)`` gives the model)."""
    for chunk in _chunks(items_of(source, evaluator.max_line_bytes), chunk_size):
        yield await evaluator.chunk(chunk)


async def aiter_evaluate_chunks(
    source: Source,
    *,
    judge: Judge | str = "auto",
    metrics: MetricArg = None,
    require: Sequence[str | MetricSpec] = (),
    chunk_size: int = _CHUNK,
    max_line_bytes: int | None = None,
) -> AsyncIterator[list[Row]]:
    """Evaluate a source chunk by chunk, yielding each chunk's results in input order, as JSON objects
    (``ExampleResult.model_validate(row)`` gives the model)."""
    evaluator = make_evaluator(judge, metrics, require, max_line_bytes=max_line_bytes)
    async for rows in aiter_rows(source, evaluator, chunk_size):
        yield rows


async def aiter_evaluate(
    source: Source,
    *,
    judge: Judge | str = "auto",
    metrics: MetricArg = None,
    require: Sequence[str | MetricSpec] = (),
    max_line_bytes: int | None = None,
) -> AsyncIterator[ExampleResult]:
    """Evaluate a source (a path or examples), yielding one result per line in input order."""
    async for chunk in aiter_evaluate_chunks(
        source, judge=judge, metrics=metrics, require=require, max_line_bytes=max_line_bytes
    ):
        for row in chunk:
            yield ExampleResult.model_validate(row)


def iter_evaluate(
    source: Source,
    *,
    judge: Judge | str = "auto",
    metrics: MetricArg = None,
    require: Sequence[str | MetricSpec] = (),
    max_line_bytes: int | None = None,
) -> Iterator[ExampleResult]:
    """Evaluate lazily (blocking iterator): one result per line in input order, constant memory."""
    from anyio.from_thread import start_blocking_portal  # its threads load only for this blocking iterator

    with start_blocking_portal() as portal:
        resolved = portal.call(lambda: _resolve_async(judge))
        chunks = aiter_evaluate_chunks(
            source, judge=resolved, metrics=metrics, require=require, max_line_bytes=max_line_bytes
        )
        while True:
            try:
                chunk = portal.call(chunks.__anext__)
            except StopAsyncIteration:
                break
            yield from map(ExampleResult.model_validate, chunk)


async def _resolve_async(judge: Judge | str) -> Judge:
    return resolve_judge(judge)


async def evaluate_example(
    example: Example,
    *,
    judge: Judge | str = "auto",
    metrics: MetricArg = None,
    require: Sequence[str | MetricSpec] = (),
    line: int = 1,
) -> ExampleResult:
    """Evaluate one executed example."""
    evaluator = Evaluator(resolve_judge(judge), _plan(metrics, require))
    (row,) = await evaluator.chunk([_Item(line, example, None)])
    return ExampleResult.model_validate(row)
