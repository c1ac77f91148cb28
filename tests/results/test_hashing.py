"""The example hash: computed from the model, the same for every spelling of an example, and stable."""

from __future__ import annotations

import copy
import json
from typing import Any

import orjson
import pytest

from mb._hashing import example_hash, source_fields_of_example
from mb.entities import Example
from mb.io._reader import read_record
from mb.runner import example_hash as runner_example_hash
from tests.conftest import spec_lines

BARE: dict[str, Any] = {
    "inputs": {"messages": [{"role": "user", "content": "Book it"}], "tools": None},
    "expectations": {"expected_response": None, "assertions": [{"assert_that": "tool_called", "tool": "book"}]},
    "outputs": {"response": "done"},
}
"""A hand-written line: explicit nulls, and the defaults (``parameters``) left out."""


def _read(document: dict[str, Any]) -> Example:
    example = read_record(orjson.dumps(document), file="f.jsonl", line=1).example
    assert example is not None
    return example


def _hash(document: dict[str, Any]) -> str:
    return example_hash(_read(document))


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
                    {"assert_that": "no_tool_called"},
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
def test_every_spelling_of_an_example_has_the_hash_of_the_line_mb_run_writes(document: dict[str, Any]) -> None:
    model = _read(document)
    written = model.model_dump(mode="json", exclude_none=True)  # what `mb run` writes of it
    assert _hash(written) == example_hash(model) == runner_example_hash(model)
    assert _hash(json.loads(json.dumps(document, indent=2))) == example_hash(model)


def test_outputs_and_key_order_do_not_change_the_hash_but_expectations_do() -> None:
    document = spec_lines("examples-executed.jsonl")[0]
    other = copy.deepcopy(document)
    other["outputs"] = {"response": "something else"}
    reordered = dict(reversed(list(document.items())))
    assert _hash(other) == _hash(document) == _hash(reordered)
    changed = copy.deepcopy(document)
    changed["expectations"]["assertions"][0]["parameters"][1]["matcher"]["value"] = 6
    assert _hash(changed) != _hash(document)
    # a published value, so a change of the definition is noticed (it would orphan every stored result)
    assert _hash(document) == "bb65039856bb6fdde26f21a98b27445daee17f8d3f181f2a246980908b1ecd5f"


def test_a_row_takes_the_trial_and_the_token_use_from_its_line() -> None:
    document = {
        **BARE,
        "repeat": 3,
        "outputs": {"response": "x", "usage": {"input_tokens": 10, "output_tokens": 4, "bogus": "x", "model": "m"}},
    }
    fields = source_fields_of_example(_read(document))
    assert fields["repeat"] == 3
    assert fields["usage"] == {"input_tokens": 10, "output_tokens": 4, "model": "m"}
    assert "repeat" not in source_fields_of_example(_read(BARE))


def test_the_widest_integers_are_hashed_exactly() -> None:
    document = copy.deepcopy(BARE)
    hashes = set()
    for value in (2**64 - 1, 2**64 - 2, -(2**63)):
        document["expectations"]["assertions"][0]["parameters"] = [
            {"param": "n", "matcher": {"match_as": "equality", "value": value}}
        ]
        hashes.add(_hash(document))
    assert len(hashes) == 3


def test_a_recorded_hash_is_not_trusted_the_row_gets_the_hash_of_what_the_line_holds() -> None:
    true_hash = _hash(BARE)
    normal = _read(BARE).model_dump(mode="json", exclude_none=True)
    assert source_fields_of_example(_read({**normal, "example_hash": true_hash}))["example_hash"] == true_hash
    # a line edited after `mb run` (or a forged hash) gets the hash of what it holds
    assert source_fields_of_example(_read({**BARE, "example_hash": "f" * 64}))["example_hash"] == true_hash
    edited = {**normal, "example_hash": true_hash, "expectations": {"assertions": []}}
    assert source_fields_of_example(_read(edited))["example_hash"] != true_hash
