"""Agents for the command-line tests: slow ones (to interrupt a run) and broken ones (to see errors reported)."""

from __future__ import annotations

import asyncio
import itertools
import os
import time
from pathlib import Path

import anyio

__all__ = ["agent", "async_agent", "blocks_its_loop", "ignores_cancellation", "make_agent", "stuck"]

DELAY = float(os.environ.get("MB_TEST_AGENT_DELAY", "0.05"))
"""Seconds each answer takes."""

HOLD = 600.0
"""Seconds a held or stuck agent holds on: far longer than any test waits for a process."""


_CALLS = itertools.count(1)
"""Numbers the calls of this process."""


def agent(messages: list[dict[str, str]]) -> str:
    """Echo the last message after a delay (runs in a worker thread); with ``MB_TEST_HOLD`` naming a file, each call
    after the first ``MB_TEST_FREE`` waits for that file to exist before it answers (:data:`HOLD` seconds at most)."""
    gate = os.environ.get("MB_TEST_HOLD")
    if gate and next(_CALLS) > int(os.environ.get("MB_TEST_FREE", "0")):
        deadline = time.monotonic() + HOLD
        while not Path(gate).exists() and time.monotonic() < deadline:
            time.sleep(0.01)
    time.sleep(DELAY)
    return "echo: " + messages[-1]["content"]


async def async_agent(messages: list[dict[str, str]]) -> str:
    """Echo the last message after a delay (awaited)."""
    await anyio.sleep(DELAY)
    return "echo: " + messages[-1]["content"]


def make_agent() -> object:
    """A factory: returns the agent to use."""
    return agent


def stuck(messages: list[dict[str, str]]) -> str:
    """Never answers in time (blocks its worker thread for :data:`HOLD` seconds)."""
    _started()
    time.sleep(HOLD)
    return "too late"


def _started() -> None:
    """Tell the test the agent is running (``MB_TEST_STARTED`` names a file to create)."""
    marker = os.environ.get("MB_TEST_STARTED")
    if marker:
        Path(marker).touch()


async def ignores_cancellation(messages: list[dict[str, str]]) -> str:
    """Never answers in time and swallows every cancellation."""
    _started()
    deadline = time.monotonic() + HOLD
    while time.monotonic() < deadline:
        try:
            await asyncio.sleep(0.05)
        except asyncio.CancelledError:
            continue
    return "too late"


async def blocks_its_loop(messages: list[dict[str, str]]) -> str:
    """Blocks the event loop it runs on for :data:`HOLD` seconds."""
    _started()
    time.sleep(HOLD)
    return "too late"
