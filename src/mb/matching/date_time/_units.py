"""Calendar units as half-open windows: the day, week, month, quarter, season or year around a date."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from dateutil.relativedelta import relativedelta

from ._model import Window

__all__ = ["SEASONS", "day", "days", "half", "month", "quarter", "season", "shift_window", "week", "weekend", "year"]


def _at(d: date) -> datetime:
    return datetime.combine(d, time())


def day(d: date) -> Window:
    """The whole day ``d``."""
    lo = datetime(d.year, d.month, d.day)
    return Window(lo, lo + _DAY, "day")


_DAY = timedelta(days=1)


def days(first: date, count: int, note: str) -> Window:
    """``count`` days from ``first``."""
    return Window(_at(first), _at(first) + timedelta(days=count), "span", note=note)


def week(d: date, sunday: bool = False) -> Window:
    """The week around ``d`` (Monday to Sunday, or Sunday to Saturday)."""
    back = (d.weekday() + 1) % 7 if sunday else d.weekday()
    first = _at(d - timedelta(days=back))
    return Window(first, first + timedelta(days=7), "span", note="week")


def weekend(d: date) -> Window:
    """The weekend (Saturday and Sunday) of the Monday-based week of ``d``."""
    first = _at(d - timedelta(days=d.weekday()) + timedelta(days=5))
    return Window(first, first + timedelta(days=2), "span", note="weekend")


def month(year_: int, month_: int) -> Window:
    """The month ``month_`` of ``year_``."""
    first = datetime(year_, month_, 1)
    return Window(first, first + relativedelta(months=1), "month")


def quarter(year_: int, number: int) -> Window:
    """Quarter ``number`` (1-4) of ``year_``."""
    first = datetime(year_, 3 * number - 2, 1)
    return Window(first, first + relativedelta(months=3), "span", note=f"Q{number}")


def half(year_: int, number: int) -> Window:
    """Half ``number`` (1-2) of ``year_``."""
    first = datetime(year_, 6 * number - 5, 1)
    return Window(first, first + relativedelta(months=6), "span", note=f"H{number}")


def year(year_: int) -> Window:
    """The year ``year_``."""
    return Window(datetime(year_, 1, 1), datetime(year_ + 1, 1, 1), "year")


#: Seasons (northern hemisphere): meteorological and astronomical bounds, (month, day) of start and end.
SEASONS: dict[str, tuple[tuple[int, int, int, int], ...]] = {
    "spring": ((3, 1, 6, 1), (3, 20, 6, 21)),
    "summer": ((6, 1, 9, 1), (6, 21, 9, 23)),
    "fall": ((9, 1, 12, 1), (9, 23, 12, 21)),
    "autumn": ((9, 1, 12, 1), (9, 23, 12, 21)),
    "winter": ((12, 1, 3, 1), (12, 21, 3, 20)),
}


def season(name: str, year_: int) -> list[Window]:
    """The readings of season ``name`` starting in ``year_``."""
    found = []
    for m1, d1, m2, d2 in SEASONS[name]:
        lo = datetime(year_, m1, d1)
        hi = datetime(year_ + (1 if m2 < m1 else 0), m2, d2)
        found.append(Window(lo, hi, "span", note=name))
    return found


def shift_window(window: Window, delta: timedelta | relativedelta) -> Window:
    """The window moved by ``delta`` keeping its grain (a month moved by a month stays a whole month)."""
    return window.shifted(delta)
