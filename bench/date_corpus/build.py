"""Build the labelled English date corpus (``tests/data/date_corpus.jsonl``) from pinned public sources.

Run: ``python bench/date_corpus/build.py --recognizers PATH --dateparser PATH [--out FILE]`` where each ``PATH`` is a
checkout (a work tree or a bare git directory) of https://github.com/microsoft/Recognizers-Text at
``RECOGNIZERS_COMMIT`` (the English DateTime spec files) and of https://github.com/scrapinghub/dateparser at
``DATEPARSER_COMMIT`` (the English relative phrases of ``tests/test_freshness_date_parser.py``, whose "now" is
fixed, and the English dates with an explicit year of ``tests/test_date_parser.py``; see ``_dateparser.py``).
The output is deterministic: the same sources always give the same bytes.
Hand-labelled items from ``extra.jsonl`` (next to this script, source ``handwritten``, written by ``extra.py``) are
appended after the generated ones. Prints how many items were kept per family and how many were dropped per reason.

Each line is one item::

    {"id", "source", "family", "phrase", "user_time", "grain", "kind", "correct", "shifted"}

``kind`` is ``point`` (the argument is checked as one parameter) or ``range`` (a ``{"start", "end"}`` group).
``correct`` lies inside one reading's window (for a range: the start in the start's window, the end at the range's
exclusive end or in its last unit); ``shifted`` is the correct argument moved by one unit of the grain so that it lies
outside every reading the source lists (for a range the start moves one unit earlier). Labels come from the source's
own resolution (timex, value, start, end), never from MorganaBench's matcher.

Labelling rules:

- The phrase is the single span the source recognised in its input (a self-contained expression); inputs with
  several spans, or none, are dropped.
- Resolutions with a modifier (``before``, ``since``, ``start``/``end`` of a period...), sets, durations, time zones,
  present references and unresolved values are dropped: their windows are conventions, not facts.
- A bare weekday (``XXXX-WXX-n``) is the coming one: when the source offers only a past date, or the phrase is said
  on that same weekday, it is dropped. A date without a year takes the source's future reading (the next
  occurrence); the shifted argument still lies outside the past reading too.
- A resolution that disagrees with its own timex (a field of the timex differs from the resolved value), or an
  item the source annotates with a comment, is dropped.
- A time without a date is on the reference day, kept only when that time has not passed yet at the reference time.
- Parts of the day (``morning``...) are checked at the middle of the source's window and shifted by a day, because
  their edges differ between conventions.
- About a quarter of the items (chosen by a hash of their id) read the naive reference time in a fixed offset; their
  arguments carry the same offset and the same wall-clock values.

Families:

``absolute_date`` (a calendar date), ``absolute_datetime`` (a date with a time), ``clock_time`` (a time of day),
``clock_notation`` (a time in words or an unusual notation: "half past", "quarter to", "1530", "15h30"),
``relative_day`` (today, tomorrow, the day after tomorrow...), ``relative_weekday`` (next Friday, last Monday, a bare
weekday), ``relative_offset`` (in 3 days, 2 weeks ago, two months after next Friday), ``ordinal_weekday`` (the first
Monday of October), ``part_of_day`` (tomorrow morning, tonight), ``week_period``, ``weekend``, ``month_period``,
``quarter_period``, ``year_period``, ``season``, ``range`` (an explicit range or a span of several units: from 3 to
4pm, last 2 days), ``fraction`` (in 1/2 hour, in half an hour), ``holiday_fixed`` (Christmas, Independence Day),
``holiday_moveable`` (Easter, Thanksgiving, Black Friday, Mother's Day), ``holiday_lunar`` (Diwali, Eid al-Fitr,
Chinese New Year, Hanukkah), ``end_of_period`` (EOM, end of the year), ``timezone`` (a phrase naming a zone),
``argument_format`` (a Unix timestamp or ISO 8601 argument).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, time, timedelta, timezone
from pathlib import Path

from dateutil.relativedelta import relativedelta

sys.path.insert(0, str(Path(__file__).parent))
from _dateparser import (
    ABSOLUTE_FILE,
    ABSOLUTE_NOW,
    DATEPARSER_COMMIT,
    DATEPARSER_FILE,
    DATEPARSER_NOW,
    absolute_items,
    dateparser_items,
)

__all__ = ["FAMILIES", "RECOGNIZERS_COMMIT", "RECOGNIZERS_FILES", "RECOGNIZERS_REPO", "build", "main"]

RECOGNIZERS_REPO = "microsoft/Recognizers-Text"
RECOGNIZERS_COMMIT = "90e968ea44dc8fda3f2e1c3e4b20aa233817488d"
RECOGNIZERS_FILES = [
    f"Specs/DateTime/English/{name}.json"
    for name in (
        "DateTimeModel",
        "DateTimeModelCalendarMode",
        "DateTimeModelComplexCalendar",
        "DateTimeModelExperimentalMode",
        "DateTimeModelExtendedTypes",
        "DateTimeModelSplitDateAndTime",
        "DateTimeModelTasksMode",
        "MergedParser",
        "DateParser",
        "DatePeriodParser",
        "DateTimeParser",
        "DateTimePeriodParser",
        "TimeParser",
        "TimePeriodParser",
        "HolidayParser",
    )
] + ["Specs/DateTime/EnglishOthers/DateTimeModel.json", "Specs/DateTime/EnglishOthers/DateParser.json"]
DEFAULT_REFERENCE = datetime(2016, 11, 7)  # the date the source's own test runner uses when an item names none
AMBIGUOUS_NUMERIC = re.compile(r"\b(?:0?[1-9]|1[0-2])[/.-](?:0?[1-9]|1[0-2])\b")
FAMILIES = (
    "absolute_date",
    "absolute_datetime",
    "clock_time",
    "clock_notation",
    "relative_day",
    "relative_weekday",
    "relative_offset",
    "ordinal_weekday",
    "part_of_day",
    "week_period",
    "weekend",
    "month_period",
    "quarter_period",
    "year_period",
    "season",
    "range",
    "fraction",
    "holiday_fixed",
    "holiday_moveable",
    "holiday_lunar",
    "end_of_period",
    "timezone",
    "argument_format",
)
OFFSETS = ("-02:00", "+05:30", "-07:00", "+01:00", "+09:00", "-03:30", "+10:00", "-05:00")
EXTRA = Path(__file__).with_name("extra.jsonl")

UNITS: dict[str, timedelta | relativedelta] = {
    "second": timedelta(seconds=1),
    "minute": timedelta(minutes=1),
    "hour": timedelta(hours=1),
    "day": timedelta(days=1),
    "week": timedelta(days=7),
    "weekend": timedelta(days=7),
    "part_of_day": timedelta(days=1),
    "month": relativedelta(months=1),
    "quarter": relativedelta(months=3),
    "season": relativedelta(months=3),
    "year": relativedelta(years=1),
}
COARSE = {"day", "week", "weekend", "month", "quarter", "season", "year"}
SEASON_MIDDLE = {"SP": (4, 15), "SU": (7, 15), "FA": (10, 15)}  # inside every convention's season

WEEKDAYS = (
    r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday"
)
HOLIDAY_LUNAR = r"diwali|deepavali|ramadan|eid|chinese new year|lunar new year|spring festival|hanukkah|chanukah|"
HOLIDAY_LUNAR += r"passover|rosh hashanah|yom kippur|holi\b|mid-autumn|dragon boat|vesak|qingming|tomb sweeping"
HOLIDAY_MOVEABLE = r"easter|good friday|thanksgiving|black friday|cyber monday|mother'?s day|father'?s day|"
HOLIDAY_MOVEABLE += r"memorial day|labou?r day|martin luther king|mlk|president'?s day|columbus day|pentecost|"
HOLIDAY_MOVEABLE += r"whit|ascension|ash wednesday|mardi gras|shrove|palm sunday|corpus christi|inauguration|"
HOLIDAY_MOVEABLE += r"election day|bank holiday|canberra day|victoria day|maundy|trinity sunday|advent"
HOLIDAY_FIXED = r"christmas|xmas|new year|independence day|halloween|valentine|st\.? patrick|saint patrick|"
HOLIDAY_FIXED += r"veterans|all saints|all souls|boxing day|yuandan|april fool|earth day|groundhog|flag day|"
HOLIDAY_FIXED += r"guy fawkes|bastille|juneteenth|canada day|australia day|anzac|may day|labour day|women'?s day|"
HOLIDAY_FIXED += r"children'?s day|teacher'?s day|youth day|tree planting|national day|epiphany|assumption|"
HOLIDAY_FIXED += r"feast|st\.? george|st\.? andrew|burns night|armistice|remembrance|kwanzaa|festivus"
CLOCK_WORDS = r"half past|quarter (?:past|to|after|til)|\b(?:past|to|til|till|after|before) (?:one|two|three|four|"
CLOCK_WORDS += r"five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\b|\bo'?clock\b|\d{1,2}h\d{2}|"
CLOCK_WORDS += r"\bhundred hours\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
CLOCK_WORDS += r"forty|fifty)\b"
FAMILY_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("holiday_lunar", re.compile(HOLIDAY_LUNAR)),
    ("holiday_moveable", re.compile(HOLIDAY_MOVEABLE)),
    ("holiday_fixed", re.compile(HOLIDAY_FIXED)),
    ("end_of_period", re.compile(r"\beo[mdy]\b|end of (?:the )?(?:day|month|year|week)")),
    ("fraction", re.compile(r"\d/\d+ (?:hour|minute|day|week)|½|¼|¾|half an? |a half")),
]
RELATIVE_OFFSET = re.compile(
    r"\bago\b|\bin (?:a|an|\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple|several)\b|"
    r"\blater\b|from now|\bhence\b|\b(?:after|before|from) (?:next|last|this|today|tomorrow|yesterday|christmas)|"
    r"\bprior to\b|\bfortnight\b|\b(?:days?|weeks?|months?|years?|hours?|minutes?) (?:after|before|from)\b"
)
ORDINAL_WEEKDAY = re.compile(rf"\b(?:first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+(?:{WEEKDAYS})\b")
WEEKDAY = re.compile(rf"\b(?:{WEEKDAYS})\b")
ZONE_WORDS = re.compile(
    r"\b(?:[pmce][sd]t|utc|gmt|bst|cet|ist|jst|aest|pacific|eastern|central|mountain|time ?zone|"
    r"(?:montreal|beijing|russia|london|tokyo|paris) time)\b"
)
VAGUE = re.compile(r"(?:the|that|this|same|the same)\s+(?:day|time|moment)|now|then|the 2\d")
RELATIVE_DAY = re.compile(r"\b(?:today|tomorrow|yesterday|tonight|tmrw|tmr|day after|day before)\b")


@dataclass(frozen=True)
class Reading:
    """One resolution the source lists for a phrase."""

    kind: str  # "point" or "range"
    timex: str
    start: datetime
    end: datetime | None  # the source's end, for ranges and part-of-day windows
    start_timex: str  # the timex of the start alone (its grain)


@dataclass(frozen=True)
class Raw:
    """One recognised span from a source file."""

    ident: str
    source: str
    phrase: str
    reference: datetime
    readings: list[tuple[str, dict[str, object]]]  # (type name, resolution value) pairs


class Drop(Exception):
    """An item we cannot label with confidence; the message is the reason counted in the report."""


def _raw_items(checkout: Path, drops: Counter[str]) -> Iterator[Raw]:
    for path in RECOGNIZERS_FILES:
        stem = ("gb-" if "EnglishOthers" in path else "") + Path(path).stem.lower()
        for index, item in enumerate(json.loads(_git_file(checkout, RECOGNIZERS_COMMIT, path))):
            ident = f"rt-en-{stem}-{index:04d}"
            source = f"recognizers-text@{RECOGNIZERS_COMMIT}:{path}#{index}"
            if item.get("Comment"):
                drops["annotated by the source with a comment"] += 1
                continue
            results = item.get("Results") or []
            if len(results) != 1:
                drops["not exactly one recognised span"] += 1
                continue
            result = results[0]
            reference = item.get("Context", {}).get("ReferenceDateTime")
            if not reference and path.endswith("/TimeParser.json"):
                reference = DEFAULT_REFERENCE.isoformat()  # times of day only: the date does not matter
            if not reference:
                drops["no reference time"] += 1
                continue
            text = str(result.get("Text", ""))
            start = result.get("Start")
            original = item["Input"][start : start + len(text)] if isinstance(start, int) else ""
            phrase = original if original.lower() == text.lower() else text
            if "EnglishOthers" in path and AMBIGUOUS_NUMERIC.search(phrase):
                drops["day and month order ambiguous"] += 1
                continue
            yield Raw(ident, source, phrase.strip(), datetime.fromisoformat(reference), list(_values(result)))


def _values(result: dict[str, object]) -> Iterator[tuple[str, dict[str, object]]]:
    type_name = str(result.get("TypeName") or result.get("Type") or "").removeprefix("datetimeV2.")
    holder = result.get("Resolution") or result.get("Value") or {}
    assert isinstance(holder, dict)
    if "values" in holder:
        for value in holder["values"]:
            yield str(value.get("type", type_name)), value
        return
    timex = str(holder.get("Timex", ""))
    for key in ("FutureResolution", "PastResolution"):
        resolution = holder.get(key) or {}
        assert isinstance(resolution, dict)
        value: dict[str, object] = {"timex": timex}
        for name, target in (
            ("date", "value"),
            ("time", "value"),
            ("dateTime", "value"),
            ("startDate", "start"),
            ("endDate", "end"),
            ("startTime", "start"),
            ("endTime", "end"),
            ("startDateTime", "start"),
            ("endDateTime", "end"),
        ):
            if name in resolution:
                value[target] = resolution[name]
        if holder.get("Mod"):
            value["Mod"] = holder["Mod"]
        yield type_name, value


def _instant(text: str, reference: datetime) -> datetime:
    if re.fullmatch(r"\d{2}:\d{2}:\d{2}", text):
        return datetime.combine(reference.date(), time.fromisoformat(text))
    return datetime.fromisoformat(text)


def _grain(timex: str) -> str:
    if re.search(r"T(?:MO|AF|EV|NI|MI|DT|BL|MEL|LN|EN)", timex):
        return "part_of_day"
    if re.search(r"T\d{1,2}:\d{2}:\d{2}$", timex):
        return "second"
    if re.search(r"T\d{1,2}:\d{2}$", timex):
        return "minute"
    if re.search(r"T\d{1,2}$", timex):
        return "hour"
    if re.search(r"-(?:SU|SP|FA|WI)$", timex):
        return "season"
    if timex.endswith("-WE"):  # the window comes from the source's start and end
        return "weekend"
    if re.fullmatch(r"(?:\d{4}|XXXX)-W(?:\d{2}|XX)", timex):
        return "week"
    if re.fullmatch(r"(?:\d{4}|XXXX)-Q\d", timex):
        return "quarter"
    if re.fullmatch(r"(?:\d{4}|XXXX)-\d{2}", timex):
        return "month"
    if re.fullmatch(r"\d{4}", timex):
        return "year"
    if timex == "QUARTER":
        return "quarter"
    if re.fullmatch(r"(?:\d{4}|XXXX)-(?:\d{2}|XX)-\d{2}|XXXX-WXX-\d|\d{4}-W\d{2}-\d|XXXX-\d{2}-WXX-\d-#\d", timex):
        return "day"
    raise Drop(f"timex not labelled ({re.sub(r'[0-9]', '9', timex)})")


def _readings(raw: Raw) -> list[Reading]:
    readings: list[Reading] = []
    for type_name, value in raw.readings:
        timex = str(value.get("timex", ""))
        if value.get("Mod"):
            raise Drop(f"modifier {value['Mod']}")
        if type_name in {"set", "duration", "timezone"} or "PRESENT_REF" in timex or not timex:
            raise Drop(f"type {type_name or 'unknown'}")
        partial = (timex.startswith("XX") and not timex.startswith("XXXX")) or ("XX-XX" in timex and "WXX" not in timex)
        if partial and not re.fullmatch(r"XXXX-XX-\d{2}", timex):
            raise Drop("incomplete timex")
        if timex.startswith("("):
            parts = timex.strip("()").split(",")
            if "start" not in value or "end" not in value:
                raise Drop("range without both ends")
            start = _instant(str(value["start"]), raw.reference)
            end = _instant(str(value["end"]), raw.reference)
            if not (_agrees(parts[0], start) and _agrees(parts[1], end)):
                raise Drop("resolution disagrees with its timex")
            readings.append(Reading("range", timex, start, end, parts[0]))
        elif "start" in value and "end" in value:
            start = _instant(str(value["start"]), raw.reference)
            end = _instant(str(value["end"]), raw.reference)
            grain = _grain(timex) if _grain(timex) == "part_of_day" else _period_grain(start, end)
            readings.append(Reading("point", timex, start, end, PERIOD_TIMEX[grain]))
        elif "value" in value:
            if str(value["value"]).endswith("23:59:59"):
                raise Drop("end of a period given as its last second")
            if value["value"] == "not resolved":
                season = re.fullmatch(r"(\d{4})-(SU|SP|FA)", timex)
                if not season:
                    raise Drop("not resolved")
                month, day = SEASON_MIDDLE[season.group(2)]
                middle = datetime(int(season.group(1)), month, day)
                readings.append(Reading("point", timex, middle, None, timex))
                continue
            moment = _instant(str(value["value"]), raw.reference)
            if not _agrees(timex, moment):
                raise Drop("resolution disagrees with its timex")
            readings.append(Reading("point", timex, moment, None, timex))
        else:
            raise Drop("no resolved value")
    if not readings:
        raise Drop("no resolution")
    unique: dict[tuple[datetime, datetime | None], Reading] = {}
    for reading in readings:
        unique.setdefault((reading.start, reading.end), reading)
    return list(unique.values())


PERIOD_TIMEX = {
    "part_of_day": "TMO",
    "day": "XXXX-01-01",
    "weekend": "XXXX-WXX-WE",
    "week": "XXXX-WXX",
    "month": "XXXX-01",
}
PERIOD_TIMEX |= {"quarter": "QUARTER", "year": "0000"}


def _period_grain(start: datetime, end: datetime) -> str:
    """The grain of a period the source gives as a start and an end."""
    for grain in ("day", "weekend", "week", "month", "quarter", "year"):
        if grain == "weekend" and start.weekday() != 5:
            continue
        if start + (timedelta(days=2) if grain == "weekend" else UNITS[grain]) == end:
            return grain
    raise Drop("period of unusual length")


def _window(reading: Reading) -> tuple[datetime, datetime]:
    """The half-open window a point reading (or a range's start) denotes."""
    if reading.start_timex == "QUARTER":
        return reading.start, reading.start + UNITS["quarter"]
    grain = _grain(reading.start_timex) if reading.kind == "point" else _start_grain(reading)
    if grain == "part_of_day":
        assert reading.end is not None
        return reading.start, reading.end
    if grain == "season":
        return reading.start - relativedelta(months=1), reading.start + relativedelta(months=1)
    if reading.kind == "point" and reading.end is not None:
        return reading.start, reading.end
    return reading.start, reading.start + UNITS[grain]


def _start_grain(reading: Reading) -> str:
    timex = reading.start_timex
    if re.search(r"T\d{1,2}:\d{2}:\d{2}", timex):
        return "second"
    if re.search(r"T\d{1,2}:\d{2}", timex):
        return "minute"
    if re.search(r"T\d{1,2}", timex):
        return "hour"
    return "day"


TIMEX_PARTS = re.compile(
    r"(?P<year>\d{4}|XXXX)?(?:-(?P<month>\d{2})(?:-(?P<day>\d{2}))?)?"
    r"(?:T(?P<hour>\d{1,2})(?::(?P<minute>\d{2})(?::(?P<second>\d{2}))?)?)?"
)


def _agrees(timex: str, moment: datetime) -> bool:
    """Whether the concrete fields of a timex (year, month, day, hour, minute, second) match a resolved instant."""
    match = TIMEX_PARTS.fullmatch(timex)
    if not match:
        return True  # relative forms (weeks, weekdays, parts of day) carry no field to compare
    for name in ("year", "month", "day", "hour", "minute", "second"):
        field = match.group(name)
        if field is not None and field.isdigit() and int(field) != getattr(moment, name):
            return False
    return True


def _choose(readings: list[Reading], raw: Raw) -> Reading:
    """The reading whose window holds the correct argument."""
    timex = readings[0].timex
    today = raw.reference.date()
    if re.search(r"(?:^|\()XXXX-WXX-\d", timex):
        future = [r for r in readings if r.start.date() > today]
        if not future:
            raise Drop("weekday resolved to the past or to today")
        return min(future, key=lambda r: r.start)
    if re.search(r"(?:^|\()XXXX-", timex):
        future = [r for r in readings if r.start.date() >= today]
        if not future:
            raise Drop("no future reading of a date without a year")
        return min(future, key=lambda r: r.start)
    if timex.startswith(("T", "(T")):
        later = [r for r in readings if r.start >= raw.reference]
        if not later:
            raise Drop("time of day already past at the reference time")
        return min(later, key=lambda r: r.start)
    return readings[0]


def _family(raw: Raw, reading: Reading, grain: str) -> str:
    phrase = raw.phrase.lower()
    for family, pattern in FAMILY_PATTERNS:
        if pattern.search(phrase):
            return family
    if grain == "season":
        return "season"
    if reading.kind == "range":
        return "range"
    if grain == "part_of_day" or re.search(r"\btonight\b|\bmorning\b|\bevening\b|\bafternoon\b|\bnight\b", phrase):
        return "part_of_day"
    if RELATIVE_OFFSET.search(phrase):
        return "relative_offset"
    if ORDINAL_WEEKDAY.search(phrase) or "#" in reading.timex:
        return "ordinal_weekday"
    if WEEKDAY.search(phrase) and not re.search(r"\d", phrase):
        return "relative_weekday"
    if RELATIVE_DAY.search(phrase):
        return "relative_day"
    periods = {
        "week": "week_period",
        "weekend": "weekend",
        "month": "month_period",
        "quarter": "quarter_period",
        "year": "year_period",
    }
    if grain in periods:
        return periods[grain]
    if grain in {"hour", "minute", "second"}:
        if re.search(CLOCK_WORDS, phrase) or re.fullmatch(r"\d{3,4}", phrase):
            return "clock_notation"
        return "clock_time" if reading.timex.startswith("T") else "absolute_datetime"
    return "absolute_date"


def _offset_for(ident: str) -> timezone | None:
    digest = hashlib.sha256(ident.encode()).digest()
    if digest[0] % 4:
        return None
    text = OFFSETS[digest[1] % len(OFFSETS)]
    sign = text[0]
    hours, minutes = int(text[1:3]), int(text[4:6])
    delta = timedelta(hours=hours, minutes=minutes)
    return timezone(-delta if sign == "-" else delta)


def _iso(moment: datetime, zone: timezone | None, *, date_only: bool = False) -> str:
    if date_only and zone is None:
        return moment.date().isoformat()
    return moment.replace(tzinfo=zone).isoformat()


def _label(raw: Raw) -> dict[str, object]:
    if not raw.phrase or len(raw.phrase) < 2:
        raise Drop("empty phrase")
    if VAGUE.fullmatch(raw.phrase.lower()):
        raise Drop("vague phrase")
    if ZONE_WORDS.search(raw.phrase.lower()):
        raise Drop("names a time zone the source resolution ignores")
    if re.fullmatch(r"\d{1,2}\.\d{1,2}", raw.phrase):
        raise Drop("a dotted number that may as well be a time")
    readings = _readings(raw)
    if len({r.kind for r in readings}) != 1:
        raise Drop("mixed point and range readings")
    chosen = _choose(readings, raw)
    zone = _offset_for(raw.ident)
    style = int(hashlib.sha256(raw.ident.encode()).hexdigest()[2:4], 16) % 3
    quarter = chosen.kind == "range" and re.fullmatch(r"\(\d{4}-(01|04|07|10)-01,\d{4}-\d{2}-01,P3M\)", chosen.timex)
    if quarter:
        chosen = Reading("point", chosen.timex, chosen.start, chosen.end, "QUARTER")
        readings = [Reading("point", r.timex, r.start, r.end, "QUARTER") for r in readings]
    if chosen.kind == "point":
        grain = "quarter" if quarter else _grain(chosen.start_timex)
        low, high = _window(chosen)
        if grain == "part_of_day":
            correct = low + (high - low) / 2
            correct = correct.replace(minute=0, second=0, microsecond=0)
        elif grain in COARSE:
            correct = low + (timedelta(hours=(12, 9, 0)[style]) if zone is not None or style else timedelta())
        else:
            correct = low
        windows = [_window(r) for r in readings]
        for step in (1, -1):
            shifted = correct + UNITS[grain] * step
            if all(not (a <= shifted < b) for a, b in windows):
                break
        else:
            raise Drop("no shift leaves every reading")
        date_only = grain in COARSE and style == 0
        family = _family(raw, chosen, grain)
        return _item(
            raw,
            family,
            grain,
            "point",
            _iso(correct, zone, date_only=date_only),
            _iso(shifted, zone, date_only=date_only),
            zone,
        )
    assert chosen.end is not None
    if chosen.end <= chosen.start:
        raise Drop("range end not after its start")
    grain = _start_grain(chosen)
    shifted_start = chosen.start - UNITS[grain]
    if any(a <= shifted_start < b for a, b in (_window(r) for r in readings)):
        raise Drop("no shift leaves every reading")
    date_only = grain == "day"
    correct = {
        "start": _iso(chosen.start, zone, date_only=date_only),
        "end": _iso(chosen.end, zone, date_only=date_only),
    }
    shifted = {"start": _iso(shifted_start, zone, date_only=date_only), "end": correct["end"]}
    return _item(raw, _family(raw, chosen, grain), grain, "range", correct, shifted, zone)


def _item(
    raw: Raw, family: str, grain: str, kind: str, correct: object, shifted: object, zone: timezone | None
) -> dict[str, object]:
    return {
        "id": raw.ident,
        "source": raw.source,
        "family": family,
        "phrase": raw.phrase,
        "user_time": raw.reference.replace(tzinfo=zone).isoformat(),
        "grain": grain,
        "kind": kind,
        "correct": correct,
        "shifted": shifted,
    }


def _git_file(checkout: Path, commit: str, path: str) -> str:
    if (checkout / path).is_file():
        return (checkout / path).read_text(encoding="utf-8-sig")
    shown = subprocess.run(
        ["git", f"--git-dir={checkout}", "show", f"{commit}:{path}"], check=True, capture_output=True
    )
    return shown.stdout.decode("utf-8-sig")


def _dateparser(checkout: Path, drops: Counter[str]) -> Iterator[dict[str, object]]:
    relative = _git_file(checkout, DATEPARSER_COMMIT, DATEPARSER_FILE)
    absolute = _git_file(checkout, DATEPARSER_COMMIT, ABSOLUTE_FILE)
    for path, now, stem, found_items in (
        (DATEPARSER_FILE, DATEPARSER_NOW, "freshness", dateparser_items(relative, drops)),
        (ABSOLUTE_FILE, ABSOLUTE_NOW, "dateparser", absolute_items(absolute, drops)),
    ):
        for found in found_items:
            ident = f"dp-en-{stem}-{found['line']:04d}"
            zone = _offset_for(ident)
            grain = str(found["grain"])
            correct, shifted = found["correct"], found["shifted"]
            assert isinstance(correct, datetime)
            assert isinstance(shifted, datetime)
            date_only = grain in COARSE and int(hashlib.sha256(ident.encode()).hexdigest()[2:4], 16) % 3 == 0
            phrase = str(found["phrase"])
            yield {
                "id": ident,
                "source": f"dateparser@{DATEPARSER_COMMIT}:{path}#L{found['line']}",
                "family": _dateparser_family(phrase, grain, stem == "freshness"),
                "phrase": phrase,
                "user_time": now.replace(tzinfo=zone).isoformat(),
                "grain": grain,
                "kind": "point",
                "correct": _iso(correct, zone, date_only=date_only),
                "shifted": _iso(shifted, zone, date_only=date_only),
            }


def _dateparser_family(phrase: str, grain: str, relative: bool) -> str:
    lowered = phrase.lower()
    if re.search(r"\d\.\d", phrase) and relative:
        return "fraction"
    if relative:
        return "relative_day" if RELATIVE_DAY.search(lowered) and "after" not in lowered else "relative_offset"
    if grain == "day":
        return "absolute_date"
    return "clock_notation" if re.search(r"\d[h.]\d{2}\b", phrase) else "absolute_datetime"


def build(recognizers: Path, dateparser: Path | None = None) -> tuple[list[dict[str, object]], Counter[str]]:
    """Label every usable item of the sources; return the items and the count of dropped items per reason."""
    drops: Counter[str] = Counter()
    items: list[dict[str, object]] = []
    seen: set[tuple[str, str]] = set()
    for raw in _raw_items(recognizers, drops):
        key = (raw.phrase.lower(), raw.reference.isoformat())
        if key in seen:
            drops["duplicate phrase and reference"] += 1
            continue
        try:
            item = _label(raw)
        except Drop as reason:
            drops[str(reason)] += 1
            continue
        seen.add(key)
        items.append(item)
    if dateparser is not None:
        items.extend(_dateparser(dateparser, drops))
    if EXTRA.is_file():
        for line in EXTRA.read_text(encoding="utf-8").splitlines():
            if line.strip():
                items.append(json.loads(line))
    return items, drops


def main() -> None:
    """Build the corpus and print the counts per family and per drop reason."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--recognizers", type=Path, required=True, help="checkout of microsoft/Recognizers-Text")
    parser.add_argument("--dateparser", type=Path, help="checkout of scrapinghub/dateparser")
    parser.add_argument("--out", type=Path, default=Path("tests/data/date_corpus.jsonl"))
    args = parser.parse_args()
    items, drops = build(args.recognizers, args.dateparser)
    with args.out.open("w", encoding="utf-8") as out:
        for item in items:
            out.write(json.dumps(item, ensure_ascii=False) + "\n")
    families = Counter(str(item["family"]) for item in items)
    print(f"wrote {len(items)} items to {args.out}")
    for family in FAMILIES:
        print(f"  {family:<20} {families.get(family, 0):>5}")
    print(f"dropped {sum(drops.values())}:")
    for reason, count in drops.most_common():
        print(f"  {count:>5}  {reason}")
    if set(families) - set(FAMILIES):
        sys.exit(f"unknown families: {sorted(set(families) - set(FAMILIES))}")


if __name__ == "__main__":
    main()
