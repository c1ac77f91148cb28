"""Validation rules and helpers of the data model."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from pydantic import ValidationError

from mb.entities import (
    EmailMatcher,
    Environment,
    EqualsMatcher,
    Example,
    FreeTextMatcher,
    Inputs,
    OneParameterAssertion,
    OptionalMatcher,
    Outputs,
    ParameterGroupAssertion,
    ToolCallAssertion,
    parameter_assertion,
)


def _errors(exc: pytest.ExceptionInfo[ValidationError]) -> list[tuple[tuple[Any, ...], str]]:
    return [(tuple(e["loc"]), e["msg"]) for e in exc.value.errors()]


def test_at_least_one_message_is_required() -> None:
    with pytest.raises(ValidationError) as exc:
        Inputs(messages=[])
    assert _errors(exc)[0][0] == ("messages",)


def test_last_message_must_come_from_the_user() -> None:
    with pytest.raises(ValidationError) as exc:
        Inputs.model_validate({"messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]})
    assert "last message must have role 'user'" in str(exc.value)
    assert "'assistant'" in str(exc.value)


def test_citation_must_reference_a_retrieved_chunk() -> None:
    outputs: dict[str, Any] = {
        "response": "Paris.",
        "citations": [
            {"document_id": "doc_1", "span_from": 0, "span_to": 5},
            {"document_id": "doc_9", "span_from": 0, "span_to": 5},
        ],
        "trace": [{"event": "retriever", "outputs": [{"id": "doc_1", "page_content": "Paris"}]}],
    }
    with pytest.raises(ValidationError) as exc:
        Outputs.model_validate(outputs)
    (loc, message), *rest = _errors(exc)
    assert not rest
    assert loc == ("citations", 1, "document_id")
    assert "doc_9" in message
    assert "doc_1" in message


def test_citation_without_any_retriever_event_is_rejected() -> None:
    with pytest.raises(ValidationError) as exc:
        Outputs.model_validate({"response": "x", "citations": [{"document_id": "d", "span_from": 0, "span_to": 1}]})
    assert "no retriever event" in str(exc.value)


def test_span_bounds_are_not_a_parse_error() -> None:
    outputs = Outputs.model_validate(
        {
            "response": "short",
            "citations": [{"document_id": "d", "span_from": 3, "span_to": 500}],
            "trace": [{"event": "retriever", "outputs": [{"id": "d", "page_content": "x"}]}],
        }
    )
    assert outputs.citations is not None
    assert outputs.citations[0].span_to == 500


def test_untyped_optional_keeps_its_inner_matcher() -> None:
    assertion = OneParameterAssertion.model_validate(
        {"param": "limit", "matcher": {"match_as": "optional", "default": {"match_as": "equality", "value": 5}}}
    )
    assert isinstance(assertion.matcher, OptionalMatcher)
    assert assertion.matcher.default == EqualsMatcher(value=5)
    assert assertion.model_dump()["matcher"] == {
        "match_as": "optional",
        "default": {"match_as": "equality", "value": 5},
    }


def test_untyped_optional_rejects_an_unknown_inner_matcher() -> None:
    with pytest.raises(ValidationError) as exc:
        OneParameterAssertion.model_validate(
            {"param": "x", "matcher": {"match_as": "optional", "default": {"match_as": "regex"}}}
        )
    assert "regex" in str(exc.value)


def test_group_optional_accepts_only_free_text_or_date_time() -> None:
    ok = ParameterGroupAssertion.model_validate(
        {"params": ["a", "b"], "matcher": {"match_as": "optional", "default": {"match_as": "free_text", "value": "x"}}}
    )
    assert isinstance(ok.matcher, OptionalMatcher)
    assert isinstance(ok.matcher.default, FreeTextMatcher)
    with pytest.raises(ValidationError):
        ParameterGroupAssertion.model_validate(
            {"params": ["a"], "matcher": {"match_as": "optional", "default": {"match_as": "email", "value": "a@b.c"}}}
        )


@pytest.mark.parametrize(
    ("model", "data", "key"),
    [
        (ToolCallAssertion, {"tool": "book", "parameter": []}, "parameter"),
        (OneParameterAssertion, {"param": "x", "params": ["y"], "matcher": {"match_as": "missing"}}, "params"),
        (
            ParameterGroupAssertion,
            {"params": ["x"], "param": "y", "matcher": {"match_as": "free_text", "value": "a"}},
            "param",
        ),
        (EqualsMatcher, {"value": "a", "valeu": "b"}, "valeu"),
        (OptionalMatcher, {"default": {"match_as": "email", "value": "a@b.c", "strict": True}}, "strict"),
    ],
)
def test_an_unknown_key_of_an_assertion_model_is_an_error_not_dropped(
    model: type[Any], data: dict[str, Any], key: str
) -> None:
    # A dropped key would check less than written, in Python as in a benchmark line.
    with pytest.raises(ValidationError) as exc:
        model.model_validate(data)
    assert [(error["loc"][-1], error["type"]) for error in exc.value.errors()] == [(key, "extra_forbidden")]


def test_equality_value_keeps_its_json_type() -> None:
    values = [
        OneParameterAssertion.model_validate_json(
            f'{{"param": "p", "matcher": {{"match_as": "equality", "value": {raw}}}}}'
        )
        for raw in ("5", "5.0", "true", '"5"')
    ]
    assert [type(v.matcher.value) for v in values] == [int, float, bool, str]  # type: ignore[union-attr]


def test_parameter_assertion_builds_either_kind() -> None:
    one = parameter_assertion(param="name", matcher=EqualsMatcher(value="John"))
    group = parameter_assertion(params=["name", "age"], matcher=FreeTextMatcher(value="John, 20 years old"))
    assert isinstance(one, OneParameterAssertion)
    assert one.param == "name"
    assert isinstance(group, ParameterGroupAssertion)
    assert group.params == ["name", "age"]
    assertion = ToolCallAssertion(tool="t", parameters=[one, group])
    assert ToolCallAssertion.model_validate(assertion.model_dump()) == assertion
    with pytest.raises(TypeError):
        parameter_assertion(matcher=EmailMatcher(value="a@b.c"))  # type: ignore[call-overload]


def test_message_dicts_are_openai_style() -> None:
    inputs = Inputs.model_validate(
        {"messages": [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}], "tools": ["t"]}
    )
    assert inputs.message_dicts() == [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}]


def test_examples_are_editable_and_serializable() -> None:
    example = Example.model_validate({"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}})
    example.expectations.assertions.append(ToolCallAssertion(tool="search"))
    example.expectations.expected_response = "hello"
    dumped = example.model_dump(exclude_none=True)
    assert dumped["expectations"] == {
        "expected_response": "hello",
        "assertions": [{"assert_that": "tool_called", "tool": "search", "parameters": []}],
    }


@pytest.mark.parametrize(("offset", "valid"), [(True, False), ("5", False), (5.0, True), (5, True)])
def test_citation_offsets_are_json_integers_as_the_schema_says(offset: object, valid: bool) -> None:
    import jsonschema

    from mb.entities import Citation

    data = {"document_id": "d", "span_from": offset, "span_to": 9}
    schema = Citation.model_json_schema()
    assert jsonschema.Draft202012Validator(schema).is_valid(data) is valid
    if valid:
        assert Citation.model_validate(data).span_from == 5
    else:
        with pytest.raises(ValidationError):
            Citation.model_validate(data)
        with pytest.raises(ValidationError):
            Citation.model_validate_json(json.dumps(data))


@pytest.mark.parametrize("value", [12345, 1.5, True, ["2024-02-01"], {"date": "2024-02-01"}])
def test_user_time_is_a_date_time_string_not_a_number(value: object) -> None:
    with pytest.raises(ValidationError) as caught:
        Environment.model_validate({"user_time": value})
    assert caught.value.errors()[0]["type"] == "datetime_type"


def test_user_time_reads_iso_strings_and_datetimes() -> None:
    moment = datetime(2024, 2, 1, 9, 15, tzinfo=UTC)
    assert Environment.model_validate({"user_time": "2024-02-01T09:15:00Z"}).user_time == moment
    assert Environment(user_time=moment).user_time == moment
    assert Environment.model_validate({"user_time": None}).user_time is None
