"""The ``--backend`` and ``--address`` options of ``mb run`` and ``mb eval``: where the work is done."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ._console import err_console, fail

if TYPE_CHECKING:
    from ..runner._ray_agent import RayAgent

__all__ = ["backend_options", "connect_backend", "ray_agent"]

F = TypeVar("F", bound=Callable[..., Any])


def backend_options(function: F) -> F:
    """Add ``--backend local|ray`` and ``--address`` to a command."""
    function = click.option(
        "--address",
        metavar="auto|ray://HOST:PORT",
        default=None,
        help="With --backend ray: the cluster to use. `auto` joins the cluster this machine belongs to, "
        "`ray://HOST:10001` connects through Ray Client; default: a Ray instance started on this machine.",
    )(function)
    return click.option(
        "--backend",
        type=click.Choice(["local", "ray"]),
        default="local",
        show_default=True,
        help="Where the work runs: this machine, or a Ray cluster (needs Ray: the ray extra of MorganaBench).",
    )(function)


def connect_backend(backend: str, address: str | None) -> ModuleType | None:
    """The connected ``ray`` module for ``--backend ray`` (disconnected when the command ends), None for local.

    Exits with status 2 and a one-line reason when Ray is not installed or the cluster cannot be reached.
    """
    if backend != "ray":
        if address is not None:
            raise click.UsageError("--address applies to --backend ray only")
        return None
    from ..runner._ray_cluster import ray_session

    return click.get_current_context().with_resource(ray_session(address))


def ray_agent(ray: ModuleType, agent_spec: str, agent_input: str, concurrency: int) -> RayAgent:
    """The agent on Ray actors (stopped when the command ends); exits 2 when the workers cannot load it."""
    from ..runner import AgentLoadError
    from ..runner._ray_agent import RayAgent

    spec = agent_spec
    path, colon, attribute = agent_spec.rpartition(":")
    if colon and path.endswith(".py") and Path(path).is_file():  # a file: the same file wherever the worker starts
        spec = f"{Path(path).resolve()}:{attribute}"
    try:
        agent = RayAgent(spec, ray, agent_input=agent_input, concurrency=concurrency)  # type: ignore[arg-type]
    except AgentLoadError as exc:
        raise fail(f"cannot load the agent {agent_spec!r}: {exc}", 2) from None
    click.get_current_context().call_on_close(lambda: _close(agent))
    return agent


def _close(agent: RayAgent) -> None:
    """Stop the actors, and say how many examples were sent again because their worker died."""
    agent.close()
    if agent.lost:
        err_console.print(
            f"note: {agent.lost} example(s) were sent again because the Ray worker running them died",
            markup=False,
        )
