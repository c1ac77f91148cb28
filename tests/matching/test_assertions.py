"""tool_called with distinct-call optimal assignment, no_tool_called, groups, and trace checks."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from mb.entities import NoToolCallAssertion, Outputs, ParameterGroupAssertion, ToolCall, ToolCallAssertion
from mb.judges.base import JudgeRequest, Verdict
from mb.matching import MatchContext, check_assertions, check_orphan_results, check_tool_restriction, match_parameter

_ASSERTIONS: TypeAdapter[list[ToolCallAssertion | NoToolCallAssertion]] = TypeAdapter(
    list[ToolCallAssertion | NoToolCallAssertion]
)


def _keyword_oracle(request: JudgeRequest) -> Verdict:
    ok = all(word in request.candidate.casefold() for word in request.reference.casefold().split())
    return Verdict(1.0 if ok else 0.0, "keywords", "test")


CTX = MatchContext(_keyword_oracle)


def _calls(*specs: tuple[str, str, dict[str, Any]]) -> list[ToolCall]:
    return [ToolCall(id=call_id, tool=tool, params=params) for call_id, tool, params in specs]


def _eq(param: str, value: Any) -> dict[str, Any]:
    return {"param": param, "matcher": {"match_as": "equality", "value": value}}


def _called(tool: str, *parameters: dict[str, Any]) -> dict[str, Any]:
    return {"assert_that": "tool_called", "tool": tool, "parameters": list(parameters)}


def _check(assertions: list[dict[str, Any]], calls: list[ToolCall]) -> list[Any]:
    return check_assertions(_ASSERTIONS.validate_python(assertions), calls, CTX)


def test_tool_called_passes_with_a_matching_call_among_others() -> None:
    calls = _calls(("c1", "search", {"query": "x", "limit": 3}), ("c2", "search", {"query": "x", "limit": 5}))
    (result,) = _check([_called("search", _eq("limit", 5))], calls)
    assert result.passed
    assert result.call_id == "c2"
    assert [p.passed for p in result.parameters] == [True]


def test_assignment_is_optimal_not_greedy() -> None:
    # A1 accepts either call; A2 only c1. Greedy in order would give c1 to A1 and fail A2.
    calls = _calls(("c1", "convert", {"to": "EUR", "amount": 100}), ("c2", "convert", {"to": "GBP", "amount": 100}))
    assertions = [_called("convert", _eq("amount", 100)), _called("convert", _eq("to", "EUR"))]
    results = _check(assertions, calls)
    assert [r.passed for r in results] == [True, True]
    assert {r.call_id for r in results} == {"c1", "c2"}
    # order of assertions does not matter
    assert [r.passed for r in _check(assertions[::-1], calls)] == [True, True]


def test_each_assertion_needs_its_own_call() -> None:
    calls = _calls(("c1", "convert", {"to": "EUR"}))
    results = _check([_called("convert", _eq("to", "EUR")), _called("convert", _eq("to", "EUR"))], calls)
    assert sorted(r.passed for r in results) == [False, True]
    failed = next(r for r in results if not r.passed)
    assert "already used by another assertion" in failed.reason


def test_failing_assertion_reports_the_closest_call_and_why() -> None:
    calls = _calls(
        ("c1", "search", {"query": "weather", "limit": "5"}),
        ("c2", "search", {"query": "King Charles III", "limit": "5"}),
    )
    assertion = _called(
        "search", {"param": "query", "matcher": {"match_as": "free_text", "value": "King Charles"}}, _eq("limit", 5)
    )
    (result,) = _check([assertion], calls)
    assert not result.passed
    assert result.call_id == "c2"
    assert [p.passed for p in result.parameters] == [True, False]
    assert 'expected 5 (integer), got "5" (string)' in result.parameters[1].reason
    assert "c2" in result.reason
    assert "limit" in result.reason


def test_no_call_to_the_tool() -> None:
    (result,) = _check([_called("search", _eq("limit", 5))], _calls(("c1", "calendar", {})))
    assert not result.passed
    assert result.call_id is None
    assert "no call to tool 'search'" in result.reason
    assert "'calendar'" in result.reason
    assert len(result.parameters) == 1
    assert result.parameters[0].score is None


def test_no_tool_called() -> None:
    assert _check([{"assert_that": "no_tool_called"}], [])[0].passed
    (result,) = _check([{"assert_that": "no_tool_called"}], _calls(("c9", "search", {})))
    assert not result.passed
    assert "search(c9)" in result.reason


def test_results_align_with_assertions_and_parameters() -> None:
    calls = _calls(("c1", "a", {"x": 1, "y": 2}))
    assertions = [_called("b"), {"assert_that": "no_tool_called"}, _called("a", _eq("y", 2), _eq("x", 1))]
    results = _check(assertions, calls)
    assert [r.assert_that for r in results] == ["tool_called", "no_tool_called", "tool_called"]
    assert [r.passed for r in results] == [False, False, True]
    assert [p.params for p in results[2].parameters] == [["y"], ["x"]]


def test_group_free_text_joins_present_values_in_order() -> None:
    asked: list[JudgeRequest] = []

    def oracle(request: JudgeRequest) -> Verdict:
        asked.append(request)
        return Verdict(1.0, "ok", "test")

    group = ParameterGroupAssertion.model_validate(
        {"params": ["title", "location", "description"], "matcher": {"match_as": "free_text", "value": "review at HQ"}}
    )
    result = match_parameter(
        group, {"description": "quarterly", "title": "Design review", "other": 1}, MatchContext(oracle)
    )
    assert result.passed
    assert result.params == ["title", "location", "description"]
    assert asked[0].candidate == "Design review\nquarterly"


def test_group_optional_passes_only_when_every_parameter_is_missing() -> None:
    group = ParameterGroupAssertion.model_validate(
        {
            "params": ["title", "location"],
            "matcher": {"match_as": "optional", "default": {"match_as": "free_text", "value": "design review"}},
        }
    )
    assert match_parameter(group, {"title": None}, CTX).passed
    assert match_parameter(group, {"location": "review of the design"}, CTX).passed
    failed = match_parameter(group, {"title": "lunch"}, CTX)
    assert not failed.passed
    assert failed.match_as == "optional"


def test_tools_restriction() -> None:
    calls = _calls(("c1", "search", {}), ("c2", "delete_all", {}))
    assert check_tool_restriction(["search", "delete_all"], calls).passed
    failed = check_tool_restriction(["search"], calls)
    assert not failed.passed
    assert "'delete_all' (c2)" in failed.reason


def test_orphan_tool_results() -> None:
    outputs = Outputs.model_validate(
        {
            "response": "x",
            "trace": [
                {"event": "tool_result", "id": "early", "result": 1},
                {"event": "tool_call", "id": "early", "tool": "t", "params": {}},
                {"event": "tool_result", "id": "early", "result": 2},
                {"event": "tool_result", "id": "ghost", "result": None},
            ],
        }
    )
    check = check_orphan_results(outputs)
    assert check is not None
    assert not check.passed
    assert "'early'" in check.reason
    assert "'ghost'" in check.reason
    assert check_orphan_results(Outputs(response="x")) is None


def test_an_assertion_left_a_taken_call_is_undecided_when_an_undecided_check_could_free_it() -> None:
    # A1 (free_text) cannot tell on c1 and matches c2; A2 matches only c2. If the judge's doubt on c1 resolved to a
    # match, A1 would take c1 and both pass: the example is undecided, not failed.
    def unsure_on_c1(request: JudgeRequest) -> Verdict:
        if request.candidate == "flights to paris":
            return Verdict(0.5, "cannot tell", "test", undecided=True)
        return Verdict(1.0, "alike", "test")

    calls = _calls(("c1", "search", {"q": "flights to paris", "n": 1}), ("c2", "search", {"q": "Paris", "n": 2}))
    free = {"param": "q", "matcher": {"match_as": "free_text", "value": "Paris"}}
    assertions = _ASSERTIONS.validate_python([_called("search", free), _called("search", _eq("n", 2))])
    results = check_assertions(assertions, calls, MatchContext(unsure_on_c1))
    assert sum(r.passed for r in results) == 1
    unsatisfied = next(r for r in results if not r.passed)
    assert unsatisfied.undecided
    assert unsatisfied.error is None
    # with no doubt anywhere, the same traces fail
    calls = _calls(("c1", "search", {"q": "Rome", "n": 1}), ("c2", "search", {"q": "Paris", "n": 2}))
    results = check_assertions(assertions, calls, CTX)
    assert not any(r.undecided for r in results)
    assert sum(r.passed for r in results) == 1


def test_a_call_to_a_tool_whose_name_prints_alike_is_named_escaped() -> None:
    calls = _calls(("c1", "get_w\u0435ather", {}))  # a Cyrillic e
    (result,) = _check([_called("get_weather")], calls)
    assert not result.passed
    assert "'get_w\\u0435ather'" in result.reason
    assert "'get_w\\u0435ather'" in check_tool_restriction(["get_weather"], calls).reason


@pytest.mark.parametrize(("name", "label"), [("", "''"), ("cc ", "'cc '")])
def test_a_blank_parameter_name_or_one_with_space_around_is_quoted_in_the_reason(name: str, label: str) -> None:
    missing = {"param": name, "matcher": {"match_as": "missing"}}
    (result,) = _check([_called("send", missing)], _calls(("c1", "send", {name: "x"})))
    assert not result.passed
    assert f"does not match: {label}: expected no value" in result.reason
