"""Turn the items of a parsed phrase into readings: half-open windows at the phrase's grain.

* A point is its date windows with the time of day placed on each day (``tomorrow at 3pm``); a time of day
  with no date is today's, or tomorrow's once passed; a part of the day restricts an hour given without am/pm
  (``tonight 815`` is 20:15).
* A range (``from X to Y``, ``X - Y``, ``between X and Y``) reads both ends, each taking from the other what it
  leaves out (the date, am/pm, the month of a bare day number); its end window also accepts the exclusive end.
* ``last/next N units`` are ranges ending (starting) at the start of today, or now for units under a day.
* ``in``/``ago`` offsets under a day are instants (their minute); a day or more, the day reached.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from ._dates import DateProblem, add_business_days, date_windows, delta
from ._grammar import Item
from ._model import Reading, Window

__all__ = ["DateProblem", "clock_dependent", "readings"]

_DAY = 86400
_TIME_KINDS = {"clock", "part"}


def clock_dependent(items: tuple[Item, ...]) -> bool:
    """Whether the readings depend on the time of day ``user_time`` gives (not only on its date)."""
    kinds = {i.kind for i in items}
    if "moment" in kinds or "span" in kinds:
        return True
    if any(i.kind == "offset" and i.value[1] in {"second", "minute", "hour"} for i in items):
        return True
    dated = any(i.kind in {"date", "weekday", "year", "offset"} for i in items)
    return bool(kinds & (_TIME_KINDS | {"number"})) and not dated


def readings(items: tuple[Item, ...], ref: datetime) -> list[Reading]:
    """Every reading of the items said at naive ``ref``; raises ``DateProblem`` when they do not combine."""
    parts = list(items)
    duration = [i for i in parts if i.kind == "duration"]
    parts = [i for i in parts if i.kind != "duration"]
    between = bool(parts) and parts[0].kind == "between"
    if between:
        parts = parts[1:]
    middle = [n for n, i in enumerate(parts) if i.kind == "between"]
    if len(middle) == 1 and any(i.kind == "sep" for i in parts[middle[0] :]):
        # "June 3rd from 3pm to 4:30pm": the words before "from" belong to both ends
        between = True
        parts = parts[: middle[0]] + parts[middle[0] + 1 :]
    if any(i.kind == "between" for i in parts):
        raise DateProblem(f"{next(i.text for i in parts if i.kind == 'between')!r} in the middle of the phrase")
    seps = [n for n, i in enumerate(parts) if i.kind == "sep"]
    if seps:
        if len(seps) > 1 or duration:
            raise DateProblem("more than one range")
        left, right = parts[: seps[0]], parts[seps[0] + 1 :]
        if not left or not right:
            raise DateProblem(f"a range with one end ({parts[seps[0]].text!r})")
        if parts[seps[0]].text == "and" and not between:
            raise DateProblem("'and' joins two dates without 'between'")
        return _range(left, right, ref)
    found = _point(parts, ref)
    if duration:
        amount, unit = duration[0].value
        step = delta(amount, unit)
        return [Reading(r.start, _end_window(r.start.lo + step)) for r in found]
    return found


def _end_window(moment: datetime, grain: str = "minute") -> Window:
    length = timedelta(seconds=1) if grain == "second" else timedelta(minutes=1)
    return Window(moment, moment + length, grain, closed=True)


def _point(items: list[Item], ref: datetime) -> list[Reading]:
    if not items:
        raise DateProblem("nothing to read")
    spans = [i for i in items if i.kind == "span"]
    if spans:
        if len(items) > 1:
            raise DateProblem(f"{spans[0].text!r} with other words")
        return _span(spans[0].value, ref)
    moments = [i for i in items if i.kind == "moment" or (i.kind == "offset" and i.value[2] == "from now")]
    if moments:
        instants = _moment(moments[0], ref) if len(items) == 1 else None
        if instants is not None:
            return instants
        if moments[0].kind == "moment":
            raise DateProblem(f"{moments[0].text!r} with other words")
    times = [i for i in items if i.kind in _TIME_KINDS]
    dates = [i for i in items if i.kind not in _TIME_KINDS]
    numbers = [i for i in dates if i.kind == "number"]
    if numbers:
        dates = [i for i in dates if i.kind != "number"]
        dates, times = _numbers(numbers, dates, times)
    days = date_windows(dates, ref.date()) if dates else None
    if not times:
        if days is None:
            raise DateProblem("no date or time")
        return [Reading(w) for w in days]
    return _timed(times, days, ref)


def _numbers(numbers: list[Item], dates: list[Item], times: list[Item]) -> tuple[list[Item], list[Item]]:
    """A bare number is a day of the month beside a month, else an hour beside a part of the day."""
    if len(numbers) > 1:
        raise DateProblem(f"the numbers {' '.join(n.text for n in numbers)!r}")
    number = numbers[0]
    months = [d for d in dates if d.kind == "date" and d.value[0] == "month" and d.value[3] is None]
    if months and 1 <= number.value <= 31:
        month = months[0]
        day = Item("date", f"{month.text} {number.text}", ("md", ((month.value[1], number.value),), month.value[2]))
        return [d for d in dates if d is not month] + [day], times
    if times and all(t.kind == "part" for t in times) and 0 <= number.value <= 23:
        return dates, [*times, _hour(number)]
    raise DateProblem(f"the number {number.text!r} is neither a day of a month nor an hour")


def _hour(number: Item) -> Item:
    hour = number.value
    hours = [hour % 12, hour % 12 + 12] if 1 <= hour <= 12 else [hour]
    return Item("clock", number.text, (tuple((h * 3600, h * 3600 + 60, "minute") for h in hours), len(hours) == 1))


def _moment(item: Item, ref: datetime) -> list[Reading] | None:
    if item.kind == "moment":
        lo = ref.replace(second=0, microsecond=0)
        return [Reading(Window(lo, lo + timedelta(minutes=1), "minute"))]
    amount, unit, _ = item.value
    if unit == "business day":
        day = add_business_days(ref.date(), int(amount))
        lo = datetime.combine(day, datetime.min.time())
        return [Reading(Window(lo, lo + timedelta(days=1), "day"))]
    moment = ref + delta(amount, unit)
    if unit in {"second", "minute", "hour"} or amount != int(amount):
        if unit == "second":
            lo = moment.replace(microsecond=0)
            return [Reading(Window(lo, lo + timedelta(seconds=1), "second"))]
        lo = moment.replace(second=0, microsecond=0)
        return [Reading(Window(lo, lo + timedelta(minutes=1), "minute"))]
    lo = datetime.combine(moment.date(), datetime.min.time())
    return [Reading(Window(lo, lo + timedelta(days=1), "day"))]


def _span(value: tuple[float, str], ref: datetime) -> list[Reading]:
    amount, unit = value
    if unit in {"second", "minute", "hour"}:
        now = ref.replace(second=0, microsecond=0)
        other = now + delta(amount, unit)
        lo, hi = min(now, other), max(now, other)
        return [Reading(Window(lo, lo + timedelta(minutes=1), "minute"), _end_window(hi))]
    today = datetime.combine(ref.date(), datetime.min.time())
    if amount < 0:
        first = today + delta(amount, unit)
        return [_day_range(first, today)]
    tomorrow = today + timedelta(days=1)
    return [_day_range(today, today + delta(amount, unit)), _day_range(tomorrow, tomorrow + delta(amount, unit))]


def _day_range(lo: datetime, hi: datetime) -> Reading:
    start = Window(lo, lo + timedelta(days=1), "day")
    return Reading(start, Window(hi - timedelta(days=1), hi, "day", closed=True))


def _timed(times: list[Item], days: list[Window] | None, ref: datetime) -> list[Reading]:
    clocks = [t for t in times if t.kind == "clock"]
    parts = [t for t in times if t.kind == "part"]
    if len(clocks) > 1 or len(parts) > 1:
        raise DateProblem("two times of day")
    part = parts[0].value if parts else None
    if part is not None and part[3] is not None:
        if days is not None:
            raise DateProblem(f"{parts[0].text!r} beside another date")
        day = datetime.combine(ref.date() + timedelta(days=part[3]), datetime.min.time())
        days = [Window(day, day + timedelta(days=1), "day")]
    spans: list[tuple[int, int, str, str]] = []
    if clocks:
        candidates = clocks[0].value[0]
        midnight = len(clocks[0].value) > 2
        for lo, hi, grain in candidates:
            if part is None:
                spans.append((lo, hi, grain, ""))
                if midnight and days is not None:
                    spans.append((lo - _DAY, hi - _DAY, grain, ""))
                continue
            for shift in (0, _DAY):
                if part[0] <= lo + shift < part[1]:
                    spans.append((lo + shift, hi + shift, grain, ""))
        if not spans:
            raise DateProblem(f"{clocks[0].text!r} is not in the {parts[0].text!r}")
    elif part is not None:
        spans.append((part[0], part[1], "span", part[2]))
    found: list[Reading] = []
    if days is None:
        today = datetime.combine(ref.date(), datetime.min.time())
        for lo, hi, grain, note in spans:
            window = replace(
                Window(today + timedelta(seconds=lo), today + timedelta(seconds=hi), grain, note=note), floating=True
            )
            found.append(Reading(window.shifted(timedelta(days=1)) if window.hi <= ref else window))
        return found
    for day_window in days:
        if day_window.hi - day_window.lo > timedelta(days=1):
            raise DateProblem(f"a time of day on a period longer than a day ({day_window.label})")
        for lo, hi, grain, note in spans:
            window = Window(
                day_window.lo + timedelta(seconds=lo), day_window.lo + timedelta(seconds=hi), grain, note=note
            )
            found.append(Reading(window))
    return found


_TODAY = Item("date", "today", ("days", 0))


def _range(left: list[Item], right: list[Item], ref: datetime) -> list[Reading]:
    left, right = _share(left, right), _share(right, left)
    left, right = _am_pm(left, right)
    dateless = not any(i.kind in _DATED for i in left + right)
    if dateless:
        # times of day only: placed as a pair, today unless the start has passed, else tomorrow
        found = _paired(_point([*left, _TODAY], ref), _point([*right, _TODAY], ref), right)
        day = timedelta(days=1)
        return [
            Reading(r.start.shifted(day), r.end.shifted(day) if r.end else None) if r.start.hi <= ref else r
            for r in found
        ]
    return _paired(_point(left, ref), _point(right, ref), right)


_DATED = {"date", "weekday", "year", "offset", "span", "moment"}


def _paired(starts: list[Reading], ends: list[Reading], right: list[Item]) -> list[Reading]:
    found: list[Reading] = []
    for start in starts:
        options = []
        for end in ends:
            for days in (0, 1, 7):
                if days == 1 and any(i.kind in {"date", "weekday"} for i in right):
                    continue
                if days == 7 and not any(i.kind == "weekday" for i in right):
                    continue
                moved = end.start.shifted(timedelta(days=days))
                if moved.lo >= start.start.lo and moved.lo - start.start.lo < timedelta(days=370):
                    options.append(moved)
                    break
        if options:
            best = min(options, key=lambda w: w.lo)
            found.append(Reading(start.start, replace(best, closed=True)))
    if not found:
        raise DateProblem("the range ends before it starts")
    return list(dict.fromkeys(found))


def _share(side: list[Item], other: list[Item]) -> list[Item]:
    """Give one end of a range what only the other names: the date, or the month of a bare day number."""
    kinds = {i.kind for i in side}
    other_dates = [i for i in other if i.kind in {"date", "weekday", "year"}]
    if "number" in kinds:
        months = [i for i in other if i.kind == "date" and i.value[0] in {"md", "month"}]
        if months and not kinds & {"date", "weekday"}:
            number = next(i for i in side if i.kind == "number")
            month_item = months[0]
            pairs = month_item.value[1]
            month = pairs[0][0] if month_item.value[0] == "md" else pairs
            year = month_item.value[2]
            day = Item("date", number.text, ("md", ((month, number.value),), year))
            return [day if i is number else i for i in side] + [i for i in other if i.kind == "year"]
        if not months:
            return [_hour(i) if i.kind == "number" else i for i in side] + (
                other_dates if not kinds & {"date", "weekday"} and any(i.kind in _TIME_KINDS for i in other) else []
            )
    if not kinds & {"date", "weekday", "year", "offset", "span", "moment"} and kinds & _TIME_KINDS:
        return side + other_dates
    if kinds & {"date"} and not kinds & {"year"}:
        return side + [i for i in other if i.kind == "year"]
    return side


def _am_pm(left: list[Item], right: list[Item]) -> tuple[list[Item], list[Item]]:
    """An hour without am/pm at one end of a range takes it from the other (``3-4pm`` is 15:00-16:00)."""
    lc = next((i for i in left if i.kind == "clock"), None)
    rc = next((i for i in right if i.kind == "clock"), None)
    if lc is None or rc is None:
        return left, right
    if not lc.value[1] and rc.value[1]:
        ends = [c[0] for c in rc.value[0]]
        kept = tuple(c for c in lc.value[0] if any(0 < e - c[0] <= 12 * 3600 for e in ends))
        if kept:
            left = [Item("clock", lc.text, (kept, True)) if i is lc else i for i in left]
    elif lc.value[1] and not rc.value[1]:
        starts = [c[0] for c in lc.value[0]]
        kept = tuple(c for c in rc.value[0] if any(0 < c[0] - s <= 12 * 3600 for s in starts))
        if kept:
            right = [Item("clock", rc.text, (kept, True)) if i is rc else i for i in right]
    return left, right
