"""The fast validity proof is sound: whatever it accepts, the data model accepts too."""

from __future__ import annotations

import copy
import json
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from mb.entities import Example
from mb.io import LineError, _proof, parse_document
from mb.io._proof import prove, prove_with_source
from mb.io._reader import _load
from tests.conftest import spec_lines
from tests.results.test_proven_identity import lines as proven_identity_lines

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
    if prove(json.dumps(document).encode(), executed=executed) is not None:
        assert _model_accepts(document, executed)
        example = Example.model_validate_json(json.dumps(document))
        assert not executed or example.outputs is not None
    # Full parsing of any document gives an example or located problems, never an exception.
    parsed = parse_document(document, file="f.jsonl", line=7, executed=executed)
    if isinstance(parsed, LineError):
        assert parsed.problems
        assert all(p.path.startswith("$") and p.message for p in parsed.problems)
    else:
        assert _model_accepts(document, executed)


def test_fast_path_accepts_every_published_example() -> None:
    assert all(prove(json.dumps(document).encode()) is not None for document in SEEDS)
    assert prove(json.dumps(SEEDS[-1]).encode(), executed=True) is None


def test_the_proof_reads_json_as_the_model_does() -> None:
    line = json.dumps(SEEDS[0])
    wide = 2**64 - 1  # the widest integer a line may hold
    # a repeated key: the last one counts, for the model as for the proof
    twice = line.replace('"match_as": "equality", "value": 5', f'"match_as": "equality", "value": 4, "value": {wide}')
    assert twice != line
    proven = prove(twice.encode(), executed=True)
    assert proven is not None
    matcher = proven.expectations.assertions[0].parameters[1].matcher
    model = Example.model_validate_json(twice).expectations.assertions[0].parameters[1].matcher  # type: ignore[union-attr]
    assert matcher.value == model.value == wide  # type: ignore[union-attr]
    assert type(matcher.value) is int
    # what JSON does not allow is left to the model, which reports it
    for broken in (line.replace("5", "NaN", 1), line.replace('"limit"', '"\\ud800"', 1), line[:-1]):
        assert prove(broken.encode(), executed=True) is None


def _edit(index: int, path: str, value: Any) -> dict[str, Any]:
    """A copy of seed ``index`` with the value at ``path`` (dot-separated keys and list indexes) replaced."""
    document = copy.deepcopy(SEEDS[index])
    *parents, last = [int(part) if part.isdigit() else part for part in path.split(".")]
    node: Any = document
    for key in parents:
        node = node[key]
    if value is _DELETE:
        del node[last]
    else:
        node[last] = value
    return document


_DELETE = object()
_A0 = "expectations.assertions.0"
_BROKEN = {
    "the last message is not the user's": (0, "inputs.messages.0.role", "assistant"),
    "no message": (0, "inputs.messages", []),
    "a message without text": (0, "inputs.messages.0.content", None),
    "a tool name that is not text": (0, "inputs.tools", ["search", 3]),
    "a turn without categories": (1, "inputs.metadata.turns.0.categories", _DELETE),
    "a category that is not text": (1, "inputs.metadata.categories.topic", 1),
    "an unknown assertion": (0, f"{_A0}.assert_that", "tool_used"),
    "tool_called without a tool": (0, f"{_A0}.tool", _DELETE),
    "an equality without a value": (0, f"{_A0}.parameters.1.matcher.value", None),
    "an equality with a list": (0, f"{_A0}.parameters.1.matcher.value", [5]),
    "an unknown matcher": (0, f"{_A0}.parameters.1.matcher.match_as", "regex"),
    "a group checked by equality": (1, f"{_A0}.parameters.0.matcher", {"match_as": "equality", "value": 1}),
    "a group of names that are not text": (1, f"{_A0}.parameters.0.params", ["start_time", 1]),
    "an optional without its matcher": (0, f"{_A0}.parameters.1.matcher", {"match_as": "optional"}),
    "a parameter without a name": (0, f"{_A0}.parameters.1.param", _DELETE),
    "a date phrase that is not text": (1, f"{_A0}.parameters.0.matcher.value", 14),
    "a tool result without its result": (0, "outputs.trace.1.result", _DELETE),
    "an unknown event": (0, "outputs.trace.1.event", "tool_error"),
    "a call without parameters": (0, "outputs.trace.0.params", _DELETE),
    "a response that is not text": (0, "outputs.response", ["x"]),
    "a user time that is not a time": (1, "outputs.environment.user_time", "next week"),
}


@pytest.mark.parametrize("case", list(_BROKEN), ids=list(_BROKEN))
def test_each_rule_of_the_model_is_in_the_proof(case: str) -> None:
    index, path, value = _BROKEN[case]
    document = _edit(index, path, value)
    assert not _model_accepts(document, executed=True)
    assert prove(json.dumps(document).encode(), executed=True) is None
    assert prove(json.dumps(SEEDS[index]).encode(), executed=True) is not None


def test_what_the_proof_does_not_cover_is_left_to_the_model() -> None:
    nested = {"match_as": "optional", "default": {"match_as": "optional", "default": {"match_as": "missing"}}}
    document = _edit(0, f"{_A0}.parameters.1.matcher", nested)
    assert _model_accepts(document, executed=True)
    assert prove(json.dumps(document).encode(), executed=True) is None


@pytest.mark.parametrize(
    ("case", "extra"),
    [
        ("invalid UTF-8 in a field the proof skips", b'"notes": "caf\xe9"'),
        ("nesting deeper than the model reads", b'"notes": ' + b"[" * 250 + b"]" * 250),
        ("nesting far deeper still", b'"notes": ' + b"[" * 5000 + b"]" * 5000),
        ("an integer too long to convert", b'"notes": ' + b"7" * 4301),
        ("an escaped lone surrogate", b'"notes": "\\ud800"'),
    ],
)
def test_json_the_model_refuses_is_never_proven(case: str, extra: bytes) -> None:
    line = json.dumps(SEEDS[0]).encode()[:-1] + b", " + extra + b"}"
    with pytest.raises(ValidationError):
        Example.model_validate_json(line)
    assert prove(line, executed=True) is None


def _in_a_call(text: str) -> bytes:
    """Seed 0 as a line, with the JSON ``text`` as the value of its first call's ``query`` argument."""
    line = json.dumps(SEEDS[0]).encode()
    edited = line.replace(b'"params": {"query": "King Charles III"', b'"params": {"query": ' + text.encode(), 1)
    assert edited != line
    return edited


@pytest.mark.parametrize(
    ("case", "line"),
    [
        ("a lone surrogate in an argument", _in_a_call('"\\ud800"')),
        ("a lone low surrogate in an argument", _in_a_call('"\\udc00 x"')),
        ("a lone surrogate in an argument's key", _in_a_call('"x", "\\ud83d": 1')),
        ("a lone surrogate in a message", json.dumps(SEEDS[0]).replace("England?", "\\ud800").encode()),
        ("invalid UTF-8 in a message", json.dumps(SEEDS[0]).encode().replace(b"England?", b"Engl\xe9nd")),
        ("a control character in a string", json.dumps(SEEDS[0]).encode().replace(b"England?", b"Eng\x01land")),
        ("an integer over 64 bits in an argument", _in_a_call(str(2**64))),
        ("an integer under the 64-bit range in an argument", _in_a_call(str(-(2**63) - 1))),
        ("an integer too long to convert in an argument", _in_a_call("7" * 4301)),
        ("a number too large for a float in an argument", _in_a_call("1e400")),
        ("a negative number too large for a float", _in_a_call("-2.5E+309")),
        ("an argument nested deeper than the model reads", _in_a_call("[" * 250 + "]" * 250)),
        ("an integer over 64 bits in a result", json.dumps(SEEDS[0]).replace('"ok"', str(2**70)).encode()),
    ],
)
def test_what_the_model_refuses_in_fields_the_proof_decodes_is_never_proven(case: str, line: bytes) -> None:
    document, problem = _load(line)
    if problem is None:  # no command can read it (see mb.io._limits), or else the model refuses it
        with pytest.raises(ValidationError):
            Example.model_validate(document)
    assert prove(line, executed=True) is None
    assert prove_with_source(line, executed=True) is None


@pytest.mark.parametrize(
    ("case", "line", "value"),
    [
        ("the widest integer a line may hold", _in_a_call(str(2**64 - 1)), 2**64 - 1),
        ("the smallest integer a line may hold", _in_a_call(str(-(2**63))), -(2**63)),
        ("a string of 5,000 digits", _in_a_call(f'"{"7" * 5000}"'), "7" * 5000),
        ("a float written with 400 digits", _in_a_call("1." + "0" * 399), 1.0),
        ("a float too small to tell from zero", _in_a_call("1e-400"), 0.0),
        ("an argument nested three levels", _in_a_call('[[{"a": [1, -0.5, null]}]]'), [[{"a": [1, -0.5, None]}]]),
        ("an argument nested deeper", _in_a_call('[[[[[{"a": 1}]]]]]'), [[[[[{"a": 1}]]]]]),
        ("a paired surrogate escape", _in_a_call('"\\ud83d\\ude00"'), "\U0001f600"),
    ],
)
def test_what_the_model_reads_is_proven_as_it_reads_it(case: str, line: bytes, value: Any) -> None:
    model = Example.model_validate_json(line)
    assert model.outputs is not None
    [call] = [event for event in model.outputs.trace if event.event == "tool_call"]
    assert call.params["query"] == value  # type: ignore[union-attr]
    for proven in (prove(line, executed=True), (prove_with_source(line, executed=True) or (None,))[0]):
        assert proven is not None
        assert proven.outputs is not None
        argument = proven.outputs.trace[0].params["query"]  # type: ignore[union-attr]
        assert argument == value
        assert type(argument) is type(value)


def test_ordinary_lines_are_proven_without_a_byte_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [json.dumps(document).encode() for document in SEEDS]
    expected = [prove_with_source(line) for line in lines]
    monkeypatch.setattr(_proof, "_json_the_model_reads", lambda data: pytest.fail("screened"))
    assert [prove_with_source(line) for line in lines] == expected
    assert all(proven is not None and proven[1] is not None for proven in expected[:1])
    with_extra_key = lines[0][:-1] + b', "notes": 1}'
    with pytest.raises(pytest.fail.Exception):  # a key the exact types do not name: screened, then decoded
        prove_with_source(with_extra_key)


def _outcome(proven: tuple[Any, Any] | None) -> tuple[Any, ...] | None:
    """What the evaluator and the identity read of a proof: the content as plain data, and whether the decode is
    the normal form."""
    if proven is None:
        return None
    example, source = proven
    trace = None if example.outputs is None else msgspec.to_builtins(example.outputs.trace)
    return msgspec.to_builtins((example.inputs, example.expectations)), trace, source is not None


_values = st.one_of(
    st.text(max_size=4),
    st.integers(-(2**63), 2**64 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([1e16, -1e16, 9.999e15, 0.5]),
    st.booleans(),
    st.none(),
    st.just([1]),
)


@st.composite
def _exact_matcher(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    kind = draw(st.sampled_from(["equality", "free_text", "date_time", "email", "missing", "optional", "regex"]))
    matcher: dict[str, Any] = {"match_as": kind}
    if kind == "optional":
        if depth < 2 and draw(st.integers(0, 5)):
            matcher["default"] = draw(_exact_matcher(depth + 1))
    elif kind != "missing" or draw(st.integers(0, 5)) == 0:
        matcher["value"] = draw(_values)
    return matcher


@st.composite
def _exact_parameter(draw: st.DrawFn) -> dict[str, Any]:
    parameter: dict[str, Any] = {"matcher": draw(_exact_matcher())}
    shape = draw(st.sampled_from(["one", "one", "group", "both", "none"]))
    if shape in ("one", "both"):
        parameter["param"] = draw(st.text(max_size=3))
    if shape in ("group", "both"):
        parameter["params"] = draw(st.lists(st.text(max_size=3), max_size=2))
    return parameter


@st.composite
def exact_lines(draw: st.DrawFn) -> tuple[dict[str, Any], bool]:
    """Lines of the shapes the exact types decode, valid or not: each rule they leave to the proof's code."""
    assertions: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 3))):
        if draw(st.integers(0, 3)) == 0:
            assertion: dict[str, Any] = {"assert_that": "no_tool_called"}
        else:
            assertion = {"assert_that": "tool_called", "tool": "search"}
            if draw(st.integers(0, 4)):
                assertion["parameters"] = draw(st.lists(_exact_parameter(), max_size=3))
        assertions.append(assertion)
    role = draw(st.sampled_from(["user", "user", "assistant"]))
    inputs: dict[str, Any] = {"messages": [{"role": role, "content": "x"}]}
    extra = draw(st.sampled_from(["", "", "context", "resources"]))
    if extra == "context":
        inputs["context"] = draw(_json)
    elif extra == "resources":
        inputs["metadata"] = {"turns": [{"categories": {}, "resources": draw(st.lists(_json, max_size=2))}]}
    trace = [
        {"event": "tool_call", "id": "c1", "tool": "search", "params": {"q": draw(_json)}},
        {"event": "tool_result", "id": "c1", "result": draw(_json)},
        {"event": "retriever", "outputs": [{"id": "d1", "page_content": "text"}]},
    ]
    outputs: dict[str, Any] = {"response": "done", "trace": trace}
    if draw(st.booleans()):
        outputs["citations"] = [{"document_id": draw(st.sampled_from(["d1", "d2"])), "span_from": 0, "span_to": 1}]
    if draw(st.booleans()):
        moment = draw(st.sampled_from(["2024-02-01T09:15:00", "2024-02-01T09:15:00+05:30", "next week", "2024-13-01"]))
        outputs["environment"] = {"user_time": moment}
    document = {"inputs": inputs, "expectations": {"assertions": assertions}}
    if draw(st.integers(0, 4)):
        document["outputs"] = outputs
    return document, draw(st.booleans())


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(exact_lines(), mutated(), st.tuples(proven_identity_lines(), st.booleans())))
def test_the_exact_types_decide_as_the_lenient_ones(case: tuple[dict[str, Any], bool]) -> None:
    document, executed = case
    data = json.dumps(document, ensure_ascii=False).encode()
    exact = _proof._exact(data)
    if exact is None:  # the exact types decline: the lenient ones decide alone
        return
    proven = prove_with_source(data, executed=executed)
    assert _outcome(proven) == _outcome(_proof._lenient_with_source(data, executed))
    assert (prove(data, executed=executed) is None) == (proven is None)
    if proven is not None:
        assert _model_accepts(document, executed)


def _kinds(assertions: Any) -> list[tuple[str, list[str]]]:
    """The kind of each assertion and of each of its parameters' matchers."""
    return [
        (assertion.assert_that, [parameter.matcher.match_as for parameter in getattr(assertion, "parameters", [])])
        for assertion in assertions
    ]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"match_as": "equality", "value": 5', '"match_as": "equality", "value": 5, "match_as": "missing"'),
        ('"match_as": "missing"', '"match_as": "missing", "match_as": "equality", "value": 4'),
        ('"assert_that": "tool_called"', '"assert_that": "no_tool_called", "assert_that": "tool_called"'),
        ('"event": "tool_result"', '"event": "tool_call", "event": "tool_result"'),
    ],
)
def test_a_repeated_kind_is_read_as_the_model_reads_it(old: str, new: str) -> None:
    line = json.dumps(SEEDS[0])
    assert old in line
    twice = line.replace(old, new, 1).encode()
    model = Example.model_validate_json(twice)
    for proven in (prove(twice, executed=True), (prove_with_source(twice, executed=True) or (None,))[0]):
        if proven is None:  # left to the model: sound
            continue
        assert _kinds(proven.expectations.assertions) == _kinds(model.expectations.assertions)
        assert proven.outputs is not None
        assert model.outputs is not None
        kinds = [type(event).__name__ for event in proven.outputs.trace]
        assert [kind.removeprefix("_Exact").removeprefix("Proven") for kind in kinds] == [
            {"tool_call": "Call", "tool_result": "Result"}[event.event] for event in model.outputs.trace
        ]
