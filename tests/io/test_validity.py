"""What makes a line invalid beyond the data model: lone surrogates, deep nesting, numbers out of range; every
reader says the same, and messages quoting user text stay printable."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from mb.io import LineError, iter_documents, iter_records
from mb.io._errors import Problem, printable
from mb.io._limits import MAX_DEPTH, MAX_INT, MIN_INT, depth, encode_line, screen
from mb.io._validate import Tally, iter_line_errors

from ..conftest import SPEC

BASE = (SPEC / "examples-executed.jsonl").read_text(encoding="utf-8").splitlines()[0]

# (name, the line, the path the problem names, a word of the message)
CASES = [
    (
        "tool name",
        BASE.replace('"tool": "search", "params"', '"tool": "s\\ud800", "params"'),
        "$.outputs.trace[0].tool",
        "lone surrogate \\ud800",
    ),
    (
        "call id",
        BASE.replace('"id": "call_1", "tool"', '"id": "c\\udfff", "tool"'),
        "$.outputs.trace[0].id",
        "lone surrogate \\udfff",
    ),
    (
        "parameter name",
        BASE.replace('"param": "query"', '"param": "q\\uD800"'),
        "$.expectations.assertions[0].parameters[0].param",
        "lone surrogate",
    ),
    ("a key", BASE.replace('"limit": 5}}', '"limit": 5, "\\ud800": 1}}'), "$.outputs.trace[0].params", "in a key"),
    (
        "message",
        BASE.replace("Who is", "\\udc00Who is"),
        "$.inputs.messages[0].content",
        "lone surrogate \\udc00",
    ),
    (
        "deep nesting",
        BASE.replace('"result": {', '"result": ' + "[" * 1100 + "]" * 1100 + ', "x": {'),
        "$",
        "over the limit of 128",
    ),
    (
        "integer of 2**64",
        BASE.replace('"limit": 5}}', '"limit": 18446744073709551616}}'),
        "$.outputs.trace[0].params.limit",
        "out of range",
    ),
    (
        "negative integer below -2**63",
        BASE.replace('"value": 5}', '"value": -9223372036854775809}'),
        "$.expectations.assertions[0].parameters[1].matcher.value",
        "out of range",
    ),
    ("float overflow", BASE.replace('"value": 5}', '"value": 1e400}'), "$.expectations", "64-bit float"),
    ("a vertical tab after the value", BASE + "\x0b", "$", "'\\x0b': only spaces, tabs and line ends may surround"),
    ("a form feed after the value", BASE + "\x0c", "$", "'\\x0c': only spaces, tabs and line ends may surround"),
    (
        "integer of 10,000 digits",  # longer than Python converts to text
        BASE.replace('"limit": 5}}', '"limit": 1' + "0" * 9999 + "}}"),
        "$.outputs.trace[0].params.limit",
        "integer 100000000000...(10000 digits) out of range",
    ),
    (
        "negative integer of 5,000 digits",
        BASE.replace('"value": 5}', '"value": -' + "7" * 5000 + "}"),
        "$.expectations.assertions[0].parameters[1].matcher.value",
        "integer -777777777777...(5000 digits) out of range",
    ),
    # a key written twice: a parser keeps one value and silently drops the other (a dropped assertion passes)
    (
        "a key twice",
        BASE.replace('"limit": 5}}', '"limit": 5, "limit": 6}}'),
        "$.outputs.trace[0].params.limit",
        'the key "limit" appears twice in one object',
    ),
    (
        "expectations twice",
        BASE.replace('"outputs": {', '"expectations": {"assertions": []}, "outputs": {', 1),
        "$.expectations",
        "appears twice",
    ),
    (
        "a key twice beside an escaped colon",
        BASE.replace('"limit": 5}}', '"limit": 5, "note": "a\\u003ab\\u003A", "limit": 6}}'),
        "$.outputs.trace[0].params.limit",
        "appears twice",
    ),
    (
        "a key twice beside escaped backslashes before 'u003a'",  # text, not colons: written back as '\\u003a'
        BASE.replace('"limit": 5}}', '"limit": 5, "note": "\\u005cu003a \\\\u003a", "limit": 6}}'),
        "$.outputs.trace[0].params.limit",
        "appears twice",
    ),
]


def _one_error(records: list[LineError | None]) -> LineError:
    assert records[1] is None, "the valid line after the bad one is read"
    error = records[0]
    assert isinstance(error, LineError)
    return error


@pytest.mark.parametrize(("name", "line", "path", "word"), CASES, ids=[case[0] for case in CASES])
def test_every_reader_refuses_the_line_and_reads_the_next(name: str, line: str, path: str, word: str) -> None:
    data = (line + "\n" + BASE + "\n").encode()
    parsed = [error for _, _, error in iter_documents(io.BytesIO(data), executed=True)]
    built = [record.error for record in iter_records(io.BytesIO(data), executed=True)]
    message = str(_one_error(built))
    assert str(_one_error(parsed)) == message
    tally = Tally()
    assert [str(error) for error in iter_line_errors(io.BytesIO(data), tally, executed=True)] == [message]
    assert (tally.valid, tally.invalid) == (1, 1)
    assert message.startswith(f"<stream>:1: {path}")
    assert word in message
    message.encode("utf-8")  # printable and writable


def test_paired_surrogates_and_escaped_backslashes_are_text() -> None:
    emoji = BASE.replace("Who is", "\\ud83d\\ude00 Who is")
    literal = BASE.replace("Who is", "\\\\ud800 Who is")  # a backslash, then the letters "ud800"
    for line in (emoji, literal):
        (record,) = iter_records(io.BytesIO(line.encode()), executed=True)
        assert record.error is None
        assert screen(line.encode()) is None
    (record,) = iter_records(io.BytesIO(emoji.encode()), executed=True)
    assert record.example is not None
    assert record.example.inputs.messages[0].content.startswith("\U0001f600")


def test_limits_are_inclusive_and_brackets_in_strings_do_not_nest() -> None:
    for value in (MIN_INT, MAX_INT, 10**300 * 1.0):
        assert screen(BASE.replace('"limit": 5}}', f'"limit": {value!r}}}}}').encode()) is None
    in_strings = BASE.replace("Who is", "[" * 500 + "{" * 500)
    assert screen(in_strings.encode()) is None
    assert depth(in_strings.encode()) == depth(BASE.encode())
    nested = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    assert depth(f'{{"a": {nested}}}'.encode()) == MAX_DEPTH
    assert screen(f'{{"a": {nested}}}'.encode()) is None
    assert screen(f'{{"a": [{nested}]}}'.encode()) is not None


def test_a_long_number_in_a_string_is_text() -> None:
    line = BASE.replace("call_1", "call_123456789012345678901234567890")
    (record,) = iter_records(io.BytesIO(line.encode()), executed=True)
    assert record.error is None


def test_messages_escape_control_characters_and_surrogates(tmp_path: Path) -> None:
    bad = BASE.replace('"match_as": "missing"', '"match_as": "\\u001b[2J\\u009b"')
    (record,) = iter_records(io.BytesIO(bad.encode()), executed=True)
    assert record.error is not None
    text = str(record.error)
    assert "\x1b" not in text
    assert "\x9b" not in text
    assert "\\x1b[2J\\x9b" in text
    assert printable("\ud800\u202e\n") == "\\ud800\\u202e\\x0a"
    assert printable("café ünï 日本") == "café ünï 日本"


def test_an_unclosed_string_full_of_escaped_quotes_is_read_in_linear_time() -> None:
    line = b'{"a": ' + b"[" * (MAX_DEPTH + 1) + b'"' + b'\\"' * 200_000
    assert screen(line) is None  # not JSON: the parser reports it
    (record,) = iter_records(io.BytesIO(line))
    assert record.error is not None
    assert "invalid JSON" in str(record.error)


@pytest.mark.parametrize(
    ("digits", "negative", "shown"),
    [(5001, False, "100000000000...(5001 digits)"), (4401, True, "300000000000...(4401 digits)"), (20, False, None)],
)
def test_an_integer_too_long_to_print_is_reported_by_its_leading_digits_and_length(
    digits: int, negative: bool, shown: str | None
) -> None:
    value = (3 if negative else 1) * 10 ** (digits - 1)  # 20 digits: 10**19 is in range, so take 2**64
    value = 2**64 if shown is None else -value if negative else value
    problem = encode_line({"outputs": {"value": [value]}})
    assert isinstance(problem, Problem)
    assert problem.path == "$.outputs.value[0]"
    expected = ("-" if negative else "") + (shown or str(value))
    assert problem.message.startswith(f"integer {expected} out of range")


COMPACT = json.dumps(json.loads(BASE), separators=(",", ":"), ensure_ascii=False)

# (name, what replaces '"limit":5}}' in the compact line, the path the problem names, a word of the message)
LAYOUT_CASES = [
    ("a key twice", '"limit":5,"limit":6}}', "$.outputs.trace[0].params.limit", "appears twice"),
    ("integer of 2**64", '"limit":18446744073709551616}}', "$.outputs.trace[0].params.limit", "out of range"),
    ("many digits", '"limit":0.10000000000000000555}}', "$.outputs.trace[0].params.limit", "20 significant digits"),
    ("underflow", '"limit":1e-400}}', "$.outputs.trace[0].params.limit", "too small for a 64-bit float"),
    ("nesting", '"limit":' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}}", "$", "over the limit of 128"),
]


@pytest.mark.parametrize(("name", "tail", "path", "word"), LAYOUT_CASES, ids=[case[0] for case in LAYOUT_CASES])
@pytest.mark.parametrize("layout", ["compact", "spaced", "tabs", "commas and colons in text"])
def test_a_line_is_refused_whatever_its_spacing(name: str, tail: str, path: str, word: str, layout: str) -> None:
    line = COMPACT.replace('"limit":5}}', tail)
    if layout == "spaced":
        line = line.replace(",", ", ").replace(":", ": ")
    elif layout == "tabs":
        line = line.replace(",", ",\t")
    elif layout == "commas and colons in text":
        line = line.replace("Who is", "Who, is: ")
    (record,) = iter_records(io.BytesIO(line.encode()), executed=True)
    assert record.error is not None
    assert str(record.error).startswith(f"<stream>:1: {path}: ")
    assert word in str(record.error)


@pytest.mark.parametrize("number", ["5.50", "5E0", "-0", "0.5e-3", "1.7976931348623157e308", "5e-324"])
def test_a_number_written_unlike_its_shortest_form_is_read_as_written(number: str) -> None:
    for line in (COMPACT, BASE):
        limit = '"limit":5}}' if line is COMPACT else '"limit": 5}}'
        (record,) = iter_records(io.BytesIO(line.replace(limit, limit.replace("5", number)).encode()), executed=True)
        assert record.error is None
        assert record.document["outputs"]["trace"][0]["params"]["limit"] == float(number)
