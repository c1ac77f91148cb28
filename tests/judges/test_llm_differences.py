"""On a task comparing two texts the judge lists the specifics that differ before its score: a yes beside any listed
difference is undecided, never a pass, whatever words its reason uses; an answer without the list is malformed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mb.judges import JudgeRequest, JudgeTask
from tests.judges.test_llm_misbehaving import make, run
from tests.support.openai_server import Reply, chat_server, completion

EQ = JudgeTask.EQUIVALENCE


def replying(verdict: dict[str, Any]) -> Any:
    """A server answering ``verdict`` in the format it was asked in (a tool call when a tool is forced)."""

    def handler(body: dict[str, Any]) -> Reply:
        if body.get("tool_choice"):
            return completion(None, tool_calls=[("call_1", "verdict", verdict)])
        return completion(json.dumps(verdict, ensure_ascii=False))

    return handler


STATED_WITHOUT_A_DIFFERENCE_WORD = [
    ("Lyon, not Paris.", ["Lyon vs Paris"]),
    ("The candidate says 14:00; the expected text says 15:00.", ["14:00 / 15:00"]),
    ("- city: Lyon / Paris\n- date: same", ["city: Lyon / Paris"]),
    ("Villes : « Lyon » et « Paris ».", ["« Lyon » ≠ « Paris »"]),
    ("候補は「リヨン」、期待は「パリ」。", ["「リヨン」と「パリ」"]),
    ("Both book a flight; from Rome to Oslo here, from Oslo to Rome expected.", ["direction reversed"]),
    ("The candidate leaves out 'before noon'.", ["'before noon'"]),
]


@pytest.mark.parametrize("mode", ["json_schema", "json_object", "tool", "text"])
@pytest.mark.parametrize(("reason", "differences"), STATED_WITHOUT_A_DIFFERENCE_WORD)
def test_a_yes_beside_a_listed_difference_is_undecided_in_every_answer_format(
    mode: str, reason: str, differences: list[str], tmp_path: Path
) -> None:
    request = JudgeRequest(EQ, "a flight to Lyon", "a flight to Paris")
    with chat_server(replying({"reason": reason, "differences": differences, "score": 4})) as server:
        fresh, cached = (run(make(server.base_url, tmp_path, response_format=mode), [request])[0] for _ in range(2))
    assert server.calls == 1
    for verdict in (fresh, cached):
        assert not verdict.passed
        assert verdict.undecided
        assert verdict.error is None
        assert f"lists differences ({differences[0]})" in verdict.reason


@pytest.mark.parametrize("mode", ["json_schema", "json_object", "tool", "text"])
def test_every_answer_format_asks_for_the_differences_before_the_score(mode: str) -> None:
    with chat_server(replying({"reason": "Same city.", "differences": [], "score": 5})) as server:
        [verdict] = run(make(server.base_url, response_format=mode), [JudgeRequest(EQ, "Paris", "Paris, France")])
    assert verdict.passed
    [body] = server.requests
    assert '"differences"' in body["messages"][0]["content"]
    schemas = [body.get("response_format", {}).get("json_schema", {}).get("schema")]
    schemas += [body.get("response_format", {}).get("schema")]
    schemas += [tool["function"]["parameters"] for tool in body.get("tools", [])]
    for schema in filter(None, schemas):
        assert list(schema["properties"]) == ["reason", "differences", "score"]


@pytest.mark.parametrize(
    "verdict",
    [
        {"reason": "Same city.", "score": 5},
        {"reason": "Lyon, not Paris.", "differences": "Lyon vs Paris", "score": 5},
        {"reason": "Lyon, not Paris.", "differences": [["Lyon", "Paris"]], "score": 4},
        {"reason": "Lyon, not Paris.", "differences": [{"expected": "Paris"}], "score": 4},
        {"reason": "Lyon, not Paris.", "differences": None, "score": 4},
    ],
)
@pytest.mark.parametrize("mode", ["json_schema", "text"])
def test_an_answer_without_a_list_of_differences_is_malformed(verdict: dict[str, Any], mode: str) -> None:
    with chat_server(replying(verdict)) as server:
        [judged] = run(make(server.base_url, response_format=mode), [JudgeRequest(EQ, "Lyon", "Paris")])
    assert not judged.passed
    assert "malformed answer" in (judged.error or "")
    assert server.calls == 2  # asked again once


def test_a_failing_grade_keeps_the_differences_in_its_reason() -> None:
    verdict = {"reason": "Another city.", "differences": ["Lyon vs Paris", " "], "score": 1}
    with chat_server(replying(verdict)) as server:
        [judged] = run(make(server.base_url), [JudgeRequest(EQ, "Lyon", "Paris")])
    assert (judged.passed, judged.undecided, judged.reason) == (
        False,
        False,
        "Another city. (differences: Lyon vs Paris)",
    )


def test_a_listed_difference_leaves_only_its_own_fact_undecided() -> None:
    items = [
        {"reason": "Stated: gate B12.", "differences": [], "score": 5},
        {"reason": "The response gives 9:40 pm; the fact says 9:40 am.", "differences": ["pm / am"], "score": 4},
        {"reason": "Stated: 30 euros.", "differences": [" "], "score": 5},
    ]
    response = "Your flight leaves at 9:40 pm from gate B12; a bag costs 30 euros."
    facts = ["the gate is B12", "the flight leaves at 9:40 am", "a bag costs 30 euros"]
    with chat_server(replying({"verdicts": items})) as server:
        verdicts = run(make(server.base_url), [JudgeRequest(JudgeTask.FACT, response, fact) for fact in facts])
    assert server.calls == 1
    assert [(verdict.passed, verdict.undecided) for verdict in verdicts] == [
        (True, False),
        (False, True),
        (True, False),
    ]


@pytest.mark.parametrize("task", [JudgeTask.GUIDELINE, JudgeTask.RELEVANCE, JudgeTask.CHUNK_RELEVANCE])
def test_a_task_that_compares_no_two_texts_is_asked_for_no_differences(task: JudgeTask) -> None:
    request = JudgeRequest(task, "We open at 9.", "Be brief.", question="When do you open?")
    with chat_server(replying({"reason": "Fine.", "differences": [], "score": 5})) as server:
        [verdict] = run(make(server.base_url), [request])
    assert '"differences"' not in json.dumps(server.requests[0])
    assert "unexpected key 'differences'" in (verdict.error or "")


@pytest.mark.parametrize("entry", ["", "  ", "None.", "N/A", "-", "no differences"])
def test_an_entry_that_names_no_difference_lists_none(entry: str) -> None:
    with chat_server(replying({"reason": "Same city.", "differences": [entry], "score": 5})) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "Paris", "Paris, France")])
    assert verdict.passed
    assert verdict.reason == "Same city."


@pytest.mark.parametrize("entry", ["none of the dates", "N/A -> Paris", "no match on the city", "2"])
def test_an_entry_that_says_more_than_none_is_a_difference(entry: str) -> None:
    with chat_server(replying({"reason": "Same city.", "differences": [entry], "score": 5})) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "Paris", "Paris, France")])
    assert verdict.undecided
