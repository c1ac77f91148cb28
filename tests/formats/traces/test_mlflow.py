"""MLflow trace import: traces written with MLflow's tracing API (``Trace.to_json()``), recorded and live."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import mb
from mb.formats.traces import build_outputs, read_mlflow

from ._support import CAPITAL, WEATHER, evaluate, executed_lines, hash_of, import_traces, write_benchmark

DATA = Path(__file__).parent / "data"
START = 1_717_228_800_000_000_000  # 2024-06-01T08:00:00Z
SECOND = 1_000_000_000


def record_weather_trace(mlflow: Any, example_hash: str, *, fail: bool = False) -> str:
    """One agent run through MLflow's tracing API; the ``Trace.to_json()`` MLflow returns for it."""
    from mlflow.entities import Document, SpanEvent, SpanType

    question = "What is the weather in Paris tomorrow?"
    root = mlflow.start_span_no_context(
        "weather_bot", span_type=SpanType.AGENT, inputs={"messages": [{"role": "user", "content": question}]},
        attributes={"mb.example_hash": example_hash}, start_time_ns=START,
    )  # fmt: skip
    docs = mlflow.start_span_no_context(
        "search_docs", span_type=SpanType.RETRIEVER, parent_span=root, inputs="paris", start_time_ns=START + SECOND
    )
    docs.end(outputs=[Document(page_content="Paris forecasts", id="wx-1")], end_time_ns=START + 2 * SECOND)
    tool = mlflow.start_span_no_context(
        "weather", span_type=SpanType.TOOL, parent_span=root, inputs={"city": "Paris", "day": "2024-06-02"},
        start_time_ns=START + 3 * SECOND,
    )  # fmt: skip
    if fail:
        try:
            raise TimeoutError("weather service timed out")
        except TimeoutError as exc:
            tool.add_event(SpanEvent.from_exception(exc))
        tool.set_status("ERROR")
        tool.end(end_time_ns=START + 4 * SECOND)
    else:
        tool.end(outputs={"forecast": "sunny"}, end_time_ns=START + 4 * SECOND)
    chat = mlflow.start_span_no_context(
        "chat", span_type=SpanType.CHAT_MODEL, parent_span=root,
        inputs={"messages": [{"role": "user", "content": question}]}, start_time_ns=START + 5 * SECOND,
    )  # fmt: skip
    answer = {"choices": [{"message": {"role": "assistant", "content": "Sunny tomorrow in Paris."}}]}
    chat.end(outputs=answer, end_time_ns=START + 6 * SECOND)
    root.end(outputs="Sunny tomorrow in Paris.", end_time_ns=START + 7 * SECOND)
    return str(mlflow.get_trace(root.trace_id, flush=True).to_json())


def test_recorded_trace_becomes_outputs() -> None:
    (trace,) = read_mlflow(DATA / "mlflow-weather.json")
    assert trace.example_hash == hash_of(WEATHER)
    outputs = build_outputs(trace).model_dump(mode="json", exclude_none=True)
    events = outputs["trace"]
    assert events[0] == {"event": "retriever", "outputs": [{"id": "wx-1", "page_content": "Paris forecasts"}]}
    assert events[1]["event"] == "tool_call"
    assert events[1]["tool"] == "weather"
    assert events[1]["params"] == {"city": "Paris", "day": "2024-06-02"}
    assert events[2] == {"event": "tool_result", "id": events[1]["id"], "result": {"forecast": "sunny"}}
    assert outputs["response"] == "Sunny tomorrow in Paris."
    assert outputs["environment"]["user_time"] == "2024-06-01T08:00:00Z"


def test_recorded_trace_round_trips_into_eval(tmp_path: Path) -> None:
    traces = tmp_path / "traces.jsonl"  # one trace per line, plus one whose spans are missing
    broken = {"info": {"trace_id": "tr-empty"}, "data": {"spans": []}}
    traces.write_text((DATA / "mlflow-weather.json").read_text().strip() + "\n" + json.dumps(broken) + "\n")
    benchmark = write_benchmark(tmp_path / "bench.jsonl", WEATHER)
    executed = tmp_path / "executed.jsonl"
    result = import_traces("mlflow", traces, benchmark, executed)
    assert result.exit_code == 1  # the spanless trace carries no hash: reported as unmatched, saying why
    assert "tr-empty (it cannot be read: no spans (`data.spans` is missing or empty))" in result.output
    assert len(executed_lines(executed)) == 1
    run, rows = evaluate(executed, tmp_path)
    assert run.exit_code == 0, run.output
    assert rows[0]["status"] == "passed"


def test_expectations_logged_on_a_trace_that_the_benchmark_line_lacks_are_a_warning(tmp_path: Path) -> None:
    trace = json.loads((DATA / "mlflow-weather.json").read_text())
    facts = {"serialized_value": {"serialization_format": "JSON_FORMAT", "value": '["sunny"]'}}
    trace["info"]["assessments"] = [  # as mlflow.log_expectation() and log_feedback() record them
        {"assessment_name": "expected_response", "expectation": {"value": "Sunny in Paris."}},
        {"assessment_name": "expected_facts", "expectation": facts},
        {"assessment_name": "guidelines", "expectation": {"value": ["Be brief"]}, "valid": False},  # overridden
        {"assessment_name": "relevance", "feedback": {"value": True}},
        {"assessment_name": "guidelines", "expectation": {"value": ["Be kind"]}},
        {"expectation": {"value": "Rainy."}},
    ]
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(trace))
    expectations = {**WEATHER["expectations"], "expected_facts": ["sunny"], "guidelines": ["Be brief"]}
    benchmark = write_benchmark(tmp_path / "bench.jsonl", {**WEATHER, "expectations": expectations})
    executed = tmp_path / "executed.jsonl"
    result = import_traces("mlflow", traces, benchmark, executed, "--match-by", "last-user-message")
    assert result.exit_code == 0, result.output
    assert "1 trace(s) hold expectations their benchmark line has not" in result.output
    said = (
        f"{traces}: trace {trace['info']['trace_id']}: expected_response (the line has none), guidelines (the line "
        "has another value), info.assessments[5] (an unnamed expectation: the line cannot hold it) (benchmark line 1)"
    )
    assert said in " ".join(result.output.split())
    assert "expected_facts" not in result.output
    assert executed_lines(executed)[0]["expectations"] == expectations  # the line's, not the trace's


@pytest.mark.parametrize(
    ("assessments", "where"),
    [
        (["expected_response"], "info.assessments[0] (not an expectation as MLflow records one)"),
        ({"a": {"expectation": {"value": 1}}}, "info.assessments (not an expectation as MLflow records one)"),
        (
            [{"assessment_name": "expected_response", "expectation": {"serialized_value": "oops"}}],
            "info.assessments[0] (not an expectation as MLflow records one)",
        ),
        (
            [{"assessment_name": "expected_response", "expectation": "oops"}],
            "info.assessments[0] (not an expectation as MLflow records one)",
        ),
    ],
)
def test_a_malformed_assessment_is_a_warning_naming_it_and_the_trace_is_imported(
    tmp_path: Path, assessments: Any, where: str
) -> None:
    trace = json.loads((DATA / "mlflow-weather.json").read_text())
    trace["info"]["assessments"] = assessments
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(trace))
    benchmark = write_benchmark(tmp_path / "bench.jsonl", WEATHER)
    executed = tmp_path / "executed.jsonl"
    result = import_traces("mlflow", traces, benchmark, executed, "--match-by", "last-user-message")
    assert result.exit_code == 0, result.output
    assert f"trace {trace['info']['trace_id']}: {where} (benchmark line 1)" in " ".join(result.output.split())
    assert executed_lines(executed)[0]["outputs"]["trace"]


def test_not_an_mlflow_trace_is_refused(tmp_path: Path) -> None:
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps({"resourceSpans": []}))
    result = import_traces("mlflow", traces, write_benchmark(tmp_path / "b.jsonl", CAPITAL), tmp_path / "o.jsonl")
    assert result.exit_code == 2
    assert "not an MLflow trace" in result.output


_RECORD = """
import sys
import mlflow
from tests.formats.traces.test_mlflow import record_weather_trace
print(record_weather_trace(mlflow, sys.argv[1], fail=True))
"""


@pytest.mark.slow
def test_live_mlflow_tracing_api(tmp_path: Path) -> None:
    pytest.importorskip("mlflow")
    # A process of its own: MLflow's tracing keeps global state (provider, experiment) that other tests use.
    root = Path(__file__).resolve().parents[3]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(Path(mb.__file__).resolve().parents[1]), str(root)]),
        "MLFLOW_TRACKING_URI": f"sqlite:///{tmp_path / 'mlflow.db'}",
        "MLFLOW_DISABLE_TELEMETRY": "true",
    }
    done = subprocess.run(
        [sys.executable, "-c", _RECORD, hash_of(WEATHER)], env=env, cwd=tmp_path, capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    traces = tmp_path / "traces.jsonl"
    traces.write_text(done.stdout.strip().splitlines()[-1] + "\n")
    (trace,) = read_mlflow(traces)
    outputs = build_outputs(trace).model_dump(mode="json")
    assert outputs["trace"][2]["result"] == {"error": "TimeoutError: weather service timed out"}
    executed = tmp_path / "executed.jsonl"
    result = import_traces("mlflow", traces, write_benchmark(tmp_path / "b.jsonl", WEATHER), executed)
    assert result.exit_code == 0, result.output
    _, rows = evaluate(executed, tmp_path)
    assert rows[0]["status"] == "passed"  # the call was made as asked; its failure is in the trace
