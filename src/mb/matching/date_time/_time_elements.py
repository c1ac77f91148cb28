"""Elements for times of day: clock notations, hours in words, "quarter to noon", parts of the day."""

from __future__ import annotations

import functools
import re

from ..._numbers import ONES, cardinal_words
from ._items import DIGIT, Builder, Element, Item, registrar
from ._lexicon import (
    COUNT,
    COUNT_FIRST,
    HOUR_FIRST,
    HOUR_WORD,
    MINUTE_FIRST,
    MINUTE_WORD,
    MONTH,
    WEEKDAY,
    alternatives,
    minute_value,
    number_value,
    quantity_value,
)
from ._payloads import Clock, ClockSpan, Part

__all__ = ["ELEMENTS", "PARTS", "twenty_four_hour"]

#: The elements of this module, in the order they are tried.
ELEMENTS: list[Element] = []
_element = registrar(ELEMENTS)

_H = 3600


def _hours(hour: int, marker: str | None) -> list[int] | None:
    """The 24-hour readings of an hour with an optional am/pm marker (both when none is given)."""
    if marker:
        return [hour % 12 + (12 if marker.startswith("p") else 0)] if 1 <= hour <= 12 else None
    if hour > 23:
        return None
    if 1 <= hour <= 12:
        return [hour % 12, hour % 12 + 12] if hour != 12 else [12, 0]
    return [hour]


def _clock(hour: int, minute: int, second: int | None, marker: str | None, explicit: bool = False) -> Item | None:
    """A time of day; ``explicit`` when written in 24-hour notation ("09:30", "0930", "1030", "15h30"): one reading."""
    hours = [hour] if explicit and not marker and hour <= 23 else _hours(hour, marker)
    if hours is None or minute > 59 or (second is not None and second > 59):
        return None
    grain, length = ("second", 1) if second is not None else ("minute", 60)
    spans = tuple(ClockSpan(s, s + length, grain) for s in (h * _H + minute * 60 + (second or 0) for h in hours))
    return Item("clock", "", Clock(spans, bool(marker) or explicit or len(hours) == 1))


def twenty_four_hour(item: Item) -> Item:
    """A clock written "h:mm" or "h:mm:ss" without am/pm read in 24-hour notation, as it is before a numeric UTC
    offset ("10:00 -0400", "10:00:00+0200", "10:00 utc+2": 10:00, never 22:00); any other item as it is."""
    found = re.fullmatch(r"(?:(?:at|@)\s+)?(\d{1,2}):(\d\d)(?::(\d\d)(?:\.\d+)?)?", item.text)
    if item.kind != "clock" or found is None:
        return item
    hour, minute, second = found.groups()
    rebuilt = _clock(int(hour), int(minute), int(second) if second else None, None, explicit=True)
    return Item(item.kind, item.text, rebuilt.value) if rebuilt is not None else item


_AMPM = r"(?:\s*(?P<ap>am|pm|a|p)\b)?"


#: Clock times in digits, in the order tried, with their first tokens and when one written without am/pm has a single
#: reading: ``zero`` when its hour has a leading zero (``09:30``), ``two`` also when it has two digits (``1030``),
#: ``bare`` when no am/pm follows (``15h30``), ``always`` (``1530 hrs``, ``08:00 hrs``, never a length: "in 10:30
#: hours", "1:30 hrs"); ``dot`` (``9.30``) is left to the date when it is one too.
_DIGIT_CLOCKS = (
    (r"(?P<h>\d{1,2}):(?P<m>\d\d)(?::(?P<s>\d\d)(?:\.\d+)?)?" + _AMPM, (DIGIT,), "zero"),
    (r"(?P<h>\d{1,2})(?:h(?P<m>\d\d)?|\s+h\s+(?P<m2>[0-5]\d))" + _AMPM, (DIGIT,), "bare"),  # 15h30, 10 h 10 pm
    (r"(?P<h>\d{1,2})(?:\s*o(?:'|\s)?clock)?\s*(?P<ap>am|pm)|(?P<h2>\d{1,2})(?P<ap2>a|p)", (DIGIT,), ""),
    (r"(?P<h>\d{1,2})\.(?P<m>[0-5]\d)(?:\s*(?P<ap>am|pm))?", (DIGIT,), "dot"),
    (r"(?P<h>[01]\d|2[0-3]):?(?P<m>[0-5]\d)\s*(?:hours|hrs|hr|h)", (DIGIT,), "always"),
    (r"(?P<h>\d{1,2})(?P<m>[0-5]\d)\s*(?P<ap>am|pm)", (DIGIT,), ""),
    (r"(?:at|@)\s+(?P<h>\d{1,2})(?:\s+|\.)(?P<m>[0-5]\d)" + _AMPM, ("at", "@"), ""),
    (r"(?:at\s+)?(?P<h>\d{1,2})(?P<m>[0-5]\d)", ("at", DIGIT), "two"),
    (r"(?P<h>\d{1,2})\s*o(?:'|\s)?clock", (DIGIT,), ""),
)


#: A day word that never takes a year ("tomorrow"), with no month: four digits beside it can only be a 24-hour time
#: ("tomorrow 1700"). A weekday may be placed by a year ("monday 2027": a Monday of 2027, or 20:27?), so it is not one.
_YEARLESS_DAY_RE = re.compile(rf"^(?!.*\b{MONTH}\b).*\b(?:today|tomorrow|tonight|yesterday)\b")

#: A weekday and no month: four digits beside it that are no year from 1900 to 2099 are its time ("monday 1530").
_WEEKDAY_DAY_RE = re.compile(rf"^(?!.*\b{MONTH}\b).*\b(?:{WEEKDAY})\b")


@functools.lru_cache(maxsize=16)
def _yearless_day(text: str) -> bool:
    """Whether the phrase names a day that never takes a year, and no month: read once per phrase, not per number."""
    return _YEARLESS_DAY_RE.match(text) is not None


#: A range joining four digits to a clock that is one beyond doubt: a 24-hour clock with its leading zero ("from 0900
#: to 1700", "1700 - 0900"), with a colon ("09:00 to 1700", "from 9:00 to 1700"), am/pm ("9am-1700") or "hrs" ("0900
#: hrs to 1700") or a day word and its time ("from 2100 to tomorrow 0700", "to tomorrow 7am"): the other end is a
#: clock too, never a year, unless before a day word they may be a year, 19xx or 20xx ("from 2019 to today 0800": a
#: year, and a clock too when no later than the end's year, see ``read_range``). So are four digits after a phrase's
#: bare one-digit hour ("9-1700", "from 9 to 1700": 9:00 to 17:00, never 9:00 on January 1, 1700 to the end of that
#: year).
_CLOCK_END = r"(?:0\d[0-5]\d|\d{1,2}:[0-5]\d|\d{3,4}\s*(?:hours|hrs|hr|h)|\d{1,2}(?:[:.][0-5]\d)?\s*(?:am|pm))"
_JOIN = r"\s*(?:-|\u2013|~|to|till|til|until|thru|through|up\s+to|and)\s*"
#: How far before a match the look-backs below read: more than the longest text they match in a normalized phrase
#: (single spaces), so each costs the same wherever it stands in a long phrase.
_BEFORE = 40
_ZERO_CLOCK_BEFORE_RE = re.compile(
    rf"\b{_CLOCK_END}(?:\s*(?:am|pm|a|p|hours|hrs|hr|h)\b)?{_JOIN}$|^(?:from\s+|between\s+)?\d{_JOIN}$"
)
_ZERO_CLOCK_AFTER_RE = re.compile(
    rf"{_JOIN}(?:{_CLOCK_END}|(?:today|tomorrow|tonight|yesterday)\s+(?:at\s+)?(?:{_CLOCK_END}|\d{{1,4}}))\b"
)
#: Four digits starting a range that ends on a day word ("from 2024 to today", "2019 - yesterday", "2018 thru
#: today"): a year, never 20:24; after a day word they are its time ("today 2200 to tomorrow 0600").
_TO_DAY_WORD_RE = re.compile(rf"{_JOIN}(?:the\s+end\s+of\s+)?(?:today|tomorrow|yesterday)\b")
_DAY_WORD_RE = re.compile(r"\b(?:today|tomorrow|tonight|yesterday)\b")

#: Words before a number of hours that make it a length ("in", "for", "after", "within").
_LENGTH_BEFORE = re.compile(r"\b(?:in|for|after|within)\s+$")


def _zero_clock_range(m: re.Match[str]) -> bool:
    """Whether the four digits matched are one end of a range whose other end is a clock beyond doubt."""
    text, start = m.string, m.start()
    return bool(
        _ZERO_CLOCK_BEFORE_RE.search(text, max(0, start - _BEFORE), start) or _ZERO_CLOCK_AFTER_RE.match(text, m.end())
    )


def _digit_clock(rule: str) -> Builder:
    def build(m: re.Match[str]) -> Item | None:
        start = m.start()
        if start >= 2 and m.string[start - 1] == "." and m.string[start - 2].isdigit():
            return None  # "1.5h": the decimals of a number, never a time
        found = {name.rstrip("2"): value for name, value in m.groupdict().items() if value}
        hour, minute = found["h"], found.get("m", "0")
        late = len(hour + minute) == 4 and int(hour + minute) >= 1500 and not m.group(0).startswith("at")
        to_day = _TO_DAY_WORD_RE.match(m.string, m.end()) and not _DAY_WORD_RE.search(m.string, 0, start)
        dayless = not _yearless_day(m.string) or to_day
        clock_range = _zero_clock_range(m) and not (to_day and hour in ("19", "20"))
        weekday_clock = not 1900 <= int(hour + minute) < 2100 and _WEEKDAY_DAY_RE.match(m.string) is not None
        if rule == "two" and late and dayless and not clock_range and not weekday_clock:
            return None  # four digits from 1500 not marked as a time are a year, never 20:27 ("monday 2027")
        if rule == "always" and ":" in m.group(0) and _LENGTH_BEFORE.search(m.string, max(0, start - _BEFORE), start):
            return None  # "in 10:30 hours", "for 10:30 hrs": a length of time, not a time of day
        pairs = ((int(hour), int(minute)), (int(minute), int(hour)))
        if rule == "dot" and "ap" not in found and any(1 <= a <= 12 and 1 <= b <= 31 for a, b in pairs):
            return None  # "9.30" is a date too: read both ways with the date
        explicit = (
            rule == "always"
            or (rule == "bare" and "ap" not in found)
            or (rule in ("zero", "two") and hour.startswith("0"))
            or (rule == "two" and len(hour) == 2)
        )
        return _clock(int(hour), int(minute), int(found["s"]) if "s" in found else None, found.get("ap"), explicit)

    return build


for _pattern, _first, _rule in _DIGIT_CLOCKS:
    _element(_pattern, *_first)(_digit_clock(_rule))


@_element(
    rf"(?:at\s+)?(?P<h>{HOUR_WORD})(?:[ -](?P<m>{MINUTE_WORD}|one|two|three|four|five|six|seven|eight|nine)"
    rf"(?P<mins>\s+minutes)?)?(?:\s*o(?:'|\s)?clock)?" + _AMPM,
    "at",
    HOUR_FIRST,
)
def _word_clock(m: re.Match[str]) -> Item | None:
    if not (m["m"] or m["ap"] or "clock" in m.group(0) or m.group(0).startswith("at")):
        return Item("number", m.group(0), number_value(m["h"]))  # an hour in words, read in context
    return _clock(number_value(m["h"]), minute_value(m["m"]) if m["m"] else 0, None, m["ap"])


_AFTERNOON_HOURS = cardinal_words(13, 23)
_AFTERNOON_HOUR = alternatives(_AFTERNOON_HOURS)


@_element(rf"(?:at\s+)?(?P<h>{_AFTERNOON_HOUR})[ -](?P<m>{MINUTE_WORD})\s*pm", "at", _AFTERNOON_HOURS)
def _afternoon_word_clock(m: re.Match[str]) -> Item | None:
    """``fifteen thirty pm``: a 24-hour time in words with a redundant pm."""
    return _clock(_AFTERNOON_HOURS[m["h"]], minute_value(m["m"]), None, None, explicit=True)


@_element(r"(?:at\s+)?(?P<h>\d{1,2})", "at", DIGIT)
def _bare_hour(m: re.Match[str]) -> Item | None:
    if not m.group(0).startswith("at"):
        return Item("number", m.group(0), int(m["h"]))
    return _clock(int(m["h"]), 0, None, None)


@_element(
    rf"(?:at\s+)?half\s+(?P<h>{HOUR_WORD}|\d{{1,2}})(?:\s*(?P<ap>am|pm)\b)?"
    rf"(?!\s*(?:am|pm|o(?:'|\s)?clock|past|to|hours?|hrs?)\b)",
    "at",
    "half",
)
def _half_hour(m: re.Match[str]) -> Item | None:
    """``half six``, ``half seven pm``: half past the hour (British)."""
    return _clock(number_value(m["h"]), 30, None, m["ap"])


@_element(r"(?:at\s+)?(?:this|the\s+same|same)\s+time", ("at", "this", "the", "same"))
def _same_time(m: re.Match[str]) -> Item | None:
    """``this time tomorrow``, ``same time next week``: the time of day it is now (placed by the readings)."""
    return Item("clock", "", Clock((), True, "now"))


#: "12 noon", "12:00 noon", "twelve o'clock noon" (and midnight likewise) name one time
_TWELVE = r"(?:12(?::00)?|twelve)(?:\s*o'?\s?clock)?\s*"


@_element(rf"noon|midday|mid-day|midnight|{_TWELVE}(?:noon|midnight)", ("noon", "midday", "mid", "twelve"), DIGIT)
def _noon(m: re.Match[str]) -> Item | None:
    if m.group(0).endswith("midnight"):
        return Item("clock", "", Clock((ClockSpan(24 * _H, 24 * _H + 60, "minute"),), True, "midnight"))
    return Item("clock", "", Clock((ClockSpan(12 * _H, 12 * _H + 60, "minute"),), True))


@_element(r"(?:noon|midday)\s*-?ish", ("noon", "midday"))
def _noonish(m: re.Match[str]) -> Item | None:
    return Item("clock", "", Clock((ClockSpan(12 * _H - 1800, 12 * _H + 1800, "span"),), True))


_TARGET = (
    rf"(?P<th>\d{{1,2}}|{HOUR_WORD}|noon|midday|mid-day|midnight)"
    rf"(?:\s+(?P<tm>{MINUTE_WORD})|:(?P<tm2>[0-5]\d))?(?:\s*(?P<ap>am|pm))?"
)


@_element(rf"(?:a\s+)?(?P<q>three\s+quarters|quarter(?:\s+of\s+an\s+hour)?|half|(?P<inv>{alternatives(ONES[1:10])})\s+and\s+twenty|\d{{1,2}}|{MINUTE_WORD}"
          rf"|{HOUR_WORD})(?:\s+(?:minutes?|mins?))?\s+"
          rf"(?P<dir>past|after|to|before|till|til|of)\s+{_TARGET}",
          ("a", "three", "quarter", "half"), DIGIT, MINUTE_FIRST, HOUR_FIRST)  # fmt: skip
def _relative_clock(m: re.Match[str]) -> Item | None:
    """``twenty past five``, ``a quarter to nine``, ``5 minutes after noon``, ``a quarter of an hour before midnight``
    (as 15 minutes); ``five and twenty to six`` (older British: twenty-five)."""
    if m["inv"]:
        if m.string.endswith("between ", 0, m.start()):
            return None  # "between five and twenty past six": from 5 to 6:20
        amount = 20 + number_value(m["inv"])
    else:
        amount = {"quarter": 15, "half": 30}.get(m["q"].split()[0]) or (
            45 if "quarters" in m["q"] else number_value(m["q"])
        )
    # after "at", digits read as words do: "at 5 to 7" is 6:55 as "at five to seven" is, "at 3 to 4" a range
    at = m.string.endswith(("at ", "@ "), 0, m.start())
    words = not m["q"].isdigit() or at
    target = "noon" if m["th"] in {"midday", "mid-day"} else m["th"]
    if m["dir"] not in {"past", "after"} and "min" not in m.group(0) and not words and amount <= 12:
        return None  # "3 to 4pm", "9 to midday" are ranges
    ranged = m.string.endswith(("from ", "between "), 0, m.start()) and "min" not in m[0]
    if ranged and m["dir"] in {"to", "till", "til"} and target in {"noon", "midnight"}:
        return None  # "from ten to noon", "from 20 to midnight": ranges
    if m["dir"] in {"to", "till", "til"} and amount <= 12 and amount % 5 and words and "min" not in m[0]:
        return None  # "nine till five" is a range: such minutes before an hour are said with "minutes"
    if amount >= 60 or (m["q"] == "half" and m["dir"] not in {"past", "after"}):
        return None
    past_hour = 0
    if m["tm"] or m["tm2"]:
        if target in {"noon", "midnight"}:
            return None
        past_hour = minute_value(m["tm"]) if m["tm"] else int(m["tm2"])
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
    if sign < 0:  # minutes to 12 (am) lie before the midnight that ends the day: "5 to 12 tomorrow" is never today
        hours = [h or 24 * _H for h in hours]
    starts = tuple(h + past_hour * 60 + sign * amount * 60 for h in hours)
    return Item("clock", "", Clock(tuple(ClockSpan(s, s + 60, "minute") for s in starts), explicit or bool(marker)))


@_element(r"(?P<h>\d{1,2})(?::(?P<m>\d\d))?\s*-?ish\s*(?P<ap>am|pm)?|(?P<h2>\d{1,2})\s*(?P<ap2>am|pm)\s*-?ish", DIGIT)
def _ish(m: re.Match[str]) -> Item | None:
    hour, minute, marker = int(m["h"] or m["h2"]), int(m["m"] or 0), m["ap"] or m["ap2"]
    hours = _hours(hour, marker)
    if hours is None or minute > 59:
        return None
    starts = tuple(h * _H + minute * 60 for h in hours)
    return Item("clock", "", Clock(tuple(ClockSpan(s - 30 * 60, s + 30 * 60, "span") for s in starts), bool(marker)))


PARTS = {
    "morning": (5 * _H, 12 * _H), "afternoon": (12 * _H, 18 * _H), "evening": (17 * _H, 24 * _H),
    "night": (18 * _H, 28 * _H), "daytime": (8 * _H, 18 * _H), "business hours": (9 * _H, 17 * _H),
    "working hours": (9 * _H, 17 * _H), "office hours": (9 * _H, 17 * _H), "lunch": (11 * _H + 1800, 14 * _H),
    "lunchtime": (11 * _H + 1800, 14 * _H), "lunch time": (11 * _H + 1800, 14 * _H),
    "dinner": (17 * _H + 1800, 21 * _H), "dinnertime": (17 * _H + 1800, 21 * _H),
    "breakfast": (6 * _H, 10 * _H), "end of day": (17 * _H, 24 * _H), "end of the day": (17 * _H, 24 * _H),
    "eod": (17 * _H, 24 * _H), "cob": (17 * _H, 24 * _H), "close of business": (17 * _H, 24 * _H),
    "end of business": (17 * _H, 24 * _H), "eob": (17 * _H, 24 * _H), "close of play": (17 * _H, 24 * _H),
    "end of play": (17 * _H, 24 * _H), "first thing": (6 * _H, 10 * _H),
    "first thing in the morning": (6 * _H, 10 * _H), "overnight": (18 * _H, 30 * _H), "am": (0, 12 * _H),
    "pm": (12 * _H, 24 * _H),
}  # fmt: skip
_PART_WORDS = alternatives(PARTS)


@_element(
    rf"(?P<edge>early|late|mid|middle of the|the middle of the)?\s*(?:in\s+the\s+|the\s+(?=\w+ of (?:business|play)))?"
    rf"(?P<part>{_PART_WORDS})",
    ("early", "late", "mid", "middle", "the", "in"),
    PARTS,
)
def _part(m: re.Match[str]) -> Item | None:
    part = Part(*PARTS[m["part"]], m["part"], None)
    return Item("part", "", part.edged(m["edge"]) if m["edge"] else part)


@_element(
    r"(?P<rel>this|tomorrow|next|yesterday)\s+(?P<part>morning|afternoon|evening|night|am|pm)",
    ("this", "tomorrow", "next", "yesterday"),
)
def _part_of_day_named(m: re.Match[str]) -> Item | None:
    lo, hi = PARTS[m["part"]]
    return Item("part", "", Part(lo, hi, m["part"], {"this": 0, "tomorrow": 1, "next": 1, "yesterday": -1}[m["rel"]]))


@_element(
    rf"(?<!\bin )(?P<n>{COUNT})\s+(?P<part>morning|afternoon|evening|night)s\s+(?P<dir>ago|back|from\s+now|later|hence)"
    rf"|in\s+(?P<n2>{COUNT})\s+(?P<part2>morning|afternoon|evening|night)s\b(?!\s+(?:ago|back|from|hence|later)\b)",
    COUNT_FIRST,
    "in",
)
def _parts_ago(m: re.Match[str]) -> Item | None:
    """``3 mornings ago`` (``back``), ``a couple of nights from now``, ``in two nights``: that part of the day, that
    many days back (ahead)."""
    days = int(quantity_value(m["n"] or m["n2"]))
    part = m["part"] or m["part2"]
    return Item("part", "", Part(*PARTS[part], part, -days if m["dir"] in {"ago", "back"} else days))


#: Nights named from today: how reasons name them, and their day counted from today.
_NIGHTS = {"tonight": ("tonight", 0), "tonite": ("tonight", 0), "this evening": ("tonight", 0),
           "this eve": ("tonight", 0), "last night": ("last night", -1), "yesterday night": ("last night", -1),
           "tomorrow night": ("tomorrow night", 1), "tmrw night": ("tomorrow night", 1)}  # fmt: skip


@_element(alternatives(_NIGHTS), _NIGHTS)
def _night(m: re.Match[str]) -> Item | None:
    note, day = _NIGHTS[m.group(0)]
    return Item("part", "", Part(18 * _H, 28 * _H, note, day))
