"""``expectations.expected_facts`` and ``expectations.guidelines``: typed accessors, validation, no key warning."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from mb.entities import Example
from mb.io._errors import problems_from_validation
from mb.io._typos import key_warnings


def _line(**expectations: Any) -> dict[str, Any]:
    return {"inputs": {"messages": [{"role": "user", "content": "When is the meeting?"}]}, "expectations": expectations}


def test_the_accessors_read_the_lists_and_default_to_empty() -> None:
    example = Example.model_validate(_line(expected_facts=["It is at 3pm", " "], guidelines=["Be brief"]))
    assert example.expectations.expected_facts == ["It is at 3pm"]
    assert example.expectations.guidelines == ["Be brief"]
    plain = Example.model_validate(_line(expected_facts=None))
    assert plain.expectations.expected_facts == []
    assert plain.expectations.guidelines == []


def test_they_round_trip_under_their_own_names() -> None:
    line = _line(expected_facts=["It is at 3pm"], guidelines=["Be brief"])
    dumped = Example.model_validate(line).model_dump(mode="json", exclude_none=True)
    assert dumped["expectations"]["expected_facts"] == ["It is at 3pm"]
    assert dumped["expectations"]["guidelines"] == ["Be brief"]


@pytest.mark.parametrize(
    ("expectations", "expected"),
    [
        (
            {"expected_facts": ["a", 3]},
            [("$.expectations.expected_facts[1]", "expected a string, got an integer (3)")],
        ),
        (
            {"guidelines": "be nice", "expected_facts": "x"},
            [
                ("$.expectations.expected_facts", 'expected an array, got a string ("x")'),
                ("$.expectations.guidelines", 'expected an array, got a string ("be nice")'),
            ],
        ),
    ],
)
def test_a_wrong_type_makes_the_line_invalid_with_its_path(
    expectations: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    line = _line(**expectations)
    with pytest.raises(ValidationError) as caught:
        Example.model_validate(line)
    assert [(p.path, p.message) for p in problems_from_validation(caught.value.errors(), line)] == expected


def test_no_unknown_key_warning_and_a_misspelling_makes_the_line_invalid() -> None:
    good = json.loads(json.dumps(_line(expected_facts=["a"], guidelines=["b"])))
    assert key_warnings(good, file="f.jsonl", line=1) == []
    typo = _line(expected_fact=["a"])
    assert key_warnings(typo, file="f.jsonl", line=1) == []  # an error, not a warning besides
    with pytest.raises(ValidationError) as caught:
        Example.model_validate(typo)
    assert [(p.path, p.message) for p in problems_from_validation(caught.value.errors(), typo)] == [
        (
            "$.expectations.expected_fact",
            'unknown key "expected_fact"; did you mean "expected_facts"? What it holds is not checked',
        )
    ]


@pytest.mark.parametrize(("part", "key", "value"), [("outputs", "errors", []), ("expectations", "expected_fact", [])])
def test_an_empty_value_under_a_misspelt_key_is_only_a_warning(part: str, key: str, value: Any) -> None:
    line = json.loads(json.dumps(_line(expected_response="At 3pm.")))
    line.setdefault(part, {"response": "At 3pm."})[key] = value
    assert isinstance(Example.model_validate(line), Example)  # nothing it holds goes unchecked
    assert [warning.key for warning in key_warnings(line, file="f.jsonl", line=1)] == [key]
    line[part][key] = ["a"]
    with pytest.raises(ValidationError):
        Example.model_validate(line)
