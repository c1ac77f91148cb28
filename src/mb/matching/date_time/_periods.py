"""Days and parts inside a period: the nth weekday or day, its start, middle or end, the weekday nearest to it."""

from __future__ import annotations

from datetime import date, timedelta

from . import _calendar as units
from ._grammar import Item
from ._holidays import weekends_of
from ._items import DateProblem
from ._model import Window
from ._payloads import Ordinal
from ._time_elements import PARTS

__all__ = ["edge", "inner", "ordinal"]


def inner(item: Item, container: list[Window], from_today: bool = False, today: date | None = None) -> list[Window]:
    """``item`` (an ordinal, edge or nearest day) inside each period of ``container``; ``from_today``: the period is
    a day said from today ("tomorrow", "friday"), never a calendar date; ``today``: the user's day (the end of a
    period under way or gone is its last day, as "the end of the month"; of one to come, its last week)."""
    found: list[Window] = []
    for window in container:
        first, end = window.lo.date(), window.hi.date()
        length = (end - first).days
        if item.kind == "nearest" and item.value.direction:  # the weekday after (before) the period
            weekday, direction = item.value.weekday, item.value.direction
            more = timedelta(days=7 * (item.value.count - 1) * direction)  # "the second friday after": a week on
            if weekday == "weekend":  # the first whole weekend after the period (the last before it)
                saturday = end + timedelta(days=(5 - end.weekday()) % 7)
                sunday = first - timedelta(days=(first.weekday() - 6) % 7 or 7)
                found.append(units.weekend((saturday if direction > 0 else sunday) + more))
            elif weekday == "week":  # the Monday-to-Sunday week after (before) the period's own, or the 7 days
                start = (end if direction > 0 else first - timedelta(days=7)) + more
                found += [units.week(start + timedelta(days=6 if direction > 0 else 0)), units.days(start, 7, "week")]
            elif direction > 0:
                found.append(units.day(end + timedelta(days=(weekday - end.weekday()) % 7) + more))
            else:
                found.append(units.day(first - timedelta(days=(first.weekday() - weekday) % 7 or 7) + more))
        elif item.kind == "nearest" and item.value.weekday == "weekend":
            # the weekend of one day: the one a holiday on that day would join, its Saturday and Sunday alone
            if length != 1:
                raise DateProblem(f"{item.text!r} names the weekend of one day, not of {window.label!r}")
            found.extend(
                units.weekend(lo if lo.weekday() >= 5 else hi - timedelta(days=1)) for lo, hi in weekends_of(first)
            )
        elif item.kind == "nearest":
            anchor = first
            back = (anchor.weekday() - item.value.weekday) % 7
            ahead = (item.value.weekday - anchor.weekday()) % 7
            found.extend(units.day(anchor + timedelta(days=d)) for d in {-back, ahead} if abs(d) == min(back, ahead))
        elif item.kind == "edge":
            begun = item.value == "finish" and today is not None and first <= today  # under way or gone
            found.extend(edge("end" if begun else item.value, window, first, length))
        else:
            found.extend(ordinal(item.value, first, end, from_today))
    if not found:
        raise DateProblem(f"{item.text!r} falls outside the period")
    return found


#: The part of one day its edge words name ("early tomorrow" is its morning); "mid" has none.
_DAY_PARTS = {"early": "morning", "late": "evening", "start": "first thing", "end": "end of day", "mid": ""}


def edge(edge: str, window: Window, first: date, length: int) -> list[Window]:
    """``start``/``end``: the first or last day (a week's Friday too), and the instant the period ends; ``mid``: the
    middle day and third; ``early``/``late``: the first or last third. Of one day: its first thing or its end of
    day (and the instant it starts or ends), its morning or evening; its middle has no honest bounds (not
    understood)."""
    if edge == "begin":  # "the beginning of next month": its early days, as "early next month" (of a week or a day: its
        # start)
        edge = "early" if length > 7 else "start"
    if edge == "finish":  # "at the end of November": its last week (of a week or a day: its end)
        edge = "end"
        if length > 7:
            week = units.days(first + timedelta(days=length - 7), 7, f"end of {window.label}")
            return [week, Window(window.hi, window.hi + timedelta(minutes=1), "minute")]
    third = max(length // 3, 1)
    if window.note in {"week", "week of", "working week"} and edge in {"early", "mid", "late"}:
        # of its working week: Mon-Tue, Tue-Thu, Thu-Fri
        length, third = 5, 1 if edge == "mid" else 2
    if length == 1 and edge in {*_DAY_PARTS, "mid@"}:
        if edge in {"mid", "mid@"}:
            raise DateProblem("the middle of a day has no agreed bounds")
        lo, hi = PARTS[_DAY_PARTS[edge]]
        start = units.midnight(first)
        part = Window(start + timedelta(seconds=lo), start + timedelta(seconds=hi), "span", note=f"{edge} {first}")
        instant = {"start": window.lo, "end": window.hi}.get(edge)
        return [part] if instant is None else [part, Window(instant, instant + timedelta(minutes=1), "minute")]
    if edge == "end@":  # a range's end point: its last day (a range ending then ends on it or at its end)
        return [units.day(first + timedelta(days=length - 1))]
    if edge == "mid@":
        return [units.day(first + timedelta(days=length // 2))]
    if edge == "start":
        return [units.day(first)]
    if edge == "early":
        return [units.days(first, third, f"early {window.label}")]
    if edge == "end":
        last = first + timedelta(days=length - 1)
        found = [units.day(last), Window(window.hi, window.hi + timedelta(minutes=1), "minute")]
        if window.note in {"week", "week of"}:  # "by the end of the week": its last working day too
            found.insert(0, units.day(first + timedelta(days=(4 - first.weekday()) % 7)))
        return found
    if edge == "late":
        return [units.days(first + timedelta(days=length - third), third, f"late {window.label}")]
    return [
        units.day(first + timedelta(days=length // 2)),
        units.days(first + timedelta(days=third), length - 2 * third, f"mid {window.label}"),
    ]


def ordinal(value: Ordinal, first: date, end: date, from_today: bool = False) -> list[Window]:
    n, unit = value.n, value.unit
    all_days = [first + timedelta(days=i) for i in range((end - first).days)]
    if isinstance(unit, int) or unit in {"day", "business day", "working day", "weekday"}:
        if isinstance(unit, int):
            pool = [d for d in all_days if d.weekday() == unit]
        else:
            pool = all_days if unit == "day" else [d for d in all_days if d.weekday() < 5]
        if unit not in {"business day", "working day"}:
            day = _nth(pool, n)
            return [units.day(day)] if day is not None else []
        # a day for each place whose days off are other days (see ``nth_working_day``)
        found = units.nth_working_day(lambda: iter(all_days if n > 0 else all_days[::-1]), abs(n))
        return [units.day(d) for d in dict.fromkeys(found) if d is not None]
    if unit in {"month", "quarter"}:
        size = 1 if unit == "month" else 3
        first_day = _nth([d for d in all_days if d.day == 1 and (d.month - 1) % size == 0], n)
        if first_day is None:
            return []
        if unit == "month":
            return [units.month(first_day.year, first_day.month)]
        return [units.quarter(first_day.year, (first_day.month - 1) // 3 + 1)]
    if unit == "half":
        if n not in {1, 2, -1}:
            return []
        if first.month == 1 and first.day == 1 and end == first.replace(year=first.year + 1):
            return [units.half(first.year, 2 if n in {2, -1} else 1)]  # a year's halves are H1 and H2
        # another period's halves are its first and last whole halves of days: the middle day of an odd count (the
        # 16th of a 31-day month) belongs to neither
        size = len(all_days) // 2
        if size < 1:
            return []
        start = first if n == 1 else end - timedelta(days=size)
        return [units.days(start, size, f"{'first' if n == 1 else 'second'} half")]
    if unit == "weekend":
        saturday = _nth([d for d in all_days if d.weekday() == 5], n)
        return [units.weekend(saturday)] if saturday is not None else []
    if unit == "full week":  # "the first full week of June": the n-th Monday-to-Sunday week wholly inside the period
        monday = _nth([d for d in all_days if d.weekday() == 0 and d + timedelta(days=7) <= end], n)
        return [units.week(monday)] if monday is not None else []
    if unit == "week of":
        return [units.days(first - timedelta(days=first.weekday()), 7, unit)]
    if unit in {"week from", "week ending", "fortnight from", "fortnight ending"}:
        if len(all_days) != 1:
            return []  # "the week ending March": from or to a day only
        if unit == "week from" and first.weekday() not in {0, 6} and not from_today:
            # "the week beginning February 4" (a Tuesday): the calendar week holding that date; from "tomorrow" or
            # "friday" the 7 days from that day
            return [units.days(first - timedelta(days=first.weekday()), 7, unit)]
        size = 14 if unit.startswith("fortnight") else 7
        return [units.days(first if unit.endswith("from") else end - timedelta(days=size), size, unit)]
    if unit == "week":
        if first.month == 1 and first.day == 1 and end == first.replace(year=first.year + 1):
            # weeks of a year are ISO weeks: week 1 holds the year's first Thursday
            weeks = date(first.year, 12, 28).isocalendar()[1]
            number = n if n > 0 else weeks + 1 + n
            return [units.week(date.fromisocalendar(first.year, number, 1))] if 1 <= number <= weeks else []
        # the n-th week of a month is its n-th Monday-based week, only its days: a first (last) week holding fewer
        # than four of them may also be left out of the count ("the first week of February" 2026, a Sunday 1st: that
        # Sunday, or February 2-8); or its n-th seven days from the first (the last seven days from the end)
        mondays = sorted({d - timedelta(days=d.weekday()) for d in all_days})
        short = first.weekday() > 3 if n > 0 else (end - timedelta(days=1)).weekday() < 3
        counts = [mondays, mondays[1:] if n > 0 else mondays[:-1]] if short else [mondays]
        spans = [(max(m, first), min(m + timedelta(days=7), end)) for m in (_nth(c, n) for c in counts) if m]
        seven = first + timedelta(days=7 * (n - 1)) if n > 0 else end + timedelta(days=7 * n)
        if first <= seven and seven + timedelta(days=7) <= end:
            spans.append((seven, seven + timedelta(days=7)))
        return [units.days(lo, (hi - lo).days, "week") for lo, hi in dict.fromkeys(spans)]
    return []


def _nth(pool: list[date], n: int) -> date | None:
    """The ``n``-th day of ``pool`` (counted from 1, from the end when negative), or None when there is none."""
    index = n - 1 if n > 0 else n
    return pool[index] if -len(pool) <= index < len(pool) else None
