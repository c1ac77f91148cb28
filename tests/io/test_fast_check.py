"""The fast validity check of ``mb validate`` against full validation: same verdicts, same messages, same lines."""

from __future__ import annotations

import copy
import gzip
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mb.entities import Example
from mb.io import LineError, _check, iter_documents
from mb.io._check import certainly_valid, uncertain_lines, without_unknown_keys
from mb.io._typos import key_warnings
from mb.io._validate import Tally, iter_line_errors
from tests.io.test_fast_path import _BROKEN, SEEDS, _edit, mutated

_SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _model_accepts(line: bytes, executed: bool) -> bool:
    """The full validation's verdict on one line (the reference)."""
    [(_, _, error)] = list(iter_documents(io.BytesIO(line + b"\n"), executed=executed))
    return error is None


def _reference(source: Path | io.BytesIO, executed: bool, limit: int | None) -> tuple[list[LineError], int]:
    """Every line validated by the data model: (errors, valid lines)."""
    errors, valid = [], 0
    for _, _, error in iter_documents(source, executed=executed, max_line_bytes=limit):
        if error is None:
            valid += 1
        else:
            errors.append(error)
    return errors, valid


def _fast(source: Path | io.BytesIO, executed: bool, limit: int | None) -> tuple[list[LineError], int, int]:
    tally = Tally()
    errors = list(iter_line_errors(source, tally, executed=executed, max_line_bytes=limit))
    return errors, tally.valid, tally.invalid


def _assert_same(source_factory: Any, executed: bool, limit: int | None = None) -> tuple[int, int]:
    expected, valid = _reference(source_factory(), executed, limit)
    errors, fast_valid, fast_invalid = _fast(source_factory(), executed, limit)
    assert errors == expected  # same lines, same problems, same messages, same order
    assert (fast_valid, fast_invalid) == (valid, len(expected))
    return valid, len(expected)


_EXTRA_KEYS = st.sampled_from(["id", "notes", "example_hash", "latency_ms", "usage", "error", "context", "name"])
_ODD_VALUES = st.sampled_from(
    [
        2**63 - 1,
        2**63,
        2**64 - 1,
        2**64,
        -(2**63),
        -(2**63) - 1,
        10**30,
        1.5e308,
        "\ud83d\ude00",
        "caf\u00e9",
        [[[[[1]]]]],
        {"a": {"b": {"c": {"d": [2**64]}}}},
        [],
        {},
        None,
        True,
    ]
)


@st.composite
def odd_lines(draw: st.DrawFn) -> tuple[bytes, bool]:
    """A line from a mutated published example, with odd values and unknown keys put in, written compactly or
    not; raw byte edits (overflowing exponents, invalid UTF-8, lone surrogates) on some."""
    document, executed = draw(mutated())
    for _ in range(draw(st.integers(0, 2))):
        target: Any = document
        for key in draw(st.sampled_from([(), ("inputs",), ("outputs",), ("outputs", "trace", 0, "params")])):
            if isinstance(target, dict) and key in target:
                target = target[key]
            elif isinstance(target, list) and isinstance(key, int) and target:
                target = target[0]
        if isinstance(target, dict):
            target[draw(_EXTRA_KEYS)] = draw(_ODD_VALUES)
    compact = draw(st.booleans())
    line = json.dumps(document, ensure_ascii=draw(st.booleans()), separators=(",", ":") if compact else None)
    data = line.encode("utf-8", "surrogatepass")
    edit = draw(st.sampled_from(["none", "none", "exponent", "utf8", "surrogate", "deep"]))
    if edit == "exponent":
        data = data.replace(b"5", b"5e400", 1)
    elif edit == "utf8":
        data = data.replace(b"user", b"us\xe9r", 1)
    elif edit == "surrogate":
        data = data.replace(b'"user"', b'"\\udc00"', 1)
    elif edit == "deep":
        data = data[:-1] + b', "notes": ' + b"[" * 130 + b"]" * 130 + b"}"
    return data, executed


@_SETTINGS
@given(odd_lines())
def test_the_fast_check_never_accepts_what_the_model_rejects(case: tuple[bytes, bool]) -> None:
    line, executed = case
    if certainly_valid(line, executed=executed):
        assert _model_accepts(line, executed)


@_SETTINGS
@given(st.lists(odd_lines(), min_size=1, max_size=12), st.booleans())
def test_a_file_of_good_and_bad_lines_gets_the_errors_of_full_validation(
    cases: list[tuple[bytes, bool]], executed: bool
) -> None:
    content = b"\n".join(line for line, _ in cases) + b"\n\n  \n"
    _assert_same(lambda: io.BytesIO(content), executed)


def _line_verdicts(lines: list[bytes], executed: bool, limit: int) -> list[int]:
    """The lines :func:`uncertain_lines` must leave: those the one-line check does not prove valid."""
    return [
        index for index, line in enumerate(lines) if len(line) > limit or not certainly_valid(line, executed=executed)
    ]


@_SETTINGS
@given(st.lists(odd_lines(), min_size=1, max_size=40), st.booleans(), st.sampled_from([200, 10_000]))
def test_a_block_of_lines_gets_the_verdicts_of_the_line_check(
    cases: list[tuple[bytes, bool]], executed: bool, limit: int
) -> None:
    lines = [line for line, _ in cases] + [b"", b"  \r"]
    left = uncertain_lines(lines, executed=executed, limit=limit)
    assert left == _line_verdicts(lines, executed, limit)
    for index in set(range(len(lines))) - set(left):
        assert _model_accepts(lines[index], executed)


def _groups_line(valid: bool) -> bytes:
    """A published example with a group parameter (valid), or with that group given an equality matcher."""
    document = copy.deepcopy(SEEDS[1])
    group = document["expectations"]["assertions"][0]["parameters"][0]
    assert "params" in group
    if not valid:
        group["matcher"] = {"match_as": "equality", "value": "x"}
    return json.dumps(document).encode()


def _singles_line(valid: bool) -> bytes:
    """A published example whose parameters each name one parameter, or one of them naming none."""
    document = copy.deepcopy(SEEDS[0])
    if not valid:
        del document["expectations"]["assertions"][0]["parameters"][0]["param"]
    return json.dumps(document, separators=(",", ":")).encode()


class _Counting:
    """A decoder that counts its calls."""

    def __init__(self, decoder: Any) -> None:
        self.decoder, self.calls = decoder, 0

    def decode(self, data: bytes) -> Any:
        self.calls += 1
        return self.decoder.decode(data)


@pytest.mark.parametrize("every", [0, 20, 2, 1])
def test_blocks_of_group_lines_and_others_get_every_verdict_right(every: int, monkeypatch: pytest.MonkeyPatch) -> None:
    counting = _Counting(_check._SINGLES)
    monkeypatch.setattr(_check, "_SINGLES", counting)
    # every `every`th line has a group parameter (none when 0); every 37th line is invalid
    lines = [(_groups_line if every and index % every == 0 else _singles_line)(index % 37 != 5) for index in range(400)]
    left = uncertain_lines(lines, executed=True, limit=1 << 20)
    assert left == _line_verdicts(lines, True, 1 << 20)
    assert left == [index for index in range(400) if index % 37 == 5]
    if every in (1, 2):  # the schema without groups is soon given up on such a block
        assert counting.calls < 60
    else:  # and kept while it proves most lines
        assert counting.calls == 400


def test_every_published_example_is_checked_fast_and_valid() -> None:
    for document in SEEDS:
        assert certainly_valid(json.dumps(document).encode())
        assert certainly_valid(json.dumps(document, separators=(",", ":")).encode())


@pytest.mark.parametrize("case", list(_BROKEN), ids=list(_BROKEN))
def test_each_rule_of_the_model_is_in_the_fast_check(case: str) -> None:
    index, path, value = _BROKEN[case]
    for separators in ((", ", ": "), (",", ":")):
        assert certainly_valid(json.dumps(SEEDS[index], separators=separators).encode(), executed=True)
        line = json.dumps(_edit(index, path, value), separators=separators).encode()
        assert not _model_accepts(line, executed=True)
        assert not certainly_valid(line, executed=True)
        _assert_same(lambda line=line: io.BytesIO(line), executed=True)  # type: ignore[misc]


def test_an_unexecuted_line_is_valid_only_when_outputs_are_not_required() -> None:
    line = json.dumps(SEEDS[-1]).encode()
    assert certainly_valid(line)
    assert not certainly_valid(line, executed=True)
    assert not _model_accepts(line, executed=True)


def test_lines_the_strict_schema_refuses_are_still_valid() -> None:
    # unknown keys, wide integers, deeply nested arguments: valid lines the strict decoder cannot take
    document = copy.deepcopy(SEEDS[0])
    document["id"] = "example-1"
    document["outputs"]["trace"][0]["params"]["nested"] = {"a": [[{"b": [1, 2, {"c": 3}]}]]}
    document["outputs"]["trace"][0]["params"]["wide"] = 2**64 - 1
    line = json.dumps(document).encode()
    assert _model_accepts(line, executed=True)
    assert not certainly_valid(line, executed=True)  # the 20-digit number is left to the model
    del document["outputs"]["trace"][0]["params"]["wide"]
    assert certainly_valid(json.dumps(document).encode(), executed=True)


def _with_user_time(text: str) -> bytes:
    document = copy.deepcopy(SEEDS[1])
    document["outputs"]["environment"] = {"user_time": text}
    return json.dumps(document).encode()


@pytest.mark.parametrize(
    ("case", "edit"),
    [
        ("an overflowing float in a matcher", lambda d: d.replace(b'"value": 5', b'"value": 1e400', 1)),
        ("an integer past 64 bits", lambda d: d.replace(b'"value": 5', b'"value": 18446744073709551616', 1)),
        ("an overflowing float in an unknown key", lambda d: d[:-1] + b', "x": 1E+999}'),
        ("a long integer in an unknown key", lambda d: d[:-1] + b', "x": -9223372036854775809}'),
        ("a lone surrogate in an unknown key", lambda d: d[:-1] + b', "\\ud800": 1}'),
        ("invalid UTF-8 in an unknown key", lambda d: d[:-1] + b', "x": "\xff"}'),
        ("nesting past the limit", lambda d: d[:-1] + b', "x": ' + b"[" * 129 + b"]" * 129 + b"}"),
        ("a user_time that is not a time", lambda _: _with_user_time("2024-02-30T10:00:00Z")),
    ],
)
def test_what_no_command_accepts_is_never_checked_valid(case: str, edit: Any) -> None:
    line = edit(json.dumps(SEEDS[0]).encode())
    assert line != json.dumps(SEEDS[0]).encode()
    assert not _model_accepts(line, executed=True)
    assert not certainly_valid(line, executed=True)


_TIMES = st.from_regex(
    r"\A[0-9]{4}-[0-9]{2}-[0-9]{2}([Tt ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,9})?)?([Zz]|[+-][0-9]{2}:?[0-9]{2})?)?\Z"
)


@_SETTINGS
@given(_TIMES)
def test_a_user_time_is_checked_fast_only_when_the_model_reads_it(text: str) -> None:
    line = _with_user_time(text)
    if certainly_valid(line, executed=True):  # otherwise the full validation decides
        Example.model_validate_json(line)


def test_an_rfc3339_user_time_is_checked_fast() -> None:
    for text in ("2025-07-04T07:19:09-05:00", "2025-07-04T07:19:09Z", "2025-07-04T07:19:09.250", "2025-07-04 07:19:09"):
        assert certainly_valid(_with_user_time(text), executed=True)


def _mixed_file(tmp_path: Path) -> bytes:
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
@pytest.mark.parametrize("encoding", ["plain", "bom", "gzip", "utf-16", "stdin"])
def test_files_read_every_way_get_the_same_errors_and_counts(tmp_path: Path, encoding: str, executed: bool) -> None:
    content = _mixed_file(tmp_path)
    path = tmp_path / "mixed.jsonl"
    if encoding == "bom":
        path.write_bytes(b"\xef\xbb\xbf" + content)
    elif encoding == "gzip":
        path.write_bytes(gzip.compress(content))
    elif encoding == "utf-16":
        path.write_bytes(content.decode("utf-8").encode("utf-16"))
    else:
        path.write_bytes(content)
    factory: Any = (lambda: io.BytesIO(content)) if encoding == "stdin" else (lambda: path)
    valid, invalid = _assert_same(factory, executed, limit=5000)
    assert invalid >= 5
    assert valid >= 4


@pytest.mark.parametrize("chunk", [7, 64, 1000])
def test_lines_spanning_chunks_and_over_the_limit_are_read_alike(
    chunk: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from mb.io import _validate

    monkeypatch.setattr(_validate, "_CHUNK", chunk)
    content = _mixed_file(tmp_path) + b"\n" + b"y" * 7000 + b"\n" + json.dumps(SEEDS[0]).encode()
    _assert_same(lambda: io.BytesIO(content), False, limit=5000)
    _assert_same(lambda: io.BytesIO(content.rstrip(b"}")), True, limit=None)


def test_a_pretty_printed_file_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "pretty.jsonl"
    path.write_text("\n[\n" + json.dumps(SEEDS[0], indent=2) + "\n]\n")
    valid, invalid = _assert_same(lambda: path, False)
    assert (valid, invalid) == (0, 1)


@pytest.mark.parametrize("first", [b"", b"  \n\n", b"{not json\n", b"%(good)s\n", b"\n%(good)s\n"])
def test_a_lone_bracket_after_other_lines_is_an_invalid_line(first: bytes) -> None:
    good = json.dumps(SEEDS[0]).encode()
    content = first.replace(b"%(good)s", good) + b"[\n" + good + b"\n]\n" + good + b"\n"
    valid, invalid = _assert_same(lambda: io.BytesIO(content), False)
    if first.strip():  # not the first line: each bracket is an invalid line, the rest is read
        assert invalid == 2 + (b"not json" in first)
        assert valid == 2 + (b"good" in first)
    else:
        assert (valid, invalid) == (0, 1)


@_SETTINGS
@given(odd_lines())
def test_a_line_passed_over_by_the_key_scan_has_no_unknown_key(case: tuple[bytes, bool]) -> None:
    line, _ = case
    if without_unknown_keys(line):
        assert key_warnings(json.loads(line), file="f.jsonl", line=1) == []


def test_the_key_scan_looks_at_lines_with_unknown_or_doubled_keys() -> None:
    document = copy.deepcopy(SEEDS[1])
    assert without_unknown_keys(json.dumps(document).encode())
    group = document["expectations"]["assertions"][0]["parameters"][0]
    group["param"] = "start_time"  # beside "params": the group's model has no "param"
    assert key_warnings(document, file="f.jsonl", line=1)
    assert not without_unknown_keys(json.dumps(document).encode())
    for path in ((), ("inputs", "messages", 0), ("expectations", "assertions", 0, "parameters", 0, "matcher")):
        moved: Any = copy.deepcopy(SEEDS[1])
        for key in path:
            moved = moved[key] if path else moved
        moved["mach_as"] = "free_text"
        line = json.dumps(moved if not path else _set(SEEDS[1], path, moved)).encode()
        assert not without_unknown_keys(line)  # the scan decides whether the key is worth a warning
        assert bool(key_warnings(json.loads(line), file="f.jsonl", line=1)) == ("matcher" in path)


def _set(document: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    copied = copy.deepcopy(document)
    node: Any = copied
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copied
