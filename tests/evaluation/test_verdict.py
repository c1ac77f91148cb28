"""What "passed" means, how errors are kept apart from failures, and how judge calls are batched."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pydantic import ValidationError

from mb.cli import main
from mb.entities import Example, Outputs
from mb.evaluation import MetricSpec, evaluate
from mb.io import key_warnings
from mb.judges.base import JudgeTask
from mb.testing import assert_example
from tests.support.judges import FailingJudge, ScriptedJudge

BASE: dict[str, Any] = {
    "inputs": {
        "messages": [{"role": "user", "content": "Who is the King?"}],
        "tools": ["search"],
        "metadata": {"categories": {"topic": "royals"}},
    },
    "expectations": {
        "expected_response": "King Charles III",
        "assertions": [
            {
                "assert_that": "tool_called",
                "tool": "search",
                "parameters": [
                    {"param": "query", "matcher": {"match_as": "free_text", "value": "king"}},
                    {"param": "limit", "matcher": {"match_as": "equality", "value": 5}},
                ],
            }
        ],
    },
    "outputs": {
        "response": "The King is King Charles III.",
        "trace": [
            {"event": "tool_call", "id": "c1", "tool": "search", "params": {"query": "current king", "limit": 5}},
            {"event": "tool_result", "id": "c1", "result": {"ok": True}},
        ],
    },
}


def _example(**changes: Any) -> Example:
    document = copy.deepcopy(BASE)
    for dotted, value in changes.items():
        node = document
        *parents, last = dotted.split("__")
        for key in parents:
            node = node[key]
        node[last] = value
    return Example.model_validate(document)


def test_an_example_passes_when_every_expectation_holds() -> None:
    (result,) = evaluate([_example()], judge=ScriptedJudge()).results
    assert result.passed
    assert result.status == "passed"
    assert result.score == 1.0
    assert [c.name for c in result.checks] == ["tools_restriction", "orphan_tool_results", "expected_response"]
    assert result.categories == {"topic": "royals"}


def test_restriction_fails_the_example_even_when_assertions_pass() -> None:
    trace = [
        *copy.deepcopy(BASE["outputs"]["trace"]),
        {"event": "tool_call", "id": "c2", "tool": "shell", "params": {}},
    ]
    (result,) = evaluate([_example(outputs__trace=trace)], judge=ScriptedJudge()).results
    assert result.assertions[0].passed
    assert not result.passed
    assert result.status == "failed"
    assert next(c for c in result.checks if c.name == "tools_restriction").passed is False


def test_orphan_tool_result_fails_the_example() -> None:
    trace = [*copy.deepcopy(BASE["outputs"]["trace"]), {"event": "tool_result", "id": "zz", "result": 1}]
    (result,) = evaluate([_example(outputs__trace=trace)], judge=ScriptedJudge()).results
    assert not result.passed
    assert "'zz'" in next(c for c in result.checks if c.name == "orphan_tool_results").reason


def test_response_must_match_the_expected_response_in_meaning() -> None:
    (result,) = evaluate([_example(outputs__response="I do not know.")], judge=ScriptedJudge()).results
    assert not result.passed
    check = next(c for c in result.checks if c.name == "expected_response")
    assert not check.passed
    assert "does not match" in check.reason


def test_without_expected_response_the_response_is_not_judged() -> None:
    judge = ScriptedJudge()
    (result,) = evaluate([_example(expectations__expected_response=None, outputs__response="??")], judge=judge).results
    assert result.passed
    assert all(r.task is not JudgeTask.SIMILARITY for r in judge.asked)


@pytest.mark.parametrize("expected", ["", "  "])
def test_an_empty_expected_response_is_an_error_of_the_benchmark(expected: str) -> None:
    for response in ("The King is King Charles III.", ""):
        changes = {"expectations__expected_response": expected, "outputs__response": response}
        run = evaluate([_example(**changes)], judge=ScriptedJudge())
        (result,) = run.results
        assert (result.status, result.passed) == ("error", False)
        check = next(c for c in result.checks if c.name == "expected_response")
        assert check.error == "expected_response is empty: nothing to compare"
        assert (run.summary.errors, run.summary.failed) == (1, 0)


def test_judge_failure_is_an_error_never_a_silent_verdict() -> None:
    run = evaluate([_example()], judge=FailingJudge())
    (result,) = run.results
    assert result.status == "error"
    assert not result.passed
    assert result.assertions[0].error is not None
    assert "connection refused" in (result.error or "")
    assert (run.summary.errors, run.summary.failed, run.summary.passed) == (1, 0, 0)


@pytest.mark.parametrize(
    ("recorded", "error"),
    [
        ({}, "unknown error"),
        ("", "unknown error"),
        ({"type": "", "message": ""}, "unknown error"),
        ({"type": "ValueError"}, "ValueError: unknown error"),
        ({"message": "boom"}, "boom"),
        ("boom", "boom"),
    ],
)
def test_any_recorded_agent_error_but_null_makes_the_example_an_error_even_an_empty_one(
    recorded: Any, error: str
) -> None:
    (result,) = evaluate([_example(outputs__error=recorded)], judge=ScriptedJudge()).results
    assert (result.status, result.error) == ("error", f"agent error: {error}")
    (result,) = evaluate([_example(outputs__error=None)], judge=ScriptedJudge()).results
    assert result.status == "passed"


@pytest.mark.parametrize("recorded", [None, False, 0])
def test_a_null_false_or_zero_agent_error_is_no_error(recorded: Any) -> None:
    (result,) = evaluate([_example(outputs__error=recorded)], judge=ScriptedJudge()).results
    assert (result.status, result.error) == ("passed", None)


def test_a_deterministic_failure_outranks_an_undecided_judge() -> None:
    trace = copy.deepcopy(BASE["outputs"]["trace"])
    trace[0]["params"]["limit"] = 6
    (result,) = evaluate([_example(outputs__trace=trace)], judge=FailingJudge()).results
    assert result.status == "failed"


def test_agent_errors_and_invalid_lines_are_errors(tmp_path: Any) -> None:
    failed = _example(outputs={"response": "", "error": {"type": "TimeoutError", "message": "no answer in 30s"}})
    path = tmp_path / "e.jsonl"
    path.write_text(failed.model_dump_json() + "\n{broken\n" + _example().model_dump_json() + "\n")
    run = evaluate(path, judge=ScriptedJudge())
    assert [r.line for r in run.results] == [1, 2, 3]
    assert [r.status for r in run.results] == ["error", "error", "passed"]
    assert run.results[0].error == "agent error: TimeoutError: no answer in 30s"
    assert (run.results[1].error or "").startswith("invalid line: $: invalid JSON")
    assert (run.summary.total, run.summary.passed, run.summary.errors, run.summary.pass_rate) == (3, 1, 2, 0.3333)
    assert run.results[0].failure_reasons() == ["error: agent error: TimeoutError: no answer in 30s"]
    assert run.results[2].failure_reasons() == []


def test_extended_assertions_past_the_check_limit_make_an_error_that_names_their_kind() -> None:
    calls = [
        {"event": "tool_call", "id": f"c{i}", "tool": "search", "params": {"query": "king", "limit": 5}}
        for i in range(2_100)
    ]
    extended = [{"assert_that": "tool_order", "tools": ["search"]}] * 100  # 210,000 checks
    example = _example(expectations__extended_assertions=extended, outputs__trace=calls)
    (result,) = evaluate([example], judge=ScriptedJudge()).results
    assert (result.status, result.passed) == ("error", False)
    assert result.error is not None
    assert "assertion tool_order not judged: the example asks for 210,000 checks" in result.error
    assert "None" not in result.error


@pytest.mark.parametrize(
    ("part", "key", "value", "meant"),
    [
        (
            "expectations",
            "extended_assertion",
            [{"assert_that": "tool_not_called", "tool": "search"}],
            "extended_assertions",
        ),
        ("expectations", "expected_fact", ["The King is Queen Camilla."], "expected_facts"),
        ("inputs", "tool", ["lookup"], "tools"),
        ("outputs", "traces", [], "trace"),
        ("outputs", "errors", ["boom"], "error"),
        ("outputs", "Error", {"type": "TimeoutError", "message": "no answer"}, "error"),
        ("expectations", "asertions", [{"assert_that": "tool_called", "tool": "delete"}], "assertions"),
        ("expectations", "extended_asertions", [{"assert_that": "no_tool_called"}], "extended_assertions"),
        ("expectations", "expected_respons", "Hello", "expected_response"),
        ("expectations", "Expected_Response", "Hello", "expected_response"),
        ("expectations", "expctd_response", "Hello", "expected_response"),
        ("expectations", "EXPECTED_RESPONSE", "Hello", "expected_response"),
        ("expectations", "ASSERTIONS", [{"assert_that": "tool_called", "tool": "delete"}], "assertions"),
        ("expectations", "EXTENDED_ASSERTIONS", [{"assert_that": "no_tool_called"}], "extended_assertions"),
        ("expectations", "GUIDELINES", ["in French"], "guidelines"),
        ("expectations", "EXPECTED_FACTS", ["costs 5000"], "expected_facts"),
        ("inputs", "TOOLS", ["lookup"], "tools"),
    ],
)
def test_a_misspelt_key_that_would_hold_checks_makes_the_line_invalid(
    part: str, key: str, value: Any, meant: str
) -> None:
    document = copy.deepcopy(BASE)
    document["expectations"]["assertions"] = []  # every other expectation holds: only the misspelt key decides
    document[part][key] = document[part].pop(meant, None) or value  # not empty: an empty one is only a warning
    with pytest.raises(ValidationError) as caught:  # the line is invalid: never evaluated, never a pass
        Example.model_validate(document)
    (error,) = caught.value.errors()
    assert error["loc"] == (part, key)
    assert f'unknown key "{key}"; did you mean "{meant}"?' in error["msg"]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("tool_assertions", [{"assert_that": "tool_called", "tool": "delete", "parameters": []}]),
        ("asserts", [{"assert_that": "tool_called", "tool": "delete"}]),
        ("ext_assertions", [{"assert_that": "tool_not_called", "tool": "search"}]),
        ("checks", [{"assert_that": "no_tool_called"}, {"assert_that": "tool_order", "tools": ["a", "b"]}]),
    ],
)
def test_an_unknown_key_holding_assertions_makes_the_line_invalid_whatever_its_name(key: str, value: Any) -> None:
    document = copy.deepcopy(BASE)
    document["expectations"]["assertions"] = []
    document["expectations"][key] = value
    with pytest.raises(ValidationError) as caught:
        Example.model_validate(document)
    (error,) = caught.value.errors()
    assert error["loc"] == ("expectations", key)
    assert f'unknown key "{key}" holds assertions that are not read' in error["msg"]


@pytest.mark.parametrize(
    ("part", "key", "value", "name"),
    [
        ((), "Assertions", [{"assert_that": "tool_called", "tool": "delete"}], "assertions"),
        ((), "assertion", [{"assert_that": "no_tool_called"}], "assertions"),
        ((), "asertions", [{"tool": "delete"}], "assertions"),
        ((), "assertions", {"assert_that": "no_tool_called"}, "assertions"),
        ((), "Expectations", {"expected_response": "Hello"}, "expectations"),
        ((), "expected_response", ["Hello"], "expected_response"),
        ((), "expected_output", "Hello", "expected_response"),
        ((), "guidelines", ["Answer in French"], "guidelines"),
        ((), "expected\u200b_facts", ["costs 5000"], "expected_facts"),
        ((), "\uff45xpected_response", "Hello", "expected_response"),
        (("inputs",), "Expected_Response", "Hello", "expected_response"),
        (("inputs",), "expected_respone", "Hello", "expected_response"),
        (("inputs",), "expected_facts", "costs 5000", "expected_facts"),
        (("inputs",), "expectations", {"expected_response": "Hello"}, "expectations"),
        (("inputs",), "ground_truth", "Hello", "expected_response"),
        (("outputs",), "Expected_response", "Hello", "expected_response"),
        (("outputs",), "guidelines", ["Answer in French"], "guidelines"),
        ((), "assertions", [{"assert_that": "tool_called", "tool": "delete"}], "assertions"),
        ((), "expected_response", "Hello", "expected_response"),
        (("inputs",), "expected_response", "Hello", "expected_response"),
        (("inputs",), "expected_facts", ["costs 5000"], "expected_facts"),
        (("inputs",), "extended_assertions", [{"assert_that": "no_tool_called"}], "extended_assertions"),
        (("outputs",), "assertions", [{"assert_that": "tool_called", "tool": "delete"}], "assertions"),
        (("outputs",), "expected_response", "Hello", "expected_response"),
        ((), "checks", [{"assert_that": "tool_call_count", "max": 0}], None),
        (("outputs",), "checks", [{"assert_that": "tool_not_called", "tool": "search"}], None),
    ],
)
def test_a_key_naming_an_expectation_outside_expectations_makes_the_line_invalid_whatever_its_case_spelling_or_value(
    part: tuple[str, ...], key: str, value: Any, name: str | None
) -> None:
    document = copy.deepcopy(BASE)
    (document[part[0]] if part else document)[key] = value
    with pytest.raises(ValidationError) as caught:
        Example.model_validate(document)
    (error,) = caught.value.errors()
    assert error["loc"] == (*part, key)
    what = f'names an expectation ("{name}")' if name else "holds assertions"
    assert error["msg"] == f'"{key}" {what}, checked only inside "expectations": move it there'
    document["inputs"]["guidelines"] = ["Answer in French"]  # instructions an agent may be given: its own data
    (document[part[0]] if part else document)[key] = [] if isinstance(value, list) else ""  # nothing to check
    assert Example.model_validate(document).inputs.model_extra["guidelines"] == ["Answer in French"]


def test_expectations_nested_in_expectations_make_the_line_invalid_and_guidelines_in_inputs_are_data() -> None:
    document = copy.deepcopy(BASE)
    document["expectations"]["expectations"] = {"assertions": [{"assert_that": "no_tool_called"}]}
    with pytest.raises(ValidationError) as caught:
        Example.model_validate(document)
    (error,) = caught.value.errors()
    assert error["loc"] == ("expectations", "expectations")
    assert "nests expectations, which are not read there" in error["msg"]
    del document["expectations"]["expectations"]
    for key in ("guidelines", "Guidelines"):  # the agent's instructions, in any case
        document["inputs"][key] = ["Answer in French"]
        assert Example.model_validate(document).inputs.model_extra[key] == ["Answer in French"]
    typo = copy.deepcopy(BASE)
    typo["outputs"]["xpected_response"] = "Goodbye"  # its first letter dropped
    with pytest.raises(ValidationError, match=r'names an expectation \("expected_response"\)'):
        Example.model_validate(typo)
    for part in ("inputs", "outputs"):  # a reference may be the user's own document, insertions its own data
        document[part]["reference"] = "RFC 9110"
        document[part]["insertions"] = ["a row"]
        assert getattr(Example.model_validate(document), part).model_extra["reference"] == "RFC 9110"


@pytest.mark.parametrize(
    ("key", "value", "kind"),
    [
        ("tool_not_called", "search", "tool_not_called"),
        ("tool_order", ["search", "delete"], "tool_order"),
        ("no_tool_called", True, "no_tool_called"),
        ("tool_called", {"tool": "x"}, "tool_called"),
        ("toolNotCalled", "delete_account", "tool_not_called"),
        ("Tool-Not-Called", "delete_account", "tool_not_called"),
        ("tools_not_called", ["delete_account"], "tool_not_called"),
        ("tool_calls_count", {"max": 0}, "tool_call_count"),
    ],
)
def test_a_key_of_expectations_named_for_an_assertion_kind_makes_the_line_invalid(
    key: str, value: Any, kind: str
) -> None:
    document = copy.deepcopy(BASE)
    document["expectations"][key] = value
    with pytest.raises(ValidationError) as caught:
        Example.model_validate(document)
    (error,) = caught.value.errors()
    assert error["loc"] == ("expectations", key)
    assert error["msg"] == (
        f'unknown key "{key}" names an assertion ("{kind}") that is not read; write it in "extended_assertions" as '
        f'{{"assert_that": "{kind}", ...}}'
    )


def test_a_list_mixing_assertions_and_other_items_is_not_dropped() -> None:
    document = copy.deepcopy(BASE)
    document["expectations"]["checks"] = [{"assert_that": "tool_not_called", "tool": "search"}, {"note": "x"}]
    with pytest.raises(ValidationError) as caught:
        Example.model_validate(document)
    assert 'unknown key "checks" holds assertions that are not read' in caught.value.errors()[0]["msg"]


def test_an_extra_key_that_is_no_misspelling_leaves_the_verdict_alone() -> None:
    document = copy.deepcopy(BASE)
    document["expectations"]["notes"] = "reviewed by the data team"
    document["inputs"]["source"] = "support tickets"
    document["outputs"]["trace_id"] = "4bf92f3577b34da6"  # close to "trace", but no trace: an id of another tool
    del document["outputs"]["trace"]
    del document["inputs"]["tools"]  # a restriction of the tools cannot be checked without a trace
    document["expectations"]["assertions"] = []
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge()).results
    assert result.status == "passed"


@pytest.mark.parametrize(
    ("assertion", "untold"),
    [
        ({"assert_that": "tool_not_called", "tool": "delete_account"}, "that 'delete_account' was not called"),
        ({"assert_that": "tool_call_count", "tool": "delete_account", "max": 0}, "how many calls were made"),
        ({"assert_that": "tool_call_count", "max": 2}, "how many calls were made"),
    ],
)
def test_a_line_without_a_trace_cannot_pass_what_a_call_would_break(assertion: dict[str, Any], untold: str) -> None:
    document = copy.deepcopy(BASE)
    del document["outputs"]["trace"]  # no key at all: not an empty trace
    document["outputs"]["response"] = "I have deleted your account."
    document["expectations"] = {"extended_assertions": [assertion]}
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert (result.status, result.passed) == ("error", False)
    (row,) = result.assertions
    assert (row.passed, row.reason) == (False, f"outputs.trace is absent: cannot tell {untold}")
    (check,) = result.checks
    assert (check.name, check.passed) == ("tools_restriction", False)
    assert check.reason == "outputs.trace is absent: cannot tell that every call uses an allowed tool"
    # an empty trace says no tool was called: decided
    document["outputs"]["trace"] = []
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert result.status == "passed", result.failure_reasons()


def test_a_line_without_a_trace_fails_what_needs_a_call_and_cannot_pass_no_tool_called() -> None:
    document = copy.deepcopy(BASE)
    del document["outputs"]["trace"]
    del document["inputs"]["tools"]
    del document["expectations"]["expected_response"]
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert result.status == "failed"  # the tool_called assertion: no call to search
    document["expectations"]["assertions"] = [{"assert_that": "no_tool_called"}]
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert (result.status, result.error) == (
        "error",
        "assertion no_tool_called not judged: outputs.trace is absent: cannot tell that no tool was called",
    )


@pytest.mark.parametrize(
    "outputs",
    [
        "Hello!",
        {"response": "Hello!"},
        Outputs(response="Hello!"),
        Outputs.model_validate({"response": "Hello!"}),
        Outputs.model_validate_json('{"response": "Hello!"}'),
    ],
    ids=["str", "dict", "Outputs", "validated", "json"],
)
def test_outputs_given_without_a_trace_cannot_pass_what_a_call_would_break(outputs: Any) -> None:
    document = copy.deepcopy(BASE)
    del document["outputs"]
    del document["expectations"]["expected_response"]
    document["expectations"]["assertions"] = [{"assert_that": "no_tool_called"}]
    document["expectations"]["extended_assertions"] = [{"assert_that": "tool_not_called", "tool": "delete_account"}]
    with pytest.raises(AssertionError, match=r"outputs\.trace is absent: cannot tell that 'delete_account' was not"):
        assert_example(Example.model_validate(document), outputs, judge=ScriptedJudge())
    # a trace given, even empty, says which calls were made: decided
    for traced in ({"response": "Hello!", "trace": []}, Outputs(response="Hello!", trace=[])):
        assert_example(Example.model_validate(document), traced, judge=ScriptedJudge())


@pytest.mark.parametrize(
    ("part", "key", "value"),
    [
        ("expectations", "expected_tools", ["search"]),
        ("expectations", "expected_tags", ["x"]),
        ("expectations", "expected_actions", ["book"]),
        ("expectations", "expected_results", "x"),
        ("inputs", "toolset", ["a"]),
        ("expectations", "expected_tools", [{"tool": "search"}]),  # objects, but no assertions
    ],
)
def test_a_plausible_dataset_key_near_a_field_is_a_warning_not_an_error(part: str, key: str, value: Any) -> None:
    document = copy.deepcopy(BASE)
    document["expectations"]["assertions"] = []
    del document["expectations"]["expected_response"], document["inputs"]["tools"]  # so each key has a close field
    document[part][key] = value
    (warning,) = key_warnings(document, file="x.jsonl", line=1)
    assert (warning.key, warning.suggestion is not None) == (key, True)  # still warned, with its closest field
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge()).results
    assert result.status == "undecided"  # no error; it checks nothing, so it is no pass either


def test_identical_judge_questions_cost_one_call() -> None:
    judge = ScriptedJudge()
    run = evaluate([_example() for _ in range(50)], judge=judge)
    assert run.summary.passed == 50
    assert len(judge.batches) == 1
    assert len(judge.asked) == len(set(judge.asked)) == 2  # one equivalence, one similarity question


def test_deterministic_examples_never_reach_the_judge() -> None:
    judge = ScriptedJudge()
    example = _example(expectations__expected_response=None, outputs__response="x")
    example.expectations.assertions[0].parameters.pop(0)  # type: ignore[union-attr]
    assert evaluate([example], judge=judge, metrics=[]).results[0].passed
    assert judge.batches == []


def test_required_metric_gates_the_verdict() -> None:
    example = _example(expectations__expected_response="Charles III is King")
    assert evaluate([example], judge=ScriptedJudge()).results[0].passed
    failed = evaluate([example], judge=ScriptedJudge(), require=["exact_match"]).results[0]
    assert failed.passed is False
    [reason] = failed.failure_reasons()
    assert reason.startswith("exact_match: ")
    result = evaluate([example], judge=ScriptedJudge(), require=[MetricSpec("partial_match", 0.5)]).results[0]
    assert result.passed
    assert result.metrics["partial_match"].gating


def test_required_metric_that_cannot_run_is_an_error() -> None:
    (result,) = evaluate([_example()], judge=ScriptedJudge(), require=["relevance"]).results
    assert result.status == "error"
    assert "relevance" in (result.error or "")
    assert result.metrics["relevance"].status == "skipped"
    assert "required metric relevance not scored: relevance needs an LLM judge" in (result.error or "")


@pytest.mark.parametrize("required", [["citations"], ["groundedness"], ["citations", "groundedness"]])
def test_a_required_metric_that_does_not_apply_is_an_error_like_one_that_cannot_run(required: list[str]) -> None:
    example = _example()  # no retrieval, no citations; groundedness applies (tool results) but needs an LLM judge
    assert evaluate([example], judge=ScriptedJudge()).results[0].passed
    run = evaluate([example], judge=ScriptedJudge(), require=required)
    (result,) = run.results
    assert (result.status, result.passed) == ("error", False)
    for name in required:
        assert f"required metric {name} not scored: " in (result.error or "")
        assert result.metrics[name].gating
        assert run.summary.by_metric[name].errors == 1
    assert (run.summary.passed, run.summary.errors) == (0, 1)
    if "citations" in required:
        assert "citations not scored: not applicable to this example (it has no retrieved chunks" in (
            result.error or ""
        )
    with pytest.raises(AssertionError, match=f"required metric {required[0]} "):
        assert_example(example, example.outputs or {}, judge=ScriptedJudge(), require=required)


def test_unknown_metric_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown metric"):
        evaluate([_example()], judge=ScriptedJudge(), metrics=["bleu"])
    with pytest.raises(ValueError, match=r"unknown metric 'relevence' \(did you mean 'relevance'\?\); known: "):
        evaluate([_example()], judge=ScriptedJudge(), require=["relevence"])


def test_summary_slices() -> None:
    bad = _example(outputs__response="no idea")
    run = evaluate([_example(outputs__response="King Charles III"), bad], judge=ScriptedJudge())
    summary = run.summary
    assert summary.by_assertion["tool_called"].passed == 2
    assert summary.by_matcher["equality"].total == 2
    assert summary.by_matcher["free_text"].passed == 2
    assert summary.by_check["expected_response"].failed == 1
    assert summary.by_category["topic=royals"].total == 2
    assert summary.by_category["topic=royals"].passed == 1
    assert summary.by_metric["exact_match"].mean == 0.5
    assert summary.judge == "scripted"


def test_a_required_similarity_is_the_expected_response_check_counted_once() -> None:
    judge = ScriptedJudge(lambda r: 0.6)  # grade 3.4: above the default pass mark 3, below 4
    assert evaluate([_example()], judge=judge).results[0].passed
    (result,) = evaluate([_example()], judge=ScriptedJudge(lambda r: 0.6), require=["similarity=4"]).results
    assert not result.passed
    assert [c.name for c in result.checks].count("expected_response") == 1
    assert result.metrics["similarity"].gating is False
    assert result.metrics["similarity"].threshold == 4.0


def test_a_response_below_the_required_similarity_says_the_grade_reached_and_the_grade_required() -> None:
    (result,) = evaluate([_example()], judge=ScriptedJudge(lambda r: 0.6), require=["similarity=4"]).results
    [check] = [c for c in result.checks if c.name == "expected_response"]
    assert check.reason.startswith("the response's similarity to the expected response is 3.4/5, below the 4 required")
    assert "does not match" not in check.reason
    (default,) = evaluate([_example()], judge=ScriptedJudge(lambda r: 0.2)).results  # grade 1.8: the meaning differs
    [check] = [c for c in default.checks if c.name == "expected_response"]
    assert check.reason.startswith("the response does not match the expected response in meaning")


class _NoVerdicts:
    """A judge that answers with something other than verdicts."""

    name = "broken"

    def supports(self, task: JudgeTask) -> bool:
        return True

    async def judge(self, requests: Any) -> list[Any]:
        return [None for _ in requests]


@pytest.mark.parametrize(
    "judge", [ScriptedJudge(lambda request: 7.0), ScriptedJudge(lambda request: math.nan), _NoVerdicts()]
)
def test_a_verdict_out_of_the_judge_contract_is_a_judge_error(judge: Any) -> None:
    run = evaluate([_example(outputs__response="Charles.")], judge=judge)
    (result,) = run.results
    assert (result.status, result.passed) == ("error", False)
    assert "the judge returned an invalid verdict" in (result.error or "")
    assert 0.0 <= result.score <= 1.0
    assert (run.summary.errors, run.summary.passed) == (1, 0)


_DELETE_CALL = {"id": "c1", "type": "function", "function": {"name": "delete_account", "arguments": "{}"}}


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("tool_calls", [{"name": "delete_account"}]),
        ("function_call", {"name": "delete_account", "arguments": "{}"}),
        ("function_calls", [{"name": "delete_account", "arguments": "{}"}]),
        ("messages", [{"role": "assistant", "content": None, "tool_calls": [_DELETE_CALL]}]),
        ("messages", [{"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "delete_account"}]}]),
        (
            "messages",
            [{"type": "ai", "content": "", "tool_calls": [{"name": "delete_account", "args": {}, "id": "1"}]}],
        ),
        ("intermediate_steps", [[{"tool": "delete_account", "tool_input": {}}, "deleted"]]),
        ("steps", [{"type": "tool", "name": "delete_account"}]),
        ("toolCalls", [{"name": "delete_account"}]),
        ("messages", [{"role": "model", "parts": [{"functionCall": {"name": "delete_account", "args": {}}}]}]),
        ("messages", [{"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "delete_account"}}]}]),
        ("messages", [{"role": "ai", "content": "", "tool_calls": [_DELETE_CALL]}]),
        ("messages", json.dumps([{"role": "assistant", "tool_calls": [_DELETE_CALL]}])),
        (
            "messages",
            [{"lc": 1, "type": "constructor", "kwargs": {"tool_calls": [{"name": "delete_account", "args": {}}]}}],
        ),
        ("output", [{"type": "function_call", "call_id": "c1", "name": "delete_account", "arguments": "{}"}]),
        ("content", [{"type": "tool_use", "id": "t1", "name": "delete_account", "input": {}}]),
        ("choices", [{"message": {"role": "assistant", "tool_calls": [_DELETE_CALL]}}]),
        (
            "chat_history",
            [{"role": "user", "content": "Close it."}, {"role": "assistant", "tool_calls": [_DELETE_CALL]}],
        ),
        ("actions", [{"tool": "delete_account", "tool_input": {}, "log": ""}]),
        ("raw", {"candidates": [{"content": {"parts": [{"functionCall": {"name": "delete_account"}}]}}]}),
        ("raw", {"output": {"message": {"content": [{"toolUse": {"toolUseId": "t1", "name": "delete_account"}}]}}}),
        ("messages", [{"role": "tool", "tool_call_id": "c1", "content": "Account deleted."}]),  # a tool ran
        ("history", [{"type": "function_call_output", "call_id": "c1", "output": "deleted"}]),
        ("history", [{"type": "tool", "tool_call_id": "c1", "content": "deleted"}]),
        ("content", [{"type": "tool_result", "tool_use_id": "t1", "content": "deleted"}]),
        ("mcp", {"content": [{"type": "text", "text": "Account deleted."}], "isError": False}),
        ("calls", [{"name": "delete_account", "arguments": {}}]),
        ("parallel_calls", [{"name": "delete_account", "arguments": {}}]),
        ("mcp_calls", [{"name": "delete_account", "input": {}}]),
        ("tool_invocations", [{"tool_name": "delete_account", "args": {}}]),
        ("function", {"name": "delete_account", "arguments": "{}"}),
        ("toolUse", {"name": "delete_account", "input": {}}),
        ("tools_used", ["delete_account"]),
        ("Executed-Tools", ["delete_account"]),
        ("messages", [{"role": "Assistant", "tool_calls": [_DELETE_CALL]}]),
        ("history", [{"role": "TOOL", "tool_call_id": "c1", "content": "deleted"}]),
        ("metadata", {"tool_calls": [{"name": "delete_account"}]}),
        ("metadata", {"run": [{"toolInvocation": {"tool": "delete_account"}}]}),
        ("subagent", {"trace": [{"event": "tool_call", "id": "s1", "tool": "delete_account", "params": {}}]}),
    ],
)
def test_calls_recorded_beside_the_trace_where_they_are_not_read_leave_no_call_made_undecided(
    key: str, value: Any, tmp_path: Any
) -> None:
    from click.testing import CliRunner

    from mb.cli import main

    document = copy.deepcopy(BASE)
    del document["inputs"]["tools"]
    document["expectations"] = {
        "assertions": [{"assert_that": "no_tool_called"}],
        "extended_assertions": [
            {"assert_that": "tool_not_called", "tool": "delete_account"},
            {"assert_that": "tool_call_count", "max": 0},
        ],
    }
    document["outputs"] = {"response": "Done.", "trace": [], key: value}
    reason = f"outputs.{key} is not read (calls go in outputs.trace): cannot tell"
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert result.status == "error"
    assert [(row.passed, row.reason.startswith(reason)) for row in result.assertions] == [(False, True)] * 3
    with pytest.raises(AssertionError, match=rf"outputs\.{key} is not read"):
        assert_example(Example.model_validate(document), document["outputs"], judge=ScriptedJudge(), metrics=[])
    executed = tmp_path / "executed.jsonl"
    executed.write_text(json.dumps(document) + "\n")
    warning = f"executed.jsonl:1: warning: $.outputs.{key}: not read; tool calls go in outputs.trace"
    checked = CliRunner().invoke(main, ["validate", "--executed", str(executed)])
    assert checked.exit_code == 0, checked.output
    assert warning in checked.output
    run = CliRunner().invoke(main, ["eval", "--judge", "lexical", "--metrics", "none", str(executed)])
    assert warning in run.output
    assert "0/1 passed" in run.output
    assert "1 error(s)" in run.output
    # empty, or a conversation with no call: nothing hidden, decided (an empty key named for calls is still warned of)
    unnamed = ("messages", "output", "content", "choices", "chat_history", "raw", "history", "metadata", "mcp")
    unnamed += ("subagent",)
    named = key not in unnamed
    document["outputs"][key] = [] if named else [{"role": "assistant", "content": "Done."}]
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert result.status == "passed", result.failure_reasons()
    executed.write_text(json.dumps(document) + "\n")
    checked = CliRunner().invoke(main, ["validate", "--executed", str(executed)])
    assert (warning in checked.output) is named, checked.output


_SUBAGENT = {"event": "tool_call", "id": "c1", "tool": "run_subagent", "params": {"task": "tidy up"}}
_THREAD = {"configurable": {"thread_id": "t1"}}
_RUN_DONE = {"object": "thread.run", "id": "run_2", "status": "completed"}
_RUN_WAITS = {"object": "thread.run", "id": "run_1", "status": "requires_action"}
_RESPONSE = {"object": "response", "id": "resp_2", "status": "completed", "model": "gpt-4.1", "output": []}
_PART = {"kind": "artifact-update", "taskId": "t1", "artifact": {"artifactId": "a1", "parts": []}}
_CARD = {"kind": "task", "id": "B-1", "status": {"state": "working"}}
_ANSWER = {"object": "response", "id": "resp_1", "status": "incomplete"}


def _task(task: str, state: str) -> dict[str, Any]:
    return {"kind": "task", "id": task, "contextId": "x", "status": {"state": state}}


def _update(task: str, state: str) -> dict[str, Any]:
    return {"kind": "status-update", "taskId": task, "status": {"state": state}}


def _snapshot(thread: str, waits: list[str]) -> dict[str, Any]:
    return {"values": {}, "next": waits, "config": {"configurable": {"thread_id": thread, "checkpoint_id": "c1"}}}


@pytest.mark.parametrize(
    ("result", "extra", "why"),
    [
        # a nested agent's calls in a tool's result
        ({"trace": [{"event": "tool_call", "id": "s1", "tool": "delete_account", "params": {}}]}, {}, "c1"),
        ({"tool_calls": [{"name": "delete_account", "arguments": {}}], "output": "done"}, {}, "c1"),
        ({"messages": [{"role": "assistant", "tool_calls": [_DELETE_CALL]}]}, {}, "c1"),
        (json.dumps([{"role": "assistant", "tool_calls": [_DELETE_CALL]}]), {}, "c1"),
        # a trace said to be cut short
        ("done", {"trace_truncated": True}, "outputs.trace_truncated"),
        ("done", {"truncated": "true"}, "outputs.truncated"),
        ("done", {"isTruncated": 1}, "outputs.isTruncated"),
        ("done", {"trace_complete": False}, "outputs.trace_complete"),
        ("done", {"has_more": True}, "outputs.has_more"),
        ("done", {"max_steps_reached": True}, "outputs.max_steps_reached"),
        ("done", {"stop_reason": "max_iterations"}, "outputs.stop_reason"),
        ("done", {"finish_reason": "recursion_limit"}, "outputs.finish_reason"),
        # a run that did not finish: cancelled, timed out, not done, out of steps, spans dropped
        ("done", {"status": "cancelled"}, "outputs.status"),
        ("done", {"run": {"status": "TIMED_OUT"}}, "outputs.run.status"),
        ("done", {"raw_response": {"status": "in_progress"}}, "outputs.raw_response.status"),
        ("done", {"raw_response": {"stop_reason": "pause_turn"}}, "outputs.raw_response.stop_reason"),
        ("done", {"task_result": {"stop_reason": "Timeout of 30 seconds reached"}}, "outputs.task_result.stop_reason"),
        ("done", {"run": {"error": "TimeoutError: no answer in 60 s"}}, "outputs.run.error"),
        ("done", {"run": {"error": "asyncio.CancelledError"}}, "outputs.run.error"),
        ("done", {"done": False}, "outputs.done"),
        ("done", {"metadata": {"partial": True}}, "outputs.metadata.partial"),
        ("done", {"finish_reasons": ["stop", "length"]}, "outputs.finish_reasons"),
        ("done", {"remaining_steps": 0}, "outputs.remaining_steps"),
        ("done", {"metadata": {"is_last_step": True}}, "outputs.metadata.is_last_step"),
        ("done", {"response": "Sorry, need more steps to process this request."}, "outputs.response"),
        ("done", {"trace_info": {"dropped_events_count": 2}}, "outputs.trace_info.dropped_events_count"),
        ("done", {"status": "requires_action"}, "outputs.status"),
        ("done", {"run": {"status": "failed"}}, "outputs.run.status"),
        ("done", {"status": "user_cancelled"}, "outputs.status"),
        ("done", {"status": "ERROR_TIMEOUT"}, "outputs.status"),
        ("done", {"metadata": {"run_status": "paused"}}, "outputs.metadata.run_status"),
        ("done", {"agentStatus": "running"}, "outputs.agentStatus"),
        ("done", {"run": {"status": "completed", "cancelled_at": 1718000000}}, "outputs.run.cancelled_at"),
        ("done", {"__interrupt__": [{"value": "Approve?"}]}, "outputs.__interrupt__"),
        ("done", {"next": ["tools"]}, "outputs.next"),
        ("done", {"task_result": {"stop_reason": "External termination requested"}}, "outputs.task_result"),
        ("done", {"guardrail": {"tripwire_triggered": True}}, "outputs.guardrail.tripwire_triggered"),
        ("done", {"raw_response": {"candidates": [{"finishReason": "MALFORMED_FUNCTION_CALL"}]}}, "finishReason"),
        ("done", {"raw_response": {"stop_reason": "model_context_window_exceeded"}}, "outputs.raw_response"),
        # a run, task or turn of an agent framework not finished, in that framework's own shape, wherever it is
        ("done", {"task": {"kind": "task", "status": {"state": "input-required"}}}, "outputs.task.status"),
        ("done", {"result": {"kind": "task", "status": {"state": "TASK_STATE_WORKING"}}}, "outputs.result.status"),
        ("done", {"result": {"kind": "task", "status": {"state": "failed"}}}, "outputs.result.status"),
        ("done", {"run_status": "auth-required"}, "outputs.run_status"),
        ("done", {"data": {"object": "thread.run", "status": "requires_action"}}, "outputs.data.status"),
        ("done", {"data": {"object": "response", "id": "resp_1", "status": "incomplete"}}, "outputs.data.status"),
        (
            "done",
            {"runs": {"object": "list", "data": [{"object": "thread.run", "status": "queued"}, {}]}},
            "data.0.status",
        ),
        ("done", {"turn_complete": False}, "outputs.turn_complete"),
        ("done", {"events": [{"author": "a", "partial": True}, {"author": "a", "turn_complete": False}]}, "events.1"),
        ("done", {"state": {"values": {}, "next": ["tools"], "config": _THREAD}}, "outputs.state.next"),
        (
            "done",
            {"history": [{"values": {}, "next": ["tools"], "config": _THREAD}, {"values": {}, "next": []}]},
            "outputs.history.0.next",
        ),
        (
            "done",
            {"state": {"values": {}, "next": [], "tasks": [{"interrupts": [{"value": "Ok?"}]}], "config": _THREAD}},
            "outputs.state.interrupts",
        ),
        (
            "done",
            {
                "events": [
                    {"kind": "status-update", "status": {"state": "completed"}},
                    {"kind": "task", "status": {"state": "working"}},
                ]
            },
            "events.1",
        ),
        ("done", {"__interrupt__": {"value": "Approve?"}}, "outputs.__interrupt__"),
        # runs of their own in one list (distinct ids), each read by its newest item; shapes deep in outputs
        ("done", {"tasks": [_task("t1", "working"), _task("t2", "completed")]}, "outputs.tasks.0.status.state"),
        (
            "done",
            {
                "rpc": [
                    {"id": 1, "result": _task("t1", "input-required")},
                    {"id": 2, "result": _task("t2", "completed")},
                ]
            },
            "outputs.rpc.0.result.status.state",
        ),
        ("done", {"runs": {"object": "list", "data": [_RUN_DONE, _RUN_WAITS]}}, "outputs.runs.data.1.status"),
        ("done", {"history": [_snapshot("th1", []), _snapshot("th2", ["tools"])]}, "outputs.history.1.next"),
        ("done", {"a": {"b": {"c": {"d": {"e": _task("t1", "working")}}}}}, "outputs.a.b.c.d.e.status.state"),
        ("done", {"events": [_task("t1", "submitted"), _update("t1", "working"), _PART]}, "events.1.status.state"),
        (
            "done",
            {"events": [{"data": _RUN_WAITS}, {"data": {"object": "thread.message", "id": "msg_1"}}]},
            "outputs.events.0.data.status",
        ),
        ("done", {"a": {"b": {"c": {"d": {"e": {"__interrupt__": [{"value": "Ok?"}]}}}}}}, "e.__interrupt__"),
        ("done", {"graph": {"__interrupt__": [{"value": "Approve?"}]}}, "outputs.graph.__interrupt__"),
        ("done", {"result": {"interruptions": [{"type": "tool_approval_item"}]}}, "outputs.result.interruptions"),
        # nothing hidden: decided
        # one run's stream or history, business lists with ids and statuses, business flags deep in outputs
        (
            "done",
            {
                "events": [
                    _update("t1", "working"),
                    _update("t2", "working"),
                    *map(_update, ("t1", "t2"), ["completed"] * 2),
                ]
            },
            None,
        ),
        ("done", {"history": [_snapshot("th1", []), _snapshot("th1", ["tools"])]}, None),
        # business data in a framework's shape, lacking the fields the framework makes mandatory
        ("done", {"board": [_CARD, _CARD | {"id": "B-2", "status": {"state": "completed"}}]}, None),
        ("done", {"answers": [_ANSWER, _ANSWER | {"id": "resp_2", "status": "completed"}]}, None),
        ("done", {"a": {"b": {"c": {"d": {"e": {"values": {}, "next": ["confirm"], "config": _THREAD}}}}}}, None),
        ("done", {"a": {"b": {"c": {"d": {"e": [_update("JIRA-1", "working")]}}}}}, None),
        # one response's stream: its older item's status is superseded
        ("done", {"events": [{"response": _RESPONSE | {"status": "in_progress"}}, {"response": _RESPONSE}]}, None),
        ("done", {"orders": [{"id": "o1", "kind": "order", "status": {"state": "working"}}, {"id": "o2"}]}, None),
        ("done", {"a": {"b": {"c": {"d": {"run": {"status": "cancelled"}, "metadata": {"partial": True}}}}}}, None),
        ("I tidied up; delete_account was not needed.", {}, None),
        ({"tool_calls": 3, "tools": [{"name": "delete_account", "parameters": {}}]}, {}, None),
        ("done", {"truncated": False}, None),
        ("done", {"trace_complete": True, "has_more": False, "stop_reason": "end_turn"}, None),
        ("done", {"max_steps_reached": False, "finish_reason": "stop"}, None),
        ("done", {"done": True, "finish_reasons": ["stop", "tool_calls"], "otel": {"dropped_events_count": 0}}, None),
        (
            "done",
            {
                "metadata": {"status": "success", "remaining_steps": 19, "is_last_step": False, "partial": False},
                "run": {"error": "rate limit exceeded on retry 1, recovered", "reason": "the flight was cancelled"},
            },
            None,
        ),
        # business data beside a finished run, read as such: not the run's own flags
        ("done", {"metadata": {"cancelled": True, "status": "cancelled", "reason": "cancellation by the guest"}}, None),
        ("done", {"state": {"done": False, "remaining_steps": 1}, "metadata": {"onboarding": {"steps_left": 1}}}, None),
        ("done", {"metadata": {"error": "hit a timeout; retried OK", "network": {"packets_dropped": 3}}}, None),
        (
            "done",
            {"run": {"error": "token expired, refreshed automatically"}, "metadata": {"game": {"turns_left": 0}}},
            None,
        ),
        ("done", {"metadata": {"note": "No spans dropped", "cart": {"items_dropped": 2}}}, None),
        ("done", {"metadata": {"status": "running", "job_status": "pending", "cancelled_at": 1718000000}}, None),
        ("done", {"run": {"status": "completed", "cancelled_at": None, "failed_at": None}, "next": []}, None),
        ("done", {"next_steps": ["Pack bags"], "raw_response": {"stop_reason": "refusal"}}, None),
        (
            "done",
            {"task": {"title": "Call Bob", "status": "pending"}, "job": {"id": "print-2", "state": "queued"}},
            None,
        ),
        (
            "done",
            {"order": {"status": {"state": "submitted"}}, "account": {"status": "suspended"}, "state": "CA"},
            None,
        ),
        ("done", {"next": "FINISH", "links": {"next": "/p2"}, "host": {"interrupts": [{"cpu": 0, "value": 9}]}}, None),
        ("done", {"next": "Call the bank on Monday.", "graph": {"values": {}, "next": []}}, None),
        ("done", {"intent": {"object": "payment_intent", "status": "requires_action"}, "interrupt": False}, None),
        # business data in shapes near a framework's: pages' cursors, counters, forms, posts, to-do tasks, streams done
        ("done", {"messages": [{"user": "U1", "text": "hi"}], "next": "c_8f3a2b", "state": "queued"}, None),
        (
            "done",
            {"vm": {"cpu": {"interrupts": [{"id": "timer", "value": 10234}]}}, "interruptions": [{"feeder": 1}]},
            None,
        ),
        ("done", {"form": {"values": {"name": "Ana"}, "next": ["payment"]}, "agent": {"status": "waiting"}}, None),
        ("done", {"posts": [{"author": "Ana", "content": {"parts": ["a"]}, "partial": True}]}, None),
        (
            "done",
            {"task": {"title": "Paint", "status": {"state": "working"}}, "status": {"state": "running", "pod": "p"}},
            None,
        ),
        ("done", {"survey": {"object": "response", "status": "partial"}}, None),
        # shapes near a framework's but not its own: monitors, wizards, call centres, work orders, surveys, outages
        ("done", {"monitor": {"values": [120], "config": {"interval": "5m"}, "next": "04:05"}, "next": "agent"}, None),
        ("done", {"chat": {"messages": [{"type": "human", "content": "hi"}], "next": "Bob"}, "next": "tools"}, None),
        ("done", {"form": {"values": {"a": 1}, "tasks": [{"field": "ssn"}], "next": ["address"]}}, None),
        (
            "done",
            {"agent": {"state": "waiting_for_call"}, "run": {"type": "payroll", "status": "awaiting_approval"}},
            None,
        ),
        ("done", {"agent": {"status": "suspended"}, "licence": {"status": "expiring"}}, None),
        ("done", {"task": {"id": "WO-7", "status": {"state": "working", "message": "On site"}}}, None),
        ("done", {"survey": {"object": "response", "id": "sr_1", "status": "in_progress"}}, None),
        ("done", {"service": {"interrupts": [{"id": "I-22", "value": "Fiber cut on route 9"}]}}, None),
        (
            "done",
            {"post": {"author": "ana", "content": {"role": "article", "parts": ["intro"]}, "partial": True}},
            None,
        ),
        ("done", {"filing": {"contextId": "2025-Q4", "status": {"state": "submitted"}}}, None),
        ("done", {"status": {"state": "pending", "message": "Waiting for approval", "timestamp": "10:00"}}, None),
        (
            "done",
            {
                "events": [
                    {"kind": "status-update", "status": {"state": "working"}, "final": False},
                    {"kind": "status-update", "status": {"state": "completed"}, "final": True},
                ],
                "history": [{"values": {}, "next": [], "config": {}}, {"values": {}, "next": ["agent"], "config": {}}],
            },
            None,
        ),
        (
            "done",
            {
                "stream": [
                    {"author": "root_agent", "content": {"parts": []}, "partial": True},
                    {"author": "root_agent", "content": {"parts": []}, "turn_complete": True},
                ],
                "run": {"object": "thread.run", "status": "completed"},
            },
            None,
        ),
    ],
)
def test_a_trace_that_may_not_hold_every_call_leaves_no_call_made_undecided(
    result: Any, extra: dict[str, Any], why: str | None
) -> None:
    document = copy.deepcopy(BASE)
    del document["inputs"]["tools"]
    document["expectations"] = {
        "extended_assertions": [
            {"assert_that": "tool_not_called", "tool": "delete_account"},
            {"assert_that": "tool_call_count", "tool": "delete_account", "max": 0},
            {"assert_that": "tool_call_count", "max": 1},
        ],
    }
    trace = [_SUBAGENT, {"event": "tool_result", "id": "c1", "result": result}]
    document["outputs"] = {"response": "Done.", "trace": trace, **extra}
    (result_,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    if why is None:
        assert result_.status == "passed", result_.failure_reasons()
        return
    assert result_.status == "error"
    assert [row.passed for row in result_.assertions] == [False] * 3
    assert all(why in str(row.error) and "cannot tell" in str(row.error) for row in result_.assertions)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("usage", {"input_tokens": 12, "output_tokens": 3, "total_tokens": 15}),
        ("metadata", {"model": "m-1", "run": {"id": "r1", "tags": ["a", "b"]}, "name": "n", "type": ["a"]}),
        ("sources", [{"id": "d1", "title": "Closing an account", "url": "https://example.com/close"}]),
        ("notes", ["looked the account up", "asked to confirm"]),
        ("tools", [{"type": "function", "function": {"name": "delete_account", "parameters": {}}}]),
        ("messages", [{"role": "user", "content": "Close it."}, {"role": "assistant", "content": "Done."}]),
        ("content", [{"type": "text", "text": "Done."}]),
        ("metadata", {"parallel_tool_calls": True, "max_tool_calls": None, "tool_calls": [], "recall": 0.5}),
        ("raw", {"tools": [{"type": "function", "function": {"name": "delete_account", "parameters": {}}}]}),
        ("response", '{"name": "Paris", "country": "France", "population": 2102650}'),
        ("response", '[{"role": "assistant", "content": "Done."}]'),
        ("response", 'Call {"name": "delete_account", "arguments": {}} to close it.'),
        ("response", 'To close it, send:\n```json\n{"name": "delete_account", "arguments": {}}\n```'),
    ],
)
def test_extra_keys_of_outputs_that_hold_no_call_leave_no_call_made_decided_without_a_warning(
    key: str, value: Any, tmp_path: Any
) -> None:
    from click.testing import CliRunner

    from mb.cli import main

    document = copy.deepcopy(BASE)
    del document["inputs"]["tools"]
    document["expectations"] = {"assertions": [{"assert_that": "no_tool_called"}]}
    document["outputs"] = {"response": "Done.", "trace": [], key: value}
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert result.status == "passed", result.failure_reasons()
    executed = tmp_path / "executed.jsonl"
    executed.write_text(json.dumps(document) + "\n")
    checked = CliRunner().invoke(main, ["validate", "--executed", str(executed)])
    assert checked.exit_code == 0, checked.output
    assert "tool calls go in outputs.trace" not in checked.output


@pytest.mark.parametrize(
    "response",
    [
        json.dumps({"role": "assistant", "content": None, "tool_calls": [_DELETE_CALL]}),
        json.dumps({"name": "delete_account", "arguments": {}}),
        " " + json.dumps([{"type": "function_call", "call_id": "c1", "name": "delete_account", "arguments": "{}"}]),
        # fenced or tagged alone, as open-weight models write a call
        "```json\n" + json.dumps({"name": "delete_account", "arguments": {}}) + "\n```",
        "<tool_call>\n" + json.dumps({"name": "delete_account", "arguments": {}}) + "\n</tool_call>",
        "<tool_call>{}</tool_call>\n<tool_call>{}</tool_call>".format(
            "{}", json.dumps({"name": "delete_account", "arguments": {}})
        ),
    ],
)
def test_a_response_that_is_a_tool_call_leaves_no_call_made_undecided(response: str, tmp_path: Any) -> None:
    from click.testing import CliRunner

    from mb.cli import main

    document = copy.deepcopy(BASE)
    del document["inputs"]["tools"]
    document["expectations"] = {"assertions": [{"assert_that": "no_tool_called"}]}
    document["outputs"] = {"response": response, "trace": []}
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert result.status == "error"
    assert result.assertions[0].reason.startswith("outputs.response is a tool call (calls go in outputs.trace)")
    executed = tmp_path / "executed.jsonl"
    executed.write_text(json.dumps(document) + "\n")
    checked = CliRunner().invoke(main, ["validate", "--executed", str(executed)])
    assert "$.outputs.response: a tool call, not an answer; tool calls go in outputs.trace" in checked.output


def test_tool_order_is_an_error_when_calls_are_recorded_beside_the_trace() -> None:
    document = copy.deepcopy(BASE)
    del document["inputs"]["tools"]
    document["expectations"] = {"extended_assertions": [{"assert_that": "tool_order", "tools": ["search", "book"]}]}
    calls = [
        {"event": "tool_call", "id": f"c{i}", "tool": tool, "params": {}} for i, tool in enumerate(["search", "book"])
    ]
    result_c0 = {"event": "tool_result", "id": "c0", "result": {"flights": []}}
    document["outputs"] = {"response": "Booked.", "trace": [calls[0], result_c0, calls[1]]}
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert result.status == "passed", result.failure_reasons()
    document["outputs"]["tool_calls"] = [{"name": "book"}]
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert result.status == "error"
    assert result.assertions[0].reason == (
        "outputs.tool_calls is not read (calls go in outputs.trace): cannot tell the order of the calls"
    )


def test_the_reason_shown_for_a_line_is_one_that_decides_its_status(tmp_path: Path) -> None:
    # no trace: no_tool_called is an error; the response fails expected_response: the line failed, on the response
    document = {
        "inputs": {"messages": [{"role": "user", "content": "Is Versailles in Paris?"}]},
        "expectations": {
            "assertions": [{"assert_that": "no_tool_called"}],
            "expected_response": "No, Versailles is a separate city.",
        },
        "outputs": {"response": "Totally unrelated words here."},
    }
    [result] = evaluate([Example.model_validate(document)], judge="lexical", metrics=[]).results
    assert result.status == "failed"
    assert result.assertions[0].error is not None
    assert result.failure_reasons()[0].startswith("expected_response: ")
    source = tmp_path / "executed.jsonl"
    source.write_text(json.dumps(document) + "\n", encoding="utf-8")
    shown = CliRunner().invoke(main, ["eval", str(source), "--judge", "lexical", "--metrics", "none"])
    assert "line 1 failed: expected_response: " in shown.output


def _counted(result: Any, response: str, most: int, tool: str | None = "delete_account", listed: bool = True) -> Any:
    document = copy.deepcopy(BASE)
    document["inputs"]["tools"] = ["run_subagent", "delete_account", "search"] if listed else None
    count = {"assert_that": "tool_call_count", "max": most} | ({"tool": tool} if tool else {})
    document["expectations"] = {"extended_assertions": [count]}
    trace = [_SUBAGENT, {"event": "tool_result", "id": "c1", "result": result}]
    document["outputs"] = {"response": response, "trace": trace}
    (row,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results[0].assertions
    return row


@pytest.mark.parametrize("most", [1, 2, 5])
def test_a_count_with_a_most_beside_a_nested_agents_calls_of_its_tool_is_untold(most: int) -> None:
    # the nested list may be cut short or be one of many: the calls it shows are not all the calls made
    nested = {"messages": [{"role": "assistant", "tool_calls": [_DELETE_CALL, {**_DELETE_CALL, "id": "c2"}]}]}
    row = _counted(nested, "Done.", most)
    assert not row.passed, row.reason
    assert row.error is not None


@pytest.mark.parametrize(
    ("response", "listed", "decided"),
    [
        ("Example:\n```python\nx = sorted([3, 1])\n```\nand\n```python\nprint(x)\n```", True, True),
        ("```python\nfunctions.search(q='x')\n```\nthen\n```python\nprint(1)\n```", True, False),
        ("```tool_code\nprint(default_api.search(q='x'))\n```\n```tool_outputs\n{}\n```", True, False),
        ('<function=search>{"q": "x"}</function>', True, False),
        # code calling none of the listed tools by name may still call one: through an alias, map, or any tool
        ("```python\nfind = search\nfind(q='x')\nfind(q='y')\n```", True, False),
        ("```python\nlist(map(search, ['x', 'y']))\n```", True, False),
        ("```python\nlookup(q='x')\nlookup(q='y')\n```", False, False),
    ],
)
def test_a_count_of_any_tool_is_decided_beside_code_that_calls_no_tool(
    response: str, listed: bool, decided: bool
) -> None:
    row = _counted("ok", response, 1, None, listed)
    assert (row.passed, row.error is None) == (decided, decided), row.reason


@pytest.mark.parametrize(
    "response",
    [
        "```tool_code\nprint(default_api.delete_account(user_id='u1'))\n```",
        "```tool_code\ndelete_account(user_id='u1')\n```\n```tool_outputs\n{\"ok\": true}\n```\nDone.",
        '<function=delete_account>{"user_id": "u1"}</function>',
        "<|python_tag|>delete_account.call(user_id='u1')<|eom_id|>",
        "First:\n```python\ndelete_account('u1')\n```\nThen:\n```python\nprint('done')\n```",
        "```python\nprint(api.resolve()('delete_account', 'u1'))\n```",
        '{"name": "delete_account", "parameters": {"user_id": "u1"}}',
    ],
)
def test_a_call_written_by_gemini_llama_or_in_an_earlier_block_leaves_never_called_untold(response: str) -> None:
    document = copy.deepcopy(BASE)
    document["expectations"] = {"extended_assertions": [{"assert_that": "tool_not_called", "tool": "delete_account"}]}
    document["outputs"] = {"response": response, "trace": []}
    (result,) = evaluate([Example.model_validate(document)], judge=ScriptedJudge(), metrics=[]).results
    assert result.status == "error", result.failure_reasons()
    assert "writes a call the trace does not record" in str(result.assertions[0].error)
