"""Elements for calendar dates: numeric and written dates, months, years, seasons, holidays, quarters, decades."""

from __future__ import annotations

import re
from datetime import date

from ..._calendar_words import MONTHS, short_years
from ..._numbers import ONES, TENS, words_value
from ._calendar import SEASONS
from ._holidays import HOLIDAYS
from ._items import DIGIT, Element, Item, registrar
from ._lexicon import FILLERS, MONTH, MONTH_FIRST, ORDINAL, ORDINAL_FIRST, alternatives, ordinal_value
from ._payloads import (
    Days,
    Decades,
    FullDate,
    Half,
    Holiday,
    IsoWeek,
    Month,
    MonthDay,
    Offset,
    Ordinal,
    Quarter,
    Season,
    Years,
)

__all__ = ["ELEMENTS", "year_first"]

#: The elements of this module, in the order they are tried.
ELEMENTS: list[Element] = []
_element = registrar(ELEMENTS)
#: The words that can put a date before or after today ("next march", "this easter").
_REL_WORDS = ("this", "next", "last", "past", "previous", "coming", "following", "upcoming")


@_element(r"(?P<y>[12]\d{3})(?P<s>[-/.])(?P<mo>\d{1,2})(?P=s)(?P<d>\d{1,2})", DIGIT)
def _iso_date(m: re.Match[str]) -> Item | None:
    """A date written year first ("2024-06-12", "2024/6/12", "2024.06.12"): year, month, day, as everywhere it is."""
    return Item("date", "", FullDate(int(m["y"]), int(m["mo"]), int(m["d"])))


@_element(
    r"(?:(?P<rel>next|last|this|coming|previous)\s+)?(?P<a>\d{1,2})(?P<sep>[/.-])(?P<b>\d{1,2})(?:(?P=sep)(?P<y>\d{4}|\d{2}))?",
    ("next", "last", "this", "coming", "previous"),
    DIGIT,
)
def _numeric_date(m: re.Match[str]) -> Item | None:
    a, b = int(m["a"]), int(m["b"])
    if m["sep"] == "-" and not m["y"]:
        return None  # "3-5" is a range of numbers
    years = (short_years(int(m["y"])) if len(m["y"]) == 2 else (int(m["y"]),)) if m["y"] else ()
    readings = [(mo, d) for mo, d in ((a, b), (b, a)) if 1 <= mo <= 12 and 1 <= d <= 31]
    if not readings:
        other = year_first(m.group(0))  # "99-12-31": year first only
        return None if other is None else Item("date", "", other)
    on = re.search(r"(?:^|\s)(?:on |on the |(?<!at )the )$", m.string[: m.start()]) is not None
    return Item("date", "", MonthDay(tuple(dict.fromkeys(readings)), years, m["rel"], on))


_YEAR_FIRST_RE = re.compile(r"(?P<yy>\d\d)(?P<sep>[/.-])(?P<mo>\d\d)(?P=sep)(?P<d>\d\d)")


def year_first(text: str) -> MonthDay | None:
    """Three two-digit fields ("22-06-25") read year first, as YY-MM-DD (2022-06-25): a reading kept beside the
    day-first and month-first ones; None when the text is not three such fields or they make no day."""
    found = _YEAR_FIRST_RE.fullmatch(text)
    if found is None or not (1 <= int(found["mo"]) <= 12 and 1 <= int(found["d"]) <= 31):
        return None
    return MonthDay(((int(found["mo"]), int(found["d"])),), short_years(int(found["yy"])))


#: Four digits after a space that make a 24-hour time below 15:00 ("march 5 1230") are that time, never an early year
#: (written "march 5, 1230" or "of 1230" it is the year); four digits marked as a time ("dec 5 1930 hrs") are never one.
_EARLY = r"(?!(?<=[a-z0-9]\s)(?<!of\s)(?<!in\s)(?:0\d|1[0-4])[0-5]\d(?!\d))"
_YEAR = (
    rf"(?:(?:,?\s*(?:of\s+|in\s+)?|\s*[-/,]\s*)(?P<y>{_EARLY}\d{{4}}(?!\s*(?:hours|hrs|hr|h)\b))"
    r"|\s+of\s+'?(?P<yy>\d\d)|(?:,?\s*|-)'(?P<yy2>\d\d))?"
)
#: Not a time of day or an amount: what two digits after a date must not be followed by to be its year.
_NOT_TIME = r"(?![\d:.])(?!\s*(?:[ap]m?\b|h\b|hrs?\b|hours?\b|mins?\b|minutes?\b|o'?clock|days?\b|weeks?\b))"
#: Two digits after a date written with a dash, slash or dot between its day and month, joined the same way
#: ("12-sep-09", "12.sep.09"), or after a space ("5 mar 12"): the year.
_SHORT_YEAR = rf"(?:(?P=ds)(?P<yy3>\d\d)|\s+(?P<yy4>\d\d)){_NOT_TIME}"
_REL_DATE = r"(?:(?P<rel>this|next|last|past|previous|coming|following|upcoming)\s+)?"


_AFTER_NEXT = r"(?:\s+(?P<dir>after\s+(?:the\s+)?next|before\s+(?:the\s+)?last))?"


def _placed(m: re.Match[str]) -> str | None:
    """The word placing a recurring date: ``next``... before it, or ``after next``/``before last`` after it ("" when
    both are written, or one with a year)."""
    if not m["dir"]:
        return m["rel"]
    if m["rel"] or _year_value(m):
        return ""
    return "after next" if m["dir"].startswith("after") else "before last"


def _year_value(m: re.Match[str]) -> tuple[int, ...]:
    """The readings of the year written after a date: four digits, or two after "of" or an apostrophe (``'87``:
    1987; see ``short_years``); none when none is written."""
    if m["y"]:
        return (int(m["y"]),)
    found = m.groupdict()
    short = found.get("yy") or found.get("yy2") or found.get("yy3") or found.get("yy4")
    return short_years(int(short)) if short else ()


def _md(month: int, day: int, m: re.Match[str]) -> Item | None:
    if not 1 <= day <= 31:
        return None
    return Item("date", "", MonthDay(((month, day),), _year_value(m), m.groupdict().get("rel")))


@_element(
    _REL_DATE
    + rf"(?P<mo>{MONTH})\.?(?:,?\s+(?:the\s+)?|\s*(?P<ds>[-/])\s*|(?=\d))(?P<d>{ORDINAL})(?!:)"
    + r"(?!\s+(?:hundred|thousand))"
    # "march two years from now": a count of a length, never the 2nd
    + r"(?!\s+(?:(?:year|month|week|fortnight|day|hour)s?)\s+(?:from now|ago|later|hence|earlier|before|after)\b)"
    # "january nineteen ninety seven": a year in words, never the 19th
    + r"(?!(?:(?<=nineteen)|(?<=twenty))[\s-](?:oh|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b)"
    + rf"(?:(?P=ds)(?P<yy3>\d\d){_NOT_TIME}|{_YEAR})",
    _REL_WORDS,
    MONTH_FIRST,
)
def _month_day(m: re.Match[str]) -> Item | None:
    """A day of a named month, in any of the orders below: "march 3", "3rd of march", "2024 mar 3"."""
    return _md(MONTHS[m["mo"]], ordinal_value(m["d"]), m)


_element(
    _REL_DATE
    + rf"(?:the\s+)?(?P<d>{ORDINAL})(?:\s+(?:of\s+|day\s+of\s+)?|\s*(?P<ds>[-/.])\s*|(?<=\d)(?=[a-z]))(?P<mo>{MONTH})"
    + rf"\.?(?:{_SHORT_YEAR}|{_YEAR})",
    _REL_WORDS,
    "the",
    ORDINAL_FIRST,
)(_month_day)
_element(rf"(?P<y>[12]\d{{3}})\s*[-/ ]\s*(?P<mo>{MONTH})\.?\s*[-/ ]\s*(?P<d>\d{{1,2}})", DIGIT)(_month_day)


@_element(
    rf"(?P<mo>{MONTH})\.?(?P<s>[-/])(?P<y>[12]\d{{3}})(?P=s)(?P<d>\d{{1,2}})"
    rf"|(?P<y2>[12]\d{{3}})(?P<s2>[-/])(?P<d2>\d{{1,2}})(?P=s2)(?P<mo2>{MONTH})"
    rf"|(?P<d3>\d{{1,2}})(?P<s3>[-/])(?P<y3>[12]\d{{3}})(?P=s3)(?P<mo3>{MONTH})",
    MONTH_FIRST,
    DIGIT,
)
def _named_month_any_order(m: re.Match[str]) -> Item | None:
    """A day, a named month and a four-digit year joined by one separator, in the orders the other patterns leave
    out: ``September-2020-23``, ``2020/23/Sep``, ``23-2020-September``."""
    month = MONTHS[m["mo"] or m["mo2"] or m["mo3"]]
    day = int(m["d"] or m["d2"] or m["d3"])
    year = int(m["y"] or m["y2"] or m["y3"])
    return Item("date", "", MonthDay(((month, day),), (year,), None)) if 1 <= day <= 31 else None


@_element(r"(?P<y>[12]\d{3})\s*[-/ ]\s*(?P<mo>\d{1,2})\s*[-/ ]\s*(?P<d>\d{1,2})", DIGIT)
def _year_month_day_digits(m: re.Match[str]) -> Item | None:
    month = int(m["mo"])
    return _md(month, int(m["d"]), m) if 1 <= month <= 12 else None


@_element(r"(?P<y>[12]\d{3})\s*[-/]\s*(?P<mo>\d{1,2})|(?P<mo2>\d{1,2})\s*[-/]\s*(?P<y2>[12]\d{3})", DIGIT)
def _year_month_digits(m: re.Match[str]) -> Item | None:
    """``2024-03``, ``3/2024``; a one-digit month joined by a dash to four digits before 1900 is no month
    ("9-1700": 9:00 to 17:00)."""
    month = int(m["mo"] or m["mo2"])
    if not 1 <= month <= 12 or (m["mo2"] and len(m["mo2"]) == 1 and "-" in m.group(0) and int(m["y2"]) < 1900):
        return None
    return Item("date", "", Month(month, (int(m["y"] or m["y2"]),), None))


@_element(rf"(?:the\s+)?ides\s+of\s+(?P<mo>{MONTH})" + _YEAR, ("the", "ides"))
def _ides(m: re.Match[str]) -> Item | None:
    month = MONTHS[m["mo"]]
    return _md(month, 15 if month in {3, 5, 7, 10} else 13, m)


@_element(
    _REL_DATE
    + rf"(?:the\s+)?(?:month\s+of\s+)?(?P<mo>{MONTH})\.?"
    + _AFTER_NEXT
    + rf"(?:\s+(?P<yy4>3[2-9]|[4-9]\d){_NOT_TIME}|{_YEAR})",
    _REL_WORDS,
    ("the", "month"),
    MONTH_FIRST,
)
def _month(m: re.Match[str]) -> Item | None:
    rel = _placed(m)
    return Item("date", "", Month(MONTHS[m["mo"]], _year_value(m), rel)) if rel != "" else None


#: What joins the end of a range to its start, right before an apostrophe year: with a start said, no year alone. A
#: part of the year before a hyphen ("mid-'26") and "up to" join nothing when said first.
_JOINED_RE = re.compile(
    r"(?:(?:\b(?:mid|middle|early|late|end|start|beginning)\s*)?-|[/~\u2013\u2014]|\b(?:up\s+)?to"
    r"|\b(?:and|or|through|thru|until|till|til))\s*$"
)


@_element(
    r"(?:the\s+)?(?:(?:calendar\s+)?year\s+|cy\s*)?(?P<y>(?:1[5-9]|2[01])\d\d)"
    r"|(?:the\s+)?(?:calendar\s+)?year\s+(?P<any>\d{1,4})|cy\s*(?P<yy>\d\d)|'(?P<yy2>\d\d)$",
    ("the", "calendar", "year", "cy", "'"),
    DIGIT,
)
def _year(m: re.Match[str]) -> Item | None:
    """``2019``, ``year 247`` (any year once "year" is said, but two digits follow ``short_years``: "the year 90" is
    1990), ``cy 2008``, ``cy18`` (calendar year 2018), ``'25`` ending the phrase (2025, "until '25" too; "'25 june'"
    is a quoted day, "mar-'26" March 2026, and "2025-'26", "june to '26" are never a range; two digits with two
    readings are not understood, as a year alone has one)."""
    joined = _JOINED_RE.search(m.string, 0, m.start()) if m["yy2"] else None
    if joined and not set(m.string[: joined.start()].split()) <= FILLERS:
        return None
    short = m["yy"] or m["yy2"] or (m["any"] if len(m["any"] or "") == 2 else None)
    if short:
        years = short_years(int(short))
        return Item("year", "", years[0]) if len(years) == 1 else None
    year = int(m["y"] or m["any"])
    return Item("year", "", year) if year >= 1 else None


_SEASON = "|".join(SEASONS)


@_element(
    rf"(?:(?P<rel>this|current|next|last|past|previous|coming|following)\s+)?(?P<s>{_SEASON})" + _AFTER_NEXT + _YEAR,
    (*_REL_WORDS, "current"),
    SEASONS,
)
def _season(m: re.Match[str]) -> Item | None:
    rel = _placed(m)  # "current summer": the one under way
    return Item("date", "", Season(m["s"], _year_value(m), rel)) if rel != "" else None


_HOLIDAY = alternatives(HOLIDAYS)


@_element(
    rf"(?:(?P<rel>this|next|last|past|previous|coming|following)\s+)?(?:the\s+)?(?P<h>{_HOLIDAY})"
    r"(?P<w>\s+(?:long\s+)?weekend)?" + _AFTER_NEXT + _YEAR,
    _REL_WORDS,
    "the",
    HOLIDAYS,
)
def _holiday(m: re.Match[str]) -> Item | None:
    """A holiday (``easter 2019``), or its weekend (``memorial day weekend``: see ``_holidays.holiday_spans``)."""
    name = m["h"] + (" long weekend" if m["w"] and "long" in m["w"] else " weekend") if m["w"] else m["h"]
    rel = _placed(m)
    return Item("date", "", Holiday(name, _year_value(m), rel)) if rel != "" else None


_QUARTERS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}


@_element(
    rf"(?:(?:q|quarter\s*)(?P<q>[1-4])|(?:the\s+)?(?P<w>{'|'.join(_QUARTERS)})\s+quarter)"
    + _YEAR.replace("(?:,?", "(?:,?\\s*(?:fy)?"),
    ("q", "quarter", "the", "first", "second", "third", "fourth"),
    DIGIT,
)
def _quarter(m: re.Match[str]) -> Item | None:
    """``q3``, ``quarter 3 fy 2024``, ``the second quarter of '21``."""
    return Item("date", "", Quarter(int(m["q"]) if m["q"] else _QUARTERS[m["w"]], _year_value(m)))


@_element(r"(?P<y0>\d{4})\s*-?\s*(?P<k>q|h)(?P<n>[1-4])|(?P<k2>h)(?P<n2>[12])" + _YEAR, DIGIT, "h")
def _year_part(m: re.Match[str]) -> Item | None:
    """``2024q3``, ``2025-h1``, ``h2``, with its year after it as a quarter's (``h2 2026``, ``h2-'26``)."""
    kind, number = m["k"] or m["k2"], int(m["n"] or m["n2"])
    years = (int(m["y0"]),) if m["y0"] else _year_value(m)
    if kind == "h":
        return Item("date", "", Half(number, years)) if number <= 2 else None
    return Item("date", "", Quarter(number, years))


_DECADE_WORDS = {"noughties": 0, "tens": 1, "twenties": 2, "thirties": 3, "forties": 4, "fifties": 5, "sixties": 6,
                 "seventies": 7, "eighties": 8, "nineties": 9}  # fmt: skip


#: Words before "1800s" that make it a period ("the early 1800s", "in the mid-1800s").
_DECADE_PARTS = ("the", "early", "late", "mid", "middle")


@_element(
    r"(?:the\s+)?(?:(?P<c>19|20)|')?(?P<d>\d)0\s?'?s|(?:the\s+)?(?P<h>1[0-8])00\s?'?s"
    r"|(?:the\s+)?(?:(?P<cw>nineteen|twenty|two\s+thousand(?:\s+and)?)[\s-])?(?P<w>noughties|twenties|thirties|"
    r"forties|fifties|sixties|seventies|eighties|nineties)"
    r"|(?:the\s+)?(?P<cw2>nineteen|twenty|two\s+thousand(?:\s+and)?)[\s-]tens"
    r"|(?:the\s+)?(?P<k>nineteen\s+hundreds|two\s+thousands)",
    ("the", "'", "nineteen", "twenty", "two"),
    DIGIT,
    _DECADE_WORDS,
)
def _decade(m: re.Match[str]) -> Item | None:
    """``the 80s``, ``the nineteen-eighties``, ``the twenty-tens``, ``the two thousands``; ``the nineteen hundreds``,
    ``the 1800s``: that decade, or the hundred years from it."""
    if m["k"]:
        start = 1900 if m["k"].startswith("nineteen") else 2000
        return Item("date", "", Decades((start,), hundreds=start == 1900))
    if m["h"]:  # "1800s" alone is 1800 seconds: the years only as "the 1800s", "early 1800s" or "1800's"
        before = m.string[max(0, m.start() - 8) : m.start()].rstrip(" -")
        if not m.group(0).startswith("the") and "'" not in m.group(0) and not before.endswith(_DECADE_PARTS):
            return None
        return Item("date", "", Decades((int(m["h"]) * 100,), hundreds=True))
    if m["c"] and m["d"] == "0":
        return Item("date", "", Decades((int(m["c"]) * 100,), hundreds=m["c"] == "19"))  # the 2000s: the decade alone
    digit = int(m["d"]) if m["d"] else _DECADE_WORDS[m["w"] or "tens"]
    spoken = (m["cw"] or m["cw2"] or "").split()[0] if (m["cw"] or m["cw2"]) else ""
    century = m["c"] or {"nineteen": "19", "twenty": "20", "two": "20"}.get(spoken)
    if not century and m["w"] != "noughties":
        return Item("date", "", Decades((digit * 10,), century=False))
    return Item("date", "", Decades((int(century or 20) * 100 + digit * 10,)))


@_element(rf"(?:the\s+)?(?P<n>{ORDINAL})\s+century", "the", ORDINAL_FIRST)
def _century(m: re.Match[str]) -> Item | None:
    n = ordinal_value(m["n"])
    return Item("date", "", Years((n - 1) * 100, n * 100)) if 1 <= n <= 30 else None


@_element(
    r"(?:the\s+)?(?:rest|remainder)\s+(?:of\s+)?(?:the\s+|my\s+|this\s+|current\s+)?(?P<u>hour|day|week|month|year)"
    r"|(?P<w>earlier|later)\s+(?:on\s+)?(?:today|this\s+(?P<u2>hour|week|month|year))",
    ("the", "rest", "remainder", "earlier", "later"),
)
def _rest(m: re.Match[str]) -> Item | None:
    """``the rest (remainder) of the week``, ``later today``: the rest of the period (not its days gone by);
    ``earlier today``, ``earlier this week``: from the start of the period to now."""
    unit = m["u"] or m["u2"] or "day"
    return Item("rest", "", "earlier " + unit if m["w"] == "earlier" else unit)


@_element(
    r"(?:the\s+)?(?P<dir>next|following|last|past|previous)\s+day|(?:the\s+)?day\s+(?P<dir2>before|after)",
    ("the", "next", "following", "last", "past", "previous", "day"),
)
def _next_day(m: re.Match[str]) -> Item | None:
    """``the next day`` (tomorrow); ``the day after``/``before`` counts from the date named next, else today."""
    if m["dir2"]:
        return Item("offset", "", Offset(((1 if m["dir2"] == "after" else -1, "day"),), "anchored"))
    return Item("date", "", Days(1 if m["dir"] in {"next", "following"} else -1))


@_element(
    r"(?:the\s+)?(?:(?P<u>week|fortnight)\s+(?P<w>of|beginning|starting|commencing|ending)|w/(?P<a>c|b|e))(?:\s+on)?",
    ("the", "week", "fortnight", "w"),
)
def _week_of(m: re.Match[str]) -> Item | None:
    """``the week of`` a day is its calendar week; a week or fortnight ``beginning`` (``w/c``) or ``ending`` (``w/e``)
    a day is the 7 (14) days from or to it."""
    unit, word = m["u"] or "week", m["w"] or {"c": "commencing", "b": "beginning", "e": "ending"}[m["a"]]
    if word == "of":
        return Item("ordinal", "", Ordinal(0, "week of")) if unit == "week" else None
    return Item("ordinal", "", Ordinal(0, f"{unit} {'ending' if word == 'ending' else 'from'}"))


@_element(
    r"(?:the\s+)?(?:iso\s+)?(?:week|wk)\s*(?:#|no\.?|number)?\s*(?P<n>\d{1,2})"
    r"(?:(?:\s+(?:of|in)\s+|\s*-\s*(?=(?:1[5-9]|2[01])\d\d))(?P<y>\d{4}))?",
    ("the", "iso", "week", "wk"),
)
def _week_number(m: re.Match[str]) -> Item | None:
    n = int(m["n"])
    return Item("date", "", IsoWeek(n, (int(m["y"]),) if m["y"] else ())) if 1 <= n <= 53 else None


@_element(
    r"(?:(?:the\s+)?iso\s+week\s+)?(?P<y>[12]\d{3})-?w(?P<n>\d\d)(?:-(?P<d>[1-7]))?(?![\d-])", ("the", "iso"), DIGIT
)
def _iso_week(m: re.Match[str]) -> Item | None:
    """ISO 8601 week dates: ``2024-W05`` (that week), ``2024-W05-3`` (its Wednesday)."""
    try:
        day = date.fromisocalendar(int(m["y"]), int(m["n"]), int(m["d"] or 1))
    except ValueError:
        return None
    if m["d"]:
        return Item("date", "", FullDate(day.year, day.month, day.day))
    return Item("date", "", IsoWeek(int(m["n"]), (int(m["y"]),)))


_TEENS = "|".join(ONES[10:20])
_TENS_WORDS = "|".join(TENS)
_UNITS_WORDS = "|".join(ONES[1:10])
#: A number from one to ninety-nine in words.
_UP_TO_99 = rf"(?:(?:{_TENS_WORDS})(?:[\s-](?:{_UNITS_WORDS}))?|{_TEENS}|{_UNITS_WORDS})"


@_element(
    rf"(?P<c>{_TEENS}|twenty)\s+hundred(?:\s+and)?(?:\s+(?P<r>{_UP_TO_99}))?"
    rf"|(?P<c2>nineteen|twenty)\s+(?:(?P<r2>(?:{_TENS_WORDS})(?:[\s-](?:{_UNITS_WORDS}))?|{_TEENS})"
    rf"|(?:oh|zero)\s+(?P<r3>{_UNITS_WORDS}))"
    rf"|(?P<k>one|two)\s+thousand(?:\s+(?:and\s+)?(?P<h>{_UNITS_WORDS})\s+hundred)?(?:\s+(?:and\s+)?(?P<r4>{_UP_TO_99}))?"
    rf"|(?:the\s+)?year\s+(?P<h5>{_UNITS_WORDS})\s+hundred(?:\s+and)?(?:\s+(?P<r5>{_UP_TO_99}))?",
    ONES[10:20],
    ("twenty", "one", "two", "the", "year"),
)
def _spoken_year(m: re.Match[str]) -> Item | None:
    """Years in words: "nineteen ninety nine", "nineteen oh one", "seventeen hundred thirty three", "two thousand
    and twenty", "one thousand seven hundred and eighty nine", "year two hundred and sixty seven"."""
    if m["c"] or m["c2"]:
        return Item("year", "", words_value(m["c"] or m["c2"]) * 100 + words_value(m["r"] or m["r2"] or m["r3"]))
    if m["k"]:
        return Item("year", "", 1000 * words_value(m["k"]) + 100 * words_value(m["h"]) + words_value(m["r4"]))
    return Item("year", "", 100 * words_value(m["h5"]) + words_value(m["r5"]))
