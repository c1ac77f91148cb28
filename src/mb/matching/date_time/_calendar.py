"""Calendar arithmetic the libraries leave out: dual readings of ``next``/``this``/``last`` weekdays,
the n-th weekday of a month, Easter, and placing a time of day on the right date."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta

from dateutil.relativedelta import relativedelta

from ._model import ClockReading, Reading
from ._steps import add_business_days

__all__ = [
    "MONTHS",
    "WEEKDAYS",
    "add_units",
    "next_day_of_month",
    "nth_weekday",
    "place_clocks",
    "relative_weekday_dates",
    "to_24h",
    "user_time_key",
]

_WEEKDAY_NAMES = (("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed", "weds"),
                  ("thursday", "thu", "thur", "thurs"), ("friday", "fri"), ("saturday", "sat"),
                  ("sunday", "sun"))  # fmt: skip
_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                "november", "december")  # fmt: skip

WEEKDAYS: dict[str, int] = {name: index for index, names in enumerate(_WEEKDAY_NAMES) for name in names}
MONTHS: dict[str, int] = {
    spelling: index for index, name in enumerate(_MONTH_NAMES, start=1) for spelling in (name, name[:3])
} | {"sept": 9}


def relative_weekday_dates(word: str, weekday: int, today: date) -> list[date]:
    """Every reasonable date for ``<word> <weekday>`` said on ``today``.

    * ``next``: the first one after today, and the one in next calendar week (weeks starting Monday, or
      Sunday as in the US): ``next Friday`` said on Thursday 2024-02-01 is 2024-02-02 or 2024-02-09.
    * ``this``: the one in the current week (Monday-based) and the first one from today on.
    * ``last``/``past``/``previous``: the latest one before today, and the one in the previous calendar week.
    * ``coming``: the first one after today.
    """
    monday = today - timedelta(days=today.weekday())
    sunday = today - timedelta(days=(today.weekday() + 1) % 7)
    in_week_mon = monday + timedelta(days=weekday)
    in_week_sun = sunday + timedelta(days=(weekday + 1) % 7)
    ahead = (weekday - today.weekday()) % 7
    upcoming = today + timedelta(days=ahead or 7)
    back = (today.weekday() - weekday) % 7
    latest = today - timedelta(days=back or 7)
    if word in {"next", "following"}:
        found = [upcoming, in_week_mon + timedelta(days=7), in_week_sun + timedelta(days=7)]
    elif word == "this":
        found = [in_week_mon, today + timedelta(days=ahead)]
    elif word in {"last", "past", "previous"}:
        found = [latest, in_week_mon - timedelta(days=7), in_week_sun - timedelta(days=7)]
    else:  # "coming", "this coming"
        found = [upcoming]
    return sorted(set(found))


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date | None:
    """The ``n``-th (1-based; -1 for the last) ``weekday`` of a month, or None when it does not exist."""
    if n < 0:
        last = date(year, month, 1) + relativedelta(months=1, days=-1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    first = date(year, month, 1)
    found = first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    return found if found.month == month else None


def next_day_of_month(day: int, today: date) -> date | None:
    """The first date from ``today`` on whose day of the month is ``day`` (skipping months without it)."""
    first = today.replace(day=1)
    for ahead in range(13):
        month = first + relativedelta(months=ahead)
        try:
            found = month.replace(day=day)
        except ValueError:
            continue
        if found >= today:
            return found
    return None


def to_24h(hour: int, marker: str) -> int | None:
    """The 24-hour clock hour of ``hour`` with ``am``/``pm``; None when that hour cannot take a marker (0, 13...)."""
    if not 1 <= hour <= 12:
        return None
    return hour % 12 + (12 if marker == "pm" else 0)


def user_time_key(user_time: datetime | None) -> tuple[datetime, timedelta | None] | None:
    """A hashable cache key for a request time: its wall clock and its offset (equal instants in other zones
    differ)."""
    return None if user_time is None else (user_time.replace(tzinfo=None), user_time.utcoffset())


def add_units(moment: datetime, amount: float, unit: str) -> datetime:
    """``moment`` moved by ``amount`` units (minute, hour, day, week, month, year, business day)."""
    if unit == "month":
        whole = int(amount)
        moved = moment + relativedelta(months=whole)
        return moved + timedelta(days=round((amount - whole) * 30))
    if unit == "year":
        whole = int(amount)
        return moment + relativedelta(years=whole, months=round((amount - whole) * 12))
    if unit == "business day":
        return moment + (add_business_days(moment.date(), int(amount)) - moment.date())
    seconds = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800}[unit]
    return moment + timedelta(seconds=amount * seconds)


def place_clocks(clocks: list[ClockReading], reference: datetime) -> list[Reading]:
    """Put times of day with no date on their next occurrence: today unless already past, else tomorrow."""
    now = reference.replace(second=0, microsecond=0)
    placed: list[Reading] = []
    for clock in clocks:
        reading = clock.on(reference.date())
        window = reading.start
        if window.hi < now or (window.hi == now and not window.closed):
            reading = clock.on(reference.date() + timedelta(days=1))
        end = replace(reading.end, floating=True) if reading.end is not None else None
        placed.append(Reading(replace(reading.start, floating=True), end))
    return placed
