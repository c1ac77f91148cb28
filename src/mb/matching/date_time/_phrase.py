"""Resolve a natural-language date/time phrase into every reasonable reading.

Order of attempts for a (normalized) phrase: an ISO 8601 string or a Unix timestamp; the rules of ``_rules``
(arithmetic and phrases the libraries miss); Recognizers-Text (with the adjustments of ``_interpret``; any
part of the phrase it leaves over is resolved on its own and combined, e.g. a date with a time range); the
same prefixed with ``on`` (``the 15th``); ``dateparser``. A numeric date whose day and month could swap
(``3/5``) yields both the US and the European reading.

Without ``user_time`` the phrase is resolved against two distant reference times: equal readings mean the
phrase is absolute; different ones mean it is relative and cannot be resolved.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta

from ._calendar import WEEKDAYS, place_clocks
from ._interpret import interpret
from ._model import ClockReading, Reading, Resolution, Window, day_window, minute_window
from ._recognizers import dateparser_parse, recognize
from ._rules import RULES, Rule, Sub
from ._zones import ZoneSpec, fixed_zone, pop_zone, user_zone

__all__ = ["iso_reading", "normalize", "resolve", "resolve_naive"]

_WEEKDAY_WORDS = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_PROBES = (datetime(2001, 3, 14, 10, 20, 30), datetime(2013, 8, 23, 16, 40, 50))
_STOPWORDS = {
    "at", "on", "the", "of", "in", "from", "to", "and", "by", "for", "a", "an", "around", "about", "approximately",
    "approx", "starting", "start", "beginning", "ending", "due", "until", "till", "is", "please", "o'clock", "oclock",
    "sharp", "exactly", "time", "date", "day",
}  # fmt: skip
_ISO_DATE_RE = re.compile(r"^\d{4}-?\d\d-?\d\d$")
_ISO_RE = re.compile(r"^\d{4}-?\d\d-?\d\d[t ]\d\d(?::?\d\d(?::?\d\d(?:[.,]\d+)?)?)?(?:z|[+-]\d\d(?::?\d\d)?)?$")
_YEAR_RE = re.compile(r"(?:\bof\s+|,\s*)?\b((?:19|20)\d\d)\b")
_QUALIFIER_RE = re.compile(r"\b(?:early|late|later|mid|middle of the|the middle of|sometime|some time|ish)\b")
_ABBREVIATIONS = {"tmrw": "tomorrow", "tmw": "tomorrow", "tomm": "tomorrow", "tmrow": "tomorrow", "2moro": "tomorrow",
                  "tonite": "tonight", "nxt": "next", "wk": "week", "tdy": "today", "@": " at "}  # fmt: skip
_ABBREVIATIONS_RE = re.compile(r"(?<![\w@])(?:tmrw|tmw|tomm|tmrow|2moro|tonite|nxt|wk|tdy)\b|@")
_APPROXIMATELY_RE = re.compile(r"\b(?:around|about|approximately|approx|circa|roughly|~)\s*(?=\d)")
_RECURRENCE_RE = re.compile(r"\b(?:every|each|daily|weekly|monthly|yearly|annually)\b")
_PLURAL_WEEKDAY_RE = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s\b")
_TIMESTAMP_RE = re.compile(r"^\d{9,13}(?:\.\d+)?$")
_SWAP_RE = re.compile(r"(?<![\d/.\-])(\d{1,2})([/.])(\d{1,2})(?:\2(\d{2}|\d{4}))?(?![\d/]|\.\d)")


def normalize(phrase: str) -> str:
    """Lower-case, unify dashes, ``a.m.``/``p.m.`` and spacing, drop trailing punctuation."""
    text = phrase.strip().lower()
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text)
    text = re.sub(r"\b([ap])\.\s?m\.?(?=\s|$|[,;)])", r"\1m", text)
    text = text.replace("\u2019", "'")
    text = _ABBREVIATIONS_RE.sub(lambda m: _ABBREVIATIONS[m.group(0)], text)
    text = re.sub(r"\s+", " ", text)
    return text.strip(" .!?;")


def iso_reading(text: str) -> tuple[Reading, timedelta | None] | None:
    """An ISO 8601 date or date-time at the granularity written, with its offset if any."""
    if _ISO_DATE_RE.match(text):
        try:
            return Reading(day_window(date.fromisoformat(text))), None
        except ValueError:
            return None
    if not _ISO_RE.match(text):
        return None
    try:
        moment = datetime.fromisoformat(text.upper())
    except ValueError:
        return None
    offset = moment.utcoffset()
    wall = moment.replace(tzinfo=None)
    if wall.second or wall.microsecond:
        lo = wall.replace(microsecond=0)
        return Reading(Window(lo, lo + timedelta(seconds=1), "second")), offset
    return Reading(minute_window(wall)), offset


def _meaningful(text: str) -> bool:
    words = re.findall(r"[a-z0-9']+", text)
    return any(w not in _STOPWORDS for w in words)


def _leftover(text: str, covered: list[tuple[int, int]]) -> str:
    pieces, last = [], 0
    for start, end in sorted(covered):
        pieces.append(text[last:start])
        last = max(last, end)
    pieces.append(text[last:])
    return " ".join(" ".join(pieces).replace(",", " ").split())


def _combine(dated: list[Reading], clocks: list[ClockReading], reference: datetime) -> list[Reading]:
    days = [r for r in dated if r.end is None and r.start.grain == "day"]
    if not clocks:
        return dated
    if days:
        others = [r for r in dated if r not in days]
        return others + [c.on(d.start.lo.date()) for d in days for c in clocks]
    return dated or place_clocks(clocks, reference)


@functools.lru_cache(maxsize=16384)
def resolve_naive(text: str, reference: datetime, literal: bool = False, depth: int = 0) -> tuple[Reading, ...]:
    """Readings of a normalized phrase against a naive reference, with naive windows (no zones)."""
    if depth > 4 or not _meaningful(text):
        return ()

    def sub(part: str) -> tuple[Reading, ...]:
        return resolve_naive(" ".join(part.split()), reference, literal, depth + 1)

    attempts: list[Callable[[], tuple[Reading, ...]]] = [lambda: _iso_only(text)]
    attempts += [functools.partial(_rule, rule, text, reference, sub) for rule in RULES]
    attempts += [
        lambda: _recognized(text, reference, literal, depth),
        lambda: _recognized(f"on {text}", reference, literal, depth) if text.startswith("the ") else (),
        lambda: _retried(text, reference, literal, depth),
        lambda: _dateparsed(text, reference),
    ]
    readings: tuple[Reading, ...] = ()
    for attempt in attempts:
        readings = _guarded(attempt)
        if readings:
            break
    if readings and not literal:
        swapped = _guarded(lambda: _swapped(text, reference, depth))
        if swapped:
            readings = _named_weekday(text, readings + swapped)
    return _unique(readings)


def _guarded(attempt: Callable[[], tuple[Reading, ...]]) -> tuple[Reading, ...]:
    """Run one attempt; dates pushed past year 1 or 9999 by the arithmetic yield no reading."""
    try:
        return attempt()
    except (OverflowError, ValueError):
        return ()


def _iso_only(text: str) -> tuple[Reading, ...]:
    iso = iso_reading(text)
    return (iso[0],) if iso is not None else ()


def _rule(rule: Rule, text: str, reference: datetime, sub: Sub) -> tuple[Reading, ...]:
    return _unique(rule(text, reference, sub) or ())


def _named_weekday(text: str, readings: tuple[Reading, ...]) -> tuple[Reading, ...]:
    """Of the US and European readings of ``Fri 2/9``, keep those falling on the weekday named, if any."""
    names = {WEEKDAYS[w] for w in re.findall(rf"\b(?:{_WEEKDAY_WORDS})\b", text)}
    if len(names) != 1:
        return readings
    kept = tuple(r for r in readings if r.start.lo.weekday() in names)
    return kept or readings


def _retried(text: str, reference: datetime, literal: bool, depth: int) -> tuple[Reading, ...]:
    """Second chances: a year the libraries do not attach (``Christmas 2024``), ``early``/``late`` qualifiers."""
    year = _YEAR_RE.search(text)
    if year:
        rest = " ".join(f"{text[: year.start()]} {text[year.end() :]}".split())
        pinned = datetime(int(year.group(1)), 1, 1)
        found = resolve_naive(rest, pinned, literal, depth + 1)
        return tuple(r for r in found if r.start.lo.year == pinned.year)
    loose = _APPROXIMATELY_RE.sub("at ", _QUALIFIER_RE.sub(" ", text))
    loose = _PLURAL_WEEKDAY_RE.sub(lambda m: m.group(1), _RECURRENCE_RE.sub(" ", loose))
    if loose != text:
        return resolve_naive(" ".join(loose.split()), reference, literal, depth + 1)
    return ()


def _recognized(text: str, reference: datetime, literal: bool, depth: int) -> tuple[Reading, ...]:
    found = interpret(recognize(text, reference), text, reference, literal=literal)
    if found.covered:
        rest = _leftover(text, found.covered)
        if _meaningful(rest) and rest != text:
            found.dated.extend(resolve_naive(rest, reference, literal, depth + 1))
    return tuple(_combine(found.dated, found.clocks, reference))


def _dateparsed(text: str, reference: datetime) -> tuple[Reading, ...]:
    if not re.search(r"[a-z]{3}", text) and not re.search(r"\d\s*[/.:-]\s*\d", text):
        return ()  # bare numbers ("5") are not dates
    parsed = dateparser_parse(text, reference)
    if parsed is None:
        return ()
    moment, period = parsed
    if moment.tzinfo is not None:
        moment = moment.replace(tzinfo=None)
    if period == "time":
        return (Reading(minute_window(moment)),)
    lo = datetime.combine(moment.date(), datetime.min.time())
    if period == "month":
        lo = lo.replace(day=1)
        hi = (lo + timedelta(days=32)).replace(day=1)
        return (Reading(Window(lo, hi, "month")),)
    if period == "year":
        lo = lo.replace(month=1, day=1)
        return (Reading(Window(lo, lo.replace(year=lo.year + 1), "year")),)
    return (Reading(day_window(moment.date())),)


def _swapped(text: str, reference: datetime, depth: int) -> tuple[Reading, ...]:
    """The other reading of ``3/5`` (5 March vs 3 May)."""
    match = _SWAP_RE.search(text)
    if not match or (match.group(2) == "." and not match.group(4)):
        return ()
    first, second = int(match.group(1)), int(match.group(3))
    if first == second or first > 12 or second > 12 or first == 0 or second == 0:
        return ()
    sep, year = match.group(2), match.group(4)
    swapped = f"{second}{sep}{first}" + (f"{sep}{year}" if year else "")
    other = f"{text[: match.start()]}{swapped}{text[match.end() :]}"
    return _recognized(other, reference, False, depth + 1) or _dateparsed(other, reference)


def _unique(readings: tuple[Reading, ...]) -> tuple[Reading, ...]:
    return tuple(dict.fromkeys(readings))


def _zoned(readings: tuple[Reading, ...], zone: ZoneSpec | None) -> tuple[Reading, ...]:
    if zone is None:
        return readings
    return tuple(
        Reading(replace(r.start, zone=zone), replace(r.end, zone=zone) if r.end is not None else None) for r in readings
    )


def resolve(phrase: str, user_time: datetime | None, *, literal: bool = False) -> Resolution:
    """Every reasonable reading of ``phrase`` said at ``user_time`` (cached per phrase and user time).

    ``literal`` reads the phrase the way a tool would read an argument: one reading per date (no added
    ``next``/``this``/``last`` readings, no swapped day and month), and a clock time as written (24-hour).
    """
    if user_time is None:
        return _resolve(phrase, None, None, None, literal)
    offset = user_time.utcoffset()
    zone_key = getattr(user_time.tzinfo, "key", None)
    return _resolve(phrase, user_time.replace(tzinfo=None), offset, zone_key, literal, user_time)


@functools.lru_cache(maxsize=16384)
def _resolve(
    phrase: str,
    wall: datetime | None,
    offset: timedelta | None,
    zone_key: str | None,
    literal: bool,
    user_time: datetime | None = None,
) -> Resolution:
    try:
        return _resolve_unguarded(phrase, wall, literal, user_time)
    except (OverflowError, ValueError) as exc:
        return Resolution(phrase, (), None, f"could not resolve {phrase!r}: {exc}", False)


def _resolve_unguarded(phrase: str, wall: datetime | None, literal: bool, user_time: datetime | None) -> Resolution:
    text = normalize(phrase)
    home = user_zone(user_time) if user_time is not None else None
    iso = iso_reading(text)
    zone: ZoneSpec | None = None
    if iso is not None and iso[1] is not None:
        return Resolution(phrase, _zoned((iso[0],), fixed_zone(iso[1])), home)
    if _TIMESTAMP_RE.match(text):
        stamp = float(text) / (1000 if float(text) > 1e11 else 1)
        moment = datetime.fromtimestamp(stamp, UTC).replace(tzinfo=None)
        return Resolution(phrase, _zoned((Reading(minute_window(moment)),), fixed_zone(timedelta(0))), home)
    if iso is None:
        text, zone = pop_zone(text)
    if wall is None:
        first, second = (resolve_naive(text, probe, literal) for probe in _PROBES)
        if not first and not second:
            return Resolution(phrase, (), None, f"could not understand {phrase!r} as a date or time", False)
        if first != second:
            return Resolution(
                phrase,
                (),
                None,
                f"{phrase!r} is relative to when it was said and outputs.environment.user_time is missing",
            )
        return Resolution(phrase, _zoned(first, zone), None)
    readings = _same_all_day(text, wall.date(), literal)
    if readings is None:
        readings = resolve_naive(text, wall, literal)
    if not readings:
        return Resolution(phrase, (), home, f"could not understand {phrase!r} as a date or time", False)
    return Resolution(phrase, _zoned(readings, zone or home), home)


_DAY_PROBES = (time(0, 0), time(12, 0), time(23, 59))


@functools.lru_cache(maxsize=16384)
def _same_all_day(text: str, day: date, literal: bool) -> tuple[Reading, ...] | None:
    """The readings of ``text`` said at any time of ``day``, when they do not depend on the time of day.

    Most phrases ("next Friday at 2pm", "tomorrow", "June 3rd") mean the same all day: resolved at the start,
    middle and end of the day they agree, and one resolution then serves every request of that day (real runs
    give each example its own request time). Phrases that move with the clock ("in 2 hours", a bare "9am" that
    rolls over to tomorrow once past) disagree across the probes and are resolved against the exact time.
    """
    first, *others = (resolve_naive(text, datetime.combine(day, moment), literal) for moment in _DAY_PROBES)
    return first if all(other == first for other in others) else None
