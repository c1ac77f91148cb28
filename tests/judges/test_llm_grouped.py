"""The facts (or guidelines) about one response are asked in one call, each verdict cached under its own request."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mb.judges import JudgeRequest, JudgeTask, Verdict
from tests.judges.test_llm_servers import answer, kinds, make, run
from tests.support.openai_server import Reply, chat_server, completion, llama_like

FACT = JudgeTask.FACT
RESPONSE = "Your flight to Lisbon leaves at 9:40 from gate B12; a bag costs 30 euros."
FACTS = ["the flight leaves at 9:40", "the gate is B12", "a bag costs 40 euros"]


def facts(response: str = RESPONSE) -> list[JudgeRequest]:
    return [JudgeRequest(FACT, response, fact, question="When do I fly?") for fact in FACTS]


def verdicts_reply(*scores: int, listed: bool = True) -> Reply:
    """Verdicts of these grades; ``listed``: each lists its differences (none), as a fact's verdict must."""
    shown = {"differences": []} if listed else {}
    return completion(json.dumps({"verdicts": [{"reason": f"item graded {s}", **shown, "score": s} for s in scores]}))


def items_in(body: dict[str, Any]) -> int:
    return str(body["messages"][1]["content"]).count('<expected_fact item="')


def test_three_facts_of_one_response_are_one_call_with_three_verdicts_in_order(tmp_path: Path) -> None:
    with chat_server(lambda body: verdicts_reply(5, 4, 1)) as server:
        verdicts = run(make(server.base_url, tmp_path), facts())
    assert server.calls == 1
    [body] = server.requests
    assert items_in(body) == 3
    user = body["messages"][1]["content"]
    assert user.index(FACTS[0]) < user.index(FACTS[1]) < user.index(FACTS[2])
    assert user.count(RESPONSE) == 1
    schema = body["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["verdicts"]["items"]["required"] == ["reason", "differences", "score"]
    assert [(v.passed, v.reason) for v in verdicts] == [
        (True, "item graded 5"),
        (True, "item graded 4"),
        (False, "item graded 1"),
    ]


def test_each_verdict_is_cached_under_its_own_request(tmp_path: Path) -> None:
    with chat_server(lambda body: verdicts_reply(5, 4, 1)) as server:
        first = run(make(server.base_url, tmp_path), facts())
        again = run(make(server.base_url, tmp_path), facts())
        [single] = run(make(server.base_url, tmp_path), facts()[1:2])
        assert server.calls == 1  # the rerun and a lookup of one item cost nothing
        server.handler = lambda body: answer(2, "asked alone")
        extra = JudgeRequest(FACT, RESPONSE, "the seat is 14C", question="When do I fly?")
        mixed = run(make(server.base_url, tmp_path), [*facts(), extra])
    assert again == first
    assert single == first[1]
    assert server.calls == 2  # only the new fact is asked, alone, with the single-item prompt
    assert items_in(server.requests[1]) == 0
    assert mixed[:3] == first
    assert mixed[3] == Verdict(0.25, "asked alone", "llm:judge-model")


def test_a_wrong_number_of_verdicts_is_malformed_asked_twice_and_kept(tmp_path: Path) -> None:
    with chat_server(lambda body: verdicts_reply(5, 4)) as server:
        verdicts = run(make(server.base_url, tmp_path), facts())
        assert server.calls == 2
        again = run(make(server.base_url, tmp_path), facts())
        assert server.calls == 2  # the failures are kept for every item
    for verdict in [*verdicts, *again]:
        assert not verdict.passed
        assert verdict.error is not None
        assert "malformed answer" in verdict.error
        assert "2 verdicts for 3 items" in verdict.error


def test_a_malformed_item_fails_the_whole_answer() -> None:
    bad = {
        "verdicts": [
            {"reason": "ok", "differences": [], "score": 5},
            {"reason": "ok", "differences": [], "score": 6},
            {"reason": "ok", "differences": [], "score": 5},
        ]
    }
    with chat_server(lambda body: completion(json.dumps(bad))) as server:
        verdicts = run(make(server.base_url), facts())
    assert server.calls == 2
    assert all(verdict.error is not None and "verdict 2: score 6" in verdict.error for verdict in verdicts)


def test_a_group_answer_with_a_verdict_beside_the_list_is_malformed() -> None:
    items = [{"reason": "not stated", "differences": [], "score": 1}] * 3
    with chat_server(lambda body: completion(json.dumps({"verdicts": items, "score": 5}))) as server:
        verdicts = run(make(server.base_url), facts())
    assert all(not verdict.passed and "unexpected key 'score'" in (verdict.error or "") for verdict in verdicts)


@pytest.mark.parametrize(
    "answer",
    [
        {
            "verdicts": [{"reason": "stated", "differences": [], "score": 5}] * 3,
            "summary": "Each fact is in the response.",
        },
        {"verdicts": [{"index": 3 - number, "reason": "stated", "differences": [], "score": 5} for number in range(3)]},
        {"verdicts": [{"id": 3 - number, "reason": "stated", "differences": [], "score": 5} for number in range(3)]},
        {"verdicts": [{"Item": 3 - number, "reason": "stated", "differences": [], "score": 5} for number in range(3)]},
    ],
)
def test_a_group_answer_with_another_key_is_malformed(answer: dict[str, Any]) -> None:
    with chat_server(lambda body: completion(json.dumps(answer))) as server:
        verdicts = run(make(server.base_url), facts())
    assert all(not verdict.passed and "unexpected key" in (verdict.error or "") for verdict in verdicts)


STATED = json.dumps({"verdicts": [{"reason": "stated", "differences": [], "score": 5}] * 3})


@pytest.mark.parametrize(
    "content", [STATED[:-1] + ', "summary": "fact 2 is not supported"}', f"Fact 2 is NOT stated.\n{STATED}"]
)
def test_a_group_answer_with_a_verdict_in_its_summary_or_before_it_is_malformed(content: str) -> None:
    with chat_server(lambda body: completion(content)) as server:
        verdicts = run(make(server.base_url), facts())
    assert all(not verdict.passed and "malformed answer" in (verdict.error or "") for verdict in verdicts)


def test_numbered_verdicts_are_read_in_their_items_order() -> None:
    items = [
        {"item": 3, "reason": "third", "differences": [], "score": 1},
        {"item": 1, "reason": "first", "differences": [], "score": 5},
    ]
    items.append({"item": 2, "reason": "second", "differences": [], "score": 4})
    with chat_server(lambda body: completion(json.dumps({"verdicts": items}))) as server:
        verdicts = run(make(server.base_url), facts())
    assert [(verdict.passed, verdict.reason) for verdict in verdicts] == [
        (True, "first"),
        (True, "second"),
        (False, "third"),
    ]


def test_item_numbers_written_as_whole_floats_are_those_numbers() -> None:
    items = [
        {"item": 2.0, "reason": "second", "differences": [], "score": 4},
        {"item": 3.0, "reason": "third", "differences": [], "score": 1.0},
    ]
    items.insert(0, {"item": 1.0, "reason": "first", "differences": [], "score": 5})
    items.reverse()
    with chat_server(lambda body: completion(json.dumps({"verdicts": items}))) as server:
        verdicts = run(make(server.base_url), facts())
    assert [(verdict.passed, verdict.reason) for verdict in verdicts] == [
        (True, "first"),
        (True, "second"),
        (False, "third"),
    ]


@pytest.mark.parametrize(
    "numbers", [[1, 1, 2], [1, 2, 4], [0, 1, 2], [1, 2, None], ["1", "2", "3"], [1.5, 2, 3], [1.0, 1, 2], [True, 2, 3]]
)
def test_verdicts_numbered_otherwise_than_each_item_once_are_malformed(numbers: list[Any]) -> None:
    items = [{"item": number, "reason": "stated", "differences": [], "score": 5} for number in numbers]
    with chat_server(lambda body: completion(json.dumps({"verdicts": items}))) as server:
        verdicts = run(make(server.base_url), facts())
    assert all(not verdict.passed and "malformed answer" in (verdict.error or "") for verdict in verdicts)


def test_facts_of_two_responses_are_two_calls() -> None:
    with chat_server(lambda body: verdicts_reply(*[5] * items_in(body))) as server:
        verdicts = run(make(server.base_url), [*facts(), *facts("Your flight leaves at 9:40.")])
    assert server.calls == 2
    assert sorted(items_in(body) for body in server.requests) == [3, 3]
    assert all(verdict.passed for verdict in verdicts)


def test_facts_and_guidelines_of_one_response_are_one_call_each() -> None:
    guidelines = [JudgeRequest(JudgeTask.GUIDELINE, RESPONSE, rule) for rule in ("be polite", "no jargon")]
    with chat_server(
        lambda body: verdicts_reply(
            *[4] * (2 if (rules := "GUIDELINE" in body["messages"][0]["content"]) else 3), listed=not rules
        )
    ) as server:
        verdicts = run(make(server.base_url), [*facts(), *guidelines])
    assert server.calls == 2
    assert all(verdict.passed for verdict in verdicts)


def test_a_group_steps_down_the_answer_formats() -> None:
    with chat_server(llama_like(lambda body: verdicts_reply(5, 5, 5))) as server:
        verdicts = run(make(server.base_url), facts())
    assert kinds(server.requests) == ["json_schema", "json_object"]
    schema = server.requests[1]["response_format"]["schema"]
    assert schema["properties"]["verdicts"]["minItems"] == schema["properties"]["verdicts"]["maxItems"] == 3
    assert '"verdicts"' in server.requests[1]["messages"][0]["content"]
    assert all(verdict.passed for verdict in verdicts)


def test_a_verdict_in_doubt_leaves_only_its_own_item_undecided() -> None:
    doubted = [
        {"reason": "stated: 9:40", "differences": [], "score": 5, "confidence": 0.95},
        {"reason": "the gate is B12", "differences": [], "score": 5, "confidence": "low"},
        {"reason": "Not stated: the bag costs 30 euros.", "differences": [], "score": 4},
    ]
    with chat_server(lambda body: completion(json.dumps({"verdicts": doubted}))) as server:
        verdicts = run(make(server.base_url), facts())
    assert [(v.passed, v.undecided, v.error) for v in verdicts] == [
        (True, False, None),
        (False, True, None),
        (False, True, None),
    ]
