"""The chat-completions tool loop against a real OpenAI-compatible HTTP server on 127.0.0.1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Annotated, Any

import anyio
import pytest
from openai import AsyncOpenAI
from pydantic import Field

from mb.entities import Inputs, Outputs
from mb.runner import run
from mb.runner.adapters import ChatCompletionsAgent, MaxTurnsExceeded, tool_spec
from tests.support.openai_server import Reply, chat_server, completion

INPUTS = Inputs.model_validate(
    {
        "messages": [
            {"role": "user", "content": "Hi"},
            {"role": "assistant", "content": "Hello!"},
            {"role": "user", "content": "Weather in Paris, and 2 + 3?"},
        ]
    }
)
WHEN = datetime(2024, 2, 1, 9, 15, tzinfo=UTC)


def get_weather(city: Annotated[str, Field(description="The city name")], unit: str = "C") -> dict[str, Any]:
    """Current weather for a city.

    Uses the offline weather service.
    """
    return {"city": city, "temperature": 21, "unit": unit}


async def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def fail(reason: str) -> str:
    """Always fails."""
    raise RuntimeError(reason)


def script(*replies: Reply) -> Any:
    queue: Iterator[Reply] = iter(replies)
    return lambda body: next(queue)


def test_tool_schemas_come_from_signatures_hints_and_docstrings() -> None:
    assert tool_spec(get_weather).schema == {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Current weather for a city.",
            "parameters": {
                "type": "object",
                "properties": {
                    "city": {"type": "string", "description": "The city name"},
                    "unit": {"type": "string", "default": "C"},
                },
                "required": ["city"],
                "additionalProperties": False,
            },
        },
    }
    assert tool_spec(add, "sum").schema["function"]["parameters"]["properties"] == {
        "a": {"type": "integer"},
        "b": {"type": "integer"},
    }


def test_the_loop_records_every_call_and_result_with_the_model_ids() -> None:
    replies = script(
        completion(
            None, tool_calls=[("call_w", "get_weather", {"city": "Paris"}), ("call_a", "add", {"a": 2, "b": "3"})]
        ),
        completion(None, tool_calls=[("call_x", "translate", {"text": "hi"}), ("call_y", "add", {"a": "two"})]),
        completion(None, tool_calls=[("call_f", "fail", {"reason": "disk full"})]),
        completion("It is 21 C in Paris; 2 + 3 = 5."),
    )
    with chat_server(replies) as server:
        agent = ChatCompletionsAgent(
            "test-model",
            [get_weather, add, fail],
            base_url=server.base_url,
            api_key="sk-test",
            system_prompt="Now is {user_time}.",
            temperature=0,
        )
        outputs = anyio.run(lambda: agent(INPUTS, user_time=WHEN))
    assert outputs.response == "It is 21 C in Paris; 2 + 3 = 5."
    assert [event.model_dump() for event in outputs.trace] == [
        {"event": "tool_call", "id": "call_w", "tool": "get_weather", "params": {"city": "Paris"}},
        {"event": "tool_call", "id": "call_a", "tool": "add", "params": {"a": 2, "b": "3"}},
        {
            "event": "tool_result",
            "id": "call_w",
            "result": {"city": "Paris", "temperature": 21, "unit": "C"},
        },
        {"event": "tool_result", "id": "call_a", "result": 5},
        {"event": "tool_call", "id": "call_x", "tool": "translate", "params": {"text": "hi"}},
        {"event": "tool_call", "id": "call_y", "tool": "add", "params": {"a": "two"}},
        {"event": "tool_result", "id": "call_x", "result": {"error": "unknown tool 'translate'"}},
        {
            "event": "tool_result",
            "id": "call_y",
            "result": {
                "error": "invalid arguments: a: Input should be a valid integer, unable to parse string as an "
                "integer; b: Field required"
            },
        },
        {"event": "tool_call", "id": "call_f", "tool": "fail", "params": {"reason": "disk full"}},
        {"event": "tool_result", "id": "call_f", "result": {"error": "RuntimeError: disk full"}},
    ]
    assert outputs.model_extra == {"usage": {"input_tokens": 44, "output_tokens": 28, "total_tokens": 72}}

    first, second = server.requests[0], server.requests[1]
    assert first["model"] == "test-model"
    assert first["temperature"] == 0
    assert first["messages"] == [
        {"role": "system", "content": "Now is 2024-02-01T09:15:00+00:00."},
        *INPUTS.message_dicts(),
    ]
    assert [tool["function"]["name"] for tool in first["tools"]] == ["get_weather", "add", "fail"]
    assert second["messages"][4]["role"] == "assistant"
    assert [c["id"] for c in second["messages"][4]["tool_calls"]] == ["call_w", "call_a"]
    assert second["messages"][5:] == [
        {
            "role": "tool",
            "tool_call_id": "call_w",
            "content": json.dumps({"city": "Paris", "temperature": 21, "unit": "C"}),
        },
        {"role": "tool", "tool_call_id": "call_a", "content": "5"},
    ]


def test_only_the_allowed_tools_are_offered_and_callable() -> None:
    replies = script(completion(None, tool_calls=[("c1", "get_weather", {"city": "Oslo"})]), completion("Sorry."))
    with chat_server(replies) as server:
        agent = ChatCompletionsAgent("m", {"weather": get_weather, "add": add}, base_url=server.base_url, api_key="k")
        outputs = anyio.run(lambda: agent(INPUTS, tools=["add"]))
    assert [tool["function"]["name"] for tool in server.requests[0]["tools"]] == ["add"]
    assert outputs.trace[1].model_dump() == {
        "event": "tool_result",
        "id": "c1",
        "result": {"error": "unknown tool 'get_weather'"},
    }


def test_a_model_that_never_answers_stops_after_max_turns() -> None:
    with chat_server(lambda body: completion(None, tool_calls=[("c", "add", {"a": 1, "b": 1})])) as server:
        agent = ChatCompletionsAgent("m", [add], base_url=server.base_url, api_key="k", max_turns=3)
        with pytest.raises(MaxTurnsExceeded, match="3 model turns"):
            anyio.run(lambda: agent(INPUTS))
        assert server.calls == 3


def test_a_server_reusing_call_ids_across_turns_gives_each_call_its_own_id_in_the_trace() -> None:
    replies = script(
        completion(None, tool_calls=[("call_0", "add", {"a": 1, "b": 2})]),
        completion(None, tool_calls=[("call_0", "add", {"a": 3, "b": 4}), ("call_1", "add", {"a": 5, "b": 6})]),
        completion("3, 7 and 11."),
    )
    with chat_server(replies) as server:
        agent = ChatCompletionsAgent("m", [add], base_url=server.base_url, api_key="k")
        [executed], _ = run([{"inputs": INPUTS.model_dump(), "expectations": {}}], agent)
    assert executed.outputs is not None
    assert executed.outputs.response == "3, 7 and 11."
    assert [(event.event, event.id) for event in executed.outputs.trace] == [
        ("tool_call", "call_0"),
        ("tool_result", "call_0"),
        ("tool_call", "call_0#2"),
        ("tool_call", "call_1"),
        ("tool_result", "call_0#2"),
        ("tool_result", "call_1"),
    ]
    assert [event.model_dump()["result"] for event in executed.outputs.trace[4:]] == [7, 11]
    # the model is answered under the ids it gave
    assert [m.get("tool_call_id") for m in server.requests[2]["messages"][-2:]] == ["call_0", "call_1"]


def test_a_failed_run_keeps_its_partial_trace_when_the_server_reuses_one_call_id() -> None:
    with chat_server(lambda body: completion(None, tool_calls=[("c", "add", {"a": 1, "b": 1})])) as server:
        agent = ChatCompletionsAgent("m", [add], base_url=server.base_url, api_key="k", max_turns=2)
        [executed], _ = run([{"inputs": INPUTS.model_dump(), "expectations": {}}], agent, retries=0)
    assert executed.outputs is not None
    assert executed.outputs.model_extra is not None
    assert executed.outputs.model_extra["error"]["type"] == "MaxTurnsExceeded"
    assert [event.id for event in executed.outputs.trace] == ["c", "c", "c#2", "c#2"]


def test_rate_limits_are_transient_for_the_runner_which_retries_the_example() -> None:
    replies = script(
        Reply({"error": {"message": "slow down"}}, status=429, headers={"Retry-After": "0"}),
        completion("Finally."),
    )
    with chat_server(replies) as server:
        client = AsyncOpenAI(base_url=server.base_url, api_key="k", max_retries=0)
        agent = ChatCompletionsAgent("m", [add], client=client)
        [executed], summary = run([{"inputs": INPUTS.model_dump(), "expectations": {}}], agent, backoff=0)
    assert executed.outputs is not None
    assert executed.outputs.response == "Finally."
    assert summary.retried == 1
    assert server.calls == 2


def test_a_persistent_server_error_becomes_a_transient_error_line() -> None:
    with chat_server(lambda body: Reply({"error": {"message": "overloaded"}}, status=503)) as server:
        client = AsyncOpenAI(base_url=server.base_url, api_key="k", max_retries=0)
        [executed], _ = run(
            [{"inputs": INPUTS.model_dump(), "expectations": {}}],
            ChatCompletionsAgent("m", client=client),
            retries=1,
            backoff=0,
        )
    assert executed.outputs is not None
    assert executed.outputs.model_extra is not None
    error = executed.outputs.model_extra["error"]
    assert error["type"] == "InternalServerError"
    assert error["transient"] is True
    assert server.calls == 2


def test_through_the_runner_usage_and_latency_are_recorded_across_event_loops() -> None:
    agent: ChatCompletionsAgent
    with chat_server(lambda body: completion("Paris.", prompt_tokens=5, completion_tokens=2)) as server:
        agent = ChatCompletionsAgent("m", base_url=server.base_url, api_key="k")
        for _ in range(2):  # two runs, two event loops, one agent
            [executed], _ = run([{"inputs": INPUTS.model_dump(), "expectations": {}}], agent)
            assert isinstance(executed.outputs, Outputs)
            assert executed.outputs.model_extra is not None
            assert executed.outputs.model_extra["usage"] == {"input_tokens": 5, "output_tokens": 2, "total_tokens": 7}
            assert executed.outputs.model_extra["latency_ms"] > 0


def test_a_secret_in_a_failing_tool_s_message_reaches_neither_the_model_nor_the_trace() -> None:
    def search(query: str) -> str:
        """Search the web."""
        raise RuntimeError(f"GET /search?q={query} failed: 401 for Authorization: Bearer abcdef0123456789secret")

    replies = script(completion(None, tool_calls=[("call_s", "search", {"query": "x"})]), completion("Sorry."))
    with chat_server(replies) as server:
        agent = ChatCompletionsAgent("m", [search], base_url=server.base_url, api_key="k")
        outputs = anyio.run(lambda: agent(INPUTS))
    result = outputs.trace[1].model_dump()["result"]
    assert result == {"error": "RuntimeError: GET /search?q=x failed: 401 for Authorization: [REDACTED]"}
    assert "abcdef0123456789secret" not in json.dumps(server.requests[1])
