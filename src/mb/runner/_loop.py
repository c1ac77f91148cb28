"""The run loop: read examples, call the agent concurrently, write each executed example as soon as it is done.

- Concurrency: ``concurrency`` workers (anyio tasks) take examples in input order; a sync agent runs in a
  worker thread (at most ``concurrency`` threads), an async one on the agents' own event loop
  (:mod:`mb.runner._agent_loop`); a call abandoned after a timeout may run on in the background.
- ``timeout`` bounds each example (all its attempts and the waits between them); ``retries`` repeats an
  attempt that failed with a transient error (:class:`~mb.runner.TransientAgentError`, or any exception with
  ``transient = True``) after an exponential backoff with jitter (``backoff`` * 2**n seconds, at most
  ``max_backoff``; an exception's ``retry_after`` seconds replaces the delay).
- Each executed example is written and flushed as soon as it completes (completion order). Agent failures
  are written as lines whose ``outputs`` carries ``response: ""`` and ``error: {type, message, transient}``, with
  the trace and usage of the failed attempt as far as the agent got (a timeout included).
- ``outputs.environment.user_time`` is the time the request is sent (local zone, with its offset) unless the
  agent set it or ``user_time`` fixes it; ``outputs.latency_ms`` is the example's wall time in milliseconds,
  attempts and waits included.
"""

from __future__ import annotations

import itertools
import random
import signal
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import anyio
from anyio.abc import ObjectReceiveStream, ObjectSendStream
from pydantic import ValidationError

from .._hashing import hash_document
from .._redact import redact
from ..entities import Environment, Example, Inputs, Outputs
from ..entities.outputs import reported_error
from ..io import JsonlWriter, LineError, Problem, not_run_record, validation_reason
from ..io._limits import DEFAULT_MAX_LINE_BYTES, encode_line
from ._agent import CallableAgent, to_outputs
from ._errors import (
    AgentOutputError,
    PartialRun,
    error_record,
    is_transient,
    partial_run,
    retry_after,
    start_partial_run,
)
from ._output import PreviousOutput, trial_key
from ._progress import RunProgress
from ._summary import RunSummary

__all__ = ["RunSettings", "Runner"]


@dataclass(frozen=True, slots=True)
class RunSettings:
    """How examples are run."""

    concurrency: int = 4
    """Examples run at the same time."""

    timeout: float | None = None
    """Seconds allowed per example (all attempts included); None for no limit."""

    retries: int = 2
    """Further attempts after a transient failure."""

    backoff: float = 1.0
    """Base delay in seconds before the first retry; doubled for each further one."""

    max_backoff: float = 60.0
    """Longest delay between two attempts, in seconds."""

    user_time: datetime | None = None
    """A fixed ``user_time`` for every example (reproducible runs; a naive one stays naive, i.e. wall-clock);
    None for the time each request is sent, in the local zone."""

    repeats: int = 1
    """Trials per example; above 1, each written line records which trial it is (``repeat``, from 1)."""

    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    """The longest executed line written; outputs that would make a longer one become an agent error."""


@dataclass(slots=True)
class _Job:
    index: int
    """Position among the benchmark's valid examples."""

    example: Example
    """The example to run."""

    document: dict[str, Any]
    """The example's JSON form without ``outputs`` (written back with the outputs)."""

    key: str
    """The example hash."""

    repeat: int | None = None
    """Which trial this is (from 1) when examples are repeated; None for a single trial."""


def _set_extra(model: Outputs, key: str, value: Any) -> None:
    extra = model.__pydantic_extra__
    if extra is not None:
        extra[key] = value


class Runner:
    """One run: its settings, where it writes, what it has done."""

    def __init__(
        self,
        agent: CallableAgent,
        settings: RunSettings,
        *,
        writer: JsonlWriter | None,
        progress: RunProgress,
        summary: RunSummary,
        previous: PreviousOutput | None,
        collect: bool,
        keep_order: bool,
    ) -> None:
        self.agent = agent
        self.settings = settings
        self.writer = writer
        self.progress = progress
        self.summary = summary
        self.previous = previous
        self.results: list[Example | LineError | None] | None = [] if collect else None  # in input order
        self.order: list[str] | None = [] if keep_order else None
        self.limiter = anyio.CapacityLimiter(settings.concurrency)
        self.in_flight = 0

    async def run(self, items: Iterator[Example | LineError], *, handle_signals: bool) -> None:
        """Run every example; with ``handle_signals``, Ctrl-C stops scheduling, a second one cancels."""
        send, receive = anyio.create_memory_object_stream[_Job](0)
        producer = anyio.CancelScope()  # cancelled by the first Ctrl-C: no new example starts
        async with anyio.create_task_group() as watchers:
            async with anyio.create_task_group() as workers:
                if handle_signals:
                    watchers.start_soon(self._watch_signals, producer, workers.cancel_scope)
                for _ in range(self.settings.concurrency):
                    workers.start_soon(self._worker, receive.clone())
                receive.close()
                with producer:
                    try:
                        await self._produce(items, send)
                    finally:
                        send.close()
            watchers.cancel_scope.cancel()

    async def _produce(self, items: Iterator[Example | LineError], send: ObjectSendStream[_Job]) -> None:
        summary = self.summary
        for item in items:
            if isinstance(item, LineError):  # written in its place, so that `mb eval` counts it as an error
                summary.invalid.append(item)
                self.progress.invalid(item)
                document = not_run_record(item)
                key = document["example_hash"]
            else:
                document = item.model_dump(mode="json", exclude_none=True, exclude={"outputs", "repeat"})
                key = hash_document(document)
            repeats = self.settings.repeats
            for repeat in range(1, repeats + 1) if repeats > 1 else (None,):
                trial = trial_key(key, repeat)
                if self.order is not None:
                    self.order.append(trial)
                if isinstance(item, LineError):
                    if self.results is not None:
                        self.results.append(item)
                    if self.writer is not None and (self.previous is None or self.previous.take(trial) is None):
                        extra = {"repeat": repeat} if repeat is not None else {}
                        self.writer.write({**document, "example_hash": key, **extra})
                    continue
                summary.total += 1
                index = len(self.results) if self.results is not None else 0
                if self.results is not None:
                    self.results.append(None)
                if self.previous is not None:
                    line = self.previous.take(trial)
                    if line is not None:
                        summary.skipped += 1
                        if self.results is not None:
                            self.results[index] = Example.model_validate_json(line)
                        getattr(self.progress, "skip", self.progress.advance)()  # one without skip() counts it so
                        continue
                await send.send(_Job(index, item, document, key, repeat))

    async def _worker(self, receive: ObjectReceiveStream[_Job]) -> None:
        async with receive:
            async for job in receive:
                self.in_flight += 1
                try:
                    outputs, failed = await self._execute(job.example.inputs)
                finally:
                    self.in_flight -= 1
                trial = {"repeat": job.repeat} if job.repeat is not None else {}
                try:
                    data = self._encode(job, outputs, trial)
                except AgentOutputError as exc:  # written, the line could not be read back: an agent error
                    if failed:  # the error line of a failed attempt (its partial run too long): replaced, not added
                        self.summary.errors -= Counter([(reported_error(outputs) or ("", ""))[0] or "AgentError"])
                    outputs = self._failure(exc, kept=outputs)
                    failed = True
                    data = self._encode(job, outputs, trial)
                if self.writer is not None:
                    self.writer.write_lines(data, 1)
                self.summary.ran += 1
                if self.results is not None:
                    self.results[job.index] = job.example.model_copy(
                        update={"outputs": outputs, "example_hash": job.key, **trial}
                    )
                self.progress.advance(error=failed)

    async def _execute(self, inputs: Inputs) -> tuple[Outputs, bool]:
        """Run the agent on one example; the outputs to write, and whether the agent failed."""
        sent = self.settings.user_time or datetime.now().astimezone()
        started = time.perf_counter()
        failed = False
        start_partial_run()  # each attempt starts its own; none of an earlier example's is left to read
        try:
            outputs = to_outputs(await self._call(inputs, sent))
        except Exception as exc:  # whatever the agent raised (see CallableAgent): its example's failure
            outputs = self._failure(exc, partial=partial_run())
            failed = True
        else:  # an error the agent records itself counts as one it raises, as `mb eval` and `--retry-errors` take it
            if (reported := reported_error(outputs)) is not None:
                failed = True
                kind, message = reported[0] or "AgentError", reported[1]
                self.summary.errors[kind] += 1
                self.summary.note_error(redact(f"{kind}: {message}"))
        latency = (time.perf_counter() - started) * 1000.0
        environment = outputs.environment
        if environment is None:
            outputs.environment = Environment(user_time=sent)
        elif environment.user_time is None:
            environment.user_time = sent
        _set_extra(outputs, "latency_ms", round(latency, 3))
        return outputs, failed

    def _failure(
        self, exc: BaseException, *, kept: Outputs | None = None, partial: PartialRun | None = None
    ) -> Outputs:
        """The outputs of a failed example, counted in the summary; ``kept``: outputs whose environment and
        latency stay; ``partial``: what the failed attempt recorded (trace and usage)."""
        record = error_record(exc)
        trace = partial.trace if partial is not None else []
        usage = {"usage": partial.usage} if partial is not None and partial.usage else {}
        left_out = None
        data = {"response": "", "error": record, "trace": trace, **usage}
        try:
            outputs = Outputs.model_validate(data)
        except ValidationError as invalid:  # what the agent recorded is not a trace: the failure is kept without it
            left_out = validation_reason(invalid, data)
        else:  # nor is a trace no command could read back (a lone surrogate, a number out of range)
            written = encode_line(outputs.line_data(), self.settings.max_line_bytes)
            if isinstance(written, Problem):
                left_out = f"{written.path}: {written.message}"
        if left_out is not None:
            record = {**record, "message": f"{record['message']} (its partial run was left out: {left_out})"}
            outputs = Outputs.model_validate({"response": "", "error": record})
        self.summary.errors[record["type"]] += 1
        self.summary.note_error(f"{record['type']}: {record['message']}")
        if kept is not None:
            outputs.environment = kept.environment
            latency = (kept.__pydantic_extra__ or {}).get("latency_ms")
            if latency is not None:
                _set_extra(outputs, "latency_ms", latency)
        return outputs

    def _encode(self, job: _Job, outputs: Outputs, trial: dict[str, int]) -> bytes:
        """The executed line (newline included); :class:`AgentOutputError` naming the field when no command could
        read it back (a lone surrogate, a number out of range, nesting too deep, a line over ``max_line_bytes``)."""
        line = {**job.document, "outputs": outputs.line_data()}
        data = encode_line({**line, "example_hash": job.key, **trial}, self.settings.max_line_bytes)
        if isinstance(data, Problem):
            raise AgentOutputError(
                f"the agent's outputs cannot be written as a benchmark line: {data.path}: {data.message}"
            )
        return data + b"\n"

    async def _call(self, inputs: Inputs, sent: datetime) -> Any:
        """The agent's answer, with transient failures retried, all attempts within the timeout."""
        settings = self.settings
        with anyio.move_on_after(settings.timeout):  # None: no deadline
            for attempt in itertools.count():
                start_partial_run()
                try:
                    return await self.agent(inputs, user_time=sent, limiter=self.limiter)
                except Exception as exc:
                    if attempt >= settings.retries or not is_transient(exc):
                        raise
                    delay = retry_after(exc)
                    if delay is None:
                        delay = settings.backoff * (2**attempt) * random.uniform(0.5, 1.0)
                    self.summary.retried += 1
                    await anyio.sleep(min(delay, settings.max_backoff))
        raise TimeoutError(f"the agent gave no answer within {settings.timeout:g} s")

    async def _watch_signals(self, producer: anyio.CancelScope, workers: anyio.CancelScope) -> None:
        if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:  # ignored when the program started: it stays so
            return
        try:
            receiver = anyio.open_signal_receiver(signal.SIGINT)
        except NotImplementedError:  # pragma: no cover - platforms without signal support
            return
        with receiver as signals:
            async for _ in signals:
                if not self.summary.interrupted:  # the first Ctrl-C: no new example starts, those in flight finish
                    self.summary.interrupted = True
                    producer.cancel()
                    self.progress.message(
                        f"interrupted: no new example starts; finishing the {self.in_flight} in flight "
                        "(press Ctrl-C again to cancel them)"
                    )
                else:
                    self.summary.cancelled = self.in_flight
                    workers.cancel()
                    self.progress.message(f"cancelling the {self.in_flight} example(s) in flight")
