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

from dateutil.relativedelta import relativedelta

from ._dates import DateProblem, add_business_days, date_windows, step
from ._grammar import Item
from ._model import Reading, Window

__all__ = ["DateProblem", "clock_dependent", "readings"]

_DAY = 86400
_TIME_KINDS = {"clock", "part"}


def clock_dependent(items: tuple[Item, ...]) -> bool:
    """Whether the readings depend on the time of day ``user_time`` gives (not only on its date)."""
    kinds = {i.kind for i in items}
    if kinds & {"moment", "span", "rest"}:
        return True
    if any(
        i.kind == "offset" and any(u in {"second", "minute", "hour"} or a != int(a) for a, u in i.value[0])
        for i in items
    ):
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
    # "14th Feb from 9:30am for 7 hours": a "from" no range end follows only marks the start
    parts = [
        i
        for n, i in enumerate(parts)
        if not (i.kind == "between" and i.text == "from" and not any(j.kind == "sep" for j in parts[n:]))
    ]
    middle = [n for n, i in enumerate(parts) if i.kind == "between"]
    periods: list[Item] = []
    if len(middle) == 1 and any(i.kind == "sep" for i in parts[middle[0] :]):
        # "June 3rd from 3pm to 4:30pm": the words before "from" belong to both ends
        between = True
        periods = [i for i in parts[: middle[0]] if i.kind == "date" and i.value[0] in {"unit", "month"}]
        parts = parts[: middle[0]] + parts[middle[0] + 1 :]
    if any(i.kind == "between" for i in parts):
        raise DateProblem(f"{next(i.text for i in parts if i.kind == 'between')!r} in the middle of the phrase")
    seps = [n for n, i in enumerate(parts) if i.kind == "sep"]
    if seps:
        if len(seps) > 1 or duration:
            raise DateProblem("more than one range")
        left, right = parts[: seps[0]], parts[seps[0] + 1 :]
        if parts[seps[0]].value == "to date" and not right:
            right = [_TODAY]  # "from March to date": until today
        if periods and right and all(i.kind in {"weekday", "number", "year"} for i in right):
            right = [*periods, *right]  # "last week between Friday and Sunday": Sunday of last week
        if not left or not right:
            raise DateProblem(f"a range with one end ({parts[seps[0]].text!r})")
        if parts[seps[0]].text == "and" and not between:
            raise DateProblem("'and' joins two dates without 'between'")
        if parts[seps[0]].text == "-" and not between and _joined(left, right):
            return _point(left + right, ref)  # "6 jan 2017 - 6:37am", "previous week - Monday"
        found = _range(left, right, ref)
        if any(r.end is not None and r.start.lo <= r.end.lo and r.end.hi <= r.start.hi for r in found):
            raise DateProblem("one end of the range lies inside the other")
        return found
    found = _point(parts, ref)
    if duration:
        length = step(duration[0].value)
        if all(u not in {"second", "minute", "hour"} for _, u in duration[0].value):
            # whole days: the end is the last day, or the instant after it
            return [
                Reading(
                    r.start, Window(r.start.lo + length - timedelta(days=1), r.start.lo + length, "day", closed=True)
                )
                for r in found
                if r.start.grain == "day"
            ] or [Reading(r.start, _end_window(r.start.lo + length)) for r in found]
        return [Reading(r.start, _end_window(r.start.lo + length)) for r in found]
    return found


def _joined(left: list[Item], right: list[Item]) -> bool:
    """Whether a dash joins a date and a time of day, or a period and a day in it, rather than two ends."""

    def level(items: list[Item]) -> str:
        if all(i.kind in _TIME_KINDS for i in items):
            return "time"
        if all(i.kind == "date" and i.value[0] == "unit" for i in items):
            return "period"
        if all(i.kind == "weekday" for i in items):
            return "weekday"
        return "date" if not any(i.kind in _TIME_KINDS for i in items) else "mixed"

    if any(i.kind == "number" for i in left + right):
        return False
    pair = (level(left), level(right))
    return pair in {("date", "time"), ("time", "date"), ("period", "weekday"), ("weekday", "period")}


def _end_window(moment: datetime, grain: str = "minute") -> Window:
    length = timedelta(seconds=1) if grain == "second" else timedelta(minutes=1)
    return Window(moment, moment + length, grain, closed=True)


def _point(items: list[Item], ref: datetime) -> list[Reading]:
    if not items:
        raise DateProblem("nothing to read")
    rests = [i for i in items if i.kind == "rest"]
    if rests:
        if len(items) > 1:
            raise DateProblem(f"{rests[0].text!r} with other words")
        return _rest(rests[0].value, ref)
    leads = [i for i in items if i.kind in {"lead", "window"}]
    if leads:
        return _leading(leads[0], [i for i in items if i is not leads[0]], ref)
    spans = [i for i in items if i.kind == "span"]
    if spans:
        if len(items) > 1:
            raise DateProblem(f"{spans[0].text!r} with other words")
        return _span(spans[0].value, ref)
    moments = [i for i in items if i.kind == "moment" or (i.kind == "offset" and i.value[1] == "from now")]
    if moments:
        instants = _moment(moments[0], ref) if len(items) == 1 else None
        if instants is not None:
            return instants
        if moments[0].kind == "moment":
            raise DateProblem(f"{moments[0].text!r} with other words")
    items = _edge_on_part(items)
    times = [i for i in items if i.kind in _TIME_KINDS]
    dates = [i for i in items if i.kind not in _TIME_KINDS]
    numbers = [i for i in dates if i.kind == "number"]
    if len(items) == 1 and numbers:
        return _lone_number(numbers[0], ref)
    if numbers:
        dates = [i for i in dates if i.kind != "number"]
        dates, times = _numbers(numbers, dates, times)
    days = date_windows(dates, ref.date()) if dates else None
    if not times:
        if days is None:
            raise DateProblem("no date or time")
        return [Reading(w) for w in days]
    return _timed(times, days, ref)


def _edge_on_part(items: list[Item]) -> list[Item]:
    """``early tomorrow morning``: an early/late that names no period applies to the part of the day."""
    edges = [i for i in items if i.kind == "edge" and i.value in {"early", "late", "mid"}]
    parts = [i for i in items if i.kind == "part"]
    if len(edges) != 1 or len(parts) != 1 or items.index(edges[0]) > items.index(parts[0]):
        return items
    edge, part = edges[0], parts[0]
    lo, hi, note, offset = part.value
    middle = (lo + hi) // 2
    if edge.value == "early":
        lo, hi = lo, middle
    elif edge.value == "late":
        lo, hi = middle, hi
    else:
        lo, hi = lo + (hi - lo) // 4, hi - (hi - lo) // 4
    changed = Item("part", f"{edge.text} {part.text}", (lo, hi, f"{edge.value} {note}", offset))
    return [changed if i is part else i for i in items if i is not edge]


def _lone_number(number: Item, ref: datetime) -> list[Reading]:
    """A number said alone ("seven", "15"): the next time at that hour; digits past 12 also that day of this or
    next month."""
    found: list[Reading] = []
    if 0 <= number.value <= 23:
        found.extend(_timed([_hour(number)], None, ref))
    if 12 < number.value <= 31 and number.text.isdigit():
        for months in (0, 1):
            first = (ref.replace(day=1) + relativedelta(months=months)).date()
            if number.value <= ((first + relativedelta(months=1)) - first).days:
                day = datetime.combine(first.replace(day=number.value), datetime.min.time())
                if day.date() >= ref.date():
                    found.append(Reading(Window(day, day + timedelta(days=1), "day")))
                    break
    if not found:
        raise DateProblem(f"the number {number.text!r} is neither a day of a month nor an hour")
    return found


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
    day_named = any(d.kind == "date" and d.value[0] in {"days", "dom", "md", "ymd"} for d in dates)
    if not times and day_named and number.value <= 23:
        return dates, [_hour(number)]  # "tomorrow 3", "friday the 26th around 4": an hour of that day
    if not day_named and any(d.kind == "weekday" for d in dates) and 1 <= number.value <= 31:
        return [*dates, Item("date", number.text, ("dom", number.value))], times
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
    pieces = item.value[0]
    if pieces[0][1] == "business day":
        day = add_business_days(ref.date(), int(pieces[0][0]))
        lo = datetime.combine(day, datetime.min.time())
        return [Reading(Window(lo, lo + timedelta(days=1), "day"))]
    moment = ref + step(pieces)
    units_ = {u for _, u in pieces}
    if units_ & {"second", "minute", "hour"} or any(a != int(a) for a, _ in pieces):
        if "second" in units_ or moment.second != ref.second:
            lo = moment.replace(microsecond=0)
            return [Reading(Window(lo, lo + timedelta(seconds=1), "second"))]
        lo = moment.replace(second=0, microsecond=0)
        return [Reading(Window(lo, lo + timedelta(minutes=1), "minute"))]
    lo = datetime.combine(moment.date(), datetime.min.time())
    return [Reading(Window(lo, lo + timedelta(days=1), "day"))]


def _span(pieces: tuple[tuple[float, str], ...], ref: datetime) -> list[Reading]:
    """``last/next N units``: from (to) now for units under a day, else from (to) the start of today or tomorrow;
    quarters and decades count whole calendar quarters and decades."""
    back = pieces[0][0] < 0
    units_ = {u for _, u in pieces}
    if units_ & {"second", "minute", "hour"}:
        now = ref.replace(second=0, microsecond=0)
        other = now + step(pieces)
        lo, hi = min(now, other), max(now, other)
        return [Reading(Window(lo, lo + timedelta(minutes=1), "minute"), _end_window(hi))]
    today = datetime.combine(ref.date(), datetime.min.time())
    if units_ == {"business day"}:
        count = int(abs(pieces[0][0]))
        if back:
            return [_day_range(datetime.combine(add_business_days(ref.date(), -count), datetime.min.time()), today)]
        first = add_business_days(ref.date(), 1)
        last = add_business_days(ref.date(), count)
        return [
            _day_range(
                datetime.combine(first, datetime.min.time()),
                datetime.combine(last, datetime.min.time()) + timedelta(days=1),
            )
        ]
    if len(pieces) == 1 and pieces[0][1] in {"quarter", "decade"}:
        size = 3 if pieces[0][1] == "quarter" else 120
        index = (ref.year * 12 + ref.month - 1) // size
        aligned = datetime(index * size // 12, index * size % 12 + 1, 1)
        if back:
            return [_day_range(aligned + step(pieces), aligned)]
        following = aligned + relativedelta(months=size)
        return [_day_range(following, following + step(pieces))]
    if back:
        return [_day_range(today + step(pieces), today)]
    tomorrow = today + timedelta(days=1)
    return [_day_range(today, today + step(pieces)), _day_range(tomorrow, tomorrow + step(pieces))]


def _leading(item: Item, rest: list[Item], ref: datetime) -> list[Reading]:
    """``the first 2 weeks of 2021`` (whole Monday-to-Sunday weeks inside the period), ``the last four months of
    2021``, ``within 2 weeks from today``: ranges of whole days."""
    today = datetime.combine(ref.date(), datetime.min.time())
    if item.kind == "window":
        if rest:
            raise DateProblem(f"{item.text!r} with other words")
        pieces, days = item.value
        start = today + timedelta(days=days)
        return [_day_range(start, start + step(pieces))]
    if not rest:
        raise DateProblem(f"{item.text!r} names no period")
    count, unit, from_end = item.value
    found: list[Reading] = []
    for period in date_windows(rest, ref.date()):
        lo, hi = period.lo, period.hi
        if unit == "week":
            lo += timedelta(days=(7 - lo.weekday()) % 7)
            hi -= timedelta(days=hi.weekday())
        length = step(((count if unit != "week" else 7 * count, unit if unit != "week" else "day"),))
        lo, hi = (hi - length, hi) if from_end else (lo, lo + length)
        if lo < period.lo or hi > period.hi or lo >= hi:
            raise DateProblem(f"{item.text!r} is longer than {period.label}")
        found.append(_day_range(lo, hi))
    return found


def _rest(unit: str, ref: datetime) -> list[Reading]:
    """``the rest of the day/week/month/year``: from now (today) to the end of the period."""
    if unit == "day":
        now = ref.replace(second=0, microsecond=0)
        end = datetime.combine(ref.date(), datetime.min.time()) + timedelta(days=1)
        return [
            Reading(
                Window(now, now + timedelta(minutes=1), "minute"),
                Window(end - timedelta(minutes=1), end, "minute", closed=True),
            )
        ]
    (period,) = date_windows([Item("date", unit, ("unit", unit, "this"))], ref.date())
    today = datetime.combine(ref.date(), datetime.min.time())
    return [_day_range(today, period.hi)]


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
        if part[3] == 0 and part[1] > _DAY and ref < day + timedelta(seconds=part[1] - _DAY):
            # "tonight at 1am" said at 00:30: the night in progress, or the coming one
            days.insert(0, Window(day - timedelta(days=1), day, "day"))
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
        if not spans and part is not None:
            # no am/pm reading falls in the part of the day: the one nearest to it ("afternoon at 7" is 19:00)
            def distance(c: tuple[int, int, str]) -> int:
                return int(max(part[0] - c[0], c[0] - part[1], 0))

            nearest = min(distance(c) for c in candidates)
            if nearest > 3 * 3600:
                raise DateProblem(f"{clocks[0].text!r} is not in the {parts[0].text!r}")
            spans.extend((lo, hi, grain, "") for lo, hi, grain in candidates if distance((lo, hi, grain)) == nearest)
    elif part is not None:
        spans.append((part[0], part[1], "span", part[2]))
    found: list[Reading] = []
    if days is None:
        today = datetime.combine(ref.date(), datetime.min.time())
        for lo, hi, grain, note in spans:
            window = replace(
                Window(today + timedelta(seconds=lo), today + timedelta(seconds=hi), grain, note=note), floating=True
            )
            before = window.shifted(timedelta(days=-1))
            if hi > _DAY and before.hi > ref:
                window = before  # "12 in the night" said at 00:00: the night in progress
            found.append(Reading(window.shifted(timedelta(days=1)) if window.hi <= ref else window))
        return found
    for day_start in _day_starts(days, ref):
        for lo, hi, grain, note in spans:
            window = Window(day_start + timedelta(seconds=lo), day_start + timedelta(seconds=hi), grain, note=note)
            found.append(Reading(window))
    return found


def _day_starts(days: list[Window], ref: datetime) -> list[datetime]:
    """The days a time of day is placed on. A period longer than a day names its first day, or today once it has
    begun ("next month at 6pm" is 18:00 on the 1st of next month, as a reminder set for it would be)."""
    starts: list[datetime] = []
    today = datetime.combine(ref.date(), datetime.min.time())
    for window in days:
        length = window.hi - window.lo
        if length > timedelta(days=1) and (length % timedelta(days=1) or window.lo.time() != datetime.min.time()):
            raise DateProblem(f"a time of day on a period longer than a day ({window.label})")
        starts.append(today if window.lo <= today < window.hi else window.lo)
    return list(dict.fromkeys(starts))


_TODAY = Item("date", "today", ("days", 0))


def _range(left: list[Item], right: list[Item], ref: datetime) -> list[Reading]:
    # at the ends of a range, "the end of X" is the instant X ends and "the middle of X" its middle day
    left, right = ([_as_point(i) for i in side] for side in (left, right))
    left, right = _now_as_today(left, right), _now_as_today(right, left)
    left, right = _trailing_period(left, right)
    rolls = _rolls(right)
    left, right = _numbers_in_range(left, right)
    left, right = _share(left, right), _share(right, left)
    left, right = _am_pm(left, right)
    dateless = not any(i.kind in _DATED or (i.kind == "part" and i.value[3] is not None) for i in left + right)
    if dateless:
        # times of day only: placed as a pair, today unless the start has passed, else tomorrow
        found = _paired(_point([*left, _TODAY], ref), _point([*right, _TODAY], ref), right, rolls)
        day = timedelta(days=1)
        return [
            Reading(r.start.shifted(day), r.end.shifted(day) if r.end else None) if r.start.hi <= ref else r
            for r in found
        ]
    try:
        return _paired(_point(left, ref), _point(right, ref), right, rolls)
    except DateProblem:
        shared = [i for i in left if i.kind == "year" and i.text.startswith("shared ")]
        if not shared:
            yearless = [i for i in left if i.kind == "date" and i.value[0] in _YEARLY and i.value[2] is None]
            if not yearless or any(i.kind == "year" for i in left):
                raise
            # "from March to date": a start naming no year is the last one before the end
            year = relativedelta(years=-1)
            return _paired([r.shifted(year) for r in _point(left, ref)], _point(right, ref), right, rolls)
        # "Nov-Feb 2017": the start takes the year before the one the end names
        earlier = Item("year", shared[0].text, shared[0].value - 1)
        return _paired(_point([earlier if i is shared[0] else i for i in left], ref), _point(right, ref), right, rolls)


_DATED = {"date", "weekday", "year", "offset", "span", "moment", "ordinal"}


def _trailing_period(left: list[Item], right: list[Item]) -> tuple[list[Item], list[Item]]:
    """ "the first Monday 1pm to 3pm of next month": two times of day on the left's date, in the period named last."""
    left_dates = [i for i in left if i.kind not in _TIME_KINDS]
    right_dates = [i for i in right if i.kind not in _TIME_KINDS]
    clocks = all(any(i.kind == "clock" for i in side) for side in (left, right))
    periods = all(i.kind == "year" or (i.kind == "date" and i.value[0] in {"unit", "month"}) for i in right_dates)
    if not (clocks and left_dates and right_dates and periods):
        return left, right
    return [*left, *right_dates], [*(i for i in right if i.kind in _TIME_KINDS), *left_dates, *right_dates]


def _now_as_today(side: list[Item], other: list[Item]) -> list[Item]:
    """ "between Jan 2019 and now": beside an end naming no time of day, now is today."""
    if [i.kind for i in side] == ["moment"] and not any(i.kind in _TIME_KINDS for i in other):
        return [_TODAY]
    return side


def _rolls(right: list[Item]) -> list[relativedelta]:
    """How far a range's end may move forward to follow its start: a month when the end names only a day ("april
    27th to the third"), a year when it names no year ("2 july to 10 july" said on July 10)."""
    rolls: list[relativedelta] = []
    dates = [i for i in right if i.kind in {"date", "number", "year"}]
    if any(i.kind == "number" or (i.kind == "date" and i.value[0] == "dom") for i in dates) and not any(
        i.kind == "date" and i.value[0] in {"md", "month", "ymd"} for i in dates
    ):
        rolls.append(relativedelta(months=1))
    elif any(i.kind == "date" and i.value[0] == "md" and i.value[2] is None for i in dates) and not any(
        i.kind == "year" for i in dates
    ):
        rolls.append(relativedelta(years=1))
    return rolls


def _paired(
    starts: list[Reading], ends: list[Reading], right: list[Item], calendar_rolls: list[relativedelta]
) -> list[Reading]:
    rolls: list[int | relativedelta] = [0]
    if not any(i.kind in _DATED for i in right):
        rolls.append(1)  # "9pm to 1am" ends the next day
    if any(i.kind == "weekday" for i in right):
        rolls.append(7)
    rolls.extend(calendar_rolls)
    found: list[Reading] = []
    for start in starts:
        options = []
        for end in ends:
            for days in rolls:
                moved = end.start.shifted(timedelta(days=days) if isinstance(days, int) else days)
                if moved.lo >= start.start.lo:
                    options.append(moved)
                    break
        if options:
            best = min(options, key=lambda w: w.lo)
            found.append(Reading(start.start, replace(best, closed=True)))
    if not found:
        raise DateProblem("the range ends before it starts")
    return list(dict.fromkeys(found))


def _month_container(items: list[Item], with_days: bool = True) -> list[Item]:
    """The items naming the month a bare day number of the other end belongs to (``with_days``: also the month of
    a full date, as in "march 3 to 5")."""
    found: list[Item] = []
    for item in items:
        if with_days and item.kind == "date" and item.value[0] == "md" and len(item.value[1]) == 1:
            found.append(Item("date", item.text, ("month", item.value[1][0][0], item.value[2], None)))
        elif item.kind == "year" or (
            item.kind == "date" and (item.value[0] == "month" or item.value[:2] == ("unit", "month"))
        ):
            found.append(item)
    return found if any(i.kind == "date" for i in found) else []


def _as_point(item: Item) -> Item:
    if item.kind == "edge" and item.value in {"end", "mid"}:
        return Item("edge", item.text, item.value + "@")
    return item


def _numbers_in_range(left: list[Item], right: list[Item]) -> tuple[list[Item], list[Item]]:
    """Bare numbers at the ends of a range: days of the month one end names ("march 3 to 5", "from 4 to 22 this
    month"), else hours ("3-4pm")."""
    sides = [[_dom_number(i) for i in side] for side in (left, right)]
    has = [any(i.kind == "number" for i in side) for side in sides]
    if not any(has):
        return left, right
    clocks = any(i.kind in _TIME_KINDS for i in left + right)
    containers = [_month_container(side, not has[n]) for n, side in enumerate(sides)]
    for index in (0, 1):
        other = 1 - index
        if not has[index] or clocks:
            continue
        month = containers[other] if not has[other] else containers[index] or containers[other]
        if month:
            days = [Item("ordinal", i.text, (i.value, "day")) for i in sides[index] if i.kind == "number"]
            rest = [i for i in sides[index] if i.kind != "number" and i not in month]
            sides[index] = rest + days + month
    if any(i.kind == "number" and i.text.endswith(("st", "nd", "rd", "th")) for side in sides for i in side):
        raise DateProblem("a day of the month with no month")
    final = [[_hour(i) if i.kind == "number" else i for i in side] for side in sides]
    return final[0], final[1]


def _dom_number(item: Item) -> Item:
    """A lone day ordinal ("the ninth") is a bare number inside a range."""
    if item.kind == "date" and item.value[0] == "dom":
        text = item.text if item.text.endswith(("st", "nd", "rd", "th")) else item.text + "th"
        return Item("number", text, item.value[1])
    return item


def _share(side: list[Item], other: list[Item]) -> list[Item]:
    """Give one end of a range what only the other names: the date of a time of day, or the year."""
    kinds = {i.kind for i in side}
    other_dates = [i for i in other if i.kind in {"date", "weekday", "year", "ordinal"}]
    other_parts = [i for i in other if i.kind == "part"]
    if "part" not in kinds and other_parts and "clock" in kinds:
        explicit = all(i.value[1] for i in side if i.kind == "clock")
        if explicit and other_parts[0].value[3] is not None:
            # "from 8am to 3 yesterday afternoon": an hour with am/pm takes only the day of the other end's part
            day = other_parts[0].value[3]
            return [*side, Item("date", other_parts[0].text, ("days", day))]
        if not explicit:
            side = side + other_parts  # "between 5 and 6 in the afternoon"
            kinds.add("part")
            if other_parts[0].value[3] is not None:
                return side
    if not kinds & _DATED and kinds & _TIME_KINDS:
        return side + other_dates
    if "year" not in kinds and not any(_year_of(i) is not None for i in side):
        years = [y for y in (_year_of(i) for i in other) if y is not None]
        if years and any(
            i.kind == "date" and i.value[0] in {"md", "month", "season", "holiday", "quarter"} for i in side
        ):
            return [*side, Item("year", f"shared {years[0]}", years[0])]
    return side


#: Dates that recur every year (their year may be left out).
_YEARLY = {"md", "month", "season", "holiday", "quarter"}


def _year_of(item: Item) -> int | None:
    if item.kind == "year":
        return int(item.value)
    if item.kind == "date" and item.value[0] in {"md", "month", "season", "holiday", "quarter"}:
        year = item.value[2]
        return int(year) if year is not None else None
    return None


def _am_pm(left: list[Item], right: list[Item]) -> tuple[list[Item], list[Item]]:
    """An hour without am/pm at one end of a range takes it from the other (``3-4pm`` is 15:00-16:00)."""
    lc = next((i for i in left if i.kind == "clock"), None)
    rc = next((i for i in right if i.kind == "clock"), None)
    if lc is None or rc is None:
        return left, right
    if not lc.value[1] and rc.value[1] and not any(i.kind == "part" for i in left):
        ends = [c[0] for c in rc.value[0]]
        kept = tuple(c for c in lc.value[0] if any(0 < e - c[0] <= 12 * 3600 for e in ends))
        if kept:
            left = [Item("clock", lc.text, (kept, True)) if i is lc else i for i in left]
    elif lc.value[1] and not rc.value[1] and not any(i.kind == "part" for i in right):
        starts = [c[0] for c in lc.value[0]]
        kept = tuple(c for c in rc.value[0] if any(0 < c[0] - s <= 12 * 3600 for s in starts))
        if kept:
            right = [Item("clock", rc.text, (kept, True)) if i is rc else i for i in right]
    return left, right
