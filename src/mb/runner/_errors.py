"""Errors of the runner, and how an agent failure becomes the ``outputs.error`` record of a line."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from .._redact import redact
from ..errors import AgentError, InputError, OutputError
from ..io import validation_reason

__all__ = [
    "AgentBaseException",
    "AgentLoadError",
    "AgentOutputError",
    "BenchmarkFileError",
    "OutputExistsError",
    "OutputLockedError",
    "PartialRun",
    "ResumeError",
    "TransientAgentError",
    "error_record",
    "is_transient",
    "partial_run",
    "retry_after",
    "start_partial_run",
]

_MAX_MESSAGE = 2000


@dataclass
class PartialRun:
    """What an agent did so far on the example being run: kept in the example's error line if the attempt fails
    (an error it raises, or the runner's timeout cancelling it)."""

    trace: list[Any] = field(default_factory=list)
    """The trace events recorded so far."""

    usage: dict[str, int] | None = None
    """The token usage so far (``input_tokens``, ``output_tokens``, ``total_tokens``), when the model reports it."""


_PARTIAL: ContextVar[PartialRun | None] = ContextVar("mb_partial_run", default=None)


def start_partial_run() -> PartialRun:
    """A fresh record for the attempt about to run in this task (the agents it calls see it)."""
    partial = PartialRun()
    _PARTIAL.set(partial)
    return partial


def partial_run() -> PartialRun | None:
    """The record of the attempt being run, for an agent to keep its trace and usage in as it goes (None outside
    the runner)."""
    return _PARTIAL.get()


class TransientAgentError(AgentError):
    """Raise it from an agent for a failure worth retrying (rate limit, dropped connection, overloaded server).

    The runner retries the example with exponential backoff, up to ``retries`` times. Any exception with an
    attribute ``transient = True`` is treated the same way, so an agent can also mark a library's own
    exception (``exc.transient = True; raise``). ``retry_after`` (seconds), when given, replaces the next
    backoff delay.
    """

    transient = True
    """Marks the failure as worth retrying."""

    def __init__(self, message: str = "", *, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        """Seconds to wait before the next attempt, when the failure says so (e.g. an HTTP ``Retry-After``)."""


class AgentOutputError(AgentError):
    """The agent returned something that is not an answer: not ``Outputs``, its JSON form (a dict) or ``str``, or
    invalid ``Outputs``."""


class AgentBaseException(AgentError):
    """The agent raised a ``BaseException`` that is not an ``Exception`` (``asyncio.CancelledError``,
    ``GeneratorExit``, ``KeyboardInterrupt``, ``SystemExit``, one of its own): its example's failure like any other,
    recorded under the type it raised."""

    def __init__(self, original: BaseException) -> None:
        super().__init__(original)
        self.original = original
        """What the agent raised."""


class AgentLoadError(AgentError):
    """An agent specification (``module:attribute``, ``path/to/file.py:attribute``) cannot be made an agent."""


class OutputExistsError(OutputError, FileExistsError):
    """The output file already holds examples and neither resuming nor overwriting was asked for."""


class OutputLockedError(OutputError):
    """Another run is writing the same output file (the message names it: process id, host, start time)."""


class BenchmarkFileError(InputError):
    """The benchmark file cannot be read as JSONL at all (a pretty-printed JSON document) or holds no example (it is
    empty or blank): nothing was run and no output was created."""


class ResumeError(OutputError):
    """The existing output cannot be resumed (a damaged line before the last one, a line without a hash)."""


def _unwrap(exc: BaseException) -> BaseException:
    """What the agent raised: the single exception inside (nested) exception groups, the original of an
    :class:`AgentBaseException`, else the exception itself."""
    while True:
        if isinstance(exc, AgentBaseException):
            exc = exc.original
        elif isinstance(exc, BaseExceptionGroup) and len(exc.exceptions) == 1:
            exc = exc.exceptions[0]
        else:
            return exc


def _attribute(exc: BaseException, name: str) -> Any:
    """``exc.name``, None when it is missing or reading it raises (an agent's exception may do anything)."""
    try:
        return getattr(_unwrap(exc), name, None)
    except Exception:
        return None


def is_transient(exc: BaseException) -> bool:
    """True when the failure is marked as worth retrying (``transient = True`` on the exception)."""
    return _attribute(exc, "transient") is True


def retry_after(exc: BaseException) -> float | None:
    """The delay the failure asks for before the next attempt (``retry_after`` attribute, seconds), if any."""
    value = _attribute(exc, "retry_after")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
        return float(value)
    return None


def error_record(exc: BaseException) -> dict[str, Any]:
    """The ``outputs.error`` record of a failed example: ``{"type", "message", "transient"}`` (a validation error's
    message on one line, naming each field)."""
    inner = _unwrap(exc)
    try:
        text = validation_reason(inner) if isinstance(inner, ValidationError) else str(inner).strip() or repr(inner)
    except Exception as unprintable:  # its __str__ or __repr__ fails: the failure is kept, its text cannot be
        text = f"(the exception's text cannot be shown: {type(unprintable).__name__})"
    # lone surrogates (text decoded with surrogateescape) written as escapes: the line stays UTF-8
    message = redact(text.encode("utf-8", "backslashreplace").decode("utf-8"))
    if len(message) > _MAX_MESSAGE:
        message = message[: _MAX_MESSAGE - 3] + "..."
    return {"type": type(inner).__name__, "message": message, "transient": is_transient(inner)}
