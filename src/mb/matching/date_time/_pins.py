"""Which date fields a parameter group may leave out, and filling them from a reading's window.

A group may leave out a part of the date only when what it gives still pins the phrase's window, and never a part
the phrase names (``Resolution.named``): the year unless the phrase names one or a reading lies a year or more from
the user's day, the day of a window of whole months, the month and the day of a window of whole years. A weekday
stands in for the month and the day of a window shorter than a week, where each weekday falls at most once, and
only when the readings do not between them fall on all seven days of the week (any weekday would then pass).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, time, timedelta

from dateutil.relativedelta import relativedelta

from ._model import Resolution, Window
from ._value import Actual

__all__ = [
    "OPEN_YEARS",
    "YEAR_ONLY",
    "completions",
    "left_out",
    "needed",
    "too_little",
]

_MIDNIGHT = time(0)
_DAY = timedelta(days=1)
_MICROSECOND = timedelta(microseconds=1)
#: How long a window a weekday cannot pin.
_WEEK = timedelta(days=7)
_YEAR_LONG = timedelta(days=365)
_NOTHING: frozenset[str] = frozenset()
#: The year alone (what a phrase is assumed to name when the grammar did not say).
YEAR_ONLY = frozenset({"year"})
_OPEN_MONTHS = frozenset({"year", "day"})
#: Every part of a date: what a value giving no date at all leaves out.
OPEN_YEARS = frozenset({"year", "month", "day"})
_MONTHS_AND_DAYS = frozenset({"month", "day"})
#: Marks, among the parts a group may not leave out, readings that fall on every day of the week between them: a
#: weekday then pins nothing.
EVERY_WEEKDAY = "every weekday"
#: Marks readings that cover every month and day between them ("the next 12 months"): a month and a day then pin
#: nothing, and the year is needed.
EVERY_MONTH_DAY = "every month and day"


class Named(frozenset[str]):
    """The date parts a group may not leave out, with the user's calendar day, which decides whether a reading lies
    a year or more away (its year is then needed too)."""

    today: date | None
    """The user's calendar day; ``None`` without a ``user_time`` (every year is then needed)."""

    def __new__(cls, parts: frozenset[str], today: date | None) -> Named:
        made = super().__new__(cls, parts)
        made.today = today
        return made


def needed(resolution: Resolution, user_time: datetime | None) -> Resolution:
    """The resolution with what its readings add to the parts a group may not leave out: the user's day (a reading
    a year or more from it needs its year: month and day would name a date far from the user, or the user's own
    day, for "in 12 months"), and :data:`EVERY_WEEKDAY` when the readings fall on all seven days of the week between
    them ("next week", "next week at 2pm"). Decided on the user's calendar day, not the second."""
    if not resolution.readings:
        return resolution
    parts = resolution.named
    if EVERY_WEEKDAY not in parts and _every_weekday([reading.whole().start for reading in resolution.readings]):
        parts = parts | {EVERY_WEEKDAY}
    if "year" not in parts and _every_month_day([reading.whole().start for reading in resolution.readings]):
        parts = parts | {"year", EVERY_MONTH_DAY}
    return replace(resolution, named=Named(parts, user_time.date() if user_time is not None else None))


def far(window: Window, named: frozenset[str]) -> bool:
    """Whether the window reaches a day a year or more from the user's day (the same month and day of another
    year), so that a value must give its year; always so without a user's day."""
    if not isinstance(named, Named) or window.floating:
        return False
    today = named.today
    if today is None:
        return True
    first, last = window.lo.date(), _last_day(window)
    return first <= today - relativedelta(years=1) or last >= today + relativedelta(years=1)


def _last_day(window: Window) -> date:
    return max(window.lo, window.hi - _MICROSECOND).date()


def _every_weekday(windows: Sequence[Window]) -> bool:
    """Whether the windows' days fall, between them, on all seven days of the week."""
    days: set[int] = set()
    for window in windows:
        if window.floating:
            continue
        first, last = window.lo.date(), _last_day(window)
        if (last - first).days >= 6:
            return True
        days.update((first + timedelta(days=n)).weekday() for n in range((last - first).days + 1))
        if len(days) == 7:
            return True
    return False


def _every_month_day(windows: Sequence[Window]) -> bool:
    """Whether the windows' days cover, between them, every month and day of the year (February 29 aside)."""
    covered: set[int] = set()  # days of a leap year, February 29 being 59
    for window in windows:
        if window.floating:
            continue
        first, last = window.lo.date(), _last_day(window)
        if (last - first).days >= 365:
            return True
        if (last - first).days < 180:
            continue  # too short to matter unless other readings fill the year
        start, end = _day_of_year(first), _day_of_year(last)
        covered.update(range(start, end + 1) if start <= end else [*range(start, 366), *range(end + 1)])
        if len(covered - {59}) >= 365:
            return True
    return False


def _day_of_year(day: date) -> int:
    """The day's place in a leap year (0 to 365), so that its month and day alone decide it."""
    return date(2000, day.month, day.day).timetuple().tm_yday - 1


def _unpinned(window: Window, named: frozenset[str]) -> frozenset[str]:
    """The date fields a window leaves open, which a value may leave out: the year (unless the phrase names it, or
    the window lasts longer than a year, where a month and day fall twice), the day of a window of whole months, the
    month and the day of a window of whole years (whose year is what the phrase names)."""
    lo, hi = window.lo, window.hi
    whole_months = lo.day == hi.day == 1 and lo.time() == hi.time() == _MIDNIGHT and hi - lo >= timedelta(days=28)
    if whole_months and lo.month == hi.month == 1:
        return _MONTHS_AND_DAYS
    if far(window, named) or (hi - lo > _YEAR_LONG and hi > lo + relativedelta(years=1)):
        named = named | YEAR_ONLY
    return (_OPEN_MONTHS if whole_months else YEAR_ONLY) - named


def _pins_by_weekday(actual: Actual, window: Window, named: frozenset[str]) -> bool:
    """Whether the value's weekday stands in for its month and day: only in a window shorter than a week, where each
    weekday falls at most once, of readings that do not fall on every day of the week between them."""
    return (
        actual.weekday is not None
        and actual.free >= _MONTHS_AND_DAYS
        and window.hi - window.lo < _WEEK
        and EVERY_WEEKDAY not in named
    )


def too_little(actual: Actual, window: Window, named: frozenset[str]) -> frozenset[str]:
    """The date fields ``actual`` leaves out that ``window`` pins or the phrase names (a ``day`` alone for "march 3",
    a ``month`` and ``day`` for "2014"). A weekday stands in for the month and the day of a window shorter than a
    week, never for a year the phrase names."""
    if actual.dateless or not actual.free:
        return _NOTHING
    return actual.free & named if _pins_by_weekday(actual, window, named) else actual.free - _unpinned(window, named)


def _sources(actual: Actual, window: Window, named: frozenset[str]) -> tuple[datetime, ...]:
    """The dates the free fields are taken from: the window's ends, or each day of a window a weekday pins and the
    day either side (a value in the user's zone may fall on another date than a window in a zone the phrase names;
    the window's bounds decide)."""
    if not _pins_by_weekday(actual, window, named):
        return tuple(dict.fromkeys((window.lo, window.hi)))
    first = datetime.combine(window.lo.date(), _MIDNIGHT) - _DAY
    last = datetime.combine(max(window.lo, window.hi - _MICROSECOND).date(), _MIDNIGHT) + _DAY
    return tuple(first + timedelta(days=n) for n in range((last - first).days + 1))


def completions(actual: Actual, window: Window, named: frozenset[str]) -> list[Actual]:
    """Fill the date fields the arguments could not carry from the window's date(s)."""
    if actual.dateless and not window.floating:
        return []
    if not actual.free:
        return [actual]
    if too_little(actual, window, named):
        return []
    found: list[Actual] = []
    for source in _sources(actual, window, named):
        try:
            lo = actual.lo.replace(**{name: getattr(source, name) for name in actual.free})
        except ValueError:
            continue
        if actual.weekday is not None and lo.weekday() != actual.weekday:
            continue
        hi = lo + (actual.hi - actual.lo) if actual.hi is not None else None
        found.append(replace(actual, lo=lo, hi=hi, free=frozenset(), weekday=None, dateless=False))
    return found


_PARTS = ("year", "month", "day")


def left_out(resolution: Resolution, starts: Sequence[Actual], little: set[str]) -> str:
    """Why the parameters cannot pin the phrase's window: the parts they leave out that it names or needs."""
    missing = [name for name in _PARTS if name in little]
    windows = [r.start for r in resolution.readings]
    if any(a.weekday is not None for a in starts) and EVERY_WEEKDAY in resolution.named:
        return (
            f"the parameters give only a weekday, which cannot pin {resolution.label}: its readings fall on every day"
            f" of the week (any weekday would pass), and the phrase names its {_joined(missing)}"
        )
    if "year" not in little:
        return f"the parameters give no {', '.join(missing)}, which the phrase names"
    if EVERY_MONTH_DAY in resolution.named:
        return (
            f"the parameters give no year, and month and day cannot pin {resolution.label}: its readings cover every"
            " day of the year (any month and day would pass)"
        )
    distant = [w for w in windows if far(w, resolution.named)]
    if "year" not in resolution.named and distant:
        years = " or ".join(str(year) for year in sorted({w.lo.year for w in distant}))
        return f"the reading is in {years}, a year or more from the user's time: the year is needed"
    if "year" not in resolution.named:
        return f"the parameters give no year, which a window longer than a year needs ({windows[0].label})"
    wide = any(a.hi is not None and a.hi - a.lo > _DAY for a in starts)  # a month in words gives no day
    given = [name for name in _PARTS if not any(name in a.free for a in starts) and not (wide and name == "day")]
    if any(a.weekday is not None for a in starts):
        given.append("a weekday")
    years = " or ".join(str(year) for year in sorted({w.lo.year for w in windows}))
    others = [name for name in missing if name != "year"]
    also = f" and the {_joined(others)}" if others else ""
    return f"the parameters give {_joined(given) or 'no date'} but the phrase names the year ({years}){also}"


def _joined(names: Sequence[str]) -> str:
    """``month and day``; ``year, month and day``."""
    return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"
