"""Agents the Ray tests run on their actors (imported there by name, so they live in a module of their own)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from mb.entities import Inputs, Outputs, ToolCall
from mb.runner import TransientAgentError
from mb.runner._errors import partial_run

__all__ = ["Crashing", "Flaky", "Held", "LockedError", "Slow", "echo", "held", "records_then_fails", "tool_user"]


def echo(messages: list[dict[str, str]]) -> str:
    """The last message back."""
    return f"echo: {messages[-1]['content']}"


def held(inputs: Inputs) -> str:
    """The last message back, once the file ``inputs.metadata.categories["hold_until"]`` exists, when it names one
    (:data:`HOLD` seconds at most)."""
    categories = inputs.metadata.categories if inputs.metadata is not None else None
    gate = (categories or {}).get("hold_until")
    if gate:
        _wait_for(Path(gate))
    return f"echo: {inputs.messages[-1].content}"


HOLD = 600.0
"""Seconds a held call waits at most: far longer than any test waits for a run."""


def _wait_for(gate: Path) -> None:
    deadline = time.monotonic() + HOLD
    while not gate.exists() and time.monotonic() < deadline:
        time.sleep(0.01)


def tool_user(inputs: Inputs) -> Outputs:
    """Receives ``Inputs``; calls the first allowed tool with the message as query and reports the process."""
    tool = inputs.tools[0] if inputs.tools else "search"
    call = ToolCall(id="c1", tool=tool, params={"query": inputs.messages[-1].content})
    return Outputs(response=f"worker {os.getpid()}", trace=[call])


def records_then_fails(inputs: Inputs) -> Outputs:
    """Records a tool call and its token use as the adapters do while they run, then fails."""
    partial = partial_run()
    assert partial is not None, "run by the runner"
    partial.trace = [ToolCall(id="c1", tool="search", params={"query": inputs.messages[-1].content})]
    partial.usage = {"input_tokens": 3, "output_tokens": 1, "total_tokens": 4}
    raise ValueError("the model went away")


class Crashing:
    """Ends its own process on a message holding "crash" (as a segfaulting library would); answers the others."""

    def __call__(self, messages: list[dict[str, str]]) -> str:
        if "crash" in messages[-1]["content"]:
            os._exit(3)
        return "ok"


class Slow:
    """Answers after ``delay`` seconds, with the message and the process that answered."""

    def __init__(self, delay: float) -> None:
        self.delay = delay

    def __call__(self, messages: list[dict[str, str]]) -> str:
        time.sleep(self.delay)
        return f"{messages[-1]['content']} from {os.getpid()}"


class Held:
    """Answers "question N" with the message and the process that answered: at once for N below ``free``; else
    once the file ``gate`` exists (:data:`HOLD` seconds at most), after leaving a file ``taken-<process>-<N>``
    beside it (which process took the call up)."""

    def __init__(self, gate: Path, free: int) -> None:
        self.gate = gate
        self.free = free

    def __call__(self, messages: list[dict[str, str]]) -> str:
        text = messages[-1]["content"]
        number = int(text.rsplit(" ", 1)[1])
        if number >= self.free:
            (self.gate.parent / f"taken-{os.getpid()}-{number}").touch()
            _wait_for(self.gate)
        return f"{text} from {os.getpid()}"


class LockedError(Exception):
    """A failure that cannot be pickled (it holds a lock), so it cannot travel back from a worker as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.lock = threading.Lock()


class Flaky:
    """Fails once, transiently, on each message (a marker file per message in ``directory``), then answers; a
    message holding "broken" or "locked" always fails."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def __call__(self, messages: list[dict[str, str]]) -> str:
        text = messages[-1]["content"]
        if "broken" in text:
            raise ValueError(f"cannot answer {text!r}")
        if "locked" in text:
            raise LockedError("holds a lock")
        marker = self.directory / text.replace(" ", "_")
        if not marker.exists():
            marker.touch()
            raise TransientAgentError("rate limited", retry_after=0)
        return "ok"
