"""Status of items and turns and thread summaries, checked against every scenario of the published rules file."""

from __future__ import annotations

from typing import Any

import pytest

from mb.entities import Outputs
from mb.formats.m365 import Evaluated, build_document, import_m365, item_status, thread_summary
from mb.formats.m365.status import agent_failure, skipped_turn
from mb.results import ExampleResult, MetricResult

from .helpers import FIXTURES, assert_valid_1_7, fixture

RULES = fixture("example-output-status-rules.json")
SINGLE = [item for item in RULES["items"] if "turns" not in item]
THREADS = [item for item in RULES["items"] if "turns" in item]


def _outcome(entry: dict[str, Any], *, after_failure: bool = False) -> tuple[str, dict[str, str] | None]:
    """Recompute an entry's status from what a run knows: its scores, or the agent failure's cause."""
    error = entry.get("error") or {}
    if after_failure:
        return skipped_turn()
    if error.get("code") == "agentRequestFailed":
        return agent_failure(error["message"].removeprefix("Agent request failed: "))
    return item_status(entry["scores"])


def test_the_fixture_holds_the_eight_scenarios() -> None:
    assert len(SINGLE) == 6
    assert len(THREADS) == 2


@pytest.mark.parametrize("item", SINGLE, ids=[i["extensions"]["scenario"] for i in SINGLE])
def test_single_turn_scenarios(item: dict[str, Any]) -> None:
    status, error = _outcome(item)
    assert status == item["status"] == item["extensions"]["expected_status"]
    assert (error is not None) == item["extensions"]["expected_error_field_populated"]
    assert error == item.get("error")


@pytest.mark.parametrize("thread", THREADS, ids=[t["extensions"]["scenario"] for t in THREADS])
def test_thread_scenarios(thread: dict[str, Any]) -> None:
    statuses = []
    failed = False
    for turn in thread["turns"]:
        status, error = _outcome(turn, after_failure=failed)
        failed = failed or (error or {}).get("code") == "agentRequestFailed"
        assert status == turn["status"]
        assert error == turn.get("error")
        statuses.append(status)
    assert statuses == thread["extensions"]["per_turn_statuses"]
    summary = thread_summary(statuses)
    assert summary == thread["summary"]
    assert summary["overall_status"] == thread["extensions"]["expected_overall_status"]
    assert sum(summary[k] for k in ("turns_passed", "turns_failed", "turns_partial", "turns_errored")) == 3


def test_an_answer_no_evaluator_checked_is_no_pass() -> None:
    status, error = item_status({})
    assert status == "partial"  # the agent answered: "error" is for no answer
    assert error == {
        "code": "evaluatorsFailed",
        "message": "Agent response obtained. No evaluator applies: nothing was evaluated.",
    }


def test_errors_outrank_failures() -> None:
    status, error = item_status(
        {"a": {"result": "fail"}, "b": {"result": "error", "error": "x"}, "c": {"result": "pass"}}
    )
    assert status == "partial"
    assert error == {"code": "evaluatorsFailed", "message": "Agent response obtained. 1 of 3 evaluators failed to run."}


@pytest.mark.parametrize(
    ("statuses", "overall"),
    [
        (["pass", "pass"], "pass"),
        (["pass", "fail"], "fail"),
        (["fail", "partial"], "partial"),
        (["partial", "error", "fail"], "error"),
    ],
)
def test_thread_priority(statuses: list[str], overall: str) -> None:
    assert thread_summary(statuses)["overall_status"] == overall  # type: ignore[arg-type]


def _metrics(scores: dict[str, Any]) -> dict[str, MetricResult]:
    """MetricResults that reproduce a scenario's scores."""
    names = {"relevance": "relevance", "coherence": "coherence"}
    metrics = {}
    for key, entry in scores.items():
        if entry["result"] == "error":
            reason = entry["error"].removeprefix("Evaluator failed: ")
            metrics[names[key]] = MetricResult(status="error", reason=reason)
        else:
            metrics[names[key]] = MetricResult(value=entry["score"], threshold=entry["threshold"], reason="r")
    return metrics


def test_the_document_builder_reproduces_every_scenario() -> None:
    """Run the scenarios through the exporter: statuses, error objects and summaries come out as published."""
    examples = import_m365(FIXTURES / "example-output-status-rules.json")
    evaluated = []
    failed_thread: set[int] = set()
    for example in examples:
        data = example.model_extra["m365"]
        fields = data["fields"]
        code = (fields.get("error") or {}).get("code")
        if code == "turnSkipped":
            assert data["item_index"] in failed_thread
            evaluated.append(Evaluated(example, skipped=True))
            continue
        if code == "agentRequestFailed":
            cause = fields["error"]["message"].removeprefix("Agent request failed: ")
            outputs = Outputs.model_validate({"response": "", "error": {"message": cause}})
            failed_thread.add(data["item_index"])
            evaluated.append(Evaluated(example.model_copy(update={"outputs": outputs})))
            continue
        outputs = Outputs(response=fields["response"])
        result = ExampleResult(line=1, passed=True, metrics=_metrics(fields["scores"]))
        evaluated.append(Evaluated(example.model_copy(update={"outputs": outputs}), result))
    document = build_document(evaluated).document
    assert_valid_1_7(document)
    for produced, published in zip(document["items"], RULES["items"], strict=True):
        entries = produced.get("turns", [produced])
        expected = published.get("turns", [published])
        for got, want in zip(entries, expected, strict=True):
            assert got["status"] == want["status"]
            assert got.get("error") == want.get("error")
            assert got["response"] == want["response"]
            assert {k: v["result"] for k, v in got["scores"].items()} == {
                k: v["result"] for k, v in want["scores"].items()
            }
            for key, score in want["scores"].items():
                if score["result"] == "error":
                    assert got["scores"][key] == score
        assert produced.get("summary") == published.get("summary")


def test_an_answer_not_scored_says_which_evaluators_were_not_run_or_undecided() -> None:
    status, error = item_status(
        {
            "relevance": {"result": "error", "error": "Evaluator not run: relevance needs an LLM judge"},
            "similarity": {"result": "error", "error": "Evaluator undecided: 3/5, undecided"},
            "exactMatch": {"match": True, "result": "pass"},
        }
    )
    assert status == "partial", "the format's status for an answer not fully evaluated, never pass"
    assert error == {
        "code": "evaluatorsFailed",
        "message": "Agent response obtained. 2 of 3 evaluators failed to run. "
        "Not scored: relevance not run; similarity undecided by the judge.",
    }
    status, error = item_status(
        {
            "relevance": {"result": "error", "error": "Evaluator not run: relevance needs an LLM judge"},
            "coherence": {"result": "error", "error": "Evaluator failed: timeout"},
        }
    )
    assert status == "partial"
    assert error is not None
    assert error["message"] == "Agent response obtained. 2 of 2 evaluators failed to run.", "a crash is no verdict"
