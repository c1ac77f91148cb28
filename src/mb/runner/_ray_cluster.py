"""Connecting to Ray for the ``ray`` backend of ``mb run`` and ``mb eval``.

Ray is an optional dependency (the ``ray`` extra). :func:`ray_session` connects to the cluster given by
``address`` (``None``: a Ray instance started for this process on this machine; ``auto``: the cluster this
machine belongs to; ``ray://host:10001``: a remote cluster through Ray Client), or uses the instance the process
already initialised, and shuts down only what it started itself.
"""

from __future__ import annotations

import contextlib
import logging
import os
import warnings
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from .._version import install_command
from ..errors import ConfigError

__all__ = ["JUDGE_CPUS_VARIABLE", "RayUnavailableError", "cluster_cpus", "judge_cpus", "ray_session"]

_INSTALL = install_command("ray")

JUDGE_CPUS_VARIABLE = "MB_RAY_JUDGE_CPUS"
"""The CPUs Ray reserves for each ``mb eval`` task that runs an offline judge on a block (default: one)."""


class RayUnavailableError(ConfigError, RuntimeError):
    """Ray is not installed, or the cluster cannot be reached."""


def judge_cpus() -> float | None:
    """The CPUs to reserve for each task that runs an offline judge (``MB_RAY_JUDGE_CPUS``); None for Ray's
    default (one). :class:`RayUnavailableError` naming the variable when its value is not a positive number."""
    text = os.environ.get(JUDGE_CPUS_VARIABLE, "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise RayUnavailableError(
            f"{JUDGE_CPUS_VARIABLE} must be a positive number of CPUs (e.g. 1, 2 or 0.5), not {text!r}"
        )
    return value


def cluster_cpus(ray: ModuleType) -> int:
    """The CPUs of the cluster ``ray`` is connected to; 1 when it cannot say."""
    try:
        return max(1, int(ray.cluster_resources().get("CPU", 1)))
    except Exception:  # a cluster that cannot say
        return 1


def _cluster_errors_to_stderr() -> None:
    """Ray's driver prints the errors the cluster reports (a worker that died...) on standard output, which is data
    for ``mb`` (``--format json``, ``-o -``): send them to standard error. Nothing changes if Ray's internals differ
    from what is expected here."""
    try:
        from ray._private import worker
    except ImportError:
        return
    original = getattr(worker, "print_to_stdstream", None)
    if not callable(original) or getattr(original, "mb_to_stderr", False):
        return

    def to_stderr(data: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(data, dict):
            data = {**data, "is_err": True}
        return original(data, *args, **kwargs)

    to_stderr.mb_to_stderr = True  # type: ignore[attr-defined]
    worker.print_to_stdstream = to_stderr


@contextlib.contextmanager
def ray_session(address: str | None = None) -> Iterator[ModuleType]:
    """Connect to Ray for the ``with`` block; the ``ray`` module inside it.

    An instance this process already initialised is used as it is (``address`` is then ignored). Otherwise the
    connection is made here, and closed at the end of the block.
    """
    try:
        import ray
    except ImportError as exc:  # naming the `pip install` to run
        raise RayUnavailableError(f"the ray backend needs Ray, which is not installed: {_INSTALL}") from exc
    judge_cpus()  # a wrong setting is reported before any work starts
    _cluster_errors_to_stderr()
    if ray.is_initialized():
        yield ray
        return
    # What workers print stays in Ray's logs: standard output may be the command's own (JSON, or `-o -`).
    options: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    text = os.environ.get("MB_RAY_RUNTIME_ENV", "").strip()
    if text:  # the runtime environment asked for (JSON), for clusters joined with ``ray://``
        import orjson

        try:
            options["runtime_env"] = orjson.loads(text)
        except orjson.JSONDecodeError as exc:
            raise RayUnavailableError(f"MB_RAY_RUNTIME_ENV is not JSON: {exc}") from None
        if not isinstance(options["runtime_env"], dict):
            raise RayUnavailableError('MB_RAY_RUNTIME_ENV must be a JSON object, e.g. {"working_dir": "."}')
    if address is None:  # a new local instance: no dashboard (options that existing clusters refuse)
        options["include_dashboard"] = False
    with warnings.catch_warnings(record=True) as caught:  # Ray Client warns, then raises: say it once, below
        warnings.simplefilter("always")
        try:
            ray.init(address=address, **options)
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError for an unreachable cluster
            where = f"the Ray cluster at {address}" if address else "a local Ray instance"
            raise RayUnavailableError(f"cannot connect to {where}: {type(exc).__name__}: {exc}") from None
    for warning in caught:  # connected: Ray's warnings are shown as they would have been
        warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    try:
        yield ray
    finally:
        ray.shutdown()
