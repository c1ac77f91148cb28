"""What an argument must look like to be read as a date: an object only with keys naming parts of a date or time,
a string no longer than a phrase may be (a longer one is refused and shown cut)."""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time

USER = datetime.fromisoformat("2013-02-12T04:30:00-02:00")

OBJECTS: list[tuple[dict[str, object], bool, str]] = [
    # argument, passes, reason fragment
    ({"foo": "2013-03-03"}, False, "keys not understood as parts of a date or time: 'foo'"),
    ({"a": "2013-03-03", "b": "2099-01-01"}, False, "'a', 'b'"),
    ({"date": "2013-03-03", "note": "x"}, False, "'note'"),
    ({"k1": 1, "k2": 2, "k3": 3, "k4": 4, "k5": 5, "k6": 6}, False, "'k5' ..."),
    ({}, False, "an object with no keys"),
    ({"day": 3, "month": 3, "year": 2013}, True, "from day, month, year"),
    ({"day": 4, "month": 3, "year": 2013}, False, "the day after"),
    ({"date": "2013-03-03", "time": "10:00"}, True, ""),
    ({"dateTime": "2013-03-03T10:00:00", "timeZone": "America/Sao_Paulo"}, True, ""),
    ({"start": "2013-03-03T10:00:00-02:00"}, True, ""),
    ({"when": "2013-03-03"}, True, ""),
    ({"when": "2013-03-05"}, False, ""),
]


@pytest.mark.parametrize(("argument", "passed", "reason"), OBJECTS)
def test_object_argument_keys(argument: dict[str, object], passed: bool, reason: str) -> None:
    outcome = match_date_time("march 3", argument, USER)  # type: ignore[arg-type]
    assert outcome.passed is passed, outcome.reason
    assert reason in outcome.reason
    assert outcome.error is None


def test_nested_object_with_unknown_keys_fails() -> None:
    params = ["start", "end"]
    call = {"start": {"value": "2013-03-03T10:00:00"}, "end": {"dateTime": "2013-03-03T11:00:00"}}
    outcome = match_date_time("march 3", call, USER, params=params)  # type: ignore[arg-type]
    assert not outcome.passed
    assert "start: keys not understood as parts of a date or time: 'value'" in outcome.reason
    good = {"start": {"dateTime": "2013-03-03T10:00:00"}, "end": {"dateTime": "2013-03-03T11:00:00"}}
    assert match_date_time("march 3", good, USER, params=params).passed  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "argument",
    ["x" * 10_000, "2013-03-03 " + "x" * 500, "march 3 " * 40],
)
def test_long_argument_is_refused_and_shown_cut(argument: str) -> None:
    outcome = match_date_time("march 3", argument, USER)
    assert not outcome.passed
    assert "too long for a date or time" in outcome.reason
    assert f"({len(argument):,} characters, string)" in outcome.reason
    assert len(outcome.reason) < 400


def test_long_argument_in_a_group_is_shown_cut() -> None:
    call = {"start_date": "2013-03-03", "end_date": "z" * 3000}
    outcome = match_date_time("march 3", call, USER, params=["start_date", "end_date"])
    assert not outcome.passed
    assert "end_date: got 'zzz" in outcome.reason
    assert len(outcome.reason) < 400


@pytest.mark.parametrize(("argument", "passed"), [("2013-03-03" + " " * 300, True), ("2013-03-04" + " " * 300, False)])
def test_padding_does_not_make_an_argument_long(argument: str, passed: bool) -> None:
    assert match_date_time("march 3", argument, USER).passed is passed
