"""Parse an argument value into the moment (or date) it names.

Accepted: ISO 8601 strings (date, date-time, with or without offset or ``Z``; parsed with
``datetime.fromisoformat`` before any library), Unix timestamps (numbers or digit strings; seconds, or
milliseconds above 1e11), clock times (``14:00``, ``2:30 PM``; their date comes from elsewhere), and natural
language read the way a tool would (``Feb 9, 2024 at 2pm``, ``next Friday 2pm`` against ``user_time``). An ISO 8601
duration (``PT2H``) names no date or time: it fails with a reason saying so (a phrase naming a length of time, "for 2
hours", compares it with that length: see ``_durations``).
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import re
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta

from dateutil.relativedelta import relativedelta

from .._values import json_type
from ._calendar import to_24h, user_time_key
from ._model import Resolution, Window
from ._phrase import MAX_LENGTH, NO_USER_TIME, left_open, resolve
from ._zones import ZoneSpec, format_offset

__all__ = [
    "Actual",
    "Length",
    "describe",
    "interval",
    "iso_duration",
    "parse_clock",
    "parse_text",
    "parse_value",
    "range_ends",
    "show_length",
    "show_moment",
    "shown",
]

_TIMESTAMP_RE = re.compile(r"^-?\d{9,13}(?:\.\d+)?$")
_DATE_RE = re.compile(r"^(\d{4})-?(\d\d)-?(\d\d)$")
_MONTH_RE = re.compile(r"^(\d{4})-(\d\d)$")
_WEEK_RE = re.compile(r"^(\d{4})-?[wW](\d\d)$")
_DATETIME_RE = re.compile(r"^\d{4}-?\d\d-?\d\d[Tt ]\d")
_CLOCK_RE = re.compile(
    r"^(?P<h>\d{1,2})(?:[:h](?P<m>\d\d)(?::(?P<s>\d\d)(?:\.\d+)?)?)?\s*(?P<ap>[ap]\.?m\.?)?"
    r"\s*(?P<tz>z|[+-]\d\d(?::?\d\d)?)?$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Actual:
    """What an argument (or an assembled parameter group) says, as a naive wall-clock time or span."""

    lo: datetime
    """The moment, or the start of the span (naive wall clock as written)."""

    hi: datetime | None = None
    """End of the span for a date (or month) value; ``None`` for a moment."""

    mode: str = "instant"
    """``instant``; ``covers`` (a date value: the reading must accept the whole day); ``overlaps`` (the
    parameters cannot carry a time: the reading must accept some moment of that day)."""

    offset: timedelta | None = None
    """UTC offset written with the value (``Z``, ``+01:00``; 0 for Unix timestamps)."""

    zone: ZoneSpec | None = None
    """Zone given beside the value (a time-zone parameter), used when there is no offset."""

    free: frozenset[str] = frozenset()
    """Date fields the parameters cannot carry (``year``, ``month``, ``day``): taken from the reading."""

    weekday: int | None = None
    """Weekday the value must fall on (0 = Monday) when it names one but no date."""

    dateless: bool = False
    """A clock time given alone as the argument: it matches only a phrase that names no date either."""

    shown: str = ""
    """How the value is shown in reasons."""

    ambiguous: bool = False
    """One of several readings of an argument in words: every one of them must match."""


def describe(value: object) -> str:
    """A value and its JSON type for reasons: ``'soon' (string)``."""
    if isinstance(value, str):
        if len(value) > _SHOWN:
            return f"{value[:_SHOWN]!r}... ({len(value):,} characters, string)"
        return f"{value!r} (string)"
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = repr(value)
    if len(text) > 80:
        text = text[:77] + "..."
    kind = json_type(value)
    return f"{text} ({'number' if kind == 'integer' else kind})"


def parse_value(value: object, user_time: datetime | None) -> tuple[Actual, ...] | str:
    """The moments a JSON argument may stand for, or why it stands for none."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _timestamp(float(value), str(value)) or f"got {describe(value)}, which is not a valid Unix timestamp"
    if isinstance(value, str):
        return parse_text(value, user_time)
    return f"got {describe(value)}, which is not a date or time"


def _timestamp(number: float, shown: str) -> tuple[Actual, ...] | None:
    if not math.isfinite(number):
        return None
    seconds = number / 1000 if abs(number) > 1e11 else number
    with contextlib.suppress(OverflowError, OSError, ValueError):
        moment = datetime.fromtimestamp(seconds, UTC).replace(tzinfo=None)
        return (Actual(moment, offset=timedelta(0), shown=f"{shown} ({moment:%Y-%m-%dT%H:%M:%S}Z)"),)
    return None


def parse_clock(text: str) -> tuple[time, timedelta | None] | None:
    """A clock time (``14:00``, ``2pm``, ``2:30 PM``, ``14:00:00Z``, ``noon``) and its offset, if any."""
    low = text.strip().lower()
    if low.startswith("t") and low[1:2].isdigit():
        low = low[1:]
    if low in {"noon", "midday"}:
        return time(12), None
    if low == "midnight":
        return time(0), None
    match = _CLOCK_RE.match(low)
    if not match or not (match.group("m") or match.group("ap")):
        return None
    hour, minute, second = int(match.group("h")), int(match.group("m") or 0), int(match.group("s") or 0)
    marker = (match.group("ap") or "").replace(".", "")
    hour_24 = to_24h(hour, marker) if marker else hour
    if hour_24 is None or hour_24 > 23 or minute > 59 or second > 59:
        return None
    zone_text = match.group("tz")
    offset = (timedelta(0) if zone_text == "z" else _offset(zone_text)) if zone_text else None
    return time(hour_24, minute, second), offset


def _offset(text: str) -> timedelta:
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    return sign * timedelta(hours=int(digits[:2]), minutes=int(digits[2:4] or 0))


_SHOWN = 80
"""Strings longer than this are shown cut in reasons."""


def parse_text(text: str, user_time: datetime | None) -> tuple[Actual, ...] | str:
    """The moments a string argument may stand for (see the module docstring), or why it stands for none."""
    if len(text) > MAX_LENGTH and len(text.strip()) > MAX_LENGTH:
        return f"got {describe(text)}, which is too long for a date or time (at most {MAX_LENGTH} characters)"
    try:
        iso = _iso(text.strip())  # ISO 8601 text reads the same whatever user_time is
    except (OverflowError, ValueError):
        iso = None  # the guarded reading below explains it
    if iso is not None:
        return iso
    length = iso_duration(text) if text.lstrip()[:1] in {"P", "p"} else None
    if length is not None:
        return f"got {describe(text)}, an ISO 8601 duration ({show_length(length)}), which is not a date or time"
    return _parse_text(text, user_time_key(user_time), user_time)


@functools.lru_cache(maxsize=4096)
def _parse_text(
    text: str, key: tuple[datetime, timedelta | None] | None, user_time: datetime | None
) -> tuple[Actual, ...] | str:
    raw = text.strip()
    if not raw:
        return f"got {describe(text)}, which is not a date or time"
    try:
        if _TIMESTAMP_RE.match(raw):
            return _timestamp(float(raw), repr(text)) or f"got {describe(text)}, which is not a valid Unix timestamp"
        if (fast := _iso(raw)) is not None:
            return fast
        clock = parse_clock(raw)
        if clock is not None:
            moment = datetime.combine(date(2000, 1, 1), clock[0])
            return (
                Actual(moment, offset=clock[1], free=frozenset({"year", "month", "day"}), dateless=True, shown=raw),
            )
        resolution = resolve(raw, user_time)
        if resolution.problem:
            if not resolution.understood:
                return f"got {describe(text)}, which is not a date or time ({resolution.problem})"
            return f"got {describe(text)}, which is relative to when it was said and {NO_USER_TIME}"
        return _actuals([reading.start for reading in resolution.readings], resolution, raw)
    except (OverflowError, ValueError):
        return f"got {describe(text)}, which is out of the supported date range"


def range_ends(text: str, user_time: datetime | None) -> tuple[Actual, ...] | None:
    """The ends a string argument names when it is a range in words ("June 10 to June 20"), as :func:`parse_text`
    gives its starts; None for any other argument (ISO 8601, a timestamp, a clock time, a point in words)."""
    raw = text.strip()
    if not raw or len(raw) > MAX_LENGTH or (raw[:1].isdigit() and (_iso(raw) is not None or _TIMESTAMP_RE.match(raw))):
        return None
    return _range_ends(raw, user_time_key(user_time), user_time)


@functools.lru_cache(maxsize=1024)
def _range_ends(
    raw: str, key: tuple[datetime, timedelta | None] | None, user_time: datetime | None
) -> tuple[Actual, ...] | None:
    try:
        resolution = resolve(raw, user_time)
    except (OverflowError, ValueError):
        return None
    if resolution.problem or not resolution.readings or any(r.end is None for r in resolution.readings):
        return None
    return _actuals([reading.end for reading in resolution.readings if reading.end is not None], resolution, raw)


@functools.lru_cache(maxsize=256)  # text that is not ISO 8601 is read twice: here, then by the general parse
def _iso(raw: str) -> tuple[Actual, ...] | None:
    if _DATETIME_RE.match(raw):  # the usual argument (no date, week or month form starts like a date-time)
        with contextlib.suppress(ValueError):
            moment = datetime.fromisoformat(raw)
            return (Actual(moment.replace(tzinfo=None), offset=moment.utcoffset(), shown=raw),)
        return None
    day = _DATE_RE.match(raw)
    if day:
        with contextlib.suppress(ValueError):
            lo = datetime(int(day.group(1)), int(day.group(2)), int(day.group(3)))
            return (Actual(lo, lo + timedelta(days=1), "covers", shown=raw),)
        return None
    week = _WEEK_RE.match(raw)
    if week:
        with contextlib.suppress(ValueError):
            lo = datetime.combine(date.fromisocalendar(int(week.group(1)), int(week.group(2)), 1), time())
            return (Actual(lo, lo + timedelta(days=7), "covers", shown=raw),)
        return None
    month = _MONTH_RE.match(raw)
    if month and 1 <= int(month.group(2)) <= 12:
        lo = datetime(int(month.group(1)), int(month.group(2)), 1)
        return (Actual(lo, (lo + timedelta(days=32)).replace(day=1), "covers", shown=raw),)
    return None


def _actuals(windows: list[Window], resolution: Resolution, raw: str) -> tuple[Actual, ...]:
    """What an argument in words says: a moment or a span per window (in a zone the phrase names); an ambiguous
    argument passes only when every reading of it does."""
    found: list[Actual] = []
    free = left_open(raw)  # "the 30th" gives no month, "Nov 30" no year: as a group leaving them out
    if free:  # readings that differ in those parts alone are one ("the 30th" of this month or the next)
        kept: dict[object, Window] = {}
        for w in windows:
            kept.setdefault((w.lo.day, "month" in free or w.lo.month, w.lo.time(), w.hi - w.lo), w)
        windows = list(kept.values())
    for window in windows:
        zone = window.zone if window.zone != resolution.user_zone else None
        reader = f", read by {resolution.reader}" if resolution.reader else ""
        shown = f"{raw!r} ({window.label}{reader})"
        hi, mode = (None, "instant") if window.grain in {"minute", "second", "instant"} else (window.hi, "covers")
        found.append(Actual(window.lo, hi, mode, zone=zone, free=free, shown=shown))
    unique = tuple(dict.fromkeys(found))
    return tuple(replace(a, ambiguous=True) for a in unique) if len(unique) > 1 else unique


def show_moment(moment: datetime, offset: timedelta | None = None) -> str:
    """``2024-02-09T14:00`` (seconds only when set) with the offset, if any."""
    text = moment.strftime("%Y-%m-%dT%H:%M:%S" if moment.second or moment.microsecond else "%Y-%m-%dT%H:%M")
    if offset is not None:
        text += "Z" if not offset else format_offset(offset)
    return text


#: A length of time: calendar months (a year is twelve; possibly fractional) and seconds (a day is 86,400).
Length = tuple[float, float]

_DURATION_NUMBER = r"\d+(?:[.,]\d+)?"
_DURATION_RE = re.compile(
    rf"P(?!$)(?:(?P<y>{_DURATION_NUMBER})Y)?(?:(?P<mo>{_DURATION_NUMBER})M)?(?:(?P<w>{_DURATION_NUMBER})W)?"
    rf"(?:(?P<d>{_DURATION_NUMBER})D)?(?:T(?=\d)(?:(?P<h>{_DURATION_NUMBER})H)?(?:(?P<mi>{_DURATION_NUMBER})M)?"
    rf"(?:(?P<s>{_DURATION_NUMBER})S)?)?",
    re.IGNORECASE,
)
_DURATION_SECONDS = {"w": 7 * 86400, "d": 86400, "h": 3600, "mi": 60, "s": 1}


def iso_duration(text: str) -> Length | None:
    """The length an ISO 8601 duration names (``PT2H``, ``P1Y2M``, ``P2W``, ``PT1.5H``), or ``None`` for anything
    else."""
    found = _DURATION_RE.fullmatch(text.strip())
    if found is None:
        return None
    values = {name: float(value.replace(",", ".")) for name, value in found.groupdict().items() if value}
    months = values.get("y", 0.0) * 12 + values.get("mo", 0.0)
    return months, sum(values.get(name, 0.0) * size for name, size in _DURATION_SECONDS.items())


def show_length(length: Length) -> str:
    """``2 hours``, ``1 month 3 days``, ``1 hour 30 minutes``: a length of time for reasons."""
    months, seconds = length
    parts = [f"{months:g} month{'s' if months != 1 else ''}"] if months else []
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "second")):
        count = seconds // size if size > 1 else seconds
        if count:
            parts.append(f"{count:g} {unit}{'s' if count != 1 else ''}")
            seconds -= count * size
    return " ".join(parts) or "no time"


def interval(text: str, user_time: datetime | None) -> tuple[tuple[Actual, ...], tuple[Actual, ...], str] | str | None:
    """The starts, ends and how to show them of an ISO 8601 interval argument: ``start/end``, ``start/duration``
    (``2024-06-12/P2D``: the end the duration after the start, a date's from its midnight) or ``duration/end`` with a
    time of day (``PT2H/2024-06-12T11:00``); None for any other value. Why the interval cannot be placed, when its
    duration counts part of a month or it ends on a date alone (``P2D/2024-06-14``: two days to that date's midnight,
    or two days ending on it)."""
    first, _, second = text.partition("/")
    lengths = iso_duration(first), iso_duration(second)
    # each side a date or time with its four-digit year, or a duration: "12/2024" is a month, "6/12" a day
    sides = [
        length is not None or re.match(r"\d{4}", side) for side, length in zip((first, second), lengths, strict=True)
    ]
    if "/" in second or not all(sides) or (lengths[0] is not None and lengths[1] is not None):
        return None
    starts = parse_value(first, user_time) if lengths[0] is None else ()
    ends = parse_value(second, user_time) if lengths[1] is None else ()
    if isinstance(starts, str) or isinstance(ends, str):
        return None
    if lengths == (None, None):
        return starts, ends, f"{shown(starts, first)} to {shown(ends, second)}"
    months, seconds = lengths[0] or lengths[1] or (0.0, 0.0)
    if months != int(months):
        return f"the interval {text!r} counts part of a month, which has no fixed length"
    if any(a.hi is not None for a in ends):
        return f"the interval {text!r} ends on a date alone: at its midnight, or on that whole day, is not said"
    step = relativedelta(months=int(months)) + timedelta(seconds=seconds)
    try:
        if ends:
            starts = tuple(Actual(a.lo - step, offset=a.offset, zone=a.zone) for a in ends)
            return starts, ends, f"{shown(ends, second)} less {show_length((months, seconds))}"
        ends = tuple(Actual(a.lo + step, offset=a.offset, zone=a.zone) for a in starts)
    except (OverflowError, ValueError):
        return f"the interval {text!r} lies outside the calendar (years 1 to 9999)"
    return starts, ends, f"{shown(starts, first)} plus {show_length((months, seconds))}"


def shown(found: tuple[Actual, ...], value: object) -> str:
    """How an argument read as ``found`` is shown in reasons: as read when it has one showing, else as given."""
    texts = list(dict.fromkeys(a.shown for a in found if a.shown))
    return texts[0] if len(texts) == 1 else describe(value)
