"""A chat-completions tool loop: any OpenAI-compatible model plus Python functions as its tools.

The runner drives the loop itself: it describes each function to the model as a JSON schema (built from the
signature and type hints; ``Annotated[str, Field(description=...)]`` documents a parameter, the docstring's
first paragraph the tool), executes the calls the model makes (sync functions in a worker thread, async ones
awaited), feeds the results back, and stops at the first answer without tool calls (or raises after
``max_turns`` model calls). The trace holds, per model turn, the ``tool_call`` events in the order the model
made them, then their ``tool_result`` events in the same order, with the model's call ids (a call without one gets
a distinct id, sent back too). A tool that fails, is not offered or gets invalid arguments yields a result
``{"error": "..."}`` that the model sees too; a tool call that names no function is an ``AgentError``.

Requests are what servers accept: ``tool_choice: "auto"`` with the tools (servers such as llama-cpp-python's ignore
tools without it), ``"content": ""`` rather than null in an assistant message with tool calls, and the tool results
as ``tool`` messages, or, with ``tool_results="user"``, as one user message after the calls (for servers whose chat
template drops ``tool`` messages).

Failures: rate limits (honouring ``Retry-After``), gateway errors (502-504) and dropped connections are marked
``transient`` so the runner retries the example; a 500 is sent again once, and a second 500 for the same request is
the server's answer (not transient); a request whose whole answer did not come within ``timeout=`` is not transient
either (a server that answers one request at a time is still computing it). An answer that did not end (a
``finish_reason`` such as ``length``, ``content_filter``, ``error``: see ``mb._completion``), that holds nothing, or
that is no chat completion (no ``choices``, not JSON, a gateway's page) is an ``AgentError`` saying so. The client
made from ``base_url`` does not retry by itself. When the example fails (an error, ``max_turns``, the runner's
timeout) its error line keeps the trace and usage recorded so far.
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
from typing import TYPE_CHECKING, Any, Literal

import anyio.to_thread
from pydantic import BaseModel, ConfigDict, ValidationError, create_model
from pydantic_core import to_jsonable_python

from ..._completion import content_text, not_a_completion, retry_after, unfinished
from ..._json_text import distinct_id
from ..._redact import add_secret, redact
from ...entities import Inputs, Outputs, ToolCall, ToolResult
from ...errors import AgentError
from ...io._limits import unreadable_value
from .._agent import current_user_time
from .._errors import partial_run
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
    if description := (inspect.getdoc(function) or "").split("\n\n", 1)[0].replace("\n", " ").strip():
        definition["description"] = description
    return ToolSpec(tool_name, function, model, {"type": "function", "function": definition})


_DEFAULT_DEADLINE = 600.0
"""Seconds a request may take without ``timeout=``: the OpenAI client's own default, for the whole answer."""


class _OtherLoop:
    """Stands for an event loop asyncio does not know."""


_OTHER_LOOP = _OtherLoop()


def _classify(exc: BaseException) -> None:
    """Mark the failures worth retrying the example for as transient (with the delay the server asks for)."""
    import openai

    if isinstance(exc, openai.APIStatusError):
        if exc.status_code not in (408, 409, 429, 502, 503, 504):
            return
        if (wait := retry_after(exc.response.headers)) is not None:
            setattr(exc, "retry_after", wait)  # noqa: B010 - a foreign exception class
    elif not isinstance(exc, openai.APIConnectionError):
        return
    setattr(exc, "transient", True)  # noqa: B010 - a foreign exception class


_TOKEN_NAMES = {"input_tokens": "prompt_tokens", "output_tokens": "completion_tokens", "total_tokens": "total_tokens"}


class ChatCompletionsAgent:
    """An agent made of an OpenAI-compatible chat model and Python tools; the runner runs the tool loop.

    ``ChatCompletionsAgent("gpt-4o-mini", [get_weather, search], base_url=..., api_key=...)`` or with an
    ``AsyncOpenAI`` ``client``. ``tools`` is a list of functions or a ``{name: function}`` dict.
    ``system_prompt`` may contain ``{user_time}``, replaced by the request time in ISO 8601. ``tool_results``:
    ``"tool"`` sends each result as a ``tool`` message (the OpenAI protocol), ``"user"`` all of a turn's results
    as one user message (for chat templates that drop ``tool`` messages). ``timeout``: seconds per request, for the
    whole answer (default 600 for the client made from ``base_url``). Extra keyword arguments (``temperature=0``,
    ``tool_choice="required"``...) go to every ``chat.completions.create`` call.
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
        tool_results: Literal["tool", "user"] = "tool",
        timeout: float | None = None,
        **create_options: Any,
    ) -> None:
        if tool_results not in ("tool", "user"):
            raise ValueError(f"tool_results must be 'tool' or 'user', not {tool_results!r}")
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
        self.tool_results = tool_results
        """How tool results are sent back: ``tool`` messages, or one ``user`` message per turn."""
        self._client = client
        add_secret(api_key if client is None else client.api_key)  # a server may echo it in an error
        self._client_options: dict[str, Any] = {"base_url": base_url, "api_key": api_key, "max_retries": 0}
        if timeout is not None:
            self._client_options["timeout"] = timeout
        # a client given keeps its own settings; the one made here gets the client's default for the whole answer
        self._deadline = timeout if timeout is not None or client is not None else _DEFAULT_DEADLINE
        self._clients: weakref.WeakKeyDictionary[object, AsyncOpenAI] = weakref.WeakKeyDictionary()

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
        used: dict[str, int] = {}  # the trace's call ids: a server may give one id to calls of several turns
        usage = {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}
        counted = False
        partial = partial_run()
        if partial is not None:
            partial.trace = trace  # kept as it grows, for the error line if the example fails
        client = self._client  # the given client, else one per event loop (a connection pool cannot outlive its loop)
        if client is None:
            try:
                loop: object = asyncio.get_running_loop()
            except RuntimeError:  # another event loop than asyncio's (trio)
                loop = _OTHER_LOOP
            client = self._clients.get(loop)
            if client is None:
                from openai import AsyncOpenAI

                client = self._clients[loop] = AsyncOpenAI(**self._client_options)
        for _ in range(self.max_turns):
            options = dict(self.create_options)
            if offered:
                options["tools"] = [spec.schema for spec in offered.values()]
                options.setdefault("tool_choice", "auto")
            response = await self._create(client, messages, options)
            # the token counts the response reports (input_tokens, output_tokens, total_tokens), integers only
            counts = {ours: getattr(response.usage, theirs, None) for ours, theirs in _TOKEN_NAMES.items()}
            reported = {k: v for k, v in counts.items() if isinstance(v, int) and not isinstance(v, bool)}
            if reported:  # servers may leave counts out or null: those they give are kept, the answer too
                counted = True
                reported.setdefault("total_tokens", sum(reported.values()))
                for key, value in reported.items():
                    usage[key] += value
                if partial is not None:
                    partial.usage = usage
            message = response.choices[0].message
            said = content_text(message)
            if said.unread is not None:  # the answer is not known in full
                raise AgentError(f"the model's answer holds {said.unread}, which the runner cannot read")
            calls = list(message.tool_calls or ())
            ended = str(getattr(response.choices[0], "finish_reason", None)).casefold()
            asks = ended in ("tool_calls", "tool_use", "function_call")
            if not calls and (message.function_call is not None or asks):
                came = redact(message.model_dump_json(exclude_none=True, warnings=False))[:300]  # never "no call made"
                raise AgentError(f"the model's answer asks for a tool call but holds none the runner can run: {came!r}")
            if not calls:
                extra = {"usage": usage} if counted else {}
                answer = "\n".join(text for text in (said.text, said.refusal) if text)  # a refusal is its answer
                return Outputs.model_validate({"response": answer, "trace": trace, **extra})
            if (odd := next((c for c in calls if getattr(c, "function", None) is None), None)) is not None:
                came = redact(odd.model_dump_json(exclude_none=True, warnings=False))[:300]
                raise AgentError(f"the model made a tool call that names no function: {came!r}")
            parsed, sent = [], []  # (id sent back, id traced, name, params); a call without an id gets the traced one
            for call in calls:
                traced = distinct_id(call.id or "", used)
                parsed.append(
                    (call.id or traced, traced, call.function.name or "", tool_params(call.function.arguments))
                )
                sent.append({**call.model_dump(warnings=False), "id": call.id or traced, "type": "function"})
            messages.append({"role": "assistant", "content": said.text or "", "tool_calls": sent})
            trace.extend(ToolCall(id=traced, tool=name, params=params) for _, traced, name, params in parsed)
            results = []
            for call, (call_id, traced, name, params) in zip(calls, parsed, strict=True):
                result = await self._execute(offered.get(name), name, params, call.function.arguments)
                trace.append(ToolResult(id=traced, result=result))
                results.append((call_id, name, result if isinstance(result, str) else json.dumps(result)))
            if self.tool_results == "tool":
                messages.extend({"role": "tool", "tool_call_id": i, "content": content} for i, _, content in results)
            else:
                lines = [f"Result of {name} (call {call_id}): {content}" for call_id, name, content in results]
                messages.append({"role": "user", "content": "\n".join(lines)})
        raise MaxTurnsExceeded(f"no final answer after {self.max_turns} model turns (the model kept calling tools)")

    async def _create(self, client: AsyncOpenAI, messages: list[dict[str, Any]], options: dict[str, Any]) -> Any:
        """One model call; a 500 is sent again once, every failure classified for the runner."""
        import openai

        for again in (False, True):
            try:
                # the client's timeout bounds each read, not the answer: a server sending it byte by byte is cut here
                with anyio.fail_after(self._deadline):
                    response = await client.chat.completions.create(model=self.model, messages=messages, **options)  # type: ignore[arg-type]
            except (TimeoutError, openai.APITimeoutError):  # not transient: a server answering one at a time computes
                limit = "its client's timeout" if self._deadline is None else f"{self._deadline:g} s"
                raise TimeoutError(f"the model's answer did not come within {limit}") from None
            except json.JSONDecodeError as exc:
                raise AgentError(f"the server's answer is not JSON, no chat completion ({exc})") from None
            except Exception as exc:
                if again or not (isinstance(exc, openai.APIStatusError) and exc.status_code == 500):
                    if isinstance(exc, openai.APIConnectionError) and exc.__cause__ is not None:  # say what broke
                        exc = openai.APIConnectionError(message=f"{exc.message} {exc.__cause__}", request=exc.request)
                    _classify(exc)  # a second 500 for the same request is its answer: not transient
                    raise exc
                continue
            came = not_a_completion(response)  # a gateway's page, an error in a 200, no choices
            if came is not None:
                raise AgentError(f"the server answered no message of a chat completion: {came!r}")
            if (problem := unfinished(response)) is not None:  # cut short, aborted, empty: not the model's answer
                raise AgentError(problem)
            return response
        raise AssertionError("the second attempt returns or raises")

    @staticmethod
    async def _execute(spec: ToolSpec | None, name: str, params: dict[str, Any], text: str) -> Any:
        """Run one tool call (``params`` read from the model's ``text``); failures become ``{"error": ...}`` results
        the model can react to."""
        if spec is None:
            return {"error": f"unknown tool {name!r}"}
        if params == {"arguments": text} or str(text).strip()[:1] not in ("", "{"):  # not JSON, or JSON of no object
            return {"error": f"invalid arguments: not a JSON object: {str(text)[:200]!r}"}
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
            return {"error": redact(f"{type(exc).__name__}: {exc}")}  # the model sees it too
        value = to_jsonable_python(value, fallback=str)
        if (problem := unreadable_value(value)) is not None:  # NaN, a huge integer: no line could hold the trace
            return {"error": f"the tool's result cannot be recorded: {problem.path}: {problem.message}"}
        return value
