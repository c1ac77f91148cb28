"""The OpenAI Agents SDK adapter: the SDK's scripted model, and its chat-completions model on a local server."""

from __future__ import annotations

from typing import Any

import anyio
import pytest

agents = pytest.importorskip("agents")

from agents import Agent, FileSearchTool, OpenAIChatCompletionsModel, RunConfig, function_tool  # noqa: E402
from agents.testing import ModelStep, ScriptedModel, assistant_message, function_call  # noqa: E402
from agents.usage import Usage  # noqa: E402
from openai import AsyncOpenAI  # noqa: E402
from openai.types.responses import ResponseFileSearchToolCall  # noqa: E402
from openai.types.responses.response_file_search_tool_call import Result  # noqa: E402
from pydantic import BaseModel  # noqa: E402

from mb.entities import Inputs  # noqa: E402
from mb.runner import as_agent, run  # noqa: E402
from mb.runner.adapters import OpenAIAgentsAdapter  # noqa: E402
from tests.support.openai_server import chat_server, completion  # noqa: E402

NO_TRACING = RunConfig(tracing_disabled=True)
INPUTS = Inputs.model_validate(
    {
        "messages": [
            {"role": "user", "content": "I'm going to Paris."},
            {"role": "assistant", "content": "Nice!"},
            {"role": "user", "content": "Weather there, and what do my notes say?"},
        ],
    }
)


@function_tool
def get_weather(city: str, unit: str = "C") -> dict[str, Any]:
    """Current weather for a city."""
    return {"city": city, "temperature": 21, "unit": unit}


@function_tool
def book(city: str, nights: int) -> str:
    """Book a hotel."""
    raise RuntimeError("no rooms left")


def file_search(results: list[Result] | None) -> ResponseFileSearchToolCall:
    return ResponseFileSearchToolCall(
        id="fs_1", queries=["paris notes"], status="completed", type="file_search_call", results=results
    )


def usage(requests: int, input_tokens: int, output_tokens: int) -> Usage:
    return Usage(
        requests=requests,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        total_tokens=input_tokens + output_tokens,
    )


def test_the_trace_of_a_scripted_run() -> None:
    notes = [
        Result(file_id="file-1", filename="paris.md", score=0.91, text="Museums are closed on Tuesdays."),
        Result(file_id="file-2", filename="hotels.md", score=0.52, text="Hotel Lutetia, Left Bank."),
    ]
    model = ScriptedModel(
        [
            ModelStep(
                output=[function_call("get_weather", {"city": "Paris"}, call_id="call_w"), file_search(notes)],
                usage=usage(1, 100, 20),
            ),
            ModelStep(
                output=[function_call("book", {"city": "Paris", "nights": 2}, call_id="call_b")],
                usage=usage(1, 150, 10),
            ),
            ModelStep(output=[assistant_message("21 C; museums close on Tuesdays.")], usage=usage(1, 200, 12)),
        ]
    )
    agent = Agent(name="travel", instructions="Help.", model=model, tools=[get_weather, book, FileSearchTool(["vs_1"])])
    outputs = anyio.run(lambda: OpenAIAgentsAdapter(agent, run_config=NO_TRACING)(INPUTS))

    assert outputs.response == "21 C; museums close on Tuesdays."
    assert [event.model_dump() for event in outputs.trace] == [
        {"event": "tool_call", "id": "call_w", "tool": "get_weather", "params": {"city": "Paris"}},
        {
            "event": "retriever",
            "outputs": [
                {
                    "id": "file-1",
                    "page_content": "Museums are closed on Tuesdays.",
                    "filename": "paris.md",
                    "score": 0.91,
                },
                {"id": "file-2", "page_content": "Hotel Lutetia, Left Bank.", "filename": "hotels.md", "score": 0.52},
            ],
        },
        {"event": "tool_result", "id": "call_w", "result": {"city": "Paris", "temperature": 21, "unit": "C"}},
        {"event": "tool_call", "id": "call_b", "tool": "book", "params": {"city": "Paris", "nights": 2}},
        {"event": "tool_result", "id": "call_b", "result": {"error": "RuntimeError: no rooms left"}},
    ]
    assert outputs.model_extra == {"usage": {"input_tokens": 450, "output_tokens": 42, "total_tokens": 492}}
    assert model.first_call is not None
    assert model.first_call.input == INPUTS.message_dicts()  # the whole conversation is the run's input


def test_a_raising_tool_is_recorded_while_the_model_sees_the_sdk_message() -> None:
    model = ScriptedModel(
        [
            ModelStep(output=[function_call("book", {"city": "Paris", "nights": 2}, call_id="call_b")]),
            ModelStep(output=[assistant_message("No rooms, sorry.")]),
        ]
    )
    agent = Agent(name="travel", model=model, tools=[book])
    outputs = anyio.run(lambda: OpenAIAgentsAdapter(agent, run_config=NO_TRACING)(INPUTS))
    assert outputs.trace[1].model_dump() == {
        "event": "tool_result",
        "id": "call_b",
        "result": {"error": "RuntimeError: no rooms left"},
    }
    told = [
        item for item in model.calls[1].input if isinstance(item, dict) and item.get("type") == "function_call_output"
    ]
    assert told[0]["output"] == "An error occurred while running the tool. Please try again."
    assert agent.tools == [book]  # the user's agent and tools are left as they were


@function_tool
def snapshot(city: str) -> bytes:
    """A PNG of the city's weather map."""
    return b"\x89PNG\r\n"


def test_a_tool_returning_bytes_that_are_not_text_keeps_its_result_as_base64() -> None:
    model = ScriptedModel(
        [
            ModelStep(output=[function_call("snapshot", {"city": "Paris"}, call_id="call_s")]),
            ModelStep(output=[assistant_message("Here is the map.")]),
        ]
    )
    agent = Agent(name="maps", model=model, tools=[snapshot])
    outputs = anyio.run(lambda: OpenAIAgentsAdapter(agent, run_config=NO_TRACING)(INPUTS))
    assert outputs.response == "Here is the map."
    assert outputs.trace[1].model_dump() == {"event": "tool_result", "id": "call_s", "result": "iVBORw0K"}


@function_tool(needs_approval=True)
def delete_account(user: str) -> str:
    """Delete a user's account."""
    return "deleted"


def test_a_run_stopped_for_approval_is_an_error_line_with_its_trace() -> None:
    model = ScriptedModel(
        [
            ModelStep(output=[function_call("delete_account", {"user": "bob"}, call_id="call_d")]),
            ModelStep(output=[assistant_message("Deleted.")]),
        ]
    )
    agent = Agent(name="admin", model=model, tools=[delete_account])
    [executed], summary = run(
        [{"inputs": INPUTS.model_dump(), "expectations": {}}], OpenAIAgentsAdapter(agent, run_config=NO_TRACING)
    )
    assert executed.outputs is not None
    error = (executed.outputs.model_extra or {})["error"]
    assert (error["type"], summary.error_count) == ("AgentOutputError", 1)
    assert "stopped for approval of tool calls, which nobody gave: delete_account" in error["message"]
    assert [event.model_dump() for event in executed.outputs.trace] == [
        {"event": "tool_call", "id": "call_d", "tool": "delete_account", "params": {"user": "bob"}}
    ]


def test_a_file_search_without_included_results_adds_no_event() -> None:
    model = ScriptedModel([[file_search(None)], [assistant_message("Nothing.")]])
    agent = Agent(name="a", model=model, tools=[FileSearchTool(["vs_1"])])
    outputs = anyio.run(lambda: OpenAIAgentsAdapter(agent, run_config=NO_TRACING)(INPUTS))
    assert outputs.trace == []
    assert outputs.response == "Nothing."


def test_the_example_tool_restriction_clones_the_agent_with_those_tools_only() -> None:
    model = ScriptedModel([[assistant_message("ok")]])
    agent = Agent(name="a", model=model, tools=[get_weather, book])
    anyio.run(lambda: OpenAIAgentsAdapter(agent, run_config=NO_TRACING)(INPUTS, tools=["book"]))
    assert model.first_call is not None
    assert [tool.name for tool in model.first_call.tools] == ["book"]
    assert [tool.name for tool in agent.tools] == ["get_weather", "book"]


def test_a_structured_final_output_is_written_as_json() -> None:
    class Answer(BaseModel):
        city: str
        temperature: int

    model = ScriptedModel([[assistant_message('{"city": "Paris", "temperature": 21}')]])
    agent = Agent(name="a", model=model, output_type=Answer)
    outputs = anyio.run(lambda: OpenAIAgentsAdapter(agent, run_config=NO_TRACING)(INPUTS))
    assert outputs.response == '{"city":"Paris","temperature":21}'


def test_the_sdk_chat_completions_model_on_a_local_server_through_the_runner() -> None:
    replies = iter(
        [completion(None, tool_calls=[("call_1", "get_weather", {"city": "Oslo", "unit": "F"})]), completion("70 F.")]
    )
    with chat_server(lambda body: next(replies)) as server:
        client = AsyncOpenAI(base_url=server.base_url, api_key="sk-test", max_retries=0)
        model = OpenAIChatCompletionsModel(model="test-model", openai_client=client)
        sdk_agent = Agent(name="weather", instructions="Answer.", model=model, tools=[get_weather])
        runner_agent = as_agent(OpenAIAgentsAdapter(sdk_agent, run_config=NO_TRACING))
        [executed], summary = run([{"inputs": INPUTS.model_dump(), "expectations": {}}], runner_agent)
    assert summary.error_count == 0
    assert executed.outputs is not None
    assert executed.outputs.response == "70 F."
    assert [event.model_dump() for event in executed.outputs.trace] == [
        {"event": "tool_call", "id": "call_1", "tool": "get_weather", "params": {"city": "Oslo", "unit": "F"}},
        {"event": "tool_result", "id": "call_1", "result": {"city": "Oslo", "temperature": 21, "unit": "F"}},
    ]
    assert executed.outputs.model_extra is not None
    assert executed.outputs.model_extra["usage"] == {"input_tokens": 22, "output_tokens": 14, "total_tokens": 36}
    assert server.requests[0]["tool_choice"] == "auto"  # servers such as llama.cpp's ignore tools without it
    sent = server.requests[0]["messages"]
    assert sent[0] == {"role": "system", "content": "Answer."}
    assert [m["content"] for m in sent[1:]] == [m["content"] for m in INPUTS.message_dicts()]


def test_an_sdk_agent_is_wrapped_automatically() -> None:
    model = ScriptedModel([[assistant_message("hello")]])
    wrapped = as_agent(Agent(name="a", model=model))
    assert isinstance(wrapped.function, OpenAIAgentsAdapter)
    assert wrapped.wants_inputs


def test_a_run_past_max_turns_keeps_its_trace_and_usage_in_the_error_line() -> None:
    steps = [
        ModelStep(output=[function_call("get_weather", {"city": "Paris"}, call_id=f"call_{n}")], usage=usage(1, 10, 5))
        for n in range(3)
    ]
    agent = Agent(name="looping", model=ScriptedModel(steps), tools=[get_weather])
    runner_agent = as_agent(OpenAIAgentsAdapter(agent, max_turns=2, run_config=NO_TRACING))
    [executed], summary = run([{"inputs": INPUTS.model_dump(), "expectations": {}}], runner_agent)
    assert summary.error_count == 1
    outputs = executed.outputs
    assert outputs is not None
    assert outputs.model_extra is not None
    assert outputs.model_extra["error"]["type"] == "MaxTurnsExceeded"
    assert [(event.event, event.id) for event in outputs.trace] == [  # type: ignore[union-attr]
        ("tool_call", "call_0"),
        ("tool_result", "call_0"),
        ("tool_call", "call_1"),
        ("tool_result", "call_1"),
    ]
    assert outputs.model_extra["usage"] == {"input_tokens": 20, "output_tokens": 10, "total_tokens": 30}
