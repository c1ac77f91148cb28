"""The evaluation loop: stream lines, batch every judge question of a chunk into one judge call, keep order.

Each example is evaluated twice at most: a first pass records the judge requests it needs (deterministic
examples are done after it), then one batched judge call answers the whole chunk's unique requests, and a
second pass replays the example with the answers. Verdicts are memoized for the run, so N identical
(value, argument) pairs cost one judge call.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar

from .._hashing import source_fields_of_example
from .._redact import redact
from ..entities import Example
from ..errors import ConfigError
from ..io import LineError, Record, iter_records, not_run_record, parse_document
from ..judges.base import Judge, JudgeRequest, Verdict
from ..matching import MatchContext
from ..metrics import MetricSpec
from ..results import ExampleResult
from ..runner._summary import AgentRun, ExecutedExamples
from ._example import Row, error_result, evaluate_with
from .plan import MetricPlan

__all__ = [
    "INVALID_LINE",
    "Evaluator",
    "MetricArg",
    "Source",
    "aiter_evaluate",
    "aiter_rows",
    "evaluate_example",
    "iter_evaluate",
    "make_evaluator",
    "resolve_judge",
]

Source = Iterable[Example | LineError | Record] | AgentRun | str | os.PathLike[str]
MetricArg = Sequence[str | MetricSpec] | None

_PENDING = Verdict(score=1.0, reason="pending", judge="pending")
INVALID_LINE = "invalid line: "
"""How the error of a line that is not a valid executed example begins."""
_CHUNK = 256
_MEMO_SIZE = 100_000
T = TypeVar("T")


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

    for name, given in (("metrics", metrics), ("require", require)):
        if isinstance(given, str):  # a string is a sequence of letters: 's' would be the first metric asked for
            example = "[] for none" if given.strip().lower() in ("", "none") else f"[{given!r}]"
            raise ConfigError(f"{name} is a list of metrics, e.g. {example}, got the string {given!r}")

    selected = None if metrics is None else tuple(spec(m) for m in metrics)
    return MetricPlan(selected, tuple(spec(r) for r in require))


def items_of(source: Source, max_line_bytes: int | None = None) -> Iterator[Record]:
    """The lines of a source as records (an in-memory example's line is its position); each benchmark line that
    :func:`mb.run` did not run (:class:`~mb.runner.ExecutedExamples`) is an invalid line in its place."""
    if isinstance(source, (str, os.PathLike)):
        yield from iter_records(source, executed=True, max_line_bytes=max_line_bytes)
        return
    if isinstance(source, AgentRun):
        source = source.examples
    not_run = source.in_order() if isinstance(source, ExecutedExamples) else None
    for position, record in enumerate(source if not_run is None else not_run, start=1):
        if isinstance(record, Record):
            yield record
        elif isinstance(record, LineError) and not_run is not None:
            error = parse_document(not_run_record(record), file=record.file, line=position)  # as `mb eval` reads it
            assert isinstance(error, LineError)
            yield Record(position, None, error)
        elif isinstance(record, LineError):
            yield Record(record.line, None, record)
        else:
            yield Record(position, record, None)


class Evaluator:
    """Evaluates chunks of items with one judge, memoizing verdicts across the run."""

    def __init__(self, judge: Judge, plan: MetricPlan, *, max_line_bytes: int | None = None) -> None:
        self.judge = judge
        self.plan = plan
        self.max_line_bytes = max_line_bytes
        """Lines of a file longer than this are invalid (None: ``MB_MAX_LINE_BYTES`` or the default)."""
        self._memo: OrderedDict[JudgeRequest, Verdict] = OrderedDict()

    def _one(self, item: Record, oracle: Any) -> Row:
        assert item.example is not None
        return _row(
            item.example, item.line, MatchContext(oracle, _user_time(item.example), self.judge.supports), self.plan
        )

    async def _answers(self, requests: Collection[JudgeRequest]) -> dict[JudgeRequest, Verdict]:
        answers = {request: known for request in requests if (known := self._memo.get(request)) is not None}
        missing = [request for request in requests if request not in answers]
        if missing:
            try:
                verdicts = await self.judge.judge(missing)
                if len(verdicts) != len(missing):
                    raise RuntimeError(f"the judge returned {len(verdicts)} verdicts for {len(missing)} requests")
                for verdict in verdicts:  # a verdict out of its contract is the judge's failure, never a pass
                    if not isinstance(verdict, Verdict) or not 0.0 <= verdict.score <= 1.0:
                        raise RuntimeError(f"the judge returned an invalid verdict (a score in [0, 1]): {verdict!r}")
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

    async def chunk(self, items: Iterable[Record], finish: Callable[[Row], T]) -> list[T]:
        """The results of ``items`` in order, each through ``finish`` as soon as it is final: a line that needs no
        judge at once, the others once the chunk's judge questions are answered. (A result that ``finish`` turns
        into bytes dies young: the garbage collector is not kept busy by the chunk's rows.)"""
        recorder = _Recorder()
        results: list[Any] = []
        pending: list[tuple[int, Record]] = []
        for index, item in enumerate(items):
            if item.example is None:
                message = item.error.message if item.error is not None else ""
                row = error_result(item.line, f"{INVALID_LINE}{message}" if message else "invalid line")
                results.append(finish(row))
                continue
            recorder.asked = False
            row = self._one(item, recorder)
            if recorder.asked:
                pending.append((index, item))
                results.append(None)  # its result once the judge has answered
            else:
                results.append(finish(row))
        if pending:
            answers = await self._answers(recorder.requests)
            for index, item in pending:
                results[index] = finish(self._one(item, answers.__getitem__))
        return results


def _same(row: Row) -> Row:
    return row


def _user_time(example: Example) -> Any:
    environment = example.outputs.environment if example.outputs is not None else None
    return None if environment is None else environment.local_time


def _row(example: Example, line: int, ctx: MatchContext, plan: MetricPlan) -> Row:
    """The result of an example, with the fields taken from the line."""
    try:
        row = evaluate_with(example, line, ctx, plan)
    except Exception as exc:  # a defect must not lose the rest of the run: record it on this line
        row = error_result(line, f"evaluation failed: {type(exc).__name__}: {exc}")
    row.update(source_fields_of_example(example))
    return row


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
    items = items_of(source, evaluator.max_line_bytes)
    while rows := await evaluator.chunk(islice(items, chunk_size), _same):  # each line read as it is evaluated
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
    async for chunk in aiter_rows(source, make_evaluator(judge, metrics, require, max_line_bytes=max_line_bytes)):
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
        resolved = portal.call(resolve_judge, judge)  # built in the portal's event loop
        chunks = aiter_rows(source, make_evaluator(resolved, metrics, require, max_line_bytes=max_line_bytes))
        while True:
            try:
                chunk = portal.call(chunks.__anext__)
            except StopAsyncIteration:
                break
            yield from map(ExampleResult.model_validate, chunk)


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
    (row,) = await evaluator.chunk([Record(line, example, None)], _same)
    return ExampleResult.model_validate(row)
