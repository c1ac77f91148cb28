"""The chat-completions tool loop against servers as people run them: llama-cpp-python's habits (tools ignored
without ``tool_choice``, null content refused, ``tool`` messages dropped, one request at a time), raw newlines in
tool-call arguments, a 500 that repeats, and failed examples that keep what they did."""

from __future__ import annotations

import base64
import json
from typing import Any

import anyio
import pytest

from mb.entities import Inputs, ToolCall, ToolResult
from mb.runner import run
from mb.runner.adapters import ChatCompletionsAgent
from tests.support.openai_server import Reply, chat_server, completion, llama_like

INPUTS = Inputs.model_validate({"messages": [{"role": "user", "content": "Weather in Paris?"}]})
EXAMPLE = {"inputs": INPUTS.model_dump(), "expectations": {}}


def get_weather(city: str) -> dict[str, Any]:
    """Current weather for a city."""
    return {"city": city, "temperature": 21}


def weather_model(body: dict[str, Any]) -> Reply:
    """Calls the weather tool when it is offered and no result is in the conversation; else answers with what the
    conversation says about the weather."""
    conversation = json.dumps(body["messages"])
    if '\\"temperature\\": 21' in conversation:
        return completion("It is 21 degrees in Paris.")
    if body.get("tools"):
        return completion(None, tool_calls=[("call_1", "get_weather", {"city": "Paris"})])
    return completion("I do not know.")


def _agent(url: str, **options: Any) -> ChatCompletionsAgent:
    return ChatCompletionsAgent("m", [get_weather], base_url=url, api_key="k", **options)


def test_a_llama_cpp_like_server_gets_requests_it_keeps() -> None:
    with chat_server(llama_like(weather_model), serial=True) as server:
        outputs = anyio.run(lambda: _agent(server.base_url, tool_results="user")(INPUTS))
    assert outputs.response == "It is 21 degrees in Paris."
    assert outputs.trace == [
        ToolCall(id="call_1", tool="get_weather", params={"city": "Paris"}),
        ToolResult(id="call_1", result={"city": "Paris", "temperature": 21}),
    ]
    first, second = server.requests
    assert first["tool_choice"] == "auto"
    assistant = second["messages"][1]
    assert (assistant["role"], assistant["content"]) == ("assistant", "")
    assert second["messages"][2] == {
        "role": "user",
        "content": 'Result of get_weather (call call_1): {"city": "Paris", "temperature": 21}',
    }


def test_tool_messages_are_the_default_form_of_results() -> None:
    with chat_server(weather_model) as server:
        outputs = anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert outputs.response == "It is 21 degrees in Paris."
    assert server.requests[1]["messages"][2] == {
        "role": "tool",
        "tool_call_id": "call_1",
        "content": json.dumps({"city": "Paris", "temperature": 21}),
    }


def test_a_raw_newline_inside_tool_call_arguments_is_read() -> None:
    replies = iter(
        [completion(None, tool_calls=[("call_1", "get_weather", '{"city": "Paris,\nFrance"}')]), completion("Done.")]
    )
    with chat_server(lambda body: next(replies)) as server:
        outputs = anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert outputs.trace[0] == ToolCall(id="call_1", tool="get_weather", params={"city": "Paris,\nFrance"})


def test_a_repeated_500_is_sent_again_once_and_is_not_transient() -> None:
    with chat_server(lambda body: Reply({"error": {"message": "boom"}}, status=500)) as server:
        [executed], summary = run([EXAMPLE], _agent(server.base_url), retries=2, backoff=0)
    assert server.calls == 2
    assert summary.retried == 0
    assert executed.outputs is not None
    assert executed.outputs.model_extra is not None
    assert executed.outputs.model_extra["error"]["transient"] is False


def test_a_single_500_is_sent_again() -> None:
    replies = iter([Reply({"error": {"message": "boom"}}, status=500), completion("Fine.")])
    with chat_server(lambda body: next(replies)) as server:
        outputs = anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert outputs.response == "Fine."
    assert server.calls == 2


def test_a_timed_out_request_is_not_sent_again() -> None:
    with chat_server(lambda body: Reply(completion("late").body, delay=1.5), serial=True) as server:
        [executed], summary = run([EXAMPLE], _agent(server.base_url, timeout=0.3), retries=2, backoff=0)
    assert server.calls == 1
    assert summary.retried == 0
    assert executed.outputs is not None
    assert executed.outputs.model_extra is not None
    assert executed.outputs.model_extra["error"]["type"] == "TimeoutError"


def test_an_example_past_max_turns_keeps_its_trace_and_usage() -> None:
    calls = iter(range(100))

    def loop(body: dict[str, Any]) -> Reply:
        return completion(None, tool_calls=[(f"call_{next(calls)}", "get_weather", {"city": "Paris"})])

    with chat_server(loop) as server:
        [executed], _ = run([EXAMPLE], _agent(server.base_url, max_turns=2), retries=0)
    outputs = executed.outputs
    assert outputs is not None
    assert outputs.model_extra is not None
    assert outputs.model_extra["error"]["type"] == "MaxTurnsExceeded"
    assert [event.event for event in outputs.trace] == ["tool_call", "tool_result", "tool_call", "tool_result"]
    assert outputs.model_extra["usage"] == {"input_tokens": 22, "output_tokens": 14, "total_tokens": 36}
    assert server.calls == 2


def test_an_example_cut_by_the_runner_timeout_keeps_its_trace_and_usage() -> None:
    def slow_second_turn(body: dict[str, Any]) -> Reply:
        if len(body["messages"]) == 1:
            return completion(None, tool_calls=[("call_1", "get_weather", {"city": "Paris"})])
        return Reply(completion("late").body, delay=3.0)

    with chat_server(slow_second_turn) as server:
        [executed], _ = run([EXAMPLE], _agent(server.base_url), timeout=1.0, retries=0)
    outputs = executed.outputs
    assert outputs is not None
    assert outputs.model_extra is not None
    assert outputs.model_extra["error"]["type"] == "TimeoutError"
    assert [event.event for event in outputs.trace] == ["tool_call", "tool_result"]
    assert outputs.model_extra["usage"] == {"input_tokens": 11, "output_tokens": 7, "total_tokens": 18}
    assert server.calls == 2


def test_an_api_key_given_in_code_and_echoed_by_the_server_is_not_written(tmp_path: Any) -> None:
    secret = "local-gateway-key-4711"
    basic = base64.b64encode(f"user:{secret}".encode()).decode()  # as a gateway's log of the credentials shows them

    def refuse(body: dict[str, Any]) -> Reply:
        return Reply({"error": {"message": f"Incorrect API key provided: {secret} ({basic})"}}, status=401)

    output = tmp_path / "out.jsonl"
    with chat_server(refuse) as server:
        agent = ChatCompletionsAgent("m", [get_weather], base_url=server.base_url, api_key=secret)
        _, summary = run([EXAMPLE], agent, output=output, retries=0)
    written = output.read_text()
    assert "Incorrect API key provided: [REDACTED]" in written
    for text in (written, summary.describe()):
        assert secret not in text
        assert basic[2:-3] not in text


def test_a_server_answering_byte_by_byte_is_cut_at_the_request_timeout() -> None:
    import time

    with chat_server(lambda body: Reply(completion("late").body, drip=0.2)) as server:
        started = time.monotonic()
        [executed], summary = run([EXAMPLE], _agent(server.base_url, timeout=0.5), retries=2, backoff=0)
        elapsed = time.monotonic() - started
    assert elapsed < 30  # the whole answer would take over a minute
    assert server.calls == 1
    assert summary.retried == 0
    assert executed.outputs is not None
    assert executed.outputs.model_extra is not None
    assert executed.outputs.model_extra["error"]["type"] == "TimeoutError"


@pytest.mark.parametrize(
    ("reported", "kept"),
    [
        ({"prompt_tokens": 5}, {"input_tokens": 5, "output_tokens": 0, "total_tokens": 5}),
        ({"prompt_tokens": None, "completion_tokens": None, "total_tokens": None}, None),
    ],
)
def test_a_server_reporting_partial_or_null_token_counts_still_gives_its_answer(
    reported: dict[str, Any], kept: dict[str, int] | None
) -> None:
    body = completion("Fine.").body | {"usage": reported}
    with chat_server(lambda request: Reply(body)) as server:
        outputs = anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert outputs.response == "Fine."
    assert (outputs.model_extra or {}).get("usage") == kept


def test_a_tool_result_no_line_can_hold_is_an_error_result_and_the_example_keeps_its_answer(tmp_path: Any) -> None:
    def measure(city: str) -> dict[str, float]:
        """Measure something."""
        return {"value": float("nan")}

    replies = iter([completion(None, tool_calls=[("call_1", "measure", {"city": "Paris"})]), completion("Unknown.")])
    output = tmp_path / "out.jsonl"
    with chat_server(lambda body: next(replies)) as server:
        agent = ChatCompletionsAgent("m", [measure], base_url=server.base_url, api_key="k")
        _, summary = run([EXAMPLE], agent, output=output, retries=0)
    [line] = [json.loads(text) for text in output.read_text().splitlines()]
    assert summary.error_count == 0
    assert line["outputs"]["response"] == "Unknown."
    assert "NaN" in line["outputs"]["trace"][1]["result"]["error"]


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        (Reply({"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": []}), "no message"),
        (Reply({"error": {"message": "model overloaded"}}), "model overloaded"),
        (Reply("<html><body>502 Bad Gateway</body></html>", content_type="text/html"), "502 Bad Gateway"),
        (Reply('{"choices": [', content_type="application/json"), "not JSON"),
    ],
)
def test_an_answer_that_is_no_chat_completion_is_an_error_that_says_what_came(reply: Reply, problem: str) -> None:
    with chat_server(lambda body: reply) as server:
        [example], _ = run([EXAMPLE], _agent(server.base_url), retries=0)
    error = example.outputs.model_extra["error"]
    assert error["type"] == "AgentError"
    assert "chat completion" in error["message"]
    assert problem in error["message"]


@pytest.mark.parametrize("finish", ["length", "content_filter", "model_length", "error", "abort"])
def test_an_answer_cut_short_is_an_error_not_the_agent_s_answer(finish: str) -> None:
    def cut(body: dict[str, Any]) -> Reply:
        reply = completion("It is 21 degrees in Par")
        assert isinstance(reply.body, dict)
        reply.body["choices"][0]["finish_reason"] = finish
        return reply

    with chat_server(cut) as server:
        [example], _ = run([EXAMPLE], _agent(server.base_url), retries=0)
    assert server.calls == 1
    error = example.outputs.model_extra["error"]
    assert f"finish_reason {finish!r}" in error["message"]
    assert example.outputs.response != "It is 21 degrees in Par"


@pytest.mark.parametrize("finish", [None, "absent", "stop", "eos_token", "end_turn", "eos", "STOP"])
def test_an_answer_that_ends_as_a_completion_or_without_finish_reason_is_the_agent_s_answer(finish: str | None) -> None:
    reply = completion("It is 21 degrees in Paris.")
    assert isinstance(reply.body, dict)
    if finish == "absent":
        del reply.body["choices"][0]["finish_reason"]
    else:
        reply.body["choices"][0]["finish_reason"] = finish
    with chat_server(lambda body: reply) as server:
        outputs = anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert outputs.response == "It is 21 degrees in Paris."


@pytest.mark.parametrize(
    ("message", "problem"),
    [("hi", "no message of a chat completion"), ([], "no message of a chat completion"), ({}, "answered nothing")],
)
def test_a_message_that_is_no_object_or_holds_nothing_is_an_error(message: Any, problem: str) -> None:
    reply = completion("unused")
    assert isinstance(reply.body, dict)
    reply.body["choices"][0]["message"] = message
    with chat_server(lambda body: reply) as server:
        [example], _ = run([EXAMPLE], _agent(server.base_url), retries=0)
    error = example.outputs.model_extra["error"]
    assert error["type"] == "AgentError"
    assert problem in error["message"]


@pytest.mark.parametrize("arguments", ['{"city": "Paris"', "[1, 2]", '"Paris"', " 7"])
def test_tool_arguments_that_are_not_a_json_object_are_named_so_to_the_model(arguments: str) -> None:
    def model(body: dict[str, Any]) -> Reply:
        if any(message["role"] == "tool" for message in body["messages"]):
            return completion("Sorry.")
        return completion(None, tool_calls=[("call_1", "get_weather", arguments)])

    with chat_server(model) as server:
        [example], _ = run([EXAMPLE], _agent(server.base_url), retries=0)
    [_, result] = example.outputs.trace
    assert isinstance(result, ToolResult)
    assert result.result == {"error": f"invalid arguments: not a JSON object: {arguments!r}"}
    [told] = [message for message in server.requests[1]["messages"] if message["role"] == "tool"]
    assert "not a JSON object" in told["content"]


def test_a_connection_closed_halfway_through_the_answer_says_so_and_is_transient() -> None:
    with chat_server(lambda body: Reply(completion("It is 21 degrees.").body, cut=True)) as server:
        [example], _ = run([EXAMPLE], _agent(server.base_url), retries=0)
    error = example.outputs.model_extra["error"]
    assert error["type"] == "APIConnectionError"
    assert error["transient"] is True
    assert "incomplete" in error["message"] or "closed" in error["message"], error["message"]


def _calling(calls: list[dict[str, Any]]) -> Any:
    """A model that makes ``calls`` (raw, as the server writes them), then answers from the results it is sent."""

    def model(body: dict[str, Any]) -> Reply:
        if any(message["role"] == "tool" for message in body["messages"]):
            return completion("It is 21 degrees in Paris.")
        reply = completion(None, tool_calls=[("unused", "get_weather", {})])
        assert isinstance(reply.body, dict)
        reply.body["choices"][0]["message"]["tool_calls"] = calls
        return reply

    return model


PARIS = {"name": "get_weather", "arguments": '{"city": "Paris"}'}


def test_a_tool_call_without_a_type_is_run_and_traced() -> None:
    with chat_server(_calling([{"id": "call_1", "function": PARIS}])) as server:
        outputs = anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert outputs.response == "It is 21 degrees in Paris."
    assert outputs.trace == [
        ToolCall(id="call_1", tool="get_weather", params={"city": "Paris"}),
        ToolResult(id="call_1", result={"city": "Paris", "temperature": 21}),
    ]
    assert server.requests[1]["messages"][1]["tool_calls"][0]["type"] == "function"


@pytest.mark.parametrize("given", [{}, {"id": None}, {"id": ""}])
def test_tool_calls_without_an_id_get_distinct_ids_sent_back_with_their_results(given: dict[str, Any]) -> None:
    rome = {"name": "get_weather", "arguments": '{"city": "Rome"}'}
    calls = [{**given, "type": "function", "function": PARIS}, {**given, "type": "function", "function": rome}]
    with chat_server(_calling(calls)) as server:
        outputs = anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert outputs.response == "It is 21 degrees in Paris."
    call_ids = [event.id for event in outputs.trace if isinstance(event, ToolCall)]
    result_ids = [event.id for event in outputs.trace if isinstance(event, ToolResult)]
    assert len(set(call_ids)) == 2
    assert result_ids == call_ids
    sent = server.requests[1]["messages"]
    assert [call["id"] for call in sent[1]["tool_calls"]] == call_ids
    assert [message["tool_call_id"] for message in sent[2:]] == call_ids


def test_a_tool_call_without_a_name_is_traced_and_answered_as_an_unknown_tool() -> None:
    with chat_server(_calling([{"id": "call_1", "type": "function", "function": {"arguments": "{}"}}])) as server:
        outputs = anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert outputs.trace == [
        ToolCall(id="call_1", tool="", params={}),
        ToolResult(id="call_1", result={"error": "unknown tool ''"}),
    ]


def test_a_tool_call_that_names_no_function_is_an_error_not_an_empty_answer() -> None:
    with chat_server(_calling([{"id": "call_1", "type": "custom", "custom": {"name": "x", "input": "y"}}])) as server:
        [example], _ = run([EXAMPLE], _agent(server.base_url), retries=0)
    error = example.outputs.model_extra["error"]
    assert error["type"] == "AgentError"
    assert "names no function" in error["message"]


@pytest.mark.parametrize(
    ("headers", "wait"),
    [
        ({"Retry-After": "2"}, 2.0),
        ({"retry-after-ms": "1500"}, 1.5),
        ({"Retry-After": "Fri, 01 Jan 2100 00:00:00 GMT"}, 120.0),  # a date far ahead: the longest wait honoured
        ({"Retry-After": "soon"}, None),
    ],
)
def test_a_rate_limit_is_transient_with_the_wait_the_server_asks_for(
    headers: dict[str, str], wait: float | None
) -> None:
    import openai

    limited = Reply({"error": {"message": "slow down"}}, status=429, headers=headers)
    with chat_server(lambda body: limited) as server, pytest.raises(openai.RateLimitError) as raised:
        anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert getattr(raised.value, "transient", False) is True
    assert getattr(raised.value, "retry_after", None) == wait


@pytest.mark.parametrize(
    ("finish", "message"),
    [
        ("tool_calls", {"role": "assistant", "content": ""}),
        ("tool_calls", {"role": "assistant", "content": None, "tool_calls": []}),
        (
            "function_call",
            {"role": "assistant", "content": None, "function_call": {"name": "get_weather", "arguments": "{}"}},
        ),
        ("stop", {"role": "assistant", "content": None, "function_call": {"name": "get_weather", "arguments": "{}"}}),
        ("function_call", {"role": "assistant", "content": "Done."}),
        ("function_call", {"role": "assistant", "content": ""}),
        ("tool_use", {"role": "assistant", "content": "Done."}),
    ],
)
def test_an_answer_asking_for_a_call_it_does_not_hold_is_an_error_never_an_answer_without_calls(
    finish: str, message: dict[str, Any]
) -> None:
    reply = completion("unused")
    assert isinstance(reply.body, dict)
    reply.body["choices"][0].update(message=message, finish_reason=finish)
    with chat_server(lambda body: reply) as server:
        [example], _ = run([EXAMPLE], _agent(server.base_url), retries=0)
    error = example.outputs.model_extra["error"]
    assert error["type"] == "AgentError"
    assert "asks for a tool call" in error["message"]


def test_an_answer_given_as_content_parts_is_the_text_of_its_text_parts() -> None:
    reply = completion("unused")
    assert isinstance(reply.body, dict)
    parts = [
        {"type": "thinking", "thinking": "hmm"},
        {"type": "text", "text": "It is 21 "},
        {"type": "text", "text": "degrees."},
    ]
    reply.body["choices"][0]["message"]["content"] = parts
    with chat_server(lambda body: reply) as server:
        outputs = anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert outputs.response == "It is 21 degrees."


def _with_content(content: Any, refusal: str | None = None) -> Reply:
    reply = completion(None)
    assert isinstance(reply.body, dict)
    reply.body["choices"][0]["message"].update(content=content, refusal=refusal)
    return reply


@pytest.mark.parametrize(
    ("content", "refusal", "response"),
    [
        ([{"type": "refusal", "refusal": "I can't help with that."}], None, "I can't help with that."),
        ([{"type": "text", "text": "Sure: "}, {"type": "refusal", "refusal": "no."}], None, "Sure: \nno."),
        (None, "I can't help with that.", "I can't help with that."),
        ([{"type": "thinking", "thinking": "hmm"}, {"type": "text", "text": "It is 21."}], None, "It is 21."),
    ],
)
def test_a_refusal_is_kept_as_the_agent_s_answer(content: Any, refusal: str | None, response: str) -> None:
    with chat_server(lambda body: _with_content(content, refusal)) as server:
        outputs = anyio.run(lambda: _agent(server.base_url)(INPUTS))
    assert outputs.response == response


@pytest.mark.parametrize(
    "content", [[{"type": "text", "text": "It is"}, {"type": "output_text", "text": " 21."}], [{"text": "21"}], ["21"]]
)
def test_a_content_part_the_runner_cannot_read_is_an_error(content: Any) -> None:
    with chat_server(lambda body: _with_content(content)) as server:
        [example], _ = run([EXAMPLE], _agent(server.base_url), retries=0)
    error = example.outputs.model_extra["error"]
    assert error["type"] == "AgentError"
    assert "content part" in error["message"]


def test_a_key_echoed_by_the_server_is_masked_before_its_answer_is_quoted_and_cut() -> None:
    secret = "gw-Zq8x7Kp2mW9vR4tL6nB3cY5hJ1"
    for pad in range(240, 300, 4):
        echo = {"error": {"message": "m" * pad + " " + secret}}
        call = {"role": "assistant", "content": "m" * pad + " " + secret}
        for reply in (
            Reply(echo),
            Reply(completion(None).body | {"choices": [{"message": call, "finish_reason": "tool_calls"}]}),
        ):
            with chat_server(lambda body, reply=reply: reply) as server:
                agent = ChatCompletionsAgent("m", [get_weather], base_url=server.base_url, api_key=secret)
                [example], _ = run([EXAMPLE], agent, retries=0)
            error = example.outputs.model_extra["error"]
            assert error["type"] == "AgentError"
            assert secret[:6] not in error["message"], pad
