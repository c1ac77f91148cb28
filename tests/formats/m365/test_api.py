"""The Python API end to end: load a document, run an agent over it, score it, get a valid output document."""

from __future__ import annotations

import threading
from pathlib import Path

import anyio
import pytest

from mb.formats.m365 import load_document, parse_document, write_report
from mb.formats.m365.evalrun import arun_document, run_document
from mb.judges.lexical import LexicalJudge

from .demo_agents import FakeJudge, echo
from .helpers import FIXTURES, assert_valid_1_7

SPEC_EXAMPLES = [
    "example-input-multiturn.json",
    "complete-schema-example.json",
    "legacy-array.json",
    "categorized-v1.0.0.json",
    "all-fields-v1.3.0.json",
]


@pytest.mark.parametrize("name", SPEC_EXAMPLES)
def test_every_example_runs_to_a_valid_document(name: str, tmp_path: Path) -> None:
    run = run_document(load_document(FIXTURES / name), echo, judge=FakeJudge())
    assert_valid_1_7(run.document)
    statuses = [t["status"] for item in run.document["items"] for t in item.get("turns", [item])]
    assert statuses
    assert set(statuses) <= {"pass", "fail", "partial"}
    for entry in (t for item in run.document["items"] for t in item.get("turns", [item])):
        if entry["status"] == "partial":  # only evaluators that do not apply here (e.g. nothing to ground on)
            errors = [s["error"] for s in entry["scores"].values() if s["result"] == "error"]
            assert errors
            assert all(e.startswith("Evaluator not run: ") for e in errors)
    for extension in ("json", "csv", "html"):
        write_report(run.document, tmp_path / f"report.{extension}")


def test_turns_run_in_order_and_stop_after_a_failure() -> None:
    calls: list[str] = []
    lock = threading.Lock()

    def agent(messages: list[dict[str, str]]) -> str:
        with lock:
            calls.append(messages[-1]["content"])
        if "weather" in messages[-1]["content"]:
            raise TimeoutError("no answer")
        return echo(messages)

    loaded = load_document(FIXTURES / "example-input-multiturn.json")
    run = run_document(loaded, agent, judge=FakeJudge(), concurrency=2, retries=0)
    thread_calls = [c for c in calls if c != "What is Microsoft Graph?"]
    assert thread_calls == ["I'm planning a trip to Seattle next week.", "What's the weather going to be like?"]
    first, second, third = run.units[1]
    assert first.result is not None
    assert second.result is None
    assert third.skipped
    assert run.document["items"][1]["turns"][1]["error"]["message"] == "Agent request failed: TimeoutError: no answer"


def test_threads_run_concurrently_with_each_other() -> None:
    document = {
        "schemaVersion": "1.7.0",
        "default_evaluators": {},
        "items": [
            {"name": "A", "turns": [{"prompt": "A1"}, {"prompt": "A2"}]},
            {"name": "B", "turns": [{"prompt": "B1"}, {"prompt": "B2"}]},
        ],
    }
    both_started = anyio.Event()
    started: list[str] = []
    order: list[str] = []

    async def agent(messages: list[dict[str, str]]) -> str:
        prompt = messages[-1]["content"]
        if prompt.endswith("1"):
            started.append(prompt)
            if len(started) == 2:
                both_started.set()
            with anyio.fail_after(10):  # only reachable together when the two threads run at once
                await both_started.wait()
        order.append(prompt)
        return f"{len(messages)} messages"

    async def main() -> None:
        run = await arun_document(parse_document(document), agent, judge=FakeJudge(), concurrency=2)
        assert_valid_1_7(run.document)
        turns = [t for item in run.document["items"] for t in item["turns"]]
        assert [t["response"] for t in turns] == [
            "1 messages",
            "2 messages",
            "1 messages",
            "2 messages",
        ]  # no reply made up
        assert all(t["status"] == "partial" for t in turns)  # answered; no evaluator applies

    anyio.run(main)
    assert order.index("A1") < order.index("A2")
    assert order.index("B1") < order.index("B2")


def test_evaluators_needing_an_llm_judge_fail_to_run_without_one() -> None:
    # Not run without an LLM judge: the agent answered, the item could not be evaluated.
    loaded = load_document(FIXTURES / "example-input-multiturn.json")
    run = run_document(loaded, echo, judge=LexicalJudge())
    assert_valid_1_7(run.document)
    single = run.document["items"][0]
    assert set(single["scores"]) == {"relevance", "coherence"}
    for score in single["scores"].values():
        assert score["result"] == "error"
        assert score["error"].startswith("Evaluator not run: ")
        assert "needs an LLM judge" in score["error"]
    assert single["status"] == "partial"
    assert single["error"] == {
        "code": "evaluatorsFailed",
        "message": "Agent response obtained. 2 of 2 evaluators failed to run. "
        "Not scored: relevance, coherence not run.",
    }
    assert "extensions" not in single or "skipped" not in single["extensions"].get("morganabench", {})
    last = run.document["items"][1]["turns"][2]
    assert set(last["scores"]) == {"relevance", "coherence", "groundedness"}
    # groundedness does not apply (nothing to ground on): in scores with its reason, never given a value
    assert last["scores"]["groundedness"] == {
        "result": "error",
        "error": "Evaluator not run: no context to ground the response on "
        "(no retrieval, tool result or inputs.context)",
    }
    assert [s["evaluator"] for s in last["extensions"]["morganabench"]["skipped"]] == ["Groundedness"]
    assert run.document["items"][1]["summary"]["overall_status"] == "partial"


def test_unsupported_evaluators_are_listed_and_lexical_metrics_still_score() -> None:
    document = {
        "schemaVersion": "1.7.0",
        "default_evaluators": {"PartialMatch": {}, "mySpecialCheck": {"threshold": 2}},
        "items": [{"prompt": "What is Teams?", "expected_response": "Teams is a collaboration platform"}],
    }
    run = run_document(parse_document(document), echo, judge=LexicalJudge())
    (item,) = run.document["items"]
    assert item["scores"]["partialMatch"]["score"] == 1.0
    assert item["scores"]["mySpecialCheck"] == {
        "result": "error",
        "error": "Evaluator not run: evaluator 'mySpecialCheck' is not supported by MorganaBench",
    }
    assert item["status"] == "partial"  # answered, not fully evaluated: never a pass
    assert item["extensions"]["morganabench"]["skipped"] == [
        {"evaluator": "mySpecialCheck", "reason": "evaluator 'mySpecialCheck' is not supported by MorganaBench"}
    ]


def test_an_item_whose_evaluators_are_replaced_by_none_is_not_a_pass() -> None:
    document = {
        "schemaVersion": "1.7.0",
        "default_evaluators": {"ExactMatch": {}},
        "items": [
            {"prompt": "Capital?", "expected_response": "Rome", "evaluators": {}, "evaluators_mode": "replace"},
            {"prompt": "Say hi", "expected_response": "You said: Say hi"},
        ],
    }
    run = run_document(parse_document(document), echo, judge=LexicalJudge())
    assert_valid_1_7(run.document)
    unchecked, checked = run.document["items"]
    assert (unchecked["scores"], unchecked["status"]) == ({}, "partial")
    assert unchecked["error"]["message"] == "Agent response obtained. No evaluator applies: nothing was evaluated."
    assert checked["status"] == "pass"


def test_morganabench_assertions_in_extensions_run_when_no_evaluator_applies() -> None:
    called = {"morganabench": {"assertions": [{"assert_that": "tool_called", "tool": "search"}]}}
    document = {
        "schemaVersion": "1.2.0",
        "default_evaluators": {},
        "items": [
            {"prompt": "Say hi", "expected_response": "You said: Say hi", "extensions": called},
            {"prompt": "Say hi", "evaluators": {}, "evaluators_mode": "replace", "extensions": called},
        ],
    }
    run = run_document(parse_document(document), echo, judge=LexicalJudge())
    assert_valid_1_7(run.document)
    for item in run.document["items"]:
        assert item["status"] == "fail"  # echo calls no tool
        assert item["scores"]["toolCalls"]["result"] == "fail"
        assert "no call to tool 'search'" in item["scores"]["toolCalls"]["reason"]


def test_exact_match_is_the_whole_response_not_a_part_of_it() -> None:
    document = {
        "schemaVersion": "1.7.0",
        "default_evaluators": {"ExactMatch": {}},
        "items": [
            {"prompt": "The answer is 420.", "expected_response": "42"},
            {
                "prompt": "Not Paris.",
                "expected_response": "Paris",
                "evaluators": {"ExactMatch": {"case_sensitive": True}},
            },
            {"prompt": " Paris ", "expected_response": "paris"},
        ],
    }
    run = run_document(parse_document(document), lambda messages: messages[-1]["content"], judge=LexicalJudge())
    scores = [item["scores"]["exactMatch"] for item in run.document["items"]]
    assert [(s["match"], s["result"]) for s in scores] == [(False, "fail"), (False, "fail"), (True, "pass")]
