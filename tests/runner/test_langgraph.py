"""The LangGraph adapter and LangChain trace handler, with LangChain's fake chat model driving a real graph."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import anyio
import pytest

pytest.importorskip("langgraph")

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import ToolException, create_retriever_tool, tool
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode, tools_condition
from pydantic import Field

from mb.entities import Inputs
from mb.runner import AgentOutputError, as_agent, run
from mb.runner.adapters import LangGraphAdapter, trace_handler
from mb.runner.adapters.langgraph import document_id

INPUTS = Inputs.model_validate(
    {
        "messages": [
            {"role": "user", "content": "Hi"},
            {"role": "assistant", "content": "Hello!"},
            {"role": "user", "content": "What is 2 + 3, and what is the capital of France?"},
        ]
    }
)


class ScriptedChatModel(FakeMessagesListChatModel):
    """LangChain's fake chat model, able to pretend it binds tools; records what it was sent."""

    seen: list[list[BaseMessage]] = Field(default_factory=list)
    """The messages of every call, in order."""

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedChatModel:
        return self

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
        self.seen.append(list(messages))
        return super()._generate(messages, *args, **kwargs)


class Notes(BaseRetriever):
    """A fixed retriever: one chunk with an id, one with an id in metadata, one with neither."""

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        return [
            Document(id="chunk-7", page_content="Paris is the capital of France."),
            Document(page_content="Lyon is in France.", metadata={"doc_id": "geo-2"}),
            Document(page_content="France borders Spain."),
        ]


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@tool
def lookup(city: str) -> dict[str, Any]:
    """Facts about a city."""
    return {"city": city, "country": "France"}


@tool
def broken(reason: str) -> str:
    """Always fails."""
    raise ValueError(reason)


def build_graph(model: ScriptedChatModel, tools: list[Any]) -> Any:
    def call_model(state: MessagesState) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    graph = StateGraph(MessagesState)
    graph.add_node("model", call_model)
    graph.add_node("tools", ToolNode(tools, handle_tool_errors=True))
    graph.add_edge(START, "model")
    graph.add_conditional_edges("model", tools_condition)
    graph.add_edge("tools", "model")
    return graph.compile()


def ai(content: str = "", calls: Sequence[tuple[str, str, dict[str, Any]]] = (), tokens: int = 0) -> AIMessage:
    usage = {"input_tokens": tokens, "output_tokens": 1, "total_tokens": tokens + 1} if tokens else None
    return AIMessage(
        content=content,
        tool_calls=[{"id": i, "name": n, "args": a, "type": "tool_call"} for i, n, a in calls],
        usage_metadata=usage,  # type: ignore[arg-type]
    )


def test_the_trace_of_a_graph_run_with_tools_and_a_retriever() -> None:
    search = create_retriever_tool(Notes(), "search_notes", "Search the notes.")
    model = ScriptedChatModel(
        responses=[
            ai(calls=[("call_1", "add", {"a": 2, "b": 3})], tokens=10),
            ai(calls=[("call_2", "search_notes", {"query": "capital of France"})], tokens=20),
            ai(calls=[("call_3", "lookup", {"city": "Paris"})], tokens=30),
            ai(calls=[("call_4", "broken", {"reason": "offline"})], tokens=40),
            ai("5, and Paris.", tokens=50),
        ]
    )
    outputs = anyio.run(lambda: LangGraphAdapter(build_graph(model, [add, search, lookup, broken]))(INPUTS))

    assert outputs.response == "5, and Paris."
    fallback = "doc_" + hashlib.sha256(b"France borders Spain.").hexdigest()[:16]
    assert [event.model_dump() for event in outputs.trace] == [
        {"event": "tool_call", "id": "call_1", "tool": "add", "params": {"a": 2, "b": 3}},
        {"event": "tool_result", "id": "call_1", "result": "5"},
        {"event": "tool_call", "id": "call_2", "tool": "search_notes", "params": {"query": "capital of France"}},
        {
            "event": "retriever",
            "outputs": [
                {"id": "chunk-7", "page_content": "Paris is the capital of France."},
                {"id": "geo-2", "page_content": "Lyon is in France."},
                {"id": fallback, "page_content": "France borders Spain."},
            ],
        },
        {
            "event": "tool_result",
            "id": "call_2",
            "result": "Paris is the capital of France.\n\nLyon is in France.\n\nFrance borders Spain.",
        },
        {"event": "tool_call", "id": "call_3", "tool": "lookup", "params": {"city": "Paris"}},
        {"event": "tool_result", "id": "call_3", "result": {"city": "Paris", "country": "France"}},
        {"event": "tool_call", "id": "call_4", "tool": "broken", "params": {"reason": "offline"}},
        {"event": "tool_result", "id": "call_4", "result": {"error": "ValueError: offline"}},
    ]
    assert outputs.model_extra == {"usage": {"input_tokens": 150, "output_tokens": 5, "total_tokens": 155}}
    first = model.seen[0]
    assert [(type(m).__name__, m.content) for m in first] == [
        ("HumanMessage", "Hi"),
        ("AIMessage", "Hello!"),
        ("HumanMessage", "What is 2 + 3, and what is the capital of France?"),
    ]


def test_a_model_reusing_a_tool_call_id_across_turns_gives_each_call_its_own_id() -> None:
    model = ScriptedChatModel(
        responses=[
            ai(calls=[("call_0", "add", {"a": 2, "b": 3})]),
            ai(calls=[("call_0", "lookup", {"city": "Paris"})]),
            ai("5, and France."),
        ]
    )
    agent = LangGraphAdapter(build_graph(model, [add, lookup]))
    [executed], _ = run([{"inputs": INPUTS.model_dump(), "expectations": {}}], agent)
    assert executed.outputs is not None
    assert executed.outputs.response == "5, and France."
    assert [(e.event, e.id, e.model_dump().get("tool")) for e in executed.outputs.trace] == [
        ("tool_call", "call_0", "add"),
        ("tool_result", "call_0", None),
        ("tool_call", "call_0#2", "lookup"),
        ("tool_result", "call_0#2", None),
    ]
    assert executed.outputs.trace[3].model_dump()["result"] == {"city": "Paris", "country": "France"}


def test_a_tool_invoked_without_a_tool_call_gets_its_run_id() -> None:
    handler = trace_handler()
    assert add.invoke({"a": 1, "b": 2}, config={"callbacks": [handler]}) == 3
    call, result = handler.events
    assert call.model_dump()["params"] == {"a": 1, "b": 2}
    assert call.id == result.id
    assert uuid.UUID(call.id)


def test_a_plain_string_tool_input_is_recorded_as_input() -> None:
    handler = trace_handler()

    @tool
    def shout(text: str) -> str:
        """Upper-case the text."""
        return text.upper()

    shout.invoke("hello", config={"callbacks": [handler]})
    assert [e.model_dump(exclude={"id"}) for e in handler.events] == [
        {"event": "tool_call", "tool": "shout", "params": {"input": "hello"}},
        {"event": "tool_result", "result": "HELLO"},
    ]


def test_a_tool_returning_bytes_that_are_not_text_keeps_its_result_as_base64() -> None:
    handler = trace_handler()

    @tool
    def snapshot(city: str) -> bytes:
        """A PNG of the city's weather map."""
        return b"\x89PNG\r\n"

    snapshot.invoke({"city": "Paris"}, config={"callbacks": [handler]})
    assert [e.model_dump(exclude={"id"}) for e in handler.events] == [
        {"event": "tool_call", "tool": "snapshot", "params": {"city": "Paris"}},
        {"event": "tool_result", "result": "iVBORw0K"},
    ]


def test_a_tool_result_of_json_nested_past_the_parser_is_kept_as_its_text() -> None:
    handler = trace_handler()
    nested = "[" * 100_000 + "]" * 100_000

    @tool
    def deep(city: str) -> str:
        """A result no JSON parser reads to its end."""
        return nested

    deep.invoke({"city": "Paris"}, config={"callbacks": [handler]})
    assert [e.model_dump(exclude={"id"}) for e in handler.events] == [
        {"event": "tool_call", "tool": "deep", "params": {"city": "Paris"}},
        {"event": "tool_result", "result": nested},
    ]


def test_a_tool_error_the_tool_handles_is_recorded_as_an_error() -> None:
    handler = trace_handler()

    @tool
    def book(flight: str) -> str:
        """Book a flight."""
        raise ToolException(f"rate limited; cached flight {flight} may be stale")

    book.handle_tool_error = True
    call = {"name": "book", "args": {"flight": "FL-777"}, "id": "call_1", "type": "tool_call"}
    message = book.invoke(call, config={"callbacks": [handler]})
    assert message.status == "error"
    assert [e.model_dump() for e in handler.events][1] == {
        "event": "tool_result",
        "id": "call_1",
        "result": {"error": "rate limited; cached flight FL-777 may be stale"},
    }


def test_document_ids_prefer_the_document_then_its_metadata_then_a_content_hash() -> None:
    assert document_id(Document(id="a", page_content="x", metadata={"id": "b"})) == "a"
    assert document_id(Document(page_content="x", metadata={"chunk_id": 12})) == "12"
    assert document_id(Document(page_content="x")) == document_id(Document(page_content="x"))
    assert document_id(Document(page_content="x")) != document_id(Document(page_content="y"))


def test_allowed_tools_and_user_time_reach_the_graph_config() -> None:
    seen: dict[str, Any] = {}

    def answer(state: MessagesState, config: RunnableConfig) -> dict[str, Any]:
        seen.update(config["configurable"])
        return {"messages": [AIMessage(content="done")]}

    graph = StateGraph(MessagesState)
    graph.add_node("answer", answer)
    graph.add_edge(START, "answer")
    graph.add_edge("answer", END)
    compiled = graph.compile()
    fixed = datetime(2024, 2, 1, 9, 15, tzinfo=UTC)
    restricted = INPUTS.model_copy(update={"tools": ["add"]})
    [executed], _ = run([{"inputs": restricted.model_dump(), "expectations": {}}], compiled, user_time=fixed)
    assert executed.outputs is not None
    assert executed.outputs.response == "done"
    assert executed.outputs.trace == []
    assert "usage" not in (executed.outputs.model_extra or {})
    assert seen["tools"] == ["add"]
    assert seen["user_time"] == "2024-02-01T09:15:00+00:00"
    assert isinstance(as_agent(compiled).function, LangGraphAdapter)


def test_a_graph_that_adds_no_ai_message_is_an_output_error() -> None:
    def echo(state: MessagesState) -> dict[str, Any]:
        return {"messages": [HumanMessage(content="again?")]}

    graph = StateGraph(MessagesState)
    graph.add_node("echo", echo)
    graph.add_edge(START, "echo")
    graph.add_edge("echo", END)
    with pytest.raises(AgentOutputError, match="no AI message"):
        anyio.run(lambda: LangGraphAdapter(graph.compile())(INPUTS))


def test_a_graph_stopped_at_an_interrupt_has_not_answered() -> None:
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import interrupt

    def propose(state: MessagesState) -> dict[str, Any]:
        return {"messages": [AIMessage(content="I will book it once you approve.")]}

    def approve(state: MessagesState) -> dict[str, Any]:
        return {"messages": [AIMessage(content=f"Booked: {interrupt('approve the booking?')}")]}

    graph = StateGraph(MessagesState)
    graph.add_node("propose", propose)
    graph.add_node("approve", approve)
    graph.add_edge(START, "propose")
    graph.add_edge("propose", "approve")
    graph.add_edge("approve", END)
    adapter = LangGraphAdapter(graph.compile(checkpointer=InMemorySaver()), config={"configurable": {"thread_id": "1"}})
    with pytest.raises(AgentOutputError, match="stopped at an interrupt, waiting for input: approve the booking"):
        anyio.run(lambda: adapter(INPUTS))


def test_a_tool_error_the_graph_does_not_handle_keeps_the_calls_made() -> None:
    model = ScriptedChatModel(
        responses=[
            ai(calls=[("call_1", "add", {"a": 2, "b": 3})]),
            ai(calls=[("call_2", "broken", {"reason": "disk full"})]),
            ai("never reached"),
        ]
    )
    graph = StateGraph(MessagesState)
    graph.add_node("model", lambda state: {"messages": [model.invoke(state["messages"])]})
    graph.add_node("tools", ToolNode([add, broken]))  # the default policy re-raises the tool's ValueError
    graph.add_edge(START, "model")
    graph.add_conditional_edges("model", tools_condition)
    graph.add_edge("tools", "model")
    [executed], summary = run([{"inputs": INPUTS.model_dump(), "expectations": {}}], graph.compile())
    assert executed.outputs is not None
    assert (executed.outputs.model_extra or {})["error"]["type"] == "ValueError"
    assert summary.error_count == 1
    assert [event.model_dump() for event in executed.outputs.trace] == [
        {"event": "tool_call", "id": "call_1", "tool": "add", "params": {"a": 2, "b": 3}},
        {"event": "tool_result", "id": "call_1", "result": "5"},
        {"event": "tool_call", "id": "call_2", "tool": "broken", "params": {"reason": "disk full"}},
        {"event": "tool_result", "id": "call_2", "result": {"error": "ValueError: disk full"}},
    ]
