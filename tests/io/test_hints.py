"""The mistakes people new to the format make most get a short hint beside the problem, which still names the file,
the line and the field; a problem whose cause is not clear gets none."""

from __future__ import annotations

import io
import json

import pytest

from mb.io import iter_records

ASKED = {"messages": [{"role": "user", "content": "Book a table in Paris"}]}
CALL = {"event": "tool_call", "id": "c1", "tool": "book", "params": {"city": "Paris"}}


def _error(line: str) -> str:
    (record,) = iter_records(io.BytesIO(line.encode()))
    return str(record.error)


def _line(**parts: object) -> str:
    return json.dumps({"inputs": ASKED, "expectations": {"expected_response": "Booked."}} | parts)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            _line().replace('"Booked."}', '"Booked.",}'),
            "invalid JSON: Expecting property name enclosed in double quotes at column 130; a comma before } or ]:"
            " JSON allows no trailing comma",
        ),
        (
            _line(outputs={"response": "ok", "trace": [CALL]}).replace("}}]", "}},]"),
            "; a comma before } or ]: JSON allows no trailing comma",
        ),
        (
            _line().replace('"', "'"),
            "invalid JSON: Expecting property name enclosed in double quotes at column 2; JSON takes double quotes"
            " around strings and keys, not single ones",
        ),
        (
            _line().replace('"Booked."', "'Booked.'"),
            "; JSON takes double quotes around strings and keys, not single ones",
        ),
        (
            _line(outputs={"response": "ok", "trace": [CALL | {"params": json.dumps(CALL["params"])}]}),
            '$.outputs.trace[0].params: expected an object, got a string ("{"city": "Paris"}"); the string holds a'
            " JSON object: give the object itself, not its text",
        ),
        (
            _line(inputs=ASKED | {"tools": [{"type": "function", "function": {"name": "book", "parameters": {}}}]}),
            "$.inputs.tools[0]: expected a string, got an object; inputs.tools lists the names of the tools (e.g."
            ' "search"), not their declarations',
        ),
        (
            _line(
                inputs={
                    "messages": [
                        *ASKED["messages"],
                        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function"}]},
                        {"role": "tool", "tool_call_id": "c1", "content": "booked"},
                        {"role": "user", "content": "Thanks, and the time?"},
                    ]
                }
            ),
            "$.inputs.messages[1].content: expected a string, got null; a message is a role and its text: the"
            " tool-call turns of a past conversation are not part of inputs, the agent's own calls go in"
            " outputs.trace",
        ),
        ("# bookings", "invalid JSON: Expecting value at column 1; JSONL has no comment lines: remove the line"),
        ("  // bookings", "; JSONL has no comment lines"),
    ],
)
def test_a_clear_cause_is_named(line: str, message: str) -> None:
    error = _error(line)
    assert error.startswith("<stream>:1: "), "the file and the line come first, as before"
    assert message in error


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (_line().replace('"Booked."}', '"Booked." "x"}'), "Expecting ',' delimiter at column 130"),
        (_line(outputs={"response": "ok", "trace": [CALL | {"params": "Paris"}]}), '("Paris")'),
        (_line(inputs=ASKED | {"tools": [["book"]]}), "expected a string, got an array"),
        (_line(inputs={"messages": [{"role": "user", "content": None}]}), "expected a string, got null"),
        (_line(outputs={"response": "ok", "trace": [CALL | {"params": "[" * 100_000 + "]" * 100_000}]}), "...)"),
    ],
)
def test_no_hint_without_a_clear_cause(line: str, message: str) -> None:
    assert _error(line).endswith(message)
