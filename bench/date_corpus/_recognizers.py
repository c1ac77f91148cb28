"""Items from the English DateTime spec files of Microsoft Recognizers-Text, labelled from their own resolutions."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, time, timedelta, timezone
from pathlib import Path

from _common import COARSE, UNITS, Drop, git_file, iso, offset_for, style_of
from _families import family_of
from dateutil.relativedelta import relativedelta

__all__ = ["RECOGNIZERS_COMMIT", "RECOGNIZERS_FILES", "RECOGNIZERS_REPO", "recognizers_items"]

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
SEASON_MIDDLE = {"SP": (4, 15), "SU": (7, 15), "FA": (10, 15)}  # inside every convention's season

ZONE_WORDS = re.compile(
    r"\b(?:[pmce][sd]t|utc|gmt|bst|cet|ist|jst|aest|pacific|eastern|central|mountain|time ?zone|"
    r"(?:montreal|beijing|russia|london|tokyo|paris) time)\b"
)
VAGUE = re.compile(r"(?:the|that|this|same|the same)\s+(?:day|time|moment)|now|then|the 2\d")


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


def _raw_items(checkout: Path, drops: Counter[str]) -> Iterator[Raw]:
    for path in RECOGNIZERS_FILES:
        stem = ("gb-" if "EnglishOthers" in path else "") + Path(path).stem.lower()
        for index, item in enumerate(json.loads(git_file(checkout, RECOGNIZERS_COMMIT, path))):
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
    if re.search(r"(?:^|\()XX\d\d-", timex):  # a decade naming no century ("the 70s"): the latest begun
        begun = [r for r in readings if r.start <= raw.reference]
        if not begun:
            raise Drop("no reading of a decade without a century begun by the reference time")
        return max(begun, key=lambda r: r.start)
    if timex.startswith(("T", "(T")):
        later = [r for r in readings if r.start >= raw.reference]
        if not later:
            raise Drop("time of day already past at the reference time")
        return min(later, key=lambda r: r.start)
    return readings[0]


WEEKDAY_NAMES = re.compile(
    r"\b(?:(?P<d0>mon(?:day)?)|(?P<d1>tue(?:s(?:day)?)?)|(?P<d2>wed(?:nesday)?)|(?P<d3>thu(?:r(?:s(?:day)?)?)?)|"
    r"(?P<d4>fri(?:day)?)|(?P<d5>sat(?:urday)?)|(?P<d6>sun(?:day)?))\b"
)
NAMED_DATE = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\d{1,2}\s*[/.-]\s*\d{1,2}")
COUNTED = re.compile(r"\b(?:after|before|ago|from|later|earlier|since|next|last|following|previous)\b")


def _on_weekday(chosen: Reading, readings: list[Reading], phrase: str) -> Reading:
    """A phrase naming a date and the weekday it falls on ("Tuesday, Jan 15") is that date: when the reading chosen
    falls on another weekday, the source's reading that falls on the one named is taken (the source resolves the
    date alone, ignoring the weekday); when none does, the phrase contradicts itself and is dropped. Phrases that
    count from the weekday ("3 days after Monday") are left alone."""
    low = phrase.lower()
    named = {int(key[1]) for found in WEEKDAY_NAMES.finditer(low) for key, text in found.groupdict().items() if text}
    if len(named) != 1 or not NAMED_DATE.search(low) or COUNTED.search(low):
        return chosen
    low_end = chosen.end if chosen.kind == "range" and chosen.end is not None else chosen.start
    if chosen.start.date() != (low_end - timedelta(microseconds=1) if low_end > chosen.start else low_end).date():
        return chosen  # a period longer than a day: the weekday names one day of it
    weekday = named.pop()
    if chosen.start.weekday() == weekday:
        return chosen
    agreeing = [r for r in readings if r.start.weekday() == weekday]
    if not agreeing:
        raise Drop("the weekday named is not the date's")
    return min(agreeing, key=lambda r: abs(r.start - chosen.start))


OFFSET_UNITS = (("second", r"\bsec(?:ond)?s?\b"), ("minute", r"\bmin(?:ute)?s?\b"), ("hour", r"\b(?:hours?|hrs?)\b"))
ORDER = ("second", "minute", "hour")


def _spoken_grain(phrase: str, grain: str) -> str:
    """The grain of an offset from now ("in 2 minutes" is a minute, not the second the source's timex names)."""
    if grain not in {"second", "minute"} or re.search(r"\d[:.]\d{2}", phrase):
        return grain
    if re.search(r"half|quarter|[½¼¾]|\d[./]\d", phrase.lower()):
        return "minute"
    for unit, pattern in OFFSET_UNITS:
        if re.search(pattern, phrase.lower()):
            return unit if ORDER.index(unit) >= ORDER.index(grain) else grain
    return grain


def _label(raw: Raw) -> dict[str, object]:
    if not raw.phrase or len(raw.phrase) < 2:
        raise Drop("empty phrase")
    if re.search(r"\b(?:middle|end|early|late|rest|remaining)\b|\b(?:beginning|start) of\b", raw.phrase.lower()):
        raise Drop("a vague part of a period")
    if re.search(r"\bmid[- ]?(?:morning|afternoon|day|evening|night)\b", raw.phrase.lower()):
        raise Drop("a middle of the day or night (midnight: which one)")
    if VAGUE.fullmatch(raw.phrase.lower()):
        raise Drop("vague phrase")
    clocks = re.search(r"\b(0\d[0-5]\d)\s*(?:-|to|and)\s*(0\d[0-5]\d)\b", raw.phrase)
    if clocks and clocks[2] < clocks[1]:
        raise Drop("24-hour times whose range ends before it starts (the source reads the end on a 12-hour clock)")
    if ZONE_WORDS.search(raw.phrase.lower()):
        raise Drop("names a time zone the source resolution ignores")
    if re.fullmatch(r"\d{1,2}\.\d{1,2}", raw.phrase):
        raise Drop("a dotted number that may as well be a time")
    readings = _readings(raw)
    if len({r.kind for r in readings}) != 1:
        raise Drop("mixed point and range readings")
    chosen = _on_weekday(_choose(readings, raw), readings, raw.phrase)
    zone = offset_for(raw.ident)
    style = style_of(raw.ident)
    quarter = chosen.kind == "range" and re.fullmatch(r"\(\d{4}-(01|04|07|10)-01,\d{4}-\d{2}-01,P3M\)", chosen.timex)
    if quarter:
        chosen = Reading("point", chosen.timex, chosen.start, chosen.end, "QUARTER")
        readings = [Reading("point", r.timex, r.start, r.end, "QUARTER") for r in readings]
    if chosen.kind == "point":
        grain = "quarter" if quarter else _spoken_grain(raw.phrase, _grain(chosen.start_timex))
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
        family = family_of(raw.phrase, chosen.kind, grain, chosen.timex)
        return _item(
            raw,
            family,
            grain,
            "point",
            iso(correct, zone, date_only=date_only),
            iso(shifted, zone, date_only=date_only),
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
        "start": iso(chosen.start, zone, date_only=date_only),
        "end": iso(chosen.end, zone, date_only=date_only),
    }
    shifted = {"start": iso(shifted_start, zone, date_only=date_only), "end": correct["end"]}
    return _item(raw, family_of(raw.phrase, chosen.kind, grain, chosen.timex), grain, "range", correct, shifted, zone)


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


def recognizers_items(checkout: Path, drops: Counter[str]) -> Iterator[dict[str, object]]:
    """Label every usable item of the pinned spec files; count the others in ``drops`` by reason."""
    seen: set[tuple[str, str]] = set()
    for raw in _raw_items(checkout, drops):
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
        yield item
