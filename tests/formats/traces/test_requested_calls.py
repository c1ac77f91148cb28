"""The tool calls a trace records, in every source alike: the calls the model requested, the spans that ran them
(tool spans, or plain spans of a known tool's name), and traces that cannot tell whether a call was made."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ._support import evaluate, executed_lines, import_traces, write_benchmark

START = 1_717_228_800_000_000_000  # 2024-06-01T08:00:00Z
QUESTION = "Please close my account."
CLOSE: dict[str, Any] = {
    "inputs": {"messages": [{"role": "user", "content": QUESTION}], "tools": ["lookup"]},
    "expectations": {
        "assertions": [{"assert_that": "no_tool_called"}],
        "extended_assertions": [{"assert_that": "tool_not_called", "tool": "delete_account"}],
    },
}
OPENAI_CALL = {
    "choices": [
        {
            "message": {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "c-7", "type": "function", "function": {"name": "delete_account", "arguments": '{"a": 1}'}}
                ],
            }
        }
    ]
}
ANSWER = {"role": "assistant", "content": "Your account is closed."}


def _mlflow_span(ident: str, kind: str, step: int, parent: str | None, inputs: Any, outputs: Any) -> dict[str, Any]:
    attributes = {
        "mlflow.spanType": json.dumps(kind),
        "mlflow.spanInputs": json.dumps(inputs),
        "mlflow.spanOutputs": json.dumps(outputs),
    }
    return {
        "span_id": ident, "name": ident.split("#")[0], "parent_span_id": parent, "start_time_unix_nano": START + step,
        "end_time_unix_nano": START + step + 1, "status": {"code": "STATUS_CODE_OK"}, "attributes": attributes,
    }  # fmt: skip


def _mlflow(*spans: dict[str, Any]) -> dict[str, Any]:
    root = _mlflow_span("agent", "AGENT", 0, None, {"messages": [{"role": "user", "content": QUESTION}]}, "done")
    return {"info": {"trace_id": "tr-1"}, "data": {"spans": [root, *spans]}}


def _observation(ident: str, kind: str, name: str, second: int, **fields: Any) -> dict[str, Any]:
    return {
        "id": ident, "traceId": "lf-1", "type": kind, "name": name, "parentObservationId": "root",
        "startTime": f"2024-06-01T08:00:0{second}.000Z", "level": "DEFAULT", **fields,
    }  # fmt: skip


def _langfuse(*observations: dict[str, Any]) -> dict[str, Any]:
    root = {**_observation("root", "AGENT", "bot", 0), "parentObservationId": None}
    return {
        "id": "lf-1", "timestamp": "2024-06-01T08:00:00.000Z", "input": [{"role": "user", "content": QUESTION}],
        "observations": [root, *observations],
    }  # fmt: skip


def _otel_span(ident: str, step: int, parent: str | None, **attributes: str) -> dict[str, Any]:
    return {
        "traceId": "aa", "spanId": ident, "name": ident, "startTimeUnixNano": str(START + step),
        **({"parentSpanId": parent} if parent else {}),
        "attributes": [{"key": key.replace("__", "."), "value": {"stringValue": v}} for key, v in attributes.items()],
    }  # fmt: skip


def _otel(*spans: dict[str, Any]) -> dict[str, Any]:
    asked = json.dumps([{"role": "user", "parts": [{"type": "text", "content": QUESTION}]}])
    root = _otel_span("root", 0, None, gen_ai__operation__name="invoke_agent", gen_ai__input__messages=asked)
    return {"resourceSpans": [{"scopeSpans": [{"spans": [root, *spans]}]}]}


def _otel_chat(ident: str, step: int, *parts: dict[str, Any]) -> dict[str, Any]:
    messages = json.dumps([{"role": "assistant", "parts": list(parts)}])
    return _otel_span(ident, step, "root", gen_ai__operation__name="chat", gen_ai__output__messages=messages)


_OTEL_ANSWER = {"type": "text", "content": "Your account is closed."}


def _imported(tmp_path: Path, source: str, trace: dict[str, Any], *extra: str) -> tuple[Any, dict[str, Any]]:
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(trace))
    executed = tmp_path / "executed.jsonl"
    result = import_traces(source, traces, write_benchmark(tmp_path / "bench.jsonl", CLOSE), executed, *extra)
    return result, executed_lines(executed)[0]


def _statuses(tmp_path: Path) -> dict[str, str]:
    """Each assertion's outcome after ``mb eval``: passed, failed or error."""
    _, rows = evaluate(tmp_path / "executed.jsonl", tmp_path)
    status = {(False, False): "failed", (True, False): "passed"}
    return {
        a["assert_that"]: "error" if a["error"] else status[a["passed"], a["undecided"]] for a in rows[0]["assertions"]
    }


def test_a_call_the_model_requested_and_a_plain_span_ran_is_one_call_with_its_result(tmp_path: Path) -> None:
    trace = _mlflow(
        _mlflow_span("chat#1", "CHAT_MODEL", 1, "agent", {"messages": []}, OPENAI_CALL),
        _mlflow_span("delete_account", "UNKNOWN", 2, "agent", {"a": 1}, {"deleted": True}),
        _mlflow_span("chat#2", "CHAT_MODEL", 3, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]}),
    )
    result, line = _imported(tmp_path, "mlflow", trace)
    assert result.exit_code == 0, result.output
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "c-7", "tool": "delete_account", "params": {"a": 1}},
        {"event": "tool_result", "id": "c-7", "result": {"deleted": True}},
    ]
    assert _statuses(tmp_path) == {"no_tool_called": "failed", "tool_not_called": "failed"}


def test_a_requested_call_with_no_execution_is_still_a_call(tmp_path: Path) -> None:
    trace = _langfuse(
        _observation("g1", "GENERATION", "chat", 1, output=OPENAI_CALL["choices"][0]["message"]),  # type: ignore[index]
        _observation("g2", "GENERATION", "chat", 2, output=ANSWER),
    )
    result, line = _imported(tmp_path, "langfuse", trace)
    assert result.exit_code == 0, result.output
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "c-7", "tool": "delete_account", "params": {"a": 1}}
    ]
    assert _statuses(tmp_path) == {"no_tool_called": "failed", "tool_not_called": "failed"}


def test_a_tool_span_gives_the_result_of_the_requested_call_of_its_id_or_else_of_its_name(tmp_path: Path) -> None:
    execute = {"gen_ai__operation__name": "execute_tool", "gen_ai__tool__name": "delete_account"}
    trace = _otel(
        _otel_chat("c1", 1, {"type": "tool_call", "id": "k1", "name": "delete_account", "arguments": {"user": "x"}},
                   {"type": "tool_call", "name": "delete_account", "arguments": {"user": "y"}}),
        _otel_span("t1", 2, "root", **execute, gen_ai__tool__call__id="k1", gen_ai__tool__call__result="gone x"),
        _otel_span("t2", 3, "root", **execute, gen_ai__tool__call__result="gone y"),
        _otel_chat("c2", 4, _OTEL_ANSWER),
    )  # fmt: skip
    result, line = _imported(tmp_path, "otel", trace)
    assert result.exit_code == 0, result.output
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "k1", "tool": "delete_account", "params": {"user": "x"}},
        {"event": "tool_call", "id": "span_c1_2", "tool": "delete_account", "params": {"user": "y"}},
        {"event": "tool_result", "id": "k1", "result": "gone x"},
        {"event": "tool_result", "id": "span_c1_2", "result": "gone y"},
    ]


def test_the_same_request_recorded_by_two_chat_spans_is_one_call(tmp_path: Path) -> None:
    trace = _mlflow(
        _mlflow_span("chain", "CHAT_MODEL", 1, "agent", {"messages": []}, OPENAI_CALL),
        _mlflow_span("client", "CHAT_MODEL", 2, "chain", {"messages": []}, OPENAI_CALL),
        _mlflow_span("chat#2", "CHAT_MODEL", 3, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]}),
    )
    _, line = _imported(tmp_path, "mlflow", trace)
    assert [event["id"] for event in line["outputs"]["trace"]] == ["c-7"]


def test_a_plain_span_named_after_a_tool_of_the_example_is_a_call(tmp_path: Path) -> None:
    trace = _langfuse(
        _observation("s1", "SPAN", "lookup", 1, input={"q": "me"}, output="found"),
        _observation("g1", "GENERATION", "chat", 2, output=ANSWER),
    )
    _, line = _imported(tmp_path, "langfuse", trace)
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "span_s1", "tool": "lookup", "params": {"q": "me"}},
        {"event": "tool_result", "id": "span_s1", "result": "found"},
    ]


def test_a_plain_span_that_may_be_a_call_leaves_the_line_without_a_trace(tmp_path: Path) -> None:
    trace = _otel(
        _otel_span("delete_account", 1, "root", code__function="delete_account"), _otel_chat("c2", 2, _OTEL_ANSWER)
    )
    result, line = _imported(tmp_path, "otel", trace)
    assert result.exit_code == 0, result.output
    assert "trace" not in line["outputs"]
    assert "spans not read as calls that may be tool calls" in result.output
    assert "span(s) 'delete_account' (benchmark line 1)" in result.output
    assert _statuses(tmp_path) == {"no_tool_called": "error", "tool_not_called": "error"}


def test_a_trace_with_no_plain_leaf_span_still_says_no_call_was_made(tmp_path: Path) -> None:
    trace = _mlflow(
        _mlflow_span("step", "UNKNOWN", 1, "agent", {}, {}),  # a function that called the model: not a tool
        _mlflow_span("chat", "CHAT_MODEL", 2, "step", {"messages": []}, {"choices": [{"message": ANSWER}]}),
    )
    result, line = _imported(tmp_path, "mlflow", trace)
    assert line["outputs"]["trace"] == []
    assert "may be tool calls" not in result.output
    assert _statuses(tmp_path) == {"no_tool_called": "passed", "tool_not_called": "passed"}


def test_a_langfuse_trace_with_a_root_observation_twice_is_refused_as_the_other_sources_refuse_it(
    tmp_path: Path,
) -> None:
    trace = _langfuse(_observation("g1", "GENERATION", "chat", 1, output=ANSWER))
    trace["observations"].append(trace["observations"][0])
    result, line = _imported(tmp_path, "langfuse", trace, "--match-by", "last-user-message")
    assert result.exit_code == 1
    assert "more than one root span" in result.output
    assert line["outputs"]["error"]["type"] == "TraceNotConverted"


def test_the_user_time_is_read_in_the_time_zone_given(tmp_path: Path) -> None:
    trace = _mlflow(
        _mlflow_span("chat", "CHAT_MODEL", 1, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]})
    )
    result, line = _imported(tmp_path, "mlflow", trace, "--user-timezone", "America/New_York")
    assert result.exit_code == 0, result.output
    assert line["outputs"]["environment"]["user_time"] == "2024-06-01T04:00:00-04:00"
    assert line["outputs"]["environment"]["time_zone"] == "America/New_York"  # its rules beyond that offset
    for name in ("Mars/X", "localtime", "EST"):  # a place's name only, as outputs.environment.time_zone takes
        result = import_traces(
            "mlflow", tmp_path / "traces.json", tmp_path / "bench.jsonl", tmp_path / "o.jsonl", "--user-timezone", name
        )
        assert result.exit_code == 2
        assert f"{name!r} is no place of the tz database" in result.output
        assert not (tmp_path / "o.jsonl").exists()


def test_openinference_tool_calls_of_a_model_are_calls(tmp_path: Path) -> None:
    called = "llm__output_messages__0__message__tool_calls__0__tool_call__"
    chat = _otel_span(
        "c1", 1, "root", openinference__span__kind="LLM", **{f"{called}id": "k9", f"{called}function__name": "lookup"}
    )
    answer = _otel_span(
        "c2", 2, "root", openinference__span__kind="LLM", llm__output_messages__0__message__content="ok"
    )
    _, line = _imported(tmp_path, "otel", _otel(chat, answer))
    assert line["outputs"]["trace"] == [{"event": "tool_call", "id": "k9", "tool": "lookup", "params": {}}]


def test_a_call_mlflow_records_in_the_chat_messages_of_a_framework_span_is_a_call(tmp_path: Path) -> None:
    framework_output = {"generations": [[{"text": "", "type": "ChatGeneration"}]]}  # no calls in a known shape
    chat = _mlflow_span("chat", "CHAT_MODEL", 1, "agent", {"messages": []}, framework_output)
    asked = [{"role": "user", "content": QUESTION}, OPENAI_CALL["choices"][0]["message"]]  # type: ignore[index]
    chat["attributes"]["mlflow.chat.messages"] = json.dumps(asked)
    answer = _mlflow_span("chat#2", "CHAT_MODEL", 2, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]})
    _, line = _imported(tmp_path, "mlflow", _mlflow(chat, answer))
    assert [event["tool"] for event in line["outputs"]["trace"]] == ["delete_account"]


def test_a_langchain_message_requesting_a_call_in_both_its_forms_is_one_call(tmp_path: Path) -> None:
    message = {
        "role": "assistant", "content": "",
        "tool_calls": [{"name": "delete_account", "args": {"a": 1}, "id": "c-7", "type": "tool_call"}],
        "additional_kwargs": {"tool_calls": OPENAI_CALL["choices"][0]["message"]["tool_calls"]},  # type: ignore[index]
    }  # fmt: skip
    trace = _langfuse(
        _observation("g1", "GENERATION", "chat", 1, output=message),
        _observation("g2", "GENERATION", "chat", 2, output=ANSWER),
    )
    _, line = _imported(tmp_path, "langfuse", trace)
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "c-7", "tool": "delete_account", "params": {"a": 1}}
    ]


def test_a_span_at_the_top_of_a_langfuse_trace_document_is_a_plain_span_too(tmp_path: Path) -> None:
    top = {**_observation("s1", "SPAN", "lookup", 1, output="found"), "parentObservationId": None}  # under the trace
    _, line = _imported(
        tmp_path, "langfuse", _langfuse(top, _observation("g1", "GENERATION", "chat", 2, output=ANSWER))
    )
    assert [event["event"] for event in line["outputs"]["trace"]] == ["tool_call", "tool_result"]


def test_an_answer_nested_deeper_than_any_call_is_read_without_running_out_of_stack(tmp_path: Path) -> None:
    deep: Any = "ok"
    for _ in range(600):
        deep = {"output": deep}
    result, line = _imported(tmp_path, "langfuse", _langfuse(_observation("g1", "GENERATION", "chat", 1, output=deep)))
    assert result.exit_code == 0, result.output
    assert line["outputs"]["trace"] == []


_EXECUTE = {"gen_ai__operation__name": "execute_tool", "gen_ai__tool__name": "delete_account"}


def test_a_plain_span_around_the_tool_span_that_ran_the_call_is_no_second_call(tmp_path: Path) -> None:
    mlflow = _mlflow(
        _mlflow_span("lookup", "UNKNOWN", 1, "agent", {"q": "me"}, "found"),
        _mlflow_span("lookup#tool", "TOOL", 2, "lookup", {"q": "me"}, "found"),
        _mlflow_span("chat", "CHAT_MODEL", 3, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]}),
    )
    langfuse = _langfuse(
        _observation("s1", "SPAN", "lookup", 1, input={"q": "me"}, output="found"),
        {**_observation("t1", "TOOL", "lookup", 2, input={"q": "me"}, output="found"), "parentObservationId": "s1"},
        _observation("g1", "GENERATION", "chat", 3, output=ANSWER),
    )
    for source, trace, tool_span in (("mlflow", mlflow, "lookup#tool"), ("langfuse", langfuse, "t1")):
        folder = tmp_path / source
        folder.mkdir()
        result, line = _imported(folder, source, trace)
        assert result.exit_code == 0, result.output
        assert line["outputs"]["trace"] == [
            {"event": "tool_call", "id": f"span_{tool_span}", "tool": "lookup", "params": {"q": "me"}},
            {"event": "tool_result", "id": f"span_{tool_span}", "result": "found"},
        ]


def test_a_requested_call_run_by_a_tool_span_inside_a_plain_span_of_its_name_gets_the_tool_spans_result(
    tmp_path: Path,
) -> None:
    trace = _otel(
        _otel_chat("c1", 1, {"type": "tool_call", "id": "k1", "name": "delete_account", "arguments": {"user": "x"}}),
        _otel_span("delete_account", 2, "root"),
        _otel_span("t1", 3, "delete_account", **_EXECUTE, gen_ai__tool__call__id="k1", gen_ai__tool__call__result="ok"),
        _otel_chat("c2", 4, _OTEL_ANSWER),
    )
    result, line = _imported(tmp_path, "otel", trace)
    assert result.exit_code == 0, result.output
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "k1", "tool": "delete_account", "params": {"user": "x"}},
        {"event": "tool_result", "id": "k1", "result": "ok"},
    ]


def test_a_plain_span_of_a_tools_name_with_other_spans_inside_is_still_a_call(tmp_path: Path) -> None:
    trace = _otel(
        _otel_span("lookup", 1, "root"),
        _otel_span("http", 2, "lookup", http__method="GET"),
        _otel_chat("c2", 3, _OTEL_ANSWER),
    )
    _, line = _imported(tmp_path, "otel", trace)
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "span_lookup", "tool": "lookup", "params": {}},
        {"event": "tool_result", "id": "span_lookup", "result": None},
    ]


def _turn(ident: str | None, user: int) -> dict[str, Any]:
    call = {"type": "function", "function": {"name": "lookup", "arguments": json.dumps({"user": user})}}
    message = {"role": "assistant", "content": None, "tool_calls": [{**call, **({"id": ident} if ident else {})}]}
    return {"choices": [{"message": message}]}


FIRST_TURN = {"messages": [{"role": "user", "content": QUESTION}]}
LATER_TURN = {"messages": [{"role": "user", "content": QUESTION}, {"role": "tool", "content": "found"}]}


def test_calls_of_separate_turns_that_reuse_an_id_are_separate_calls_with_distinct_ids(tmp_path: Path) -> None:
    trace = _mlflow(
        _mlflow_span("chat#1", "CHAT_MODEL", 1, "agent", FIRST_TURN, _turn("call_0", 1)),
        _mlflow_span("chat#2", "CHAT_MODEL", 2, "agent", LATER_TURN, _turn("call_0", 1)),
        _mlflow_span("chat#3", "CHAT_MODEL", 3, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]}),
    )
    result, line = _imported(tmp_path, "mlflow", trace)
    assert result.exit_code == 0, result.output
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "call_0", "tool": "lookup", "params": {"user": 1}},
        {"event": "tool_call", "id": "call_0#2", "tool": "lookup", "params": {"user": 1}},
    ]
    _statuses(tmp_path)  # `mb validate --executed` accepts the ids


def test_a_reused_id_takes_the_result_of_the_tool_span_that_ran_after_its_own_turn(tmp_path: Path) -> None:
    execute = {**_EXECUTE, "gen_ai__tool__name": "lookup", "gen_ai__tool__call__id": "call_0"}
    trace = _otel(
        _otel_chat("c1", 1, {"type": "tool_call", "id": "call_0", "name": "lookup", "arguments": {"user": 1}}),
        _otel_chat("c2", 2, {"type": "tool_call", "id": "call_0", "name": "lookup", "arguments": {"user": 2}}),
        _otel_span("t2", 3, "root", **execute, gen_ai__tool__call__result="found 2"),
        _otel_chat("c3", 4, _OTEL_ANSWER),
    )
    _, line = _imported(tmp_path, "otel", trace)
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "call_0", "tool": "lookup", "params": {"user": 1}},
        {"event": "tool_call", "id": "call_0#2", "tool": "lookup", "params": {"user": 2}},
        {"event": "tool_result", "id": "call_0#2", "result": "found 2"},
    ]


def test_a_request_without_an_id_recorded_by_a_chain_and_its_client_is_one_call(tmp_path: Path) -> None:
    trace = _mlflow(
        _mlflow_span("chain", "CHAT_MODEL", 1, "agent", FIRST_TURN, _turn(None, 1)),
        _mlflow_span("client", "CHAT_MODEL", 2, "chain", FIRST_TURN, _turn(None, 1)),
        _mlflow_span("chat#2", "CHAT_MODEL", 3, "agent", LATER_TURN, _turn(None, 1)),  # a later turn asks again
        _mlflow_span("chat#3", "CHAT_MODEL", 4, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]}),
    )
    _, line = _imported(tmp_path, "mlflow", trace)
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "span_chain_1", "tool": "lookup", "params": {"user": 1}},
        {"event": "tool_call", "id": "span_chat#2_1", "tool": "lookup", "params": {"user": 1}},
    ]


def test_plain_spans_of_one_tools_name_inside_each_other_are_one_call(tmp_path: Path) -> None:
    trace = _langfuse(
        _observation("s1", "SPAN", "lookup", 1, input={"q": "me"}, output="found"),
        {**_observation("s2", "SPAN", "lookup", 2, input={"q": "me"}, output="found"), "parentObservationId": "s1"},
        _observation("g1", "GENERATION", "chat", 3, output=ANSWER),
    )
    _, line = _imported(tmp_path, "langfuse", trace)
    assert [(event["event"], event["id"]) for event in line["outputs"]["trace"]] == [
        ("tool_call", "span_s2"),
        ("tool_result", "span_s2"),
    ]


def test_a_span_not_read_as_a_call_named_like_a_tool_the_line_names_leaves_the_line_without_a_trace(
    tmp_path: Path,
) -> None:
    answer = {"choices": [{"message": ANSWER}]}
    traces = {
        "langfuse agent-as-tool": ("langfuse", _langfuse(
            _observation("s1", "SPAN", "delete_account", 1),
            {**_observation("g0", "GENERATION", "chat", 2, output=ANSWER), "parentObservationId": "s1"},
            _observation("g1", "GENERATION", "chat", 3, output=ANSWER),
        )),
        "mlflow unknown with a child": ("mlflow", _mlflow(
            _mlflow_span("delete_account", "UNKNOWN", 1, "agent", {}, {}),
            _mlflow_span("chat", "CHAT_MODEL", 2, "delete_account", {"messages": []}, answer),
        )),
        "mlflow chain": ("mlflow", _mlflow(
            _mlflow_span("Delete-Account", "CHAIN", 1, "agent", {}, {}),
            _mlflow_span("chat", "CHAT_MODEL", 2, "agent", {"messages": []}, answer),
        )),
        "otel openinference agent": ("otel", _otel(
            _otel_span("delete_account", 1, "root", openinference__span__kind="AGENT"),
            _otel_chat("c2", 2, _OTEL_ANSWER),
        )),
        "otel client": ("otel", _otel(
            {**_otel_span("delete_account", 1, "root"), "kind": "SPAN_KIND_CLIENT"}, _otel_chat("c2", 2, _OTEL_ANSWER)
        )),
        "plain span beside a tool span": ("langfuse", _langfuse(
            _observation("t1", "TOOL", "lookup", 1, input={"q": "me"}, output="found"),
            _observation("s1", "SPAN", "delete_account", 2),
            _observation("g1", "GENERATION", "chat", 3, output=ANSWER),
        )),
    }  # fmt: skip
    _assert_imported_without_trace(tmp_path, traces)


def _request(ident: str, tool: str) -> dict[str, Any]:
    call = {"id": ident, "type": "function", "function": {"name": tool, "arguments": "{}"}}
    return {"role": "assistant", "content": None, "tool_calls": [call]}


def test_a_tool_span_running_another_tool_than_the_request_of_its_id_is_a_call_of_its_own(tmp_path: Path) -> None:
    trace = _langfuse(
        _observation("g1", "GENERATION", "chat", 1, output=_request("call_1", "lookup")),
        _observation("t1", "TOOL", "delete_account", 2, input={}, output="gone", metadata={"tool_call_id": "call_1"}),
        _observation("g2", "GENERATION", "chat", 3, output=ANSWER),
    )
    result, line = _imported(tmp_path, "langfuse", trace)
    assert result.exit_code == 0, result.output
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "call_1", "tool": "lookup", "params": {}},
        {"event": "tool_call", "id": "call_1#2", "tool": "delete_account", "params": {}},
        {"event": "tool_result", "id": "call_1#2", "result": "gone"},
    ]
    assert _statuses(tmp_path) == {"no_tool_called": "failed", "tool_not_called": "failed"}


def test_a_chat_span_inside_another_requesting_another_tool_under_the_same_id_is_another_call(
    tmp_path: Path,
) -> None:
    outer, inner = ({"choices": [{"message": _request("c1", tool)}]} for tool in ("lookup", "delete_account"))
    trace = _mlflow(
        _mlflow_span("chain", "CHAT_MODEL", 1, "agent", {"messages": []}, outer),
        _mlflow_span("client", "CHAT_MODEL", 2, "chain", {"messages": []}, inner),
        _mlflow_span("chat#2", "CHAT_MODEL", 3, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]}),
    )
    _, line = _imported(tmp_path, "mlflow", trace)
    assert [(event["id"], event["tool"]) for event in line["outputs"]["trace"]] == [
        ("c1", "lookup"),
        ("c1#2", "delete_account"),
    ]
    assert _statuses(tmp_path) == {"no_tool_called": "failed", "tool_not_called": "failed"}


def test_a_legacy_function_call_and_the_calls_of_every_choice_are_requests(tmp_path: Path) -> None:
    legacy = {
        "role": "assistant",
        "content": None,
        "function_call": {"name": "delete_account", "arguments": '{"a": 1}'},
    }
    langfuse = _langfuse(
        _observation("g1", "GENERATION", "chat", 1, output=legacy),
        _observation("g2", "GENERATION", "chat", 2, output=ANSWER),
    )
    mlflow = _mlflow(
        _mlflow_span("chat", "CHAT_MODEL", 1, "agent", {"messages": []}, {"choices": [{"message": legacy}]}),
        _mlflow_span("second", "CHAT_MODEL", 2, "agent", {"messages": []},
                     {"choices": [{"message": ANSWER}, {"message": _request("c2", "delete_account")}]}),
        _mlflow_span("chat#2", "CHAT_MODEL", 3, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]}),
    )  # fmt: skip
    expected = {
        "langfuse": [{"event": "tool_call", "id": "span_g1_1", "tool": "delete_account", "params": {"a": 1}}],
        "mlflow": [
            {"event": "tool_call", "id": "span_chat_1", "tool": "delete_account", "params": {"a": 1}},
            {"event": "tool_call", "id": "c2", "tool": "delete_account", "params": {}},
        ],
    }
    for source, trace in (("langfuse", langfuse), ("mlflow", mlflow)):
        folder = tmp_path / source
        folder.mkdir()
        result, line = _imported(folder, source, trace)
        assert result.exit_code == 0, result.output
        assert line["outputs"]["trace"] == expected[source]
        assert _statuses(folder) == {"no_tool_called": "failed", "tool_not_called": "failed"}


def test_the_calls_of_both_records_of_a_chat_span_are_read_and_one_call_in_both_counts_once(tmp_path: Path) -> None:
    asked = {"choices": [{"message": _request("c1", "lookup")}]}
    chat = _mlflow_span("chat", "CHAT_MODEL", 1, "agent", {"messages": []}, asked)
    both = _request("c1", "lookup")
    both["tool_calls"] += _request("c2", "delete_account")["tool_calls"]
    chat["attributes"]["mlflow.chat.messages"] = json.dumps([both])
    answer = _mlflow_span("chat#2", "CHAT_MODEL", 2, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]})
    called = "llm__output_messages__0__message__tool_calls__0__tool_call__"
    parts = [{"type": "tool_call", "id": "c1", "name": "lookup", "arguments": {}}]
    otel_chat = {**_otel_chat("c1", 1, *parts)}
    otel_chat["attributes"] = [*otel_chat["attributes"], *(
        {"key": key.replace("__", "."), "value": {"stringValue": value}}
        for key, value in {f"{called}id": "c2", f"{called}function__name": "delete_account"}.items()
    )]  # fmt: skip
    for source, trace in (
        ("mlflow", _mlflow(chat, answer)),
        ("otel", _otel(otel_chat, _otel_chat("c2", 2, _OTEL_ANSWER))),
    ):
        folder = tmp_path / source
        folder.mkdir()
        _, line = _imported(folder, source, trace)
        assert [(event["id"], event["tool"]) for event in line["outputs"]["trace"]] == [
            ("c1", "lookup"),
            ("c2", "delete_account"),
        ]
        assert _statuses(folder) == {"no_tool_called": "failed", "tool_not_called": "failed"}


def test_a_tool_span_named_like_a_tool_the_line_names_but_recorded_as_another_leaves_the_line_without_a_trace(
    tmp_path: Path,
) -> None:
    otel = _otel(
        _otel_span("delete_account", 1, "root", gen_ai__operation__name="execute_tool", gen_ai__tool__name="lookup"),
        _otel_chat("c2", 2, _OTEL_ANSWER),
    )
    langfuse = _langfuse(
        _observation("t1", "TOOL", "delete_account", 1, input={}, output="gone", metadata={"tool_name": "lookup"}),
        _observation("g1", "GENERATION", "chat", 2, output=ANSWER),
    )
    for source, trace in (("otel", otel), ("langfuse", langfuse)):
        folder = tmp_path / source
        folder.mkdir()
        result, line = _imported(folder, source, trace)
        assert "trace" not in line["outputs"], source
        assert "span(s) 'delete_account'" in result.output
        assert _statuses(folder) == {"no_tool_called": "error", "tool_not_called": "error"}


def test_a_tool_span_recorded_before_the_request_it_ran_is_one_call(tmp_path: Path) -> None:
    trace = _langfuse(
        _observation("t1", "TOOL", "lookup", 1, input={"q": "me"}, output="found", metadata={"tool_call_id": "c1"}),
        _observation("g1", "GENERATION", "chat", 1, output=_request("c1", "lookup")),
        _observation("g2", "GENERATION", "chat", 2, output=ANSWER),
    )
    _, line = _imported(tmp_path, "langfuse", trace)
    assert line["outputs"]["trace"] == [
        {"event": "tool_call", "id": "c1", "tool": "lookup", "params": {"q": "me"}},
        {"event": "tool_result", "id": "c1", "result": "found"},
    ]


def test_a_model_or_retriever_span_named_like_a_tool_the_line_names_leaves_the_line_without_a_trace(
    tmp_path: Path,
) -> None:
    answer = {"choices": [{"message": ANSWER}]}
    documents = [{"id": "d1", "page_content": "account closed", "metadata": {}}]
    traces = {
        "langfuse generation": ("langfuse", _langfuse(
            _observation("g0", "GENERATION", "delete_account", 1, output={"role": "assistant", "content": "gone"}),
            _observation("g1", "GENERATION", "chat", 2, output=ANSWER),
        )),
        "mlflow retriever": ("mlflow", _mlflow(
            _mlflow_span("DeleteAccount", "RETRIEVER", 1, "agent", {"user": "me"}, documents),
            _mlflow_span("chat", "CHAT_MODEL", 2, "agent", {"messages": []}, answer),
        )),
        "mlflow chat model": ("mlflow", _mlflow(
            _mlflow_span("delete_account", "LLM", 1, "agent", {"messages": []}, "gone"),
            _mlflow_span("chat", "CHAT_MODEL", 2, "agent", {"messages": []}, answer),
        )),
        "openinference retriever": ("otel", _otel(
            _otel_span("delete_account", 1, "root", openinference__span__kind="RETRIEVER"),
            _otel_chat("c2", 2, _OTEL_ANSWER),
        )),
    }  # fmt: skip
    _assert_imported_without_trace(tmp_path, traces, naming="delete")


def test_a_retriever_span_that_ran_a_requested_call_or_runs_inside_its_tool_span_keeps_the_trace(
    tmp_path: Path,
) -> None:
    documents = [{"id": "d1", "page_content": "account closed", "metadata": {}}]
    answer = {"choices": [{"message": ANSWER}]}
    traces = {
        "requested": _mlflow(
            _mlflow_span("chat#1", "CHAT_MODEL", 1, "agent", {"messages": []}, OPENAI_CALL),
            _mlflow_span("delete_account", "RETRIEVER", 2, "agent", {"a": 1}, documents),
            _mlflow_span("chat#2", "CHAT_MODEL", 3, "agent", {"messages": []}, answer),
        ),
        "inside its tool span": _mlflow(
            _mlflow_span("delete_account#tool", "TOOL", 1, "agent", {"a": 1}, "gone"),
            _mlflow_span("delete_account", "RETRIEVER", 2, "delete_account#tool", {"a": 1}, documents),
            _mlflow_span("chat#2", "CHAT_MODEL", 3, "agent", {"messages": []}, answer),
        ),
    }
    for case, trace in traces.items():
        folder = tmp_path / case.replace(" ", "_")
        folder.mkdir()
        result, line = _imported(folder, "mlflow", trace)
        assert "may be tool calls" not in result.output, case
        events = line["outputs"]["trace"]
        assert [e["tool"] for e in events if e["event"] == "tool_call"] == ["delete_account"], case
        assert events[-1] == {"event": "retriever", "outputs": [{"id": "d1", "page_content": "account closed"}]}
        assert _statuses(folder) == {"no_tool_called": "failed", "tool_not_called": "failed"}, case


def test_one_call_asked_for_by_two_chat_spans_side_by_side_is_no_trace_unless_a_run_or_conversation_tells_turns(
    tmp_path: Path,
) -> None:
    asked = {"choices": [{"message": _request("c1", "delete_account")}]}
    answer = _mlflow_span("chat#3", "CHAT_MODEL", 4, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]})
    ran = _mlflow_span("delete_account", "TOOL", 2, "agent", {}, "gone")
    ran["attributes"]["gen_ai.tool.call.id"] = json.dumps("c1")
    cases = {  # (the two chat spans' conversations, a tool span ran the first request between them): ids
        "same conversation": ((FIRST_TURN, FIRST_TURN), False, None),  # a retry, or only the last message recorded
        "same conversation, langfuse": ((FIRST_TURN, FIRST_TURN), False, None),
        "same conversation, run between": ((FIRST_TURN, FIRST_TURN), True, ["c1", "c1#2"]),  # a second model call
        "later conversation": ((FIRST_TURN, LATER_TURN), False, ["c1", "c1#2"]),
        "no conversation, run between": (({"messages": []}, {"messages": []}), True, ["c1", "c1#2"]),
        "no conversation": (({"messages": []}, {"messages": []}), False, None),
    }
    for case, ((first, then), run_between, ids) in cases.items():
        folder = tmp_path / case.replace(" ", "_").replace(",", "")
        folder.mkdir()
        trace: dict[str, Any] = _mlflow(
            _mlflow_span("chat#1", "CHAT_MODEL", 1, "agent", first, asked),
            *([ran] if run_between else []),
            _mlflow_span("chat#2", "CHAT_MODEL", 3, "agent", then, asked),
            answer,
        )
        source = "mlflow"
        if "langfuse" in case:
            source, trace = (
                "langfuse",
                _langfuse(
                    _observation("g1", "GENERATION", "chat", 1, input=first["messages"], output=asked),
                    _observation("g2", "GENERATION", "chat", 2, input=then["messages"], output=asked),
                    _observation("g3", "GENERATION", "chat", 3, output=ANSWER),
                ),
            )
        result, line = _imported(folder, source, trace)
        assert result.exit_code == 0, (case, result.output)
        if ids is None:
            assert "trace" not in line["outputs"], case
            assert "span(s) 'chat (asks for delete_account as chat did)'" in result.output, (case, result.output)
            assert _statuses(folder) == {"no_tool_called": "error", "tool_not_called": "error"}, case
        else:
            calls = [event["id"] for event in line["outputs"]["trace"] if event["event"] == "tool_call"]
            assert calls == ids, case


def test_a_tool_span_starting_at_once_with_a_later_request_of_its_tool_one_of_them_without_an_id_is_no_trace(
    tmp_path: Path,
) -> None:
    """A clock tick (a millisecond in Langfuse) may hold the request's run or a call and the next request."""
    legacy = {"role": "assistant", "content": None, "function_call": {"name": "delete_account", "arguments": "{}"}}
    cases = {  # (the tool span's id, its start, the request): the calls, None for no trace
        "request without an id": ({"tool_call_id": "k1"}, 1, legacy, None),
        "tool span without an id": ({}, 1, {"choices": [{"message": _request("k1", "delete_account")}]}, None),
        "tool span before": ({"tool_call_id": "k1"}, 0, legacy, ["k1", "span_g1_1"]),
    }
    for case, (metadata, second, asked, calls) in cases.items():
        folder = tmp_path / case.replace(" ", "_")
        folder.mkdir()
        trace = _langfuse(
            _observation("t1", "TOOL", "delete_account", second, input={}, output="gone", metadata=metadata),
            _observation("g1", "GENERATION", "chat", 1, input=LATER_TURN["messages"], output=asked),
            _observation("g2", "GENERATION", "chat", 2, output=ANSWER),
        )
        result, line = _imported(folder, "langfuse", trace)
        if calls is None:
            assert "trace" not in line["outputs"], case
            assert "delete_account (starts as chat asks for delete_account)" in result.output, (case, result.output)
            assert _statuses(folder) == {"no_tool_called": "error", "tool_not_called": "error"}, case
        else:
            assert [e["id"] for e in line["outputs"]["trace"] if e["event"] == "tool_call"] == calls, case


def test_a_tool_span_pairs_with_a_request_without_an_id_only_when_both_name_one_tool(tmp_path: Path) -> None:
    """Tools of one name in two namespaces are two tools, as assertions read them; a namespace in front of one name
    is the same tool."""
    cases = {  # (requested, ran): the calls
        "namespaces": ("billing.delete_record", "crm.delete_record", ["billing.delete_record", "crm.delete_record"]),
        "mcp servers": ("mcp__billing__delete", "mcp__crm__delete", ["mcp__billing__delete", "mcp__crm__delete"]),
        "one namespaced": ("functions.delete_record", "delete_record", ["functions.delete_record"]),
    }
    for case, (requested, ran, calls) in cases.items():
        folder = tmp_path / case.replace(" ", "_")
        folder.mkdir()
        asked = {"role": "assistant", "content": None, "function_call": {"name": requested, "arguments": "{}"}}
        trace = _langfuse(
            _observation("g1", "GENERATION", "chat", 1, input=FIRST_TURN["messages"], output=asked),
            _observation("t1", "TOOL", ran, 2, input={}, output="gone"),
            _observation("g2", "GENERATION", "chat", 3, output=ANSWER),
        )
        benchmark = write_benchmark(folder / "bench.jsonl", {
            "inputs": {"messages": [{"role": "user", "content": QUESTION}]},
            "expectations": {"extended_assertions": [{"assert_that": "tool_not_called", "tool": ran}]},
        })  # fmt: skip
        traces = folder / "traces.json"
        traces.write_text(json.dumps(trace))
        result = import_traces("langfuse", traces, benchmark, folder / "executed.jsonl")
        assert result.exit_code == 0, (case, result.output)
        events = executed_lines(folder / "executed.jsonl")[0]["outputs"]["trace"]
        assert [e["tool"] for e in events if e["event"] == "tool_call"] == calls, case
        assert events[-1] == {
            "event": "tool_result",
            "id": "span_t1" if len(calls) == 2 else "span_g1_1",
            "result": "gone",
        }
        assert _statuses(folder) == {"tool_not_called": "failed"}, case


@pytest.mark.parametrize(
    ("ids", "span_id", "ran"),
    [
        ((None, None), None, None),  # two namespaces of its name asked for: which one ran is not known
        (("c1", "c2"), None, None),
        (("c1", "c2"), "c2", "c2"),  # its id says which
        ((None, None), "c9", None),
    ],
)
def test_a_bare_tool_span_runs_a_namespaced_request_only_when_one_tool_may_be_it(
    tmp_path: Path, ids: tuple[str | None, str | None], span_id: str | None, ran: str | None
) -> None:
    """A span ``search`` after requests of ``crm.search`` and ``web.search``: the result of one of them, but which
    one is known only from its call id; otherwise the line has no trace, and checks of the calls are errors."""
    requested = [
        {**({"id": ident} if ident else {}), "type": "function", "function": {"name": name, "arguments": "{}"}}
        for ident, name in zip(ids, ("crm.search", "web.search"), strict=True)
    ]
    metadata = {"tool_call_id": span_id} if span_id else {}
    trace = _langfuse(
        _observation("g1", "GENERATION", "chat", 1, output={"role": "assistant", "tool_calls": requested}),
        _observation("t1", "TOOL", "search", 2, input={}, output="found", metadata=metadata),
        _observation("g2", "GENERATION", "chat", 3, output=ANSWER),
    )
    result, line = _imported(tmp_path, "langfuse", trace)
    assert result.exit_code == 0, result.output
    if ran is None:
        assert "trace" not in line["outputs"]
        assert "search (may run crm.search or web.search)" in result.output
    else:
        assert [e["id"] for e in line["outputs"]["trace"] if e["event"] == "tool_result"] == [ran]


def test_a_retriever_named_as_a_requested_tool_is_its_run_only_when_no_tool_span_may_run_it(tmp_path: Path) -> None:
    """A tool span carrying the request's id runs it; one without an id after the retriever may: no trace, unless
    the retriever runs inside it."""
    documents = [{"id": "d1", "page_content": "account closed"}]
    counted = {"assert_that": "tool_call_count", "tool": "delete_account", "min": 2}
    expectations = CLOSE["expectations"]
    benchmark = {**CLOSE, "expectations": {
        **expectations, "extended_assertions": [*expectations["extended_assertions"], counted],
    }}  # fmt: skip
    legacy = {"role": "assistant", "content": None, "function_call": {"name": "delete_account", "arguments": "{}"}}
    cases = {  # (the request, the tool span's metadata, the retriever's parent): the events, None for no trace
        "tool span of the id": (_request("c1", "delete_account"), {"tool_call_id": "c1"}, "t1", ["c1", None, "c1"]),
        "no ids, inside": (legacy, {}, "t1", ["span_g1_1", None, "span_g1_1"]),
        "no ids, beside": (legacy, {}, None, None),
    }
    for case, (asked, metadata, parent, ids) in cases.items():
        folder = tmp_path / case.replace(" ", "_").replace(",", "")
        folder.mkdir()
        trace = _langfuse(
            _observation("g1", "GENERATION", "chat", 1, output={"choices": [{"message": asked}]}),
            _observation(
                "r1", "RETRIEVER", "delete_account", 2, input={}, output=documents, parentObservationId=parent
            ),
            _observation("t1", "TOOL", "delete_account", 2, input={}, output="gone", metadata=metadata),
            _observation("g2", "GENERATION", "chat", 3, output=ANSWER),
        )
        traces = folder / "traces.json"
        traces.write_text(json.dumps(trace))
        result = import_traces(
            "langfuse", traces, write_benchmark(folder / "bench.jsonl", benchmark), folder / "executed.jsonl"
        )
        assert result.exit_code == 0, (case, result.output)
        outputs = executed_lines(folder / "executed.jsonl")[0]["outputs"]
        statuses = _statuses(folder)
        if ids is None:
            assert "trace" not in outputs, case
            assert statuses["no_tool_called"] == statuses["tool_not_called"] == "error", case
            assert statuses["tool_call_count"] != "passed", case
        else:
            assert [e.get("id") for e in outputs["trace"]] == ids, case
            assert statuses == {"no_tool_called": "failed", "tool_not_called": "failed", "tool_call_count": "failed"}


def test_an_execute_tool_span_named_for_another_tool_than_it_records_leaves_the_line_without_a_trace(
    tmp_path: Path,
) -> None:
    span = _otel_span("t1", 1, "root", gen_ai__operation__name="execute_tool", gen_ai__tool__name="lookup")
    result, line = _imported(
        tmp_path, "otel", _otel({**span, "name": "execute_tool delete_account"}, _otel_chat("c2", 2, _OTEL_ANSWER))
    )
    assert "trace" not in line["outputs"]
    assert "span(s) 'delete_account'" in result.output
    assert _statuses(tmp_path) == {"no_tool_called": "error", "tool_not_called": "error"}


def test_two_alike_requests_without_ids_in_one_answer_are_two_calls(tmp_path: Path) -> None:
    call = {"type": "function", "function": {"name": "lookup", "arguments": "{}"}}
    message = {"role": "assistant", "content": None, "tool_calls": [call, call]}
    trace = _langfuse(
        _observation("g1", "GENERATION", "chat", 1, input=FIRST_TURN["messages"], output=message),
        _observation("g2", "GENERATION", "chat", 2, output=ANSWER),
    )
    _, line = _imported(tmp_path, "langfuse", trace)
    assert [e["id"] for e in line["outputs"]["trace"]] == ["span_g1_1", "span_g1_2"]


def test_calls_requested_in_gemini_bedrock_and_langchain_answers_are_calls_with_their_ids_and_arguments(
    tmp_path: Path,
) -> None:
    gemini_part = {"functionCall": {"id": "g-1", "name": "delete_account", "args": {"a": 1}}}
    answers = {  # a chat span's output: the call's id, None when the answer gives none
        "gemini": ({"candidates": [{"content": {"role": "model", "parts": [gemini_part]}}]}, "g-1"),
        "gemini without id": (
            {"candidates": [{"content": {"parts": [{"functionCall": {"name": "delete_account", "args": {"a": 1}}}]}}]},
            None,
        ),
        "bedrock": (
            {
                "output": {"message": {"role": "assistant", "content": [
                    {"text": "Closing it."},
                    {"toolUse": {"toolUseId": "tu-1", "name": "delete_account", "input": {"a": 1}}},
                ]}},
                "stopReason": "tool_use",
            },
            "tu-1",
        ),
        "langchain": (
            {"generations": [[{"text": "", "message": {"lc": 1, "type": "constructor", "kwargs": {
                "content": "", "tool_calls": [{"name": "delete_account", "args": {"a": 1}, "id": "lc-1"}],
            }}}]]},
            "lc-1",
        ),
        "responses api": (
            {"output": [{"type": "function_call", "id": "fc_1", "call_id": "r-1", "name": "delete_account",
                         "arguments": '{"a": 1}'}]},
            "r-1",
        ),
    }  # fmt: skip
    for case, (answer, ident) in answers.items():
        folder = tmp_path / case.replace(" ", "_")
        folder.mkdir()
        trace = _mlflow(
            _mlflow_span("chat#1", "CHAT_MODEL", 1, "agent", {"messages": []}, answer),
            _mlflow_span("chat#2", "CHAT_MODEL", 3, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]}),
        )
        result, line = _imported(folder, "mlflow", trace)
        assert result.exit_code == 0, (case, result.output)
        assert line["outputs"]["trace"] == [
            {"event": "tool_call", "id": ident or "span_chat#1_1", "tool": "delete_account", "params": {"a": 1}}
        ], case
        assert _statuses(folder) == {"no_tool_called": "failed", "tool_not_called": "failed"}, case


def _assert_imported_without_trace(tmp_path: Path, traces: dict[str, Any], naming: str = "") -> None:
    """Each ``case: (source, trace)`` imports as a line without a trace, with a warning (naming ``naming``), so the
    no-call checks are errors."""
    for case, (source, trace) in traces.items():
        folder = tmp_path / case.replace(" ", "_")
        folder.mkdir()
        result, line = _imported(folder, source, trace)
        assert result.exit_code == 0, (case, result.output)
        assert "trace" not in line["outputs"], case
        assert "may be tool calls" in result.output, case
        assert naming in result.output.lower(), case
        assert _statuses(folder) == {"no_tool_called": "error", "tool_not_called": "error"}, case


def _looped(source: str) -> dict[str, Any]:
    """A trace whose spans ``a`` and ``b`` are each other's parent, ``b`` a plain leaf span but for the loop."""
    if source == "mlflow":
        chat = _mlflow_span("chat", "CHAT_MODEL", 3, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]})
        return _mlflow(
            _mlflow_span("a", "UNKNOWN", 1, "b", {}, None), _mlflow_span("b", "UNKNOWN", 2, "a", {}, None), chat
        )
    if source == "langfuse":
        return _langfuse({**_observation("a", "SPAN", "a", 1), "parentObservationId": "b"},
                         {**_observation("b", "SPAN", "b", 2), "parentObservationId": "a"},
                         _observation("g1", "GENERATION", "chat", 3, output=ANSWER))  # fmt: skip
    answer = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": ANSWER["content"]}]}])
    chat = _otel_span("chat", 3, "root", gen_ai__operation__name="chat", gen_ai__output__messages=answer)
    return _otel(_otel_span("a", 1, "b"), _otel_span("b", 2, "a"), chat)


def _at(source: str, start: str) -> dict[str, Any]:
    """A trace that starts at ``start`` (nanoseconds since 1970, or a Langfuse timestamp)."""
    if source == "langfuse":
        return {**_langfuse(_observation("g1", "GENERATION", "chat", 1, output=ANSWER)), "timestamp": start}
    answer = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": ANSWER["content"]}]}])
    trace = _otel(_otel_span("chat", 3, "root", gen_ai__operation__name="chat", gen_ai__output__messages=answer))
    trace["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["startTimeUnixNano"] = start
    return trace


@pytest.mark.parametrize(
    ("source", "trace", "message"),
    [
        ("otel", _looped("otel"), "span a is its own ancestor"),
        ("mlflow", _looped("mlflow"), "span a is its own ancestor"),
        ("langfuse", _looped("langfuse"), "span a is its own ancestor"),
        ("otel", _at("otel", "9" * 27), "the start time (999999999999999999999999999 ns after 1970) is out of range"),
        ("langfuse", _at("langfuse", "0001-01-01T00:00:00+14:00"), "is out of range"),
    ],
)
def test_a_trace_that_cannot_be_read_as_a_run_is_an_error_of_its_line(
    tmp_path: Path, source: str, trace: dict[str, Any], message: str
) -> None:
    """Parent ids in a loop (no span of it under the root) or a start no date holds: the line is an error naming the
    trace, never a run without its calls."""
    result, line = _imported(tmp_path, source, trace)
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert message in line["outputs"]["error"]["message"]


def test_a_tool_name_or_call_id_recorded_as_another_json_type_is_read_as_text(tmp_path: Path) -> None:
    name = {"arrayValue": {"values": [{"stringValue": "delete_account"}]}}
    span = _otel_span("t1", 2, "root", gen_ai__operation__name="execute_tool")
    span["attributes"] += [{"key": "gen_ai.tool.name", "value": name},
                           {"key": "gen_ai.tool.call.id", "value": {"intValue": "7"}}]  # fmt: skip
    answer = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": ANSWER["content"]}]}])
    trace = _otel(span, _otel_span("chat", 3, "root", gen_ai__operation__name="chat", gen_ai__output__messages=answer))
    result, line = _imported(tmp_path, "otel", trace)
    assert result.exit_code == 0, result.output
    assert line["outputs"]["trace"][0] == {"event": "tool_call", "id": "7", "tool": "['delete_account']", "params": {}}
    assert _statuses(tmp_path) == {"no_tool_called": "failed", "tool_not_called": "failed"}


@pytest.mark.parametrize(
    "asked",
    [
        {"role": "assistant", "tool_calls": [{"id": "c-1", "type": "function", "function": {"arguments": "{}"}}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "tu-1", "input": {}}]},
        [{"role": "assistant", "parts": [{"type": "tool_call", "id": "c-1", "arguments": {"a": 1}}]}],
    ],
    ids=["openai", "anthropic", "genai"],
)
def test_a_request_that_names_no_tool_leaves_the_line_without_a_trace(tmp_path: Path, asked: Any) -> None:
    """The model asked for a call, of a tool not recorded: no check that no call was made can pass."""
    trace = _langfuse(
        _observation("g1", "GENERATION", "chat", 1, input=FIRST_TURN["messages"], output=asked),
        _observation("g2", "GENERATION", "chat", 2, output=ANSWER),
    )
    result, line = _imported(tmp_path, "langfuse", trace)
    assert result.exit_code == 0, result.output
    assert "trace" not in line["outputs"]
    assert "chat (asks for a call that names no tool)" in result.output
    assert _statuses(tmp_path) == {"no_tool_called": "error", "tool_not_called": "error"}


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ({"attributes": [["mlflow.spanType", "TOOL"]]}, "data.spans[1] cannot be read: a value of another JSON type"),
        ({"start_time_unix_nano": True}, "span 'chat' has no start_time_unix_nano"),  # true is no time
    ],
)
def test_an_mlflow_span_of_values_of_other_types_is_an_error_of_its_line(
    tmp_path: Path, edit: dict[str, Any], message: str
) -> None:
    chat = _mlflow_span("chat", "CHAT_MODEL", 1, "agent", {"messages": []}, {"choices": [{"message": ANSWER}]})
    result, line = _imported(tmp_path, "mlflow", _mlflow({**chat, **edit}))
    assert result.exit_code == 1, result.output
    assert message in line["outputs"]["error"]["message"]


def _ended_with_an_error(source: str, where: str) -> dict[str, Any]:
    """A run that answered, then failed: its last chat call (``chat``) or its root span (``root``) ended with an
    error."""
    if source == "mlflow":
        failed = {"status": {"code": "STATUS_CODE_ERROR", "message": "rate limited"}}
        last = _mlflow_span("chat#2", "CHAT_MODEL", 2, "agent", {"messages": []}, None)
        trace = _mlflow(_mlflow_span("chat#1", "CHAT_MODEL", 1, "agent", {}, {"choices": [{"message": ANSWER}]}))
        spans = trace["data"]["spans"]
        spans[0] |= failed if where == "root" else {}
        spans += [last | failed] if where == "chat" else []
        spans[0]["attributes"]["mlflow.spanOutputs"] = "null"  # the root recorded no answer
        return trace
    if source == "langfuse":
        failed = {"level": "ERROR", "statusMessage": "rate limited"}
        trace = _langfuse(_observation("g1", "GENERATION", "chat", 1, output=ANSWER))
        trace["observations"][0] |= failed if where == "root" else {}
        trace["observations"] += [_observation("g2", "GENERATION", "chat", 2, **failed)] if where == "chat" else []
        return trace
    answer = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": ANSWER["content"]}]}])
    failed = {"status": {"code": 2, "message": "rate limited"}}
    trace = _otel(_otel_span("chat1", 1, "root", gen_ai__operation__name="chat", gen_ai__output__messages=answer))
    spans = trace["resourceSpans"][0]["scopeSpans"][0]["spans"]
    spans[0] |= failed if where == "root" else {}
    spans += [_otel_span("chat2", 2, "root", gen_ai__operation__name="chat") | failed] if where == "chat" else []
    return trace


@pytest.mark.parametrize("source", ["otel", "mlflow", "langfuse"])
@pytest.mark.parametrize(("where", "message"), [("chat", "the last chat call"), ("root", "the root span")])
def test_a_run_that_ended_with_an_error_is_an_error_of_its_line_not_an_earlier_answer(
    tmp_path: Path, source: str, where: str, message: str
) -> None:
    result, line = _imported(tmp_path, source, _ended_with_an_error(source, where))
    assert result.exit_code == 1, result.output
    assert f"{message} ended with an error: rate limited" in line["outputs"]["error"]["message"]


def test_a_genai_tool_span_without_its_tool_name_attribute_is_named_by_its_span_name(tmp_path: Path) -> None:
    """GenAI names the span ``execute_tool NAME``: without ``gen_ai.tool.name`` that name is the tool's."""
    span = {
        **_otel_span("t1", 2, "root", gen_ai__operation__name="execute_tool"),
        "name": "execute_tool delete_account",
    }
    answer = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": ANSWER["content"]}]}])
    trace = _otel(span, _otel_span("chat", 3, "root", gen_ai__operation__name="chat", gen_ai__output__messages=answer))
    result, line = _imported(tmp_path, "otel", trace)
    assert result.exit_code == 0, result.output
    assert [e["tool"] for e in line["outputs"]["trace"] if e["event"] == "tool_call"] == ["delete_account"]
    assert _statuses(tmp_path) == {"no_tool_called": "failed", "tool_not_called": "failed"}


@pytest.mark.parametrize("failed", ["tool", "chat", "guardrail"])
def test_a_failed_step_at_the_top_of_a_langfuse_trace_document_is_no_error_of_the_run(
    tmp_path: Path, failed: str
) -> None:
    """Older Langfuse SDKs record every observation at the top of the trace: a step that failed and was retried, or a
    guardrail that failed and let the run go on, is one step among others, not the run's end."""
    error = {"level": "ERROR", "statusMessage": "TimeoutError: upstream timed out"}
    asked = {"role": "assistant", "tool_calls": [{"id": "c-1", "type": "function", "function": {"name": "lookup"}}]}
    steps = {
        "tool": [_observation("t1", "TOOL", "lookup", 2, **error)],
        "chat": [_observation("g0", "GENERATION", "chat", 2, **error)],
        "guardrail": [_observation("s1", "SPAN", "moderation", 2, **error)],
    }[failed]
    trace = _langfuse(
        _observation("g1", "GENERATION", "chat", 1, input=FIRST_TURN["messages"], output=asked),
        *steps,
        _observation("g2", "GENERATION", "chat", 3, output=ANSWER),
    )
    trace["observations"] = [{**o, "parentObservationId": None} for o in trace["observations"][1:]]
    result, line = _imported(tmp_path, "langfuse", trace)
    assert result.exit_code == 0, result.output
    assert line["outputs"]["response"] == ANSWER["content"]


def _root_answered(source: str, trace: dict[str, Any], answer: str) -> dict[str, Any]:
    """The trace, its root span recording the run's answer."""
    if source == "mlflow":
        trace["data"]["spans"][0]["attributes"]["mlflow.spanOutputs"] = json.dumps(answer)
    elif source == "langfuse":
        trace["output"] = {"role": "assistant", "content": answer}
    else:
        said = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": answer}]}])
        trace["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["attributes"] += [
            {"key": "gen_ai.output.messages", "value": {"stringValue": said}}
        ]
    return trace


@pytest.mark.parametrize("source", ["otel", "mlflow", "langfuse"])
def test_a_chat_call_that_failed_after_the_answer_the_root_recorded_leaves_that_answer(
    tmp_path: Path, source: str
) -> None:
    """A summary call rate limited after the answer, or an agent that caught the failure and apologised: the root's
    answer is the one the user got, evaluated as any other."""
    apology = "Sorry, I could not close your account."
    result, line = _imported(tmp_path, source, _root_answered(source, _ended_with_an_error(source, "chat"), apology))
    assert result.exit_code == 0, result.output
    assert line["outputs"]["response"] == apology


@pytest.mark.parametrize("source", ["otel", "mlflow"])
@pytest.mark.parametrize("error", ["GeneratorExit", "CancelledError", "asyncio.exceptions.CancelledError: cancelled"])
def test_a_root_span_whose_stream_was_closed_after_its_recorded_answer_is_no_error(
    tmp_path: Path, source: str, error: str
) -> None:
    trace = _root_answered(source, _ended_with_an_error(source, "root"), ANSWER["content"])
    spans = trace["data"]["spans"] if source == "mlflow" else trace["resourceSpans"][0]["scopeSpans"][0]["spans"]
    spans[0]["status"]["message"] = error
    result, line = _imported(tmp_path, source, trace)
    assert result.exit_code == 0, result.output
    assert line["outputs"]["response"] == ANSWER["content"]


def test_a_chat_call_whose_stream_was_closed_after_its_answer_gives_that_answer(tmp_path: Path) -> None:
    """OpenTelemetry marks a span whose generator was closed by its consumer (``GeneratorExit``) as an error."""
    chat = _otel_chat("chat", 1, _OTEL_ANSWER) | {"status": {"code": 2, "message": "GeneratorExit"}}
    result, line = _imported(tmp_path, "otel", _otel(chat))
    assert result.exit_code == 0, result.output
    assert line["outputs"]["response"] == ANSWER["content"]


def test_an_empty_legacy_function_call_beside_an_answer_is_no_request(tmp_path: Path) -> None:
    """Older clients write ``function_call: {"name": null, "arguments": ""}`` in every message: it asks for nothing."""
    placeholder = {**ANSWER, "function_call": {"name": None, "arguments": ""}}
    trace = _mlflow(_mlflow_span("chat", "CHAT_MODEL", 1, "agent", FIRST_TURN, {"choices": [{"message": placeholder}]}))
    result, line = _imported(tmp_path, "mlflow", trace)
    assert result.exit_code == 0, result.output
    assert line["outputs"]["trace"] == []
    assert _statuses(tmp_path) == {"no_tool_called": "passed", "tool_not_called": "passed"}


@pytest.mark.parametrize(
    ("asked", "ran", "paired"),
    [
        (
            ["Paris", "Paris weather"],
            ["Paris", "Paris weather"],
            [("crm.search", "Paris"), ("web.search", "Paris weather")],
        ),
        (
            ["Paris", "Paris weather"],
            ["Paris weather", "Paris"],
            [("web.search", "Paris weather"), ("crm.search", "Paris")],
        ),
        (["Paris", "Paris"], ["Paris", "Paris"], None),  # the arguments tell nothing
        (["Paris", "Paris weather"], ["Lyon", "Paris weather"], None),  # the first span's arguments are no request's
    ],
)
def test_bare_tool_spans_run_namespaced_requests_their_arguments_tell_apart(
    tmp_path: Path, asked: list[str], ran: list[str], paired: list[tuple[str, str]] | None
) -> None:
    """Two spans ``search`` without call ids after one answer requesting ``crm.search`` and ``web.search``: a span
    whose arguments are those of one request only ran that request."""
    requested = [
        {"type": "function", "function": {"name": name, "arguments": json.dumps({"q": q})}}
        for name, q in zip(("crm.search", "web.search"), asked, strict=True)
    ]
    trace = _langfuse(
        _observation("g1", "GENERATION", "chat", 1, output={"role": "assistant", "tool_calls": requested}),
        *(_observation(f"t{n}", "TOOL", "search", 2 + n, input={"q": q}, output=q) for n, q in enumerate(ran)),
        _observation("g2", "GENERATION", "chat", 4, output=ANSWER),
    )
    result, line = _imported(tmp_path, "langfuse", trace)
    assert result.exit_code == 0, result.output
    if paired is None:
        assert "trace" not in line["outputs"]
        assert "search (may run crm.search or web.search)" in result.output
    else:
        events = line["outputs"]["trace"]
        tools = {e["id"]: e["tool"] for e in events if e["event"] == "tool_call"}
        assert [(tools[e["id"]], e["result"]) for e in events if e["event"] == "tool_result"] == paired


def test_a_deep_chain_of_tool_spans_imports_each_call_once(tmp_path: Path) -> None:
    """Each tool span the parent of the next, thousands deep, inside a plain span of the tool's name: every span is
    one call with its result, in order, and the plain span around them is none."""
    depth = 3_000
    chain = [
        _otel_span(f"t{i}", i + 2, f"t{i - 1}" if i else "lookup", gen_ai__operation__name="execute_tool",
                   gen_ai__tool__name="lookup", gen_ai__tool__call__id=f"c{i}", gen_ai__tool__call__result=f"r{i}")
        for i in range(depth)
    ]  # fmt: skip
    answer = json.dumps([{"role": "assistant", "parts": [_OTEL_ANSWER]}])
    chat = _otel_span(
        "chat", depth + 2, f"t{depth - 1}", gen_ai__operation__name="chat", gen_ai__output__messages=answer
    )
    result, line = _imported(tmp_path, "otel", _otel(_otel_span("lookup", 1, "root"), *chain, chat))
    assert result.exit_code == 0, result.output
    expected = [
        event
        for i in range(depth)
        for event in (
            {"event": "tool_call", "id": f"c{i}", "tool": "lookup", "params": {}},
            {"event": "tool_result", "id": f"c{i}", "result": f"r{i}"},
        )
    ]
    assert line["outputs"]["trace"] == expected
    assert line["outputs"]["response"] == "Your account is closed."
