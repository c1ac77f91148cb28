"""The identity a result row takes from a line proven valid: written from the proof's typed decode when that is the
normal form, from the line's JSON otherwise, and the same either way."""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mb._hashing import canonical_json, example_hash, source_fields_of_line, source_fields_of_proven
from mb.entities import Example
from mb.io._proof import prove_with_source

_floats = st.floats(allow_nan=False, allow_infinity=False)
_scalars = st.one_of(st.booleans(), st.integers(-(2**63), 2**64 - 1), _floats, st.text(max_size=8))
_json = st.recursive(
    st.one_of(st.none(), _scalars),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=6,
)
_junk = st.one_of(
    st.builds(dict),
    st.builds(dict),
    st.dictionaries(st.sampled_from(["x", "note", "value", "default", "tool"]), st.one_of(st.none(), _scalars)),
)


@st.composite
def _matcher(draw: st.DrawFn, group: bool, nested: bool = False) -> dict[str, Any]:
    kinds = ["date_time", "free_text"] if group else ["equality", "email", "missing", "date_time", "free_text"]
    kind = draw(st.sampled_from(kinds if nested else [*kinds, "optional"]))
    matcher: dict[str, Any] = draw(_junk)
    matcher["match_as"] = kind
    if kind == "optional":
        matcher["default"] = draw(_matcher(group, nested=True))
    elif kind == "equality":
        matcher["value"] = draw(_scalars)
    elif kind != "missing":
        matcher["value"] = draw(st.text(max_size=10))
    return matcher


@st.composite
def _parameter(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.booleans()):
        return {"param": draw(st.text(max_size=5)), "matcher": draw(_matcher(False))}
    parameter = {"params": draw(st.lists(st.text(max_size=5), max_size=3)), "matcher": draw(_matcher(True))}
    if draw(st.booleans()):
        parameter["param"] = draw(st.one_of(st.none(), st.text(max_size=3), st.integers()))
    return parameter


@st.composite
def _assertion(draw: st.DrawFn) -> dict[str, Any]:
    assertion: dict[str, Any] = draw(st.dictionaries(st.sampled_from(["x", "note"]), st.one_of(st.none(), _scalars)))
    if draw(st.integers(0, 3)) == 0:
        assertion["assert_that"] = "no_tool_called"
        if draw(st.booleans()):
            assertion["tool"] = draw(st.one_of(st.none(), st.text(max_size=4)))
        if draw(st.booleans()):
            assertion["parameters"] = []
        return assertion
    assertion.update(assert_that="tool_called", tool=draw(st.text(max_size=6)))
    if draw(st.integers(0, 4)):
        assertion["parameters"] = draw(st.lists(_parameter(), max_size=3))
    return assertion


@st.composite
def lines(draw: st.DrawFn) -> dict[str, Any]:
    """A valid executed line: typical shapes, and every way its inputs and expectations can differ from their
    normal form (nulls, keys the model ignores or keeps, defaults left out, floats, free JSON values)."""
    message = {"role": "user", "content": draw(st.text(max_size=20))}
    if draw(st.integers(0, 4)) == 0:
        message["name"] = draw(st.one_of(st.none(), st.text(max_size=3)))
    inputs: dict[str, Any] = {"messages": [message]}
    extra = draw(st.sampled_from(["", "", "tools", "tools", "context", "metadata", "turns", "unknown"]))
    if extra == "tools":
        inputs["tools"] = draw(st.one_of(st.none(), st.lists(st.text(max_size=4), max_size=2)))
    elif extra == "context":
        inputs["context"] = draw(_json)
    elif extra == "metadata":
        inputs["metadata"] = draw(st.one_of(st.none(), st.just({"categories": {"a": "b"}, "turns": None})))
    elif extra == "turns":
        resources = draw(st.lists(_json, max_size=2))
        inputs["metadata"] = {"turns": [{"categories": {"k": "v"}, "resources": resources}]}
    elif extra == "unknown":
        inputs["unknown"] = draw(_json)
    expectations: dict[str, Any] = {}
    if draw(st.integers(0, 5)):
        expectations["assertions"] = draw(st.lists(_assertion(), max_size=3))
    if draw(st.integers(0, 3)) == 0:
        expectations["expected_response"] = draw(st.one_of(st.none(), st.text(max_size=5)))
    if draw(st.integers(0, 5)) == 0:
        expectations["kept"] = draw(_json)
    line = {"inputs": inputs, "expectations": expectations, "outputs": {"response": "done"}}
    if draw(st.booleans()):
        line["repeat"] = draw(st.integers(0, 3))
        line["outputs"]["usage"] = {"input_tokens": draw(st.integers(0, 9)), "model": "m"}
    return line


def _data(document: dict[str, Any]) -> bytes:
    return json.dumps(document, ensure_ascii=False).encode()  # integers up to 2**64 - 1


def _source_fields(document: dict[str, Any]) -> tuple[dict[str, Any], bool] | None:
    """What the row takes from the line, and whether it came from the typed decode; None if the proof declines."""
    data = _data(document)
    proven = prove_with_source(data, executed=True)
    return None if proven is None else (source_fields_of_proven(proven[1], data), proven[1] is not None)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines(), st.sampled_from(["none", "true", "raw", "forged"]))
def test_the_row_takes_the_same_identity_from_the_typed_decode_as_from_the_line(
    document: dict[str, Any], recorded: str
) -> None:
    model = Example.model_validate(document)
    if recorded == "true":
        document["example_hash"] = example_hash(model)
    elif recorded == "raw":  # hashed as written by some other tool: kept only while it still matches the line
        document["example_hash"] = source_fields_of_line(_data(document))["example_hash"]
    elif recorded == "forged":
        document["example_hash"] = "f" * 64
    found = _source_fields(document)
    if found is None:  # the proof may leave a valid line to the model
        return
    fields, _ = found
    assert fields == source_fields_of_line(_data(document))
    if recorded != "raw":
        assert fields["example_hash"] == example_hash(model)


BASE: dict[str, Any] = {
    "inputs": {"messages": [{"role": "user", "content": "Book it", "name": "ignored"}], "tools": ["book"]},
    "expectations": {
        "expected_response": None,
        "assertions": [
            {
                "assert_that": "tool_called",
                "tool": "book",
                "note": "ignored",
                "parameters": [
                    {"param": "n", "matcher": {"match_as": "equality", "value": 2.5, "x": None}},
                    {
                        "param": "cc",
                        "matcher": {"match_as": "optional", "default": {"match_as": "email", "value": "a"}},
                    },
                    {"params": ["start", "end"], "matcher": {"match_as": "date_time", "value": "tomorrow"}},
                ],
            },
            {"assert_that": "no_tool_called"},
        ],
    },
    "outputs": {"response": "done"},
}
"""A line whose typed decode is its normal form (nulls and the keys the model ignores are dropped alike)."""


def _changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    document = copy.deepcopy(BASE)
    target: Any = document
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return document


_MATCHER = ("expectations", "assertions", 0, "parameters", 0, "matcher")


@pytest.mark.parametrize(
    ("document", "typed"),
    [
        (BASE, True),
        (_changed((*_MATCHER, "value"), 1e15), True),
        (_changed((*_MATCHER, "value"), 1e16), False),  # orjson writes 1e+16, msgspec 1e16
        (_changed((*_MATCHER, "value"), -3.5e200), False),
        (_changed((*_MATCHER, "default"), {"match_as": "missing"}), False),  # a key the model drops
        (_changed(("expectations", "assertions", 0, "parameters", 1, "matcher", "value"), 1), False),
        (_changed(("expectations", "assertions", 0, "parameters", 2, "param"), None), False),
        (_changed(("expectations", "assertions", 0, "parameters", 2, "param"), 5), False),
        (_changed(("expectations", "assertions", 0, "parameters"), []), False),  # the model writes []
        (_changed(("expectations", "assertions", 1, "tool"), "x"), False),
        (_changed(("expectations", "assertions"), []), False),
        (_changed(("expectations", "kept"), 1), False),  # expectations keep keys they do not know
        (_changed(("inputs", "kept"), None), False),
        (_changed(("inputs", "context"), {"k": 1e300}), False),
        (_changed(("inputs", "metadata"), {"turns": [{"categories": {}, "resources": [1e17]}]}), False),
        (_changed(("inputs", "metadata"), {"turns": [{"categories": {}, "resources": []}], "x": 1}), True),
    ],
)
def test_the_typed_decode_is_used_only_when_it_is_the_normal_form(document: dict[str, Any], typed: bool) -> None:
    found = _source_fields(document)
    assert found is not None
    fields, used = found
    assert used is typed
    assert fields["example_hash"] == example_hash(Example.model_validate(document))
    assert fields == source_fields_of_line(json.dumps(document).encode())


def test_a_recorded_hash_that_the_normal_form_does_not_give_is_checked_against_the_line() -> None:
    raw = source_fields_of_line(_data(BASE))["example_hash"]
    assert raw == example_hash(Example.model_validate(BASE))
    assert _source_fields({**BASE, "example_hash": raw, "repeat": 2}) == ({"example_hash": raw, "repeat": 2}, True)
    assert _source_fields({**BASE, "example_hash": "0" * 64}) == ({"example_hash": raw}, True)
    # hashed as written (nulls and all) by another tool: kept while the line still holds what was hashed
    as_written = {"inputs": BASE["inputs"], "expectations": BASE["expectations"]}
    written = hashlib.sha256(canonical_json(as_written)).hexdigest()
    assert written != raw
    assert _source_fields({**BASE, "example_hash": written}) == ({"example_hash": written}, True)


def test_a_group_assertion_is_identified_without_a_param_beside_its_params() -> None:
    document = _changed(("expectations", "assertions", 0, "parameters", 2, "param"), "ignored")
    model = Example.model_validate(document)
    assert example_hash(model) == example_hash(Example.model_validate(BASE))
    assert source_fields_of_line(_data(document))["example_hash"] == example_hash(model)
    assert _source_fields(document) == ({"example_hash": example_hash(model)}, False)


def test_an_identity_written_longer_than_its_line_is_hashed_whole() -> None:
    parameters = [{"param": f"p{index}", "matcher": {"match_as": "equality", "value": 100.0}} for index in range(40)]
    document = {
        "inputs": {"messages": [{"role": "user", "content": ""}]},
        "expectations": {"assertions": [{"assert_that": "tool_called", "tool": "t", "parameters": parameters}]},
    }
    data = json.dumps(document, separators=(",", ":")).replace("100.0", "1E2").encode()
    assert len(canonical_json(document)) > len(data)
    proven = prove_with_source(data)
    assert proven is not None
    assert proven[1] is not None  # the typed decode is the normal form: the identity is written from it
    assert source_fields_of_proven(proven[1], data) == {"example_hash": example_hash(Example.model_validate(document))}
