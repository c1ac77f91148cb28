"""LangGraph / LangChain adapter: a callback handler that records the trace, and a runner for compiled graphs.

Requires the ``langgraph`` extra.

:func:`trace_handler` returns a LangChain callback handler; pass it in ``config={"callbacks": [handler]}`` of any
runnable and read ``handler.events`` afterwards:

- a tool start is a ``tool_call`` event: ``id`` = the model's tool call id (or the LangChain run id when the
  tool was invoked directly), ``tool`` = the tool name, ``params`` = the tool's input dict (``{"input": ...}``
  for a plain string input);
- a tool end is a ``tool_result`` with the same id: the tool's output (a ``ToolMessage``'s content, parsed
  when it is a JSON object or array); a tool error is ``{"error": "Type: message"}``, a ``ToolMessage`` with the
  status ``error`` (a tool error the tool handled) ``{"error": content}``;
- a retriever end is a ``retriever`` event: each ``Document``'s ``page_content``, with its ``id``, else
  ``metadata["id" | "doc_id" | "document_id" | "chunk_id"]``, else ``"doc_"`` + the first 16 hex digits of
  the sha256 of its content (stable across runs).

:class:`LangGraphAdapter` runs a compiled graph whose state has ``messages``: it is invoked with
``{"messages": inputs.message_dicts()}`` and the last AI message is the response. Token usage sums the
``usage_metadata`` of the AI messages the run added. When the graph raises (a tool error the graph does not
handle), the example is an agent error whose trace keeps the calls made, the failing one with its error as
the result. A graph that stops at an interrupt (waiting for a person) has not finished: an agent error too.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any, Protocol
from uuid import UUID

from ..._json_text import chunk_id, distinct_id, loads_maybe
from ..._version import install_command
from ...entities import Inputs, Outputs, RetrievalResult, RetrievalResults, ToolCall, ToolResult
from .._errors import AgentOutputError, partial_run
from ._arguments import jsonable

__all__ = ["LangGraphAdapter", "TraceHandler", "document_id", "trace_handler"]

TraceEvent = ToolCall | ToolResult | RetrievalResults

_INSTALL = install_command("langgraph")
_ID_KEYS = ("id", "doc_id", "document_id", "chunk_id")


class TraceHandler(Protocol):
    """The callback handler :func:`trace_handler` returns (a ``langchain_core`` ``BaseCallbackHandler``)."""

    events: list[TraceEvent]
    """The trace recorded so far, in the order the callbacks arrived."""


def document_id(document: Any) -> str:
    """The chunk id of a LangChain ``Document``: its ``id``, an id in its metadata, or a hash of its content."""
    own = getattr(document, "id", None)
    if own:
        return str(own)
    metadata = getattr(document, "metadata", None) or {}
    for key in _ID_KEYS:
        if metadata.get(key) not in (None, ""):
            return str(metadata[key])
    return chunk_id(str(getattr(document, "page_content", "")))


def _result(output: Any) -> Any:
    """A tool's output as JSON: a ToolMessage's content (a JSON object or array text parsed), else the value; a
    ToolMessage with the status ``error`` (a tool error the tool handled itself) is ``{"error": content}``."""
    if type(output).__name__ != "ToolMessage":
        return loads_maybe(output) if isinstance(output, str) else jsonable(output)
    content = getattr(output, "content", output)
    result = loads_maybe(content) if isinstance(content, str) else jsonable(content)
    return {"error": result or "error"} if getattr(output, "status", None) == "error" else result


@cache
def _handler_class() -> type:
    try:
        from langchain_core.callbacks import BaseCallbackHandler
    except ImportError as exc:
        raise ImportError(f"the LangGraph/LangChain adapter needs langchain-core: {_INSTALL}") from exc

    class TraceCallbackHandler(BaseCallbackHandler):
        """Records tool calls, tool results and retrievals as MorganaBench trace events."""

        run_inline = True  # keep the order of events: no thread hop for this handler

        def __init__(self) -> None:
            self.events: list[TraceEvent] = []
            self._calls: dict[UUID, str] = {}
            self._ids: dict[str, int] = {}  # a model may give one id to calls of several turns

        def on_tool_start(
            self,
            serialized: dict[str, Any] | None,
            input_str: str,
            *,
            run_id: UUID,
            inputs: dict[str, Any] | None = None,
            **kwargs: Any,
        ) -> None:
            call_id = distinct_id(str(kwargs.get("tool_call_id") or run_id), self._ids)
            self._calls[run_id] = call_id
            name = (serialized or {}).get("name") or kwargs.get("name") or "tool"
            params = jsonable(inputs) if isinstance(inputs, dict) else {"input": input_str}
            self.events.append(ToolCall(id=call_id, tool=str(name), params=params))

        def on_tool_end(self, output: Any, *, run_id: UUID, **kwargs: Any) -> None:
            call_id = self._calls.pop(run_id, None)
            if call_id is not None:
                self.events.append(ToolResult(id=call_id, result=_result(output)))

        def on_tool_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
            call_id = self._calls.pop(run_id, None)
            if call_id is not None:
                self.events.append(ToolResult(id=call_id, result={"error": f"{type(error).__name__}: {error}"}))

        def on_retriever_end(self, documents: Sequence[Any], *, run_id: UUID, **kwargs: Any) -> None:
            chunks = [RetrievalResult(id=document_id(d), page_content=str(d.page_content)) for d in documents]
            self.events.append(RetrievalResults(outputs=chunks))

    return TraceCallbackHandler


def trace_handler() -> TraceHandler:
    """A new LangChain callback handler that records the trace of the runs it is attached to."""
    handler: TraceHandler = _handler_class()()
    return handler


def _text(message: Any) -> str:
    text = getattr(message, "text", None)
    if isinstance(text, str):  # langchain-core 1.x: a property (a str that is also callable)
        return str(text)
    if callable(text):  # langchain-core before 1.0: a method
        return str(text())
    return message.content if isinstance(message.content, str) else ""


class LangGraphAdapter:
    """Runs a compiled LangGraph graph (state with ``messages``) as a MorganaBench agent.

    ``config`` is merged into each invocation's config (the trace handler is added to its callbacks). The
    example's allowed tools and the request time are passed as ``config["configurable"]["tools"]`` and
    ``["user_time"]`` (ISO 8601) for graphs that want them.
    """

    def __init__(self, graph: Any, *, config: dict[str, Any] | None = None) -> None:
        _handler_class()
        self.graph = graph
        """The compiled graph."""
        self.config = dict(config or {})
        """Base config of every invocation."""

    async def __call__(
        self, inputs: Inputs, *, tools: list[str] | None = None, user_time: datetime | None = None
    ) -> Outputs:
        """Invoke the graph on the conversation; the last AI message is the response."""
        from langchain_core.messages import AIMessage

        handler = trace_handler()
        config = dict(self.config)
        config["callbacks"] = [*(config.get("callbacks") or []), handler]
        configurable = dict(config.get("configurable") or {})
        configurable["tools"] = tools
        configurable["user_time"] = user_time.isoformat() if user_time is not None else None
        config["configurable"] = configurable
        partial = partial_run()
        if partial is not None:
            partial.trace = handler.events  # kept as it grows: the calls made so far stay in an error line
        state = await self.graph.ainvoke({"messages": inputs.message_dicts()}, config=config)
        paused = state.get("__interrupt__") if isinstance(state, dict) else None
        if paused:  # waiting for a person: the run did not finish, whatever the AI said before
            asked = "; ".join(str(getattr(interrupt, "value", interrupt)) for interrupt in paused)
            raise AgentOutputError(f"the graph stopped at an interrupt, waiting for input: {asked}")
        messages = state.get("messages") if isinstance(state, dict) else getattr(state, "messages", None)
        if not isinstance(messages, list):
            raise AgentOutputError(f"the graph returned {type(state).__name__} without a list of messages")
        added = [m for m in messages[len(inputs.messages) :] if isinstance(m, AIMessage)]
        if not added:
            raise AgentOutputError("the graph added no AI message to answer with")
        extra: dict[str, Any] = {}
        counts: list[dict[str, Any]] = [dict(m.usage_metadata) for m in added if m.usage_metadata]
        if counts:
            keys = ("input_tokens", "output_tokens", "total_tokens")
            extra["usage"] = {key: sum(int(c.get(key) or 0) for c in counts) for key in keys}
        return Outputs.model_validate({"response": _text(added[-1]), "trace": handler.events, **extra})
