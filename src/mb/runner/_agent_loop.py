"""Where agent code runs: never on the run's own event loop, so that no agent can stop the run keeping time.

A sync agent runs in a daemon thread; an async agent runs as a task on one event loop of its own, in a daemon
thread shared by every async agent of the process (so an HTTP client an agent keeps between calls stays on one
loop). The run waits for either with its deadline: an agent that ignores cancellation, or blocks its loop with
``time.sleep``, costs its example a timeout and never holds up the run or Ctrl-C. What the agent raises, any
``BaseException`` included, comes back as an :class:`Outcome`, never raised into the run's own tasks.

A thread cannot be killed: an abandoned call (a timed-out sync agent, an async agent that ignores cancellation
or blocks its loop) may go on in the background until the process ends, and an async agent that blocks the
shared loop delays the other async agents' examples, in this run or a later one of the process, until it returns
(each still ends at its deadline).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import anyio

from .._loop import BackgroundLoop

__all__ = ["Outcome", "call_async", "call_sync"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an agent call gave: its result, or what it raised (any ``BaseException``)."""

    value: Any = None
    """What the agent returned."""

    error: BaseException | None = None
    """What the agent raised, None when it returned."""


def _settle(call: Callable[[], Any], clock: ContextVar[datetime | None], user_time: datetime) -> Outcome:
    clock.set(user_time)  # in the worker thread's own copy of the context
    try:
        return Outcome(value=call())
    except BaseException as exc:  # the agent's failure, whatever it is: recorded, never raised into the run
        return Outcome(error=exc)


async def _settle_async(awaitable: Awaitable[Any], clock: ContextVar[datetime | None], user_time: datetime) -> Outcome:
    clock.set(user_time)  # in this task's own copy of the context
    try:
        return Outcome(value=await awaitable)
    except BaseException as exc:  # includes the CancelledError of a call the run gave up: nobody waits for it then
        return Outcome(error=exc)


async def call_sync(
    call: Callable[[], Any],
    clock: ContextVar[datetime | None],
    user_time: datetime,
    limiter: anyio.CapacityLimiter | None,
) -> Outcome:
    """Run a sync agent call in a daemon thread of its own, in a copy of the caller's context; cancelling the wait
    abandons the thread, which the process does not wait for when it ends."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Outcome] = loop.create_future()
    context = contextvars.copy_context()

    def settle(outcome: Outcome) -> None:
        if not future.done():  # else the run gave up on this call
            future.set_result(outcome)

    def target() -> None:
        outcome = context.run(_settle, call, clock, user_time)
        with contextlib.suppress(RuntimeError):  # the event loop is closed: the run is over
            loop.call_soon_threadsafe(settle, outcome)

    async with limiter if limiter is not None else contextlib.nullcontext():
        threading.Thread(target=target, name="mb-agent-call", daemon=True).start()
        return await future


_AGENTS = BackgroundLoop("mb-async-agents")
"""The event loop of the async agents."""


async def call_async(awaitable: Awaitable[Any], clock: ContextVar[datetime | None], user_time: datetime) -> Outcome:
    """Run an async agent call on the agents' event loop, in a copy of the caller's context (the task is created
    there by a callback scheduled from here); cancelling the wait cancels the call there, and stops waiting for it
    even when the agent ignores the cancellation."""
    future = asyncio.run_coroutine_threadsafe(_settle_async(awaitable, clock, user_time), _AGENTS.get())
    return await asyncio.wrap_future(future)
