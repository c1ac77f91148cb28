"""English phrases of parsedatetime's test suite, labelled from each test's own expected time tuple.

parsedatetime's tests compute their expectations at run time from the clock (``datetime.now()``,
``time.localtime()``). The test modules are run here with the library replaced by a recorder and the clock
fixed at ``PARSEDATETIME_NOW``: every ``self.cal.parse(phrase, start)`` (and ``evalRanges``) checked with
``assertExpectedResult`` yields the phrase, its reference time, the expected time tuple and the accuracy flags
(the grain). Nothing of the library itself runs.

Kept only where the source's reading is a fact under our documented semantics, so the rest is dropped and
counted: locale files and tests that change the library's settings (``ptc.X = ...``, custom ``Constants``),
inputs with words outside the date ("meeting eod", "flight from SFO at 4pm"), a bare length read as an offset from
now ("5 minutes"), "now", a time of day said with no day once it has passed (the source keeps today's), and
phrases whose answer is the source's own convention rather than what the words say: a day named alone gets the
source's start hour (09:00) and is kept at the day's grain; "eod"/"eom"/"eoy" (the source's 17:00, 09:00 of the
last day, December 31) are kept at the part of day's, day's and month's grain only where our reading is the same
day; "noon"/"midnight" offsets stay.
"""

from __future__ import annotations

import builtins
import calendar
import datetime as real_datetime
import re
import sys
import time as real_time
import types
import unittest
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _common import UNITS, Drop, git_file, labelled

__all__ = ["PARSEDATETIME_COMMIT", "PARSEDATETIME_FILES", "PARSEDATETIME_NOW", "parsedatetime_items"]

PARSEDATETIME_REPO = "bear/parsedatetime"
PARSEDATETIME_COMMIT = "2a4b16901794f8dc71721d51aef6e1ecd643868b"
# the English test modules at default settings (the locale modules and the one that swaps abbreviations are left out)
PARSEDATETIME_FILES = (
    "tests/TestComplexDateTimes.py",
    "tests/TestSimpleDateTimes.py",
    "tests/TestPhrases.py",
    "tests/TestSimpleOffsets.py",
    "tests/TestSimpleOffsetsHours.py",
    "tests/TestSimpleOffsetsNoon.py",
    "tests/TestUnits.py",
    "tests/TestRanges.py",
    "tests/TestStartTimeFromSourceTime.py",
    "tests/TestMultiple.py",
)
PARSEDATETIME_NOW = real_datetime.datetime(2017, 6, 14, 7, 42)  # a Wednesday morning
FLAGS = {"year": 1, "month": 2, "week": 4, "day": 8, "part_of_day": 16, "hour": 32, "minute": 64, "second": 128}
NOW_FLAG = 256
# words that are not part of a date: the source finds a date inside free text
NOISE = re.compile(r"\b(?:meeting|flight|sfo|foo|dogs?)\b|\$", re.IGNORECASE)
UNIT_WORDS = (
    r"(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|dys?|days?|w|wks?|weeks?|mths?|months?|y|yrs?|years?)"
)
COUNT_WORDS = r"(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|fifty)"
BARE_LENGTH = re.compile(rf"{COUNT_WORDS}(?:[\s-]*{COUNT_WORDS})*\s*{UNIT_WORDS}", re.IGNORECASE)
# a time of day alone, in digits ("11:00 PM", "0730", "11a")
TIME_ONLY = re.compile(r"\d{1,6}(?::\d\d){0,2}\s*(?:[ap]\.?(?:m\.?)?)?", re.IGNORECASE)
IMPOSSIBLE_HOUR = re.compile(r"\b(?:1[3-9]|2\d)\s*[ap]\.?m\b", re.IGNORECASE)
END_OF = re.compile(r"\beo[dmy]\b", re.IGNORECASE)


@dataclass(frozen=True)
class Case:
    """One checked call of the source's test suite."""

    path: str
    method: str
    phrase: str
    start: real_datetime.datetime
    targets: tuple[real_datetime.datetime, ...]  # one for a point, start and end for a range
    flags: int
    custom: bool  # the test changed the library's settings


@dataclass
class _Call:
    phrase: str
    start: real_datetime.datetime
    custom: bool


class _Settings:
    """Stands in for ``parsedatetime.Constants``: what the tests read of it, and whether they changed it."""

    Weekdays = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
    shortWeekdays = ("mon", "tues", "wed", "thu", "fri", "sat", "sun")
    Months = tuple(calendar.month_name)[1:]
    shortMonths = tuple(calendar.month_abbr)[1:]

    def __init__(self, *args: object, **kwargs: object) -> None:
        object.__setattr__(self, "custom", bool(args or kwargs))

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, "custom", True)
        object.__setattr__(self, name, value)

    @staticmethod
    def daysInMonth(month: int, year: int) -> int:
        return calendar.monthrange(year, month)[1]


def _moment(value: Any) -> real_datetime.datetime:
    if value is None:
        return PARSEDATETIME_NOW
    if isinstance(value, real_datetime.datetime):
        return real_datetime.datetime(*value.timetuple()[:6])
    return real_datetime.datetime(*tuple(value)[:6])


class _Calendar:
    """Stands in for ``parsedatetime.Calendar``: records each phrase instead of parsing it."""

    def __init__(self, constants: _Settings | None = None, *args: object, **kwargs: object) -> None:
        self.ptc = constants if constants is not None else _Settings()

    def parse(self, phrase: str, start: Any = None, *args: object, **kwargs: object) -> _Call:
        return _Call(phrase, _moment(start), bool(getattr(self.ptc, "custom", False)))

    evalRanges = parse


class _Context:
    """Stands in for ``pdtContext``: its accuracy flags."""

    ACU_YEAR, ACU_MONTH, ACU_WEEK, ACU_DAY, ACU_HALFDAY = 1, 2, 4, 8, 16
    ACU_HOUR, ACU_MIN, ACU_SEC, ACU_NOW = 32, 64, 128, 256
    ACU_DATE = 1 | 2 | 4 | 8
    ACU_TIME = 16 | 32 | 64 | 128 | 256

    def __init__(self, accuracy: int = 0) -> None:
        self.accuracy = accuracy


def _fixed_clock() -> tuple[types.ModuleType, types.ModuleType]:
    """``datetime`` and ``time`` modules whose clock reads ``PARSEDATETIME_NOW``."""

    class FixedDatetime(real_datetime.datetime):
        @classmethod
        def now(cls, tz: object = None) -> FixedDatetime:  # type: ignore[override]
            return cls(*PARSEDATETIME_NOW.timetuple()[:6])

        @classmethod
        def today(cls) -> FixedDatetime:
            return cls.now()

    class FixedDate(real_datetime.date):
        @classmethod
        def today(cls) -> FixedDate:
            return cls(PARSEDATETIME_NOW.year, PARSEDATETIME_NOW.month, PARSEDATETIME_NOW.day)

    clock = types.ModuleType("datetime")
    clock.__dict__.update(real_datetime.__dict__)
    clock.__dict__.update(datetime=FixedDatetime, date=FixedDate)
    timer = types.ModuleType("time")
    timer.__dict__.update(real_time.__dict__)
    timer.__dict__.update(
        localtime=lambda *args: real_time.localtime(*args) if args else PARSEDATETIME_NOW.timetuple(),
        time=lambda: PARSEDATETIME_NOW.timestamp(),
    )
    return clock, timer


def _record(path: str, source: str, drops: Counter[str]) -> list[Case]:
    """Run one test module against the recorder; return every checked call, in the order the tests make them."""
    cases: list[Case] = []
    method = [""]

    def comparator(_compare: Callable[..., bool]) -> Callable[..., None]:
        def record(self: object, result: object, check: Any, *args: object, **kwargs: object) -> None:
            if not isinstance(result, _Call):
                drops["parsedatetime: not a parse of one phrase"] += 1
                return
            *targets, context = check
            flags = context.accuracy if isinstance(context, _Context) else int(context)
            moments = tuple(_moment(target) for target in targets)
            cases.append(Case(path, method[0], result.phrase, result.start, moments, flags, result.custom))

        return record

    clock, timer = _fixed_clock()
    library = types.ModuleType("parsedatetime")
    library.__dict__.update(Calendar=_Calendar, Constants=_Settings, pdtLocales={}, VERSION_CONTEXT_STYLE=1)
    context_module = types.ModuleType("parsedatetime.context")
    context_module.__dict__.update(pdtContext=_Context)
    utils = types.ModuleType("utils")
    utils.__dict__.update(assertEqualWithComparator=comparator, compareResultByTimeTuplesAndFlags=None)
    utils.__dict__.update(compareResultByTimeTupleRangesAndFlags=None, compareResultByFlags=None)
    package = types.ModuleType("tests")
    package.__dict__.update(utils=utils)
    modules = {"datetime": clock, "time": timer, "parsedatetime": library, "parsedatetime.context": context_module}

    def load(name: str, globals_: object = None, locals_: object = None, fromlist: Any = (), level: int = 0) -> Any:
        if level:
            return package
        if name in modules:
            return library if name.startswith("parsedatetime") and not fromlist else modules[name]
        return builtins.__import__(name, globals_, locals_, fromlist, level)

    namespace: dict[str, Any] = {"__builtins__": {**builtins.__dict__, "__import__": load}, "__name__": "pdt_tests"}
    exec(compile(source, path, "exec"), namespace)  # the tests' own arithmetic labels the items
    for test_case in [v for v in namespace.values() if isinstance(v, type) and issubclass(v, unittest.TestCase)]:
        for name in sorted(n for n in vars(test_case) if n.startswith("test") or n == "runTest"):
            method[0] = name
            instance = test_case(name)
            try:
                instance.setUp()
                getattr(instance, name)()
            except Exception:  # a check the recorder cannot follow: the rest of that test is lost
                drops["parsedatetime: test not followed to its end"] += 1
    return cases


def _grain(flags: int) -> str | None:
    finest = [grain for grain, bit in FLAGS.items() if flags & bit]
    return finest[-1] if finest else None


def _clean(phrase: str) -> str:
    """The phrase without the quotes, brackets or question mark around it."""
    return phrase.strip().strip("\"'()?").strip()


def _label(case: Case) -> tuple[str, tuple[real_datetime.datetime, ...], tuple[real_datetime.datetime, ...]]:
    """The grain, the correct and the shifted moments of one case (one for a point, a start and an end for a
    range); ``Drop`` when not a fact."""
    phrase = _clean(case.phrase)
    if case.custom:
        raise Drop("parsedatetime: the test changes the library's settings")
    if NOISE.search(phrase):
        raise Drop("parsedatetime: words outside the date")
    if case.flags in (0, NOW_FLAG):
        raise Drop("parsedatetime: no date, or now")
    if BARE_LENGTH.fullmatch(phrase):
        raise Drop("parsedatetime: a bare length read as an offset from now")
    if IMPOSSIBLE_HOUR.search(phrase):
        raise Drop("parsedatetime: an hour past 12 with am/pm")
    correct = case.targets
    if len(correct) == 2:  # evalRanges: the flag says a range of dates (1) or of times (2)
        grain = "minute" if case.flags == 2 else "day"
    elif re.search(r"\beod\b", phrase, re.IGNORECASE):
        grain = "part_of_day"  # the end of a day is a part of it; the source's 17:00 is its own convention
    else:
        grain = _grain(case.flags) or "day"
    if grain == "part_of_day" and not END_OF.search(phrase):
        raise Drop("parsedatetime: part of the day at the source's own hour")
    if TIME_ONLY.fullmatch(phrase) and correct[0] < case.start:
        raise Drop("parsedatetime: a time of day already passed (the source keeps today's)")
    if TIME_ONLY.fullmatch(phrase) and correct[0].hour == 0 == correct[0].minute:
        raise Drop("parsedatetime: bare midnight")
    step = UNITS[grain]
    if len(correct) == 2:
        if not correct[0] < correct[1]:
            raise Drop("parsedatetime: range end not after its start")
        return grain, correct, (correct[0] - step, correct[1])
    return grain, correct, (correct[0] + step,)


def parsedatetime_items(checkout: Path, drops: Counter[str]) -> Iterator[dict[str, object]]:
    """Corpus items from parsedatetime's English tests at the pinned commit."""
    seen: set[tuple[str, str]] = set()
    for path in PARSEDATETIME_FILES:
        stem = Path(path).stem.removeprefix("Test").lower()
        for number, case in enumerate(_record(path, git_file(checkout, PARSEDATETIME_COMMIT, path), drops)):
            key = (_clean(case.phrase).lower(), case.start.isoformat())
            if key in seen:
                drops["duplicate phrase and reference"] += 1
                continue
            seen.add(key)
            try:
                grain, correct, shifted = _label(case)
            except Drop as reason:
                drops[str(reason)] += 1
                continue
            source = f"parsedatetime@{PARSEDATETIME_COMMIT}:{path}#{case.method}"
            ident = f"pdt-en-{stem}-{number:04d}"
            yield labelled(ident, source, _clean(case.phrase), case.start, grain, correct, shifted)


if __name__ == "__main__":  # print the labelled items of a checkout: python _parsedatetime.py CHECKOUT
    import json

    counts: Counter[str] = Counter()
    for found in parsedatetime_items(Path(sys.argv[1]), counts):
        print(json.dumps(found))
    print(counts, file=sys.stderr)
