"""A chat-completions tool loop: any OpenAI-compatible model plus Python functions as its tools.

The runner drives the loop itself: it describes each function to the model as a JSON schema (built from the
signature and type hints; ``Annotated[str, Field(description=...)]`` documents a parameter, the docstring's
first paragraph the tool), executes the calls the model makes (sync functions in a worker thread, async ones
awaited), feeds the results back, and stops at the first answer without tool calls (or raises after
``max_turns`` model calls). The trace holds, per model turn, the ``tool_call`` events in the order the model
made them, then their ``tool_result`` events in the same order, with the model's call ids. A tool that fails
or gets invalid arguments yields a result ``{"error": "..."}`` that the model sees too.

Rate limits, timeouts, connection failures and server errors (after the client's own retries) are marked
``transient`` so the runner retries the example.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import typing
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import anyio.to_thread
from pydantic import BaseModel, ConfigDict, ValidationError, create_model
from pydantic_core import to_jsonable_python

from ...entities import Inputs, Outputs, ToolCall, ToolResult
from ...errors import AgentError
from .._agent import current_user_time
from ._arguments import tool_params

if TYPE_CHECKING:
    from openai import AsyncOpenAI

__all__ = ["ChatCompletionsAgent", "MaxTurnsExceeded", "ToolSpec", "tool_spec"]


class MaxTurnsExceeded(AgentError):
    """The model kept calling tools for ``max_turns`` turns without giving an answer."""


@dataclass(frozen=True)
class ToolSpec:
    """A Python function offered to the model as a tool."""

    name: str
    """The tool name the model uses."""

    function: Callable[..., Any]
    """The function that runs the tool."""

    arguments: type[BaseModel]
    """Validates (and converts) the arguments the model sends."""

    schema: dict[str, Any]
    """The tool definition sent to the model (``{"type": "function", "function": {...}}``)."""


def _description(function: Callable[..., Any]) -> str:
    doc = inspect.getdoc(function) or ""
    return doc.split("\n\n", 1)[0].replace("\n", " ").strip()


def tool_spec(function: Callable[..., Any], name: str | None = None) -> ToolSpec:
    """Describe ``function`` as a tool: JSON schema from its signature and hints, description from its docstring."""
    tool_name = name or function.__name__
    try:
        hints = typing.get_type_hints(function, include_extras=True)
    except Exception:
        hints = {}
    fields: dict[str, Any] = {}
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        annotation = hints.get(parameter.name, Any)
        default = ... if parameter.default is parameter.empty else parameter.default
        fields[parameter.name] = (annotation, default)
    model: type[BaseModel] = create_model(f"{tool_name}_arguments", __config__=ConfigDict(extra="forbid"), **fields)
    parameters = model.model_json_schema()
    parameters.pop("title", None)
    for prop in parameters.get("properties", {}).values():
        prop.pop("title", None)
    definition: dict[str, Any] = {"name": tool_name, "parameters": parameters}
    if description := _description(function):
        definition["description"] = description
    return ToolSpec(tool_name, function, model, {"type": "function", "function": definition})


class _OtherLoop:
    """Stands for an event loop asyncio does not know."""


_OTHER_LOOP = _OtherLoop()


def _json(value: Any) -> Any:
    return to_jsonable_python(value, fallback=str)


def _mark_transient(exc: BaseException) -> None:
    """Mark the OpenAI client's retryable failures as transient for the runner."""
    import openai

    retryable = (openai.RateLimitError, openai.APIConnectionError, openai.InternalServerError)
    if isinstance(exc, retryable) or (isinstance(exc, openai.APIStatusError) and exc.status_code in (408, 409)):
        setattr(exc, "transient", True)  # noqa: B010 - a foreign exception class


class ChatCompletionsAgent:
    """An agent made of an OpenAI-compatible chat model and Python tools; the runner runs the tool loop.

    ``ChatCompletionsAgent("gpt-4o-mini", [get_weather, search], base_url=..., api_key=...)`` or with an
    ``AsyncOpenAI`` ``client``. ``tools`` is a list of functions or a ``{name: function}`` dict.
    ``system_prompt`` may contain ``{user_time}``, replaced by the request time in ISO 8601. Extra keyword
    arguments (``temperature=0``...) go to every ``chat.completions.create`` call.
    """

    def __init__(
        self,
        model: str,
        tools: Mapping[str, Callable[..., Any]] | Sequence[Callable[..., Any]] = (),
        *,
        client: AsyncOpenAI | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        system_prompt: str | None = None,
        max_turns: int = 10,
        **create_options: Any,
    ) -> None:
        named = tools.items() if isinstance(tools, Mapping) else ((f.__name__, f) for f in tools)
        self.model = model
        """The model name sent with every request."""
        self.tools = {name: tool_spec(function, name) for name, function in named}
        """The tools by name."""
        self.system_prompt = system_prompt
        """An optional first system message (``{user_time}`` is filled in)."""
        self.max_turns = max_turns
        """Model calls allowed per example."""
        self.create_options = create_options
        """Extra arguments of ``chat.completions.create``."""
        self._client = client
        self._client_options = {"base_url": base_url, "api_key": api_key}
        self._clients: weakref.WeakKeyDictionary[object, AsyncOpenAI] = weakref.WeakKeyDictionary()

    def _get_client(self) -> AsyncOpenAI:
        """The given client, else one per event loop (an HTTP connection pool cannot outlive its loop)."""
        if self._client is not None:
            return self._client
        try:
            loop: object = asyncio.get_running_loop()
        except RuntimeError:  # another event loop than asyncio's (trio)
            loop = _OTHER_LOOP
        client = self._clients.get(loop)
        if client is None:
            from openai import AsyncOpenAI

            client = self._clients[loop] = AsyncOpenAI(**self._client_options)  # type: ignore[arg-type]
        return client

    async def __call__(
        self, inputs: Inputs, *, tools: list[str] | None = None, user_time: datetime | None = None
    ) -> Outputs:
        """Run the tool loop on one example; only the tools named in ``tools`` are offered when it is given."""
        offered = {n: s for n, s in self.tools.items() if tools is None or n in tools}
        messages: list[dict[str, Any]] = []
        if self.system_prompt is not None:
            when = (user_time or current_user_time() or datetime.now().astimezone()).isoformat()
            messages.append({"role": "system", "content": self.system_prompt.replace("{user_time}", when)})
        messages.extend(inputs.message_dicts())
        trace: list[ToolCall | ToolResult] = []
        usage = {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}
        counted = False
        client = self._get_client()
        for _ in range(self.max_turns):
            options = dict(self.create_options)
            if offered:
                options["tools"] = [spec.schema for spec in offered.values()]
            try:
                response = await client.chat.completions.create(model=self.model, messages=messages, **options)  # type: ignore[arg-type]
            except Exception as exc:
                _mark_transient(exc)
                raise
            if response.usage is not None:
                counted = True
                usage["input_tokens"] += response.usage.prompt_tokens
                usage["output_tokens"] += response.usage.completion_tokens
                usage["total_tokens"] += response.usage.total_tokens
            message = response.choices[0].message
            calls = [c for c in message.tool_calls or () if c.type == "function"]
            if not calls:
                extra = {"usage": usage} if counted else {}
                return Outputs.model_validate({"response": message.content or "", "trace": trace, **extra})
            messages.append(
                {"role": "assistant", "content": message.content, "tool_calls": [c.model_dump() for c in calls]}
            )
            parsed = [(call.id, call.function.name, tool_params(call.function.arguments)) for call in calls]
            trace.extend(ToolCall(id=i, tool=name, params=params) for i, name, params in parsed)
            for call_id, name, params in parsed:
                result = await self._execute(offered.get(name), name, params)
                trace.append(ToolResult(id=call_id, result=result))
                content = result if isinstance(result, str) else json.dumps(result)
                messages.append({"role": "tool", "tool_call_id": call_id, "content": content})
        raise MaxTurnsExceeded(f"no final answer after {self.max_turns} model turns (the model kept calling tools)")

    @staticmethod
    async def _execute(spec: ToolSpec | None, name: str, params: dict[str, Any]) -> Any:
        """Run one tool call; failures become ``{"error": ...}`` results the model can react to."""
        if spec is None:
            return {"error": f"unknown tool {name!r}"}
        try:
            validated = spec.arguments.model_validate(params)
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or '$'}: {e['msg']}" for e in exc.errors())
            return {"error": f"invalid arguments: {problems}"}
        arguments = {field: getattr(validated, field) for field in type(validated).model_fields}
        try:
            if inspect.iscoroutinefunction(spec.function):
                value = await spec.function(**arguments)
            else:
                value = await anyio.to_thread.run_sync(lambda: spec.function(**arguments))
                if inspect.isawaitable(value):
                    value = await value
        except Exception as exc:
            return {"error": f"{type(exc).__name__}: {exc}"}
        return _json(value)
