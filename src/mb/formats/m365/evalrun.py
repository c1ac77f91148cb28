"""Running an evaluation document against an agent, as the ``runevals`` tool does, with MorganaBench underneath.

Each item is a unit: a single-turn item runs once; a thread runs its turns in order (each turn's example already
holds the earlier turns as history). When a turn's agent request fails, the later turns of that thread are not
attempted (``turnSkipped``). Units run concurrently (``concurrency`` at a time). Every answered turn is scored by
the MorganaBench metrics its evaluators map to (:mod:`mb.formats.m365.evaluators`) and the output document is
built with the statuses and summaries of :mod:`mb.formats.m365.status`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import anyio

from ..._version import __version__
from ...entities import Example
from ...entities._misspelt import EXPECTING
from ...errors import ConfigError
from ...evaluation._example import agent_failure, without_checks
from ...judges.base import Judge
from ...results import ExampleResult
from .document import LoadedDocument
from .entries import Evaluated, m365_data
from .evaluators import effective_evaluators, metric_requests
from .exporter import build_document
from .importer import document_units

__all__ = ["EvalRun", "arun_document", "example_evaluators", "run_document", "run_metadata"]

_NEEDS_EXPECTED = frozenset({"similarity", "exact_match", "partial_match"})


@dataclass
class EvalRun:
    """What a run produced: the output document and, per item, its examples and their evaluation."""

    document: dict[str, Any]
    """The output document (valid under schema 1.7.0)."""

    units: list[list[Evaluated]]
    """Per item of the input document, its single example or its turns, executed and evaluated."""

    judge: str
    """The name of the judge that scored the responses."""

    agent: str
    """The name of the agent under test."""


def run_metadata(*, agent: str, judge: str, dataset: str | None) -> dict[str, Any]:
    """The ``metadata`` a run adds to the output document: time, agent, MorganaBench version, judge."""
    extensions: dict[str, Any] = {"judge": judge}
    if dataset is not None:
        extensions["dataset"] = dataset
    return {
        "evaluatedAt": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "agentName": agent,
        "cliVersion": __version__,
        "extensions": {"morganabench": extensions},
    }


def example_evaluators(example: Example) -> dict[str, dict[str, Any]]:
    """The evaluators the example's document applies to it (its defaults, extended or replaced), with options."""
    data = m365_data(example)
    document = data.get("document") if isinstance(data.get("document"), dict) else {}
    return effective_evaluators(
        (document or {}).get("default_evaluators"), data.get("evaluators"), data.get("evaluators_mode")
    )


async def _evaluate(example: Example, judge: Judge, line: int) -> ExampleResult:
    from ...evaluation import NOTHING_CHECKED, MetricSpec, evaluate_example

    requests, _ = metric_requests(example_evaluators(example))
    own = example.expectations.model_dump(include=set(EXPECTING) - {"expected_response"}, exclude_unset=True)
    if not requests and not any(own.values()):  # nor MorganaBench's own expectations (assertions, facts...)
        return ExampleResult(line=line, passed=True, status="passed", score=1.0)
    specs = [MetricSpec(r.metric, r.threshold, dict(r.options)) for r in requests]
    scored = example
    if not any(r.metric in _NEEDS_EXPECTED for r in requests) and example.expectations.expected_response:
        # The verdict on the expected response is not reported here: do not spend judge calls on it.
        expectations = example.expectations.model_copy(update={"expected_response": None})
        scored = example.model_copy(update={"expectations": expectations})
    result = await evaluate_example(scored, judge=judge, metrics=specs, line=line)
    # The requested evaluators (ExactMatch, Similarity...) report on the expected response, not the gate on it; and
    # they are what the item checks.
    return without_checks(result, ("expected_response", NOTHING_CHECKED))


async def arun_document(
    loaded: LoadedDocument,
    agent: Any,
    *,
    judge: Judge | str = "auto",
    concurrency: int = 4,
    timeout: float | None = None,
    retries: int = 2,
    user_time: datetime | None = None,
    on_unit: Callable[[int, list[Evaluated]], None] | None = None,
) -> EvalRun:
    """Run and score every item of ``loaded``; see the module documentation.

    ``agent`` is anything :func:`mb.runner.as_agent` accepts (a callable, a framework agent, ``module:attr``).
    ``judge`` is a :class:`~mb.judges.Judge` or a name (``auto``, ``lexical``, ``local``, ``llm``).
    ``on_unit(index, evaluated)`` is called as each item completes (completion order).
    """
    from ...evaluation import resolve_judge
    from ...runner import arun, as_agent

    judge = resolve_judge(judge)
    ConfigError.check_count("concurrency", concurrency)
    runnable = as_agent(agent)
    units = document_units(loaded)
    done: list[list[Evaluated]] = [[] for _ in units]
    numbers = itertools.count(1)  # the positions `mb import m365` gives the examples across the document
    lines = [[next(numbers) for _ in unit] for unit in units]

    async def execute(example: Example) -> Example:
        output = await arun(
            [example], runnable, concurrency=1, timeout=timeout, retries=retries, user_time=user_time, collect=True
        )
        return output.examples[0]

    async def run_unit(index: int, unit: Sequence[Example], limiter: anyio.CapacityLimiter) -> None:
        async with limiter:
            evaluated: list[Evaluated] = []
            failed = False
            for example, line in zip(unit, lines[index], strict=True):
                if failed:
                    evaluated.append(Evaluated(example, skipped=True, line=line))
                    continue
                executed = await execute(example)
                if agent_failure(executed) is not None:
                    failed = True
                    evaluated.append(Evaluated(executed, line=line))
                    continue
                evaluated.append(Evaluated(executed, await _evaluate(executed, judge, line), line=line))
            done[index] = evaluated
        if on_unit is not None:
            on_unit(index, evaluated)

    limiter = anyio.CapacityLimiter(concurrency)
    async with anyio.create_task_group() as group:
        for index, unit in enumerate(units):
            group.start_soon(run_unit, index, unit, limiter)
    name = runnable.name
    metadata = run_metadata(agent=name, judge=judge.name, dataset=None if loaded.file == "<memory>" else loaded.file)
    export = build_document([e for unit in done for e in unit], metadata=metadata, source=loaded.file)
    return EvalRun(export.document, done, judge.name, name)


def run_document(loaded: LoadedDocument, agent: Any, **options: Any) -> EvalRun:
    """Blocking form of :func:`arun_document` (the same options: ``judge``, ``concurrency``, ``timeout``,
    ``retries``, ``user_time``, ``on_unit``)."""
    return anyio.run(functools.partial(arun_document, loaded, agent, **options))
