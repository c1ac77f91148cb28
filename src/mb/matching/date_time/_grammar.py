"""Read a normalized phrase into grammar items, accounting for every word.

The phrase is scanned left to right; at each position every element pattern is tried and the longest match
wins (the first listed on a tie). Words no pattern takes are fillers ("at", "on", "the"...) or *not
understood*: the parse then reports them and no reading is ever made from the rest. Items carry no
reference time: ``_readings`` places them on the calendar.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._calendar import MONTHS, WEEKDAYS
from ._holidays import HOLIDAYS
from ._lexicon import (
    FILLERS,
    HOUR_WORD,
    MINUTE_WORD,
    MONTH,
    NUMBER,
    ORDINAL,
    QUANTITY,
    UNIT,
    UNITS,
    WEEKDAY,
    number_value,
    ordinal_value,
    quantity_value,
)
from ._units import SEASONS

__all__ = ["Item", "Parsed", "parse"]

_H = 3600


@dataclass(frozen=True, slots=True)
class Item:
    """One meaningful element of a phrase."""

    kind: str
    """``clock``, ``part``, ``date``, ``weekday``, ``year``, ``number``, ``moment``, ``ordinal``, ``edge``,
    ``offset``, ``nearest``, ``duration``, ``sep``, ``between``."""

    text: str
    """The words it was read from."""

    value: Any
    """The payload, depending on ``kind`` (see ``_readings``)."""


@dataclass(frozen=True, slots=True)
class Parsed:
    """A phrase read into items, with the words left over."""

    items: tuple[Item, ...]
    """The elements in phrase order."""

    unknown: tuple[str, ...]
    """Words neither an element nor a filler: the phrase is not understood when any is left."""


Builder = Callable[[re.Match[str]], Item | None]
_ELEMENTS: list[tuple[re.Pattern[str], Builder]] = []


def _element(pattern: str) -> Callable[[Builder], Builder]:
    def register(builder: Builder) -> Builder:
        _ELEMENTS.append((re.compile(pattern + r"(?:(?<![a-z0-9])|(?![a-z0-9]))(?![:/]\d)"), builder))
        return builder

    return register


def _hours(hour: int, marker: str | None) -> list[int] | None:
    """The 24-hour readings of an hour with an optional am/pm marker (both when none is given)."""
    if marker:
        if not 1 <= hour <= 12:
            return None
        return [hour % 12 + (12 if marker.startswith("p") else 0)]
    if hour > 23:
        return None
    if 1 <= hour <= 12:
        return [hour % 12, hour % 12 + 12] if hour != 12 else [12, 0]
    return [hour]


def _clock(hour: int, minute: int, second: int | None, marker: str | None, explicit: bool = False) -> Item | None:
    hours = _hours(hour, marker)
    if hours is None or minute > 59 or (second is not None and second > 59):
        return None
    grain = "second" if second is not None else "minute"
    length = 1 if second is not None else 60
    starts = tuple(h * _H + minute * 60 + (second or 0) for h in hours)
    return Item(
        "clock", "", (tuple((s, s + length, grain) for s in starts), bool(marker) or explicit or len(hours) == 1)
    )


_AMPM = r"(?:\s*(?P<ap>am|pm|a|p)\b)?"


@_element(r"(?P<h>\d{1,2}):(?P<m>\d\d)(?::(?P<s>\d\d)(?:\.\d+)?)?" + _AMPM)
def _colon(m: re.Match[str]) -> Item | None:
    second = int(m["s"]) if m["s"] else None
    explicit = m["h"].startswith("0") or int(m["h"]) > 12
    return _clock(int(m["h"]), int(m["m"]), second, m["ap"], explicit)


@_element(r"(?P<h>\d{1,2})h(?P<m>\d\d)?")
def _h_clock(m: re.Match[str]) -> Item | None:
    return _clock(int(m["h"]), int(m["m"] or 0), None, None, explicit=True)


@_element(r"(?P<h>\d{1,2})(?:\s*o'?clock)?\s*(?P<ap>am|pm)|(?P<h2>\d{1,2})(?P<ap2>a|p)")
def _am_pm(m: re.Match[str]) -> Item | None:
    return _clock(int(m["h"] or m["h2"]), 0, None, m["ap"] or m["ap2"])


@_element(r"(?P<h>\d{1,2})\.(?P<m>[0-5]\d)\s*(?P<ap>am|pm)")
def _dotted_am_pm(m: re.Match[str]) -> Item | None:
    return _clock(int(m["h"]), int(m["m"]), None, m["ap"])


@_element(r"(?P<h>[01]\d|2[0-3])(?P<m>[0-5]\d)\s*(?:hours|hrs|hr|h)")
def _military(m: re.Match[str]) -> Item | None:
    return _clock(int(m["h"]), int(m["m"]), None, None, explicit=True)


@_element(r"(?P<h>\d{1,2})(?P<m>[0-5]\d)\s*(?P<ap>am|pm)")
def _compact_am_pm(m: re.Match[str]) -> Item | None:
    return _clock(int(m["h"]), int(m["m"]), None, m["ap"])


@_element(r"(?:at|@)\s+(?P<h>\d{1,2})(?:\s+|\.)(?P<m>[0-5]\d)" + _AMPM)
def _spaced(m: re.Match[str]) -> Item | None:
    return _clock(int(m["h"]), int(m["m"]), None, m["ap"])


@_element(r"(?:at\s+)?(?P<h>\d{1,2})(?P<m>[0-5]\d)")
def _compact(m: re.Match[str]) -> Item | None:
    if len(m["h"]) + len(m["m"]) == 4 and not m.group(0).startswith("at") and int(m.group(0)[-4:]) >= 1000:
        return None  # four digits alone are a year
    explicit = m["h"].startswith("0") or len(m["h"]) == 2
    return _clock(int(m["h"]), int(m["m"]), None, None, explicit)


@_element(r"(?P<h>\d{1,2})\s*o'?clock")
def _oclock(m: re.Match[str]) -> Item | None:
    return _clock(int(m["h"]), 0, None, None)


@_element(rf"(?:at\s+)?(?P<h>{HOUR_WORD})(?:[ -](?P<m>{MINUTE_WORD}))?(?:\s*o'?clock)?" + _AMPM)
def _word_clock(m: re.Match[str]) -> Item | None:
    if not (m["m"] or m["ap"] or "clock" in m.group(0) or m.group(0).startswith("at")):
        return Item("number", m.group(0), number_value(m["h"]))  # an hour in words, read in context
    minute = number_value(m["m"].replace("oh ", "").replace("oh-", "")) if m["m"] else 0
    return _clock(number_value(m["h"]), minute, None, m["ap"])


@_element(r"(?:at\s+)?(?P<h>\d{1,2})")
def _bare_hour(m: re.Match[str]) -> Item | None:
    if not m.group(0).startswith("at"):
        return Item("number", m.group(0), int(m["h"]))
    return _clock(int(m["h"]), 0, None, None)


@_element(r"noon|midday|mid-day|12\s*noon")
def _noon(m: re.Match[str]) -> Item | None:
    return Item("clock", "", (((12 * _H, 12 * _H + 60, "minute"),), True))


@_element(r"(?:noon|midday)\s*-?ish")
def _noonish(m: re.Match[str]) -> Item | None:
    return Item("clock", "", (((12 * _H - 1800, 12 * _H + 1800, "span"),), True))


@_element(r"midnight|12\s*midnight")
def _midnight(m: re.Match[str]) -> Item | None:
    return Item("clock", "", (((24 * _H, 24 * _H + 60, "minute"),), True, "midnight"))


_TARGET = rf"(?P<th>\d{{1,2}}|{HOUR_WORD}|noon|midnight)(?:\s*(?P<ap>am|pm))?"


@_element(rf"(?:a\s+)?(?P<q>quarter|half|\d{{1,2}}|{MINUTE_WORD}|{HOUR_WORD})(?:\s+(?:minutes?|mins?))?\s+"
          rf"(?P<dir>past|after|to|before|till|til|of)\s+{_TARGET}")  # fmt: skip
def _relative_clock(m: re.Match[str]) -> Item | None:
    amount = {"quarter": 15, "half": 30}.get(m["q"]) or number_value(m["q"])
    spelled = "min" in m.group(0) or not m["q"].isdigit() or m["th"] in {"noon", "midnight"}
    if m["dir"] not in {"past", "after"} and not spelled and amount <= 12:
        return None  # "3 to 4pm" is a range
    if amount >= 60 or (m["q"] == "half" and m["dir"] not in {"past", "after"}):
        return None
    target = m["th"]
    if target in {"noon", "midnight"}:
        base, marker, explicit = (12 if target == "noon" else 24), None, True
    else:
        base, marker, explicit = number_value(target), m["ap"], False
        if base > 12 or base == 0:
            return None
    sign = 1 if m["dir"] in {"past", "after"} else -1
    hours = [base * _H] if explicit else [h * _H for h in (_hours(base, marker) or [])]
    if target == "midnight" or (explicit and base == 24):
        hours = [24 * _H]
    starts = tuple(h + sign * amount * 60 for h in hours)
    return Item("clock", "", (tuple((s, s + 60, "minute") for s in starts), explicit or bool(marker)))


@_element(r"(?P<h>\d{1,2})(?::(?P<m>\d\d))?\s*-?ish\s*(?P<ap>am|pm)?|(?P<h2>\d{1,2})\s*(?P<ap2>am|pm)\s*-?ish")
def _ish(m: re.Match[str]) -> Item | None:
    hour, minute, marker = int(m["h"] or m["h2"]), int(m["m"] or 0), m["ap"] or m["ap2"]
    hours = _hours(hour, marker)
    if hours is None or minute > 59:
        return None
    starts = tuple(h * _H + minute * 60 for h in hours)
    return Item("clock", "", (tuple((s - 30 * 60, s + 30 * 60, "span") for s in starts), bool(marker)))


_PARTS = {
    "morning": (5 * _H, 12 * _H), "afternoon": (12 * _H, 18 * _H), "evening": (17 * _H, 24 * _H),
    "night": (18 * _H, 28 * _H), "daytime": (8 * _H, 18 * _H), "business hours": (9 * _H, 17 * _H),
    "working hours": (9 * _H, 17 * _H), "office hours": (9 * _H, 17 * _H), "lunch": (11 * _H + 1800, 14 * _H),
    "lunchtime": (11 * _H + 1800, 14 * _H), "lunch time": (11 * _H + 1800, 14 * _H),
    "dinner": (17 * _H + 1800, 21 * _H), "dinnertime": (17 * _H + 1800, 21 * _H),
    "breakfast": (6 * _H, 10 * _H), "end of day": (17 * _H, 24 * _H), "end of the day": (17 * _H, 24 * _H),
    "eod": (17 * _H, 24 * _H), "cob": (17 * _H, 24 * _H), "close of business": (17 * _H, 24 * _H),
    "end of business": (17 * _H, 24 * _H), "eob": (17 * _H, 24 * _H), "first thing": (6 * _H, 10 * _H),
    "first thing in the morning": (6 * _H, 10 * _H), "overnight": (18 * _H, 30 * _H), "am": (0, 12 * _H),
    "pm": (12 * _H, 24 * _H),
}  # fmt: skip
_PART_WORDS = "|".join(sorted((re.escape(k) for k in _PARTS), key=len, reverse=True))


@_element(rf"(?P<edge>early|late|mid|middle of the|the middle of the)?\s*(?:in\s+the\s+)?(?P<part>{_PART_WORDS})")
def _part(m: re.Match[str]) -> Item | None:
    lo, hi = _PARTS[m["part"]]
    middle = (lo + hi) // 2
    edge = m["edge"] or ""
    if edge == "early":
        hi = middle
    elif edge == "late":
        lo = middle
    elif edge:
        lo, hi = lo + (hi - lo) // 4, hi - (hi - lo) // 4
    return Item("part", "", (lo, hi, f"{edge} {m['part']}".strip(), None))


@_element(r"(?P<rel>this|tomorrow|next|yesterday)\s+(?P<part>morning|afternoon|evening|night|am|pm)")
def _part_of_day_named(m: re.Match[str]) -> Item | None:
    lo, hi = _PARTS[m["part"]]
    offset = {"this": 0, "tomorrow": 1, "next": 1, "yesterday": -1}[m["rel"]]
    return Item("part", "", (lo, hi, m["part"], offset))


@_element(r"tonight|tonite|this evening|this eve")
def _tonight(m: re.Match[str]) -> Item | None:
    return Item("part", "", (18 * _H, 28 * _H, "tonight", 0))


@_element(r"last night|yesterday night")
def _last_night(m: re.Match[str]) -> Item | None:
    return Item("part", "", (18 * _H, 28 * _H, "last night", -1))


@_element(r"tomorrow night|tmrw night")
def _tomorrow_night(m: re.Match[str]) -> Item | None:
    return Item("part", "", (18 * _H, 28 * _H, "tomorrow night", 1))


@_element(r"(?P<y>[12]\d{3})-(?P<mo>\d{1,2})-(?P<d>\d{1,2})|(?P<y2>[12]\d{3})/(?P<mo2>\d{1,2})/(?P<d2>\d{1,2})")
def _iso_date(m: re.Match[str]) -> Item | None:
    return Item("date", "", ("ymd", int(m["y"] or m["y2"]), int(m["mo"] or m["mo2"]), int(m["d"] or m["d2"])))


@_element(
    r"(?:(?P<rel>next|last|this|coming|previous)\s+)?(?P<a>\d{1,2})(?P<sep>[/.-])(?P<b>\d{1,2})(?:(?P=sep)(?P<y>\d{4}|\d{2}))?"
)
def _numeric_date(m: re.Match[str]) -> Item | None:
    a, b = int(m["a"]), int(m["b"])
    if m["sep"] == "-" and not m["y"]:
        return None  # "3-5" is a range of numbers
    year = (
        (int(m["y"]) + (2000 if int(m["y"]) <= 30 else 1900) if len(m["y"]) == 2 else int(m["y"])) if m["y"] else None
    )
    readings = [(mo, d) for mo, d in ((a, b), (b, a)) if 1 <= mo <= 12 and 1 <= d <= 31]
    if not readings:
        return None
    return Item("date", "", ("md", tuple(dict.fromkeys(readings)), year, m["rel"]))


_YEAR = r"(?:(?:,?\s*(?:of\s+|in\s+)?|\s*[-/,]\s*)(?P<y>\d{4})|\s+of\s+'?(?P<yy>\d\d)|\s*'(?P<yy2>\d\d))?"
_REL_DATE = r"(?:(?P<rel>this|next|last|past|previous|coming|following|upcoming)\s+)?"


def _year_value(m: re.Match[str]) -> int | None:
    """The year written after a date: four digits, or two after "of" or an apostrophe (``'87``: 1987)."""
    if m["y"]:
        return int(m["y"])
    short = m["yy"] or m["yy2"]
    if short:
        return int(short) + (1900 if int(short) >= 50 else 2000)
    return None


def _md(month: int, day: int, m: re.Match[str]) -> Item | None:
    if not 1 <= day <= 31:
        return None
    rel = m.groupdict().get("rel")
    return Item("date", "", ("md", ((month, day),), _year_value(m), rel))


@_element(_REL_DATE + rf"(?P<mo>{MONTH})\.?(?:\s+(?:the\s+)?|\s*[-/]\s*|(?=\d))(?P<d>{ORDINAL})(?!:)" + _YEAR)
def _month_day(m: re.Match[str]) -> Item | None:
    return _md(MONTHS[m["mo"]], ordinal_value(m["d"]), m)


@_element(_REL_DATE + rf"(?:the\s+)?(?P<d>{ORDINAL})(?:\s+(?:of\s+|day\s+of\s+)?|\s*[-/]\s*)(?P<mo>{MONTH})\.?" + _YEAR)
def _day_month(m: re.Match[str]) -> Item | None:
    return _md(MONTHS[m["mo"]], ordinal_value(m["d"]), m)


@_element(rf"(?P<y>[12]\d{{3}})\s*[-/ ]\s*(?P<mo>{MONTH})\.?\s*[-/ ]\s*(?P<d>\d{{1,2}})")
def _year_month_day(m: re.Match[str]) -> Item | None:
    return _md(MONTHS[m["mo"]], int(m["d"]), m)


@_element(r"(?P<y>[12]\d{3})\s*[-/ ]\s*(?P<mo>\d{1,2})\s*[-/ ]\s*(?P<d>\d{1,2})")
def _year_month_day_digits(m: re.Match[str]) -> Item | None:
    month = int(m["mo"])
    return _md(month, int(m["d"]), m) if 1 <= month <= 12 else None


@_element(r"(?P<y>[12]\d{3})\s*[-/]\s*(?P<mo>\d{1,2})|(?P<mo2>\d{1,2})\s*[-/]\s*(?P<y2>[12]\d{3})")
def _year_month_digits(m: re.Match[str]) -> Item | None:
    month = int(m["mo"] or m["mo2"])
    if not 1 <= month <= 12:
        return None
    return Item("date", "", ("month", month, int(m["y"] or m["y2"]), None))


@_element(rf"(?:the\s+)?ides\s+of\s+(?P<mo>{MONTH})" + _YEAR)
def _ides(m: re.Match[str]) -> Item | None:
    month = MONTHS[m["mo"]]
    return _md(month, 15 if month in {3, 5, 7, 10} else 13, m)


@_element(_REL_DATE + rf"(?:the\s+)?(?:month\s+of\s+)?(?P<mo>{MONTH})\.?" + _YEAR)
def _month(m: re.Match[str]) -> Item | None:
    return Item("date", "", ("month", MONTHS[m["mo"]], _year_value(m), m["rel"]))


@_element(r"(?:the\s+)?(?:year\s+)?(?P<y>(?:1[5-9]|2[01])\d\d)")
def _year(m: re.Match[str]) -> Item | None:
    return Item("year", "", int(m["y"]))


_SEASON = "|".join(SEASONS)


@_element(rf"(?:(?P<rel>this|next|last|past|previous|coming|following)\s+)?(?P<s>{_SEASON})" + _YEAR)
def _season(m: re.Match[str]) -> Item | None:
    return Item("date", "", ("season", m["s"], int(m["y"]) if m["y"] else None, m["rel"]))


_HOLIDAY = "|".join(sorted((re.escape(k) for k in HOLIDAYS), key=len, reverse=True))


@_element(rf"(?:(?P<rel>this|next|last|past|previous|coming|following)\s+)?(?:the\s+)?(?P<h>{_HOLIDAY})" + _YEAR)
def _holiday(m: re.Match[str]) -> Item | None:
    return Item("date", "", ("holiday", m["h"], int(m["y"]) if m["y"] else None, m["rel"]))


@_element(r"(?:q|quarter\s*)(?P<q>[1-4])" + _YEAR.replace("?P<y>", "?P<y>").replace("(?:,?", "(?:,?\\s*(?:fy)?"))
def _q(m: re.Match[str]) -> Item | None:
    return Item("date", "", ("quarter", int(m["q"]), int(m["y"]) if m["y"] else None))


@_element(r"(?:the\s+)?(?P<q>first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter" + _YEAR)
def _q_words(m: re.Match[str]) -> Item | None:
    number = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
    return Item("date", "", ("quarter", number[m["q"]], int(m["y"]) if m["y"] else None))


@_element(r"(?P<y>\d{4})\s*-?\s*(?P<k>q|h)(?P<n>[1-4])|(?P<k2>h)(?P<n2>[12])(?:\s+(?P<y2>\d{4}))?")
def _year_part(m: re.Match[str]) -> Item | None:
    kind, number = m["k"] or m["k2"], int(m["n"] or m["n2"])
    year = m["y"] or m["y2"]
    if kind == "h":
        if number > 2:
            return None
        return Item("date", "", ("half", number, int(year) if year else None))
    return Item("date", "", ("quarter", number, int(year)))


_DECADE_WORDS = {"noughties": 0, "tens": 1, "twenties": 2, "thirties": 3, "forties": 4, "fifties": 5, "sixties": 6,
                 "seventies": 7, "eighties": 8, "nineties": 9}  # fmt: skip


@_element(
    r"(?:the\s+)?(?:(?P<c>19|20)|')?(?P<d>\d)0\s?'?s"
    r"|(?:the\s+)?(?:(?P<cw>nineteen|twenty)[\s-])?(?P<w>noughties|twenties|thirties|forties|fifties|sixties|"
    r"seventies|eighties|nineties)"
)
def _decade(m: re.Match[str]) -> Item | None:
    digit = int(m["d"]) if m["d"] else _DECADE_WORDS[m["w"]]
    century = m["c"] or {"nineteen": "19", "twenty": "20"}.get(m["cw"] or "")
    centuries = [int(century)] if century else ([20] if m["w"] == "noughties" else [19, 20])
    return Item("date", "", ("decades", tuple(c * 100 + digit * 10 for c in centuries)))


@_element(rf"(?:the\s+)?(?P<n>{ORDINAL})\s+century")
def _century(m: re.Match[str]) -> Item | None:
    n = ordinal_value(m["n"])
    return Item("date", "", ("years", (n - 1) * 100, n * 100)) if 1 <= n <= 30 else None


@_element(r"(?:the\s+)?rest\s+(?:of\s+)?(?:the\s+|my\s+|this\s+|current\s+)?(?P<u>day|week|month|year)")
def _rest(m: re.Match[str]) -> Item | None:
    return Item("rest", "", m["u"])


@_element(r"(?:the\s+)?(?P<dir>next|following|last|past|previous)\s+day|(?:the\s+)?day\s+(?P<dir2>before|after)")
def _next_day(m: re.Match[str]) -> Item | None:
    forward = (m["dir"] or m["dir2"]) in {"next", "following", "after"}
    return Item("date", "", ("days", 1 if forward else -1))


@_element(r"(?:the\s+)?week\s+(?:of|beginning|starting|commencing)(?:\s+on)?")
def _week_of(m: re.Match[str]) -> Item | None:
    return Item("ordinal", "", (0, "week of"))


@_element(r"(?:the\s+)?(?:iso\s+)?(?:week|wk)\s*(?:#|no\.?|number)?\s*(?P<n>\d{1,2})(?:\s+(?:of|in)\s+(?P<y>\d{4}))?")
def _week_number(m: re.Match[str]) -> Item | None:
    n = int(m["n"])
    return Item("date", "", ("iso_week", n, int(m["y"]) if m["y"] else None)) if 1 <= n <= 53 else None


_TEENS = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_TENS_WORDS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_UNITS_WORDS = "one|two|three|four|five|six|seven|eight|nine"


@_element(
    rf"(?P<c>nineteen|twenty)(?:\s+hundred(?:\s+and)?)?\s+(?:(?P<t>{_TENS_WORDS})(?:[\s-](?P<u>{_UNITS_WORDS}))?"
    rf"|(?P<teen>{_TEENS})|(?:oh|zero)\s+(?P<u2>{_UNITS_WORDS}))"
    rf"|two\s+thousand(?:\s+and)?(?:\s+(?:(?P<t3>{_TENS_WORDS})(?:[\s-](?P<u3>{_UNITS_WORDS}))?|(?P<teen3>{_TEENS})"
    rf"|(?P<u4>{_UNITS_WORDS})))?"
)
def _spoken_year(m: re.Match[str]) -> Item | None:
    """Years in words: "nineteen ninety nine", "nineteen oh one", "two thousand and twenty"."""
    words = {w: i for i, w in enumerate(("zero " + _UNITS_WORDS.replace("|", " ")).split())}
    teens = {w: 10 + i for i, w in enumerate(_TEENS.split("|"))}
    tens = {w: 20 + 10 * i for i, w in enumerate(_TENS_WORDS.split("|"))}
    if m["c"]:
        century = 1900 if m["c"] == "nineteen" else 2000
        rest = (
            teens[m["teen"]]
            if m["teen"]
            else tens[m["t"]] + words[m["u"]]
            if m["t"] and m["u"]
            else (tens[m["t"]] if m["t"] else words[m["u2"]])
        )
        return Item("year", "", century + rest)
    rest = 0
    if m["teen3"]:
        rest = teens[m["teen3"]]
    elif m["t3"]:
        rest = tens[m["t3"]] + (words[m["u3"]] if m["u3"] else 0)
    elif m["u4"]:
        rest = words[m["u4"]]
    return Item("year", "", 2000 + rest)


@_element(r"today|this day|tdy")
def _today(m: re.Match[str]) -> Item | None:
    return Item("date", "", ("days", 0))


@_element(r"(?:the\s+)?day\s+after\s+tomorrow|(?:the\s+)?day\s+before\s+yesterday|tomorrow|tmrw|tmw|yesterday")
def _near_day(m: re.Match[str]) -> Item | None:
    text = m.group(0)
    offset = 2 if "after" in text else -2 if "before" in text else -1 if "yesterday" in text else 1
    return Item("date", "", ("days", offset))


@_element(r"(?:right\s+)?now|immediately|asap|as soon as possible|at once|this moment|this instant")
def _now(m: re.Match[str]) -> Item | None:
    return Item("moment", "", ("now",))


_REL = r"(?P<rel>this coming|this past|this|next|last|past|previous|coming|following|current|the current|upcoming)"


@_element(rf"{_REL}\s+(?P<u>week|weekend|month|year|quarter|decade)")
def _relative_unit(m: re.Match[str]) -> Item | None:
    return Item("date", "", ("unit", m["u"], m["rel"].replace("the ", "")))


@_element(
    r"(?:the\s+)?(?P<u>week|weekend|month|year|quarter)\s+(?P<dir>after\s+(?:the\s+)?next|before\s+(?:the\s+)?last)"
)
def _unit_after_next(m: re.Match[str]) -> Item | None:
    return Item("date", "", ("unit", m["u"], "after next" if "after" in m["dir"] else "before last"))


@_element(r"(?:the\s+)?(?P<u>week|weekend|month|year|quarter)")
def _bare_unit(m: re.Match[str]) -> Item | None:
    return Item("date", "", ("unit", m["u"], "this"))


@_element(rf"(?:(?P<rel>this coming|this upcoming|this past|this|next|last|past|previous|coming|following|upcoming)"
          r"\s+)?"
          rf"(?P<wd>{WEEKDAY})\.?(?:\s+(?P<dir>after\s+next|before\s+last))?")  # fmt: skip
def _weekday(m: re.Match[str]) -> Item | None:
    rel = m["rel"]
    if m["dir"]:
        rel = "after next" if "after" in m["dir"] else "before last"
    return Item("weekday", "", (WEEKDAYS[m["wd"]], rel))


@_element(rf"(?:the\s+)?(?P<n>{ORDINAL}|last|final|penultimate)\s+(?P<u>day|week|weekend|business day|working day|"
          rf"weekday|quarter|month|{WEEKDAY})\s+(?:of|in)")  # fmt: skip
def _ordinal(m: re.Match[str]) -> Item | None:
    n = {"last": -1, "final": -1, "penultimate": -2}.get(m["n"]) or ordinal_value(m["n"])
    unit = m["u"]
    return Item("ordinal", "", (n, WEEKDAYS.get(unit, unit)))


@_element(
    rf"(?:the\s+)?(?P<n>first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+(?P<wd>{WEEKDAY})(?!\s+(?:of|in)\b)"
)
def _ordinal_weekday_this_month(m: re.Match[str]) -> Item | None:
    n = -1 if m["n"] == "last" else ordinal_value(m["n"])
    return Item("date", "", ("nth_weekday", n, WEEKDAYS[m["wd"]]))


@_element(rf"(?:the\s+)?(?P<d>{ORDINAL})(?:\s+day)?")
def _day_of_month(m: re.Match[str]) -> Item | None:
    text = m["d"]
    if text.isdigit() and "the" not in m.group(0):
        return None
    day = ordinal_value(text)
    return Item("date", "", ("dom", day)) if 1 <= day <= 31 else None


@_element(r"(?P<e>beginning|start|end|middle|mid|early|late|the end|the beginning|the start|the middle|close)"
          r"(?:\s+of(?:\s+the)?|-)?")  # fmt: skip
def _edge(m: re.Match[str]) -> Item | None:
    word = m["e"].replace("the ", "")
    edge = {"beginning": "start", "middle": "mid", "close": "end"}.get(word, word)
    return Item("edge", "", edge)


@_element(r"eom|eoy|eow|eoq|end of month|end of year|end of week|end of quarter")
def _eo(m: re.Match[str]) -> Item | None:
    unit = (
        {"m": "month", "y": "year", "w": "week", "q": "quarter"}[m.group(0)[2]]
        if m.group(0).startswith("eo")
        else m.group(0).split()[-1]
    )
    return Item("date", "", ("edge", "end", unit))


_PIECE = rf"(?<![a-z0-9])(?:{QUANTITY})(?:(?<=\d)\s*|\s+)(?:{UNIT})(?:\s+and\s+a\s+half)?(?![a-z])"
_PIECE_RE = re.compile(
    rf"(?<![a-z0-9])(?P<n>{QUANTITY})(?:(?<=\d)\s*|\s+)(?P<u>{UNIT})(?P<half>\s+and\s+a\s+half)?(?![a-z])"
)
#: A duration: one or more amounts of units ("2 years 1 month 21 days", "1 day and 5 hours").
_DUR = rf"(?P<dur>{_PIECE}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+){_PIECE})*)"
_FEW = r"(?P<dur>(?:a\s+)?(?:few|couple(?:\s+of)?|several)\s+(?:{UNIT}))".replace("{UNIT}", UNIT)


def _pieces(text: str, sign: int = 1) -> tuple[tuple[float, str], ...] | None:
    """The (amount, unit) pieces of a duration; ``None`` when one cannot be read."""
    pieces: list[tuple[float, str]] = []
    for found in _PIECE_RE.finditer(text):
        amount = quantity_value(found["n"]) + (0.5 if found["half"] else 0)
        word = found["u"]
        unit = UNITS.get(word) or UNITS.get(word.rstrip("s")) or UNITS.get(word[:-2])
        if unit is None or amount != amount:
            return None
        pieces.append((sign * amount, unit))
    if not pieces or (len(pieces) > 1 and any(u == "business day" for _, u in pieces)):
        return None
    return tuple(pieces)


def _duration_item(kind: str, text: str, sign: int, mode: str | None = None) -> Item | None:
    pieces = _pieces(text, sign)
    if pieces is None:
        return None
    return Item(kind, "", (pieces, mode) if mode else pieces)


@_element(rf"(?:in|after)\s+(?:the\s+next\s+|another\s+|a\s+further\s+)?{_DUR}(?:\s+(?:time|'s\s+time))?")
def _in(m: re.Match[str]) -> Item | None:
    return _duration_item("offset", m["dur"], 1, "from now")


@_element(r"(?:the\s+)?(?P<dir>next|following|previous|last|prior)\s+(?:business|working|week)\s*day")
def _next_business_day(m: re.Match[str]) -> Item | None:
    return Item("offset", "", (((1 if m["dir"] in {"next", "following"} else -1, "business day"),), "from now"))


@_element(rf"{_DUR}\s+(?P<dir>ago|from\s+now|later|hence|from\s+today|before\s+now|earlier|back|in\s+the\s+past"
          r"|in\s+the\s+future)")  # fmt: skip
def _ago(m: re.Match[str]) -> Item | None:
    back = m["dir"] in {"ago", "before now", "earlier", "back", "in the past"}
    return _duration_item("offset", m["dur"], -1 if back else 1, "from now")


@_element(r"now\s*(?P<sign>[+-])\s*" + _DUR)
def _now_plus(m: re.Match[str]) -> Item | None:
    return _duration_item("offset", m["dur"], -1 if m["sign"] == "-" else 1, "from now")


@_element(rf"{_DUR}\s+(?P<dir>from|after|before|prior\s+to)")
def _anchored(m: re.Match[str]) -> Item | None:
    return _duration_item("offset", m["dur"], -1 if m["dir"] in {"before", "prior to"} else 1, "anchored")


@_element(rf"(?P<n>{NUMBER})\s+(?P<wd>{WEEKDAY})s?\s+(?P<dir>ago|from\s+now|hence|later)")
def _weekdays_ago(m: re.Match[str]) -> Item | None:
    n = number_value(m["n"])
    return Item("date", "", ("weekday_count", WEEKDAYS[m["wd"]], n if "ago" not in m["dir"] else -n))


_BACK_WORDS = {"last", "past", "previous", "prior", "preceding"}


@_element(rf"(?P<dir>last|past|previous|prior|preceding|next|coming|following|upcoming)\s+{_DUR}")
def _last_n(m: re.Match[str]) -> Item | None:
    return _duration_item("span", m["dur"], -1 if m["dir"] in _BACK_WORDS else 1)


@_element(rf"(?P<n>{QUANTITY})\s+(?P<dir>last|past|previous|prior|next|coming|following|upcoming)\s+(?P<u>{UNIT})")
def _n_last(m: re.Match[str]) -> Item | None:
    if not m["u"].endswith("s"):
        return None  # "23 next month" is a day of next month, "2 next days" a span
    return _duration_item("span", f"{m['n']} {m['u']}", -1 if m["dir"] in _BACK_WORDS else 1)


@_element(r"(?P<dir>last|past|previous|next|coming|following|upcoming)\s+(?P<u>hour|minute|second|fortnight|"
          r"24\s+hours)")  # fmt: skip
def _last_unit(m: re.Match[str]) -> Item | None:
    return _duration_item(
        "span", "1 " + m["u"] if not m["u"][0].isdigit() else m["u"], -1 if m["dir"] in _BACK_WORDS else 1
    )


@_element(rf"within\s+(?:the\s+)?(?:next\s+|coming\s+|upcoming\s+)?{_DUR}")
def _within(m: re.Match[str]) -> Item | None:
    return _duration_item("span", m["dur"], 1, None)


@_element(rf"for\s+(?:about\s+|around\s+|another\s+)?{_DUR}")
def _for(m: re.Match[str]) -> Item | None:
    return _duration_item("duration", m["dur"], 1)


@_element(rf"{_DUR}\s+(?:starting|beginning|commencing)(?:\s+(?:from|on|at))?")
def _lasting(m: re.Match[str]) -> Item | None:
    return _duration_item("duration", m["dur"], 1)


@_element(rf"(?:the\s+)?(?P<how>closest|nearest)\s+(?P<wd>{WEEKDAY})\s+(?:to|from)")
def _nearest(m: re.Match[str]) -> Item | None:
    return Item("nearest", "", WEEKDAYS[m["wd"]])


@_element(r"between|from")
def _between(m: re.Match[str]) -> Item | None:
    return Item("between", "", m.group(0))


@_element("to|until|till|til|thru|through|and|-|\u2013|~|up\\s+to")
def _sep(m: re.Match[str]) -> Item | None:
    return Item("sep", "", m.group(0))


_WORD_RE = re.compile(r"[a-z0-9'@&]+|[^\sa-z0-9]")


@functools.lru_cache(maxsize=8192)
def parse(text: str) -> Parsed:
    """The items of a normalized phrase and the words nothing used (cost linear in the length)."""
    items: list[Item] = []
    unknown: list[str] = []
    position = 0
    while position < len(text):
        if text[position] in " ,;()!?":
            position += 1
            continue
        best: tuple[int, Item] | None = None
        starts = [position]
        if text.startswith(("at ", "@ "), position):
            starts.append(position + 3)  # "at 5 pm": the filler is taken with the element after it
        for pattern, builder in _ELEMENTS:
            for start in starts:
                found = pattern.match(text, start)
                if found is None or found.end() <= position or (best is not None and found.end() <= best[0]):
                    continue
                item = builder(found)
                if item is not None:
                    best = (found.end(), Item(item.kind, text[position : found.end()], item.value))
        if best is not None:
            items.append(best[1])
            position = best[0]
            continue
        word = _WORD_RE.match(text, position)
        token = word.group(0) if word else text[position]
        if token not in FILLERS and token not in {".", ":", "'", '"'}:
            unknown.append(token)
        position += len(token)
    return Parsed(tuple(items), tuple(unknown))
