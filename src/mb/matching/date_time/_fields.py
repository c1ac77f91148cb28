"""Read the value of one classified parameter (a month name, an hour, a duration, a date...) into fields, and
combine the fields of a group's parameters into one value; parameters that disagree make no value.

Fields combine in the order given (full moments, then ``date``/``time`` values, then single components). A field
two parameters give must agree: a ``date`` of ``2013-02-13T10:00`` beside a ``time`` of ``14:00``, or a ``date``
of ``2013-02-14`` beside a ``day`` of 13, says two different things and is reported naming both. The one exception
is a date written as a date-time at midnight (``2013-02-13T00:00:00``, as many serializers write a date): its time
of day (and offset) is no time of day, and a ``time`` parameter beside it gives the time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import datetime, timedelta
from typing import Any

from ..._calendar_words import MONTHS, WEEKDAYS
from ._names import Slot
from ._value import Actual, describe, parse_clock, parse_value
from ._zones import ZoneSpec, format_offset, parse_zone_name

__all__ = ["WEEKDAY_NAMES", "Fields", "fields_of", "merge_fields", "read_slot", "read_zone"]


@dataclass(frozen=True, slots=True)
class Fields:
    """Calendar fields one parameter provides (``None`` = not provided)."""

    year: int | None = None
    """Year."""

    month: int | None = None
    """Month 1-12."""

    day: int | None = None
    """Day of the month."""

    hour: int | None = None
    """Hour 0-23 (or 1-12 until an am/pm field is applied)."""

    minute: int | None = None
    """Minute."""

    second: int | None = None
    """Second."""

    ampm: str | None = None
    """``am`` or ``pm`` when given separately."""

    weekday: int | None = None
    """Weekday 0-6 (Monday = 0)."""

    offset: timedelta | None = None
    """UTC offset written with the value."""

    zone: ZoneSpec | None = None
    """Zone named with the value (a phrase like ``3pm UTC``)."""


def _integer(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        match = re.fullmatch(r"\s*0*(\d{1,4})(?:st|nd|rd|th)?\s*", value.lower())
        if match:
            return int(match.group(1))
    return None


def fields_of(actual: Actual) -> Fields:
    """Fields of a parsed date, date-time or clock time."""
    moment, free = actual.lo, actual.free
    year, month, day = (None if name in free else getattr(moment, name) for name in _DATE)
    if actual.hi is not None and actual.hi - actual.lo > timedelta(days=1):  # a month or a year (see _calendar_span)
        return Fields(year) if actual.hi.year > moment.year else Fields(year, month)
    hour, minute, second = (getattr(moment, name) if actual.hi is None else None for name in _CLOCK)
    weekday = actual.weekday if free else None
    return Fields(year, month, day, hour, minute, second, weekday=weekday, offset=actual.offset, zone=actual.zone)


def _calendar_span(actual: Actual) -> bool:
    """Whether a value is a moment, a day, one calendar month or one calendar year: what the fields of a group can
    hold (a week or a season cannot be read as its month)."""
    lo, hi = actual.lo, actual.hi
    if hi is None or hi - lo <= timedelta(days=1):
        return True
    if lo.day != 1 or lo.time() != hi.time() or lo.time() != datetime.min.time() or hi.day != 1:
        return False
    months = (hi.year - lo.year) * 12 + hi.month - lo.month
    return months == 1 or (months == 12 and lo.month == 1)


def _component(slot: Slot, value: object) -> Fields | None:
    kind = slot.kind
    if kind == "month" and isinstance(value, str) and value.strip().lower().rstrip(".") in MONTHS:
        return Fields(month=MONTHS[value.strip().lower().rstrip(".")])
    if kind == "ampm" and isinstance(value, str):
        marker = value.strip().lower().replace(".", "")
        return Fields(ampm=marker) if marker in {"am", "pm"} else None
    if kind == "weekday" and isinstance(value, str):
        name = value.strip().lower().rstrip(".")
        return Fields(weekday=WEEKDAYS[name]) if name in WEEKDAYS else None
    clock = parse_clock(value) if kind == "hour" and isinstance(value, str) else None
    if clock:
        return Fields(hour=clock[0].hour, minute=clock[0].minute)
    number = _integer(value)
    if number is None:
        return None
    limits = {"year": (1000, 9999), "month": (1, 12), "day": (1, 31), "hour": (0, 24), "minute": (0, 59),
              "second": (0, 60)}  # fmt: skip
    low, high = limits.get(kind, (0, -1))
    if not low <= number <= high:
        return None
    if kind == "hour" and number == 24:
        number = 0
    field: dict[str, Any] = {kind: min(number, 59) if kind == "second" else number}
    return Fields(**field)


def read_slot(slot: Slot, value: object, user_time: datetime | None) -> tuple[Fields, ...] | str:
    """The fields a parameter's value provides (several when a phrase is ambiguous), or why none."""
    if slot.kind in {"full", "date", "time"} or (slot.kind == "day" and isinstance(value, str) and len(value) > 5):
        if isinstance(value, int) and not isinstance(value, bool) and slot.kind in {"date", "time"}:
            text = str(value)
            if slot.kind == "date" and re.fullmatch(r"(19|20)\d\d[01]\d[0-3]\d", text):
                value = text
            elif slot.kind == "time" and 0 <= value <= 2359 and value % 100 < 60:
                return (Fields(hour=value // 100, minute=value % 100, second=0),)
        parsed = parse_value(value, user_time)
        if isinstance(parsed, str):
            return f"{slot.name}: {parsed}"
        spans = [a for a in parsed if not _calendar_span(a)]
        if spans:
            shown = spans[0].shown or describe(value)
            return f"{slot.name}: got {shown}, a span of days that is not a date, a month or a year"
        return tuple(dict.fromkeys(fields_of(a) for a in parsed))
    fields = _component(slot, value)
    if fields is None:
        four = " (a year has four digits: a tool given 25 gets the year 25)" if slot.kind == "year" else ""
        return f"{slot.name}: got {describe(value)}, which is not a valid {slot.kind}{four}"
    return (fields,)


def read_zone(slot: Slot, value: object) -> ZoneSpec | str:
    """A time-zone parameter (IANA name, abbreviation, offset)."""
    zone = parse_zone_name(value) if isinstance(value, str) else None
    return zone if zone is not None else f"{slot.name}: got {describe(value)}, which is not a time zone"


_FIELD_NAMES = tuple(item.name for item in fields(Fields))
_CLOCK = ("hour", "minute", "second")
_DATE = ("year", "month", "day")
#: Fields a date written at midnight gives only as a placeholder.
_SOFT = frozenset({*_CLOCK, "offset"})
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def merge_fields(parts: Sequence[Fields], names: Sequence[str], kinds: Sequence[str]) -> Fields | str:
    """The fields of ``parts`` (given by the parameters ``names`` of ``kinds``) combined, or why they disagree."""
    if len(parts) == 1:
        return parts[0]
    merged: dict[str, Any] = {}
    source: dict[str, int] = {}
    soft: set[str] = set()
    for index, part in enumerate(parts):
        placeholder = kinds[index] in {"full", "date"} and part.hour == part.minute == part.second == 0
        for name in _FIELD_NAMES:
            value = getattr(part, name)
            if value is None:
                continue
            if name in merged and merged[name] != value and name not in soft:
                first = source[name]
                return (
                    f"the parameters disagree: {names[first]} gives {_shown(parts[first], name)} and {names[index]}"
                    f" gives {_shown(part, name)}"
                )
            merged[name] = value
            source[name] = index
            if placeholder and name in _SOFT:
                soft.add(name)
            else:
                soft.discard(name)
    return Fields(**merged)


def _shown(part: Fields, name: str) -> str:
    """What one parameter says of a field, as a whole date or time of day when it gives one."""
    dated = part.year is not None and part.month is not None and part.day is not None
    day = f"{part.year:04d}-{part.month:02d}-{part.day:02d}" if dated else ""
    if name in _CLOCK and part.hour is not None:
        text = f"{part.hour:02d}:{part.minute or 0:02d}" + (f":{part.second:02d}" if part.second else "")
        return f"{day}T{text}" if day else text
    if name in _DATE and day:
        return day
    value = getattr(part, name)
    if name == "offset":
        return f"the offset {format_offset(value)}"
    if name == "zone":
        return f"the zone {value.label}"
    return WEEKDAY_NAMES[value] if name == "weekday" else f"{name} {value}"
