"""Tool-call arguments a model wrote as text become the call's parameters; text JSON cannot read is kept whole."""

from __future__ import annotations

import pytest

from mb._json_text import loads_maybe
from mb.formats.traces.mlflow import _decoded
from mb.runner.adapters._arguments import tool_params

UNREADABLE = [
    '{"day": ' + "[" * 5000 + "]" * 5000 + "}",  # nested past the parser's recursion
    '{"day": 1' + "0" * 9999 + "}",  # an integer longer than Python converts
    '{"day": NaN',  # cut short
]


def test_json_arguments_become_parameters() -> None:
    assert tool_params('{"city": "Paris", "days": [1, 2]}') == {"city": "Paris", "days": [1, 2]}
    assert tool_params("  ") == {}
    assert tool_params("[1, 2]") == {"arguments": [1, 2]}


@pytest.mark.parametrize("text", UNREADABLE, ids=["too-deep", "integer-10000-digits", "cut"])
def test_arguments_json_cannot_read_are_kept_whole(text: str) -> None:
    assert tool_params(text) == {"arguments": text}
    assert loads_maybe(text) == text
    assert _decoded(text) == text


@pytest.mark.parametrize(
    "text", ['{"day": NaN}', '{"day": -Infinity}', '{"day": 1e999}', '{"day": 123456789012345678901234567890}']
)
def test_arguments_with_numbers_no_line_can_hold_are_kept_whole(text: str) -> None:
    assert tool_params(text) == {"arguments": text}  # not a NaN that would make the example's line unwritable


def test_ordinary_numbers_are_read_as_numbers() -> None:
    assert tool_params('{"a": 1, "b": -2.5e3, "c": 18446744073709551615}') == {"a": 1, "b": -2500.0, "c": 2**64 - 1}


def test_a_finite_float_of_any_size_is_a_number() -> None:
    assert tool_params('{"amount": 1e20, "tiny": -1.5e-300, "huge": 1.7e308}') == {
        "amount": 1e20,
        "tiny": -1.5e-300,
        "huge": 1.7e308,
    }
