"""What the items of a phrase carry (``Item.value``), by kind, with named fields.

A ``year`` or a ``number`` carries an int; an ``edge`` ("start", "end", "mid", "early", "late"; "end@" and "mid@"
at a range's end), a ``rest`` (the unit: "week", "earlier week", "this hour"), a ``sep``, a ``between`` or a
``bound`` ("before", "after") carries its word; ``span`` and ``duration`` carry their :data:`Pieces`; a ``filler``
and a ``moment`` carry nothing. The other kinds carry the classes below; a ``date`` one of the date classes.

``named_parts`` tells which parts of the date a phrase names outright, read from the items of its parse.

Only the year is tracked (the month and the day follow from the length of a reading's window). A phrase names the
year when it writes one ("2014", "march 3 2014", "'14", "diwali 2019", "winter 2014", an ISO 8601 date) or is about
one ("next year", "this year", "in 2 years", "2 years ago", "the rest of the year", a decade, a century). A phrase
that only implies it ("march 3", "tomorrow", "next friday", "christmas", "next march") names no year. An item the
rules below do not know counts as naming the year: a value may then not leave the year out (a failure, never a
wrong pass).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ._items import Item

__all__ = [
    "WITH_YEAR",
    "YEARLY",
    "Clock",
    "ClockSpan",
    "DayOfMonth",
    "Days",
    "Decades",
    "FullDate",
    "Half",
    "Holiday",
    "IsoWeek",
    "Lead",
    "Month",
    "MonthDay",
    "Named",
    "Nearest",
    "NthWeekday",
    "Offset",
    "Ordinal",
    "Part",
    "PeriodEnd",
    "Pieces",
    "Quarter",
    "Season",
    "Unit",
    "Weekday",
    "WeekdayCount",
    "Within",
    "Years",
    "is_date",
    "named_parts",
    "open_parts",
]

Pieces = tuple[tuple[float, str], ...]
"""A length of time as (amount, unit) pieces, signed ("2 days ago": ``((-2.0, "day"),)``)."""


class ClockSpan(NamedTuple):
    """One reading of a time of day: its first second from midnight, the second after its last, and its grain
    (``minute``, ``second``, or ``span`` for "noonish")."""

    lo: int
    hi: int
    grain: str


@dataclass(frozen=True, slots=True)
class Clock:
    """A time of day (kind ``clock``): every reading ("10:30" is morning and evening), whether am or pm is settled
    (a marker, 24-hour writing, one reading), and what is special about it: ``now`` for "this time"/"same time" (no
    spans: the time it is said), ``midnight``."""

    spans: tuple[ClockSpan, ...]
    explicit: bool
    special: str = ""


@dataclass(frozen=True, slots=True)
class Part:
    """A part of the day (kind ``part``: "morning", "tonight", "end of day"): its bounds in seconds from midnight
    (past 86400 for a night), its name in reasons, and the day it names counted from today ("tomorrow night": 1;
    None when the phrase names the day elsewhere)."""

    lo: int
    hi: int
    note: str
    day: int | None

    def edged(self, edge: str) -> Part:
        """Its early or late half, or, for any other edge word ("mid", "the middle of the"), its middle: the hours
        said of it ("mid-morning" is 09:30 to 11:00), else its middle half."""
        quarter, middle = (self.hi - self.lo) // 4, (self.lo + self.hi) // 2
        lo, hi = {"early": (self.lo, middle), "late": (middle, self.hi)}.get(
            edge, _MIDDLES.get(self.note, (self.lo + quarter, self.hi - quarter))
        )
        return Part(lo, hi, f"{edge} {self.note}", self.day)


#: The middle of a part of the day, as said ("mid-morning", "the middle of the afternoon"), in seconds from midnight.
_MIDDLES = {
    "morning": (9 * 3600 + 1800, 11 * 3600),
    "afternoon": (14 * 3600, 16 * 3600),
    "evening": (19 * 3600, 21 * 3600),
}


@dataclass(frozen=True, slots=True)
class Weekday:
    """A weekday (kind ``weekday``; Monday is 0) and the word placing it (``next``, ``after next``...) if any."""

    weekday: int
    rel: str | None


@dataclass(frozen=True, slots=True)
class Ordinal:
    """The n-th unit of the period named after it (kind ``ordinal``: "the 2nd Tuesday of", "the last day of"):
    ``n`` counts from 1, from the end when negative (0: "the week of"); ``unit`` is a weekday (Monday is 0) or a unit
    (``day``, ``week``, ``weekend``, ``business day``, ``month``, ``half``...)."""

    n: int
    unit: int | str


@dataclass(frozen=True, slots=True)
class Offset:
    """A length of time (kind ``offset``: "in 3 days", "2 weeks before easter") counted ``from now``, from the date
    named after it (``anchored``), from the start of that date (``since``) or from the weekday named after it alone
    (``on``: "a week on Monday")."""

    pieces: Pieces
    mode: str


@dataclass(frozen=True, slots=True)
class Within:
    """A run of days (kind ``window``: "within 2 weeks from today"): how long, and its first day from today."""

    pieces: Pieces
    from_day: int


@dataclass(frozen=True, slots=True)
class Lead:
    """Whole units at one end of the period named after it (kind ``lead``: "the first 2 weeks of", "the last four
    months of")."""

    count: int
    unit: str
    from_end: bool


@dataclass(frozen=True, slots=True)
class Nearest:
    """A weekday (Monday is 0) or ``weekend`` beside the date named after it (kind ``nearest``): the first after it
    (direction 1), the last before it (-1) or the closest on either side (0); ``count`` of them away ("the second
    friday after": 2)."""

    weekday: int | str
    direction: int = 0
    count: int = 1


# Dates (kind ``date``). ``years`` are the readings of the year written with the date (two for a two-digit year the
# conventions read in either century: see ``_calendar_words.short_years``), none when none is; a ``rel`` the word
# placing a date that recurs ("next", "last", "this"...).


@dataclass(frozen=True, slots=True)
class FullDate:
    """A day with its year: "2024-03-05"."""

    year: int
    month: int
    day: int


@dataclass(frozen=True, slots=True)
class MonthDay:
    """A day of a month: "March 3", "3/5" (every reading as (month, day)); ``on`` when written right after "on" or "the"
    ("on 12.06", "the 12.06"): a date, never a time of day."""

    days: tuple[tuple[int, int], ...]
    years: tuple[int, ...]
    rel: str | None = None
    on: bool = False


@dataclass(frozen=True, slots=True)
class Named:
    """A date that recurs every year, named: a month (its number), a season or a holiday (its name)."""

    name: int | str
    years: tuple[int, ...]
    rel: str | None


class Month(Named):
    """A month: "March", "next march", "march 2020"."""

    __slots__ = ()


class Season(Named):
    """A season: "summer", "last winter"."""

    __slots__ = ()


class Holiday(Named):
    """A holiday or its weekend: "easter", "memorial day weekend"."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Quarter:
    """A quarter of a year (1 to 4): "Q3", "the second quarter of 2020"."""

    number: int
    years: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Half:
    """A half of a year (1 or 2): "H2 2024"."""

    number: int
    years: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class IsoWeek:
    """An ISO week (1 to 53): "week 12 of 2021"."""

    number: int
    years: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Decades:
    """A decade by the first year of each reading: "the 1980s", "the 80s"."""

    starts: tuple[int, ...]
    """The first year of each decade read; with no century named, its year in the century (80 for "the 80s")."""

    hundreds: bool = False
    """Also the hundred years from each start ("the 1900s": the decade, or the century's years 1900-1999)."""

    century: bool = True
    """Whether the century is named; if not, the decade is the latest begun by the request ("the 90s": the 1990s)."""


@dataclass(frozen=True, slots=True)
class Years:
    """A run of whole years, from ``first`` to the year before ``end``: "the 19th century"."""

    first: int
    end: int


@dataclass(frozen=True, slots=True)
class Days:
    """A day counted from today: "today" (0), "tomorrow" (1), "the day before yesterday" (-2)."""

    offset: int


@dataclass(frozen=True, slots=True)
class Unit:
    """A calendar unit (``week``, ``weekend``, ``fortnight``, ``month``, ``quarter``, ``year``, ``decade``) placed
    from now by ``this``, ``next``, ``last``, ``after next``... (see ``_calendar.STEPS``)."""

    unit: str
    rel: str


@dataclass(frozen=True, slots=True)
class NthWeekday:
    """The n-th weekday (Monday is 0) of this month, -1 for the last: "the first Monday"."""

    n: int
    weekday: int


@dataclass(frozen=True, slots=True)
class DayOfMonth:
    """A day of a month not named: "the 3rd"; ``of`` when "of" follows it ("the 1st of next year")."""

    day: int
    of: bool = False


@dataclass(frozen=True, slots=True)
class PeriodEnd:
    """An edge (``end``) of a week, month, quarter or year placed by ``rel`` ("this" unless named: "eom", "end of
    year", "next quarter end": next quarter's, or the one to come)."""

    edge: str
    unit: str
    rel: str = "this"


@dataclass(frozen=True, slots=True)
class WeekdayCount:
    """A weekday (Monday is 0) counted in weeks from today: "3 fridays ago" (count -3); with ``weekend``, the
    weekends counted by their Saturdays ("2 weekends ago")."""

    weekday: int
    count: int
    weekend: bool = False


WITH_YEAR = (MonthDay, Named, Quarter, Half, IsoWeek)
"""The dates that may carry the year written with them."""

YEARLY = (MonthDay, Named, Quarter)
"""The dates that recur every year and are placed by ``this``/``next``/``last`` or by a year named elsewhere."""


def is_date(item: Item, *types: type | tuple[type, ...]) -> bool:
    """Whether ``item`` is a date (kind ``date``) carrying one of ``types``."""
    return item.kind == "date" and isinstance(item.value, types)


#: What a phrase names when it names the year (and what is assumed when the phrase was not read by the grammar).
YEAR_NAMED = frozenset({"year"})
_NOTHING: frozenset[str] = frozenset()

#: Units a phrase that counts or names them is about the year of.
_YEAR_UNITS = frozenset({"year", "decade", "century"})
#: Items that never name a year: times of day, weekdays, words joining or leading the others.
_YEARLESS_KINDS = frozenset({"clock", "part", "filler", "sep", "between", "weekday", "number", "moment", "nearest",
                             "edge", "bound"})  # fmt: skip
#: Dates counted from today or inside a period another item names.
_YEARLESS_DATES = (Days, DayOfMonth, NthWeekday, WeekdayCount)
#: Items beside which a date in an argument is placed by the day it is read on alone.
_OPEN_KINDS = frozenset({"date", "clock", "part", "filler", "sep"})
_MONTH_AND_YEAR = frozenset({"year", "month"})


def named_parts(items: Iterable[Item]) -> frozenset[str]:
    """The date parts the items name outright: ``{"year"}`` or nothing."""
    return YEAR_NAMED if any(_names_year(item) for item in items) else _NOTHING


def open_parts(items: Iterable[Item]) -> frozenset[str]:
    """The date parts an argument in words leaves to the day it is read on, as a group leaving them out does: the
    month and the year of a day of the month said alone ("the 30th", or a bare number: "30"), the year of a yearly date
    said without it ("Nov 30", "christmas"); nothing when another word places it ("the 30th of next month")."""
    items = list(items)
    if len(items) == 1 and items[0].kind == "number":
        return _MONTH_AND_YEAR
    dates = [item.value for item in items if item.kind == "date"]
    if not dates or any(item.kind not in _OPEN_KINDS for item in items):
        return _NOTHING
    if all(isinstance(value, DayOfMonth) for value in dates):
        return _MONTH_AND_YEAR
    if all(isinstance(value, YEARLY) and not value.years and getattr(value, "rel", None) is None for value in dates):
        return YEAR_NAMED
    return _NOTHING


def _names_year(item: Item) -> bool:
    kind, value = item.kind, item.value
    if kind in _YEARLESS_KINDS:
        return False
    if kind == "date":
        return _date_names_year(value)
    if kind in {"offset", "window"}:
        return _counts_years(value.pieces)
    if kind in {"span", "duration"}:  # pieces
        return _counts_years(value)
    if kind in {"lead", "ordinal"}:
        return str(value.unit) in _YEAR_UNITS
    if kind == "rest":  # the unit
        return str(value) in _YEAR_UNITS
    return True  # a year, or an item not known here


def _date_names_year(value: object) -> bool:
    if isinstance(value, _YEARLESS_DATES):
        return False
    if isinstance(value, WITH_YEAR):
        return bool(value.years)
    if isinstance(value, (Unit, PeriodEnd)):
        return value.unit in _YEAR_UNITS
    if isinstance(value, Decades):  # "the 30s": never a past deadline kept as the year asked about
        return value.century
    return True  # a full date, decades, centuries, or a form not known here


def _counts_years(pieces: Pieces) -> bool:
    return any(unit in _YEAR_UNITS for _, unit in pieces)
