"""``mb.evaluate``: score an executed benchmark, optionally writing the results file; what ``mb eval`` runs."""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

import anyio.lowlevel

from ..errors import InputError, OutputError
from ..io import refuse_input_as_output
from ..io._pool import worker_count
from ..judges.base import Judge
from ..metrics import MetricSpec
from ..results import ExampleResult, RunResult, Summary
from ..results_format import data_digest, header_line, results_file_problem
from ..run_record import (
    ModelPrice,
    build_run_record,
    check_prices,
    judge_token_use,
    load_prices,
    price_usage,
    total_cost,
)
from ..runner._api import blocking
from ..runner._lock import being_written
from ._blocks import Scored, spec_of
from ._engine import MetricArg, Source, make_evaluator
from ._output import ResultsSpool
from ._summary import SummaryBuilder
from ._workers import aiter_scored

__all__ = ["NothingToEvaluateError", "OutputWriteError", "aevaluate", "evaluate", "nothing_evaluated"]

Prices = Mapping[str, ModelPrice] | str | os.PathLike[str] | None


class NothingToEvaluateError(InputError):
    """The input holds no example, or no line that could be evaluated: no results file is written for it."""


class OutputWriteError(OutputError, OSError):
    """Writing the results failed part-way (a full disk); the previous results file, if any, is left as it was.
    ``filename`` is the results file asked for."""

    def __init__(
        self, error: OSError, done: int, output: str | os.PathLike[str] | None, *, publishing: bool = False
    ) -> None:
        super().__init__(error.errno, error.strerror or str(error), None if output is None else os.fspath(output))
        self.error = error
        """The error writing met."""
        self.done = done
        """Lines evaluated before it."""
        self.publishing = publishing
        """Whether it came as the finished file was written (rather than while the lines were kept)."""


def nothing_evaluated(summary: Summary, unusable: int, file: str | None) -> NothingToEvaluateError | None:
    """The error saying why an evaluation of ``file`` (None: examples given in memory) that gave ``summary``
    (``unusable`` of its lines invalid) evaluated nothing, or None when it evaluated something."""
    if summary.total == 0:
        why = "holds no example (it is empty or blank)"
    elif unusable == summary.total:
        first = summary.error_messages[0] if summary.error_messages else ""
        why = f"no line could be evaluated; first problem: {first}"  # missing outputs say `mb run`
    else:
        return None
    return NothingToEvaluateError(why, file=file) if file else NothingToEvaluateError(f"the examples given: {why}")


def _file(source: Source) -> str | None:
    """The file the source is, as errors name it (``<stdin>`` for ``-``), None for examples given in memory."""
    if not isinstance(source, (str, os.PathLike)):
        return None
    return "<stdin>" if os.fspath(source) == "-" else os.fspath(source)


@contextlib.contextmanager
def _cluster(backend: str, address: str | None) -> Iterator[ModuleType | None]:
    """The connected ``ray`` module for the Ray backend (disconnected afterwards), None for the local one."""
    if backend == "local":
        yield None
        return
    if backend != "ray":
        raise ValueError(f"unknown backend {backend!r}: choose local or ray")
    from ..runner._ray_cluster import ray_session  # Ray loads only for a cluster

    with ray_session(address) as ray:
        yield ray


async def aevaluate(
    source: Source,
    *,
    output: str | os.PathLike[str] | None = None,
    jobs: int | Literal["auto"] = 1,
    backend: Literal["local", "ray"] = "local",
    address: str | None = None,
    judge: Judge | str = "auto",
    judge_options: Mapping[str, Any] | None = None,
    metrics: MetricArg = None,
    require: Sequence[str | MetricSpec] = (),
    max_line_bytes: int | None = None,
    keep_results: bool | None = None,
    prices: Prices = None,
    price_model: str | None = None,
    failures: int = 10,
    progress: Callable[[Scored], object] | None = None,
    key_warnings: int = 0,
    warn: Callable[[str], None] = warnings.warn,
) -> RunResult:
    """Evaluate every example of a benchmark file (``-``: standard input) or an iterable of examples; given what
    :func:`mb.run` returns (its examples, or the whole :class:`~mb.runner.AgentRun`), each benchmark line that was
    not run is an error too, as ``mb eval`` counts it.

    ``output`` writes the results file (format 2: the run record, then one result line per input line in input
    order; ``-`` standard output, ``.gz`` compressed), replacing it only when complete: an error or an interrupt
    leaves a previous file as it was. Raises :class:`NothingToEvaluateError` (writing nothing) for a file, or with
    ``output`` any input, without a line that could be evaluated (a benchmark not yet run, a results file), and
    :class:`OutputWriteError` when writing fails part-way.

    ``jobs`` worker processes (a number from 1, or ``auto``: one per CPU for a file of 4 MiB or more; or, with
    ``backend="ray"``, the Ray cluster at ``address``; default: a local Ray instance) score blocks of a file's lines
    when the judge is an offline one named here (``lexical``, ``local``, or ``auto`` choosing one of them); any
    other judge, a judge object and in-memory examples are evaluated in this process. The results are the same
    either way. Worker processes import the calling script's module, so a script that asks for them keeps its
    top-level code under ``if __name__ == "__main__":`` (else the workers fail to start with a
    :class:`~mb.errors.ConfigError` saying so, and the lines are scored here, once).

    ``judge`` decides semantic questions: ``auto``, a name, or a :class:`~mb.judges.Judge`; ``judge_options`` go to
    the judge factory with the name. ``metrics`` restricts the response metrics computed (default: every metric
    that applies); ``require`` lists metrics (``"name"`` or ``"name=threshold"``) that gate the verdict. A line
    longer than ``max_line_bytes`` is an invalid line (default: ``MB_MAX_LINE_BYTES`` or 16 MiB).

    The result keeps every example result when ``keep_results`` (default: when no ``output`` is written, so that
    evaluating a large file into a results file holds a block of results in memory at a time, not all of them).
    ``prices`` (per million tokens by model, or a JSON/TOML file of them) prices the token use the outputs report
    (``price_model`` for usage that names no model). ``progress`` is called with each block's results as they come;
    ``failures`` caps the failure entries each block carries; the blocks of a file report the unknown keys (likely
    typos, see :attr:`Scored.warnings`) of its first ``key_warnings`` lines, read as they are evaluated. A file an
    ``mb run`` is still writing is scored as far as it is written, with a warning (``warn``, default
    :func:`warnings.warn`) saying so.
    """
    workers = worker_count(jobs, source)
    input_file = os.fspath(source) if isinstance(source, (str, os.PathLike)) and str(source) != "-" else None
    regular = input_file is not None and os.path.isfile(input_file)  # read beside the lines (a pipe is read once)
    if input_file and regular and being_written(Path(input_file)):
        warn(
            f"{input_file} is still being written by `mb run` (it holds its lock): only the lines written so far "
            "are scored, lines written later are not"
        )
    problem = results_file_problem(input_file, "an executed benchmark") if input_file and regular else None
    if problem is not None:  # what `mb eval` says of it too
        raise NothingToEvaluateError(problem, file=input_file)
    # results written over the benchmark (or the prices file) would destroy what is being read
    refuse_input_as_output(output, input_file, prices if isinstance(prices, (str, os.PathLike)) else None)
    options = dict(judge_options or {})
    evaluator = make_evaluator(judge, metrics, require, max_line_bytes=max_line_bytes, **options)
    spec = spec_of(evaluator, judge, options, failures, key_warnings) if isinstance(judge, str) else None
    price_table = (
        None if prices is None else check_prices(prices) if isinstance(prices, Mapping) else load_prices(Path(prices))
    )
    keep = output is None if keep_results is None else keep_results
    started = datetime.now(UTC)
    builder = SummaryBuilder()
    results: list[ExampleResult] = []
    unusable = done = 0
    try:
        spool = ResultsSpool(output) if output is not None else None
    except OSError as exc:
        raise OutputWriteError(exc, 0, output, publishing=True) from exc
    digests = ThreadPoolExecutor(1, thread_name_prefix="mb-input-digest") if regular and output else None
    try:
        digest = digests.submit(data_digest, input_file) if digests is not None and input_file else None
        with _cluster(backend, address) as ray:
            scored = aiter_scored(
                source, evaluator, spec=spec, jobs=workers, ray=ray, failures=failures, key_warnings=key_warnings
            )
            async for block in scored:
                builder.merge(block.summary)
                unusable += block.unusable
                if keep:
                    results.extend(map(ExampleResult.model_validate_json, block.data.splitlines()))
                if spool is not None:
                    try:
                        spool.write(block.data)
                    except OSError as exc:
                        raise OutputWriteError(exc, done, output) from exc
                done += block.count
                if progress is not None:
                    progress(block)
                await anyio.lowlevel.checkpoint()  # blocks scored without waiting: Ctrl-C or a cancel stops here
        builder.count_escalations(evaluator.judge)
        summary = builder.build(evaluator.judge.name)
        if price_table is not None and summary.agent_usage is not None:
            examples = builder.examples_by_model()
            summary.agent_usage = price_usage(summary.agent_usage, price_table, price_model, examples)
        summary.judge_usage = judge_token_use(evaluator.judge, price_table)
        summary.cost = total_cost(summary.agent_usage, summary.judge_usage)
        # A file of which nothing could be evaluated (a benchmark not yet run, a results file) is the wrong file.
        refusal = nothing_evaluated(summary, unusable, _file(source)) if output is not None or input_file else None
        if refusal is not None:
            raise refusal
        if spool is not None and output is not None:
            record = build_run_record(
                judge=evaluator.judge,
                metrics=evaluator.plan.selected,
                required=evaluator.plan.required,
                input_file=input_file,
                input_sha256=_digest_of(digest),
                started_at=started,
                finished_at=datetime.now(UTC),
                summary=summary,
            )
            try:
                spool.publish(output, header_line(record))
            except OSError as exc:
                raise OutputWriteError(exc, done, output, publishing=True) from exc
    finally:
        if spool is not None:
            spool.close()
        if digests is not None:
            digests.shutdown(wait=False, cancel_futures=True)
    return RunResult(results=results, summary=summary)


def _digest_of(digest: Any) -> str | None:
    """The input's sha256 computed beside the evaluation, None when it could not be read."""
    with contextlib.suppress(OSError):
        return None if digest is None else str(digest.result())
    return None


def evaluate(
    source: Source,
    *,
    output: str | os.PathLike[str] | None = None,
    jobs: int | Literal["auto"] = 1,
    backend: Literal["local", "ray"] = "local",
    address: str | None = None,
    judge: Judge | str = "auto",
    judge_options: Mapping[str, Any] | None = None,
    metrics: MetricArg = None,
    require: Sequence[str | MetricSpec] = (),
    max_line_bytes: int | None = None,
    keep_results: bool | None = None,
    prices: Prices = None,
    price_model: str | None = None,
) -> RunResult:
    """Evaluate every example of a benchmark file or an iterable of examples (blocking); see :func:`aevaluate`."""
    return blocking(partial(aevaluate, **locals()), "evaluate")  # every parameter, as given
