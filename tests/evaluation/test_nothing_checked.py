"""A line whose expectations check nothing is undecided, never a pass, on every path that gives a verdict."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.entities import Example
from mb.evaluation import evaluate
from mb.integrations.mlflow import scorers
from mb.judges.lexical import LexicalJudge

QUESTION = {"messages": [{"role": "user", "content": "Capital of France?"}]}


def _line(expectations: dict[str, Any], response: str = "Rome.", **inputs: Any) -> dict[str, Any]:
    return {
        "inputs": {**QUESTION, **inputs},
        "expectations": expectations,
        "outputs": {"response": response, "trace": []},
    }


@pytest.mark.parametrize("key", ["expected_output", "reference", "ground_truth", "answer", "expected", "ideal"])
def test_an_answer_under_a_key_not_read_is_named_and_the_line_undecided(key: str) -> None:
    (result,) = evaluate([Example.model_validate(_line({key: "Paris"}))], judge=LexicalJudge()).results
    assert (result.status, result.passed) == ("undecided", False)
    assert result.failure_reasons() == [
        "expectations: nothing checked: no expected_response, assertions, extended_assertions, expected_facts or "
        f"guidelines, nor a required metric; expectations.{key} is not read (did you mean expected_response?)"
    ]


def test_a_line_checking_only_the_tools_it_was_given_is_undecided_and_a_call_outside_them_still_fails() -> None:
    given = _line({}, tools=["search"])
    outside = {
        **given,
        "outputs": {"response": "Done.", "trace": [{"event": "tool_call", "id": "c", "tool": "delete", "params": {}}]},
    }
    run = evaluate([Example.model_validate(given), Example.model_validate(outside)], judge=LexicalJudge())
    assert [r.status for r in run.results] == ["undecided", "failed"]
    assert (run.summary.undecided, run.summary.checked_nothing) == (1, 1)


def test_a_required_metric_or_an_expected_response_is_something_checked() -> None:
    lines = [_line({}, response="Paris"), _line({"expected_response": "Paris"}, response="Paris")]
    run = evaluate([Example.model_validate(line) for line in lines], judge=LexicalJudge(), require=["exact_match"])
    assert [r.status for r in run.results] == ["error", "passed"]  # no expected response: the metric cannot score it
    run = evaluate([Example.model_validate(lines[1])], judge=LexicalJudge())
    assert run.results[0].status == "passed"


def test_mb_eval_counts_it_as_undecided(tmp_path: Path) -> None:
    benchmark = tmp_path / "b.jsonl"
    benchmark.write_text(json.dumps(_line({"expected_output": "Paris"})) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["eval", str(benchmark), "--judge", "lexical", "--metrics", "none"])
    assert "0/1 passed" in result.output
    assert "1 undecided" in result.output
    assert "did you mean expected_response?" in result.output


@pytest.mark.parametrize("expectations", [None, {}])  # an answer under another name is an error in a row
def test_mlflow_scorers_do_not_pass_a_row_that_checks_nothing(expectations: dict[str, Any] | None) -> None:
    (passed,) = scorers(judge=LexicalJudge(), metrics=[], include=["passed"])
    feedback = passed(inputs=QUESTION, outputs={"response": "Rome.", "trace": []}, expectations=expectations)
    assert feedback.value is False
    assert "nothing checked" in str(feedback.rationale)


def test_the_warning_agrees_with_a_verdict_a_required_metric_decides(tmp_path: Path) -> None:
    response = "Paris is the capital of France."
    line = _line({}, response=response)
    line["outputs"]["trace"] = [{"event": "retriever", "outputs": [{"id": "d1", "page_content": response}]}]
    line["outputs"]["citations"] = [{"document_id": "d1", "span_from": 0, "span_to": len(response)}]
    benchmark = tmp_path / "b.jsonl"
    benchmark.write_text(json.dumps(line) + "\n", encoding="utf-8")
    args = ["eval", str(benchmark), "--judge", "lexical", "--metrics", "citations"]
    required = CliRunner().invoke(main, [*args, "--require", "citations"])
    assert "1/1 passed" in required.output  # the required metric is a check
    assert "only a required metric (--require) can pass it" in required.output
    assert "checks nothing" not in required.output
    assert "1 undecided" in CliRunner().invoke(main, args).output


@pytest.mark.parametrize(
    ("expectations", "path"),
    [
        ({"expected_response": " "}, "$.expectations.expected_response"),
        ({"expected_facts": ["Paris is the capital", ""]}, "$.expectations.expected_facts"),
        ({"guidelines": ["\t"]}, "$.expectations.guidelines"),
    ],
)
def test_validate_warns_of_a_blank_expectation_that_eval_counts_as_an_error(
    tmp_path: Path, expectations: dict[str, Any], path: str
) -> None:
    benchmark = tmp_path / "b.jsonl"
    benchmark.write_text(json.dumps(_line(expectations)) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(benchmark)])
    assert result.exit_code == 0  # the schema allows it: a warning, not an invalid line
    assert f"b.jsonl:1: warning: {path}: blank: it states nothing to check" in result.output
    evaluated = CliRunner().invoke(main, ["eval", str(benchmark), "--judge", "lexical", "--metrics", "none"])
    assert "0/1 passed" in evaluated.output
