"""The agent protocol: any Python callable, sync or async, and how the runner calls it.

How the runner calls an agent ``agent(conversation, **keywords)``:

- ``conversation`` is the example's :class:`~mb.entities.Inputs` when the first parameter is annotated
  ``Inputs`` (or a union holding it); otherwise (``list[dict[str, str]]``, any other annotation, or none) it is
  the OpenAI-style message dicts, ``inputs.message_dicts()``. ``agent_input="inputs"`` / ``"messages"`` forces
  either.
- ``tools=inputs.tools`` (the tool names the example allows, ``None`` for no restriction) is passed when the
  callable has a parameter named ``tools`` or accepts ``**kwargs``.
- ``user_time=`` (an aware ``datetime``, the time the request is sent, also written to
  ``outputs.environment.user_time``) is passed when the callable has a parameter named ``user_time`` or
  accepts ``**kwargs``. Code deeper inside the agent can read it with :func:`current_user_time`.
- Async callables are awaited on an event loop of their own, sync ones run in a worker thread (see
  :mod:`mb.runner._agent_loop`): an agent that ignores cancellation or blocks its loop cannot outlast the timeout.
- Whatever the agent raises, any ``BaseException`` included (``asyncio.CancelledError``, ``GeneratorExit``,
  ``KeyboardInterrupt``, ``SystemExit``), is its example's failure: an ``Exception`` is raised as it is, any
  other as an :class:`~mb.runner._errors.AgentBaseException` carrying it.
- The agent returns :class:`~mb.entities.Outputs` or a plain ``str`` (the response). Anything else is an
  ``AgentOutputError`` recorded on the line.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable
from contextvars import ContextVar
from datetime import datetime
from functools import partial
from typing import Any, Literal

import anyio
from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from ..entities import Inputs, Outputs
from ..io import validation_reason
from ..io._limits import unreadable_value
from ._agent_loop import call_async, call_sync
from ._errors import AgentBaseException, AgentOutputError

__all__ = ["AgentInput", "CallableAgent", "current_user_time", "to_outputs"]

AgentInput = Literal["auto", "inputs", "messages"]
"""What the agent receives: decided from its first parameter's annotation (``auto``), or forced."""

_USER_TIME: ContextVar[datetime | None] = ContextVar("mb_user_time", default=None)


def current_user_time() -> datetime | None:
    """The ``user_time`` of the example being run in this context; ``None`` outside a run.

    Tools deep inside an agent can use it to resolve "tomorrow" against the same instant the evaluator uses.
    """
    return _USER_TIME.get()


def _hints(function: Callable[..., Any]) -> dict[str, Any]:
    """Resolved annotations of the callable (of ``__call__`` for an instance); empty when they cannot be resolved."""
    target: Any = function
    while isinstance(target, partial):
        target = target.func
    if not (inspect.isfunction(target) or inspect.ismethod(target)):
        target = getattr(type(target), "__call__", target)  # noqa: B004
    try:
        return typing.get_type_hints(target)
    except Exception:
        return {}


def _is_inputs_annotation(annotation: Any) -> bool:
    if isinstance(annotation, str):
        names = {part.strip().strip("'\"") for part in annotation.replace("Optional[", "").rstrip("]").split("|")}
        return any(name == "Inputs" or name.endswith(".Inputs") for name in names)
    if isinstance(annotation, type):
        return issubclass(annotation, Inputs)
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _is_inputs_annotation(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        return any(_is_inputs_annotation(arg) for arg in typing.get_args(annotation))
    return False


def _name(function: Callable[..., Any]) -> str:
    target: Any = function
    while isinstance(target, partial):
        target = target.func
    name = getattr(target, "__qualname__", None) or type(target).__qualname__
    module = getattr(target, "__module__", None) or type(target).__module__
    return f"{module}:{name}"


class CallableAgent:
    """A Python callable made ready for the runner: knows what to pass it and how to await it."""

    def __init__(self, function: Callable[..., Any], *, agent_input: AgentInput = "auto") -> None:
        if not callable(function):
            raise TypeError(f"an agent must be callable, got {type(function).__name__}")
        self.function = function
        """The wrapped callable."""
        self.name = _name(function)
        """``module:qualname`` of the callable, for messages."""
        call = getattr(function, "__call__", None)  # noqa: B004 - an instance with an async __call__
        self.is_async = inspect.iscoroutinefunction(function) or (
            call is not None and inspect.iscoroutinefunction(call)
        )
        """Whether the callable is awaited (else it runs in a worker thread)."""
        try:
            parameters = list(inspect.signature(function).parameters.values())
            known = True
        except (TypeError, ValueError):  # builtins without a signature: the conversation only
            parameters, known = [], False
        positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)]
        if known and not positional:
            raise TypeError(f"the agent {self.name} must take the conversation as its first positional argument")
        keywords = {p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
        var_keyword = any(p.kind is p.VAR_KEYWORD for p in parameters)
        if agent_input == "auto":
            first = positional[0] if positional else None
            annotation = None
            if first is not None and first.kind is not first.VAR_POSITIONAL:
                annotation = _hints(function).get(first.name, first.annotation)
            self.wants_inputs = annotation is not None and _is_inputs_annotation(annotation)
        else:
            self.wants_inputs = agent_input == "inputs"
        """True: the agent receives ``Inputs``; False: the message dicts."""
        self.passes_tools = var_keyword or "tools" in keywords
        """Whether ``tools=`` is passed."""
        self.passes_user_time = var_keyword or "user_time" in keywords
        """Whether ``user_time=`` is passed."""

    async def __call__(
        self, inputs: Inputs, *, user_time: datetime, limiter: anyio.CapacityLimiter | None = None
    ) -> Any:
        """Call the agent on one example's inputs and return what it returned (not yet checked)."""
        argument: Any = inputs if self.wants_inputs else inputs.message_dicts()
        keywords: dict[str, Any] = {}
        if self.passes_tools:
            keywords["tools"] = list(inputs.tools) if inputs.tools is not None else None
        if self.passes_user_time:
            keywords["user_time"] = user_time
        call = partial(self.function, argument, **keywords)
        if self.is_async:
            outcome = await call_async(_awaited(call), _USER_TIME, user_time)
        else:
            outcome = await call_sync(call, _USER_TIME, user_time, limiter)
            if outcome.error is None and inspect.isawaitable(outcome.value):  # a sync callable returning a coroutine
                outcome = await call_async(outcome.value, _USER_TIME, user_time)
        if isinstance(outcome.error, Exception):
            raise outcome.error
        if outcome.error is not None:
            raise AgentBaseException(outcome.error)
        return outcome.value

    def __repr__(self) -> str:
        return f"CallableAgent({self.name}, input={'Inputs' if self.wants_inputs else 'messages'})"


async def _awaited(call: Callable[[], Any]) -> Any:
    """Call an async agent and await what it gives (on the agents' loop, where a coroutine must be created)."""
    result = call()
    while inspect.isawaitable(result):
        result = await result
    return result


def to_outputs(result: object) -> Outputs:
    """Check what an agent returned and make it a fresh, valid :class:`Outputs` the runner may complete.

    A ``str`` becomes ``Outputs(response=...)``, without a trace (see :meth:`Outputs.line_data`). An ``Outputs`` is
    validated again (an agent may have built it without validation or changed it afterwards), a dict is validated as
    one, and either must be writable as JSON. Anything else raises :class:`AgentOutputError`.
    """
    if isinstance(result, str):
        return Outputs(response=result)
    if isinstance(result, dict):  # the JSON form of Outputs, as mb.testing takes it
        try:
            result = Outputs.model_validate(result)
        except ValidationError as exc:
            raise AgentOutputError(f"the agent returned invalid outputs: {validation_reason(exc, result)}") from exc
    if not isinstance(result, Outputs):
        text = repr(result)
        preview = text if len(text) <= 60 else text[:57] + "..."
        raise AgentOutputError(
            f"the agent returned {type(result).__name__} ({preview}); expected Outputs, its JSON form (a dict) or str"
        )
    try:
        data = result.line_data(warnings=False)  # what is wrong is said below
    except PydanticSerializationError as exc:
        raise AgentOutputError(f"the agent's outputs cannot be written as JSON: {exc}") from exc
    # NaN or infinity would be written as null (a tool result's already is in ``data``): a different value, never kept
    problem = unreadable_value(result.model_dump(exclude_none=True, warnings=False))
    if problem is not None:
        where = "$.outputs" + problem.path[1:]
        raise AgentOutputError(f"the agent's outputs cannot be written as a benchmark line: {where}: {problem.message}")
    try:
        return Outputs.model_validate(data)
    except ValidationError as exc:
        raise AgentOutputError(f"the agent returned invalid outputs: {validation_reason(exc, data)}") from exc
