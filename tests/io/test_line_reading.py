"""How one line is read by every command (``read_record``): the limits every line must meet, the model's rules, exact
values; and ``mb validate``'s file reading (counts, encodings, pretty-printed files) on top of it."""

from __future__ import annotations

import copy
import gzip
import hashlib
import io
import json
import sys
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from mb.entities import Example
from mb.io import _validate as validation
from mb.io import iter_lines
from mb.io._reader import CompressedFileError, LineError, parse_document, read_record
from mb.io._typos import KeyWarning, iter_key_warnings, key_warnings
from mb.io._validate import Tally, iter_line_errors
from tests.conftest import spec_lines

SEEDS = spec_lines("examples-executed.jsonl") + spec_lines("examples-unexecuted.jsonl")


def _accepted(line: bytes, executed: bool = True) -> bool:
    return read_record(line, file="f.jsonl", line=1, executed=executed).error is None


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


def test_every_published_example_is_read_and_outputs_are_required_only_of_executed_lines() -> None:
    for document in SEEDS:
        for separators in ((", ", ": "), (",", ":")):
            assert _accepted(json.dumps(document, separators=separators).encode(), executed=False)
    unexecuted = json.dumps(SEEDS[-1]).encode()
    record = read_record(unexecuted, file="f.jsonl", line=3, executed=True)
    assert record.error is not None
    assert [p.path for p in record.error.problems] == ["$.outputs"]
    assert "required in an executed benchmark" in record.error.problems[0].message


@pytest.mark.parametrize("case", list(_BROKEN), ids=list(_BROKEN))
def test_each_rule_of_the_model_makes_a_line_invalid(case: str) -> None:
    index, path, value = _BROKEN[case]
    assert _accepted(json.dumps(SEEDS[index]).encode())
    record = read_record(json.dumps(_edit(index, path, value)).encode(), file="f.jsonl", line=7, executed=True)
    assert record.example is None
    assert record.error is not None
    assert (record.error.file, record.error.line) == ("f.jsonl", 7)


def _in_a_call(text: str) -> bytes:
    """Seed 0 as a line, with the JSON ``text`` as the value of its first call's ``query`` argument."""
    line = json.dumps(SEEDS[0]).encode()
    edited = line.replace(b'"params": {"query": "King Charles III"', b'"params": {"query": ' + text.encode(), 1)
    assert edited != line
    return edited


def _with_extra(extra: bytes) -> bytes:
    return json.dumps(SEEDS[0]).encode()[:-1] + b", " + extra + b"}"


@pytest.mark.parametrize(
    ("case", "line", "message"),
    [
        ("a lone surrogate in an argument", _in_a_call('"\\ud800"'), "lone surrogate \\ud800 in a string"),
        ("a lone low surrogate in an argument", _in_a_call('"\\udc00 x"'), "lone surrogate \\udc00"),
        ("a lone surrogate in an argument's key", _in_a_call('"x", "\\ud83d": 1'), "lone surrogate \\ud83d in a key"),
        ("a lone surrogate in an unknown key", _with_extra(b'"\\ud800": 1'), "lone surrogate"),
        ("invalid UTF-8 in a message", json.dumps(SEEDS[0]).encode().replace(b"England?", b"Engl\xe9nd"), "UTF-8"),
        ("invalid UTF-8 in an unknown key", _with_extra(b'"notes": "caf\xe9"'), "not valid UTF-8"),
        ("a control character in a string", json.dumps(SEEDS[0]).encode().replace(b"England?", b"Eng\x01land"), ""),
        ("an integer over 64 bits in an argument", _in_a_call(str(2**64)), "out of range"),
        ("an integer under the 64-bit range", _in_a_call(str(-(2**63) - 1)), "out of range"),
        ("an integer too long to convert", _in_a_call("7" * 4301), "(4301 digits) out of range"),
        ("a long integer in an unknown key", _with_extra(b'"x": -9223372036854775809'), "out of range"),
        ("a number too large for a float", _in_a_call("1e400"), "number too large for a 64-bit float"),
        ("a negative number too large for a float", _in_a_call("-2.5E+309"), "too large for a 64-bit float"),
        # below 2**53 a float is compared as its shortest form: one written with more digits than any float printer
        # writes (17 significant), or that underflows, is refused
        ("a float too small to tell from zero", _in_a_call("1e-400"), "1e-400 is too small for a 64-bit float"),
        ("a float in an array", _in_a_call("[-2.5e-999]"), "read as -0.0"),
        ("a float with more digits", _in_a_call("1.00000000000000001"), "it would be read as 1.0"),
        ("digits on both sides of the point", _in_a_call("123456789.123456789"), "read as 123456789.12345679"),
        ("a long mantissa and an exponent", _in_a_call("1.2345678901234567891E-5"), "has 20 significant digits"),
        ("a float below the normal range", _in_a_call("4e-324"), "4e-324 is below the normal range"),
        ("an argument nested deeper than the limit", _in_a_call("[" * 250 + "]" * 250), "over the limit of 128"),
        ("nesting far deeper still", _with_extra(b'"notes": ' + b"[" * 5000 + b"]" * 5000), "nest"),
        ("NaN, which is not JSON", _in_a_call("NaN"), "invalid JSON"),
        ("a truncated line", json.dumps(SEEDS[0]).encode()[:-1], "cut off"),
    ],
)
def test_what_no_command_accepts_is_an_invalid_line_saying_why(case: str, line: bytes, message: str) -> None:
    record = read_record(line, file="f.jsonl", line=1, executed=True)
    assert record.example is None
    assert record.error is not None
    assert message in record.error.message


@pytest.mark.parametrize(
    ("case", "line", "value"),
    [
        ("the widest integer a line may hold", _in_a_call(str(2**64 - 1)), 2**64 - 1),
        ("the smallest integer a line may hold", _in_a_call(str(-(2**63))), -(2**63)),
        ("a string of 5,000 digits", _in_a_call(f'"{"7" * 5000}"'), "7" * 5000),
        ("a float written with 400 digits", _in_a_call("1." + "0" * 399), 1.0),
        ("a float with many digits that a float holds", _in_a_call("0.30000000000000004"), 0.30000000000000004),
        ("a float from 2**53 on, read as the nearest one", _in_a_call("9007199254740993.0"), 9007199254740992.0),
        ("a float just above the smallest", _in_a_call("5e-324"), 5e-324),
        ("a float as printf's %.17g writes it", _in_a_call("0.10000000000000001"), 0.1),
        ("the smallest float as %.17g writes it", _in_a_call("4.9406564584124654e-324"), 5e-324),
        ("an argument nested deeper", _in_a_call('[[[[[{"a": 1}]]]]]'), [[[[[{"a": 1}]]]]]),
        ("a paired surrogate escape", _in_a_call('"\\ud83d\\ude00"'), "\U0001f600"),
    ],
)
def test_values_a_line_may_hold_are_read_exactly(case: str, line: bytes, value: Any) -> None:
    example = read_record(line, file="f.jsonl", line=1, executed=True).example
    assert example is not None
    assert example.outputs is not None
    [call] = [event for event in example.outputs.trace if event.event == "tool_call"]
    argument = call.params["query"]  # type: ignore[union-attr]
    assert argument == value
    assert type(argument) is type(value)


def _count(
    source: Any, executed: bool, limit: int | None = None, jobs: int | None = None
) -> tuple[list[str], int, int]:
    tally = Tally()
    read = iter_line_errors(source, tally, executed=executed, max_line_bytes=limit, jobs=jobs)
    errors = [str(error) for error in read]
    return errors, tally.valid, tally.invalid


def _mixed_file() -> bytes:
    good = [json.dumps(document).encode() for document in SEEDS]
    bad = copy.deepcopy(SEEDS[0])
    bad["expectations"]["assertions"][0]["parameters"][0]["matcher"]["match_as"] = "regex"
    lines = [
        *good,
        json.dumps(bad).encode(),
        b"",
        b"   ",
        b"{not json",
        b'{"inputs": 1}',
        b"[" + good[0] + b"]",
        b"x" * 6000,  # over the limit used below
        good[1] + b"\r",
        *good,
    ]
    return b"\n".join(lines)


@pytest.mark.parametrize("executed", [False, True])
@pytest.mark.parametrize("encoding", ["bom", "gzip", "utf-16", "stdin"])
def test_files_read_every_way_get_the_errors_and_counts_of_a_plain_file(
    tmp_path: Path, encoding: str, executed: bool
) -> None:
    content = _mixed_file()
    plain = tmp_path / "plain.jsonl"
    plain.write_bytes(content)
    expected = _count(plain, executed, limit=5000)
    path = tmp_path / "mixed.jsonl"
    if encoding == "bom":
        path.write_bytes(b"\xef\xbb\xbf" + content)
    elif encoding == "gzip":
        path.write_bytes(gzip.compress(content))
    elif encoding == "utf-16":
        path.write_bytes(content.decode("utf-8").encode("utf-16"))
    source: Any = io.BytesIO(content) if encoding == "stdin" else path
    errors, valid, invalid = _count(source, executed, limit=5000)
    name = "mixed.jsonl" if encoding != "stdin" else "<stream>"
    assert [error.replace(str(path), name) for error in errors] == [
        error.replace(str(plain), name) for error in expected[0]
    ]
    assert (valid, invalid) == expected[1:]
    unexecuted = len(spec_lines("examples-unexecuted.jsonl"))
    assert invalid == 5 + (2 * unexecuted if executed else 0)
    assert valid == 2 * len(SEEDS) + 1 - (2 * unexecuted if executed else 0)  # good[1] ends in CR: valid too
    assert any("over the limit of 5000" in error for error in errors)


def test_gzip_on_standard_input_is_read_like_a_gzip_file(monkeypatch: pytest.MonkeyPatch) -> None:
    packed = gzip.compress(b'{"a": 1}\n\n{"b": 2}\n')
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(io.BytesIO(packed))))  # as a pipe gives it
    assert list(iter_lines("-")) == [(1, b'{"a": 1}'), (3, b'{"b": 2}')]


def test_the_run_record_of_a_results_file_is_named_as_such() -> None:
    error = parse_document({"mb_results": {"results_format": 2}}, file="-", line=1)
    assert isinstance(error, LineError)
    assert [(p.path, p.message) for p in error.problems] == [
        ("$", "the run record of a results file (written by `mb eval -o`), not an example")
    ]


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_worker_processes_find_the_errors_and_counts_of_one_process_in_line_order(tmp_path: Path, bom: bytes) -> None:
    path = tmp_path / "large.jsonl"
    mixed = _mixed_file()
    copies = (3 << 20) // len(mixed) + 1  # several ranges of lines, each checked by a worker
    path.write_bytes(bom + b"\n".join([mixed] * copies))
    alone = _count(path, True, limit=5000, jobs=1)
    assert _count(path, True, limit=5000, jobs=2) == alone
    lines = [int(error.split(":")[1]) for error in alone[0]]
    assert lines == sorted(lines)
    assert alone[2] == copies * 5 + copies * 2 * len(spec_lines("examples-unexecuted.jsonl"))


def test_worker_processes_report_each_unknown_key_of_the_first_lines_once(tmp_path: Path) -> None:
    typo = copy.deepcopy(SEEDS[0])
    typo["inputs"]["metdata"] = typo["inputs"].pop("metadata", {})
    invalid = copy.deepcopy(typo)
    invalid["inputs"]["mesages"] = invalid["inputs"].pop("messages")  # an invalid line has its unknown keys too
    good = [json.dumps(document).encode() for document in SEEDS]
    lines = [*good, json.dumps(typo).encode(), b"{not json", json.dumps(invalid).encode()] * 400  # several blocks
    path = tmp_path / "typos.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    errors = [str(error) for error in iter_line_errors(path, Tally())]
    assert len(list(iter_key_warnings(path))) == 400 * 3
    for key_lines in (None, 2500):
        expected = [str(warning) for warning in iter_key_warnings(path, lines=key_lines)]
        for jobs in (1, 2):
            tally = Tally()
            found = list(iter_line_errors(path, tally, jobs=jobs, key_lines=key_lines))
            assert [str(item) for item in found if isinstance(item, KeyWarning)] == expected
            assert [str(item) for item in found if not isinstance(item, KeyWarning)] == errors
            assert [item.line for item in found] == sorted(item.line for item in found)
            assert tally == Tally(valid=400 * (len(SEEDS) + 1), invalid=800)


def test_a_range_no_worker_could_check_is_checked_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "large.jsonl"
    mixed = _mixed_file()
    path.write_bytes(b"\n".join([mixed] * ((3 << 20) // len(mixed) + 1)))
    alone = _count(path, False, jobs=1)
    real = validation.submit
    submitted: list[int] = []

    def failing(*args: Any) -> Future[Any]:
        submitted.append(1)
        if len(submitted) % 2:
            return real(*args)
        failed: Future[Any] = Future()
        failed.set_exception(RuntimeError("the worker died"))
        return failed

    monkeypatch.setattr(validation, "submit", failing)
    assert _count(path, False, jobs=2) == alone
    assert len(submitted) >= 3


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_pretty_printed_file_is_one_error(tmp_path: Path, jobs: int) -> None:
    path = tmp_path / "pretty.jsonl"
    path.write_text("\n[\n" + json.dumps(SEEDS[0], indent=2) + "\n]\n")
    errors, valid, invalid = _count(path, False, jobs=jobs)
    assert (valid, invalid) == (0, 1)
    assert "pretty-printed JSON document, not JSONL" in errors[0]


@pytest.mark.parametrize("first", [b"", b"  \n\n", b"{not json\n", b"%(good)s\n", b"\n%(good)s\n"])
def test_a_lone_bracket_after_other_lines_is_an_invalid_line(first: bytes) -> None:
    good = json.dumps(SEEDS[0]).encode()
    content = first.replace(b"%(good)s", good) + b"[\n" + good + b"\n]\n" + good + b"\n"
    _, valid, invalid = _count(io.BytesIO(content), False)
    if first.strip():  # not the first line: each bracket is an invalid line, the rest is read
        assert invalid == 2 + (b"not json" in first)
        assert valid == 2 + (b"good" in first)
    else:
        assert (valid, invalid) == (0, 1)


def test_a_param_beside_a_groups_params_makes_the_line_invalid() -> None:
    document = copy.deepcopy(SEEDS[1])
    assert isinstance(parse_document(document, file="f.jsonl", line=1), Example)
    group = document["expectations"]["assertions"][0]["parameters"][0]
    group["param"] = "start_time"  # beside "params": the group's model has no "param"
    error = parse_document(document, file="f.jsonl", line=1)
    assert isinstance(error, LineError)
    path = "$.expectations.assertions[0].parameters[0].param"
    assert error.message == f'{path}: unknown key "param"; did you mean "params"?'
    assert key_warnings(document, file="f.jsonl", line=1) == [], "an error, not a warning besides"


def test_worker_processes_report_the_errors_read_before_a_gzip_file_is_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl.gz"
    lines = [
        b"{not json %d %s}" % (number, hashlib.sha256(b"%d" % number).hexdigest().encode()) for number in range(12000)
    ]
    whole = gzip.compress(b"\n".join(lines))
    path.write_bytes(whole[: len(whole) * 3 // 5])  # several blocks of lines, then the end is missing
    found = []
    for jobs in (1, 2):
        tally = Tally()
        errors: list[str] = []
        with pytest.raises(CompressedFileError):
            errors.extend(str(error) for error in iter_line_errors(path, tally, jobs=jobs))
        found.append((errors, tally))
    (alone, alone_tally), (workers, workers_tally) = found
    assert len(alone) > 3 * 1024  # more lines than one block before the cut
    assert workers == alone
    assert workers_tally == alone_tally == Tally(valid=0, invalid=len(alone))


def test_a_number_below_its_bound_is_said_in_plain_words() -> None:
    count = {"assert_that": "tool_call_count", "max": -1}
    number = {"match_as": "number", "value": 2, "tolerance": -0.5}
    called = {"assert_that": "tool_called", "tool": "t", "parameters": [{"param": "n", "matcher": number}]}
    document = {
        "inputs": {"messages": [{"role": "user", "content": "hi"}]},
        "expectations": {"extended_assertions": [count, called]},
    }
    error = parse_document(document, file="f.jsonl", line=7)
    assert isinstance(error, LineError)
    assert str(error).splitlines() == [
        "f.jsonl:7: $.expectations.extended_assertions[0].max: must be 0 or more, got an integer (-1)",
        "f.jsonl:7: $.expectations.extended_assertions[1].parameters[0].matcher.tolerance: must be 0 or more, got a "
        "number (-0.5)",
    ]


def _traced(trace: list[Any]) -> dict[str, Any]:
    """A line asking "x" whose outputs hold ``trace`` (the list itself, for a test to change)."""
    return {
        "inputs": {"messages": [{"role": "user", "content": "x"}]},
        "expectations": {"expected_response": "x"},
        "outputs": {"response": "x", "trace": trace},
    }


def test_a_tool_results_unknown_keys_are_reported_as_ignored_and_kept_out_of_the_model() -> None:
    trace = [
        {"event": "tool_call", "id": "c1", "tool": "t", "params": {}},
        {"event": "tool_result", "id": "c1", "result": "no such order", "status": "error"},
    ]
    document = _traced(trace)
    warnings = key_warnings(document, file="f.jsonl", line=1)
    assert [(warning.key, warning.ignored) for warning in warnings] == [("status", True)]
    example = parse_document(document, file="f.jsonl", line=1)
    assert isinstance(example, Example)
    assert example.outputs is not None
    assert "status" not in example.outputs.model_dump_json()


@pytest.mark.parametrize("flag", ["is_error", "isError", "error"])
def test_a_failure_flag_beside_a_tool_results_result_makes_the_line_invalid(flag: str) -> None:
    """Dropped, the flag would leave the error text to be read as a successful result (grounding what it names)."""
    trace = [
        {"event": "tool_call", "id": "c1", "tool": "t", "params": {}},
        {"event": "tool_result", "id": "c1", flag: True, "result": "rate limited; FL-123 may be stale"},
    ]
    document = _traced(trace)
    error = parse_document(document, file="f.jsonl", line=1)
    assert isinstance(error, LineError)
    assert str(error) == (
        f'f.jsonl:1: $.outputs.trace[1]: "{flag}" is not a field of a tool_result event: put the failure in '
        '"result" ({"error": ...} or {"is_error": true, ...} inside "result")'
    )
    assert key_warnings(document, file="f.jsonl", line=1) == []  # the error says it all
    trace[1] = {"event": "tool_result", "id": "c1", "result": {flag: True, "message": "rate limited"}}
    assert isinstance(parse_document(document, file="f.jsonl", line=1), Example)


@pytest.mark.parametrize("unset", [None, False, "false", "", [], {}])
def test_a_failure_flag_that_marks_nothing_leaves_the_line_valid(unset: object) -> None:
    for flag in ("is_error", "isError", "error"):
        trace = [
            {"event": "tool_call", "id": "c1", "tool": "t", "params": {}},
            {"event": "tool_result", "id": "c1", flag: unset, "result": "FL-123"},
        ]
        document = _traced(trace)
        assert isinstance(parse_document(document, file="f.jsonl", line=1), Example)
        trace[1]["isError" if flag == "error" else "error"] = "failed"  # another marker beside it that marks one
        assert isinstance(parse_document(document, file="f.jsonl", line=1), LineError)
    trace[1] = {"event": "tool_result", "id": "c1", flag: None, "result": "FL-123"}  # marks nothing
    assert isinstance(parse_document(document, file="f.jsonl", line=1), Example)


@pytest.mark.parametrize(
    "key",
    [
        "arguments",
        "args",
        "input",
        "parameters",
        "tool_input",
        "kwargs",
        "toolInput",
        "tool_args",
        "tool_arguments",
        "inputs",
        "Arguments",
        "argument",
        "payload",
        "raw_arguments",
    ],
)
def test_arguments_beside_a_tool_calls_params_make_the_line_invalid(key: str) -> None:
    """Dropped, the arguments would leave params to be read without them: a ``missing`` or ``closed`` check of the
    call would pass."""
    trace = [{"event": "tool_call", "id": "c1", "tool": "book", "params": {}, key: {"flight_id": "FL-7"}}]
    document = _traced(trace)
    error = parse_document(document, file="f.jsonl", line=1)
    assert isinstance(error, LineError)
    assert str(error) == (
        f'f.jsonl:1: $.outputs.trace[0]: "{key}" is not a field of a tool_call event: put the arguments in "params"'
    )
    trace[0] = {"event": "tool_call", "id": "c1", "tool": "book", "params": {"flight_id": "FL-7"}, key: {}}
    assert isinstance(parse_document(document, file="f.jsonl", line=1), Example)  # an empty one holds nothing


@pytest.mark.parametrize(
    ("key", "meant"),
    [
        ("expected_answer", "expected_response"),
        ("Expected_Output", "expected_response"),
        ("expected_outputs", "expected_response"),
        ("reference", "expected_response"),
        ("ground_truth", "expected_response"),
    ],
)
def test_an_expected_response_in_another_tools_words_is_suggested_as_expected_response(key: str, meant: str) -> None:
    document = {
        "inputs": {"messages": [{"role": "user", "content": "x"}]},
        "expectations": {"assertions": [{"assert_that": "no_tool_called"}], key: "Paris"},
    }
    (warning,) = key_warnings(document, file="f.jsonl", line=1)
    assert (warning.key, warning.suggestion) == (key, meant)
    document["expectations"]["expected_response"] = "Paris"  # given already: not suggested again
    assert "expected_response" not in [warning.suggestion for warning in key_warnings(document, file="f.jsonl", line=1)]


@pytest.mark.parametrize(("key", "meant"), [("input", "inputs"), ("expectation", "expectations")])
def test_a_misspelt_required_field_is_suggested(key: str, meant: str) -> None:
    document = {"inputs": {"messages": [{"role": "user", "content": "x"}]}, "expectations": {"expected_response": "x"}}
    document[key] = document.pop(meant)
    (warning,) = key_warnings(document, file="f.jsonl", line=1)
    assert (warning.key, warning.suggestion) == (key, meant)
    record = read_record(json.dumps(document).encode(), file="f.jsonl", line=1)
    assert f"$.{meant}: required field is missing" in str(record.error)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("arguments", '{"flight_id": "FL-7"}'),
        ("arguments", {"flight_id": "FL-7"}),
        ("function", {"name": "book", "arguments": '{"flight_id": "FL-7"}'}),
        ("input_tokens", 12),
    ],
)
def test_arguments_beside_params_holding_params_again_are_read_without_a_warning(key: str, value: Any) -> None:
    """An export keeping the raw arguments (OpenAI's JSON string) beside params holds nothing more."""
    call = {"event": "tool_call", "id": "c1", "tool": "book", "params": {"flight_id": "FL-7"}, key: value}
    document = _traced([call])
    assert isinstance(parse_document(document, file="f.jsonl", line=1), Example)
    if key != "input_tokens":
        assert key_warnings(document, file="f.jsonl", line=1) == []
    call[key] = {"name": "book", "arguments": '{"flight_id": "FL-7", "delete_history": true}'}
    if key == "function":
        error = parse_document(document, file="f.jsonl", line=1)
        assert isinstance(error, LineError)
        assert '"function"' in str(error)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("arguments", {"flight_id": "FL-7", "urgent": 1}),  # 1 is not true
        ("args", {"flight_id": "FL-7", "urgent": 1.0}),
        ("arguments", '{"flight_id": "FL-7", "urgent": 1}'),
        ("function", {"name": "delete_account", "arguments": '{"flight_id": "FL-7", "urgent": true}'}),  # another tool
        ("arguments", 5),
        ("arguments_json", '{"flight_id": "FL-7", "urgent": false}'),
    ],
)
def test_arguments_beside_params_that_say_anything_else_make_the_line_invalid(key: str, value: Any) -> None:
    call = {"event": "tool_call", "id": "c1", "tool": "book", "params": {"flight_id": "FL-7", "urgent": True}}
    document = _traced([{**call, key: value}])
    error = parse_document(document, file="f.jsonl", line=1)
    assert isinstance(error, LineError)
    assert f'"{key}" is not a field of a tool_call event' in str(error)
    document["outputs"]["trace"] = [{**call, "input_schema": {"type": "object"}, "input_tokens": "12"}]
    assert isinstance(parse_document(document, file="f.jsonl", line=1), Example)  # other words of input


@pytest.mark.parametrize("key", ["name", "tool_name", "toolName", "function_name"])
def test_a_name_beside_tool_naming_another_tool_makes_the_line_invalid(key: str) -> None:
    call = {"event": "tool_call", "id": "c1", "tool": "book", "params": {"flight_id": "FL-7"}}
    document = _traced([{**call, key: "delete_account"}])
    error = parse_document(document, file="f.jsonl", line=1)
    assert isinstance(error, LineError)
    assert f'"{key}" names another tool than "tool"' in str(error)
    document["outputs"]["trace"] = [{**call, key: "book"}]  # the same tool again: nothing more
    assert isinstance(parse_document(document, file="f.jsonl", line=1), Example)


def test_a_key_the_error_names_is_not_also_warned_of_as_unknown(tmp_path: Path) -> None:
    call = {"event": "tool_call", "id": "c1", "tool": "book", "params": {}, "name": "delete_account"}
    path = tmp_path / "f.jsonl"
    path.write_text(json.dumps(_traced([call])) + "\n")
    found = list(iter_line_errors(path, Tally(), key_lines=None))
    assert [type(item) for item in found] == [LineError], found  # no "unknown key "name" (ignored)" beside it


def test_an_object_with_thousands_of_unknown_keys_gets_a_warning_for_each_in_order() -> None:
    """Each unknown key is named once, in the line's order, a misspelt field among them with its suggestion."""
    wide = {f"note_{i}": i for i in range(5_000)}
    document = {"inputs": {"messages": [{"role": "user", **wide, "contnet": "q"}]}}
    warnings = key_warnings(document, file="f.jsonl", line=1)
    assert [(w.key, w.suggestion, w.ignored) for w in warnings] == [
        *((key, None, True) for key in wide),
        ("contnet", "content", True),
    ]
