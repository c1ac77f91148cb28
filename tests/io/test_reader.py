"""Streaming reads: encodings, gzip, blank lines, and a precise error per bad line without stopping."""

from __future__ import annotations

import gc
import gzip
import io
import json
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mb.entities import Example
from mb.io import LineError, iter_lines, iter_records, json_path, read_examples, write_examples

GOOD = '{"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}}'


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_bom_crlf_and_blank_lines(tmp_path: Path) -> None:
    path = _write(tmp_path / "b.jsonl", ("\ufeff" + GOOD + "\r\n\r\n   \n" + GOOD + "\r\n").encode())
    records = list(iter_records(path))
    assert [r.line for r in records] == [1, 4]
    assert all(isinstance(r.example, Example) for r in records)


def test_gzip_is_detected_by_content_not_name(tmp_path: Path) -> None:
    path = _write(tmp_path / "plain-name.jsonl", gzip.compress((GOOD + "\n" + GOOD + "\n").encode()))
    assert sum(1 for item in read_examples(path) if isinstance(item, Example)) == 2


def test_a_gzip_file_read_to_the_end_is_closed(tmp_path: Path) -> None:
    path = _write(tmp_path / "lines.jsonl.gz", gzip.compress((GOOD + "\n").encode()))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert len(list(iter_lines(path))) == 1
        gc.collect()
    assert not [warning for warning in caught if issubclass(warning.category, ResourceWarning)]


def test_write_then_read_gzip(tmp_path: Path, executed_examples: list[dict[str, object]]) -> None:
    path = tmp_path / "out.jsonl.gz"
    assert write_examples(path, [Example.model_validate(d) for d in executed_examples]) == len(executed_examples)
    assert path.read_bytes()[:2] == b"\x1f\x8b"
    again = list(read_examples(path))
    assert [
        json.loads(e.model_dump_json(exclude_none=True)) for e in again if isinstance(e, Example)
    ] == executed_examples


def test_bad_lines_are_reported_and_do_not_stop_the_stream(tmp_path: Path) -> None:
    lines = [
        GOOD,
        '{"inputs": {"messages": [{"role": "user", "content": 5}]}, "expectations": {}}',
        "[1, 2]",
        '{"inputs": ',
        "\xff",
        GOOD,
    ]
    path = _write(tmp_path / "mixed.jsonl", b"\n".join(line.encode("latin-1") for line in lines) + b"\n")
    items = list(read_examples(path))
    assert [type(item).__name__ for item in items] == [
        "Example",
        "LineError",
        "LineError",
        "LineError",
        "LineError",
        "Example",
    ]
    errors = [item for item in items if isinstance(item, LineError)]
    assert [e.line for e in errors] == [2, 3, 4, 5]
    assert str(errors[0]) == f"{path}:2: $.inputs.messages[0].content: expected a string, got an integer (5)"
    assert "expected a JSON object" in str(errors[1])
    assert "cut off" in str(errors[2])
    assert "not valid UTF-8 (byte 0xff at column 1)" in str(errors[3])


def test_locations_skip_union_tags_and_name_missing_fields() -> None:
    document = {
        "inputs": {"messages": [{"role": "user", "content": "x"}]},
        "expectations": {
            "assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": "t",
                    "parameters": [
                        {"param": "a", "matcher": {"match_as": "equality"}},
                        {"param": "b", "matcher": {"value": 1}},
                        {"params": ["c"], "matcher": {"match_as": "optional", "default": {"match_as": "missing"}}},
                    ],
                },
            ]
        },
        "outputs": {"response": "r", "trace": [{"event": "tool_call", "id": "1", "tool": "t"}, {"event": "bogus"}]},
    }
    stream = io.BytesIO(json.dumps(document).encode())
    (record,) = iter_records(stream)
    assert record.error is not None
    found = {(p.path, p.message) for p in record.error.problems}
    base = "$.expectations.assertions[0].parameters"
    assert (f"{base}[0].matcher.value", "required field is missing") in found
    assert (f"{base}[1].matcher.match_as", "required field is missing") in found
    assert any(path == f"{base}[2].matcher.default" and "missing" in msg for path, msg in found)
    assert ("$.outputs.trace[0].params", "required field is missing") in found
    assert any(path == "$.outputs.trace[1]" and 'unknown event "bogus"' in msg for path, msg in found)


def test_executed_requires_outputs() -> None:
    (record,) = iter_records(io.BytesIO(GOOD.encode()), executed=True)
    assert record.error is not None
    assert record.error.problems[0].path == "$.outputs"


def test_numbers_beyond_64_bits_and_nan() -> None:
    head = '{"inputs": {"messages": [{"role": "user", "content": "x"}]}, "expectations": {}, "n": '
    big, nan, edge = head + "123456789012345678901234567890}", head + "NaN}", head + "18446744073709551615}"
    records = list(iter_records(io.BytesIO((big + "\n" + nan + "\n" + edge).encode())))
    assert records[0].error is not None
    assert "$.n: integer 123456789012345678901234567890 out of range" in str(records[0].error)
    assert records[2].example is not None
    assert records[2].example.model_extra == {"n": 18446744073709551615}
    assert records[1].error is not None
    assert "NaN is not valid JSON" in str(records[1].error)


def test_missing_file_raises_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        list(read_examples(tmp_path / "nope.jsonl"))


@pytest.mark.parametrize(
    ("parts", "expected"),
    [([], "$"), (["a", 0, "b"], "$.a[0].b"), (["weird key", 'q"uote'], '$["weird key"]["q\\"uote"]')],
)
def test_json_path(parts: list[str | int], expected: str) -> None:
    assert json_path(parts) == expected


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_a_byte_order_mark_is_read(tmp_path: Path, encoding: str) -> None:
    bom = {"utf-16": "", "utf-16-le": "\ufeff", "utf-16-be": "\ufeff"}[encoding]
    path = _write(
        tmp_path / "ps.jsonl", (bom + GOOD + "\r\n\r\n" + GOOD.replace("hi", "héllo") + "\r\n").encode(encoding)
    )
    records = list(iter_records(path))
    assert [r.line for r in records] == [1, 3]
    assert records[1].example is not None
    assert records[1].example.inputs.messages[0].content == "héllo"


def test_pretty_printed_json_gets_one_clear_problem(
    tmp_path: Path, unexecuted_examples: list[dict[str, object]]
) -> None:
    for name, text in (
        ("array.json", json.dumps(unexecuted_examples, indent=2)),
        ("object.jsonl", "\n" + json.dumps(unexecuted_examples[0], indent=2)),
    ):
        (record,) = iter_records(_write(tmp_path / name, text.encode()))
        assert record.error is not None
        assert "pretty-printed JSON document, not JSONL" in str(record.error)


def test_a_json_array_on_one_line_is_explained(tmp_path: Path, unexecuted_examples: list[dict[str, object]]) -> None:
    (record,) = iter_records(_write(tmp_path / "a.json", json.dumps(unexecuted_examples).encode()))
    assert record.error is not None
    assert "an array holding 3 object(s): a benchmark has one example per line (JSONL)" in str(record.error)


def test_binary_content_is_named_as_such(tmp_path: Path) -> None:
    (record,) = iter_records(_write(tmp_path / "b.jsonl", b'{"inputs": \x00\x01\x02}'))
    assert record.error is not None
    assert "NUL bytes: this is not a text file" in str(record.error)


def _reference_lines(data: bytes) -> list[tuple[int, bytes]]:
    """What reading line by line gives: numbered non-blank lines, stripped, a leading BOM removed."""
    out = []
    for number, raw in enumerate(io.BytesIO(data), start=1):
        if number == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        if raw.strip():
            out.append((number, raw.strip()))
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"a", b"{}", b" ", b"\n", b"\r\n", b"\xef\xbb\xbf", b"x\n\n"]), max_size=40))
def test_lines_are_numbered_as_a_plain_split_numbers_them(
    tmp_path_factory: pytest.TempPathFactory, pieces: list[bytes]
) -> None:
    data = b"".join(pieces)
    path = tmp_path_factory.mktemp("lines") / "f.jsonl"
    path.write_bytes(data)
    assert list(iter_lines(path)) == _reference_lines(data)


@pytest.mark.parametrize(("value", "got"), [({"city": "Paris"}, "an object"), ([1, 2], "an array"), (None, "null")])
def test_a_value_of_a_type_no_union_branch_takes_is_one_problem_at_its_own_path(
    tmp_path: Path, value: object, got: str
) -> None:
    document = {
        "inputs": {"messages": [{"role": "user", "content": "hi"}]},
        "expectations": {
            "assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": "t",
                    "parameters": [{"param": "x", "matcher": {"match_as": "equality", "value": value}}],
                }
            ]
        },
    }
    path = _write(tmp_path / "b.jsonl", json.dumps(document).encode() + b"\n")
    [error] = list(read_examples(path))
    assert isinstance(error, LineError)
    assert [f"{p.path}: {p.message}" for p in error.problems] == [
        "$.expectations.assertions[0].parameters[0].matcher.value: "
        f"expected a string, an integer, a number or a boolean, got {got}"
    ]


def test_lines_ended_by_carriage_returns_alone_are_named(tmp_path: Path) -> None:
    path = _write(tmp_path / "mac.jsonl", (GOOD + "\r" + GOOD + "\r").encode())
    (error,) = list(read_examples(path))
    assert isinstance(error, LineError)
    assert error.line == 1
    assert "Extra data at column" in str(error)
    assert "end its lines with CR alone" in str(error)


def test_extra_data_after_a_plain_space_gets_no_line_ending_hint(tmp_path: Path) -> None:
    path = _write(tmp_path / "two.jsonl", (GOOD + " " + GOOD + "\n").encode())
    (error,) = list(read_examples(path))
    assert isinstance(error, LineError)
    assert "Extra data at column" in str(error)
    assert "CR alone" not in str(error)


def test_a_line_cut_off_anywhere_says_so_and_how_to_resume(tmp_path: Path) -> None:
    document = {
        "inputs": {"messages": [{"role": "user", "content": 'caf\u00e9 "q" \\ \u2603'}]},
        "expectations": {"flags": [True, None, False, {}], "n": -12.5e3, "m": 1e-07},
        "outputs": {"response": "x\U0001f600 \u00e9", "latency_ms": 0.25},
    }
    for ascii_only in (True, False):  # escapes cut short, and characters cut in two
        line = json.dumps(document, ensure_ascii=ascii_only).encode()
        path = tmp_path / "run.jsonl"
        for end in range(1, len(line)):
            path.write_bytes(line + b"\n" + line[:end])  # what a run killed while writing its second line leaves
            first, last = read_examples(path, executed=True)
            assert isinstance(first, Example)
            assert isinstance(last, LineError), line[:end]
            assert "cut off" in str(last), line[:end]
            assert "mb run --resume" in str(last), line[:end]
    for broken in (b'{"a": tx}', b'{"a": 1,}', b'{"a": "b" "c"}', b'{"a": -}', b'{"a": "\\u12"}', b'{"a" 1}'):
        path.write_bytes(broken + b"\n")
        (error,) = read_examples(path)
        assert "cut off" not in str(error), broken  # a line broken in its middle is not said to be cut off


def test_an_example_split_over_lines_is_not_only_blamed_on_a_stopped_run(tmp_path: Path) -> None:
    path = tmp_path / "bench.jsonl"
    whole = b'{"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}}'
    path.write_bytes(whole + b'\n{"inputs": {"messages": [\n{"role": "user", "content": "hi"}]}, "expectations": {}}\n')
    _, split, _ = read_examples(path)
    assert isinstance(split, LineError)
    assert "an example split over several lines (JSONL holds each on one)" in str(split)
