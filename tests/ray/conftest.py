"""One local Ray instance (two CPUs) shared by every test of this folder: starting Ray costs seconds."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from types import ModuleType

import pytest


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[ModuleType]:
    """The ``ray`` module, connected to a local instance started for the test session."""
    ray = pytest.importorskip("ray")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False)
    yield ray
    ray.shutdown()
