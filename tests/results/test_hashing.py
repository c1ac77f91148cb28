"""The example hash: the same whether computed from the model or from the line as read, and stable."""

from __future__ import annotations

import copy
import inspect
import json
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from pydantic import BaseModel

import mb.entities as entities
from mb._hashing import example_hash, hash_line, hash_raw_document, source_fields_of_line
from mb.entities import Example
from mb.runner import example_hash as runner_example_hash
from tests.conftest import spec_lines
from tests.evaluation.test_fast_path import variants

BARE: dict[str, Any] = {
    "inputs": {"messages": [{"role": "user", "content": "Book it"}], "tools": None},
    "expectations": {"expected_response": None, "assertions": [{"assert_that": "tool_called", "tool": "book"}]},
    "outputs": {"response": "done"},
}
"""A hand-written line: explicit nulls, and the defaults (``parameters``) left out."""


@pytest.mark.parametrize(
    "document",
    [
        *spec_lines("examples-executed.jsonl"),
        *spec_lines("examples-unexecuted.jsonl"),
        BARE,
        {"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}},
        {
            "inputs": {
                "messages": [{"role": "user", "content": "hi", "name": "ignored by the model"}],
                "context": {"a": None, "b": [None, 1]},
                "metadata": {"categories": None, "turns": [{"categories": {}, "resources": [None], "x": 1}]},
            },
            "expectations": {
                "extra": None,
                "assertions": [
                    {"assert_that": "no_tool_called", "note": "ignored"},
                    {
                        "assert_that": "tool_called",
                        "tool": "t",
                        "parameters": [
                            {"param": "a", "matcher": {"match_as": "equality", "value": "x"}},
                            {"param": "b", "matcher": {"match_as": "optional", "default": {"match_as": "missing"}}},
                        ],
                    },
                ],
            },
        },
    ],
)
def test_the_hash_of_a_line_as_read_is_the_hash_of_its_model(document: dict[str, Any]) -> None:
    model = Example.model_validate(document)
    assert hash_raw_document(document) == example_hash(model)
    assert hash_line(json.dumps(document, indent=None).encode()) == example_hash(model)
    assert runner_example_hash(model) == example_hash(model)


def test_the_normalisation_knows_every_default_of_inputs_and_expectations() -> None:
    """The raw hash fills in exactly these non-None defaults; a new one in the data model must be added there."""
    defaults = set()
    for name, model in inspect.getmembers(entities, inspect.isclass):
        if not issubclass(model, BaseModel) or name in ("Example", "Outputs", "Environment"):
            continue
        for field, info in model.model_fields.items():
            default = info.get_default(call_default_factory=True)
            discriminator = field in ("match_as", "assert_that", "event")  # required on input by the discriminator
            if not info.is_required() and default is not None and not discriminator:
                defaults.add((name, field))
    known = {("Expectations", "assertions"), ("ToolCallAssertion", "parameters")}
    assert defaults - {("RetrievalResults", "trace"), ("Outputs", "trace")} == known


def test_outputs_and_key_order_do_not_change_the_hash_but_expectations_do() -> None:
    document = spec_lines("examples-executed.jsonl")[0]
    other = copy.deepcopy(document)
    other["outputs"] = {"response": "something else"}
    reordered = dict(reversed(list(document.items())))
    assert hash_raw_document(other) == hash_raw_document(document) == hash_raw_document(reordered)
    changed = copy.deepcopy(document)
    changed["expectations"]["assertions"][0]["parameters"][1]["matcher"]["value"] = 6
    assert hash_raw_document(changed) != hash_raw_document(document)
    # a published value, so a change of the definition is noticed (it would orphan every stored result)
    assert hash_raw_document(document) == "bb65039856bb6fdde26f21a98b27445daee17f8d3f181f2a246980908b1ecd5f"


def test_a_row_takes_the_trial_and_the_token_use_from_its_line() -> None:
    document = {
        **BARE,
        "repeat": 3,
        "outputs": {"response": "x", "usage": {"input_tokens": 10, "output_tokens": 4, "bogus": "x", "model": "m"}},
    }
    fields = source_fields_of_line(orjson.dumps(document))
    assert fields["repeat"] == 3
    assert fields["usage"] == {"input_tokens": 10, "output_tokens": 4, "model": "m"}
    assert "repeat" not in source_fields_of_line(orjson.dumps(BARE))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variants())
def test_the_fast_path_hash_equals_the_model_hash_on_generated_lines(document: dict[str, Any]) -> None:
    assert hash_line(json.dumps(document).encode()) == example_hash(Example.model_validate(document))


def test_integers_beyond_64_bits_are_hashed_alike_both_ways() -> None:
    document = copy.deepcopy(BARE)
    document["expectations"]["assertions"][0]["parameters"] = [
        {"param": "n", "matcher": {"match_as": "equality", "value": 2**70}}
    ]
    data = json.dumps(document).encode()
    assert hash_line(data) == example_hash(Example.model_validate(document))
    assert source_fields_of_line(data)["example_hash"] == hash_line(data)


def test_a_recorded_hash_is_used_only_when_the_line_still_matches_it() -> None:
    document = copy.deepcopy(BARE)
    true_hash = example_hash(Example.model_validate(document))
    normal = Example.model_validate(document).model_dump(mode="json", exclude_none=True)
    assert source_fields_of_line(orjson.dumps({**normal, "example_hash": true_hash}))["example_hash"] == true_hash
    # a line edited after `mb run` (or a forged hash) gets the hash of what it holds
    assert source_fields_of_line(orjson.dumps({**document, "example_hash": "f" * 64}))["example_hash"] == true_hash
    edited = {**normal, "example_hash": true_hash, "expectations": {"assertions": []}}
    assert source_fields_of_line(orjson.dumps(edited))["example_hash"] == hash_raw_document(edited) != true_hash
