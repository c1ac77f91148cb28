"""Examples -> documents: round trips, thread grouping, native benchmarks, outputs and results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mb.entities import Example, Outputs
from mb.formats.m365 import (
    SCHEMA_URI,
    Evaluated,
    M365DocumentError,
    build_document,
    document_to_examples,
    examples_to_document,
    import_m365,
    load_document,
    parse_document,
)
from mb.formats.m365.status import item_status
from mb.io import read_examples, write_examples
from mb.results import AssertionResult, CheckResult, ExampleResult, MetricResult

from .helpers import FIXTURES, assert_valid_1_7

SPEC_DATA = Path(__file__).resolve().parents[2] / "data" / "spec"


def _through_jsonl(examples: list[Example], tmp_path: Path) -> list[Example]:
    path = tmp_path / "bench.jsonl"
    write_examples(path, examples)
    read = list(read_examples(path))
    assert all(isinstance(e, Example) for e in read)
    return read  # type: ignore[return-value]


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.json")))
def test_import_then_export_gives_the_document_back(name: str, tmp_path: Path) -> None:
    expected = load_document(FIXTURES / name).document
    examples = _through_jsonl(import_m365(FIXTURES / name), tmp_path)
    document = examples_to_document(examples).document
    assert_valid_1_7(document)
    assert document == {"$schema": SCHEMA_URI, **{k: v for k, v in expected.items() if k != "$schema"}}


def test_round_trip_keeps_evaluators_modes_and_every_field(tmp_path: Path) -> None:
    examples = _through_jsonl(import_m365(FIXTURES / "all-fields-v1.3.0.json"), tmp_path)
    document = examples_to_document(examples).document
    first, thread = document["items"]
    assert document["default_evaluators"] == {"Relevance": {"threshold": 4}, "Similarity": {}}
    assert document["description"] == "Every field MorganaBench must carry through"
    assert document["com.contoso.owner"] == "alice"
    assert document["metadata"]["extensions"] == {"com.contoso.department": "engineering"}
    assert first["evaluators"] == {"PartialMatch": {"threshold": 0.6, "case_sensitive": True}}
    assert first["evaluators_mode"] == "replace"
    assert first["context"] == "The user is a developer."
    assert first["extensions"]["testId"] == "AUTH-1"
    assert first["extensions"]["category"] == "knowledge-base"
    assert thread["conversation_id"] == "conv-42"
    assert thread["description"] == "Two turns about expenses"
    assert [turn["prompt"] for turn in thread["turns"]] == [
        "I spent $250 on dinner. Is that okay?",
        "What should I do about the overage?",
    ]
    assert thread["turns"][1]["evaluators"] == {
        "Citations": {"threshold": 2, "citation_format": "bracket"},
        "Groundedness": {},
    }
    assert thread["turns"][1]["extensions"] == {"com.contoso.turn": 2}
    assert "expected_response" not in thread["turns"][1]


def test_a_legacy_array_exports_as_a_versioned_document() -> None:
    document = examples_to_document(import_m365(FIXTURES / "legacy-array.json")).document
    assert document["schemaVersion"] == "1.7.0"
    assert document["items"][1] == {
        "prompt": "Issue that was previously broken",
        "expected_response": "Correct behavior after fix",
        "extensions": {"testId": "BUG-456", "notes": "Regression test for bug #456"},
    }


def test_a_native_benchmark_exports_and_comes_back(tmp_path: Path) -> None:
    lines = [json.loads(line) for line in (SPEC_DATA / "examples-unexecuted.jsonl").read_text().splitlines() if line]
    examples = [Example.model_validate(line) for line in lines]
    history = Example.model_validate(
        {
            "inputs": {
                "messages": [
                    {"role": "system", "content": "Be brief."},
                    {"role": "user", "content": "Plan a trip."},
                    {"role": "assistant", "content": "Day 1: Louvre."},
                    {"role": "user", "content": "Is Versailles in Paris?"},
                ],
                "context": {"region": "EU", "ids": [9007199254740993]},
            },
            "expectations": {
                "expected_response": "No.",
                "extended_assertions": [{"assert_that": "tool_not_called", "tool": "book_flight"}],
                "expected_facts": ["Versailles is outside Paris"],
                "guidelines": ["Answer in one word"],
            },
            "id": "trip-7",
            "owner": {"team": "travel"},
        }
    )
    document = examples_to_document([*examples, history]).document
    assert_valid_1_7(document)
    assert "default_evaluators" not in document
    assert len(document["items"]) == len(examples) + 1
    assert document["items"][-1]["extensions"]["morganabench"]["messages"][0] == {
        "role": "system",
        "content": "Be brief.",
    }
    again = document_to_examples(parse_document(json.loads(json.dumps(document))))
    for original, restored in zip([*examples, history], again, strict=True):
        assert restored.inputs.message_dicts() == original.inputs.message_dicts()
        assert restored.inputs.tools == original.inputs.tools
        assert restored.expectations.model_dump() == original.expectations.model_dump()
        assert restored.expectations.extended_assertions == original.expectations.extended_assertions
        assert restored.inputs.metadata == original.inputs.metadata
        assert restored.inputs.model_extra == original.inputs.model_extra  # a JSON context stays JSON
        assert {k: v for k, v in (restored.model_extra or {}).items() if k != "m365"} == original.model_extra
    assert again[-1].expectations.guidelines == ["Answer in one word"]
    document["items"][-1]["context"] = "edited by hand"  # an edited context string wins over the kept JSON value
    edited = document_to_examples(parse_document(json.loads(json.dumps(document))))
    assert (edited[-1].inputs.model_extra or {})["context"] == "edited by hand"


def test_consecutive_turns_regroup_and_a_partial_thread_keeps_its_history() -> None:
    examples = import_m365(FIXTURES / "example-input-multiturn.json")
    document = examples_to_document(examples[2:]).document  # turns 2 and 3 only
    (thread,) = document["items"]
    assert [turn["prompt"] for turn in thread["turns"]] == [
        "What's the weather going to be like?",
        "Should I bring a rain jacket?",
    ]
    kept = thread["turns"][0]["extensions"]["morganabench"]["messages"]
    assert kept == examples[2].inputs.message_dicts()[:-1]
    assert "extensions" not in thread["turns"][1], "turn 3's history follows from the exported turns"
    restored = document_to_examples(parse_document(document))
    assert [e.inputs.message_dicts() for e in restored] == [e.inputs.message_dicts() for e in examples[2:]]


def test_a_thread_that_restarts_is_split() -> None:
    examples = import_m365(FIXTURES / "example-input-multiturn.json")
    turns = examples[1:]
    document = examples_to_document([*turns, *turns]).document
    assert [len(item["turns"]) for item in document["items"]] == [3, 3]


def test_examples_from_documents_with_other_defaults_spell_their_evaluators_out() -> None:
    first = import_m365(FIXTURES / "complete-schema-example.json")[0]
    other = import_m365(FIXTURES / "categorized-v1.0.0.json")[0]  # no default_evaluators: system defaults
    document = examples_to_document([first, other]).document
    assert document["default_evaluators"] == {"Relevance": {}, "Coherence": {}}
    assert document["items"][0]["evaluators_mode"] == "extend"
    assert document["items"][1]["evaluators"] == {"Relevance": {}, "Coherence": {}}
    assert document["items"][1]["evaluators_mode"] == "replace"


def test_an_empty_prompt_is_left_out_and_nothing_to_export_is_an_error() -> None:
    blank = Example.model_validate({"inputs": {"messages": [{"role": "user", "content": " "}]}, "expectations": {}})
    good = Example.model_validate({"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}})
    export = examples_to_document([good, blank], source="b.jsonl")
    assert export.left_out == ["b.jsonl: example 2: the prompt (last message) is empty; M365 prompts must not be empty"]
    assert export.document["items"] == [{"prompt": "hi"}]
    with pytest.raises(M365DocumentError, match="no example to export"):
        examples_to_document([blank])


def _executed(example: Example, response: str, **extra: Any) -> Example:
    return example.model_copy(update={"outputs": Outputs.model_validate({"response": response, **extra})})


def test_executed_examples_carry_response_and_citations() -> None:
    (example,) = import_m365(FIXTURES / "categorized-v1.0.0.json")[:1]
    outputs = {
        "trace": [{"event": "retriever", "outputs": [{"id": "doc-1", "page_content": "Mission text"}]}],
        "citations": [{"document_id": "doc-1", "span_from": 0, "span_to": 11}],
    }
    document = examples_to_document([_executed(example, "Our mission is X.", **outputs)]).document
    assert_valid_1_7(document)
    item = document["items"][0]
    assert item["response"] == "Our mission is X."
    assert item["citations"] == [{"index": 1, "text": "Our mission", "source": "doc-1", "span": [0, 11]}]
    assert "status" not in item
    assert "scores" not in item


def _metric(
    value: float | None, status: str = "ok", reason: str = "because", passed: bool | None = None
) -> MetricResult:
    return MetricResult(status=status, value=value, passed=passed, reason=reason)  # type: ignore[arg-type]


def test_results_become_scores_status_and_thread_summary() -> None:
    examples = import_m365(FIXTURES / "complete-schema-example.json")
    executed = [_executed(e, "Request manager approval. [1]") for e in examples]
    results = {
        1: ExampleResult(
            line=1,
            passed=True,
            metrics={
                "relevance": _metric(4.0),
                "coherence": _metric(None, "error", "the llm judge failed: timeout"),
                "citations": _metric(1.0, passed=True),
            },
        ),
        2: ExampleResult(
            line=2,
            passed=True,
            metrics={"relevance": _metric(2.0), "coherence": _metric(None, "skipped", "coherence needs an LLM judge")},
        ),
        3: ExampleResult(line=3, passed=True, metrics={"exact_match": _metric(1.0, passed=True)}),
    }
    document = examples_to_document(executed, results=results).document
    assert_valid_1_7(document)
    single, thread = document["items"]
    assert single["scores"]["relevance"]["result"] == "pass"
    assert single["scores"]["relevance"]["threshold"] == 3
    assert single["scores"]["coherence"] == {
        "result": "error",
        "error": "Evaluator failed: the llm judge failed: timeout",
    }
    assert single["scores"]["citations"]["count"] == 1
    assert single["scores"]["citations"]["format"] == "mixed"
    assert single["status"] == "partial"
    assert single["error"] == {
        "code": "evaluatorsFailed",
        "message": "Agent response obtained. 1 of 3 evaluators failed to run.",
    }
    first, second = thread["turns"]
    # a requested evaluator that did not run is in scores with its reason; it cannot undo the failed verdict
    assert first["status"] == "fail"
    assert first["error"] == {
        "code": "evaluatorsFailed",
        "message": "Agent response obtained. 1 of 2 evaluators failed to run.",
    }
    assert first["scores"]["coherence"] == {
        "result": "error",
        "error": "Evaluator not run: coherence needs an LLM judge",
    }
    assert first["scores"]["relevance"]["result"] == "fail"
    assert first["extensions"]["morganabench"]["skipped"] == [
        {"evaluator": "Coherence", "reason": "coherence needs an LLM judge"}
    ]
    assert second["scores"] == {
        "exactMatch": {"match": True, "result": "pass", "reason": "because", "evaluator": "morganabench.exact_match"}
    }
    assert thread["summary"] == {
        "turns_total": 2,
        "turns_passed": 1,
        "turns_failed": 1,
        "turns_partial": 0,
        "turns_errored": 0,
        "overall_status": "fail",
    }


def test_a_failed_verdict_beside_evaluators_not_run_is_a_fail_and_one_beside_an_evaluator_that_failed_is_partial() -> (
    None
):
    not_run = {"result": "error", "error": "Evaluator not run: relevance needs an LLM judge"}
    crashed = {"result": "error", "error": "Evaluator failed: timeout"}
    failed = {"score": 0.0, "result": "fail", "evaluator": "morganabench.tool_calls"}
    passed = {"score": 1.0, "result": "pass", "evaluator": "morganabench.tool_calls"}
    assert item_status({"relevance": not_run, "coherence": not_run, "toolCalls": failed})[0] == "fail"
    assert item_status({"relevance": not_run, "toolCalls": passed})[0] == "partial"  # not fully evaluated: no pass
    assert item_status({"relevance": crashed, "toolCalls": failed})[0] == "partial"  # as the status rules say
    assert item_status({"toolCalls": failed}) == ("fail", None)


def test_an_agent_error_and_a_skipped_turn() -> None:
    examples = import_m365(FIXTURES / "complete-schema-example.json")[1:]
    failed = examples[0].model_copy(
        update={
            "outputs": Outputs.model_validate({"response": "", "error": {"type": "TimeoutError", "message": "30s"}})
        }
    )
    document = build_document([Evaluated(failed), Evaluated(examples[1], skipped=True)]).document
    assert_valid_1_7(document)
    first, second = document["items"][0]["turns"]
    assert first["status"] == "error"
    assert first["response"] == ""
    assert first["scores"] == {}
    assert first["error"] == {"code": "agentRequestFailed", "message": "Agent request failed: TimeoutError: 30s"}
    assert second["error"] == {"code": "turnSkipped", "message": "Turn not attempted: preceding turn failed"}
    assert document["items"][0]["summary"]["overall_status"] == "error"
    assert document["items"][0]["summary"]["turns_errored"] == 2


def test_new_results_replace_those_of_an_imported_output_document() -> None:
    examples = import_m365(FIXTURES / "example-output-v1.1.0.json")
    executed = _executed(examples[1], "Something else entirely")
    result = ExampleResult(line=1, passed=False, metrics={"partial_match": _metric(0.1), "exact_match": _metric(0.0)})
    document = examples_to_document([executed], results={1: result}).document
    item = document["items"][0]
    assert item["response"] == "Something else entirely"
    assert item["scores"]["partialMatch"]["score"] == 0.1
    assert item["scores"]["partialMatch"]["result"] == "fail"
    assert item["scores"]["exactMatch"]["match"] is False
    assert item["status"] == "fail"


def _no_evaluators_example() -> Example:
    document = {
        "schemaVersion": "1.7.0",
        "default_evaluators": {},
        "items": [{"prompt": "Book a room for Monday", "expected_response": "Room booked for Monday."}],
    }
    (example,) = document_to_examples(parse_document(document))
    return _executed(example, "Room booked for Monday.")


def _assertion(passed: bool, reason: str) -> AssertionResult:
    return AssertionResult(assert_that="tool_called", tool="book_room", passed=passed, reason=reason)


def test_results_carry_morganabench_verdicts_in_scores() -> None:
    similarity = MetricResult(status="ok", value=4.2, passed=True, threshold=3.0, reason="same meaning")
    result = ExampleResult(
        line=1,
        passed=False,
        assertions=[_assertion(True, "book_room was called"), _assertion(False, "book_room lacks date=Monday")],
        metrics={"similarity": similarity},
    )
    document = build_document([Evaluated(_no_evaluators_example(), result)]).document
    assert_valid_1_7(document)
    (item,) = document["items"]
    assert item["scores"]["toolCalls"] == {
        "score": 0.5,
        "result": "fail",
        "passed": 1,
        "total": 2,
        "reason": "1 of 2 tool-call assertion(s) passed; book_room lacks date=Monday",
        "evaluator": "morganabench.tool_calls",
    }
    assert item["status"] == "fail"  # a failed tool call fails the item even though similarity passed
    # similarity was reported beside the verdict: kept with the item, out of the scores its status reads
    beside = item["extensions"]["morganabench"]["metrics"]["similarity"]
    assert (beside["score"], beside["result"], beside["evaluator"]) == (4.2, "pass", "morganabench.similarity")
    assert "similarity" not in item["scores"]


def test_the_status_follows_the_verdict_not_a_metric_reported_beside_it() -> None:
    exact = MetricResult(value=0.0, passed=False, reason="the response is not the expected response")
    passing = ExampleResult(
        line=1, passed=True, status="passed", assertions=[_assertion(True, "ok")], metrics={"exact_match": exact}
    )
    document = build_document([Evaluated(_no_evaluators_example(), passing)]).document
    assert_valid_1_7(document)
    (item,) = document["items"]
    assert item["status"] == "pass"
    assert set(item["scores"]) == {"toolCalls"}
    assert item["extensions"]["morganabench"]["metrics"]["exactMatch"]["result"] == "fail"
    # required (gating), the same metric decides the verdict and so the item
    required = exact.model_copy(update={"gating": True})
    failing = passing.model_copy(update={"passed": False, "status": "failed", "metrics": {"exact_match": required}})
    (item,) = build_document([Evaluated(_no_evaluators_example(), failing)]).document["items"]
    assert item["scores"]["exactMatch"]["result"] == "fail"
    assert item["status"] == "fail"
    assert "metrics" not in item.get("extensions", {}).get("morganabench", {})
    # the item's own evaluators still decide with it: not run, they never let it pass
    (example,) = document_to_examples(
        parse_document({"schemaVersion": "1.7.0", "items": [{"prompt": "Book a room", "expected_response": "Done."}]})
    )
    (item,) = build_document([Evaluated(_executed(example, "Done."), passing)]).document["items"]
    assert item["scores"]["relevance"]["result"] == "error"
    assert item["status"] == "partial"


def test_passing_tool_calls_pass_and_an_unchecked_assertion_is_an_error() -> None:
    passing = ExampleResult(line=1, passed=True, assertions=[_assertion(True, "book_room was called")])
    (item,) = build_document([Evaluated(_no_evaluators_example(), passing)]).document["items"]
    assert item["scores"]["toolCalls"]["result"] == "pass"
    assert item["status"] == "pass"
    broken = _assertion(False, "")
    broken = broken.model_copy(update={"error": "the trace could not be read"})
    failing = ExampleResult(line=1, passed=False, status="error", assertions=[broken])
    (item,) = build_document([Evaluated(_no_evaluators_example(), failing)]).document["items"]
    assert item["scores"]["toolCalls"] == {
        "result": "error",
        "error": "Evaluator failed: tool-call assertion could not be checked: the trace could not be read",
    }
    assert item["status"] == "partial"


def test_a_failed_check_or_an_undecided_verdict_is_never_a_pass() -> None:
    outside = CheckResult(name="tools_restriction", passed=False, reason="called tools outside inputs.tools: 'rm'")
    failing = ExampleResult(line=1, passed=False, assertions=[_assertion(True, "ok")], checks=[outside])
    (item,) = build_document([Evaluated(_no_evaluators_example(), failing)]).document["items"]
    assert item["scores"]["checks"]["result"] == "fail"
    assert item["status"] == "fail"
    unsure = _assertion(False, "undecided: the judge could not tell").model_copy(update={"undecided": True})
    similarity = MetricResult(
        value=3.0, passed=False, threshold=3.0, reason="3/5, undecided", details={"undecided": True}, gating=True
    )
    undecided = ExampleResult(
        line=1, passed=False, status="undecided", assertions=[unsure], metrics={"similarity": similarity}
    )
    document = build_document([Evaluated(_no_evaluators_example(), undecided)]).document
    assert_valid_1_7(document)
    (item,) = document["items"]
    assert item["scores"]["toolCalls"]["result"] == "error"
    assert item["scores"]["similarity"] == {"result": "error", "error": "Evaluator undecided: 3/5, undecided"}
    assert item["status"] == "partial"


def test_results_that_do_not_say_which_metric_gated_never_make_a_pass_of_an_example_that_did_not_pass() -> None:
    exact = MetricResult(value=0.0, passed=False, reason="the response is not the expected response")
    failed = ExampleResult(
        line=1, passed=False, status="failed", assertions=[_assertion(True, "ok")], metrics={"exact_match": exact}
    )  # the metric gated the verdict, yet the result does not say so
    (item,) = build_document([Evaluated(_no_evaluators_example(), failed)]).document["items"]
    assert item["scores"]["exactMatch"]["result"] == "fail"
    assert item["status"] == "fail"


def test_a_required_metric_that_was_not_scored_is_an_error_never_a_pass() -> None:
    unscored = MetricResult(status="skipped", reason="no expected_response to compare with", gating=True)
    errored = ExampleResult(
        line=1,
        passed=False,
        status="error",
        error="required metric exact_match not scored",
        assertions=[_assertion(True, "ok")],
        metrics={"exact_match": unscored},
    )
    document = build_document([Evaluated(_no_evaluators_example(), errored)]).document
    assert_valid_1_7(document)
    (item,) = document["items"]
    assert item["scores"]["exactMatch"] == {
        "result": "error",
        "error": "Evaluator failed: required metric exact_match not scored: no expected_response to compare with",
    }
    assert item["status"] == "partial"


def _loose_partial_match_examples(turns: int) -> list[Example]:
    """Items (or turns of one thread) whose own PartialMatch passes at 0.1, answered close to the expected response."""
    entries = [
        {"prompt": f"Summary {n}?", "expected_response": "Revenue grew in every region.", "response": "Revenue grew."}
        for n in range(turns)
    ]
    items = [{"turns": entries}] if turns > 1 else entries
    document = {"schemaVersion": "1.7.0", "default_evaluators": {"PartialMatch": {"threshold": 0.1}}, "items": items}
    return [_executed(e, "Revenue grew.") for e in document_to_examples(parse_document(document))]


def _required_partial_match(line: int, value: float) -> ExampleResult:
    """The result of an example on which partial_match was required at 1 (``--require partial_match=1``)."""
    passed = value >= 1
    metric = MetricResult(value=value, passed=passed, threshold=1.0, reason=f"Match score: {value}", gating=True)
    return ExampleResult(
        line=line, passed=passed, status="passed" if passed else "failed", metrics={"partial_match": metric}
    )


def test_a_required_metric_whose_key_an_evaluator_holds_with_a_looser_threshold_still_fails_the_item() -> None:
    (example,) = _loose_partial_match_examples(1)
    document = build_document([Evaluated(example, _required_partial_match(1, 0.6))]).document
    assert_valid_1_7(document)
    (item,) = document["items"]
    assert item["scores"]["partialMatch"]["result"] == "pass"  # the item's own evaluator, at its threshold 0.1
    assert item["scores"]["requiredPartialMatch"]["result"] == "fail"
    assert item["scores"]["requiredPartialMatch"]["threshold"] == 1.0
    assert item["status"] == "fail"
    # with the same verdict, the required metric is not written twice
    (item,) = build_document([Evaluated(example, _required_partial_match(1, 1.0))]).document["items"]
    assert set(item["scores"]) == {"partialMatch"}
    assert item["status"] == "pass"


def test_a_failed_turn_is_never_a_passed_turn_of_a_passed_thread() -> None:
    examples = _loose_partial_match_examples(3)
    results = [_required_partial_match(line, value) for line, value in ((1, 1.0), (2, 0.6), (3, 1.0))]
    document = build_document([Evaluated(e, r) for e, r in zip(examples, results, strict=True)]).document
    assert_valid_1_7(document)
    (thread,) = document["items"]
    assert [turn["status"] for turn in thread["turns"]] == ["pass", "fail", "pass"]
    assert thread["summary"]["overall_status"] == "fail"


@pytest.mark.parametrize("status", ["failed", "undecided", "error"])
def test_an_example_that_did_not_pass_is_never_exported_pass(status: str) -> None:
    (example,) = _loose_partial_match_examples(1)
    # results that keep no trace of what decided the verdict (edited, or written by another tool)
    metric = MetricResult(value=0.6, passed=True, threshold=0.5, reason="Match score: 0.6")
    result = ExampleResult(line=1, passed=False, status=status, metrics={"partial_match": metric})  # type: ignore[arg-type]
    document = build_document([Evaluated(example, result)]).document
    assert_valid_1_7(document)
    (item,) = document["items"]
    assert item["status"] == ("fail" if status == "failed" else "partial")
    assert "the example" in json.dumps(item["scores"]["verdict"])  # says why
