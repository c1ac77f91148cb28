"""Which parts of the date a phrase names outright, read from the items of its parse.

Only the year is tracked (the month and the day follow from the length of a reading's window). A phrase names the
year when it writes one ("2014", "march 3 2014", "'14", "diwali 2019", "winter 2014", an ISO 8601 date) or is about
one ("next year", "this year", "in 2 years", "2 years ago", "the rest of the year", a decade, a century). A phrase
that only implies it ("march 3", "tomorrow", "next friday", "christmas", "next march") names no year. An item the
rules below do not know counts as naming the year: a value may then not leave the year out (a failure, never a
wrong pass).
"""

from __future__ import annotations

from collections.abc import Iterable

from ._items import Item
from ._payloads import WITH_YEAR, DayOfMonth, Days, NthWeekday, PeriodEnd, Pieces, Unit, WeekdayCount

__all__ = ["YEAR_NAMED", "named_parts"]

#: What a phrase names when it names the year (and what is assumed when the phrase was not read by the grammar).
YEAR_NAMED = frozenset({"year"})
_NOTHING: frozenset[str] = frozenset()

#: Units a phrase that counts or names them is about the year of.
_YEAR_UNITS = frozenset({"year", "decade", "century"})
#: Items that never name a year: times of day, weekdays, words joining or leading the others.
_YEARLESS_KINDS = frozenset({"clock", "part", "filler", "sep", "between", "weekday", "number", "moment", "nearest",
                             "edge"})  # fmt: skip
#: Dates counted from today or inside a period another item names.
_YEARLESS_DATES = (Days, DayOfMonth, NthWeekday, WeekdayCount)


def named_parts(items: Iterable[Item]) -> frozenset[str]:
    """The date parts the items name outright: ``{"year"}`` or nothing."""
    return YEAR_NAMED if any(_names_year(item) for item in items) else _NOTHING


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
        return value.year is not None
    if isinstance(value, (Unit, PeriodEnd)):
        return value.unit in _YEAR_UNITS
    return True  # a full date, decades, centuries, or a form not known here


def _counts_years(pieces: Pieces) -> bool:
    return any(unit in _YEAR_UNITS for _, unit in pieces)
