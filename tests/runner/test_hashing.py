"""The example hash: canonical JSON of inputs + expectations, sha256."""

from __future__ import annotations

import hashlib
import json

from mb.entities import Example
from mb.runner import canonical_json, example_hash

LINE = {
    "inputs": {"messages": [{"role": "user", "content": "Où est Paris ?"}], "tools": ["search"]},
    "expectations": {
        "expected_response": "En France.",
        "assertions": [
            {
                "assert_that": "tool_called",
                "tool": "search",
                "parameters": [{"param": "limit", "matcher": {"match_as": "equality", "value": 5}}],
            }
        ],
    },
}


def test_canonical_json_sorts_keys_at_every_level_without_whitespace() -> None:
    assert canonical_json({"b": 1, "a": {"d": [1, {"f": 2, "e": "é"}], "c": None}}) == (
        '{"a":{"c":null,"d":[1,{"e":"é","f":2}]},"b":1}'.encode()
    )


def test_the_hash_is_the_sha256_of_the_canonical_json_of_inputs_and_expectations() -> None:
    expected_text = json.dumps(
        {"inputs": LINE["inputs"], "expectations": LINE["expectations"]},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    expected = hashlib.sha256(expected_text.encode()).hexdigest()
    assert example_hash(Example.model_validate(LINE)) == expected


def test_key_order_outputs_and_extra_fields_do_not_change_the_hash() -> None:
    reordered = {
        "expectations": dict(reversed(list(LINE["expectations"].items()))),  # type: ignore[attr-defined]
        "inputs": {"tools": ["search"], "messages": [{"content": "Où est Paris ?", "role": "user"}]},
        "outputs": {"response": "whatever"},
        "example_hash": "stale",
        "id": 7,
    }
    assert example_hash(Example.model_validate(reordered)) == example_hash(Example.model_validate(LINE))


def test_any_change_to_inputs_or_expectations_changes_the_hash() -> None:
    base = example_hash(Example.model_validate(LINE))
    other_message = json.loads(json.dumps(LINE))
    other_message["inputs"]["messages"][0]["content"] = "Où est Lyon ?"
    other_expectation = json.loads(json.dumps(LINE))
    other_expectation["expectations"]["assertions"][0]["parameters"][0]["matcher"]["value"] = 6
    hashes = {base, example_hash(Example.model_validate(other_message))}
    hashes.add(example_hash(Example.model_validate(other_expectation)))
    assert len(hashes) == 3
