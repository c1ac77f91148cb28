"""Parsing then dumping a spec example reproduces the same JSON object; extra fields survive where allowed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mb.entities import Example
from tests.conftest import spec_lines

ALL_LINES = spec_lines("examples-executed.jsonl") + spec_lines("examples-unexecuted.jsonl")


@pytest.mark.parametrize("document", ALL_LINES, ids=lambda d: d["inputs"]["messages"][-1]["content"][:30])
def test_dump_reproduces_the_published_line(document: dict[str, Any]) -> None:
    example = Example.model_validate_json(json.dumps(document))
    assert json.loads(example.model_dump_json(exclude_none=True)) == document


def test_extra_fields_are_kept_where_the_schema_allows_them() -> None:
    document = {
        "id": "ex-1",
        "inputs": {"messages": [{"role": "user", "content": "hi"}], "context": "ctx"},
        "expectations": {"expected_response": "hello", "assertions": [], "rubric": {"tone": "friendly"}},
        "outputs": {
            "response": "hello",
            "latency_ms": 12.5,
            "environment": {"user_time": "2024-02-01T09:15:00+01:00", "locale": "en-GB"},
            "trace": [
                {"event": "retriever", "query": "greeting", "outputs": [{"id": "d", "page_content": "x", "url": "u"}]}
            ],
        },
    }
    example = Example.model_validate(document)
    assert json.loads(example.model_dump_json(exclude_none=True)) == document


def test_extra_fields_are_dropped_where_the_schema_has_none() -> None:
    document = {
        "inputs": {"messages": [{"role": "user", "content": "hi", "name": "bob"}]},
        "expectations": {},
        "outputs": {"response": "x", "trace": [{"event": "tool_call", "id": "1", "tool": "t", "params": {}, "x": 1}]},
    }
    dumped = json.loads(Example.model_validate(document).model_dump_json(exclude_none=True))
    assert "name" not in dumped["inputs"]["messages"][0]
    assert "x" not in dumped["outputs"]["trace"][0]


def test_null_tool_result_survives_exclude_none() -> None:
    document = {
        "inputs": {"messages": [{"role": "user", "content": "hi"}]},
        "expectations": {"assertions": []},
        "outputs": {
            "response": "x",
            "trace": [
                {"event": "tool_call", "id": "1", "tool": "t", "params": {"a": None}},
                {"event": "tool_result", "id": "1", "result": None},
            ],
        },
    }
    text = Example.model_validate(document).model_dump_json(exclude_none=True)
    assert json.loads(text) == document
    assert Example.model_validate_json(text).outputs is not None
