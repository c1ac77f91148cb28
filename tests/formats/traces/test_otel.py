"""OpenTelemetry import: spans recorded by the OpenTelemetry SDK, encoded by its OTLP exporter, read back."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("opentelemetry.sdk")
pytest.importorskip("opentelemetry.exporter.otlp.proto.common")

from google.protobuf.json_format import MessageToDict
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import Status, StatusCode

from mb.formats.traces import SourceTrace, TraceError, build_outputs, read_otel

from ._support import CAPITAL, WEATHER, evaluate, executed_lines, hash_of, import_traces, write_benchmark

START = 1_717_228_800_000_000_000  # 2024-06-01T08:00:00Z
SECOND = 1_000_000_000


@pytest.fixture
def recorded() -> Iterator[tuple[Any, InMemorySpanExporter]]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    yield provider.get_tracer("agent"), exporter
    provider.shutdown()


def _otlp_json(exporter: InMemorySpanExporter) -> dict[str, Any]:
    """The OTLP/JSON encoding of the finished spans: protobuf JSON with hex trace and span ids."""
    document = MessageToDict(encode_spans(exporter.get_finished_spans()), use_integers_for_enums=True)
    for resource in document["resourceSpans"]:
        for scope in resource["scopeSpans"]:
            for span in scope["spans"]:
                for key in ("traceId", "spanId", "parentSpanId"):
                    if key in span:
                        span[key] = base64.b64decode(span[key]).hex()
    return document


def _genai_run(tracer: Any, question: str, marker: str | None, *, start: int = START, fail: bool = False) -> None:
    """A tool-using agent run as the GenAI semantic conventions describe it."""
    with tracer.start_as_current_span("invoke_agent weather_bot", start_time=start) as root:
        root.set_attribute("gen_ai.operation.name", "invoke_agent")
        if marker is not None:
            root.set_attribute("mb.example_hash", marker)
        asked = json.dumps([{"role": "user", "parts": [{"type": "text", "content": question}]}])
        with tracer.start_as_current_span("chat gpt-4o", start_time=start + SECOND) as chat:
            chat.set_attribute("gen_ai.operation.name", "chat")
            chat.set_attribute("gen_ai.input.messages", asked)
            chat.set_attribute("gen_ai.usage.input_tokens", 40)
            chat.set_attribute("gen_ai.usage.output_tokens", 12)
        with tracer.start_as_current_span("execute_tool weather", start_time=start + 2 * SECOND) as tool:
            tool.set_attribute("gen_ai.operation.name", "execute_tool")
            tool.set_attribute("gen_ai.tool.name", "weather")
            tool.set_attribute("gen_ai.tool.call.id", "call_w1")
            tool.set_attribute("gen_ai.tool.call.arguments", json.dumps({"city": "Paris", "day": "2024-06-02"}))
            if fail:
                tool.record_exception(TimeoutError("weather service timed out"))
                tool.set_status(Status(StatusCode.ERROR, "weather service timed out"))
            else:
                tool.set_attribute("gen_ai.tool.call.result", json.dumps({"forecast": "sunny", "high": 24}))
        with tracer.start_as_current_span("chat gpt-4o", start_time=start + 3 * SECOND) as chat:
            chat.set_attribute("gen_ai.operation.name", "chat")
            chat.set_attribute("gen_ai.input.messages", asked)
            answer = [{"role": "assistant", "parts": [{"type": "text", "content": "Sunny, 24°C."}]}]
            chat.set_attribute("gen_ai.output.messages", json.dumps(answer))
            chat.set_attribute("gen_ai.usage.input_tokens", 60)
            chat.set_attribute("gen_ai.usage.output_tokens", 8)


def _openinference_run(tracer: Any, question: str) -> None:
    """A RAG agent run as OpenInference instrumentations record it (no tool-call ids)."""
    with tracer.start_as_current_span("agent", start_time=START) as root:
        root.set_attribute("openinference.span.kind", "AGENT")
        root.set_attribute("input.value", question)
        root.set_attribute("output.value", "Paris is the capital of France.")
        with tracer.start_as_current_span("retrieve", start_time=START + SECOND) as retriever:
            retriever.set_attribute("openinference.span.kind", "RETRIEVER")
            retriever.set_attribute("retrieval.documents.0.document.id", "fr-1")
            retriever.set_attribute("retrieval.documents.0.document.content", "Paris is the capital of France.")
            retriever.set_attribute("retrieval.documents.1.document.content", "France is in Europe.")
        with tracer.start_as_current_span("llm", start_time=START + 2 * SECOND) as llm:
            llm.set_attribute("openinference.span.kind", "LLM")
            llm.set_attribute("llm.input_messages.0.message.role", "user")
            llm.set_attribute("llm.input_messages.0.message.content", question)
            llm.set_attribute("llm.output_messages.0.message.role", "assistant")
            llm.set_attribute("llm.output_messages.0.message.content", "Paris is the capital of France.")
            llm.set_attribute("llm.token_count.prompt", 30)
            llm.set_attribute("llm.token_count.completion", 7)


def test_genai_spans_become_the_trace_response_usage_and_user_time(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _genai_run(tracer, "What is the weather in Paris tomorrow?", "h1")
    path = tmp_path / "traces.json"
    path.write_text(json.dumps(_otlp_json(exporter)))
    (trace,) = read_otel(path)
    assert trace.example_hash == "h1"
    outputs = build_outputs(trace).model_dump(mode="json", exclude_none=True)
    assert outputs["trace"] == [
        {"event": "tool_call", "id": "call_w1", "tool": "weather", "params": {"city": "Paris", "day": "2024-06-02"}},
        {"event": "tool_result", "id": "call_w1", "result": {"forecast": "sunny", "high": 24}},
    ]
    assert outputs["response"] == "Sunny, 24°C."
    assert outputs["environment"]["user_time"] == "2024-06-01T08:00:00Z"
    assert outputs["usage"] == {"input_tokens": 100, "output_tokens": 20, "total_tokens": 120}


def test_a_failed_tool_span_records_the_exception_as_its_result(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _genai_run(tracer, "What is the weather in Paris tomorrow?", "h1", fail=True)
    path = tmp_path / "traces.json"
    path.write_text(json.dumps(_otlp_json(exporter)))
    outputs = build_outputs(read_otel(path)[0])
    assert outputs.trace[1].model_dump()["result"] == {"error": "TimeoutError: weather service timed out"}


def test_openinference_retriever_and_tool_spans(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _openinference_run(tracer, "What is the capital of France?")
    with tracer.start_as_current_span("lookup", start_time=START + 5 * SECOND) as tool:
        tool.set_attribute("openinference.span.kind", "TOOL")
        tool.set_attribute("tool.name", "lookup")
        tool.set_attribute("input.value", '{"term": "France"}')
        tool.set_attribute("output.value", "a country")
    path = tmp_path / "traces.jsonl"  # the OTLP JSON-lines file: one export per line
    spans = exporter.get_finished_spans()
    exports = [MessageToDict(encode_spans([span]), use_integers_for_enums=True) for span in spans]
    for export in exports:
        for resource in export["resourceSpans"]:
            for scope in resource["scopeSpans"]:
                for span in scope["spans"]:
                    for key in ("traceId", "spanId", "parentSpanId"):
                        if key in span:
                            span[key] = base64.b64decode(span[key]).hex()
    path.write_text("".join(json.dumps(export) + "\n" for export in exports))
    traces = read_otel(path)
    assert len(traces) == 2  # the lookup span is the root of its own trace
    rag = next(t for t in traces if t.last_user_message() == "What is the capital of France?")
    outputs = build_outputs(rag).model_dump(mode="json", exclude_none=True)
    chunks = outputs["trace"][0]["outputs"]
    assert next(c["id"] for c in chunks) == "fr-1"
    assert chunks[1]["id"].startswith("doc_")
    assert chunks[1]["page_content"] == "France is in Europe."
    assert outputs["response"] == "Paris is the capital of France."
    assert outputs["usage"]["total_tokens"] == 37
    lookup = next(t for t in traces if t is not rag)
    lookup.response = "France is a country."
    events = build_outputs(lookup).model_dump(mode="json")["trace"]
    assert events[0]["id"] == events[1]["id"]
    assert events[0]["id"].startswith("span_")
    assert events[0]["params"] == {"term": "France"}
    assert events[1]["result"] == "a country"
    assert build_outputs(lookup).trace[0].model_dump()["id"] == events[0]["id"]  # deterministic


def _weather_and_capital_runs(tracer: Any) -> None:
    """Two runs marked with their examples' hashes: the weather one with a tool call, the capital one a bare answer."""
    _genai_run(tracer, "What is the weather in Paris tomorrow?", hash_of(WEATHER))
    with tracer.start_as_current_span("invoke_agent", start_time=START) as root:
        root.set_attribute("mb.example_hash", hash_of(CAPITAL))
        with tracer.start_as_current_span("chat", start_time=START + SECOND) as chat:
            chat.set_attribute("gen_ai.operation.name", "chat")
            chat.set_attribute("gen_ai.output.messages", json.dumps([{"role": "assistant", "content": "Paris."}]))


def test_import_by_hash_round_trips_into_eval(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _weather_and_capital_runs(tracer)
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(_otlp_json(exporter)))
    benchmark = write_benchmark(tmp_path / "bench.jsonl", WEATHER, CAPITAL)
    executed = tmp_path / "executed.jsonl"
    result = import_traces("otel", traces, benchmark, executed)
    assert result.exit_code == 0, result.output
    lines = executed_lines(executed)
    assert [line["inputs"] for line in lines] == [WEATHER["inputs"], CAPITAL["inputs"]]
    assert [line["example_hash"] for line in lines] == [hash_of(WEATHER), hash_of(CAPITAL)]
    run, rows = evaluate(executed, tmp_path)
    assert run.exit_code == 0, run.output
    assert [row["status"] for row in rows] == ["passed", "passed"]


def test_a_wrong_argument_in_the_trace_fails_the_assertion(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _genai_run(tracer, "What is the weather in Paris tomorrow?", hash_of(WEATHER), start=START + 86_400 * SECOND)
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(_otlp_json(exporter)))
    executed = tmp_path / "executed.jsonl"
    result = import_traces("otel", traces, write_benchmark(tmp_path / "b.jsonl", WEATHER), executed)
    assert result.exit_code == 0, result.output
    _, rows = evaluate(executed, tmp_path)  # user_time a day later: "tomorrow" is no longer 2024-06-02
    assert rows[0]["status"] == "failed"


def test_match_by_last_user_message_reports_unmatched(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _genai_run(tracer, "What is the weather in Paris tomorrow?", None)
    _genai_run(tracer, "Something nobody asked", None)
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(_otlp_json(exporter)))
    benchmark = write_benchmark(tmp_path / "bench.jsonl", WEATHER, CAPITAL)
    executed = tmp_path / "executed.jsonl"
    result = import_traces("otel", traces, benchmark, executed, "--match-by", "last-user-message")
    assert result.exit_code == 1
    assert "1 trace(s) match no example" in result.output
    assert f"{benchmark}:2" in result.output
    lines = executed_lines(executed)
    assert [line["inputs"] for line in lines] == [WEATHER["inputs"], CAPITAL["inputs"]]
    assert lines[1]["outputs"]["error"]["type"] == "TraceMissing"  # an error for `mb eval`, not a missing line


def test_traces_without_hashes_are_paired_by_their_last_user_message_by_default(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _genai_run(tracer, "What is the weather in Paris tomorrow?", None)  # an agent not run by mb run: no hash
    _genai_run(tracer, "Something nobody asked", hash_of(CAPITAL), start=START + SECOND)  # a hash wins over words
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(_otlp_json(exporter)))
    benchmark = write_benchmark(tmp_path / "bench.jsonl", WEATHER, CAPITAL)
    executed = tmp_path / "executed.jsonl"
    result = import_traces("otel", traces, benchmark, executed)
    assert result.exit_code == 0, result.output
    assert "imported 2 executed example(s)" in result.output
    assert [line["inputs"] for line in executed_lines(executed)] == [WEATHER["inputs"], CAPITAL["inputs"]]


def test_ambiguous_matches_are_refused(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _genai_run(tracer, "What is the weather in Paris tomorrow?", hash_of(WEATHER))
    _genai_run(tracer, "What is the weather in Paris tomorrow?", hash_of(WEATHER), start=START + SECOND)
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(_otlp_json(exporter)))
    executed = tmp_path / "executed.jsonl"
    result = import_traces("otel", traces, write_benchmark(tmp_path / "b.jsonl", WEATHER), executed)
    assert result.exit_code == 2
    assert "ambiguous" in result.output
    assert "2 traces name it" in result.output
    assert not executed.exists() or executed.read_text() == ""


def test_invalid_traces_are_per_trace_errors(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _genai_run(tracer, "What is the weather in Paris tomorrow?", hash_of(WEATHER))
    with tracer.start_as_current_span("invoke_agent", start_time=START) as root:  # no answer anywhere
        root.set_attribute("mb.example_hash", hash_of(CAPITAL))
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(_otlp_json(exporter)))
    benchmark = write_benchmark(tmp_path / "bench.jsonl", WEATHER, CAPITAL)
    executed = tmp_path / "executed.jsonl"
    result = import_traces("otel", traces, benchmark, executed)
    assert result.exit_code == 1
    assert "no final assistant message" in result.output
    assert "benchmark line 2" in result.output
    assert "Traceback" not in result.output
    lines = executed_lines(executed)
    assert "error" not in lines[0]["outputs"]
    assert "no final assistant message" in lines[1]["outputs"]["error"]["message"]


@pytest.mark.parametrize(
    ("content", "message"),
    [("{not json\n", "not JSON"), ('{"spans": []}', "not an OTLP JSON export")],
)
def test_unreadable_files_exit_2_with_the_reason(tmp_path: Path, content: str, message: str) -> None:
    traces = tmp_path / "traces.json"
    traces.write_text(content)
    result = import_traces("otel", traces, write_benchmark(tmp_path / "b.jsonl", WEATHER), tmp_path / "o.jsonl")
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("source", "document"),
    [
        ("otel", {"resourceSpans": [{"scopeSpans": [{"spans": ["not a span"]}]}]}),
        ("otel", {"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "ab", "startTimeUnixNano": "soon"}]}]}]}),
        ("mlflow", {"info": {"trace_id": "tr-1"}, "data": {"spans": [7]}}),
        ("langfuse", {"id": "t", "timestamp": 5, "observations": {"not": "a list"}, "input": 3}),
    ],
)
def test_wrongly_typed_values_are_clear_errors(tmp_path: Path, source: str, document: Any) -> None:
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(document))
    result = import_traces(source, traces, write_benchmark(tmp_path / "b.jsonl", WEATHER), tmp_path / "o.jsonl")
    assert result.exit_code in (1, 2)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert str(traces) in result.output


def test_a_message_shared_by_two_examples_is_ambiguous(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _genai_run(tracer, "What is the weather in Paris tomorrow?", None)
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(_otlp_json(exporter)))
    twin = {**WEATHER, "expectations": {"assertions": [{"assert_that": "no_tool_called"}]}}
    benchmark = write_benchmark(tmp_path / "bench.jsonl", WEATHER, twin)
    executed = tmp_path / "executed.jsonl"
    result = import_traces("otel", traces, benchmark, executed, "--match-by", "last-user-message")
    assert result.exit_code == 2
    assert "names 2 examples (lines 1, 2)" in result.output
    assert not executed.exists()


def _import_with_arguments(recorded: Any, tmp_path: Path, arguments: str) -> tuple[Any, Path]:
    """``mb import traces otel`` of the weather and capital runs with every tool call's arguments set to
    ``arguments``: the CLI result and the executed benchmark's path."""
    tracer, exporter = recorded
    _weather_and_capital_runs(tracer)
    document = _otlp_json(exporter)
    for resource in document["resourceSpans"]:
        for scope in resource["scopeSpans"]:
            for span in scope["spans"]:
                for attribute in span.get("attributes", []):
                    if attribute["key"] == "gen_ai.tool.call.arguments":
                        attribute["value"] = {"stringValue": arguments}
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(document))
    benchmark = write_benchmark(tmp_path / "bench.jsonl", WEATHER, CAPITAL)
    executed = tmp_path / "executed.jsonl"
    return import_traces("otel", traces, benchmark, executed), executed


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ('{"city": "\\ud800", "day": "2024-06-02"}', "$.outputs.trace[0].params.city: lone surrogate \\ud800"),
        ('{"city": "Paris", "day": 1000000000000000000000000000000}', "$.outputs.trace[0].params.day: integer"),
        ('{"city": "Paris", "day": ' + "[" * 200 + "]" * 200 + "}", "nest"),
    ],
    ids=["lone-surrogate", "huge-integer", "too-deep"],
)
def test_a_trace_no_benchmark_line_could_hold_is_a_per_trace_error(
    recorded: Any, tmp_path: Path, arguments: str, message: str
) -> None:
    result, executed = _import_with_arguments(recorded, tmp_path, arguments)
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "benchmark line 1" in result.output
    assert message in result.output
    failed, line = executed_lines(executed)
    assert line["inputs"] == CAPITAL["inputs"]
    assert failed["inputs"] == WEATHER["inputs"]
    assert message in failed["outputs"]["error"]["message"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"resourceSpans": ' + "[" * 100_000 + "]" * 100_000 + "}", "nest too deep"),
        ('{"resourceSpans": [], "x": NaN}', "NaN is not valid JSON"),
    ],
    ids=["too-deep", "nan"],
)
def test_a_trace_file_that_is_not_plain_json_exits_2_naming_it(tmp_path: Path, content: str, message: str) -> None:
    traces = tmp_path / "traces.json"
    traces.write_text(content)
    result = import_traces("otel", traces, write_benchmark(tmp_path / "b.jsonl", WEATHER), tmp_path / "o.jsonl")
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"{traces}" in result.output
    assert message in result.output


@pytest.mark.parametrize("content", ["", "\n  \n", "[]", '{"resourceSpans": []}'])
def test_a_trace_file_with_no_trace_writes_nothing_and_exits_2(tmp_path: Path, content: str) -> None:
    traces = tmp_path / "traces.json"
    traces.write_text(content)
    executed = tmp_path / "executed.jsonl"
    executed.write_text("kept\n")
    result = import_traces("otel", traces, write_benchmark(tmp_path / "b.jsonl", WEATHER), executed)
    assert result.exit_code == 2, result.output
    assert f"{traces}: holds no trace" in result.output
    assert executed.read_text() == "kept\n"


@pytest.mark.parametrize(
    "arguments",
    ['{"city": "Paris", "day": ' + "[" * 5000 + "]" * 5000 + "}", '{"city": "Paris", "day": 1' + "0" * 9999 + "}"],
    ids=["nested-past-the-parser", "integer-of-10000-digits"],
)
def test_arguments_json_cannot_read_are_kept_as_text(recorded: Any, tmp_path: Path, arguments: str) -> None:
    result, executed = _import_with_arguments(recorded, tmp_path, arguments)
    assert result.exit_code == 0, result.output
    lines = executed_lines(executed)
    calls = [event for line in lines for event in line["outputs"]["trace"] if event["event"] == "tool_call"]
    assert calls
    assert all(call["params"] == {"arguments": arguments} for call in calls)


def test_a_trace_whose_root_cannot_be_read_says_so_not_that_no_example_matched(tmp_path: Path) -> None:
    question = [{"role": "user", "content": WEATHER["inputs"]["messages"][0]["content"]}]
    root = {
        "traceId": "aa", "spanId": "01", "name": "invoke_agent", "startTimeUnixNano": "soon",
        "attributes": [{"key": "gen_ai.input.messages", "value": {"stringValue": json.dumps(question)}}],
    }  # fmt: skip
    path = tmp_path / "otel.json"
    path.write_text(json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": [root]}]}]}))
    result = import_traces("otel", path, write_benchmark(tmp_path / "b.jsonl", WEATHER), tmp_path / "out.jsonl")
    assert result.exit_code == 1
    assert "it cannot be read: span 'invoke_agent' has no traceId or startTimeUnixNano" in result.output
    assert "last user message is no example's" not in result.output
    assert "no root span" not in result.output


def test_an_attribute_that_does_not_read_is_a_problem_of_its_trace_named_by_span(tmp_path: Path) -> None:
    question = [{"role": "user", "content": WEATHER["inputs"]["messages"][0]["content"]}]
    root = {
        "traceId": "aa", "spanId": "01", "name": "invoke_agent", "startTimeUnixNano": str(START),
        "attributes": [{"key": "gen_ai.input.messages", "value": {"stringValue": json.dumps(question)}}],
    }  # fmt: skip
    chat = {
        "traceId": "aa", "spanId": "02", "parentSpanId": "01", "name": "chat", "startTimeUnixNano": str(START + 1),
        "attributes": [{"key": "gen_ai.usage.input_tokens", "value": {"intValue": "many"}}],
    }  # fmt: skip
    path = tmp_path / "otel.json"
    path.write_text(json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": [root, chat]}]}]}))
    result = import_traces("otel", path, write_benchmark(tmp_path / "b.jsonl", WEATHER), tmp_path / "out.jsonl")
    assert result.exit_code == 1
    assert "trace aa: span 'chat': an attribute does not read" in " ".join(result.output.split())


def test_a_part_of_an_export_that_is_no_object_is_listed_and_the_others_are_read(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _genai_run(tracer, "What is the weather in Paris tomorrow?", hash_of(WEATHER))
    document = _otlp_json(exporter)
    document["resourceSpans"][0]["scopeSpans"][0]["spans"].append(7)
    document["resourceSpans"][:0] = ["not a resource", 3]
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(document))
    executed = tmp_path / "executed.jsonl"
    result = import_traces("otel", traces, write_benchmark(tmp_path / "bench.jsonl", WEATHER), executed)
    output = " ".join(result.output.split())
    assert "Traceback" not in output
    assert "resourceSpans[0] is str, not a JSON object" in output
    assert "resourceSpans[1] is int, not a JSON object" in output
    assert "resourceSpans[2].scopeSpans[0].spans[" in output
    assert str(traces) in output
    assert "3 part(s) skipped" in output
    assert "from 1 trace(s)" in output
    assert "match no example" not in output
    assert result.exit_code == 0, output
    [line] = executed_lines(executed)
    assert "error" not in line["outputs"]
    assert line["outputs"]["response"]


def test_many_skipped_parts_are_counted_and_the_first_few_shown(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _genai_run(tracer, "What is the weather in Paris tomorrow?", hash_of(WEATHER))
    document = _otlp_json(exporter)
    document["resourceSpans"].extend([False, None, "x", 4.5] * 150)
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(document))
    result = import_traces("otel", traces, write_benchmark(tmp_path / "bench.jsonl", WEATHER), tmp_path / "out.jsonl")
    output = " ".join(result.output.split())
    assert result.exit_code == 0, output
    assert "450 part(s) skipped" in output
    assert "resourceSpans[1] is bool, not a JSON object" in output
    assert "resourceSpans[599]" not in output
    assert len(result.output.splitlines()) < 40


def _run_with_tool_names(names: dict[str, str]) -> dict[str, Any]:
    question = [{"role": "user", "content": WEATHER["inputs"]["messages"][0]["content"]}]
    answer = [{"role": "assistant", "content": "Sunny."}]
    root = {
        "traceId": "aa", "spanId": "01", "name": "invoke_agent", "startTimeUnixNano": str(START),
        "attributes": [
            {"key": "gen_ai.input.messages", "value": {"stringValue": json.dumps(question)}},
            {"key": "gen_ai.output.messages", "value": {"stringValue": json.dumps(answer)}},
        ],
    }  # fmt: skip
    tool = {
        "traceId": "aa", "spanId": "02", "parentSpanId": "01", "name": "execute_tool",
        "startTimeUnixNano": str(START + 1),
        "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}}]
        + [{"key": key, "value": {"stringValue": value}} for key, value in names.items()],
    }  # fmt: skip
    return {"resourceSpans": [{"scopeSpans": [{"spans": [root, tool]}]}]}


def test_a_span_naming_two_different_tools_makes_its_trace_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "otel.json"
    path.write_text(json.dumps(_run_with_tool_names({"gen_ai.tool.name": "get_weather", "tool.name": "delete_file"})))
    executed = tmp_path / "out.jsonl"
    result = import_traces("otel", path, write_benchmark(tmp_path / "b.jsonl", WEATHER), executed)
    assert result.exit_code == 1
    assert "span 'execute_tool' names two tools: delete_file and get_weather" in " ".join(result.output.split())
    assert "get_weather" not in json.dumps([line["outputs"].get("trace") for line in executed_lines(executed)])


@pytest.mark.parametrize("other", ["get_weather", "Get_Weather", "get-weather", "get_weather ", "crm.get_weather"])
def test_a_span_naming_one_tool_twice_is_read(tmp_path: Path, other: str) -> None:
    """Two spellings of one tool, as assertions match tool names (case, separators, a namespace in front)."""
    path = tmp_path / "otel.json"
    path.write_text(json.dumps(_run_with_tool_names({"gen_ai.tool.name": "get_weather", "tool.name": other})))
    executed = tmp_path / "out.jsonl"
    result = import_traces("otel", path, write_benchmark(tmp_path / "b.jsonl", WEATHER), executed)
    assert result.exit_code == 0, result.output
    [line] = executed_lines(executed)
    assert [event["tool"] for event in line["outputs"]["trace"] if event["event"] == "tool_call"] == ["get_weather"]


def _ending_in_a_tool_call(
    tracer: Any, *, fail: bool, answer: str | None = None, said: str | None = None, unrelated: str | None = None
) -> None:
    """A run whose first chat call says it will look the weather up, and whose last asks for the tool (saying
    ``said`` beside the request) and nothing more (no answer after the tool ran); ``unrelated``: an error of another
    span (not a tool the chat asked for) after the tool."""
    with tracer.start_as_current_span("invoke_agent weather_bot", start_time=START) as root:
        root.set_attribute("gen_ai.operation.name", "invoke_agent")
        if answer is not None:
            root.set_attribute("gen_ai.output.messages", json.dumps([{"role": "assistant", "content": answer}]))
        for second, parts in (
            (1, [{"type": "text", "content": "Let me look that up."}]),
            (2, [{"type": "text", "content": said}] * bool(said)
             + [{"type": "tool_call", "id": "call_w1", "name": "weather", "arguments": {"city": "Paris"}}]),
        ):  # fmt: skip
            with tracer.start_as_current_span("chat gpt-4o", start_time=START + second * SECOND) as chat:
                chat.set_attribute("gen_ai.operation.name", "chat")
                chat.set_attribute("gen_ai.output.messages", json.dumps([{"role": "assistant", "parts": parts}]))
        with tracer.start_as_current_span("execute_tool weather", start_time=START + 3 * SECOND) as tool:
            tool.set_attribute("gen_ai.operation.name", "execute_tool")
            tool.set_attribute("gen_ai.tool.name", "weather")
            tool.set_attribute("gen_ai.tool.call.id", "call_w1")
            if fail:
                tool.set_status(Status(StatusCode.ERROR, "weather service timed out"))
            else:
                tool.set_attribute("gen_ai.tool.call.result", json.dumps({"forecast": "sunny"}))
        if unrelated:
            with tracer.start_as_current_span("log_metrics", start_time=START + 4 * SECOND) as other:
                other.set_status(Status(StatusCode.ERROR, unrelated))


def test_a_run_ending_in_a_failed_tool_it_asked_for_has_no_earlier_text_as_its_response(
    recorded: Any, tmp_path: Path
) -> None:
    tracer, exporter = recorded
    _ending_in_a_tool_call(tracer, fail=True)
    path = tmp_path / "traces.json"
    path.write_text(json.dumps(_otlp_json(exporter)))
    with pytest.raises(TraceError, match=r"the last chat call asked for a tool that failed: .*timed out"):
        build_outputs(read_otel(path)[0])


def test_the_text_beside_the_request_of_a_tool_that_failed_is_no_response(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _ending_in_a_tool_call(tracer, fail=True, said="Let me check.")
    path = tmp_path / "traces.json"
    path.write_text(json.dumps(_otlp_json(exporter)))
    with pytest.raises(TraceError, match=r"the last chat call asked for a tool that failed: .*timed out"):
        build_outputs(read_otel(path)[0])


def _outcome(trace: SourceTrace) -> str:
    try:
        return build_outputs(trace).response
    except TraceError as error:
        return str(error)


def test_an_error_of_a_span_the_last_chat_did_not_ask_for_changes_nothing(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    outcomes = []
    for unrelated in (None, "statsd unreachable"):
        exporter.clear()
        _ending_in_a_tool_call(tracer, fail=False, unrelated=unrelated)
        path = tmp_path / "traces.json"
        path.write_text(json.dumps(_otlp_json(exporter)))
        outcomes.append(_outcome(read_otel(path)[0]))
    assert "statsd" not in outcomes[1]
    assert outcomes[1] == outcomes[0]


def test_a_run_ending_in_a_failed_tool_keeps_the_root_s_own_answer(recorded: Any, tmp_path: Path) -> None:
    tracer, exporter = recorded
    _ending_in_a_tool_call(tracer, fail=True, answer="Sorry, the weather service is down.")
    path = tmp_path / "traces.json"
    path.write_text(json.dumps(_otlp_json(exporter)))
    assert build_outputs(read_otel(path)[0]).response == "Sorry, the weather service is down."


def test_a_file_that_does_not_read_names_its_file_and_line_in_the_error(tmp_path: Path) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"resourceSpans": [], "name": "caf\xe9"}')
    with pytest.raises(TraceError, match=r"not valid UTF-8 \(byte 0xe9 at column 35\)") as undecodable:
        read_otel(latin)
    assert (undecodable.value.file, undecodable.value.line) == (str(latin), None)
    lines = tmp_path / "lines.jsonl"
    lines.write_text('{"resourceSpans": []}\n{"resourceSpans": [\n')
    with pytest.raises(TraceError, match="not JSON") as broken:
        read_otel(lines)
    assert (broken.value.file, broken.value.line) == (str(lines), 2)
    assert str(broken.value).startswith(f"{lines}:2: not JSON")
