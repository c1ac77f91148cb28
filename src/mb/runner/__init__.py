"""Running an agent over a benchmark: the agent protocol, the run loop, resuming, progress, adapters.

An agent is any Python callable, sync or async, that takes the conversation and returns
:class:`~mb.entities.Outputs` or a ``str``::

    def agent(messages: list[dict[str, str]]) -> str: ...          # receives inputs.message_dicts()
    async def agent(inputs: Inputs, *, tools=None, user_time=None) -> Outputs: ...   # receives Inputs

``examples, summary = mb.runner.run("bench.jsonl", agent, output="executed.jsonl")``. Framework adapters live
in :mod:`mb.runner.adapters` (OpenAI Agents SDK, LangGraph/LangChain, a chat-completions tool loop);
:class:`RayAgent` runs an agent on the actors of a Ray cluster (the ``ray`` extra).
"""

from .._hashing import canonical_json, example_hash, hash_document
from ._agent import CallableAgent, current_user_time, to_outputs
from ._api import Benchmark, arun, run
from ._errors import (
    AgentLoadError,
    AgentOutputError,
    BenchmarkFileError,
    OutputExistsError,
    OutputLockedError,
    ResumeError,
    TransientAgentError,
)
from ._loader import as_agent, load_agent
from ._output import read_previous
from ._progress import LogProgress, RichProgress, RunProgress, SilentProgress
from ._ray_agent import RayAgent, WorkerLostError
from ._ray_cluster import RayUnavailableError
from ._summary import AgentRun, ExecutedExamples, RunOutput, RunSummary

__all__ = [
    "AgentLoadError",
    "AgentOutputError",
    "AgentRun",
    "Benchmark",
    "BenchmarkFileError",
    "CallableAgent",
    "ExecutedExamples",
    "LogProgress",
    "OutputExistsError",
    "OutputLockedError",
    "RayAgent",
    "RayUnavailableError",
    "ResumeError",
    "RichProgress",
    "RunOutput",
    "RunProgress",
    "RunSummary",
    "SilentProgress",
    "TransientAgentError",
    "WorkerLostError",
    "arun",
    "as_agent",
    "canonical_json",
    "current_user_time",
    "example_hash",
    "hash_document",
    "load_agent",
    "read_previous",
    "run",
    "to_outputs",
]
