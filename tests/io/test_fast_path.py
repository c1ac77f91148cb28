"""The fast validity pre-check is sound: whatever it accepts, the data model accepts too."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from mb.entities import Example
from mb.io import LineError, parse_document
from mb.io._fast import certainly_valid
from tests.conftest import spec_lines

SEEDS = spec_lines("examples-executed.jsonl") + spec_lines("examples-unexecuted.jsonl")

_json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 10),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        ["", "user", "assistant", "equality", "optional", "tool_call", "retriever", "doc_1", "2024-02-01T09:15:00", "x"]
    ),
)
_json = st.recursive(
    _json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["a", "value", "match_as", "id", "params", "event"]), inner, max_size=3),
    ),
    max_leaves=6,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


@st.composite
def mutated(draw: st.DrawFn) -> tuple[dict[str, Any], bool]:
    document = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(document) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(_json)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "match_as", "value", "event", "user_time"]))] = draw(_json)
        else:
            parent.append(draw(_json))
    return document, draw(st.booleans())


def _model_accepts(document: Any, executed: bool) -> bool:
    try:
        example = Example.model_validate(document)
    except ValidationError:
        return False
    return not executed or example.outputs is not None


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_fast_path_never_accepts_what_the_model_rejects(case: tuple[dict[str, Any], bool]) -> None:
    document, executed = case
    if certainly_valid(document, executed=executed):
        assert _model_accepts(document, executed)
    # Full parsing of any document gives an example or located problems, never an exception.
    parsed = parse_document(document, file="f.jsonl", line=7, executed=executed)
    if isinstance(parsed, LineError):
        assert parsed.problems
        assert all(p.path.startswith("$") and p.message for p in parsed.problems)
    else:
        assert _model_accepts(document, executed)


def test_fast_path_accepts_every_published_example() -> None:
    assert all(certainly_valid(document) for document in SEEDS)
    assert not certainly_valid(SEEDS[-1], executed=True)
