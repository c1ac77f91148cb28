"""Turn Recognizers-Text entities into readings.

The library's TIMEX values are used as they are, with these deliberate changes:

* Underspecified dates (``Friday``, ``March 5``, ``the 15th``) come with a past and a future value; the
  first occurrence from today on is kept (a bare weekday said on that weekday also reads as a week later).
* ``next``/``this``/``last <weekday>`` get every reading of ``relative_weekday_dates`` (the library knows one);
  ``next weekend`` said on a weekday is also the coming weekend.
* Parts of the day get windows of their own: morning 05:00-12:00, afternoon 12:00-18:00, evening 17:00-23:00,
  night 18:00-04:00 (next day), daytime 08:00-18:00, business hours 09:00-17:00; ``early``/``late`` take
  the first/second half. Bounds are inclusive.
* ``by``/``before``/``until``/``after``/``since <x>`` read as ``<x>`` itself (the deadline or start a tool
  argument carries).
* A range whose end time is before its start ends on the next day (``9pm to 1am``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from ._calendar import WEEKDAYS, next_day_of_month, relative_weekday_dates
from ._model import (
    Clock,
    ClockReading,
    Reading,
    Window,
    day_window,
    end_day_window,
    instant_window,
    minute_window,
    span_window,
)
from ._recognizers import Entity

__all__ = ["PARTS_OF_DAY", "Found", "interpret"]

_H = 3600
#: Windows for parts of the day, in seconds after midnight (inclusive bounds).
PARTS_OF_DAY: dict[str, tuple[int, int, str]] = {
    "MO": (5 * _H, 12 * _H, "morning"),
    "AF": (12 * _H, 18 * _H, "afternoon"),
    "EV": (17 * _H, 23 * _H, "evening"),
    "NI": (18 * _H, 28 * _H, "night"),
    "DT": (8 * _H, 18 * _H, "daytime"),
    "BH": (9 * _H, 17 * _H, "business hours"),
}
_ANCHOR_MODS = {"before", "until", "after", "since", "since_end", "after_start", "before_start", "until_end"}
_CONNECTOR_RE = re.compile(r"\b(?:to|until|till|til|thru|through|and)\b|[-\u2013\u2014~]")
_SECONDS_RE = re.compile(r"T\d\d:\d\d:\d\d")
_WEEKDAY_WORDS = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_RELATIVE_WEEKDAY_RE = re.compile(
    rf"\b(this coming|next|this|last|past|previous|coming|following)\s+({_WEEKDAY_WORDS})\b"
)
_BARE_WEEKDAY_TIMEX_RE = re.compile(r"^XXXX-WXX-\d")
_DAY_OF_MONTH_TIMEX_RE = re.compile(r"^XXXX-XX-(\d\d)")


@dataclass
class Found:
    """What the entities of one text amount to."""

    dated: list[Reading] = field(default_factory=list)
    """Readings placed on a date."""

    clocks: list[ClockReading] = field(default_factory=list)
    """Readings made of times of day only."""

    covered: list[tuple[int, int]] = field(default_factory=list)
    """Character spans of the text the used entities cover."""


def interpret(entities: tuple[Entity, ...], text: str, reference: datetime, *, literal: bool) -> Found:
    """Readings of the usable entities of ``text`` (see the module docstring for the rules)."""
    usable = [e for e in entities if e.values and e.kind not in {"duration", "set"} and not _truncated(e, text)]
    usable.sort(key=lambda e: e.end - e.start, reverse=True)
    chosen: list[Entity] = []
    for entity in usable:
        if all(entity.end <= c.start or entity.start >= c.end for c in chosen):
            chosen.append(entity)
    found = Found()
    for entity in sorted(chosen, key=lambda e: e.start):
        dated, clocks = _entity_readings(entity, reference, literal=literal)
        if not dated and not clocks:
            continue
        if not literal:
            dated = _with_relative_weekdays(dated, entity.text, reference.date())
            dated = _with_coming_weekend(dated, entity.text, reference.date())
        found.dated.extend(dated)
        found.clocks.extend(clocks)
        found.covered.append((entity.start, entity.end))
    return found


def _truncated(entity: Entity, text: str) -> bool:
    """An entity cut inside a token (``from 3pm to 4`` out of ``from 3pm to 4:30pm``) is a mis-parse."""
    if entity.end >= len(text) or entity.end <= 0:
        return False
    return text[entity.end - 1].isalnum() and (text[entity.end].isalnum() or text[entity.end] == ":")


def _entity_readings(entity: Entity, reference: datetime, *, literal: bool) -> tuple[list[Reading], list[ClockReading]]:
    groups: dict[str, list[Reading | ClockReading]] = {}
    for value in entity.values:
        item = _item(entity, value)
        if item is not None:
            groups.setdefault(value.get("timex", ""), []).append(item)
    if literal and len(groups) > 1:
        first = next(iter(groups))
        groups = {first: groups[first]}
    dated: list[Reading] = []
    clocks: list[ClockReading] = []
    for timex, items in groups.items():
        for item in _select(timex, items, reference.date()):
            if isinstance(item, ClockReading):
                clocks.append(item)
            else:
                dated.append(item)
    return dated, clocks


def _select(timex: str, items: list[Reading | ClockReading], today: date) -> list[Reading | ClockReading]:
    """Keep the first occurrence from today on among the past/future values of one TIMEX (``Friday``, ``Q2``)."""
    readings = [i for i in items if isinstance(i, Reading)]
    if len(readings) < 2:
        return items
    readings.sort(key=lambda r: r.start.lo)
    pick = next((r for r in readings if r.start.lo.date() >= today), readings[-1])
    day_of_month = _DAY_OF_MONTH_TIMEX_RE.match(timex.lstrip("("))
    if day_of_month:
        # The library rolls "the 30th" said in late January over to March 1st; take the next month having it.
        wanted = next_day_of_month(int(day_of_month.group(1)), today)
        if wanted is not None:
            pick = pick.shifted(timedelta(days=(wanted - pick.start.lo.date()).days))
    chosen: list[Reading | ClockReading] = [pick]
    if _BARE_WEEKDAY_TIMEX_RE.match(timex.lstrip("(")) and pick.start.lo.date() == today:
        chosen.append(pick.shifted(timedelta(days=7)))
    return chosen


def _with_relative_weekdays(dated: list[Reading], text: str, today: date) -> list[Reading]:
    matches = _RELATIVE_WEEKDAY_RE.findall(text)
    if len(matches) != 1:
        return dated
    word, name = matches[0]
    candidates = relative_weekday_dates(word.split()[-1] if word != "this coming" else "coming", WEEKDAYS[name], today)
    result: list[Reading] = []
    for reading in dated:
        said = reading.start.lo.date()
        if said.weekday() != WEEKDAYS[name] or reading.start.grain not in {"day", "minute", "span"}:
            result.append(reading)
            continue
        result.extend(reading.shifted(timedelta(days=(d - said).days)) for d in candidates)
    return list(dict.fromkeys(result))


def _with_coming_weekend(dated: list[Reading], text: str, today: date) -> list[Reading]:
    """``next weekend`` said on a weekday is also the coming one (as ``next Saturday`` is)."""
    if not re.search(r"\bnext\s+weekend\b", text):
        return dated
    extra = [
        r.shifted(timedelta(days=-7))
        for r in dated
        if r.start.note == "weekend" and (r.start.lo - timedelta(days=7)).date() > today
    ]
    return extra + dated


def _item(entity: Entity, value: Mapping[str, str]) -> Reading | ClockReading | None:
    kind = value.get("type", entity.kind)
    timex = value.get("timex", "")
    mod = value.get("Mod", "")
    if value.get("value") == "not resolved":
        return None
    try:
        if kind == "date":
            return Reading(day_window(_date(value["value"])))
        if kind == "datetime":
            moment = datetime.fromisoformat(value["value"])
            if timex == "PRESENT_REF" or _SECONDS_RE.search(timex):
                return Reading(instant_window(moment))
            return Reading(minute_window(moment))
        if kind == "time":
            return ClockReading(_minute_clock(_seconds(value["value"])))
        if kind == "daterange":
            return _date_range(entity, value, timex, mod)
        if kind == "timerange":
            return _time_range(entity, value, timex, mod)
        if kind == "datetimerange":
            return _datetime_range(entity, value, timex, mod)
    except (KeyError, ValueError):
        return None
    return None


def _date(text: str) -> date:
    return date.fromisoformat(text[:10])


def _seconds(text: str) -> int:
    hours, minutes, seconds = (int(p) for p in text.split(":"))
    return hours * 3600 + minutes * 60 + seconds


def _minute_clock(seconds: int) -> Clock:
    return Clock(seconds, seconds + 60)


def _part_clock(code: str, mod: str) -> Clock:
    lo, hi, note = PARTS_OF_DAY[code]
    middle = (lo + hi) // 2
    if mod == "start":
        return Clock(lo, middle, "span", True, f"early {note}")
    if mod == "end":
        return Clock(middle, hi, "span", True, f"late {note}")
    return Clock(lo, hi, "span", True, note)


def _date_range(entity: Entity, value: Mapping[str, str], timex: str, mod: str) -> Reading | None:
    if mod in _ANCHOR_MODS:
        return Reading(day_window(_date(value.get("start") or value["end"])))
    lo, hi = _date(value["start"]), _date(value["end"])
    if timex.startswith("("):
        if _CONNECTOR_RE.search(entity.text):
            return Reading(day_window(lo), end_day_window(hi))
        start = datetime.combine(lo, datetime.min.time())
        return Reading(span_window(start, datetime.combine(hi, datetime.min.time()), "period", closed=True))
    start, end = datetime.combine(lo, datetime.min.time()), datetime.combine(hi, datetime.min.time())
    if re.fullmatch(r"[\dX]{4}-\d\d", timex) and not mod:
        return Reading(Window(start, end, "month"))
    if re.fullmatch(r"[\dX]{4}", timex) and not mod:
        return Reading(Window(start, end, "year"))
    note = "weekend" if timex.endswith("-WE") else "week" if re.search(r"-W\d\d$", timex) else "period"
    return Reading(span_window(start, end, note))


def _time_range(entity: Entity, value: Mapping[str, str], timex: str, mod: str) -> ClockReading | None:
    part = re.fullmatch(r"T(MO|AF|EV|NI|DT|BH)", timex)
    if part:
        return ClockReading(_part_clock(part.group(1), mod))
    if mod in _ANCHOR_MODS:
        return ClockReading(_minute_clock(_seconds(value.get("start") or value["end"])))
    start, end = _seconds(value["start"]), _seconds(value["end"])
    if end <= start:
        end += 86400
    if not _CONNECTOR_RE.search(entity.text):
        return ClockReading(Clock(start, end, "span", True, "period"))
    return ClockReading(_minute_clock(start), _minute_clock(end))


def _datetime_range(entity: Entity, value: Mapping[str, str], timex: str, mod: str) -> Reading | None:
    part = re.fullmatch(r"(.+)T(MO|AF|EV|NI|DT|BH)", timex)
    if part:
        return Reading(_part_clock(part.group(2), mod).on(_date(value["start"])))
    if mod in _ANCHOR_MODS:
        return Reading(minute_window(datetime.fromisoformat(value.get("start") or value["end"])))
    start, end = datetime.fromisoformat(value["start"]), datetime.fromisoformat(value["end"])
    if end <= start:
        end += timedelta(days=1)
    if not _CONNECTOR_RE.search(entity.text):
        return Reading(span_window(start, end, "period", closed=True))
    return Reading(minute_window(start), minute_window(end))
