"""Importing MLflow (an optional dependency) and keeping it offline."""

from __future__ import annotations

import contextlib
import os
import sys
from types import ModuleType

from .._version import install_command

__all__ = ["INSTALL_HINT", "offline_environment", "require_mlflow"]

INSTALL_HINT = install_command("mlflow")
"""How to install what the MLflow integration needs."""

OFFLINE_ENVIRONMENT = {
    "MLFLOW_DISABLE_TELEMETRY": "true",
    "DO_NOT_TRACK": "true",
}
"""Variables that stop MLflow from sending usage data; set unless the user set them."""


def offline_environment() -> dict[str, str]:
    """Set :data:`OFFLINE_ENVIRONMENT` in ``os.environ`` where unset; returns what was set.

    When MLflow was imported before (it starts its telemetry client on import), the client is re-created so that
    it sees the new setting.
    """
    applied = {name: value for name, value in OFFLINE_ENVIRONMENT.items() if name not in os.environ}
    os.environ.update(applied)
    telemetry = sys.modules.get("mlflow.telemetry")
    if applied and telemetry is not None:
        with contextlib.suppress(Exception):  # best effort: telemetry internals differ between MLflow versions
            telemetry.set_telemetry_client()
    return applied


def require_mlflow() -> ModuleType:
    """The ``mlflow`` module; ``ImportError`` naming the install command when it is missing."""
    try:
        import mlflow
    except ImportError as exc:
        raise ImportError(f"the MLflow integration needs MLflow: {INSTALL_HINT}") from exc
    return mlflow
