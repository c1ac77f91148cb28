"""Classify parameter names of a date/time group: which end of a range they belong to, and what they hold.

Names are split into words (``startDateTime``, ``start_date_time``, ``starttime``, ``dtstart`` all give
``start``, ``date``, ``time``...). A word like ``start``/``begin``/``from``/``since``/``check in`` marks the
start of a range, ``end``/``until``/``to``/``finish``/``through``/``check out`` its end; a name without one
is the point (the start). What the parameter holds comes from words such as ``datetime``/``timestamp``
(a full moment), ``date``, ``time``, ``year``, ``month``, ``day``, ``hour``, ``minute``, ``second``,
``ampm``, ``timezone``, ``duration``, ``weekday``. A name with no such word (``start``, ``when``,
``deadline``) holds a full moment.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

__all__ = [
    "Slot",
    "classify",
    "names_a_length",
    "names_an_end",
    "units_named",
    "unknown_keys",
    "unknown_keys_reason",
    "words",
]

_START = {"start", "starts", "starting", "begin", "begins", "beginning", "from", "since", "after", "checkin",
          "depart", "departure", "departs", "open", "opens", "opening", "earliest", "first"}  # fmt: skip
_END = {"end", "ends", "ending", "until", "till", "til", "to", "finish", "finishes", "stop", "stops", "close",
        "closes", "closing", "through", "thru", "before", "checkout", "return", "returns", "arrival", "arrive",
        "latest", "last", "max", "expiry", "expires", "expiration"}  # fmt: skip
#: The one list of words of a unit of the clock; a unit a parameter holds a number in (``duration_minutes``).
_UNIT_WORDS = {"minute": "minute", "minutes": "minute", "mins": "minute", "min": "minute", "hour": "hour",
               "hours": "hour", "hrs": "hour", "hr": "hour", "second": "second", "seconds": "second",
               "secs": "second", "sec": "second", "ms": "millisecond", "days": "day", "day": "day"}  # fmt: skip
#: Words naming one part of a date or clock, never a length: a name with one holds a part ("start_hour", "hh").
_CLOCK_PARTS = frozenset({"hour", "minute", "second", "day", "hh", "ss", "clock", "at"})
_KIND_WORDS = {
    **{word: unit for word, unit in _UNIT_WORDS.items() if unit != "millisecond"},
    "datetime": "full", "timestamp": "full", "ts": "full", "dt": "full", "iso": "full", "epoch": "full",
    "unix": "full", "instant": "full", "moment": "full", "when": "full",
    "timezone": "zone", "tz": "zone", "zone": "zone", "tzid": "zone", "offset": "zone",
    "duration": "duration", "length": "duration",
    "weekday": "weekday", "dow": "weekday", "wday": "weekday",
    "date": "date", "time": "time", "clock": "time", "hhmm": "time",
    "year": "year", "years": "year", "yr": "year", "yyyy": "year",
    "month": "month", "months": "month",
    "dd": "day", "dom": "day", "mday": "day", "hh": "hour", "ss": "second",
    "ampm": "ampm", "meridiem": "ampm", "meridian": "ampm",
}  # fmt: skip
_UNIT_LETTERS = {"s": "second", "h": "hour"}  # duration_s, duration_h (never "m": minutes or months?)
_VOCABULARY = sorted(
    {*_START, *_END, *_KIND_WORDS, *_UNIT_WORDS, "check", "in", "out", "of", "week", "am", "pm", "event", "due",
     "meeting", "scheduled", "schedule", "appointment", "local", "utc", "on", "at", "new", "reminder"},
    key=len,
    reverse=True,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Slot:
    """One parameter of a group, classified by its name."""

    name: str
    """The parameter name as listed."""

    role: str
    """``start`` (also a point) or ``end``."""

    kind: str
    """What it holds: ``full``, ``date``, ``time``, ``year``, ``month``, ``day``, ``hour``, ``minute``,
    ``second``, ``ampm``, ``zone``, ``duration``, ``weekday``."""

    unit: str | None = None
    """Unit of a numeric ``duration`` as the name says it (``duration_minutes``); ``None`` when it says none."""


def _segment(word: str) -> list[str]:
    """Split a run-together lower-case word into vocabulary words (``starttime`` -> ``start``, ``time``)."""
    if word in _VOCABULARY or len(word) > 40:
        return [word]
    best: list[list[str] | None] = [None] * (len(word) + 1)
    best[0] = []
    for end in range(1, len(word) + 1):
        for candidate in _VOCABULARY:
            start = end - len(candidate)
            if start >= 0 and best[start] is not None and word[start:end] == candidate:
                prefix = best[start]
                assert prefix is not None
                if best[end] is None or len(prefix) + 1 < len(best[end] or []):
                    best[end] = [*prefix, candidate]
    return best[len(word)] or [word]


@functools.lru_cache(maxsize=4096)
def words(name: str) -> tuple[str, ...]:
    """The words of a parameter name."""
    return tuple(w for part in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", name) for w in _segment(part.lower()))


@functools.lru_cache(maxsize=4096)
def classify(name: str) -> Slot:
    """Role and content of a parameter, from its name."""
    ws = words(name)
    starts = [i for i, w in enumerate(ws) if w in _START or (w == "check" and ws[i + 1 : i + 2] == ("in",))]
    ends = [i for i, w in enumerate(ws) if w in _END or (w == "check" and ws[i + 1 : i + 2] == ("out",))]
    role = "end" if ends and (not starts or ends[0] < starts[0]) else "start"
    kinds = [_KIND_WORDS[w] for w in ws if w in _KIND_WORDS]
    unit = next((_UNIT_WORDS.get(w) or _UNIT_LETTERS[w] for w in ws if w in _UNIT_WORDS or w in _UNIT_LETTERS), None)
    if "duration" in kinds:
        return Slot(name, role, "duration", unit)
    if ("day" in kinds and "of" in ws and "week" in ws) or "weekday" in kinds:
        return Slot(name, role, "weekday")
    if "full" in kinds or ("date" in kinds and "time" in kinds):
        return Slot(name, role, "full")
    if "zone" in kinds:
        return Slot(name, role, "zone")
    for kind in ("date", "time", "year", "month", "day", "hour", "minute", "second", "ampm"):
        if kind in kinds:
            return Slot(name, role, kind)
    return Slot(name, role, "ampm" if ws in {("am", "pm"), ("am",), ("pm",)} else "full")


_KEY_WORDS = frozenset({*_START, *_END, *_KIND_WORDS, "check", "am", "pm"})


def unknown_keys(keys: list[str]) -> list[str]:
    """The keys of an object argument that name no part of a date or time: none of their words is a component
    (``day``, ``date``, ``time``, ``timezone``...) nor an end of a range (``start``, ``end``, ``check in``...)."""
    return [key for key in keys if not _KEY_WORDS.intersection(words(key))]


def unknown_keys_reason(unknown: list[str]) -> str:
    """Why an object with these keys is not read as a date (at most five keys shown, long ones cut)."""
    shown = ", ".join(repr(key if len(key) <= 40 else key[:40] + "...") for key in unknown[:5])
    return f"keys not understood as parts of a date or time: {shown}" + (" ..." if len(unknown) > 5 else "")


def names_an_end(name: str) -> bool:
    """Whether a parameter name marks the start or the end of a range (``start_time``, ``check_in``, ``until``)
    rather than a point (``when``, ``date``, ``hour``)."""
    ws = words(name)
    return bool(_START.intersection(ws) or _END.intersection(ws)) or "check" in ws


def units_named(name: str) -> set[str]:
    """The units of the clock the words of a name say ("hours_in_minutes": hour and minute)."""
    return {_UNIT_WORDS[word] for word in words(name) if word in _UNIT_WORDS}


def names_a_length(name: str) -> bool:
    """Whether a name in units of the clock holds a length rather than a part of a clock: one of its words is a unit
    in the plural or abbreviated ("hours", "hours_total", "hr", "wait_min"), none names a part of a clock ("hour",
    "hh", "minute", "at") nor an end of a range ("start_hrs", "close_hr": a moment)."""
    ws = set(words(name))
    return bool(ws & _UNIT_WORDS.keys()) and not ws & _CLOCK_PARTS and not names_an_end(name)
