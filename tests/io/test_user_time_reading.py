"""``read_user_time`` (the fast path's reading of ``outputs.environment.user_time``) accepts exactly what the data
model accepts, and reads the same instant and offset."""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from mb.entities.outputs import Environment
from mb.io._proof import read_user_time

TRICKY = [
    "2024-03-01T10:00:00Z",
    "2024-03-01T10:00:00z",
    "2024-03-01t10:00:00Z",
    "2024-03-01 10:00:00",
    "2024-03-01_10:00:00",
    "2024-03-01T10:00",
    "2024-03-01T10",
    "2024-03-01",
    "2024-3-1",
    "20240301T100000Z",
    "2024-W09-5",
    "2024-03-01T10:00:00.1234567Z",
    "2024-03-01T10:00:00.999999999+05:30",
    "2024-03-01T10:00:00,5Z",
    "2024-03-01T10:00:00+0530",
    "2024-03-01T10:00:00+05",
    "2024-03-01T10:00:00-00:00",
    "2024-03-01T10:00:00+23:59",
    "2024-03-01T10:00:00+24:00",
    "2024-03-01T10:00:00+25:00",
    "2024-02-29T00:00:00",
    "2023-02-29T00:00:00",
    "2024-02-30T00:00:00",
    "2024-03-01T24:00:00",
    "2024-03-01T23:59:60",
    "2024-03-01T23:60:00",
    "0000-01-01T00:00:00",
    "0001-01-01T00:00:00",
    "9999-12-31T23:59:59.999999+14:00",
    "10000-01-01T00:00:00",
    "1700000000",
    "1700000000.5",
    "17000000000000",
    "-1",
    "0",
    "1e10",
    "inf",
    "nan",
    "now",
    "today",
    "",
    " ",
    " 2024-03-01T10:00:00Z",
    "2024-03-01T10:00:00Z ",
    "2024-03-01T10:00:00Z\n",
    "\uff12\uff10\uff12\uff14-03-01T10:00:00Z",  # full-width digits
    "2024-03-01T10:00:00Zjunk",
    "2024-03-01T10:00:00 UTC",
    "2024-03-01T10:00:00[Europe/Paris]",
]

_OLD = TypeAdapter(datetime)


def _old(text: str) -> datetime | None:
    try:
        return _OLD.validate_python(text)
    except ValidationError:
        return None


def _model(text: str) -> datetime | None:
    try:
        return Environment.model_validate({"user_time": text}).user_time
    except ValidationError:
        return None


def _same(one: datetime | None, other: datetime | None) -> bool:
    if one is None or other is None:
        return one is other
    return (one, one.utcoffset(), one.tzinfo is None) == (other, other.utcoffset(), other.tzinfo is None)


@pytest.mark.parametrize("text", TRICKY)
def test_user_time_is_read_as_the_pydantic_adapter_and_the_model_read_it(text: str) -> None:
    new = read_user_time(text)
    assert _same(new, _old(text)), text
    assert _same(new, _model(text)), text


def test_the_table_holds_both_accepted_and_refused_values() -> None:
    accepted = [text for text in TRICKY if read_user_time(text) is not None]
    assert 10 < len(accepted) < len(TRICKY) - 10


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789-:+.,TtZz W_e ", max_size=32))
def test_user_time_agrees_with_the_adapter_on_date_like_text(text: str) -> None:
    assert _same(read_user_time(text), _old(text))
