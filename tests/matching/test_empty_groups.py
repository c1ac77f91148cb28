"""A parameter group that lists no parameters checks nothing: its verdict is an error naming the defect, never a pass
(an optional group of no parameters would pass every call) nor a failure that names nothing."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

import mb
from mb.entities import ParameterGroupAssertion
from mb.judges.base import JudgeRequest, Verdict
from mb.matching import MatchContext, match_parameter


def _oracle(request: JudgeRequest) -> Verdict:
    return Verdict(1.0, "ok", "test")


CTX = MatchContext(_oracle)
NO_PARAMETERS = "the matcher lists no parameters"

MATCHERS: list[dict[str, Any]] = [
    {"match_as": "date_time", "value": "march 3"},
    {"match_as": "free_text", "value": "design review"},
    {"match_as": "optional", "default": {"match_as": "free_text", "value": "design review"}},
    {"match_as": "optional", "default": {"match_as": "date_time", "value": "march 3"}},
]


@pytest.mark.parametrize("matcher", MATCHERS)
@pytest.mark.parametrize("call", [{}, {"title": "design review", "date": "2013-03-03"}])
def test_empty_group_is_an_error(matcher: dict[str, Any], call: dict[str, Any]) -> None:
    group = ParameterGroupAssertion.model_validate({"params": [], "matcher": matcher})
    result = match_parameter(group, call, CTX)
    assert not result.passed
    assert result.error is not None
    assert NO_PARAMETERS in result.error
    assert NO_PARAMETERS in result.reason


@pytest.mark.parametrize("matcher", MATCHERS)
def test_a_listed_parameter_is_checked(matcher: dict[str, Any]) -> None:
    group = ParameterGroupAssertion.model_validate({"params": ["date"], "matcher": matcher})
    result = match_parameter(group, {"date": "2013-03-03"}, MatchContext(_oracle, user_time=datetime(2013, 2, 12)))
    assert result.error is None
    assert NO_PARAMETERS not in result.reason


def test_a_call_reason_names_an_empty_group(tmp_path: Path) -> None:
    example = {
        "inputs": {"messages": [{"role": "user", "content": "Remind me on March 3."}]},
        "expectations": {
            "assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": "remind",
                    "parameters": [
                        {"params": [], "matcher": {"match_as": "date_time", "value": "march 3"}},
                        {"param": "title", "matcher": {"match_as": "equality", "value": "dentist"}},
                    ],
                }
            ]
        },
        "outputs": {
            "response": "Done.",
            "environment": {"user_time": "2013-02-12T04:30:00-02:00"},
            "trace": [{"event": "tool_call", "id": "c1", "tool": "remind", "params": {"title": "dentist"}}],
        },
    }
    path = tmp_path / "empty.jsonl"
    path.write_text(json.dumps(example) + "\n", encoding="utf-8")
    (result,) = mb.evaluate(path, judge="lexical", metrics=[]).results
    (row,) = result.assertions
    assert not row.passed
    assert f"params []: {NO_PARAMETERS}" in row.reason


@pytest.mark.parametrize("matcher", MATCHERS)
def test_a_group_naming_a_parameter_twice_is_an_error(matcher: dict[str, Any]) -> None:
    """Read twice, one value would stand for two ("design review" joined to itself, a date read as two ends)."""
    group = ParameterGroupAssertion.model_validate({"params": ["title", "title"], "matcher": matcher})
    result = match_parameter(group, {"title": "design review"}, CTX)
    assert (result.passed, result.error) == (False, "the matcher lists 'title' twice: a defect of the benchmark")


def test_an_assertion_with_a_group_naming_a_parameter_twice_says_so_plainly(tmp_path: Path) -> None:
    parameters = [{"params": ["title", "title"], "matcher": {"match_as": "free_text", "value": "dentist"}}]
    example = {
        "inputs": {"messages": [{"role": "user", "content": "Remind me of the dentist"}]},
        "expectations": {
            "extended_assertions": [{"assert_that": "tool_called", "tool": "remind", "parameters": parameters}]
        },
        "outputs": {
            "response": "Done.",
            "trace": [{"event": "tool_call", "id": "c1", "tool": "remind", "params": {"title": "dentist"}}],
        },
    }
    path = tmp_path / "twice.jsonl"
    path.write_text(json.dumps(example) + "\n", encoding="utf-8")
    (row,) = mb.evaluate(path, judge="lexical", metrics=[]).results[0].assertions
    assert (row.passed, row.error is not None) == (False, True)
    assert "judge" not in row.reason
    assert "lists 'title' twice" in row.reason
