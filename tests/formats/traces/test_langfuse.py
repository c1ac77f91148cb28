"""Langfuse import: a trace of the public API (``GET /api/public/traces/{id}``) and a page of observations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.formats.traces import build_outputs, read_langfuse

from ._support import CAPITAL, WEATHER, evaluate, executed_lines, hash_of, import_traces, write_benchmark

QUESTION = WEATHER["inputs"]["messages"][0]["content"]


def _observation(ident: str, kind: str, name: str, second: int, **fields: Any) -> dict[str, Any]:
    return {
        "id": ident, "traceId": "lf-1", "type": kind, "name": name, "parentObservationId": fields.pop("parent", "root"),
        "startTime": f"2024-06-01T08:00:{second:02d}.000Z", "endTime": f"2024-06-01T08:00:{second:02d}.500Z",
        "level": "DEFAULT", "statusMessage": None, "metadata": {}, **fields,
    }  # fmt: skip


def _trace(example_hash: str | None) -> dict[str, Any]:
    messages = [{"role": "user", "content": QUESTION}]
    return {
        "id": "lf-1",
        "timestamp": "2024-06-01T08:00:00.000Z",
        "name": "weather-bot",
        "input": messages,
        "output": {"role": "assistant", "content": "Sunny tomorrow."},
        "metadata": {} if example_hash is None else {"mb.example_hash": example_hash},
        "tags": [],
        "observations": [
            _observation("root", "AGENT", "weather-bot", 0, parent=None, input=messages),
            _observation(
                "g1",
                "GENERATION",
                "chat",
                1,
                input=messages,
                output={"role": "assistant", "content": ""},
                usageDetails={"input": 30, "output": 10, "total": 40},
            ),
            _observation(
                "t1",
                "TOOL",
                "weather",
                2,
                input={"city": "Paris", "day": "2024-06-02"},
                output={"forecast": "sunny"},
                metadata={"tool_call_id": "call_7"},
            ),
            _observation(
                "t2",
                "SPAN",
                "tool:alerts",
                3,
                input='{"city": "Paris"}',
                output=None,
                level="ERROR",
                statusMessage="ConnectionError: alerts service unreachable",
            ),
            _observation("r1", "RETRIEVER", "docs", 4, output=[{"id": "wx-1", "page_content": "Paris forecasts"}]),
            _observation(
                "g2",
                "GENERATION",
                "chat",
                5,
                input=messages,
                output={"role": "assistant", "content": "Sunny tomorrow."},
                usageDetails={"input": 50, "output": 5, "total": 55},
            ),
        ],
    }


def test_trace_with_observations(tmp_path: Path) -> None:
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(_trace("h")))
    (trace,) = read_langfuse(path)
    assert trace.example_hash == "h"
    assert trace.last_user_message() == QUESTION
    outputs = build_outputs(trace).model_dump(mode="json", exclude_none=True)
    assert outputs["trace"] == [
        {"event": "tool_call", "id": "call_7", "tool": "weather", "params": {"city": "Paris", "day": "2024-06-02"}},
        {"event": "tool_result", "id": "call_7", "result": {"forecast": "sunny"}},
        {"event": "tool_call", "id": "span_t2", "tool": "alerts", "params": {"city": "Paris"}},
        {"event": "tool_result", "id": "span_t2", "result": {"error": "ConnectionError: alerts service unreachable"}},
        {"event": "retriever", "outputs": [{"id": "wx-1", "page_content": "Paris forecasts"}]},
    ]
    assert outputs["response"] == "Sunny tomorrow."
    assert outputs["environment"]["user_time"] == "2024-06-01T08:00:00Z"
    assert outputs["usage"] == {"input_tokens": 80, "output_tokens": 15, "total_tokens": 95}


def test_page_of_observations_round_trips_into_eval(tmp_path: Path) -> None:
    observations = [o for o in _trace(None)["observations"] if o["id"] != "t2"]  # inputs.tools allows weather only
    observations[0]["metadata"] = {"mb.example_hash": hash_of(WEATHER)}
    path = tmp_path / "observations.json"
    path.write_text(json.dumps({"data": observations, "meta": {"page": 1, "totalItems": len(observations)}}))
    benchmark = write_benchmark(tmp_path / "bench.jsonl", WEATHER, CAPITAL)
    executed = tmp_path / "executed.jsonl"
    result = import_traces("langfuse", path, benchmark, executed)
    assert result.exit_code == 1  # CAPITAL has no trace
    assert "1 example(s) have no trace" in result.output
    lines = executed_lines(executed)
    assert len(lines) == 2
    assert lines[0]["outputs"]["environment"]["user_time"] == "2024-06-01T08:00:00Z"
    run, rows = evaluate(executed, tmp_path)
    assert [row["status"] for row in rows] == ["passed", "error"], run.output
    assert "TraceMissing: no trace in" in rows[1]["error"]


def test_a_tool_outside_the_allowed_tools_fails_after_import(tmp_path: Path) -> None:
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(_trace(hash_of(WEATHER))))
    executed = tmp_path / "executed.jsonl"
    result = import_traces("langfuse", path, write_benchmark(tmp_path / "b.jsonl", WEATHER), executed)
    assert result.exit_code == 0, result.output
    _, rows = evaluate(executed, tmp_path)
    assert rows[0]["status"] == "failed"  # the failed `alerts` call is kept, and inputs.tools forbids it


def test_the_user_time_keeps_the_offset_of_the_timestamp(tmp_path: Path) -> None:
    document = _trace(hash_of(WEATHER))
    document["timestamp"] = "2024-06-02T00:30:00.000+02:00"  # 2024-06-01T22:30Z: "tomorrow" is June 3 there
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(document))
    (trace,) = read_langfuse(path)
    assert build_outputs(trace).model_dump(mode="json")["environment"]["user_time"] == "2024-06-02T00:30:00+02:00"
    observations = document["observations"]  # a page of observations: the root observation's start, its offset
    observations[0]["startTime"] = "2024-06-01T17:00:00-07:00"
    path.write_text(json.dumps({"data": observations}))
    (trace,) = read_langfuse(path)
    assert build_outputs(trace).model_dump(mode="json")["environment"]["user_time"] == "2024-06-01T17:00:00-07:00"


def test_timestamp_without_offset_is_a_per_trace_error(tmp_path: Path) -> None:
    document = _trace(hash_of(WEATHER))
    document["timestamp"] = "2024-06-01T08:00:00"
    path = tmp_path / "trace.json"
    path.write_text(json.dumps([document]))
    executed = tmp_path / "executed.jsonl"
    result = import_traces("langfuse", path, write_benchmark(tmp_path / "b.jsonl", WEATHER), executed)
    assert result.exit_code == 1
    assert "no timestamp with a UTC offset" in result.output
    [line] = executed_lines(executed)  # the example is there, as an error with the reason
    assert line["example_hash"] == hash_of(WEATHER)
    assert "no timestamp with a UTC offset" in line["outputs"]["error"]["message"]


def _ticket_trace(number: int, *, answer: bool = True) -> dict[str, Any]:
    messages = [{"role": "user", "content": f"Close ticket {number}"}]
    observations = [
        _observation("root", "AGENT", "bot", 0, parent=None, input=messages),
        _observation("a", "TOOL", "close_ticket", 1, input={}, output={"ok": True}),
    ]
    output = {"output": {"role": "assistant", "content": "Done."}} if answer else {}
    return {"id": f"t{number}", "timestamp": "2024-06-01T08:00:00.000Z", "name": "bot", "input": messages,
            "observations": observations, **output}  # fmt: skip


def test_examples_left_without_outputs_are_errors_that_eval_counts_and_compare_sees_regress(tmp_path: Path) -> None:
    tickets = [
        {
            "inputs": {"messages": [{"role": "user", "content": f"Close ticket {n}"}], "tools": ["close_ticket"]},
            "expectations": {"assertions": [{"assert_that": "tool_called", "tool": "close_ticket"}]},
        }
        for n in (1, 2, 3)
    ]
    benchmark = write_benchmark(tmp_path / "bench.jsonl", *tickets)
    results = {}
    for name, traces in [
        ("base", [_ticket_trace(1), _ticket_trace(2), _ticket_trace(3)]),
        ("new", [_ticket_trace(1), _ticket_trace(2, answer=False)]),  # no final answer for 2, no trace of 3
    ]:
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(traces))
        executed = tmp_path / f"{name}.jsonl"
        assert import_traces("langfuse", path, benchmark, executed).exit_code == (0 if name == "base" else 1)
        assert [line["example_hash"] for line in executed_lines(executed)] == [hash_of(t) for t in tickets]
        results[name] = tmp_path / f"{name}-results.jsonl"
        run = CliRunner().invoke(main, ["eval", "--judge", "lexical", str(executed), "-o", str(results[name])])
        assert run.exit_code == 0, run.output
    rows = [json.loads(line) for line in results["new"].read_text().splitlines()][1:]
    assert [row["status"] for row in rows] == ["passed", "error", "error"]
    assert "no final assistant message" in rows[1]["error"]
    assert "no trace in" in rows[2]["error"]
    compared = CliRunner().invoke(main, ["compare", str(results["base"]), str(results["new"]), "--fail-on-regression"])
    assert compared.exit_code == 1, compared.output
    assert "Regressions (2)" in compared.output


def test_an_invalid_benchmark_line_is_written_in_its_place_and_counted_as_an_error(tmp_path: Path) -> None:
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(_trace(hash_of(WEATHER))))
    benchmark = tmp_path / "bench.jsonl"
    benchmark.write_text('{"inputs": 3}\n' + json.dumps(WEATHER) + "\n")
    executed = tmp_path / "executed.jsonl"
    assert import_traces("langfuse", path, benchmark, executed).exit_code == 1
    invalid, imported = executed_lines(executed)
    assert invalid["invalid_line"]["line"] == 1
    assert imported["example_hash"] == hash_of(WEATHER)
    run = CliRunner().invoke(main, ["eval", "--judge", "lexical", "--metrics", "none", str(executed)])
    assert "1 error(s)" in run.output.splitlines()[0], run.output


def test_an_output_that_is_the_benchmark_is_refused_and_a_failed_import_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(_trace(hash_of(WEATHER))))
    benchmark = write_benchmark(tmp_path / "b.jsonl", WEATHER)
    before = benchmark.read_bytes()
    link = tmp_path / "same.jsonl"
    link.symlink_to(benchmark)
    refused = import_traces("langfuse", path, benchmark, link)
    assert refused.exit_code == 2, refused.output
    assert benchmark.read_bytes() == before
    executed = tmp_path / "executed.jsonl"
    executed.write_text("previous\n")
    path.write_text("not json")
    failed = import_traces("langfuse", path, benchmark, executed)
    assert failed.exit_code == 2, failed.output
    assert executed.read_text() == "previous\n"


def test_token_counts_that_are_not_counts_are_left_out(tmp_path: Path) -> None:
    document = _trace(None)
    generations = [o for o in document["observations"] if o["type"] == "GENERATION"]
    generations[0]["usageDetails"] = {"input": "30", "output": -10}
    generations[1]["usageDetails"] = {"input": 1.5, "output": True}
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(document))
    (trace,) = read_langfuse(path)
    assert build_outputs(trace).model_dump(mode="json")["usage"] == {
        "input_tokens": 30,
        "output_tokens": 0,
        "total_tokens": 30,
    }


def test_a_benchmark_without_a_valid_example_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(_trace(None)))
    executed = tmp_path / "executed.jsonl"
    executed.write_text("kept\n")
    for content in ("", '{"inputs": {"messages": []}, "expectations": {}}\n'):
        benchmark = tmp_path / "b.jsonl"
        benchmark.write_text(content)
        result = import_traces("langfuse", path, benchmark, executed)
        assert result.exit_code == 2
        assert "holds no valid example; nothing written" in result.output
        assert executed.read_text() == "kept\n"


def test_a_trace_whose_hash_names_no_example_says_so(tmp_path: Path) -> None:
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(_trace("0" * 64)))
    result = import_traces("langfuse", path, write_benchmark(tmp_path / "b.jsonl", WEATHER), tmp_path / "out.jsonl")
    assert result.exit_code == 1
    assert "its `mb.example_hash` 000000000000 is no example's" in " ".join(result.output.split())


def test_a_value_of_another_json_type_is_an_error_of_its_trace_not_of_the_file(tmp_path: Path) -> None:
    """The file's other traces are imported; the trace's line says which observation could not be read."""
    broken = {**_trace(hash_of(CAPITAL)), "id": "lf-2", "input": CAPITAL["inputs"]["messages"]}
    broken["observations"][1]["usage"] = broken["observations"][1].pop("usageDetails")["total"]  # a number
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps([_trace(hash_of(WEATHER)), broken]))
    executed = tmp_path / "executed.jsonl"
    result = import_traces("langfuse", traces, write_benchmark(tmp_path / "b.jsonl", WEATHER, CAPITAL), executed)
    assert result.exit_code == 1, result.output
    weather, capital = executed_lines(executed)
    assert weather["outputs"]["response"] == "Sunny tomorrow."
    assert "observation 'g1' cannot be read: a value of another JSON type" in capital["outputs"]["error"]["message"]


@pytest.mark.parametrize("other", ["Weather", "crm.weather", "weather "])
def test_an_observation_naming_one_tool_in_two_spellings_is_read(tmp_path: Path, other: str) -> None:
    document = _trace(hash_of(WEATHER))
    document["observations"][2]["metadata"].update({"tool_name": "weather", "tool.name": other})
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(document))
    executed = tmp_path / "out.jsonl"
    result = import_traces("langfuse", path, write_benchmark(tmp_path / "b.jsonl", WEATHER), executed)
    assert result.exit_code == 0, result.output
    [line] = executed_lines(executed)
    assert "error" not in line["outputs"]
    assert any(event["event"] == "tool_call" for event in line["outputs"]["trace"])


def test_an_observation_naming_two_different_tools_makes_its_trace_unreadable(tmp_path: Path) -> None:
    document = _trace(hash_of(WEATHER))
    document["observations"][2]["metadata"].update({"tool_name": "weather", "tool.name": "delete_account"})
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(document))
    executed = tmp_path / "out.jsonl"
    result = import_traces("langfuse", path, write_benchmark(tmp_path / "b.jsonl", WEATHER), executed)
    assert result.exit_code == 1
    [line] = executed_lines(executed)
    assert "observation 't1' names two tools: delete_account and weather" in line["outputs"]["error"]["message"]
