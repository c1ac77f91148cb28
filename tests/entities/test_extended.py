"""``expectations.extended_assertions``: typed, validated with the line, invisible to the published schema."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
from pydantic import ValidationError

from mb._hashing import example_hash, hash_document
from mb.entities import (
    AnyOfMatcher,
    EqualsMatcher,
    Example,
    Expectations,
    ExtendedParameterAssertion,
    ExtendedToolCallAssertion,
    GroundedMatcher,
    NumberMatcher,
    OneParameterAssertion,
    OptionalMatcher,
    RegexMatcher,
    ToolCallCountAssertion,
    ToolNotCalledAssertion,
    ToolOrderAssertion,
)
from mb.entities.extended import extended_assertions_schema
from mb.io._errors import problems_from_validation
from tests.conftest import SPEC

EXTENDED: list[dict[str, Any]] = [
    {"assert_that": "tool_not_called", "tool": "delete_account"},
    {"assert_that": "tool_order", "tools": ["search", "book"]},
    {"assert_that": "tool_call_count", "tool": "search", "min": 1, "max": 2},
    {
        "assert_that": "tool_called",
        "tool": "book",
        "closed": True,
        "parameters": [
            {"param": "flight_id", "matcher": {"match_as": "grounded", "from": "tool_results"}},
            {"param": "seats", "matcher": {"match_as": "any_of", "values": [2, "2", "two"]}},
            {"param": "price", "matcher": {"match_as": "number", "value": 120, "tolerance": 0.5, "relative": 0.01}},
            {"param": "ref", "matcher": {"match_as": "regex", "pattern": "FL-[0-9]{3}"}},
            {"param": "note", "matcher": {"match_as": "optional", "default": {"match_as": "regex", "pattern": "x+"}}},
            {"params": ["start", "end"], "matcher": {"match_as": "date_time", "value": "tomorrow"}},
        ],
    },
]


def _line(extended: Any) -> dict[str, Any]:
    return {
        "inputs": {"messages": [{"role": "user", "content": "Book FL-123"}]},
        "expectations": {"assertions": [], "extended_assertions": copy.deepcopy(extended)},
    }


def _problems(extended: Any) -> list[tuple[str, str]]:
    line = _line(extended)
    with pytest.raises(ValidationError) as caught:
        Example.model_validate(line)
    return [(p.path, p.message) for p in problems_from_validation(caught.value.errors(), line)]


def test_a_line_with_every_kind_reads_typed_and_keeps_its_json() -> None:
    example = Example.model_validate(_line(EXTENDED))
    kinds = [type(a) for a in example.expectations.extended_assertions]
    assert kinds == [ToolNotCalledAssertion, ToolOrderAssertion, ToolCallCountAssertion, ExtendedToolCallAssertion]
    called = example.expectations.extended_assertions[3]
    assert called.closed is True
    assert isinstance(called.parameters[0].matcher, GroundedMatcher)
    assert called.parameters[0].matcher.from_ == "tool_results"
    # the line is written back as it was read, and its identity is the same both ways
    dumped = example.model_dump(mode="json", exclude_none=True)
    assert dumped["expectations"]["extended_assertions"] == EXTENDED
    raw = _line(EXTENDED)
    assert example_hash(example) == hash_document({key: raw[key] for key in ("inputs", "expectations")})


def test_the_published_schema_is_unchanged_and_accepts_the_line() -> None:
    published = json.loads((SPEC / "morganabench.schema.json").read_text())
    assert Example.model_json_schema() == published
    jsonschema.validate(_line(EXTENDED), published)


def test_the_extension_schema_describes_the_list() -> None:
    schema = extended_assertions_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(EXTENDED, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate([{"assert_that": "tool_not_called", "tool": "x", "tol": 1}], schema)


def test_absent_means_none() -> None:
    assert Expectations.model_validate({}).extended_assertions == []


@pytest.mark.parametrize("key", ["assertions", "extended_assertions"])
def test_null_assertions_make_the_line_invalid_like_any_other_value_that_is_not_a_list(key: str) -> None:
    line = _line([])
    line["expectations"][key] = None
    with pytest.raises(ValidationError) as caught:
        Example.model_validate(line)
    (problem,) = problems_from_validation(caught.value.errors(), line)
    assert (problem.path, problem.message) == (f"$.expectations.{key}", "expected an array, got null")


def test_python_api_builds_them_like_the_published_ones() -> None:
    expectations = Expectations(
        extended_assertions=[
            ToolNotCalledAssertion(tool="delete_account"),
            ExtendedToolCallAssertion(
                tool="book",
                closed=True,
                parameters=[
                    ExtendedParameterAssertion(param="seats", matcher=AnyOfMatcher(values=[2, "two"])),
                    OneParameterAssertion(param="city", matcher=EqualsMatcher(value="Paris")),  # a published one
                    ExtendedParameterAssertion(param="id", matcher=GroundedMatcher(from_="user")),
                    ExtendedParameterAssertion(
                        param="price", matcher=OptionalMatcher(default=NumberMatcher(value=3, tolerance=1))
                    ),
                ],
            ),
        ]
    )
    data = expectations.model_dump(mode="json", exclude_none=True)["extended_assertions"]
    assert data[1]["parameters"][2]["matcher"] == {"match_as": "grounded", "from": "user"}
    assert data[1]["parameters"][3]["matcher"]["default"]["match_as"] == "number"
    again = Expectations.model_validate({"extended_assertions": data})
    assert again.extended_assertions == expectations.extended_assertions


def test_misspelt_kinds_and_keys_are_errors_with_the_closest_name() -> None:
    problems = _problems(
        [
            {"assert_that": "tool_not_caled", "tool": "x"},
            {
                "assert_that": "tool_called",
                "tool": "book",
                "clossed": True,
                "parameters": [
                    {"param": "p", "matcher": {"match_as": "number", "value": 1, "tolerence": 0.5}},
                    {"param": "q", "matcher": {"match_as": "nummber", "value": 1}},
                    {"param": "r", "matcher": {"match_as": "equality", "value": "a", "valeu": "b"}},
                ],
            },
        ]
    )
    base = "$.expectations.extended_assertions"
    assert (f"{base}[1].clossed", 'unknown key "clossed"; did you mean "closed"?') in problems
    assert (
        f"{base}[1].parameters[0].matcher.tolerence",
        'unknown key "tolerence"; did you mean "tolerance"?',
    ) in problems
    assert (f"{base}[1].parameters[2].matcher.valeu", 'unknown key "valeu"; did you mean "value"?') in problems
    paths = dict(problems)
    assert paths[f"{base}[0]"].endswith('did you mean "tool_not_called"?')
    assert paths[f"{base}[1].parameters[1].matcher"].endswith('did you mean "number"?')


@pytest.mark.parametrize(
    ("item", "path", "reversed_"),
    [
        ({"assert_that": "tool_uncalled", "tool": "x"}, "[0]", "tool_call"),  # nor tool_call_count
        ({"assert_that": "tool_uncaled", "tool": "x"}, "[0]", "tool_call"),
        ({"assert_that": "tool_not_caled", "tool": "x"}, "[0]", "tool_called"),
        ({"assert_that": "tool_never_called", "tool": "x"}, "[0]", "tool_called"),
        ({"assert_that": "tool_called_no", "tool": "x"}, "[0]", "tool_called"),
        *[
            (
                {"assert_that": "tool_called", "tool": "x", "parameters": [{"param": "p", "matcher": {"match_as": x}}]},
                "[0].parameters[0].matcher",
                "equality",
            )
            for x in ("inequality", "nonequality", "unequality", "disequality", "not_equality")
        ],
    ],
)
def test_a_suggestion_never_reverses_the_meaning(item: dict[str, Any], path: str, reversed_: str) -> None:
    (message,) = [text for where, text in _problems([item]) if where == f"$.expectations.extended_assertions{path}"]
    assert f'did you mean "{reversed_}"' not in message
    if "parameters" not in item:  # a negated kind: the negated one is meant
        assert message.endswith('did you mean "tool_not_called"?')


@pytest.mark.parametrize(
    ("item", "path", "message"),
    [
        ({"assert_that": "tool_call_count", "tool": "x"}, "[0]", "give max or a min above 0"),
        ({"assert_that": "tool_call_count", "tool": "x", "min": 0}, "[0]", "give max or a min above 0"),
        ({"assert_that": "tool_called", "tool": " "}, "[0].tool", "blank"),
        ({"assert_that": "tool_call_count", "min": 3, "max": 1}, "[0]", "min (3) is above max (1)"),
        ({"assert_that": "tool_order", "tools": []}, "[0].tools", "at least 1"),
        ({"assert_that": "tool_not_called"}, "[0].tool", "required field is missing"),
        # a blank name matches no call: "never call it" or "at most once" would pass whatever the agent did
        ({"assert_that": "tool_not_called", "tool": ""}, "[0].tool", "blank"),
        ({"assert_that": "tool_call_count", "tool": " ", "max": 1}, "[0].tool", "blank"),
        ({"assert_that": "tool_order", "tools": ["search", "\t"]}, "[0].tools[1]", "blank"),
        # invisible format characters are no name either: a zero-width space checks nothing
        ({"assert_that": "tool_not_called", "tool": "\u200b"}, "[0].tool", "blank"),
        ({"assert_that": "tool_call_count", "tool": " \u2060\ufeff", "max": 0}, "[0].tool", "blank"),
        # "closed": "no" or 0 must not be read as a boolean: a string or a number is no answer to "closed?"
        ({"assert_that": "tool_called", "tool": "t", "closed": "no"}, "[0].closed", "boolean"),
        ({"assert_that": "tool_called", "tool": "t", "closed": 1}, "[0].closed", "boolean"),
        (
            {
                "assert_that": "tool_called",
                "tool": "t",
                "parameters": [{"param": "p", "matcher": {"match_as": "number", "value": "5"}}],
            },
            "[0].parameters[0].matcher.value",
            "expected",
        ),
        (
            {
                "assert_that": "tool_called",
                "tool": "t",
                "parameters": [{"param": "p", "matcher": {"match_as": "regex", "pattern": "(a"}}],
            },
            "[0].parameters[0].matcher.pattern",
            "missing )",
        ),
        (
            {
                "assert_that": "tool_called",
                "tool": "t",
                "parameters": [{"param": "p", "matcher": {"match_as": "grounded", "from": "web"}}],
            },
            "[0].parameters[0].matcher.from",
            "expected",
        ),
    ],
)
def test_malformed_items_make_the_line_invalid(item: dict[str, Any], path: str, message: str) -> None:
    problems = _problems([item])
    assert any(p == f"$.expectations.extended_assertions{path}" and message in m for p, m in problems), problems


@pytest.mark.parametrize(
    ("item", "path"),
    [
        ({"assert_that": ["tool_called"], "tool": "t"}, "[0]"),
        ({"assert_that": "tool_called", "tool": "t", "parameters": [{"param": "p", "matcher": {"match_as": [1]}}]},
         "[0].parameters[0].matcher"),
        ({"assert_that": "tool_called", "tool": "t",
          "parameters": [{"param": "p", "matcher": {"match_as": "optional", "default": {"match_as": {"a": 1}}}}]},
         "[0].parameters[0].matcher.default"),
    ],
)  # fmt: skip
def test_a_kind_that_is_not_a_string_is_an_error_at_its_path(item: dict[str, Any], path: str) -> None:
    problems = _problems([item])
    assert any(p.startswith(f"$.expectations.extended_assertions{path}") for p, _ in problems), problems


def test_a_value_that_is_not_a_list_is_an_error() -> None:
    assert _problems({"assert_that": "tool_not_called", "tool": "x"}) == [
        ("$.expectations.extended_assertions", "expected an array, got an object")
    ]


@pytest.mark.parametrize(
    "pattern", ["(?=a)", "a\\1", "a**", "(?P<n>a)", "x{5,2}", "a" * 1001, "a{\u0663}", "a{1,\u0663}"]
)
def test_unsupported_patterns_are_refused(pattern: str) -> None:
    with pytest.raises(ValidationError):
        RegexMatcher(pattern=pattern)


@pytest.mark.parametrize("tool", ["", " ", "\u200b"])
def test_a_published_tool_called_on_a_blank_name_is_refused(tool: str) -> None:
    line = _line([])
    line["expectations"]["assertions"] = [{"assert_that": "tool_called", "tool": tool, "parameters": []}]
    with pytest.raises(ValidationError) as caught:
        Example.model_validate(line)
    (problem,) = problems_from_validation(caught.value.errors(), line)
    assert problem.path == "$.expectations.assertions[0].tool"
    assert "must not be blank" in problem.message
