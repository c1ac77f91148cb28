"""Fixtures for the MLflow integration: the bundled benchmark, its evaluation, an offline MLflow store."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

_LOCAL_HOSTS = {"127.0.0.1", "::1", "localhost"}


@pytest.fixture
def network_attempts(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Refuse (and record) any connection or name lookup that leaves this machine."""
    attempts: list[Any] = []
    connect, lookup = socket.socket.connect, socket.getaddrinfo

    def guarded_connect(self: socket.socket, address: Any) -> Any:
        if isinstance(address, tuple) and str(address[0]) not in _LOCAL_HOSTS:
            attempts.append(address)
            raise OSError("network access is disabled in tests")
        return connect(self, address)

    def guarded_lookup(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host is not None and str(host) not in _LOCAL_HOSTS:
            attempts.append(host)
            raise OSError("network access is disabled in tests")
        return lookup(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    monkeypatch.setattr(socket, "getaddrinfo", guarded_lookup)
    return attempts


@pytest.fixture(scope="module")
def mlflow_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A local SQLite tracking store with telemetry off; the working directory holds its artifacts."""
    pytest.importorskip("mlflow")
    folder = tmp_path_factory.mktemp("mlflow")
    uri = f"sqlite:///{folder / 'mlflow.db'}"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MLFLOW_TRACKING_URI", uri)
        patch.setenv("MLFLOW_DISABLE_TELEMETRY", "true")
        patch.setenv("DO_NOT_TRACK", "true")
        patch.chdir(folder)
        yield uri
    import mlflow

    mlflow.set_tracking_uri(None)  # a test that set the process's store leaves no store behind for later modules
