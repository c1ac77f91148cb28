"""Elements for relative expressions: today, now, this/next/last units, weekdays, ordinals, offsets, spans, range
words."""

from __future__ import annotations

import re

from ..._calendar_words import MONTHS, UNIT_MONTHS, UNITS, WEEKDAYS
from ._holidays import HOLIDAYS
from ._items import DIGIT, Element, Item, registrar
from ._lexicon import (
    COUNT,
    COUNT_FIRST,
    HOUR_FIRST,
    HOUR_WORD,
    MONTH,
    ORDINAL,
    ORDINAL_FIRST,
    QUANTITY,
    QUANTITY_FIRST,
    UNIT,
    WEEKDAY,
    WEEKDAY_FIRST,
    WORD_NUMBERS,
    WORD_ORDINALS,
    alternatives,
    ordinal_value,
    quantity_value,
)
from ._payloads import (
    DayOfMonth,
    Days,
    Lead,
    Nearest,
    NthWeekday,
    Offset,
    Ordinal,
    PeriodEnd,
    Pieces,
    Unit,
    Weekday,
    WeekdayCount,
    Within,
)

__all__ = ["ELEMENTS"]

#: The elements of this module, in the order they are tried.
ELEMENTS: list[Element] = []
_element = registrar(ELEMENTS)
#: The words that place a unit, a weekday or a span before or after now ("next week", "the past 3 days").
_REL_WORDS = ("this", "next", "last", "past", "previous", "prior", "preceding", "coming", "following", "current",
              "the", "upcoming")  # fmt: skip
_UNIT_WORDS = ("week", "weekend", "fortnight", "month", "year", "quarter")
#: A period a word such as "next" may place instead of a weekday before it ("friday next week").
_PERIOD = r"(?:week|weekend|fortnight|month|quarter|year)s?\b"


#: Days counted from today, by name.
_DAYS = {"today": 0, "this day": 0, "tdy": 0, "otd": 0, "current date": 0, "present day": 0, "tomorrow": 1, "tmrw": 1,
         "tmw": 1, "yesterday": -1, "day after tomorrow": 2, "day after next": 2,
         "day before yesterday": -2, "day before last": -2}  # fmt: skip


@_element(r"(?:the\s+)?(?P<d>current\s+date|present\s+day|day\s+after\s+(?:tomorrow|next)|day\s+before\s+(?:yesterday|last))|"
          + alternatives(_DAYS), "the", _DAYS)  # fmt: skip
def _day(m: re.Match[str]) -> Item | None:
    return Item("date", "", Days(_DAYS[" ".join((m["d"] or m.group(0)).split())]))


@_element(
    r"(?:right\s+)?now|immediately|asap|as soon as possible|at once|this (?:very )?(?:moment|instant)|this very minute",
    ("right", "now", "immediately", "asap", "as", "at", "this"),
)
def _now(m: re.Match[str]) -> Item | None:
    return Item("moment", "", None)


_REL = r"(?P<rel>this coming|this past|this|next|last|past|previous|coming|following|current|the current|upcoming)"


@_element(
    rf"{_REL}\s+(?:(?:whole|entire)\s+)?(?:calendar\s+)?"
    r"(?P<u>week|weekend|month|year|quarter|decade|fortnight|(?P<work>work|working|business)\s*week)",
    _REL_WORDS,
)
def _relative_unit(m: re.Match[str]) -> Item | None:
    """``next month``, ``this quarter``; ``next working week`` (``work``, ``business``): its Monday to Friday."""
    rel = m["rel"].replace("the ", "")
    if m["u"] == "fortnight" and rel not in {"this", "current"}:
        return None  # "next fortnight" is also the next fourteen days: a span (see ``_last_unit``)
    return Item("date", "", Unit("working week" if m["work"] else m["u"], rel))


@_element(
    r"(?:this|(?:the\s+)?current)\s+(?P<u>hour|minute)|(?:the\s+)?top\s+of\s+the\s+(?:next\s+)?hour"
    r"|(?:the\s+)?(?P<u2>hour|minute)\s+(?P<dir>after\s+next|before\s+last)",
    ("this", "the", "current", "top", "hour", "minute"),
)
def _this_hour(m: re.Match[str]) -> Item | None:
    """``this hour``, ``this minute``: the clock hour (minute) it is now; ``the hour after next`` (``before last``):
    the clock hour two after (before) it; ``the top of the hour``: the next hour's start."""
    if m["u2"]:
        return Item("rest", "", f"{m['u2']} {' '.join(m['dir'].split())}")
    return Item("rest", "", "this " + m["u"] if m["u"] else "top of the hour")


@_element(
    r"(?:the\s+)?(?P<u>week|weekend|fortnight|month|year|quarter)\s+"
    r"(?P<dir>after\s+(?:the\s+)?next|before\s+(?:the\s+)?last)",
    "the",
    _UNIT_WORDS,
)
def _unit_after_next(m: re.Match[str]) -> Item | None:
    return Item("date", "", Unit(m["u"], "after next" if "after" in m["dir"] else "before last"))


@_element(
    r"(?:the\s+)?(?:calendar\s+)?(?P<u>week|weekend|fortnight|month|year|quarter|day)"
    r"|(?P<all>all\s+day|(?:the\s+)?(?:whole|entire)\s+day)",
    ("the", "calendar", "day", "all", "whole", "entire"),
    _UNIT_WORDS,
)
def _bare_unit(m: re.Match[str]) -> Item | None:
    """A unit named alone ("my week", "the calendar year", "my day") is the current one."""
    if m["all"]:
        return Item("filler", "", None)  # "all day tomorrow": the day the rest names
    if m["u"] == "day":  # "one day" is some day, never today
        return None if m.string.endswith("one ", 0, m.start()) else Item("date", "", Days(0))
    return Item("date", "", Unit(m["u"], "this"))


@_element(rf"(?:(?P<rel>this coming|this upcoming|this past|this|next|last|past|previous|coming|following|upcoming)"
          r"\s+)?"
          rf"(?P<wd>{WEEKDAY})\.?(?:\s+(?P<dir>after\s+next|before\s+last|(?:next|last)(?!\s+{_PERIOD})|(?:just\s+)?gone))?",
          _REL_WORDS, WEEKDAY_FIRST)  # fmt: skip
def _weekday(m: re.Match[str]) -> Item | None:
    """``friday``, ``next friday``, ``friday after next``, ``friday next`` (British: next Friday), ``friday gone``
    (``just gone``: the latest Friday before today alone)."""
    rel, placed = m["rel"], m["dir"]
    if placed and placed.endswith("gone"):
        return None if rel else Item("weekday", "", Weekday(WEEKDAYS[m["wd"]], "gone"))
    if placed and rel:
        return None  # "last monday after next": never the Monday after next with "last" dropped
    if placed:
        rel = placed if placed in {"next", "last"} else "after next" if "after" in placed else "before last"
    return Item("weekday", "", Weekday(WEEKDAYS[m["wd"]], rel))


#: A whole number of periods ahead ("in 3 months" after "the first Tuesday": that month, read by ``_in``).
_AHEAD = rf"(?:\d+|an?|{HOUR_WORD})\s*(?:weeks?|months?|quarters?|years?)\b"


@_element(rf"(?:the\s+)?(?P<n>{ORDINAL}|last|final|penultimate|latter|next[\s-]+to[\s-]+last)"
          r"(?P<back>[\s-]+(?:to[\s-]+|from\s+(?:the\s+)?)?last)?"
          rf"\s+(?P<u>day|(?P<full>(?:full|whole|complete|entire)\s+)?week|weekend|business day|working day|weekday"
          rf"|quarter|half|month|{WEEKDAY})\s+"
          rf"(?:of|in(?!\s+{_AHEAD})|(?=(?:this|next|last)\s+(?:year|month|quarter)\b|in\s+{_AHEAD}))",
          ("the", "last", "final", "penultimate", "latter", "next"), ORDINAL_FIRST)  # fmt: skip
def _ordinal(m: re.Match[str]) -> Item | None:
    """``the 2nd Tuesday of``, ``the last day of``; counted from the end: ``the 2nd last Monday of``, ``the second
    to last``, ``the third from last``, ``the next to last``, ``the penultimate``."""
    if m["n"] == "latter" and m["u"] != "half":
        return None  # "the latter half of": the second of two
    word = m["n"]
    if m["back"]:
        if not (word[0].isdigit() or word in WORD_ORDINALS):
            return None  # "the last last day", "the two last days": not an ordinal counted from the end
        n = -ordinal_value(word)
    elif word.startswith("next"):
        n = -2
    else:
        n = {"last": -1, "final": -1, "penultimate": -2, "latter": -1}.get(word) or ordinal_value(word)
    unit = "full week" if m["full"] else m["u"]
    return Item("ordinal", "", Ordinal(n, WEEKDAYS.get(unit, unit)))


@_element(
    rf"(?:the\s+)?(?P<n>first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+(?P<wd>{WEEKDAY})(?!\s+(?:of|in)\b)",
    ("the", "first", "second", "third", "fourth", "fifth", "last"),
    DIGIT,
)
def _ordinal_weekday_this_month(m: re.Match[str]) -> Item | None:
    return Item("date", "", NthWeekday(-1 if m["n"] == "last" else ordinal_value(m["n"]), WEEKDAYS[m["wd"]]))


#: "of" after a day of the month, before what it is of ("the 1st of next year"; "first of all" names no day).
_OF_RE = re.compile(r"\s+of\s+(?P<all>all\b)?")


@_element(rf"(?:the\s+)?(?P<d>{ORDINAL})(?:\s+day)?", "the", ORDINAL_FIRST)
def _day_of_month(m: re.Match[str]) -> Item | None:
    text = m["d"]
    if (text.isdigit() or text in WORD_NUMBERS) and "the" not in m.group(0):
        return None  # a bare number ("14", "one day") is no day of the month: "the 14th", "the fourteenth" are
    if text.isdigit() and re.match(r"[./]\d|-\d\d?-\d", m.string[m.end() :]):
        return None  # "the 12.06", "the 12-06-2024": a day and a month, never the 12th at 6 ("the 20-22" are days)
    of = _OF_RE.match(m.string, m.end())
    if of and of["all"]:
        return None  # "first of all friday": not the Friday on a 1st
    day = ordinal_value(text)
    return Item("date", "", DayOfMonth(day, of is not None)) if 1 <= day <= 31 else None


#: A period longer than a day after a bare "beginning" ("beginning June", "beginning next month"): its start (never a
#: day: "beginning July 1st", "beginning June the 3rd", "beginning 2025-07-01" are from that day).
_PERIOD_AFTER_RE = re.compile(
    rf"\s+(?:(?:this|next|last|the|coming)\s+)?(?:(?:week|month|year|quarter|fortnight|spring|summer|autumn|fall|winter)"
    rf"\b|\d{{4}}\b(?![-/.]\d)|(?:{MONTH})\b(?!\s+(?:the\s+)?(?:{ORDINAL})\b))"
)


#: The period under way after "the end of", whose end is month-end or year-end, a due day ("the end of the month").
_UNDER_WAY_RE = re.compile(r"\s*(?:(?:the|this)\s+)?(?:week|month|year|quarter)\b")


@_element(r"(?P<e>beginning|start|end|middle|mid|early|late|the end|the beginning|the start|the middle|close)"
          r"(?:\s+of(?:\s+the)?|-)?",
          ("beginning", "start", "end", "middle", "mid", "early", "late", "the", "close"))  # fmt: skip
def _edge(m: re.Match[str]) -> Item | None:
    if m.group(0) == "beginning" and not _PERIOD_AFTER_RE.match(m.string, m.end()):
        return None  # "beginning Monday": from Monday, as "starting Monday" ("beginning June" is its start)
    word = m["e"].replace("the ", "")
    edge = {"beginning": "start", "middle": "mid", "close": "end"}.get(word, word)
    alone = set(m.string[: m.start()].split()) <= {"at", "in", "around"}
    if m.group(0) != "beginning" and word == "beginning" and alone:
        edge = "begin"  # "the beginning of next month" alone: its early days ("from", "by" it: its start)
    elif word == "end" and alone and not _UNDER_WAY_RE.match(m.string, m.end()):
        edge = "finish"  # "at the end of November" alone: its last week ("by" it, "the end of the month": its last day)
    return Item("edge", "", edge)


@_element(r"eom|eoy|eow|eoq|end of month|end of year|end of week(?!\s+\d)|end of quarter", ("eo", "end"))
def _eo(m: re.Match[str]) -> Item | None:
    word = m.group(0)
    unit = word.split()[-1] if " " in word else {"m": "month", "y": "year", "w": "week", "q": "quarter"}[word[2]]
    return Item("date", "", PeriodEnd("end", unit))


#: What names the period a one-word end belongs to ("year-end 2020", "month-end march", "year end of next year").
_PERIOD_NEXT_RE = re.compile(
    rf"\s*(?:(?:of|for|in)\s+)?(?:\d{{4}}\b|(?:this|next|last|previous|coming|the)\s|{MONTH}\b)"
)


@_element(
    r"(?:the\s+)?(?:(?P<rel>this|next|last|previous)\s+)?(?P<u>year|month|quarter)(?:-|\s+)end",
    ("the", "this", "next", "last", "previous", "year", "month", "quarter"),
)
def _unit_end(m: re.Match[str]) -> Item | None:
    """``year-end``, ``month end``: the end of the current period, or of the one named next (``year-end 2020``;
    "week end" is the weekend); ``next quarter end``: the end of that period."""
    if _PERIOD_NEXT_RE.match(m.string, m.end()):
        return None if m["rel"] else Item("edge", "", "end")
    return Item("date", "", PeriodEnd("end", m["u"], m["rel"] or "this"))


#: a fraction of the unit before it: "an hour and a half", "an hour and a quarter" (never a quarter of a year more);
#: never before a unit of its own ("2 hours and a quarter hour", "a day and a quarter of an hour": another amount)
_AND_PART = rf"\s+and\s+(?:a\s+half|a\s+quarter|three[\s-]quarters)(?!\s+(?:of\s|{UNIT}(?![a-z])))"
_PIECE = rf"(?:(?<![a-z0-9])(?:{QUANTITY})(?:(?<=\d)\s*|(?<!\d)\s+)(?:{UNIT})(?:{_AND_PART})?(?![a-z]))"
_PIECE_RE = re.compile(
    rf"(?<![a-z0-9])(?P<n>{QUANTITY})(?:(?<=\d)\s*|(?<!\d)\s+)(?P<u>{UNIT})(?P<part>{_AND_PART})?(?![a-z])"
)
#: A duration: one to seven amounts of units ("2 years 1 month 21 days", "1 day and 5 hours"); the bound keeps the
#: work at each position of a phrase constant, so the scan stays linear in its length. The amount is written once:
#: a separator comes only after a letter (what every amount ends with, and nothing before the first one does: the
#: scan never starts on a space or a comma, and what leads to a duration ends with one), and an amount cannot
#: follow a letter directly.
_DUR = rf"(?P<dur>(?:(?:(?<=[a-z])(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+))?{_PIECE}){{1,7}})"


def _pieces(text: str, sign: int = 1) -> Pieces | None:
    """The (amount, unit) pieces of a duration; ``None`` when one cannot be read."""
    pieces: list[tuple[float, str]] = []
    for found in _PIECE_RE.finditer(text):
        amount = quantity_value(found["n"]) + (quantity_value(found["part"].split(None, 1)[1]) if found["part"] else 0)
        word = found["u"]
        unit = UNITS.get(word) or UNITS.get(word.rstrip("s")) or UNITS.get(word[:-2])
        if unit is None or amount != amount or (unit == "month" and "quarter" in (found["part"] or "")):
            return None  # "a month and a quarter": a quarter of a month is no number of days
        months = amount * UNIT_MONTHS.get(unit, 0)
        if amount % 1 and months and not months % 1:
            amount, unit = months, "month"  # "half a year", "1.5 years": whole months, counted on the calendar
        pieces.append((sign * amount, unit))
    if not pieces or (any(u == "business day" for _, u in pieces) and (len(pieces) > 1 or pieces[0][0] % 1)):
        return None  # business days are counted whole, alone
    return tuple(pieces)


def _duration_item(kind: str, text: str, sign: int, mode: str | None = None) -> Item | None:
    """The item of a length of time; a span of no length ("the next 0 minutes", "within 0 days") is none."""
    pieces = _pieces(text, sign)
    if pieces is None or (kind == "span" and not any(count for count, _ in pieces)):
        return None
    return Item(kind, "", Offset(pieces, mode) if mode else pieces)


@_element(
    rf"(?:in|after)\s+(?:another\s+|a\s+further\s+|(?:about|around|approximately|roughly|just|only)\s+)?"
    rf"{_DUR}(?:\s+time|\s*'s?\s+time)?",
    ("in", "after"),
)
def _in(m: re.Match[str]) -> Item | None:
    return _duration_item("offset", m["dur"], 1, "from now")


@_element(r"in\s+(?P<h>\d{1,2})\s*h\s*(?P<m>[0-5]\d)(?:\s*m(?:in)?)?", "in")
def _in_hours_minutes(m: re.Match[str]) -> Item | None:
    """``in 1h30``: hours and minutes written together, a length of time (never the clock time 1:30)."""
    return Item("offset", "", Offset(((int(m["h"]), "hour"), (int(m["m"]), "minute")), "from now"))


@_element(
    r"(?:the\s+)?(?P<dir>next|following|previous|last|prior)\s+(?:business|working|week)\s*day",
    ("the", "next", "following", "previous", "last", "prior"),
)
def _next_business_day(m: re.Match[str]) -> Item | None:
    return Item("offset", "", Offset(((1 if m["dir"] in {"next", "following"} else -1, "business day"),), "from now"))


@_element(
    r"(?:the\s+)?(?P<dir>next|first|following|last|previous|final)\s+(?:business|working)\s*day\s+(?P<rel>after|before)"
    r"(?!\s+(?:\d{1,2}(?:[:.]\d\d)?\s*(?:[ap]\.?m\b|h\b|$)|\d{1,2}:|noon|midday|midnight"  # a date, never a clock
    r"|(?:the\s+)?(?:end|close)\b|\w+[\s-]*end\b|eo[dwmqy]\b))",  # nor the end of a period (its last day or after)
    ("the", "next", "first", "following", "last", "previous", "final"),
)
def _business_day_from(m: re.Match[str]) -> Item | None:
    """``the first business day after christmas``, ``the last working day before easter``: one working day after
    (before) the date (never "the last business day after")."""
    after = m["rel"] == "after"
    if after != (m["dir"] in {"next", "first", "following"}):
        return None
    return Item("offset", "", Offset(((1 if after else -1, "business day"),), "anchored"))


@_element(rf"{_DUR}\s+(?P<dir>ago|from\s+now|later|hence|from\s+today|before\s+now|earlier|back|in\s+the\s+past"
          r"|in\s+the\s+future|today|tomorrow|yesterday)", QUANTITY_FIRST)  # fmt: skip
def _ago(m: re.Match[str]) -> Item | None:
    """``3 days ago``, ``2 weeks from now``; ``a week today``, ``a fortnight tomorrow``: that long after today
    (tomorrow), for durations of days or more; ``a week yesterday`` (British): that long before yesterday."""
    if m["dir"] in {"today", "tomorrow", "yesterday"}:
        pieces = _pieces(m["dur"], -1 if m["dir"] == "yesterday" else 1)
        if pieces is None or any(unit in {"second", "minute", "hour", "business day"} for _, unit in pieces):
            return None
        day = {"today": (), "tomorrow": ((1.0, "day"),), "yesterday": ((-1.0, "day"),)}[m["dir"]]
        return Item("offset", "", Offset((*pieces, *day), "from now"))
    back = m["dir"] in {"ago", "before now", "earlier", "back", "in the past"}
    return _duration_item("offset", m["dur"], -1 if back else 1, "from now")


#: A length after a sign that follows a signed length ("2h" in "today - 3d - 2h").
_MORE = rf"{_PIECE}(?:\s+{_PIECE}){{0,6}}"
_SIGNED_RE = re.compile(rf"(?P<sign>[+-])\s*(?P<dur>{_MORE})")
#: Words before a plus sign counting from now: a time of day alone ("4pm + 3 days": 4pm three days from now), or
#: a word starting the end of a range ("-3 days to +1 month").
_PLUS_AFTER_RE = re.compile(
    r"(?:at\s+)?(?:\d\d?(?::\d\d)?\s*[ap]m|\d\d?:\d\d|noon|midnight)|.*\b(?:to|till|until|through|and|between|from)"
)
_WHOLE = {"day", "week", "fortnight"}
#: Hours and minutes after a sign, a length not added up ("- 9h30").
_HOURS_MINUTES_AFTER_RE = re.compile(r"\s*[+-]\s*\d{1,2}\s*h\s*[0-5]\d")


@_element(rf"(?P<now>now\s*)?(?P<sign>[+-])\s*{_DUR}(?P<more>(?:\s*[+-]\s*{_MORE}){{0,7}})", ("now", "+", "-"))
def _signed(m: re.Match[str]) -> Item | None:
    """``+20 minutes``, ``-2h``, ``now - 2 days``, ``today - 3d``: that long from now; a sign only where the phrase
    starts or after "now", "today" (a plus also after "tomorrow", "yesterday", a lone clock or "to"). A whole number
    of days or weeks ending the phrase after other words is counted from the date they name ("thanksgiving + 2 days",
    "christmas minus 3 days"; see ``_read``); elsewhere a dash joins the ends of a range. Signed lengths in a row are
    added up: "today - 3d - 2h" is 3 days and 2 hours ago (never 02:00 three days ago)."""
    before = m.string[: m.start()].rstrip()
    # (never after "the day after tomorrow", "a week from today": counted from the day they name)
    after_day = re.search(r"(?<!after)(?<!before)(?<!from) (?:today|tomorrow|yesterday)$", f" {before}") is not None
    after_day &= m["sign"] == "+" or before.endswith("today")
    after_clock = m["sign"] == "+" and _PLUS_AFTER_RE.fullmatch(before) is not None
    if not m["now"] and before and not after_day and not after_clock:
        added = _pieces(m["dur"], -1 if m["sign"] == "-" else 1)
        if m["more"] or m.end() < len(m.string) or not added or any(a % 1 or u not in _WHOLE for a, u in added):
            return None  # "friday + 2 hours", "+ half a day", "monday - 2 weeks from now": not whole days counted
        return Item("offset", "", Offset(added, "anchored"))
    if _HOURS_MINUTES_AFTER_RE.match(m.string, m.end()):
        return None  # "today - 4d - 9h30": never the clock 09:30
    parts = [(m["sign"], m["dur"]), *((n["sign"], n["dur"]) for n in _SIGNED_RE.finditer(m["more"]))]
    pieces = [_pieces(text, -1 if sign == "-" else 1) for sign, text in parts]
    if None in pieces or (len(parts) > 1 and any(u == "business day" for p in pieces for _, u in p or ())):
        return None  # business days are counted whole, alone
    return Item("offset", "", Offset(tuple(p for each in pieces for p in each or ()), "from now"))


@_element(rf"(?:in\s+)?{_DUR}\s+(?P<dir>from|after|before|prior\s+to|since)", "in", QUANTITY_FIRST)
def _anchored(m: re.Match[str]) -> Item | None:
    """``2 days after monday``, ``in 3 days from friday``; never "in" before a count read backwards ("in 2 days
    before 9am" is two days from now, before 9am: ``_in`` reads the count)."""
    back = m["dir"] in {"before", "prior to"}
    if back and m.group(0).startswith("in"):
        return None
    return _duration_item("offset", m["dur"], -1 if back else 1, "since" if m["dir"] == "since" else "anchored")


@_element(rf"(?P<dur>(?:\d+|an?|{HOUR_WORD})\s+(?:weeks?|fortnights?))\s+on(?=\s+{WEEKDAY}\b)", DIGIT, "a", HOUR_FIRST)
def _week_on(m: re.Match[str]) -> Item | None:
    """``a week on Monday``, ``a fortnight on Friday`` (British): that long after the coming weekday."""
    return _duration_item("offset", m["dur"], 1, "on")


@_element(
    rf"(?<!\bin )(?P<n>{COUNT})\s+(?P<wd>{WEEKDAY}|weekend)s?\s+(?P<dir>ago|back|from\s+(?:now|today)|hence|later)"
    rf"|in\s+(?P<n3>{COUNT})\s+(?P<wd3>{WEEKDAY}|weekend)s\b(?!\s+(?:ago|back|from|hence|later)\b)"
    rf"|(?:the\s+)?(?P<o>{ORDINAL})\s+(?P<wd2>{WEEKDAY})\s+from\s+(?:now|today)",
    COUNT_FIRST,
    "the",
    "in",
    ORDINAL_FIRST,
)
def _weekdays_ago(m: re.Match[str]) -> Item | None:
    """``3 fridays from now``, ``2 mondays ago`` (``back``), ``in two saturdays``, ``the 3rd friday from now``, ``2
    weekends ago``: counted in weeks from today ("in 2 saturdays later" is not understood, as "in 2 weeks from now"
    is)."""
    count = m["n"] or m["n3"]
    n = int(quantity_value(count)) if count else ordinal_value(m["o"])
    if n < 1:
        return None
    back = m["dir"] in {"ago", "back"}
    name = m["wd"] or m["wd2"] or m["wd3"]
    weekend = name == "weekend"
    return Item("date", "", WeekdayCount(5 if weekend else WEEKDAYS[name], -n if back else n, weekend))


_BACK_WORDS = {"last", "past", "previous", "prior", "preceding"}


@_element(rf"(?P<dir>last|past|previous|prior|preceding|next|coming|following|upcoming)\s+{_DUR}", _REL_WORDS)
def _last_n(m: re.Match[str]) -> Item | None:
    """``the next 3 days``, ``last 2 hours``."""
    return _duration_item("span", m["dur"], -1 if m["dir"] in _BACK_WORDS else 1)


@_element(
    rf"(?P<n>{QUANTITY})\s+(?P<dir>last|past|previous|prior|next|coming|following|upcoming)\s+(?P<u>{UNIT})",
    QUANTITY_FIRST,
)
def _n_last(m: re.Match[str]) -> Item | None:
    if not m["u"].endswith("s"):
        return None  # "23 next month" is a day of next month, "2 next days" a span
    return _duration_item("span", f"{m['n']} {m['u']}", -1 if m["dir"] in _BACK_WORDS else 1)


@_element(r"(?P<dir>last|past|previous|next|coming|following|upcoming)\s+(?P<u>hour|minute|second|fortnight|"
          r"24\s+hours)", _REL_WORDS)  # fmt: skip
def _last_unit(m: re.Match[str]) -> Item | None:
    return _duration_item(
        "span", "1 " + m["u"] if not m["u"][0].isdigit() else m["u"], -1 if m["dir"] in _BACK_WORDS else 1
    )


@_element(
    rf"(?:within|in\s+(?:under|less\s+than))\s+(?:the\s+)?(?:next\s+|coming\s+|upcoming\s+)?{_DUR}", ("within", "in")
)
def _within(m: re.Match[str]) -> Item | None:
    """``within 2 hours``, ``in under an hour``, ``in less than 3 days``: the span from now."""
    return _duration_item("span", m["dur"], 1, None)


@_element(
    r"(?:within\s+(?:the\s+)?|(?:in|over|during)\s+the\s+)(?:next|coming|upcoming)\s+"
    rf"(?P<u>second|minute|hour|day|week|fortnight|month|year)(?:\s+and\s+{_DUR})?|within\s+the\s+(?P<u2>hour|minute)",
    ("within", "in", "over", "during"),
)
def _within_next_unit(m: re.Match[str]) -> Item | None:
    """``within the next hour``, ``within the next day and 5 hours``, ``within the hour``: a span from now of one unit
    (and more); ``in the next week``, ``over the coming month`` are the same window, never the calendar week or month
    after this one ("next week" is)."""
    return _duration_item("span", f"1 {m['u'] or m['u2']}" + (f" and {m['dur']}" if m["dur"] else ""), 1, None)


@_element(
    rf"(?:within|less\s+than|under)\s+(?:the\s+)?(?:next\s+|coming\s+|upcoming\s+)?{_DUR}\s+(?:from|after)\s+"
    r"(?P<anchor>today|now|tomorrow)",
    ("within", "less", "under"),
)
def _within_from(m: re.Match[str]) -> Item | None:
    """``within 2 weeks from today``, ``less than 3 days after tomorrow``: the days from the anchor on."""
    pieces = _pieces(m["dur"])
    if pieces is None or any(u in {"second", "minute", "hour"} for _, u in pieces) or not any(n for n, _ in pieces):
        return None
    return Item("window", "", Within(pieces, 1 if m["anchor"] == "tomorrow" else 0))


@_element(rf"(?:the\s+)?(?P<edge>first|last|final)\s+{_DUR}\s+(?:of|in)", ("the", "first", "last", "final"))
def _leading(m: re.Match[str]) -> Item | None:
    """``the first 2 weeks of``, ``the last four months of``: that many whole units at one end of a period."""
    pieces = _pieces(m["dur"])
    if pieces is None or len(pieces) != 1 or pieces[0][1] not in {"day", "week", "month", "quarter", "year"}:
        return None
    amount, unit = pieces[0]
    return Item("lead", "", Lead(int(amount), unit, m["edge"] != "first")) if amount == int(amount) >= 1 else None


@_element(rf"for\s+(?:about\s+|around\s+|another\s+)?{_DUR}", "for")
def _for(m: re.Match[str]) -> Item | None:
    """``for 2 hours``, ``3 days starting monday``: how long what starts at the time named lasts."""
    return _duration_item("duration", m["dur"], 1)


_element(rf"{_DUR}\s+(?:starting|beginning|commencing)(?:\s+(?:from|on|at))?", QUANTITY_FIRST)(_for)


@_element(rf"(?:the\s+)?(?P<how>closest|nearest)\s+(?P<wd>{WEEKDAY})\s+(?:to|from)", ("the", "closest", "nearest"))
def _nearest(m: re.Match[str]) -> Item | None:
    return Item("nearest", "", Nearest(WEEKDAYS[m["wd"]]))


#: The words a date a weekday is counted from may start with ("the monday after thanksgiving", "the sunday before
#: mother's day", "the friday after this week", "the friday before next week", "the sunday before next easter"), or
#: a date in digits ("the sunday before 5/10", "the friday before 6.2", "the monday after 2025-06-18": never a pair
#: that may be a clock, "friday before 6.12"); before anything else "before" and "after" keep their other readings
#: ("friday before 5pm": a deadline; "the friday after next").
_DATE_NAMES = frozenset({name.split()[0] for name in HOLIDAYS} | set(MONTHS))
_ANCHOR_WORDS = _DATE_NAMES | {"this", "coming", "previous", "first", "second", "third", "fourth", "fifth", "final"}
_NEXT_WORD_RE = re.compile(
    rf"\s+(?:the\s+)?([a-z]+(?:'s)?|\d{{1,2}}/\d{{1,2}}\b|\d{{1,2}}\.(?:\d|\d\d?\.\d+)\b|\d{{4}}-\d\d-\d\d)"
    rf"(?P<placed>\s+(?:{WEEKDAY}|{_PERIOD}|{alternatives(_DATE_NAMES)})\b)?"
)

_PLACES = ("first", "second", "third", "fourth", "fifth", "last", "final")


@_element(
    rf"(?:(?:the\s+)?(?:(?P<n>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|final)\s+)?"
    rf"(?P<wd>{WEEKDAY}|weekend|week)|(?P<c>two|three|four|five|[2-5])\s+(?P<wd2>{WEEKDAY}|weekend)s)\s+"
    r"(?P<dir>after|following|before|preceding|prior\s+to)",
    ("the", *_PLACES, "weekend", "week", "two", "three", "four", "five"),
    WEEKDAY_FIRST,
    DIGIT,
)
def _weekday_beside(m: re.Match[str]) -> Item | None:
    """``the monday after thanksgiving``, ``the sunday before easter``: the first such weekday after the end of the
    date named next (before its start); ``the weekend after thanksgiving``: the first whole weekend after it; ``the
    week after easter``: the calendar week after its own, or the seven days after it; ``the second friday after new
    year`` (``two fridays after new year``): the one a week later."""
    following = _NEXT_WORD_RE.match(m.string, m.end())
    if following is None or m[0].startswith("week"):  # "week after easter": which week is not said
        return None
    word = following.group(1)
    if not (word in _ANCHOR_WORDS or word[0].isdigit() or (word in {"next", "last"} and following["placed"])):
        return None  # "friday after next" stays the Friday after next Friday
    direction = -1 if m["dir"] in {"before", "preceding", "prior to"} else 1
    last = m["n"] in {"last", "final"}
    if last and direction == 1:
        return None  # "the last friday after easter" names no such weekday
    name = m["wd"] or m["wd2"]
    weekday = name if name in {"weekend", "week"} else WEEKDAYS[name]
    count = 1 if last else ordinal_value(m["n"]) if m["n"] else int(quantity_value(m["c"])) if m["c"] else 1
    return Item("nearest", "", Nearest(weekday, direction, count))


@_element(r"(?:the\s+)?weekend\s+of", ("the", "weekend"))
def _weekend_of(m: re.Match[str]) -> Item | None:
    """``the weekend of the 22nd``: the weekend of the day named next, joined to it as a holiday's weekend is."""
    return Item("nearest", "", Nearest("weekend"))


@_element(r"between|from", ("between", "from"))
def _between(m: re.Match[str]) -> Item | None:
    return Item("between", "", m.group(0))


@_element(
    "(?:up\\s+)?(?:to|till|until)\\s+date|to|until|till|til|thru|through|and|-|\u2013|~|up\\s+to",
    ("up", "to", "till", "until", "til", "thru", "through", "and", "-", "\u2013", "~"),
)
def _sep(m: re.Match[str]) -> Item | None:
    """A range's separator; "to date" also names its end, today."""
    return Item("sep", "", "to date" if m.group(0).endswith("date") else m.group(0))


@_element(r"before|after", ("before", "after"))
def _bound(m: re.Match[str]) -> Item | None:
    """``before 9am tomorrow``, ``after 6pm``: one side of the time named next (tried last: "2 days before christmas",
    "friday after next" keep their readings)."""
    return Item("bound", "", m.group(0))
