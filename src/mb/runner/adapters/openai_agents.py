"""OpenAI Agents SDK adapter: run an ``agents.Agent`` on the whole conversation and build the trace of the run.

Requires the ``openai-agents`` extra. From the run's new items:

- a function call becomes a ``tool_call`` event (``id`` = the call's ``call_id``, ``params`` = its JSON
  arguments parsed), its output a ``tool_result`` event with the same id and the value the tool returned; when
  the tool raised, the result is ``{"error": "Type: message"}`` (the model is still told what the tool's
  ``failure_error_function`` says);
- a hosted MCP call becomes a ``tool_call`` and a ``tool_result`` (its output) with the item's id;
- a file search call whose results were included (``FileSearchTool(include_search_results=True)``) becomes a
  ``retriever`` event: one chunk per result, ``id`` = the file id, ``page_content`` = the retrieved text;
- handoffs, reasoning and messages are not trace events.

Token usage comes from the run's usage (``input_tokens``, ``output_tokens``, ``total_tokens``). The response
is the run's final output (a structured output is written as JSON). An agent with tools and no ``tool_choice`` in
its model settings is run with ``tool_choice="auto"`` (servers such as llama-cpp-python's ignore tools without it).
When the run fails (``MaxTurnsExceeded``, a model error), the trace and usage the SDK kept of it go into the example's
error line; so they do when it stops for the approval of tool calls (``needs_approval``), which is an agent error.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

from ..._version import install_command
from ...entities import Inputs, Outputs, RetrievalResult, RetrievalResults, ToolCall, ToolResult
from .._errors import AgentOutputError, partial_run
from ._arguments import jsonable, tool_params

__all__ = ["OpenAIAgentsAdapter", "trace_from_items"]

TraceEvent = ToolCall | ToolResult | RetrievalResults

_INSTALL = install_command("openai-agents")


def _field(raw: Any, name: str) -> Any:
    return raw.get(name) if isinstance(raw, dict) else getattr(raw, name, None)


def _from_tool_call(raw: Any) -> list[TraceEvent]:
    kind = _field(raw, "type")
    if kind in ("function_call", "mcp_call"):
        call_id = str(_field(raw, "call_id" if kind == "function_call" else "id"))
        call = ToolCall(id=call_id, tool=str(_field(raw, "name")), params=tool_params(_field(raw, "arguments")))
        if kind == "function_call":
            return [call]
        error = _field(raw, "error")
        return [call, ToolResult(id=call_id, result={"error": jsonable(error)} if error else _field(raw, "output"))]
    if kind == "file_search_call":
        results = _field(raw, "results")
        if not results:
            return []
        chunks = []
        for result in results:
            extra = {key: _field(result, key) for key in ("filename", "score") if _field(result, key) is not None}
            chunk_id = _field(result, "file_id") or _field(result, "filename") or "file"
            chunks.append(RetrievalResult(id=str(chunk_id), page_content=_field(result, "text") or "", **extra))
        return [RetrievalResults(outputs=chunks)]
    return []


def trace_from_items(items: Iterable[Any], errors: Mapping[str, str]) -> list[TraceEvent]:
    """The MorganaBench trace of a run's items (``RunResult.new_items``), in order. ``errors`` maps the call id
    of each tool that raised to ``"Type: message"``; those results are recorded as ``{"error": ...}``."""
    from agents.items import ToolCallItem, ToolCallOutputItem

    trace: list[TraceEvent] = []
    for item in items:
        if isinstance(item, ToolCallItem):
            trace.extend(_from_tool_call(item.raw_item))
        elif isinstance(item, ToolCallOutputItem):
            call_id = str(_field(item.raw_item, "call_id") or _field(item.raw_item, "id"))
            result = {"error": errors[call_id]} if call_id in errors else jsonable(item.output)
            trace.append(ToolResult(id=call_id, result=result))
    return trace


def _recording_failures(tool: Any, errors: dict[str, str]) -> Any:
    """A copy of a function tool that notes each exception it raises (by tool-call id) before the SDK turns
    it into the message the model sees; other tools are returned as they are."""
    from agents import FunctionTool
    from agents.tool import resolve_function_tool_failure_error_function, set_function_tool_failure_error_function

    if not isinstance(tool, FunctionTool):
        return tool

    def record(context: Any, error: Exception) -> Any:
        call_id = getattr(context, "tool_call_id", None)
        if call_id is not None:
            errors[str(call_id)] = f"{type(error).__name__}: {error}"
        told = resolve_function_tool_failure_error_function(tool, context)
        if told is None:  # the tool's policy is to let the error end the run
            raise error
        return told(context, error)

    return set_function_tool_failure_error_function(dataclasses.replace(tool), record)


def _response(final_output: Any) -> str:
    if isinstance(final_output, str):
        return final_output
    if final_output is None:
        return ""
    if isinstance(final_output, BaseModel):
        return final_output.model_dump_json()
    return json.dumps(jsonable(final_output))


def _usage(run: Any) -> dict[str, int] | None:
    """The token usage of a run (a result, or the data of a failed run), when it made a model request."""
    usage = getattr(getattr(run, "context_wrapper", None), "usage", None)
    if usage is None or not int(getattr(usage, "requests", None) or 0):
        return None
    return {
        "input_tokens": int(usage.input_tokens),
        "output_tokens": int(usage.output_tokens),
        "total_tokens": int(usage.total_tokens),
    }


class OpenAIAgentsAdapter:
    """Runs an OpenAI Agents SDK ``Agent`` as a MorganaBench agent.

    The whole conversation (``inputs.message_dicts()``) is the run's input. When the example restricts tools,
    the agent is cloned with only the tools of those names. ``run_config`` and ``context`` are passed to
    ``Runner.run`` (pass ``RunConfig(tracing_disabled=True)`` to keep the SDK from exporting traces).
    """

    def __init__(self, agent: Any, *, max_turns: int = 10, run_config: Any = None, context: Any = None) -> None:
        try:
            import agents  # noqa: F401
        except ImportError as exc:
            raise ImportError(f"the OpenAI Agents SDK adapter needs the openai-agents package: {_INSTALL}") from exc
        self.agent = agent
        """The SDK agent."""
        self.max_turns = max_turns
        """Turns allowed per example (``Runner.run(max_turns=...)``)."""
        self.run_config = run_config
        """The SDK ``RunConfig`` for every run, if any."""
        self.context = context
        """The run context object passed to tools, if any."""

    async def __call__(self, inputs: Inputs, *, tools: list[str] | None = None) -> Outputs:
        """Run the agent on one example and return its outputs with the trace and usage."""
        from agents import Runner

        errors: dict[str, str] = {}
        kept = [t for t in self.agent.tools if tools is None or getattr(t, "name", None) in tools]
        changes: dict[str, Any] = {"tools": [_recording_failures(t, errors) for t in kept]}
        settings = self.agent.model_settings
        if kept and settings.tool_choice is None:
            changes["model_settings"] = dataclasses.replace(settings, tool_choice="auto")
        agent = self.agent.clone(**changes)
        try:
            result = await Runner.run(
                agent,
                input=inputs.message_dicts(),  # type: ignore[arg-type]
                max_turns=self.max_turns,
                run_config=self.run_config,
                context=self.context,
            )
        except Exception as exc:
            _keep_partial(getattr(exc, "run_data", None), errors)
            raise
        pending = getattr(result, "interruptions", None)
        if pending:  # tool calls waiting for a person's approval: the run did not finish
            _keep_partial(result, errors)
            names = ", ".join(str(getattr(item, "tool_name", None) or "a tool") for item in pending)
            raise AgentOutputError(f"the run stopped for approval of tool calls, which nobody gave: {names}")
        usage = _usage(result)
        extra: dict[str, Any] = {"usage": usage} if usage is not None else {}
        return Outputs.model_validate(
            {"response": _response(result.final_output), "trace": trace_from_items(result.new_items, errors), **extra}
        )


def _keep_partial(run_data: Any, errors: Mapping[str, str]) -> None:
    """Keep the trace and usage of a failed run (the SDK's ``RunErrorDetails``) for the example's error line."""
    partial = partial_run()
    if partial is None or run_data is None:
        return
    partial.trace = list(trace_from_items(getattr(run_data, "new_items", None) or (), errors))
    partial.usage = _usage(run_data)
