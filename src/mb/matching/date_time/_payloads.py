"""What the items of a phrase carry (``Item.value``), by kind, with named fields.

A ``year`` or a ``number`` carries an int; an ``edge`` ("start", "end", "mid", "early", "late"; "end@" and "mid@"
at a range's end), a ``rest`` (the unit: "week", "earlier week"), a ``sep`` or a ``between`` carries its word;
``span`` and ``duration`` carry their :data:`Pieces`; a ``filler`` and a ``moment`` carry nothing. The other kinds
carry the classes below; a ``date`` one of the date classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

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
]

Pieces = tuple[tuple[float, str], ...]
"""A length of time as (amount, unit) pieces, signed ("2 days ago": ``((-2.0, "day"),)``)."""


class ClockSpan(NamedTuple):
    """One reading of a time of day, in seconds from midnight."""

    lo: int
    """Its first second."""

    hi: int
    """The second after its last."""

    grain: str
    """``minute``, ``second`` or ``span`` ("noonish")."""


@dataclass(frozen=True, slots=True)
class Clock:
    """A time of day (kind ``clock``)."""

    spans: tuple[ClockSpan, ...]
    """Every reading ("10:30": morning and evening)."""

    explicit: bool
    """Whether am or pm is settled (a marker, 24-hour writing, one reading)."""

    special: str = ""
    """``now`` for "this time"/"same time" (no spans: the time it is said), ``midnight`` for midnight."""


@dataclass(frozen=True, slots=True)
class Part:
    """A part of the day (kind ``part``): "morning", "tonight", "end of day"."""

    lo: int
    """Its start, in seconds from midnight."""

    hi: int
    """Its end, in seconds from midnight (past 86400 for a night)."""

    note: str
    """How it is named in reasons."""

    day: int | None
    """The day it names, counted from today ("tomorrow night": 1); None when the phrase names the day elsewhere."""


@dataclass(frozen=True, slots=True)
class Weekday:
    """A weekday (kind ``weekday``)."""

    weekday: int
    """Monday is 0."""

    rel: str | None
    """``next``, ``last``, ``this``, ``after next``... or None."""


@dataclass(frozen=True, slots=True)
class Ordinal:
    """The n-th unit of the period named after it (kind ``ordinal``): "the 2nd Tuesday of", "the last day of"."""

    n: int
    """From 1; counted from the end when negative; 0 for "the week of"."""

    unit: int | str
    """A weekday (Monday is 0) or a unit: ``day``, ``week``, ``weekend``, ``business day``, ``month``, ``half``..."""


@dataclass(frozen=True, slots=True)
class Offset:
    """A length of time from now or from a date (kind ``offset``): "in 3 days", "2 weeks before easter"."""

    pieces: Pieces
    """How far, signed."""

    mode: str
    """``from now``, ``anchored`` (from the date named after it) or ``since`` (from the start of that date)."""


@dataclass(frozen=True, slots=True)
class Within:
    """A run of days from today or tomorrow (kind ``window``): "within 2 weeks from today"."""

    pieces: Pieces
    """How long."""

    from_day: int
    """The first day, counted from today."""


@dataclass(frozen=True, slots=True)
class Lead:
    """Whole units at one end of the period named after it (kind ``lead``): "the first 2 weeks of"."""

    count: int
    """How many."""

    unit: str
    """``day``, ``week``, ``month``, ``quarter`` or ``year``."""

    from_end: bool
    """Whether they are the last ones."""


@dataclass(frozen=True, slots=True)
class Nearest:
    """A weekday beside the date named after it (kind ``nearest``)."""

    weekday: int | str
    """Monday is 0; or ``weekend``."""

    direction: int = 0
    """1 for the first after it, -1 for the last before it, 0 for the closest on either side."""


# Dates (kind ``date``)


@dataclass(frozen=True, slots=True)
class FullDate:
    """A day with its year: "2024-03-05"."""

    year: int
    """The year."""

    month: int
    """The month."""

    day: int
    """The day of the month."""


@dataclass(frozen=True, slots=True)
class MonthDay:
    """A day of a month: "March 3", "3/5" (both orders)."""

    days: tuple[tuple[int, int], ...]
    """Every reading as (month, day)."""

    year: int | None
    """The year written with it."""

    rel: str | None = None
    """``next``, ``last``, ``this``... before it."""


@dataclass(frozen=True, slots=True)
class Named:
    """A date that recurs every year, named: a month, a season, a holiday."""

    name: int | str
    """The month's number, the season's or the holiday's name."""

    year: int | None
    """The year written with it."""

    rel: str | None
    """``next``, ``last``, ``this``... before it."""


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
    """A quarter of a year: "Q3", "the second quarter of 2020"."""

    number: int
    """1 to 4."""

    year: int | None
    """The year written with it."""


@dataclass(frozen=True, slots=True)
class Half:
    """A half of a year: "H2 2024"."""

    number: int
    """1 or 2."""

    year: int | None
    """The year written with it."""


@dataclass(frozen=True, slots=True)
class IsoWeek:
    """An ISO week: "week 12 of 2021"."""

    number: int
    """1 to 53."""

    year: int | None
    """The year written with it."""


@dataclass(frozen=True, slots=True)
class Decades:
    """A decade: "the 80s" (in both centuries when none is named)."""

    starts: tuple[int, ...]
    """The first year of each reading."""


@dataclass(frozen=True, slots=True)
class Years:
    """A run of whole years: "the 19th century"."""

    first: int
    """The first year."""

    end: int
    """The year after the last."""


@dataclass(frozen=True, slots=True)
class Days:
    """A day counted from today: "today", "tomorrow", "the day before yesterday"."""

    offset: int
    """Days after today (negative: before)."""


@dataclass(frozen=True, slots=True)
class Unit:
    """A calendar unit placed from now: "next week", "this quarter", "the month after next"."""

    unit: str
    """``week``, ``weekend``, ``fortnight``, ``month``, ``quarter``, ``year`` or ``decade``."""

    rel: str
    """``this``, ``next``, ``last``, ``after next``... (see ``_steps.STEPS``)."""


@dataclass(frozen=True, slots=True)
class NthWeekday:
    """The n-th weekday of this month: "the first Monday"."""

    n: int
    """From 1; -1 for the last."""

    weekday: int
    """Monday is 0."""


@dataclass(frozen=True, slots=True)
class DayOfMonth:
    """A day of a month not named: "the 3rd"."""

    day: int
    """1 to 31."""


@dataclass(frozen=True, slots=True)
class PeriodEnd:
    """An edge of the current period: "eom", "end of year"."""

    edge: str
    """``end``."""

    unit: str
    """``week``, ``month``, ``quarter`` or ``year``."""


@dataclass(frozen=True, slots=True)
class WeekdayCount:
    """A weekday counted in weeks from today: "3 fridays ago"."""

    weekday: int
    """Monday is 0."""

    count: int
    """How many such weekdays ahead (negative: back)."""


WITH_YEAR = (MonthDay, Named, Quarter, Half, IsoWeek)
"""The dates that may carry the year written with them (``year``; None when none is)."""

YEARLY = (MonthDay, Named, Quarter)
"""The dates that recur every year and are placed by ``this``/``next``/``last`` or by a year named elsewhere."""
