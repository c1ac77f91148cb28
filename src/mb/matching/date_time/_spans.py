"""Readings of spans and instants: now, in/ago offsets, the last/next N units, the rest of a period, the first or
last N units of a period; their windows are whole days, or minutes for units under a day."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, time, timedelta

from dateutil.relativedelta import relativedelta

from ._calendar import add_business_days, midnight, step, steps
from ._calendar import day as day_window
from ._dates import DateProblem, date_windows
from ._grammar import Item
from ._model import Reading, Window, minute_window
from ._payloads import Unit

__all__ = ["bounded", "clipped", "day_range", "end_window", "from_now", "leading", "moment", "rest_of", "span"]


def end_window(moment: datetime, grain: str = "minute") -> Window:
    """The minute (second) a span ends at: an end one unit later is past it, as for "3-4pm"."""
    return Window(moment, moment + (timedelta(seconds=1) if grain == "second" else timedelta(minutes=1)), grain)


def moment(item: Item, ref: datetime) -> list[Reading] | None:
    if item.kind == "moment":
        return [Reading(minute_window(ref))]
    pieces = item.value.pieces
    if pieces[0][1] == "business day":
        return [Reading(day_window(d)) for d in dict.fromkeys(add_business_days(ref.date(), int(pieces[0][0])))]
    moments = [ref + delta for delta in steps(ref, pieces)]
    units_ = {u for _, u in pieces}
    if units_ & {"second", "minute", "hour"} or any(a != int(a) for a, _ in pieces):
        if "second" in units_ or moments[0].second != ref.second:
            return [Reading(Window(lo, lo + timedelta(seconds=1), "second")) for lo in moments]
        return [Reading(minute_window(moment)) for moment in moments]
    return [Reading(day_window(moment.date())) for moment in moments]


def span(pieces: tuple[tuple[float, str], ...], ref: datetime, *, calendar: bool = True) -> list[Reading]:
    """``last/next N units``: from (to) now for units under a day or a count that is no whole number of days ("next
    1.5 days"), else from (to) the start of today or tomorrow; quarters and decades count whole calendar quarters and
    decades; ``next fortnight`` (when ``calendar``) is also the two calendar weeks after this one and the next, and
    ``within the next fortnight`` (not ``calendar``) and ``next fortnight`` also the time from now to the same minute
    then."""
    back = pieces[0][0] < 0
    units_ = {u for _, u in pieces}
    today = midnight(ref.date())
    if units_ == {"business day"}:
        count = int(abs(pieces[0][0]))
        if back:
            return [day_range(midnight(d), today) for d in dict.fromkeys(add_business_days(ref.date(), -count))]
        ends = dict.fromkeys(zip(add_business_days(ref.date(), 1), add_business_days(ref.date(), count), strict=True))
        found = [day_range(midnight(first), midnight(last) + timedelta(days=1)) for first, last in ends]
        # "within 3 business days": also from now to the end of the last of them
        start = minute_window(ref.replace(second=0, microsecond=0))
        return found + ([] if calendar else [replace(r, start=start) for r in found])
    if units_ & {"second", "minute", "hour"} or (today + step(pieces)).time() != time():
        if "second" in units_:  # "the last 10 seconds": to the second
            now = ref.replace(microsecond=0)
            lo, hi = sorted((now, now + step(pieces)))
            return [Reading(Window(lo, lo + timedelta(seconds=1), "second"), end_window(hi, "second"), until=hi)]
        now = ref.replace(second=0, microsecond=0)
        lo, hi = sorted((now, now + step(pieces)))
        return [Reading(minute_window(lo), end_window(hi), until=hi)]
    if len(pieces) == 1 and pieces[0][1] in {"quarter", "decade"}:
        size = 3 if pieces[0][1] == "quarter" else 120
        index = (ref.year * 12 + ref.month - 1) // size
        aligned = datetime(index * size // 12, index * size % 12 + 1, 1)
        if back:
            return [day_range(aligned + step(pieces), aligned)]
        following = aligned + relativedelta(months=size)
        return [day_range(following, following + step(pieces))]
    weeks: list[Reading] = []
    if calendar and len(pieces) == 1 and abs(pieces[0][0]) == 1 and pieces[0][1] == "fortnight":
        # "next fortnight" is also the two calendar weeks after this one and the next (see ``_dates``)
        monday = today - timedelta(days=today.weekday())
        first = monday + timedelta(days=-14 if back else 14)
        weeks.append(day_range(first, first + timedelta(days=14)))
    if back:
        return [day_range(today + step(pieces), today), *weeks]
    tomorrow = today + timedelta(days=1)
    found = [day_range(today, today + step(pieces)), day_range(tomorrow, tomorrow + step(pieces)), *weeks]
    if not calendar or units_ == {"fortnight"}:
        # "within the next fortnight", "the next fortnight": also from this minute to the same minute 14 days on
        found.append(from_now(ref, ref + step(pieces)))
    return found


def from_now(lo: datetime, hi: datetime) -> Reading:
    """The time from one minute to another, both ends checked at the minute."""
    lo, hi = lo.replace(second=0, microsecond=0), hi.replace(second=0, microsecond=0)
    return Reading(minute_window(lo), end_window(hi), until=hi)


def leading(item: Item, rest: list[Item], ref: datetime) -> list[Reading]:
    """``the first 2 weeks of 2021`` (whole Monday-to-Sunday weeks inside the period, or 14 days from its start),
    ``the last four months of
    2021``, ``within 2 weeks from today``: ranges of whole days."""
    today = midnight(ref.date())
    if item.kind == "window":
        if rest:
            raise DateProblem(f"{item.text!r} with other words")
        start = today + timedelta(days=item.value.from_day)
        return [day_range(start, start + step(item.value.pieces))]
    if not rest:
        raise DateProblem(f"{item.text!r} names no period")
    count, unit, from_end = item.value.count, item.value.unit, item.value.from_end
    found: list[Reading] = []
    length = step(((count if unit != "week" else 7 * count, unit if unit != "week" else "day"),))
    for period in date_windows(rest, ref.date()):
        edges = [(period.lo, period.hi)]
        if unit == "week":  # whole weeks, or as many days counted from the period's edge ("the first 2 weeks of may")
            monday = period.lo + timedelta(days=(7 - period.lo.weekday()) % 7)
            edges.insert(0, (monday, period.hi - timedelta(days=period.hi.weekday())))
        for lo, hi in dict.fromkeys((hi - length, hi) if from_end else (lo, lo + length) for lo, hi in edges):
            if lo < period.lo or hi > period.hi or lo >= hi:
                raise DateProblem(f"{item.text!r} is longer than {period.label}")
            found.append(day_range(lo, hi))
    return found


#: An hour or minute named from the one it is now ("this hour", "the minute after next"), and its steps from it.
_CLOCK_UNIT = re.compile(r"this (?P<u>hour|minute)|(?P<v>hour|minute) (?P<dir>after next|before last)")
_CLOCK_STEPS = {None: 0, "after next": 2, "before last": -2}


def rest_of(unit: str, ref: datetime) -> list[Reading]:
    """``the rest of the hour/day/week/month/year``: from now (today) to the end of the period; ``earlier today``
    (``earlier this week``...): any time from the start of the period to now; ``this hour`` (``this minute``): the
    clock hour (minute) it is now, ``the hour after next`` two after it; ``the top of the hour``: the next whole
    hour."""
    if unit == "top of the hour":
        lo = ref.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
        return [Reading(minute_window(lo))]
    clock = _CLOCK_UNIT.fullmatch(unit)
    if clock:
        name = clock["u"] or clock["v"]
        length = timedelta(hours=1) if name == "hour" else timedelta(minutes=1)
        lo = ref.replace(minute=ref.minute if name == "minute" else 0, second=0, microsecond=0)
        lo += length * _CLOCK_STEPS[clock["dir"]]
        return [Reading(Window(lo, lo + length, "minute" if name == "minute" else "span", note=unit))]
    if unit.startswith("earlier "):
        name = unit.removeprefix("earlier ")
        if name in {"day", "hour"}:
            first = midnight(ref.date()) if name == "day" else ref.replace(minute=0, second=0, microsecond=0)
        else:
            (window,) = date_windows([Item("date", name, Unit(name, "this"))], ref.date())
            first = window.lo
        note = "earlier today" if name == "day" else f"earlier this {name}"
        if first >= ref.replace(second=0, microsecond=0):  # said as the period starts: no time earlier in it
            raise DateProblem(f"{note!r} said as the {name} starts names no time")
        return [Reading(Window(first, ref.replace(second=0, microsecond=0), "span", note=note))]
    if unit == "hour":  # from this minute to the end of the clock hour
        end = ref.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
        return [Reading(Window(ref.replace(second=0, microsecond=0), end, "span", note="the rest of the hour"))]
    if unit == "day":
        end = midnight(ref.date()) + timedelta(days=1)
        # its last minute, or the midnight that ends it
        return [Reading(minute_window(ref), replace(end_window(end - timedelta(minutes=1)), closed=True), until=end)]
    (period,) = date_windows([Item("date", unit, Unit(unit, "this"))], ref.date())
    return [day_range(midnight(ref.date()), period.hi)]


def bounded(word: str, found: list[Reading], ref: datetime) -> list[Reading]:
    """One side of each reading (``word`` is "before" or "after"): "before 9am tomorrow" is tomorrow from midnight to
    9:00 (from now when the day is today), "before friday" from today to the start of Friday, "after 6pm" from 18:00
    to the end of its day (tonight's too when no day is named and 18:00 has passed, for a time from noon on: "after 3"
    said at 9am is never the rest of the morning after 3:00). A time of day bounding the window is in it, as a tool's
    argument carries a deadline or a start. After a day or longer nothing ends the window: not understood."""
    if not found:  # "before early 5pm tomorrow": what it bounds has no reading
        raise DateProblem(f"{word!r} bounds no date or time")
    now = ref.replace(second=0, microsecond=0)
    today = midnight(ref.date())
    sides: list[Reading] = []
    for reading in found:
        w = reading.start
        if reading.end is not None or reading.span:
            raise DateProblem(f"{word!r} a range")
        within_day = w.hi - w.lo < timedelta(days=1)
        day = midnight((w.lo - timedelta(microseconds=1) if word == "before" else w.lo).date())
        if word == "before":
            lo, hi = (max(day, now) if within_day else today), w.lo
        elif not within_day:
            raise DateProblem(f"'after' {w.label} names no end")
        else:
            lo, hi = (w.lo if w.grain in {"minute", "second"} else w.hi), day + timedelta(days=1)
            if w.floating and day - timedelta(days=1) == today and lo.hour >= 12:  # said at 7pm: the rest of tonight
                sides.append(Reading(Window(max(lo - timedelta(days=1), now), day, "span", note=word, floating=True)))
        closed = word == "before" and within_day and hi.time() != time()
        if lo < hi:
            sides.append(Reading(Window(lo, hi, "span", closed, word, floating=w.floating)))
    if not sides:
        raise DateProblem(f"nothing is left {word} {found[0].start.label}")
    return sides


def clipped(sides: list[Reading], limits: list[Reading]) -> list[Reading]:
    """The parts of ``sides`` inside a window of ``limits`` ("the evening before 5pm": nothing), the narrowest where
    one holds another."""
    found = [
        Reading(
            replace(
                side.start,
                lo=max(side.start.lo, limit.start.lo),
                hi=min(side.start.hi, limit.start.hi),
                closed=side.start.closed if side.start.hi <= limit.start.hi else limit.start.closed,
            )
        )
        for side in sides
        for limit in limits
        if max(side.start.lo, limit.start.lo) < min(side.start.hi, limit.start.hi)
    ]
    if not found:
        raise DateProblem(f"nothing of {limits[0].start.label} is left {sides[0].start.note}")
    # a window holding another is two bounds read in different halves of the day ("after 9:30 and before 11": never
    # 09:30 to 23:00 beside 09:30 to 11:00 and 21:30 to 23:00)
    spans = {(r.start.lo, r.start.hi) for r in found}
    return [r for r in found if not any(r.start.lo <= lo and hi <= r.start.hi and (lo, hi) != (r.start.lo, r.start.hi)
                                        for lo, hi in spans)]  # fmt: skip


def day_range(lo: datetime, hi: datetime) -> Reading:
    """The whole days from ``lo`` to ``hi`` (excluded), a span named as one period."""
    start = Window(lo, lo + timedelta(days=1), "day")
    return Reading(start, Window(hi - timedelta(days=1), hi, "day", closed=True), until=hi)
