"""What the instance and aggregate records say about hand-made executed lines and results."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mb._hashing import example_hash
from mb.entities import Example
from mb.formats.eee import export_eee
from mb.results import AssertionResult, CheckResult, ExampleResult, MetricResult, ParameterResult
from tests.formats.eee.conftest import read_jsonl, schema_problems

WriteExecuted = Callable[[list[dict[str, Any]]], Path]

AGENTIC = {
    "inputs": {
        "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Book a table for 5"}],
        "metadata": {
            "categories": {"topic": "travel"},
            "turns": [{"categories": {"intent": "booking"}, "resources": []}],
        },
    },
    "expectations": {
        "expected_response": "Booked.",
        "assertions": [
            {
                "assert_that": "tool_called",
                "tool": "book",
                "parameters": [{"param": "n", "matcher": {"match_as": "equality", "value": 5}}],
            }
        ],
    },
    "outputs": {
        "response": "Booked a table for 5.",
        "trace": [
            {"event": "tool_call", "id": "c1", "tool": "book", "params": {"n": 5, "vip": True, "who": {"name": "Al"}}},
            {"event": "tool_call", "id": "c2", "tool": "search", "params": {"q": "café"}},
            {"event": "tool_result", "id": "c1", "result": {"ok": True}},
            {"event": "tool_result", "id": "c2", "result": "found"},
        ],
        "usage": {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15},
        "latency_ms": 123.5,
    },
}
MULTI_TURN = {
    "inputs": {
        "messages": [
            {"role": "user", "content": "Hi"},
            {"role": "assistant", "content": "Hello!"},
            {"role": "user", "content": "Capital of Italy?"},
        ]
    },
    "expectations": {"expected_response": "Rome."},
    "outputs": {"response": "Rome.", "usage": {"input_tokens": 7, "output_tokens": 2}},
}
AGENT_ERROR = {
    "inputs": {"messages": [{"role": "user", "content": "Slow question"}]},
    "expectations": {},
    "outputs": {
        "response": "",
        "error": {"type": "TimeoutError", "message": "took too long"},
        "usage": {"input_tokens": 3},
    },
}
INVALID = {"inputs": {"messages": [{"role": "assistant", "content": "Not a request"}]}, "expectations": {}}


def _results() -> list[ExampleResult]:
    equality = ParameterResult(params=["n"], match_as="equality", passed=True, score=1.0, reason="5 == 5")
    never = ParameterResult(params=["q"], match_as="free_text", passed=False, score=None, reason="not called")
    return [
        ExampleResult(
            line=1,
            passed=False,
            status="failed",
            score=0.5,
            assertions=[
                AssertionResult(
                    assert_that="tool_called", tool="book", passed=True, reason="c1", parameters=[equality]
                ),
                AssertionResult(
                    assert_that="tool_called", tool="find", passed=False, reason="never called", parameters=[never]
                ),
            ],
            checks=[CheckResult(name="expected_response", passed=True, reason="same meaning")],
            metrics={
                "similarity": MetricResult(value=4.0, passed=True, threshold=3.0, judge="lexical", reason="close"),
                "citations": MetricResult(value=7.0, passed=True, threshold=1.0),
            },
            categories={"topic": "travel"},
        ),
        ExampleResult(
            line=2,
            passed=True,
            status="passed",
            score=1.0,
            metrics={
                "similarity": MetricResult(value=2.0, passed=False, threshold=3.0, judge="lexical", reason="far"),
                "relevance": MetricResult(status="skipped", reason="needs an LLM judge"),
            },
        ),
        ExampleResult(line=3, passed=False, status="error", error="agent error: TimeoutError: took too long"),
        ExampleResult(line=4, passed=False, status="error", error="invalid line: $.inputs.messages: last message"),
    ]


def _export(write: WriteExecuted, tmp_path: Path, version: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    executed = write([AGENTIC, MULTI_TURN, AGENT_ERROR, INVALID])
    written = export_eee(
        _results(), executed, model_id="acme/agent-1", out_dir=tmp_path / "out", schema_version=version
    )
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    lines = read_jsonl(written.samples_path)
    assert schema_problems(aggregate, "aggregate", version) == []
    for line in lines:
        assert schema_problems(line, "instance", version) == [], line["sample_id"]
    return aggregate, lines


@pytest.mark.parametrize("version", ["0.2.0", "0.3.0"])
def test_agentic_line_carries_the_conversation_tool_calls_and_results(
    version: str, write_executed: WriteExecuted, tmp_path: Path
) -> None:
    _, lines = _export(write_executed, tmp_path, version)
    record = lines[0]
    assert record["interaction_type"] == "agentic"
    assert record["output"] is None
    messages = record["messages" if version == "0.3.0" else "interactions"]
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "tool", "tool", "assistant"]
    assert [m["turn_idx"] for m in messages] == list(range(6))
    calls = messages[2]["tool_calls"]
    assert [(c["id"], c["name"]) for c in calls] == [("c1", "book"), ("c2", "search")]
    if version == "0.3.0":
        assert calls[0]["arguments"] == {"n": "5", "vip": "true", "who": '{"name":"Al"}'}
        assert calls[1]["arguments"] == {"q": '"café"'}
        assert [m["tool_call_id"] for m in messages[3:5]] == [["c1"], ["c2"]]
    else:
        assert calls[0]["arguments"] == {"n": 5, "vip": True, "who": {"name": "Al"}}
        assert [m["tool_call_id"] for m in messages[3:5]] == ["c1", "c2"]
    assert [m["content"] for m in messages[3:5]] == ['{"ok":true}', "found"]
    assert messages[5]["content"] == "Booked a table for 5."
    terminal = [a for a in record["answer_attribution"] if a["is_terminal"]]
    assert terminal == [
        {
            "turn_idx": 5,
            "source": f"{'messages' if version == '0.3.0' else 'interactions'}[5].content",
            "extracted_value": "Booked a table for 5.",
            "extraction_method": "full_response",
            "is_terminal": True,
        }
    ]
    assert sum(1 for a in record["answer_attribution"] if a["extraction_method"] == "tool_call") == 2
    assert record["evaluation"] == {"score": 0.0, "is_correct": False, "num_turns": 6, "tool_calls_count": 2}
    assert record["metadata"]["expectations_met"] == "0.5"
    assert record["token_usage"] == {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15}
    assert record["performance"] == {"latency_ms": 123.5}
    assert "error" not in record


def test_instance_metadata_holds_categories_metrics_and_failures(write_executed: WriteExecuted, tmp_path: Path) -> None:
    _, lines = _export(write_executed, tmp_path, "0.3.0")
    metadata = lines[0]["metadata"]
    assert metadata["category.topic"] == "travel"
    assert metadata["turn_category.intent"] == "booking"
    assert metadata["metric.similarity"] == "4.0"
    assert metadata["metric.similarity.passed"] == "true"
    assert "find: never called" in metadata["failures"]
    assert lines[1]["metadata"]["metric.relevance"] == "skipped"
    assert all(isinstance(value, str) for line in lines for value in line["metadata"].values())


def test_conversation_without_tools_is_multi_turn_and_usage_total_is_summed(
    write_executed: WriteExecuted, tmp_path: Path
) -> None:
    _, lines = _export(write_executed, tmp_path, "0.3.0")
    record = lines[1]
    assert record["interaction_type"] == "multi_turn"
    assert record["input"]["raw"] == "user: Hi\nuser: Capital of Italy?"
    assert [m["role"] for m in record["messages"]] == ["user", "assistant", "user", "assistant"]
    assert record["token_usage"] == {"input_tokens": 7, "output_tokens": 2, "total_tokens": 9}
    assert record["evaluation"]["is_correct"] is True


@pytest.mark.parametrize("version", ["0.2.0", "0.3.0"])
def test_agent_errors_and_invalid_lines_are_recorded_not_dropped(
    version: str, write_executed: WriteExecuted, tmp_path: Path
) -> None:
    _, lines = _export(write_executed, tmp_path, version)
    failed, invalid = lines[2], lines[3]
    assert failed["interaction_type"] == "single_turn"
    assert failed["error"] == "agent error: TimeoutError: took too long"
    assert failed["input"]["raw"] == "Slow question"
    assert failed["output"] == {"raw": [] if version == "0.3.0" else ""}
    assert failed["answer_attribution"] == []
    assert "token_usage" not in failed  # partial usage (no output tokens) is left out, not guessed
    assert invalid["error"].startswith("invalid line")
    assert invalid["input"]["raw"] == "Not a request"
    assert invalid["evaluation"]["is_correct"] is False


def test_aggregate_rates_count_errors_against_the_pass_rate(write_executed: WriteExecuted, tmp_path: Path) -> None:
    aggregate, _ = _export(write_executed, tmp_path, "0.3.0")
    results = {r["evaluation_result_id"]: r for r in aggregate["evaluation_results"]}
    overall = results["pass_rate"]["score_details"]
    assert overall["score"] == pytest.approx(0.25)
    assert overall["details"] == {"count": "4", "passed": "1", "failed": "1", "errors": "2", "undecided": "0"}
    assert overall["uncertainty"]["num_samples"] == 4
    assert overall["uncertainty"]["standard_error"]["value"] == pytest.approx(0.25)
    assert results["expectations_met"]["score_details"]["score"] == pytest.approx(1.5 / 4)
    assert results["assertion.tool_called"]["score_details"]["score"] == pytest.approx(0.5)
    assert results["matcher.equality"]["score_details"]["score"] == 1.0
    assert "matcher.free_text" not in results  # the parameter was never checked (its tool was not called)
    assert results["check.expected_response"]["score_details"]["score"] == 1.0
    assert results["category.topic=travel"]["evaluation_name"] == "executed.category.topic=travel"


@pytest.mark.parametrize(("version", "high"), [("0.3.0", "Infinity"), ("0.2.0", 7.0)])
def test_metric_results_carry_their_scale_threshold_and_judge(
    version: str, high: object, write_executed: WriteExecuted, tmp_path: Path
) -> None:
    aggregate, _ = _export(write_executed, tmp_path, version)
    by_name = {(r["evaluation_name"], r["score_details"]["score"]): r for r in aggregate["evaluation_results"]}
    similarity = by_name[("executed", 3.0)]
    assert (similarity["metric_config"]["min_score"], similarity["metric_config"]["max_score"]) == (1.0, 5.0)
    assert similarity["score_details"]["details"]["judge"] == "lexical"
    citations = by_name[("executed", 7.0)]
    assert citations["metric_config"]["max_score"] == high
    if version == "0.3.0":
        results = {r["evaluation_result_id"]: r for r in aggregate["evaluation_results"]}
        assert results["metric.similarity"]["metric_config"]["metric_parameters"] == {"threshold": 3.0}
        assert results["metric.similarity.pass_rate"]["score_details"]["score"] == pytest.approx(0.5)
        assert "metric.relevance" not in results  # skipped everywhere: nothing to report
    else:
        assert "metric_id" not in similarity["metric_config"]


def test_judge_failure_without_an_error_message_names_the_failed_verdict(
    write_executed: WriteExecuted, tmp_path: Path
) -> None:
    undecided = ExampleResult(
        line=1,
        passed=False,
        status="error",
        checks=[CheckResult(name="expected_response", passed=False, reason="", error="judge timed out")],
    )
    executed = write_executed([AGENTIC])
    written = export_eee([undecided], executed, model_id="a/b", out_dir=tmp_path / "out")
    (line,) = read_jsonl(written.samples_path)
    assert line["error"] == "check expected_response: judge timed out"


def test_sample_id_comes_from_the_example_when_it_has_one(write_executed: WriteExecuted, tmp_path: Path) -> None:
    executed = write_executed([{**MULTI_TURN, "id": "geo-0007"}])
    written = export_eee(
        [ExampleResult(line=1, passed=True, status="passed")], executed, model_id="a/b", out_dir=tmp_path
    )
    assert read_jsonl(written.samples_path)[0]["sample_id"] == "geo-0007"


def test_metadata_options_reach_the_aggregate(write_executed: WriteExecuted, tmp_path: Path) -> None:
    from mb.formats.eee import EeeMetadata

    executed = write_executed([MULTI_TURN])
    info = EeeMetadata(
        source_organization="Acme Labs",
        source_organization_url="https://acme.example",
        evaluator_relationship="first_party",
        inference_platform="openai",
        deployment_type="externally_managed",
        model_availability="closed_weights",
        hf_repo="acme/bench",
        hf_split="test",
        judge="lexical",
        evaluation_timestamp="2025-01-02T03:04:05+00:00",
    )
    written = export_eee(
        [ExampleResult(line=1, passed=True, status="passed")],
        executed,
        model_id="acme/agent-1",
        out_dir=tmp_path,
        metadata=info,
        benchmark="acme-bench",
        retrieved_timestamp="1700000000.0",
    )
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    assert schema_problems(aggregate, "aggregate", "0.3.0") == []
    assert re.fullmatch(r"acme-bench/acme/agent-1/[0-9a-f]{32}", aggregate["evaluation_id"])
    assert aggregate["retrieved_timestamp"] == "1700000000.0"
    assert aggregate["evaluation_timestamp"] == "2025-01-02T03:04:05+00:00"
    assert aggregate["source_metadata"]["source_organization_name"] == "Acme Labs"
    assert aggregate["source_metadata"]["evaluator_relationship"] == "first_party"
    assert aggregate["model_info"]["inference_platform"] == "openai"
    assert aggregate["model_info"]["additional_details"]["model_availability"] == "closed_weights"
    assert aggregate["eval_library"]["additional_details"]["judge"] == "lexical"
    source = aggregate["evaluation_results"][0]["source_data"]
    assert source == {
        "dataset_name": "acme-bench",
        "source_type": "hf_dataset",
        "hf_repo": "acme/bench",
        "hf_split": "test",
        "samples_number": 1,
    }


@pytest.mark.parametrize("version", ["0.2.0", "0.3.0"])
def test_tool_call_arguments_keep_their_json_types(version: str, write_executed: WriteExecuted, tmp_path: Path) -> None:
    def call(limit: object) -> dict[str, Any]:
        trace = [{"event": "tool_call", "id": "c1", "tool": "search", "params": {"limit": limit}}]
        return {**AGENTIC, "outputs": {"response": "Done.", "trace": trace}}

    executed = write_executed([call(5), call("5")])
    results = [ExampleResult(line=1, passed=True, status="passed"), ExampleResult(line=2, passed=True, status="passed")]
    written = export_eee(results, executed, model_id="a/b", out_dir=tmp_path / "out", schema_version=version)
    lines = read_jsonl(written.samples_path)
    for line in lines:
        assert schema_problems(line, "instance", version) == []
    key = "messages" if version == "0.3.0" else "interactions"
    arguments = [line[key][2]["tool_calls"][0]["arguments"] for line in lines]
    assert arguments[0] != arguments[1]
    assert [json.loads(a["limit"]) if version == "0.3.0" else a["limit"] for a in arguments] == [5, "5"]


@pytest.mark.parametrize("version", ["0.2.0", "0.3.0"])
def test_raw_input_keeps_only_user_and_system_turns(
    version: str, write_executed: WriteExecuted, tmp_path: Path
) -> None:
    messages = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Hi"},
        {"role": "assistant", "content": "Hello!"},
        {"role": "tool", "content": "lookup done"},
        {"role": "user", "content": "Capital of Italy?"},
    ]
    single = [{"role": "assistant", "content": "Welcome."}, {"role": "user", "content": "Capital of Italy?"}]
    executed = write_executed(
        [
            {"inputs": {"messages": messages}, "expectations": {}, "outputs": {"response": "Rome."}},
            {"inputs": {"messages": single}, "expectations": {}, "outputs": {"response": "Rome."}},
        ]
    )
    results = [
        ExampleResult(line=1, passed=True, status="passed"),
        ExampleResult(line=2, passed=False, status="failed"),
    ]
    written = export_eee(results, executed, model_id="a/b", out_dir=tmp_path / "out", schema_version=version)
    first, second = read_jsonl(written.samples_path)
    assert "error" not in first
    assert "error" not in second
    assert first["input"]["raw"] == "system: Be brief.\nuser: Hi\nuser: Capital of Italy?"
    assert second["input"]["raw"] == "Capital of Italy?"


@pytest.mark.parametrize("version", ["0.2.0", "0.3.0"])
def test_retrieved_chunks_are_a_tool_turn(version: str, write_executed: WriteExecuted, tmp_path: Path) -> None:
    chunk = {"id": "d1", "page_content": "Rome is the capital."}
    call = {"event": "tool_call", "id": "c1", "tool": "lookup", "params": {"q": "Rome"}}
    trace = [{"event": "retriever", "outputs": [chunk]}, call, {"event": "tool_result", "id": "c1", "result": "ok"}]
    document = {"inputs": {"messages": [{"role": "user", "content": "Capital?"}]}, "expectations": {}}
    executed = write_executed([{**document, "outputs": {"response": "Rome.", "trace": trace}}])
    results = [ExampleResult(line=1, passed=True, status="passed")]
    written = export_eee(results, executed, model_id="a/b", out_dir=tmp_path / "out", schema_version=version)
    (line,) = read_jsonl(written.samples_path)
    assert schema_problems(line, "instance", version) == []
    messages = line["messages" if version == "0.3.0" else "interactions"]
    assert messages is not None
    roles = [m["role"] for m in messages]
    assert roles == ["user", "tool", "assistant", "tool", "assistant"]
    assert "retriever" not in roles
    assert json.loads(messages[1]["content"]) == [chunk]


def test_category_results_are_ordered_by_key_then_value(write_executed: WriteExecuted, tmp_path: Path) -> None:
    results = _results()
    results[0] = results[0].model_copy(update={"categories": {"topic": "x", "topic-b": "y"}})
    results[1] = results[1].model_copy(update={"categories": {"topic": "z", "topic.b": "q"}})
    executed = write_executed([AGENTIC, MULTI_TURN, AGENT_ERROR, INVALID])
    written = export_eee(results, executed, model_id="acme/agent-1", out_dir=tmp_path / "out", schema_version="0.3.0")
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    ids = [r["evaluation_result_id"] for r in aggregate["evaluation_results"]]
    categories = [name for name in ids if name.startswith("category.")]
    assert categories == ["category.topic=x", "category.topic=z", "category.topic-b=y", "category.topic.b=q"]


def test_undecided_examples_and_metrics_are_counted_apart(write_executed: WriteExecuted, tmp_path: Path) -> None:
    document = {"inputs": {"messages": [{"role": "user", "content": "Hi"}]}, "expectations": {}}
    executed = write_executed([{**document, "outputs": {"response": "Hello."}}] * 3)
    unsure = MetricResult(value=3.0, passed=False, threshold=3.0, reason="3/5, undecided", details={"undecided": True})
    sure = MetricResult(value=4.0, passed=True, threshold=3.0, reason="4/5")
    results = [
        ExampleResult(line=1, passed=True, status="passed", metrics={"relevance": sure}),
        ExampleResult(line=2, passed=False, status="undecided", metrics={"relevance": unsure}),
        ExampleResult(line=3, passed=False, status="failed", metrics={"relevance": sure}),
    ]
    written = export_eee(results, executed, model_id="a/b", out_dir=tmp_path / "out")
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    by_id = {r["evaluation_result_id"]: r["score_details"] for r in aggregate["evaluation_results"]}
    assert by_id["pass_rate"]["details"] == {
        "count": "3",
        "passed": "1",
        "failed": "1",
        "errors": "0",
        "undecided": "1",
    }
    passes = next(details for key, details in by_id.items() if key.startswith("metric.relevance") and "pass" in key)
    assert passes["details"]["undecided"] == "1"
    assert passes["details"]["failed"] == "0"


def test_instance_metadata_names_the_trial_the_undecided_metric_and_the_example(
    write_executed: WriteExecuted, tmp_path: Path
) -> None:
    document = {"inputs": {"messages": [{"role": "user", "content": "Hi"}]}, "expectations": {}}
    executed = write_executed([{**document, "outputs": {"response": "Hello."}}] * 2)
    key = example_hash(Example.model_validate(document))
    unsure = MetricResult(value=3.0, passed=False, threshold=3.0, reason="3/5, undecided", details={"undecided": True})
    results = [
        ExampleResult(line=1, passed=True, status="passed", repeat=1, example_hash=key),
        ExampleResult(
            line=2, passed=False, status="undecided", repeat=2, example_hash=key, metrics={"relevance": unsure}
        ),
    ]
    written = export_eee(results, executed, model_id="a/b", out_dir=tmp_path / "out")
    first, second = (line["metadata"] for line in read_jsonl(written.samples_path))
    assert (first["repeat"], second["repeat"]) == ("1", "2")
    assert first["example_hash"] == second["example_hash"] == key
    assert second["metric.relevance.passed"] == "undecided"


def test_the_judge_comes_from_the_run_record_when_no_metric_names_it(tmp_path: Path) -> None:
    from tests.results.helpers import EXECUTED, run_eval

    results = tmp_path / "results.jsonl"
    assert run_eval(str(EXECUTED), "-o", str(results), "--metrics", "none").exit_code == 0
    written = export_eee(results, EXECUTED, model_id="a/b", out_dir=tmp_path / "out")
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    assert aggregate["eval_library"]["additional_details"]["judge"] == "lexical"
