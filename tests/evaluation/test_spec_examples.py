"""The published executed examples pass; deliberately broken copies fail, each for the right reason."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from mb.entities import Example
from mb.evaluation import evaluate
from mb.results import ExampleResult
from tests.conftest import spec_lines

SEARCH, CALENDAR, FRANCE = spec_lines("examples-executed.jsonl")


def _evaluate(document: dict[str, Any], judge: str = "lexical") -> ExampleResult:
    return evaluate([Example.model_validate(document)], judge=judge).results[0]


def test_published_examples_pass_but_the_lexical_judge_cannot_tell_the_calendar_response() -> None:
    """ "I've scheduled the design review for next Friday at 2pm" for "Sure, I will schedule the design review": the
    word overlap falls between the lexical judge's thresholds, so the response's check is undecided, never passed."""
    run = evaluate([Example.model_validate(d) for d in (SEARCH, CALENDAR, FRANCE)], judge="lexical")
    assert [r.status for r in run.results] == ["passed", "undecided", "passed"], [r.model_dump() for r in run.results]
    [response] = [check for check in run.results[1].checks if check.name == "expected_response"]
    assert response.undecided


def test_the_local_judge_leaves_a_response_it_cannot_tell_undecided() -> None:
    """ "I've scheduled the design review for next Friday at 2pm" for "Sure, I will schedule the design review":
    the cosine falls between the short pairs' thresholds, so the response's check is undecided, never passed."""
    run = evaluate([Example.model_validate(d) for d in (SEARCH, CALENDAR, FRANCE)], judge="auto")
    assert [r.status for r in run.results] == ["passed", "undecided", "passed"]
    [check] = [c for c in run.results[1].checks if not c.passed]
    assert check.name == "expected_response"


def test_out_of_range_citation_spans_are_reported_not_gating() -> None:
    result = _evaluate(FRANCE)
    assert result.passed
    citations = result.metrics["citations"]
    assert citations.passed is False
    assert citations.details["invalid"] == [{"index": 0, "document_id": "doc_1", "span_from": 0, "span_to": 53}]


def _break(document: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    broken = copy.deepcopy(document)
    change(broken)
    return broken


def _trace(document: dict[str, Any]) -> list[dict[str, Any]]:
    trace: list[dict[str, Any]] = document["outputs"]["trace"]
    return trace


BROKEN: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], None], str, str]] = [
    (
        "limit as a string",
        SEARCH,
        lambda d: _trace(d)[0]["params"].update(limit="5"),
        "assertion",
        'limit: expected 5 (integer), got "5" (string)',
    ),
    ("no search call", SEARCH, lambda d: d["outputs"].update(trace=[]), "assertion", "no call to tool 'search'"),
    (
        "site given",
        SEARCH,
        lambda d: _trace(d)[0]["params"].update(site="bbc.co.uk"),
        "assertion",
        'expected no value, got "bbc.co.uk" (string)',
    ),
    (
        "off-topic query",
        SEARCH,
        lambda d: _trace(d)[0]["params"].update(query="weather in Paris"),
        "assertion",
        "does not achieve the goal of 'King Charles III'",
    ),
    (
        "wrong day",
        CALENDAR,
        lambda d: _trace(d)[0]["params"].update(start_time="2024-02-10T14:00:00"),
        "assertion",
        "resolved 'next Friday at 2pm' to 2024-02-02T14:00 or 2024-02-09T14:00",
    ),
    (
        "attendees passed",
        CALENDAR,
        lambda d: _trace(d)[0]["params"].update(attendees="alex@example.com"),
        "assertion",
        "expected no value",
    ),
    (
        "tool outside inputs.tools",
        CALENDAR,
        lambda d: _trace(d).append({"event": "tool_call", "id": "x", "tool": "delete_event", "params": {}}),
        "tools_restriction",
        "'delete_event' (x)",
    ),
    (
        "orphan tool result",
        SEARCH,
        lambda d: _trace(d).append({"event": "tool_result", "id": "ghost", "result": 1}),
        "orphan_tool_results",
        "'ghost'",
    ),
    (
        "unrelated response",
        FRANCE,
        lambda d: d["outputs"].update(response="Bananas are rich in potassium."),
        "expected_response",
        "does not match the expected response",
    ),
]


@pytest.mark.parametrize(("name", "document", "change", "where", "reason"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_copies_fail_for_the_right_reason(
    name: str, document: dict[str, Any], change: Callable[[dict[str, Any]], None], where: str, reason: str
) -> None:
    result = _evaluate(_break(document, change))
    assert result.status == "failed", name
    if where == "assertion":
        (assertion,) = result.assertions
        assert not assertion.passed
        assert reason in assertion.reason
    else:
        check = next(c for c in result.checks if c.name == where)
        assert not check.passed
        assert reason in check.reason
