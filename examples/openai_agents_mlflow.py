"""An OpenAI Agents SDK agent, run over a benchmark, scored, and logged to MLflow.

Needs MorganaBench's ``openai-agents`` and ``mlflow`` extras (``pip install '.[openai-agents,mlflow]'`` in its
folder) and an OpenAI-compatible endpoint: ``OPENAI_API_KEY`` (and ``OPENAI_BASE_URL`` for another server than
OpenAI's; ``AGENT_MODEL`` names the model, default ``gpt-4o-mini``). From the command line::

    mb run tutorial-bench.jsonl --agent "openai_agents_mlflow.py:build_agent()" -o executed.jsonl
    mb eval executed.jsonl -o results.jsonl
    mb export mlflow results.jsonl --executed executed.jsonl --tracking-uri sqlite:///mlflow.db

or the same three steps from Python: ``python openai_agents_mlflow.py tutorial-bench.jsonl``.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from agents import Agent, OpenAIChatCompletionsModel, RunConfig, function_tool
from openai import AsyncOpenAI

import mb
from mb.formats.mlflow import log_results
from mb.runner.adapters import OpenAIAgentsAdapter

__all__ = ["build_agent", "get_weather", "main", "send_email"]

WEATHER = {"oslo": 21, "paris": 24, "lima": 17}
"""Today's temperature by city, in degrees Celsius: the tool's whole world."""


@function_tool
def get_weather(city: str, unit: str = "C") -> dict[str, Any]:
    """The current weather in a city; unit is C (Celsius) or F (Fahrenheit)."""
    celsius = WEATHER.get(city.strip().lower())
    if celsius is None:
        return {"error": f"no weather for {city}"}
    temperature = round(celsius * 9 / 5 + 32) if unit.upper() == "F" else celsius
    return {"city": city, "temperature": temperature, "unit": unit.upper()}


@function_tool
def send_email(to: str, subject: str, body: str) -> dict[str, Any]:
    """Send an e-mail."""
    return {"status": "sent", "to": to}


def build_agent() -> OpenAIAgentsAdapter:
    """The SDK agent, wrapped for MorganaBench: its tool calls and results become the trace of each example."""
    client = AsyncOpenAI()  # reads OPENAI_API_KEY and OPENAI_BASE_URL
    model = OpenAIChatCompletionsModel(model=os.environ.get("AGENT_MODEL", "gpt-4o-mini"), openai_client=client)
    agent = Agent(
        name="assistant",
        instructions="You are a helpful assistant. Use the tools when they help; answer in one sentence.",
        model=model,
        tools=[get_weather, send_email],
    )
    # No trace export to OpenAI: MorganaBench records the trace itself.
    return OpenAIAgentsAdapter(agent, run_config=RunConfig(tracing_disabled=True))


def main(benchmark: str, tracking_uri: str = "sqlite:///mlflow.db") -> str:
    """Run the agent over ``benchmark``, score the run and log it to MLflow; returns the MLflow run id."""
    _, run_summary = mb.run(benchmark, build_agent(), output="executed.jsonl", overwrite=True)
    print(f"ran {run_summary.ran} examples, {run_summary.error_count} agent errors")
    run = mb.evaluate("executed.jsonl")
    print(f"pass rate {run.summary.pass_rate:.0%}")
    run_id = log_results(run, tracking_uri=tracking_uri, experiment="tutorial", executed="executed.jsonl")
    print(f"MLflow run {run_id}")
    return run_id


if __name__ == "__main__":
    main(*sys.argv[1:])
