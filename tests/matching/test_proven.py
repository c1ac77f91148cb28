"""Assertions checked straight from a proven line's structs write, byte for byte, what the general rules write."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mb.io._proof import ProvenAssertion, ProvenParameter
from mb.matching import MISSING, MatchContext
from mb.matching.assertions import CallSpec, assertion_rows
from mb.matching.parameters import parameter_row
from mb.matching.proven import plain_rows, proven_assertion_rows, proven_parameter_spec


def _no_judge(request: Any) -> Any:
    raise AssertionError("a deterministic matcher asked a judge")


_CTX = MatchContext(_no_judge, datetime(2024, 2, 1, 9, 15), lambda task: False)

_TRICKY: list[Any] = [
    1,
    1.0,
    -0.0,
    0.0,
    0,
    True,
    False,
    2**70,
    -(2**64),
    10**100,
    1.5,
    "1",
    "true",
    "",
    "é",
    "\u212a",
    "x" * 200,
    'quote " and \\ back',
    None,
    [1, 2],
    [1.0, 2.0],
    [True],
    {"a": 1},
    {"a": 1.0},
    {"b": True},
]
_ADDRESSES: list[Any] = [
    "dana@example.com",
    "Dana.Scully@Example.COM",
    "  dana@example.com\t",
    "mailto:DANA@example.com",
    "Dana Scully <DANA@example.com>",
    "Dana  Scully <dana@example.com>",
    '"Scully, Dana" <dana@example.com>',
    "dana@example.com, dana@example.com",
    "dana@example.com; x@y.com",
    ["dana@example.com"],
    ["dana@example.com", "x@y.com"],
    "\uff44\uff41\uff4e\uff41@example.com",
    "dana@examp1e.com",
    "not an address",
    "",
    5,
    None,
]
_MATCHERS: list[dict[str, Any]] = [
    *({"match_as": "equality", "value": value} for value in _TRICKY),
    {"match_as": "missing"},
    {"match_as": "missing", "value": 3},
    *({"match_as": "email", "value": value} for value in ["dana@example.com", "Dana <DANA@Example.com>", "a, b"]),
    {"match_as": "optional", "default": {"match_as": "equality", "value": 1}},
    {"match_as": "optional", "default": {"match_as": "equality", "value": "x"}},
    {"match_as": "optional", "default": {"match_as": "email", "value": "dana@example.com"}},
    {"match_as": "optional", "default": {"match_as": "missing"}},
]


def _parameter(matcher: dict[str, Any], name: str = "p") -> ProvenParameter:
    return msgspec.convert({"param": name, "matcher": matcher}, ProvenParameter)


def _dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


@pytest.mark.parametrize("matcher", _MATCHERS, ids=repr)
def test_each_plain_row_is_the_row_of_the_general_rules(matcher: dict[str, Any]) -> None:
    parameter = _parameter(matcher)
    for value in [*_TRICKY, *_ADDRESSES, MISSING]:
        params = {} if value is MISSING else {"p": value}
        checked = plain_rows([parameter], params)
        assert checked is not None
        rows, satisfied = checked
        general = parameter_row(proven_parameter_spec(parameter), params, _CTX)
        assert _dumps(rows[0]) == _dumps(general), (matcher, value)  # bytes: -0.0 is not 0.0, true is not 1
        assert satisfied is general["passed"]


def test_several_rows_each_with_its_own_objects_and_the_conjunction_of_verdicts() -> None:
    parameters = [_parameter({"match_as": "equality", "value": 2}, "a"), _parameter({"match_as": "missing"}, "b")]
    checked = plain_rows(parameters, {"a": 2.0})
    assert checked is not None
    rows, satisfied = checked
    assert satisfied
    assert [row["reason"] for row in rows] == ["got 2.0 as expected", "absent, as expected"]
    again = plain_rows(parameters, {"a": 2.0, "b": "x"})
    assert again is not None
    assert again[1] is False
    assert again[0][1]["reason"] == 'expected no value, got "x" (string)'
    assert rows[1]["reason"] == "absent, as expected"  # the template copied, not shared
    assert rows[0]["params"] is not again[0][0]["params"]


@pytest.mark.parametrize(
    "matcher",
    [
        {"match_as": "date_time", "value": "tomorrow"},
        {"match_as": "free_text", "value": "a greeting"},
        {"match_as": "optional", "default": {"match_as": "date_time", "value": "tomorrow"}},
        {"match_as": "optional", "default": {"match_as": "free_text", "value": "hi"}},
    ],
)
def test_dates_and_free_text_are_not_plain_even_when_absent(matcher: dict[str, Any]) -> None:
    assert plain_rows([_parameter(matcher)], {}) is None
    assert plain_rows([_parameter(matcher)], {"p": "2024-02-02"}) is None


_TOOLS = ["search", "send", "book"]
_PARAMETER = st.sampled_from(
    [
        *({"match_as": "equality", "value": value} for value in [1, 1.0, True, "x", -0.0]),
        {"match_as": "missing"},
        {"match_as": "email", "value": "dana@example.com"},
        {"match_as": "optional", "default": {"match_as": "equality", "value": "x"}},
        {"match_as": "date_time", "value": "tomorrow"},
        {"match_as": "optional", "default": {"match_as": "date_time", "value": "tomorrow"}},
    ]
)
_ARGUMENT = st.sampled_from([1, 1.0, True, "x", 0.0, -0.0, None, "Dana <DANA@example.com>", "2024-02-02", [1]])


@st.composite
def _assertions(draw: st.DrawFn) -> list[dict[str, Any]]:
    assertions: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.integers(0, 9)) == 0:
            assertions.append({"assert_that": "no_tool_called"})
            continue
        parameters = [
            {"param": draw(st.sampled_from("abc")), "matcher": draw(_PARAMETER)} for _ in range(draw(st.integers(0, 3)))
        ]
        if draw(st.integers(0, 7)) == 0:
            parameters.append({"params": ["a", "b"], "matcher": {"match_as": "date_time", "value": "tomorrow"}})
        assertions.append(
            {"assert_that": "tool_called", "tool": draw(st.sampled_from(_TOOLS)), "parameters": parameters}
        )
    return assertions


_CALLS = st.lists(
    st.tuples(st.sampled_from(_TOOLS), st.dictionaries(st.sampled_from("abc"), _ARGUMENT, max_size=3)), max_size=4
)


@settings(max_examples=600, deadline=None)
@given(_assertions(), _CALLS)
def test_proven_assertions_are_the_rows_of_the_general_rules(
    documents: list[dict[str, Any]], drawn: list[tuple[str, dict[str, Any]]]
) -> None:
    assertions = [msgspec.convert(document, ProvenAssertion) for document in documents]
    calls: list[CallSpec] = [(f"call_{index}", tool, params) for index, (tool, params) in enumerate(drawn)]
    asked: list[int] = []

    def context() -> MatchContext:
        asked.append(1)
        return _CTX

    checked = proven_assertion_rows(assertions, calls, context)
    assert checked is not None
    rows, dated, every = checked
    specs = [
        (None, []) if a.assert_that == "no_tool_called" else (a.tool, [proven_parameter_spec(p) for p in a.parameters])
        for a in assertions
    ]
    general = assertion_rows(specs, calls, _CTX)
    assert _dumps(rows) == _dumps(general)
    assert every is all(row["passed"] for row in general)
    applied = any(
        parameter["match_as"] == "date_time" and not parameter["reason"].startswith("not checked")
        for row in general
        for parameter in row["parameters"]
    )
    if applied:
        assert dated
    if not dated:
        tools = [a.tool for a in assertions if a.assert_that != "no_tool_called"]
        assert not asked or len(set(tools)) != len(tools)  # undated lines never read the user time


@pytest.mark.parametrize(
    "calls",
    [[("c1", "search", {"q": "x"})], [("c1", "book", {})], []],
    ids=["called", "other tool called", "no call"],
)
def test_free_text_anywhere_leaves_the_line_to_the_model_path(calls: list[CallSpec]) -> None:
    for matcher in (
        {"match_as": "free_text", "value": "a query"},
        {"match_as": "optional", "default": {"match_as": "free_text", "value": "a query"}},
    ):
        assertion = msgspec.convert(
            {
                "assert_that": "tool_called",
                "tool": "search",
                "parameters": [
                    {"param": "limit", "matcher": {"match_as": "missing"}},
                    {"param": "q", "matcher": matcher},
                ],
            },
            ProvenAssertion,
        )
        assert proven_assertion_rows([assertion], calls, lambda: _CTX) is None
        assert proven_assertion_rows([assertion, assertion], calls, lambda: _CTX) is None  # a shared tool too


def test_repeated_calls_give_the_first_satisfying_one_and_the_closest_failing_one() -> None:
    assertion = msgspec.convert(
        {
            "assert_that": "tool_called",
            "tool": "search",
            "parameters": [
                {"param": "q", "matcher": {"match_as": "equality", "value": "x"}},
                {"param": "n", "matcher": {"match_as": "equality", "value": 2}},
            ],
        },
        ProvenAssertion,
    )
    calls: list[CallSpec] = [
        ("c1", "search", {"q": "y", "n": 3}),
        ("c2", "search", {"q": "x", "n": 3}),
        ("c3", "search", {"q": "x", "n": 2}),
        ("c4", "search", {"q": "x", "n": 2.0}),
    ]
    checked = proven_assertion_rows([assertion], calls, lambda: _CTX)
    assert checked is not None
    assert checked[0][0]["call_id"] == "c3"
    assert checked[2]
    failing = proven_assertion_rows([assertion], calls[:2], lambda: _CTX)
    assert failing is not None
    row = failing[0][0]
    assert (row["passed"], row["call_id"], failing[2]) == (False, "c2", False)
    assert row["reason"] == "call c2 (closest of 2 calls to 'search') does not match: n: expected 2, got 3"


def test_a_date_group_without_a_value_fails_naming_its_parameters_and_one_value_is_enough() -> None:
    spec = (["start", "end"], True, ("date_time", "tomorrow", None))
    for params in ({}, {"start": None}, {"start": None, "end": None}):
        row = parameter_row(spec, params, _CTX)
        assert (row["passed"], row["reason"]) == (
            False,
            "expected a date/time matching 'tomorrow', got none of start, end",
        )
    row = parameter_row(spec, {"start": None, "end": "2024-02-02T09:00:00"}, _CTX)
    assert "got none of" not in row["reason"]
    row = parameter_row(spec, {"start": "2024-02-02T09:00:00"}, _CTX)
    assert row["passed"], row["reason"]
