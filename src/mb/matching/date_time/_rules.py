"""Phrases the libraries get wrong or miss, handled before them.

Each rule returns ``None`` when it does not apply, else the readings. Rules resolve the remaining parts of the
phrase (a date, an anchor) through ``sub``, the full resolver, and only do the arithmetic themselves:

* durations: ``tomorrow at 3pm for an hour`` is a range ending at 16:00;
* offsets: ``in 2 hours``, ``in 3 days at 5pm``, ``two weeks from tomorrow``, ``3 days ago``, ``within 2 weeks``;
* ``<weekday> after next``, ``the week after next``;
* ``the first/last <weekday> of <month | the month | next month>``; Easter, Good Friday, Easter Monday;
* ``midnight`` (the one ending the day named, or, for ``Friday at midnight``, also the one starting it;
  23:59 is accepted for the former), ``end of day``/``EOD``/``COB`` (17:00-24:00), ``lunch`` (11:30-14:00),
  ``first thing`` (06:00-10:00), ``dinner`` (17:30-21:00);
* time ranges ``from 3 to 4:30pm``, ``between 9 and 10am``, ``3-4pm``: the missing am/pm is taken from the
  other end; with none at all both the morning and the evening pair are readings.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timedelta

from dateutil.easter import easter as easter_sunday
from dateutil.relativedelta import relativedelta

from ._calendar import MONTHS, WEEKDAYS, add_units, nth_weekday, place_clocks, to_24h
from ._model import (
    Clock,
    ClockReading,
    Reading,
    Window,
    end_day_window,
    instant_window,
    minute_window,
    span_window,
)

__all__ = ["RULES", "Rule", "Sub"]

Sub = Callable[[str], tuple[Reading, ...]]
Rule = Callable[[str, datetime, Sub], tuple[Reading, ...] | None]

_WEEKDAY = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
    "forty-five": 45, "forty five": 45, "fifty": 50, "sixty": 60, "ninety": 90, "a couple of": 2, "a couple": 2,
    "couple of": 2, "half a": 0.5, "half an": 0.5,
}  # fmt: skip
_NUM = "|".join(sorted((re.escape(k) for k in _NUMBERS), key=len, reverse=True))
_UNITS = {
    "second": "second", "sec": "second", "min": "minute", "minute": "minute", "hour": "hour", "hr": "hour",
    "h": "hour", "day": "day", "week": "week", "wk": "week", "fortnight": "fortnight", "month": "month",
    "year": "year", "yr": "year", "business day": "business day", "working day": "business day",
    "weekday": "business day",
}  # fmt: skip
_UNIT = "|".join(sorted((re.escape(k) for k in _UNITS), key=len, reverse=True))
_QTY = (
    rf"(?P<num>\d+(?:\.\d+)?|{_NUM})(?P<half1>\s+and\s+a\s+half)?(?:(?<=\d)\s*|\s+)(?P<unit>{_UNIT})s?\b"
    r"(?P<half2>\s+and\s+a\s+half)?"
)
_IN_RE = re.compile(rf"\b(?P<kind>in|within|after)\s+(?:the\s+next\s+)?{_QTY}(?!\s+(?:from|after|before|ago)\b)")
_NEXT_BUSINESS_RE = re.compile(r"\b(?:the\s+)?(?:next|following)\s+(?:business|working|week)\s*day\b")
_LATER_RE = re.compile(rf"\b{_QTY}\s+(?P<kind>from\s+now|from\s+today|later|hence|ago)\b")
_FOR_RE = re.compile(rf"\bfor\s+(?:about\s+|around\s+)?{_QTY}(?!\s+(?:from|after|before|ago|later)\b)")
_ANCHORED_RE = re.compile(rf"\b{_QTY}\s+(?P<dir>from|after|before)\s+(?P<anchor>.+)$")
_AFTER_NEXT_RE = re.compile(rf"\b(?:the\s+)?(?P<what>{_WEEKDAY}|week|weekend|month|year)\s+after\s+next\b")
_NTH_RE = re.compile(
    rf"\b(?:the\s+)?(?P<ord>first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|final)\s+(?P<wd>{_WEEKDAY})"
    rf"\s+(?:of|in)\s+(?:(?P<rel>the|this|next|last|previous)\s+month|(?:(?P<mrel>this|next)\s+)?(?P<month>{_MONTH})"
    rf"(?:\s+(?P<year>\d{{4}}))?)\b"
)
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
             "5th": 5, "last": -1, "final": -1}  # fmt: skip
_MONTH_REL_RE = re.compile(
    r"\b(?:(?:the\s+)?(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?P<rel>next|this|last|previous|following)"
    r"\s+month(?:\s+on\s+the\s+(?P<day2>\d{1,2})(?:st|nd|rd|th)?)?\b"
)
_EASTER_RE = re.compile(r"\b(?P<which>good\s+friday|easter\s+monday|easter(?:\s+sunday)?)\b")
_MIDNIGHT_RE = re.compile(r"\b(?:at\s+)?(?:12\s*)?midnight\b")
_WINDOWS: tuple[tuple[re.Pattern[str], int, int, str], ...] = (
    (re.compile(r"\b(?:by\s+)?(?:the\s+)?(?:end\s+of\s+(?:the\s+)?(?:business\s+|work(?:ing)?\s+)?day|eod|cob|"
                r"close\s+of\s+(?:business|play)|end\s+of\s+business)\b"), 17 * 3600, 24 * 3600, "end of day"),
    (re.compile(r"\b(?:at\s+|around\s+|over\s+|during\s+)?lunch\s*(?:time)?\b"), 41400, 14 * 3600, "lunch"),
    (re.compile(r"\bfirst\s+thing(?:\s+in\s+the\s+morning)?\b"), 6 * 3600, 10 * 3600, "first thing"),
    (re.compile(r"\b(?:at\s+|around\s+)?dinner\s*(?:time)?\b"), 63000, 21 * 3600, "dinner"),
)  # fmt: skip
_AP = r"a\.m\.|p\.m\.|am|pm"
_T1 = rf"(?:(?P<h1>\d{{1,2}})(?::(?P<m1>\d\d))?\s*(?P<ap1>{_AP})?|(?P<w1>noon|midnight|midday))"
_T2 = rf"(?:(?P<h2>\d{{1,2}})(?::(?P<m2>\d\d))?\s*(?P<ap2>{_AP})?|(?P<w2>noon|midnight|midday))"
_RANGE_RE = re.compile(
    rf"(?:\b(?P<intro>from|between)\s+)?(?<![\d/.:\-]){_T1}\s*(?:-|to|until|till|til|through|thru|and)\s*{_T2}"
    rf"(?![/.:\d])(?!\s*(?:st|nd|rd|th)\b)(?!\s*(?:{_MONTH})\b)(?!\s*(?:{_UNIT})s?\b)"
)
_MEANINGFUL_RE = re.compile(r"[a-z0-9]")


def _amount(match: re.Match[str]) -> tuple[float, str]:
    raw = match.group("num")
    number = float(raw) if raw[0].isdigit() else float(_NUMBERS[raw])
    if match.group("half1") or match.group("half2"):
        number += 0.5
    unit = _UNITS[match.group("unit")]
    if unit == "fortnight":
        return number * 2, "week"
    return number, unit


def _rest(text: str, match: re.Match[str]) -> str:
    rest = f"{text[: match.start()]} {text[match.end() :]}"
    return " ".join(rest.replace(",", " ").split())


def _dates(readings: tuple[Reading, ...]) -> list[date]:
    return list(dict.fromkeys(r.start.lo.date() for r in readings if r.end is None and r.start.grain == "day"))


def _on_dates(rest: str, iso_dates: list[date], sub: Sub) -> tuple[Reading, ...]:
    """Readings of ``rest`` (a time, a part of day... or nothing) on each of the given dates."""
    found: list[Reading] = []
    for d in iso_dates:
        if _MEANINGFUL_RE.search(rest):
            found.extend(sub(f"{d.isoformat()} {rest}"))
        else:
            found.extend(sub(d.isoformat()))
    return tuple(found)


def from_now(text: str, ref: datetime, sub: Sub) -> tuple[Reading, ...] | None:
    """``in 2 hours``, ``in 3 days at 5pm``, ``a week from today``, ``3 days ago``, ``within 2 weeks``."""
    business = _NEXT_BUSINESS_RE.search(text)
    if business:
        day = add_units(ref, 1, "business day").date()
        return _on_dates(_rest(text, business), [day], sub) or None
    match = _IN_RE.search(text) or _LATER_RE.search(text)
    if not match:
        return None
    amount, unit = _amount(match)
    kind = match.group("kind").split()[0]
    if kind == "ago":
        amount = -amount
    target = add_units(ref, amount, unit)
    if kind == "within":
        if unit in {"second", "minute", "hour"}:
            return (Reading(span_window(ref, target, "within", closed=True)),)
        lo = datetime.combine(ref.date(), datetime.min.time())
        hi = datetime.combine(target.date() + timedelta(days=1), datetime.min.time())
        return (Reading(span_window(lo, hi, "within")),)
    if unit in {"second", "minute", "hour"}:
        return (Reading(instant_window(target)),)
    return _on_dates(_rest(text, match), [target.date()], sub) or None


def for_duration(text: str, ref: datetime, sub: Sub) -> tuple[Reading, ...] | None:
    """``tomorrow at 3pm for an hour``, ``Monday for 3 days``: a range ending after the duration."""
    match = _FOR_RE.search(text)
    if not match:
        return None
    amount, unit = _amount(match)
    found: list[Reading] = []
    for reading in sub(_rest(text, match)):
        start = reading.start
        if reading.end is None and start.grain in {"minute", "second", "instant"}:
            found.append(Reading(start, minute_window(add_units(start.lo, amount, unit))))
        elif reading.end is None and start.grain == "day" and unit in {"day", "week", "business day"}:
            last = add_units(start.lo, amount, unit) - timedelta(days=1)
            found.append(Reading(start, end_day_window(last.date())))
        else:
            found.append(reading)
    return tuple(found) or None


def anchored(text: str, ref: datetime, sub: Sub) -> tuple[Reading, ...] | None:
    """``two weeks from tomorrow``, ``3 days after Christmas``, ``a week before next Friday``."""
    match = _ANCHORED_RE.search(text)
    if not match:
        return None
    if re.fullmatch(r"(?:right\s+)?now|today|this\s+moment", match.group("anchor").strip()):
        return None
    amount, unit = _amount(match)
    if match.group("dir") == "before":
        amount = -amount
    readings = sub(match.group("anchor"))
    shifted: list[Reading] = []
    for reading in readings:
        moved = add_units(reading.start.lo, amount, unit)
        shifted.append(reading.shifted(moved - reading.start.lo))
    return tuple(shifted) or None


def after_next(text: str, ref: datetime, sub: Sub) -> tuple[Reading, ...] | None:
    """``Monday after next`` (a week after ``next Monday``), ``the week after next``."""
    match = _AFTER_NEXT_RE.search(text)
    if not match:
        return None
    what = match.group("what")
    delta: timedelta | relativedelta = {"month": relativedelta(months=1), "year": relativedelta(years=1)}.get(
        what, timedelta(days=7)
    )
    replaced = f"{text[: match.start()]} next {what} {text[match.end() :]}"
    return tuple(r.shifted(delta) for r in sub(" ".join(replaced.split()))) or None


def nth_weekday_of_month(text: str, ref: datetime, sub: Sub) -> tuple[Reading, ...] | None:
    """``the first Monday of March``, ``the last Friday of the month``, ``the 2nd Tuesday of next month``."""
    match = _NTH_RE.search(text)
    if not match:
        return None
    n, weekday, today = _ORDINALS[match.group("ord")], WEEKDAYS[match.group("wd")], ref.date()
    this_month = today.replace(day=1)
    rel = match.group("rel")
    if rel in {"the", "this"}:
        # "the month" is the current one; once its day has passed, next month's is also a reading.
        months = [this_month, this_month + relativedelta(months=1)]
    elif rel == "next":
        months = [this_month + relativedelta(months=1)]
    elif rel in {"last", "previous"}:
        months = [this_month - relativedelta(months=1)]
    elif match.group("year"):
        months = [date(int(match.group("year")), MONTHS[match.group("month")], 1)]
    else:
        month = MONTHS[match.group("month")]
        months = [date(today.year, month, 1), date(today.year + 1, month, 1)]
    found = [d for m in months if (d := nth_weekday(m.year, m.month, weekday, n)) is not None]
    if len(found) > 1:
        upcoming = [d for d in found if d >= today]
        found = found[:1] if found[0] >= today else ([found[0]] if rel else []) + upcoming[:1]
    return _on_dates(_rest(text, match), list(dict.fromkeys(found)), sub) or None


def relative_month(text: str, ref: datetime, sub: Sub) -> tuple[Reading, ...] | None:
    """``next month``, ``this month``, ``last month``, ``the 15th of next month``, ``next month on the 3rd``."""
    match = _MONTH_REL_RE.search(text)
    if not match:
        return None
    step = {"next": 1, "following": 1, "this": 0, "last": -1, "previous": -1}[match.group("rel")]
    first = ref.date().replace(day=1) + relativedelta(months=step)
    rest = _rest(text, match)
    day = match.group("day") or match.group("day2")
    if day is None:
        if _MEANINGFUL_RE.search(rest):
            return None
        lo = datetime.combine(first, datetime.min.time())
        return (Reading(Window(lo, lo + relativedelta(months=1), "month")),)
    try:
        target = first.replace(day=int(day))
    except ValueError:
        return None
    return _on_dates(rest, [target], sub) or None


def easter(text: str, ref: datetime, sub: Sub) -> tuple[Reading, ...] | None:
    """Easter Sunday, Good Friday and Easter Monday (the next one from today on, or of the year named)."""
    match = _EASTER_RE.search(text)
    if not match:
        return None
    which = match.group("which").split()
    offset = -2 if which[0] == "good" else 1 if which[-1] == "monday" else 0
    rest = _rest(text, match)
    year_match = re.search(r"\b(\d{4})\b", rest)
    if year_match:
        day = easter_sunday(int(year_match.group(1))) + timedelta(days=offset)
        rest = _rest(rest, year_match)
    else:
        day = easter_sunday(ref.year) + timedelta(days=offset)
        if day < ref.date():
            day = easter_sunday(ref.year + 1) + timedelta(days=offset)
    return _on_dates(rest, [day], sub) or None


def midnight(text: str, ref: datetime, sub: Sub) -> tuple[Reading, ...] | None:
    """``midnight``, ``tonight at midnight`` (the end of today), ``Friday at midnight`` (its start or its end)."""
    match = _MIDNIGHT_RE.search(text)
    if not match:
        return None
    rest = _rest(text, match)
    ends_only = not _MEANINGFUL_RE.search(rest) or re.search(r"\b(?:tonight|today)\b", rest) is not None
    rest = re.sub(r"\btonight\b", "today", rest)
    days = [ref.date()] if not _MEANINGFUL_RE.search(rest) else _dates(sub(rest))
    found: list[Reading] = []
    for d in days:
        start = datetime.combine(d, datetime.min.time())
        if not ends_only:
            found.append(Reading(minute_window(start)))
        end = start + timedelta(days=1)
        found.append(Reading(span_window(end - timedelta(minutes=1), end + timedelta(minutes=1), "midnight")))
    return tuple(found) or None


def named_windows(text: str, ref: datetime, sub: Sub) -> tuple[Reading, ...] | None:
    """``end of day``/``EOD``, ``lunch``, ``first thing``, ``dinner`` on the date named (or the next one)."""
    for pattern, lo, hi, note in _WINDOWS:
        match = pattern.search(text)
        if not match:
            continue
        clock = ClockReading(Clock(lo, hi, "span", True, note))
        rest = _rest(text, match)
        if not _MEANINGFUL_RE.search(rest):
            return tuple(place_clocks([clock], ref))
        readings = sub(rest)
        days = _dates(readings)
        if days:
            return tuple(clock.on(d) for d in days)
        # "dinner at 7": the window decides between 07:00 and 19:00.
        timed = [r for r in readings if r.end is None and r.start.grain == "minute"]
        inside = [r for r in timed if clock.on(r.start.lo.date()).start.contains(r.start.lo)]
        return tuple(inside or timed) or None
    return None


def _endpoint(match: re.Match[str], n: str) -> tuple[list[int], bool]:
    """Candidate seconds after midnight for one end of a range and whether the end is unambiguous."""
    word = match.group(f"w{n}")
    if word:
        return ([24 * 3600] if word == "midnight" and n == "2" else [0] if word == "midnight" else [12 * 3600]), True
    hour, minute = int(match.group(f"h{n}")), int(match.group(f"m{n}") or 0)
    marker = (match.group(f"ap{n}") or "").replace(".", "")
    if hour > 24 or minute > 59:
        return [], True
    if marker:
        converted = to_24h(hour, marker)
        return ([converted * 3600 + minute * 60] if converted is not None else []), True
    if hour >= 13 or hour == 0 or match.group(f"h{n}").startswith("0"):
        return [hour * 3600 + minute * 60], True
    return [(hour % 12) * 3600 + minute * 60, (hour % 12 + 12) * 3600 + minute * 60], False


def _pairs(match: re.Match[str]) -> list[tuple[int, int]]:
    starts, start_fixed = _endpoint(match, "1")
    ends, end_fixed = _endpoint(match, "2")
    if not starts or not ends:
        return []
    if start_fixed or not end_fixed:
        # Each start keeps the first end after it (``9am to 5`` is 9:00-17:00, ``9 to 5`` is 9-17 or 21-05).
        pairs = []
        for s in starts:
            options = sorted(e + day for e in ends for day in (0, 86400) if e + day > s)
            pairs.append((s, options[0]))
        return pairs
    # Only the end is explicit: the start takes the end's half of the day unless that puts it after the end.
    end = ends[0]
    before = [s for s in starts if s < end]
    return [(max(before), end)] if before else [(starts[-1], end + 86400)]


def time_range(text: str, ref: datetime, sub: Sub) -> tuple[Reading, ...] | None:
    """``from 3 to 4:30pm``, ``between 9 and 10am``, ``June 3rd 3-4:30pm``, ``tomorrow from 9 to 10``."""
    match = _RANGE_RE.search(text)
    if not match:
        return None
    explicit = any(match.group(g) for g in ("m1", "ap1", "w1", "m2", "ap2", "w2"))
    if not explicit and not match.group("intro"):
        return None
    before = text[: match.start()].rstrip()
    if re.search(rf"\b(?:{_MONTH})\.?$", before):
        return None
    pairs = _pairs(match)
    if not pairs:
        return None
    clocks = [ClockReading(Clock(s, s + 60), Clock(e, e + 60)) for s, e in pairs]
    rest = re.sub(r"\b(?:on|at|from)\s*$", "", _rest(text, match)).strip()
    if not _MEANINGFUL_RE.search(rest):
        return tuple(place_clocks(clocks, ref))
    days = _dates(sub(rest))
    if not days:
        return None
    return tuple(c.on(d) for d in days for c in clocks)


#: The rules, in the order they are tried.
RULES: tuple[Rule, ...] = (
    for_duration,
    anchored,
    from_now,
    after_next,
    nth_weekday_of_month,
    relative_month,
    easter,
    time_range,
    midnight,
    named_windows,
)
