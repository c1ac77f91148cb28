"""Calendar arithmetic for durations: the step of a duration's pieces, and working days."""

from __future__ import annotations

from datetime import date, timedelta

from dateutil.relativedelta import relativedelta

from ._items import DateProblem

__all__ = ["STEPS", "add_business_days", "delta", "step"]


def step(pieces: tuple[tuple[float, str], ...]) -> relativedelta:
    """The calendar step of a duration's pieces, applied in order."""
    total = relativedelta()
    for amount, unit in pieces:
        if unit == "business day":
            raise DateProblem("business days mixed with other units")
        total += delta(amount, unit)
    return total


_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400, "fortnight": 14 * 86400,
            "month": 30 * 86400, "quarter": 91 * 86400, "year": 365 * 86400, "decade": 3652 * 86400}  # fmt: skip


STEPS = {"this": 0, "current": 0, "next": 1, "coming": 1, "following": 1, "upcoming": 1, "this coming": 1,
          "last": -1, "past": -1, "previous": -1, "this past": -1, "after next": 2, "before last": -2}  # fmt: skip


def delta(amount: float, unit: str) -> relativedelta:
    """The calendar step of ``amount`` ``unit``s (fractions of days and shorter units exactly)."""
    whole = int(amount)
    if unit in {"month", "quarter", "year", "decade"} and whole == amount:
        months = {"month": 1, "quarter": 3, "year": 12, "decade": 120}[unit] * whole
        return relativedelta(months=months)
    seconds = _SECONDS[unit]
    total = amount * seconds
    if total != int(total):
        raise DateProblem(f"{amount} {unit} is not a whole number of seconds")
    return (
        relativedelta(seconds=int(total))
        if unit in {"second", "minute", "hour"}
        else relativedelta(days=int(total) // 86400, seconds=int(total) % 86400)
    )


def add_business_days(start: date, count: int) -> date:
    """``count`` working days (Monday to Friday) after ``start`` (before it when negative)."""
    step = 1 if count >= 0 else -1
    moved = start
    for _ in range(abs(count)):
        moved += timedelta(days=step)
        while moved.weekday() >= 5:
            moved += timedelta(days=step)
    return moved
