"""Running an agent on a Ray cluster: actors that load the agent once, driven by the local run loop.

:class:`RayAgent` is an agent for :func:`mb.runner.arun`: each call sends one example's inputs to the least busy of
its actors and returns the outputs the agent gave there. Everything else is the local runner's: it reads the
benchmark, skips what a resumed output already holds, repeats trials, applies timeouts and transient retries, and
appends each executed example to the output (locked, flushed, resumable) as it comes back to the driver.

An actor that dies (its process killed, its machine lost) is restarted by Ray; the examples it had in flight are
sent again, to another actor when there is one (a restarting actor fails what it is sent at once), up to
``worker_retries`` times each, after which the line records a
:class:`WorkerLostError`. Only the driver writes, so an example answered twice is still written once.
"""

from __future__ import annotations

import contextlib
import os
import pickle
from datetime import datetime
from types import ModuleType
from typing import Any

import anyio

from ..entities import Inputs, Outputs
from ..errors import AgentError, ConfigError
from ._agent import AgentInput, CallableAgent, to_outputs
from ._errors import AgentLoadError, error_record, partial_run, start_partial_run
from ._loader import as_agent
from ._ray_cluster import cluster_cpus

__all__ = ["AgentActor", "RayAgent", "WorkerLostError"]

_READY_TIMEOUT = 600.0
"""Seconds the actors may take to start and load the agent (installing a runtime environment included)."""


class WorkerLostError(AgentError):
    """The Ray worker running an example died every time the example was sent to one."""


class AgentActor:
    """A Ray actor's state: the agent, loaded once when the actor starts (and again if Ray restarts it)."""

    def __init__(self, agent: Any, agent_input: AgentInput, concurrency: int) -> None:
        self.failure: str | None = None
        """Why the agent cannot be loaded here (the actor then answers :meth:`ready` with it, and nothing else)."""
        try:
            self.agent = as_agent(agent, agent_input=agent_input)
        except Exception as exc:  # reported by ready(): the driver stops with the reason
            self.failure = str(exc) if isinstance(exc, AgentLoadError) else f"{type(exc).__name__}: {exc}"
        self.concurrency = concurrency
        self.limiter: anyio.CapacityLimiter | None = None

    def ready(self) -> tuple[str, bool, int]:
        """The agent's name, whether it receives ``Inputs``, and this actor's process id; :class:`AgentLoadError`
        when the agent could not be loaded here."""
        if self.failure is not None:
            raise AgentLoadError(self.failure)
        return self.agent.name, self.agent.wants_inputs, os.getpid()

    async def call(self, inputs: bytes, user_time: datetime) -> tuple[bool, Any]:
        """Run the agent on one example: ``(True, outputs as JSON data)``, or ``(False, (failure, trace, usage))``
        where the failure is the exception itself when it survives pickling, else its error record, and the trace
        and usage are what the failed attempt recorded."""
        if self.limiter is None:
            self.limiter = anyio.CapacityLimiter(self.concurrency)
        partial = start_partial_run()
        try:
            result = await self.agent(Inputs.model_validate_json(inputs), user_time=user_time, limiter=self.limiter)
            return True, to_outputs(result).line_data()
        except Exception as exc:
            # the failure as the driver can receive it: the exception, or its error record when it does not pickle
            failure: Exception | dict[str, Any] = exc
            try:
                pickle.loads(pickle.dumps(exc))
            except Exception:
                failure = error_record(exc)
            return False, (failure, [_plain(event) for event in partial.trace], partial.usage)


def _plain(event: Any) -> Any:
    dump = getattr(event, "model_dump", None)
    return dump(mode="json", exclude_none=True) if callable(dump) else event


class RayAgent(CallableAgent):
    """An agent that runs on Ray actors; pass it to :func:`mb.runner.arun` / :func:`mb.runner.run`.

    ``agent`` is anything :func:`mb.runner.as_agent` accepts; a ``module:attribute`` string is imported by each
    actor (so the module must be importable on the cluster), an object is sent to them. ``actors`` defaults to one
    per CPU of the cluster, at most ``concurrency``; each actor takes up to ``concurrency / actors`` examples at
    once (rounded up). ``actor_options`` are passed to Ray's ``.options()`` (``num_gpus``, ``runtime_env``...).
    Call :meth:`close` (or use it as a context manager) to stop the actors.
    """

    def __init__(
        self,
        agent: Any,
        ray: ModuleType,
        *,
        agent_input: AgentInput = "auto",
        concurrency: int = 4,
        actors: int | None = None,
        worker_retries: int = 3,
        actor_options: dict[str, Any] | None = None,
    ) -> None:
        self.ray = ray
        ConfigError.check_count("concurrency", concurrency)
        count = ConfigError.check_count("actors", actors if actors is not None else min(concurrency, cluster_cpus(ray)))
        per_actor = -(-concurrency // count)
        options: dict[str, Any] = {"num_cpus": 1, "max_restarts": -1, "max_task_retries": 0}
        options.update(actor_options or {})
        options["max_concurrency"] = per_actor
        remote = ray.remote(AgentActor).options(**options)
        self.actors = [remote.remote(agent, agent_input, per_actor) for _ in range(count)]
        """The actor handles."""
        self.busy = [0] * count
        """Examples in flight on each actor."""
        self.worker_retries = worker_retries
        """Further sends of an example whose worker died."""
        self.lost = 0
        """Examples sent again because their worker died."""
        self.function = self
        self.is_async = True
        self.passes_tools = False
        self.passes_user_time = True
        try:  # every actor has loaded the agent; AgentLoadError with the reason when one cannot
            answers = self.ray.get([actor.ready.remote() for actor in self.actors], timeout=_READY_TIMEOUT)
        except Exception as exc:
            self.close()
            cause = getattr(exc, "cause", None)
            reason = str(cause) if isinstance(cause, AgentLoadError) else _cause(exc)
            raise AgentLoadError(f"on the Ray workers: {reason}") from None
        self.name, self.wants_inputs = str(answers[0][0]), bool(answers[0][1])

    def pids(self) -> list[int]:
        """The process ids of the actors (for monitoring, and for tests that kill one)."""
        return [int(answer[2]) for answer in self.ray.get([actor.ready.remote() for actor in self.actors])]

    async def __call__(
        self, inputs: Inputs, *, user_time: datetime, limiter: anyio.CapacityLimiter | None = None
    ) -> Outputs:
        """Run one example on the least busy actor; an example whose actor died is sent again."""
        from ray.exceptions import RayActorError

        payload = inputs.model_dump_json().encode()
        deaths = 0
        failed: set[int] = set()  # the actors that died running this example
        while True:
            others = [index for index in range(len(self.actors)) if index not in failed]
            index = min(others or range(len(self.actors)), key=self.busy.__getitem__)
            self.busy[index] += 1
            reference = self.actors[index].call.remote(payload, user_time)
            try:
                ok, value = await reference
            except RayActorError as exc:
                deaths += 1
                if deaths > self.worker_retries:
                    raise WorkerLostError(
                        f"the Ray worker running this example died {deaths} time(s): {_cause(exc)}"
                    ) from None
                failed.add(index)
                self.lost += 1
                continue
            except BaseException:  # cancelled (timeout, second Ctrl-C): stop the call on the cluster too
                with contextlib.suppress(Exception):
                    self.ray.cancel(reference)
                raise
            finally:
                self.busy[index] -= 1
            if ok:
                return Outputs.model_validate(value)
            failure, trace, usage = value
            partial = partial_run()
            if partial is not None:  # what the failed attempt recorded on the worker goes into the error line
                partial.trace, partial.usage = trace, usage
            if isinstance(failure, Exception):
                raise failure
            # an exception the run loop records exactly as the worker's failure (same type name, message, transience)
            kind = type(str(failure["type"]), (Exception,), {"transient": bool(failure.get("transient"))})
            raise kind(failure["message"])

    def close(self) -> None:
        """Stop the actors."""
        for actor in self.actors:
            with contextlib.suppress(Exception):
                self.ray.kill(actor)

    def __enter__(self) -> RayAgent:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"RayAgent({self.name}, actors={len(self.actors)})"


def _cause(exc: BaseException) -> str:
    """The first line of a Ray error, which carries the reason (the rest is Ray's traceback)."""
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:500]
