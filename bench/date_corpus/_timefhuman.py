"""English phrases of timefhuman's end-to-end tests, labelled from each case's expected value.

The parameter lists of ``tests/test_e2e.py`` are read with ``ast`` (nothing runs); their ``now`` is the fixture's
fixed 2018-08-04 14:00 (a Saturday). Kept: cases at the default settings (``test_default``, ``test_no_inference``
and the single spans of ``test_matched_text``) whose answer is one date or time, a range of two, or a choice of
several. Dropped and counted: lengths (a ``timedelta``), time zones, a time of day with no date (``datetime.time``:
the source leaves the day open), parts of the day at the source's own hour ("afternoon" as 15:00), sub-second
values, several spans in one input, a choice of ranges, a weekday that contradicts its date ("Wed 25 Jun" as a
Monday) and ranges that end before they start (the source's "force date, do not infer").
"""

from __future__ import annotations

import ast
import datetime as dt
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _common import UNITS, Drop, git_file, labelled

__all__ = ["TIMEFHUMAN_COMMIT", "TIMEFHUMAN_FILE", "TIMEFHUMAN_NOW", "timefhuman_items"]

TIMEFHUMAN_REPO = "alvinwan/timefhuman"
TIMEFHUMAN_COMMIT = "7a4940bda39113a1d327bc8342f1ad878520e4c3"
TIMEFHUMAN_FILE = "tests/test_e2e.py"
TIMEFHUMAN_NOW = dt.datetime(2018, 8, 4, 14)  # the ``now`` fixture of ``conftest.py``
TESTS = ("test_default", "test_no_inference", "test_matched_text")
MONTHS = r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
MONTH_GRAIN = re.compile(rf"(?:(?:next|last|this) )?(?:{MONTHS})[a-z]*(?: \d{{4}})?|\d{{1,2}}/\d{{4}}", re.IGNORECASE)
MINUTE_GRAIN = re.compile(r"\d:\d\d")
HOUR_GRAIN = re.compile(r"\d\s*[ap]\b|\d\s*[ap]\.?m\b|\bnoon\b", re.IGNORECASE)
NIGHT = re.compile(r"\b(?:tonight|night)\b", re.IGNORECASE)
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
UNIT_GRAIN = re.compile(r"\b(?:(min)(?:ute)?|(hour)|(day)|(week)|(month)|(year))s?\b", re.IGNORECASE)
BARE_LENGTH = re.compile(r"[\d\s-]+(?:mins?|minutes?|hours?|days?)|\d+ or \d+ days?", re.IGNORECASE)
NAMES_YEAR = re.compile(
    r"\b\d{4}\b|(?<![\d/-])\d+([/-])\d+\1\d{2}\b|'\d{2}\b|\b(?:yesterday|last|ago)\b", re.IGNORECASE
)


class _Zone:
    """Stands in for ``pytz.timezone``: any value carrying it names a zone and is dropped."""

    def timezone(self, name: str) -> dt.tzinfo:
        return dt.timezone(dt.timedelta(hours=-5), name)


def _value(node: ast.expr) -> Any:
    """A parameter's expected value: literals and ``datetime.*(...)`` constructors only."""
    namespace = {"datetime": dt, "pytz": _Zone(), "__builtins__": {}}
    return eval(compile(ast.Expression(node), TIMEFHUMAN_FILE, "eval"), namespace)  # literals and datetime constructors


def _cases(source: str) -> Iterator[tuple[str, int, str, Any]]:
    """(test, line, phrase, expected list) for every parameter row of the chosen tests."""
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.FunctionDef) and node.name in TESTS):
            continue
        for decorator in node.decorator_list:
            if not (isinstance(decorator, ast.Call) and len(decorator.args) == 2):
                continue
            rows = decorator.args[1]
            assert isinstance(rows, ast.List)
            for row in rows.elts:
                assert isinstance(row, ast.Tuple)
                phrase = ast.literal_eval(row.elts[0])
                expected = _value(row.elts[1])
                if node.name == "test_matched_text":
                    if len(expected) != 1:
                        continue
                    phrase, _, moment = expected[0]
                    expected = [moment]
                yield node.name, row.lineno, phrase, expected


def _grain(phrase: str) -> str:
    unit = UNIT_GRAIN.search(phrase)
    if unit:
        return ("minute", "hour", "day", "week", "month", "year")[(unit.lastindex or 1) - 1]
    if MINUTE_GRAIN.search(phrase):
        return "minute"
    if NIGHT.search(phrase):
        return "part_of_day"
    if HOUR_GRAIN.search(phrase) or re.search(r"\bat \d{1,2}$", phrase):
        return "hour"
    return "month" if MONTH_GRAIN.fullmatch(phrase) else "day"


def _moment(value: Any) -> dt.datetime:
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            raise Drop("timefhuman: a time zone")
        if value.microsecond:
            raise Drop("timefhuman: sub-second")
        return value
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day)
    if isinstance(value, dt.time):
        raise Drop("timefhuman: a time of day with no date")
    raise Drop("timefhuman: a length, not a date")


def _label(phrase: str, expected: list[Any]) -> tuple[str, list[dt.datetime], list[dt.datetime]]:
    """The grain, the correct and the shifted moments (one for a point, a start and an end for a range);
    ``Drop`` when not a fact."""
    if len(expected) != 1:
        raise Drop("timefhuman: several spans, or none")
    (value,) = expected
    if BARE_LENGTH.fullmatch(phrase):
        raise Drop("timefhuman: a bare length read as an offset from now")
    grain = _grain(phrase)
    if isinstance(value, tuple):
        start, end = _moment(value[0]), _moment(value[1])
        if not start < end:
            raise Drop("timefhuman: range end not after its start")
        if start < TIMEFHUMAN_NOW and not NAMES_YEAR.search(phrase):
            raise Drop("timefhuman: a date without a year placed in the past (ours is the next occurrence)")
        step = UNITS[grain]
        return grain, [start, end], [start - step, end]
    choices = [_moment(choice) for choice in value] if isinstance(value, list) else [_moment(value)]
    lowered = phrase.lower()
    named = [index for index, name in enumerate(WEEKDAYS) if re.search(rf"\b{name}", lowered)]
    if named and len(choices) == 1 and len(named) == 1 and named != [choices[0].weekday()]:
        raise Drop("timefhuman: weekday contradicts the date")
    if choices[0] < TIMEFHUMAN_NOW and not NAMES_YEAR.search(phrase):
        raise Drop("timefhuman: a date without a year placed in the past (ours is the next occurrence)")
    shifted = choices[0] + UNITS[grain]
    if any(choice <= shifted < choice + UNITS[grain] for choice in choices):
        raise Drop("timefhuman: a one-unit shift lands on another choice")
    return grain, choices[:1], [shifted]


def timefhuman_items(checkout: Path, drops: Counter[str]) -> Iterator[dict[str, object]]:
    """Corpus items from timefhuman's end-to-end tests at the pinned commit."""
    seen: set[str] = set()
    for _test, line, phrase, expected in _cases(git_file(checkout, TIMEFHUMAN_COMMIT, TIMEFHUMAN_FILE)):
        phrase = phrase.strip().rstrip(".")
        if not phrase or phrase.lower() in seen:
            drops["duplicate phrase and reference"] += 1
            continue
        seen.add(phrase.lower())
        try:
            if re.search(r"\b(?:afternoon|morning|evening|midday|midnight)\b|^night$|^e ", phrase, re.IGNORECASE):
                raise Drop("timefhuman: a part of the day at the source's own hour, or a word outside the date")
            grain, correct, shifted = _label(phrase, expected)
        except Drop as reason:
            drops[str(reason)] += 1
            continue
        source = f"timefhuman@{TIMEFHUMAN_COMMIT}:{TIMEFHUMAN_FILE}#L{line}"
        yield labelled(f"tfh-en-{line:04d}", source, phrase, TIMEFHUMAN_NOW, grain, correct, shifted)
