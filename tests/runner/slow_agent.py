"""Agents for the command-line tests: slow ones (to interrupt a run) and broken ones (to see errors reported)."""

from __future__ import annotations

import os
import time

import anyio

__all__ = ["agent", "async_agent", "make_agent", "stuck"]

DELAY = float(os.environ.get("MB_TEST_AGENT_DELAY", "0.05"))
"""Seconds each answer takes."""


def agent(messages: list[dict[str, str]]) -> str:
    """Echo the last message after a delay (runs in a worker thread)."""
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
    """Never answers in time (blocks its worker thread for two minutes)."""
    time.sleep(120)
    return "too late"
