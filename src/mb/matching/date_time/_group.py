"""Assemble a group of parameters (components, ``date`` + ``time``, ``start_*``/``end_*``) into moments.

Rules:

* Each parameter is classified by name (``_names``); its value is read into calendar fields (``_fields``).
  For each end of the range, fields combine in the order: full moments, then ``date``/``time`` values,
  then single components; parameters giving the same field must agree (``_merge``), and a weekday must fall on
  the date given (or, when the date is left out, on the date taken from the reading).
* A separate ``am``/``pm`` parameter applies to the hour; a missing minute or second is 0.
* A date field no listed parameter can hold is taken from the reading when what the group gives still pins the
  phrase's window: the year (``day``/``month`` without ``year``) unless the phrase names one ("2014", "next year")
  or the reading lies a year or more from the user's day ("in 12 months"), the day of a month-long phrase, the
  month of a year-long one; a weekday stands for the month and the day of a window shorter than a week, unless the
  readings fall on every day of the week between them ("next week at 2pm"). A field the phrase names or its window
  needs and no parameter gives fails when judged (a ``day`` alone for "march 3", a ``weekday`` alone for "next
  week"); a date field a listed parameter should hold but that is missing fails. Values that give a time of day and
  no date at all (``hour``/``minute`` only, ``start_time`` of ``"09:00"``) are a time alone: only a phrase that names
  no date accepts them, as it accepts a time string alone. An object argument (written by the agent), and an object
  value of a parameter, is read as a group of its keys, under the same rules.
* Without an hour the value is a date, matched at the day level as a date string is: it cannot match a phrase
  naming a time of day, whether or not a time parameter was listed.
* The end takes missing date fields from the start (``start_date`` + ``start_time`` + ``end_time``),
  moving to the next day if it would end before it starts; a ``duration`` gives the end from the start.
* A zone parameter (``timezone``, ``tz``...) applies to naive values of its end (or of both).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from ._calendar import to_24h
from ._durations import read_duration
from ._fields import WEEKDAY_NAMES, Fields, fields_of, merge_fields, read_slot, read_zone
from ._names import Slot, classify, unknown_keys, unknown_keys_reason
from ._value import Actual, show_moment
from ._zones import ZoneSpec

__all__ = ["assemble"]

_DATE_FIELDS = ("year", "month", "day")
#: The kinds of parameter that give each field: a full moment, a date (a time for the hour), or the field alone.
_PROVIDERS = {name: {"full", "time" if name == "hour" else "date", name} for name in (*_DATE_FIELDS, "hour")}
_ORDER = {"full": 0, "date": 1, "time": 1}
_MAX_COMBINATIONS = 32


@dataclass(frozen=True, slots=True)
class Assembled:
    """The moments a group says for each end of a range."""

    starts: tuple[Actual, ...]
    """Candidates for the start (or the point); empty when no start parameter is present."""

    ends: tuple[Actual, ...] | None
    """Candidates for the end; ``None`` when the group has no end parameter (nor a duration)."""

    end_missing: tuple[str, ...]
    """End parameters listed but absent (a range phrase then fails)."""

    start_missing: tuple[str, ...]
    """Start parameters listed but absent."""

    got: str
    """What the group says, for reasons."""


def _role_candidates(slots: list[Slot], values: Mapping[str, object], user_time: datetime | None) -> list[Fields] | str:
    """Every combination of the role's parameter readings, merged in priority order."""
    present = [s for s in slots if _given(values.get(s.name))]
    present.sort(key=lambda s: _ORDER.get(s.kind, 2))
    options: list[tuple[Fields, ...]] = []
    for slot in present:
        raw = values[slot.name]
        if isinstance(raw, Mapping):
            # A nested object such as {"dateTime": ..., "timeZone": ...}: assembled on its own.
            unknown = unknown_keys([str(key) for key in raw])
            if unknown:
                return f"{slot.name}: {unknown_keys_reason(unknown)}"
            inner = assemble(list(raw), raw, user_time)
            if isinstance(inner, str):
                return f"{slot.name}: {inner}"
            read: tuple[Fields, ...] | str = tuple(fields_of(a) for a in inner.starts)
        else:
            read = read_slot(slot, raw, user_time)
        if isinstance(read, str):
            return read
        options.append(read)
    names = [slot.name for slot in present]
    kinds = [slot.kind for slot in present]
    merged: list[Fields] = []
    conflict = ""
    for combo in itertools.islice(itertools.product(*options), _MAX_COMBINATIONS):
        found = merge_fields(combo, names, kinds)
        if isinstance(found, str):
            conflict = conflict or found
        else:
            merged.append(found)
    return merged or conflict


def _build(
    given: Fields, slots: list[Slot], present: set[str], zone: ZoneSpec | None, base: Fields | None
) -> Actual | str:
    """One candidate moment from merged fields; a string explains a missing field."""
    listed = {s.kind for s in slots}
    absent_kinds = {s.kind for s in slots if s.name not in present}
    values: dict[str, int] = {}
    free: set[str] = set()
    for name in _DATE_FIELDS:
        value = getattr(given, name)
        if value is None and base is not None:
            value = getattr(base, name)
        if value is not None:
            values[name] = value
        elif listed & _PROVIDERS[name] and absent_kinds & _PROVIDERS[name]:
            missing = [s.name for s in slots if s.name not in present and s.kind in _PROVIDERS[name]]
            return f"{name} is missing ({', '.join(missing)} absent)"
        else:
            free.add(name)
            values[name] = 2000 if name == "year" else 1
    hour = given.hour
    if hour is not None and given.ampm is not None:
        hour = to_24h(hour, given.ampm)
        if hour is None:
            return f"hour {given.hour} cannot take {given.ampm}"
    try:
        moment = datetime(values["year"], values["month"], values["day"], hour or 0, given.minute or 0,
                          given.second or 0)  # fmt: skip
    except ValueError as exc:
        return f"the parameters do not form a valid date ({exc})"
    offset = given.offset if given.offset is not None else base.offset if base is not None else None
    zone = given.zone or zone or (base.zone if base is not None else None)
    weekday = given.weekday if given.weekday is not None or base is None else base.weekday
    if weekday is not None and not free and moment.weekday() != weekday:
        falls = WEEKDAY_NAMES[moment.weekday()]
        return f"the weekday {WEEKDAY_NAMES[weekday]} does not fall on {moment:%Y-%m-%d} (a {falls})"
    if hour is not None:
        # No value gives a date at all (and no weekday): a time alone, which only a phrase naming no date accepts.
        dateless = weekday is None and len(free) == len(_DATE_FIELDS)
        return Actual(moment, offset=offset, zone=zone, free=frozenset(free), weekday=weekday, dateless=dateless)
    # A date without a time: checked at the day level, as a date string is (it cannot match a time of day).
    return Actual(moment, moment + timedelta(days=1), "covers", offset, zone, frozenset(free), weekday)


def _show(actual: Actual) -> str:
    text = f"{actual.lo:%Y-%m-%d}" if actual.hi is not None else show_moment(actual.lo, actual.offset)
    if actual.free:
        if actual.free >= set(_DATE_FIELDS):
            text = text.split("T")[-1] if actual.hi is None else "(no date)"
        else:
            if actual.hi is not None and "day" in actual.free:  # a month (or a year) given without its day
                text = text[:4] if "month" in actual.free else text[:7]
            if "year" in actual.free:
                text = "XXXX" + text[4:]
        if actual.weekday is not None:
            text = f"{WEEKDAY_NAMES[actual.weekday]} {text}"
    if actual.zone is not None:
        text += f" ({actual.zone.label})"
    return text


def _given(value: object) -> bool:
    """Absent, null and blank values count as missing."""
    return value is not None and not (isinstance(value, str) and not value.strip())


@functools.lru_cache(maxsize=1024)
def _layout(params: tuple[str, ...]) -> tuple[tuple[Slot, ...], dict[str, list[Slot]]]:
    """The slots of a group's parameters, and those of each end of the range (zones and durations apart)."""
    slots = tuple(classify(name) for name in params)
    roles = {
        role: [s for s in slots if s.role == role and s.kind not in {"zone", "duration"}] for role in ("start", "end")
    }
    return slots, roles


def assemble(
    params: Sequence[str], values: Mapping[str, object], user_time: datetime | None, *, with_end: bool = True
) -> Assembled | str:
    """Assemble the listed parameters; a string says why the group cannot be read.

    ``with_end=False`` (a point phrase) leaves the end parameters unread unless no start is given.
    """
    layout, roles = _layout(tuple(params))
    slots = list(layout)
    present = {s.name for s in slots if _given(values.get(s.name))}
    if not present:
        return f"none of the parameters {', '.join(params)} is present"
    zones: dict[str, ZoneSpec] = {}
    duration: timedelta | None = None
    for slot in slots:
        if slot.name not in present or slot.kind not in {"zone", "duration"}:
            continue
        if slot.kind == "zone":
            zone = read_zone(slot, values[slot.name])
            if isinstance(zone, str):
                return zone
            zones.setdefault(slot.role, zone)
        else:
            span = read_duration(slot, values[slot.name])
            if isinstance(span, str):
                return span
            duration = span
    built: dict[str, list[Actual]] = {"start": [], "end": []}
    used: dict[str, list[Fields]] = {}
    has_start = any(s.name in present for s in roles["start"])
    for role in ("start", "end"):
        role_slots = roles[role]
        if not any(s.name in present for s in role_slots) or (role == "end" and has_start and not with_end):
            continue
        candidates = _role_candidates(role_slots, values, user_time)
        if isinstance(candidates, str):
            return candidates
        role_zone = zones.get(role) or zones.get("start")
        bases: list[Fields | None] = list(used.get("start", [])) if role == "end" else [None]
        for merged, base in itertools.product(candidates, bases or [None]):
            actual = _build(merged, role_slots, present, role_zone, base)
            if isinstance(actual, str):
                return f"{role}: {actual}" if roles["end"] else actual
            if role == "end" and base is not None and built["start"]:
                actual = _after_start(actual, merged, built["start"][0])
            built[role].append(actual)
        used[role] = candidates
    end_read = bool(roles["end"]) and (with_end or not has_start)
    ends: tuple[Actual, ...] | None = tuple(dict.fromkeys(built["end"])) if end_read else None
    if duration is not None and not built["end"] and built["start"]:
        ends = tuple(replace(a, lo=a.lo + duration) for a in built["start"] if a.hi is None)
    starts = tuple(dict.fromkeys(built["start"]))
    return Assembled(
        _several(starts),
        _several(ends) if ends is not None else None,
        tuple(s.name for s in roles["end"] if s.name not in present),
        tuple(s.name for s in roles["start"] if s.name not in present),
        _got(starts, ends, slots, present, duration),
    )


def _several(actuals: tuple[Actual, ...]) -> tuple[Actual, ...]:
    """Values read several ways (``4/5``, ``at 10:30`` in words): each is one reading of an ambiguous value, and every
    one of them must match, as for an ambiguous argument."""
    return actuals if len(actuals) < 2 else tuple(replace(a, ambiguous=True, shown=_show(a)) for a in actuals)


def _after_start(end: Actual, given: Fields, start: Actual) -> Actual:
    """An end that borrowed the start's date but ends before it starts ends on the next day."""
    borrowed = given.day is None and given.weekday is None
    if borrowed and end.hi is None and start.hi is None and end.lo < start.lo:
        weekday = (end.weekday + 1) % 7 if end.weekday is not None else None
        return replace(end, lo=end.lo + timedelta(days=1), weekday=weekday)
    return end


def _got(
    starts: tuple[Actual, ...],
    ends: tuple[Actual, ...] | None,
    slots: list[Slot],
    present: set[str],
    duration: timedelta | None,
) -> str:
    def names(role: str) -> str:
        return ", ".join(s.name for s in slots if s.role == role and s.name in present and s.kind != "duration")

    start_text = " or ".join(_show(a) for a in starts)
    has_end_slots = any(s.role == "end" and s.kind not in {"zone", "duration"} for s in slots)
    if ends is None and not has_end_slots:
        text = f"{start_text} (from {names('start')})" if start_text else "no date or time"
        return text + (f", lasting {duration}" if duration is not None else "")
    if not starts and ends and not any(s.role == "start" and s.kind not in {"zone", "duration"} for s in slots):
        return f"{' or '.join(_show(a) for a in ends)} (from {names('end')})"
    start_part = f"start {start_text} (from {names('start')})" if start_text else "no start"
    if ends is None:
        return f"{start_part}, end not checked"
    end_text = " or ".join(_show(a) for a in ends)
    end_names = names("end") or ("duration" if duration is not None else "")
    return f"{start_part}, end {end_text} (from {end_names})" if end_text else f"{start_part}, no end"
