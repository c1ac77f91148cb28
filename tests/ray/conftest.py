"""One local Ray instance (two CPUs) for the tests of this folder: starting Ray costs seconds, so it is started by
the first test that needs it and stopped after the last test of the folder, before the rest of the suite runs."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from types import ModuleType

import pytest


@pytest.fixture
def ray_cluster() -> ModuleType:
    """The ``ray`` module, connected to the local instance of the tests (started on first use)."""
    ray = pytest.importorskip("ray")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False)
    return ray


@pytest.fixture(autouse=True)
def _registry_in_order() -> None:
    """The built-in metrics in their registry order, as a Ray worker process imports them (a test elsewhere that
    removed and restored one leaves it last, and the driver then keeps the judge work to itself)."""
    from mb.metrics import METRIC_NAMES, METRICS

    for name in METRIC_NAMES:
        METRICS[name] = METRICS.pop(name)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Stop Ray after the last test of this folder (the tests of other folders run without it), once the test's
    own fixtures are torn down."""
    yield
    if nextitem is not None and nextitem.path.parent == item.path.parent:
        return
    try:
        import ray
    except ImportError:
        return
    if ray.is_initialized():
        ray.shutdown()
