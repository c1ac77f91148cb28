"""Readings of explicit ranges ("from X to Y", "X - Y", "between X and Y"): each end takes from the other what it
leaves out (the date, am/pm, the month of a bare day number, the year), and the end follows the start."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from dateutil.relativedelta import relativedelta

from . import _payloads
from ._dates import DateProblem
from ._grammar import Item
from ._model import Reading
from ._payloads import YEARLY, Clock, ClockSpan, DayOfMonth, Days, Month, MonthDay, Ordinal, Part, Unit, is_date

__all__ = ["TIME_KINDS", "TODAY", "Slip", "hour_item", "read_range"]

#: Reads the items of one end (or of a point phrase) said at ``ref``.
Point = Callable[[list[Item], datetime], list[Reading]]


TIME_KINDS = {"clock", "part"}
#: A time of day in digits and no am/pm ("18:00", "10.00", "1700 hrs", "17", "08").
_DIGITAL = re.compile(r"(?:at\s+|@\s*)?\d{1,2}(?:[:.h]?\d\d(?::\d\d)?)?(?:\s*(?:hours|hrs|hr|h))?")
#: The longest range whose start, a day naming no year, is moved a year back to come before an end after today.
_HALF_YEAR = timedelta(days=183)
#: How close ahead a start's date this year keeps it from being moved a year back to come before an end by today.
_MONTH = timedelta(days=31)
#: How far before a yearly date's reading its reading of the year before is looked for (Easter moves up to 35 days).
_YEAR_AND_SEASON = relativedelta(years=1, days=45)


class Slip(DateProblem):
    """A start whose date this year is a month or less ahead, read a year back to end by today: perhaps a slip, so
    the whole phrase is not understood, never read another way alone ("from 7.12 to today": never 07:12 today)."""


def hour_item(number: Item) -> Item:
    hour = number.value
    hours = [hour % 12, hour % 12 + 12] if 1 <= hour <= 12 else [hour]
    return Item(
        "clock", number.text, Clock(tuple(ClockSpan(h * 3600, h * 3600 + 60, "minute") for h in hours), len(hours) == 1)
    )


TODAY = Item("date", "today", Days(0))


def read_range(left: list[Item], right: list[Item], ref: datetime, _point: Point) -> list[Reading]:
    """The readings of a range whose ends are ``left`` and ``right``, each read with ``_point``."""
    digits = left[0].text if len(left) == 1 and left[0].kind == "year" else ""
    if not (
        re.fullmatch(r"(?:19|20)[0-5]\d", digits)
        and isinstance(right[0].value, Days)
        and right[-1].kind in {"clock", "number"}
    ):
        return _read_range(left, right, ref, _point)
    # "from 2020 to today 8am" (four digits before a day word and its time): the year 2020 when no later than the
    # end's year, and 20:20 before the end
    start = int(digits[:2]) * 3600 + int(digits[2:]) * 60
    found = _read_range(
        [Item("clock", digits, Clock((ClockSpan(start, start + 60, "minute"),), True))], right, ref, _point
    )
    with contextlib.suppress(DateProblem):  # a year after the end's: the clock alone ("from 2030 to tomorrow 6am")
        found += _read_range(left, right, ref, _point)
    return found


class _EitherEnd(DateProblem):
    """An end's hour that may be the next morning's as written or the same afternoon's ("19:00-7:30")."""


def _read_range(left: list[Item], right: list[Item], ref: datetime, _point: Point) -> list[Reading]:
    try:
        return _read_once(left, right, ref, _point, None)
    except _EitherEnd:  # "19:00-7:30": to 07:30 the next morning, or to 19:30 in mixed notation, each read alone
        return [r for pm in (False, True) for r in _read_once(left, right, ref, _point, pm)]


def _read_once(left: list[Item], right: list[Item], ref: datetime, _point: Point, pm: bool | None) -> list[Reading]:
    if [type(i.value) for i in left] == [DayOfMonth] and right and _weekday_ordinal(right[0]):
        # "the 2nd-3rd monday": two ordinals of the weekday, never from the 2nd of the month
        raise DateProblem(f"{left[0].text!r} beside {right[0].text!r} may count that weekday, not days of the month")
    if _day_after_clock(left, right):
        # "12.06 9:45 to 11:10 tomorrow": the day said last may be the day of both clocks, not the start's date
        raise DateProblem(f"a date at the start and {right[-1].text!r} after the end's time: two days for one range")
    _year_or_clock(left, right)
    _year_or_clock(right, left)
    for side in (left, right):
        if side and side[-1].kind == "edge":  # "from feb 1st early to march 2019": never early in the other end's year
            raise DateProblem(f"{side[-1].text!r} names no period")
    kinds = sorted(tuple(i.kind for i in side) for side in (left, right))
    if kinds == [("number",), ("year",)]:
        # "9 to 1790": an hour, a day or a year joined to a year (a clock is never written 1790)
        raise DateProblem("a bare number and a year at the ends of a range")
    if [i.kind for i in left] == [i.kind for i in right] == ["moment"]:
        raise DateProblem("the range starts and ends now")  # "since now", "from now to now"
    if [i.kind for i in right] == ["moment"] and [i.kind for i in left] == ["clock"]:
        # "since 12.10" said at 10:00: 12:10 is yet to come, so never the 00:10 its other reading is
        clock, now = left[0].value, ref.hour * 3600 + ref.minute * 60 + ref.second
        spans = [] if clock.explicit or clock.special else clock.spans
        if any(span.lo < 3600 for span in spans) and any(span.lo > now for span in spans):
            raise DateProblem(f"{left[0].text!r} may be a time of day yet to come")
    # at the ends of a range, "the end of X" is the instant X ends and "the middle of X" its middle day
    left, right = ([_as_point(i) for i in side] for side in (left, right))
    left, right = _now_as_today(left, right), _now_as_today(right, left)
    left, right = _trailing_period(left, right)
    left = _weekday_period(left, right)
    named = right
    left, right = _numbers_in_range(left, right)
    again = [i for i in right if i.kind == "clock" and i.value.special == "now"]
    start_clocks = [i for i in left if i.kind == "clock"]
    if again and start_clocks:  # "from 18:00 today until same time tomorrow": the start's time, never now
        if not start_clocks[0].value.explicit:
            raise DateProblem(f"{again[0].text!r} after {start_clocks[0].text!r}, which may be am or pm")
        right = [start_clocks[0] if i is again[0] else i for i in right]
    rolls = _rolls(named, right)
    # "from 8pm to tomorrow 6am", "... to tomorrow morning": a date written before the end's time of day is the end's,
    # and so is one after it when the start names that time ("from noon to noon tomorrow"); a start naming only a time
    # of day comes last before that end (today 20:00), never on the end's date with the end moved a day on
    dated_at = [n for n, i in enumerate(right) if _names_day(i)]
    time_at = [n for n, i in enumerate(right) if i.kind in TIME_KINDS]
    times = [i.value for i in left if i.kind in TIME_KINDS]
    same = times == [right[n].value for n in time_at] and all(isinstance(t, Clock) and t.explicit for t in times)
    undated = not any(_names_day(i) for i in left)
    # "midnight tomorrow" is "tomorrow midnight": a day after today said from today after it is its own too (never a
    # weekday's, "from 10pm to midnight on friday": the range's day)
    midnight = [i.kind for i in right] == ["clock", "date"] and right[0].value.special == "midnight"
    own_day = midnight and isinstance(right[1].value, Days) and right[1].value.offset > 0
    own_end_date = undated and bool(dated_at and time_at) and (dated_at[0] <= time_at[0] or same or own_day)
    # "from 10pm to 6am tomorrow": tomorrow night, or tonight's; a reading from tomorrow to the day after whose end's
    # clock comes before the start's is moved a day back below ("from 9am to 9am tomorrow" never from yesterday); "to
    # 6am tomorrow morning" (a part of tomorrow before noon): tonight's alone
    end_day = right[dated_at[0]].value if dated_at else None
    morning = isinstance(end_day, Part) and end_day.day == 1 and end_day.hi <= 12 * 3600
    tonight = bool(time_at and dated_at) and time_at[0] < dated_at[0] and (end_day == Days(1) or morning)
    clocks = [t for t in times if not isinstance(t, Part) or t.day is not None]  # "overnight from 10pm to 6am ..."
    tonight = tonight and undated and all(isinstance(t, Clock) and t.explicit for t in clocks)
    if undated and any(i.kind in TIME_KINDS for i in left) and dated_at and not time_at:
        # "from 3pm to tomorrow", "from 5pm till monday", "from morning till friday": from that time today, never on the
        # end's day, to a later day ("from 5pm till monday" said on a Monday: next Monday); an end today or earlier
        # ("from 3pm to today") is not understood
        later: bool | None = None
        with contextlib.suppress(DateProblem):
            later = any(r.start.lo.date() > ref.date() for r in _point(right, ref))
        now_end = [i.kind for i in right] == ["moment"]  # "from 9am to now": today's, when not after now
        if later is False and not now_end:
            raise DateProblem("a start naming only a time of day before an end that may be today or earlier")
        left = [*left, TODAY] if later or now_end else left
    # an end naming only a time of day ends within a day of the start ("the 18th from 9 to 5")
    timed_end = not any(_names_day(i) for i in right)
    left, right = _share(left, right), _share(right, left)
    # both ends in one part of the day named once ("10 to 6 tomorrow evening"): never half a day or more apart
    one_part = any(i.kind == "part" and any(i is j for j in right) for i in left)
    dated = [i for i in right if i.kind in _DATED]
    # "from 9 to 5 on monday": both ends on the date given once, the end within a day of the start (9pm to 5am)
    timed_end = timed_end or (bool(dated) and all(any(i is j for j in left) for i in dated))
    one_date = _same_days(left, right, lambda items: _point(items, ref)) is True
    if one_date:  # the start's date said again is never a year on ("dec 24 10pm to dec 24 6pm", "june 12 to june 12")
        rolls = []
    one_time = one_date and any(i.kind in TIME_KINDS for i in right)
    # nor a week, said again at the end ("friday 17:00 to friday 10:00"), nor to the next day
    same_day = one_time and not timed_end
    # an hour at the end takes the start's am/pm on one date ("6pm to 10", "dec 24 at 10 to dec 24 at 6pm")
    left, right = _am_pm(left, right, timed_end or one_date, pm, (timed_end or one_date) and not own_end_date)
    dateless = not any(_names_day(i) for i in left + right)
    if dateless:
        # times of day only: placed as a pair, today unless the start has passed, else tomorrow; today's too while
        # it is under way ("19:00-07:00" said at 19:30)
        found = _in_part(
            _paired(_point([*left, TODAY], ref), _point([*right, TODAY], ref), right, rolls, timed_end), one_part
        )
        day = timedelta(days=1)
        placed = [r for r in found if r.start.hi > ref or (r.end is not None and ref < r.end.lo)] + [
            Reading(r.start.shifted(day), r.end.shifted(day) if r.end else None) for r in found if r.start.hi <= ref
        ]
        # naming no date, the range takes the date of an argument that gives none (as a time of day alone does)
        return [Reading(replace(r.start, floating=True), r.end and replace(r.end, floating=True)) for r in placed]
    try:
        starts, ends = _point(left, ref), _point(right, ref)
        day, written, at = timedelta(days=1), {e.start.lo for e in ends}, {e.start for e in ends}
        # a start at a time the end names ("from noon to tomorrow noon", "from 12:00 to tomorrow 12:00", noon or
        # midnight) comes last before it the day before
        eve = [Reading(s.start.shifted(-day), s.start) for s in starts if own_end_date and s.start in at]
        try:
            found = _in_part(_paired(starts, ends, right, rolls, timed_end), one_part)
        except DateProblem:
            if not eve:
                raise
            found = []
        if own_end_date:
            # an end moved a day on is the day before's, and both when both are written ("tomorrow midnight": its start
            # or its end)
            moved = [r.shifted(-day) for r in found if r.end is not None and r.end.lo - day in written]
            found = [r for r in found if r.end is None or r.end.lo in written or r.end.lo - day not in written]
            found += moved + eve
            # an end one to six days ahead ("from 8am to tomorrow 6pm", "from 8pm to monday 6am" said on Friday): the
            # start may be today's too, never a week or more before the end ("from 8pm to monday 6am" said on a Monday:
            # Sunday alone)
            ahead = [
                r for r in found if r.end and r.end.lo.date() - ref.date() < 7 * day and r.start.lo.date() > ref.date()
            ]
            found += [replace(r, start=r.start.shifted(ref.date() - r.start.lo.date())) for r in ahead]
        if tonight:
            rolled = [
                r
                for r in found
                if r.end
                and r.start.lo.date() - ref.date() == day == r.end.lo.date() - r.start.lo.date()
                and r.end.lo.time() < r.start.lo.time()
            ]
            found = [r for r in found if not morning or r not in rolled] + [r.shifted(-day) for r in rolled]
        # a time on the start's day said again ends on that day; an end at the start's minute is no range ("tomorrow 8
        # to the day after at 8", where "the day after" is tomorrow)
        found = [r for r in found if r.end is None or r.end.grain not in _POINT_GRAINS or r.end.lo != r.start.lo]
        if same_day:
            found = [r for r in found if r.end is not None and r.end.lo.date() == r.start.lo.date()]
        if not one_time and _yearless_start(left):
            # "from jan 10 to june 12" said in April: next year's range, or this year's, under way, as when the end
            # cannot move ("from jan 10 to the friday after may 6"; see below)
            with contextlib.suppress(DateProblem):
                found += [
                    r
                    for r in _year_back(left, right, ref, _point, rolls, timed_end)
                    if r.end is not None and r.start.lo <= ref < r.end.hi and r.end.lo - r.start.lo <= _HALF_YEAR
                ]
        return _in_part(list(dict.fromkeys(found)), False)
    except DateProblem:
        if one_time:
            raise  # both ends on one day: moving the start a year puts them on two
        shared = [i for i in left if i.kind == "year" and i.text.startswith("shared ")]
        if not shared:
            yearless = _yearless_start(left)
            if not yearless:
                raise
            # "from March to date", "from sept 1 to today": a start naming no year is the last one before the end;
            # a day (or a time on it) only when the range then spans at most half a year, unless its end is a day
            # said from today that is not after today and the start's date this year is not a month or less ahead
            # (perhaps a slip): "june 12 to tomorrow" or "june 12 to today" said June 10 is never from a year ago,
            # nor "dec 28 9am to monday 5pm" said June 26, nor "from new year's eve to the 2nd" said July 2 (never
            # February 28 for a February 29)
            found = _year_back(left, right, ref, _point, rolls, timed_end)
            day = timedelta(days=1)
            past = ref.replace(hour=0, minute=0, second=0, microsecond=0) + day  # the end of today
            # an end naming a day of the month alone is the start's; a day said twice is never a year long, even when
            # it ends today ("from june 12 to june 12" said June 12)
            own_day = relativedelta(months=1) not in rolls and not one_date
            kept = [
                r
                for r in found
                if r.end is None
                or (own_day and r.end.lo < past)
                or r.end.lo - r.start.lo <= _HALF_YEAR
                or r.start.hi - r.start.lo > day
            ]
            slips = [  # kept only as ending by today, from a day this year a month or less ahead
                r
                for r in kept
                if r.end is not None
                and r.end.lo - r.start.lo > _HALF_YEAR
                and r.start.hi - r.start.lo <= day
                and ref < r.start.lo + relativedelta(year=ref.year) <= ref + _MONTH
            ]
            if slips:
                raise Slip(
                    f"{' '.join(i.text for i in yearless)!r} this year is a month or less ahead: perhaps a slip"
                ) from None
            if not kept:
                raise
            return kept
        # "Nov-Feb 2017": the start takes the year before the one the end names
        earlier = Item("year", shared[0].text, shared[0].value - 1)
        return _paired(
            _point([earlier if i is shared[0] else i for i in left], ref), _point(right, ref), right, rolls, timed_end
        )


def _yearless_start(left: list[Item]) -> list[Item]:
    """The dates naming no year of a range's start that may be moved a year: none when the start names a year or a
    weekday ("tuesday may 6": never a Monday)."""
    if any(i.kind in {"year", "weekday", "nearest"} for i in left):
        return []
    return [i for i in left if is_date(i, YEARLY) and not i.value.years]


def _year_back(
    left: list[Item], right: list[Item], ref: datetime, point: Point, rolls: list[relativedelta], timed_end: bool
) -> list[Reading]:
    """A range's readings with its start the one before its own reading, about a year earlier: read again from a year
    and a season before it, never moved by 365 days (Easter or Thanksgiving fall on another day each year; never
    February 28 for a February 29)."""
    own = point(left, ref)
    first = min((r.start.lo for r in own), default=ref)
    back = {r.start.lo.replace(hour=0, minute=0, second=0, microsecond=0) - _YEAR_AND_SEASON for r in own}
    starts = [r for at in sorted(back) for r in point(left, at) if r.start.lo < first]
    return _paired(list(dict.fromkeys(starts)), point(right, ref), right, rolls, timed_end)


def _year_or_clock(side: list[Item], other: list[Item]) -> None:
    """Refuse a year at one end that the other end's time of day makes a time or an hour too: "dec 24 1800 to dec 30
    1000" (1800 written as 1000 is), "6pm dec 24 to 10 dec 30" (10 o'clock on December 30, or 10 December 2030)."""
    clocks = [i.text for i in other if i.kind == "clock"]
    if not clocks or any(i.kind == "clock" for i in side):
        return
    for item in side:
        if item.kind != "date" or not isinstance(item.value, MonthDay) or not item.value.years:
            continue
        if re.fullmatch(r"\d{1,2}\s+\D+\s\d\d", item.text) or (
            re.search(r"\s\d{4}$", item.text) and any(re.fullmatch(r"\d{4}", c) for c in clocks)
        ):
            raise DateProblem(f"{item.text!r} beside {clocks[0]!r} may name a time of day, not a year")


def _day_after_clock(left: list[Item], right: list[Item]) -> bool:
    """Whether a range from a date, then a time of day ("june 12 9am", "12.06 at 9"), ends with a time of day, then
    another day said from today (today, tomorrow, a weekday), never "june 12 9am to friday 5pm" nor "between 4pm on
    Jan 1 and 5pm today"."""
    kinds = ["date" if is_date(i, (MonthDay, _payloads.FullDate)) else i.kind for i in left]
    dated = "date" in kinds and bool({"clock", "number"} & set(kinds[kinds.index("date") :]))
    timed = bool(right) and right[0].kind in {"clock", "number"}  # "12.06 9 to 11 tomorrow": a bare hour too
    return dated and timed and any(i.kind == "weekday" or isinstance(i.value, Days) for i in right[1:])


def _in_part(found: list[Reading], one_part: bool) -> list[Reading]:
    """The readings of a range whose ends share one part of the day that lie within it (less than 12 hours long)."""
    kept = [r for r in found if not one_part or (r.end is not None and r.end.lo - r.start.lo < timedelta(hours=12))]
    if not kept:
        raise DateProblem("the range ends before it starts")
    return kept


def _weekday_ordinal(item: Item) -> bool:
    """Whether ``item`` is the n-th of a weekday ("3rd monday", "the 3rd monday of")."""
    value = item.value
    return isinstance(value, _payloads.NthWeekday) or (isinstance(value, Ordinal) and isinstance(value.unit, int))


_DATED = {"date", "weekday", "year", "offset", "span", "moment", "ordinal"}


def _names_day(item: Item) -> bool:
    """Whether ``item`` names a day: a date, or a part of a day said with it ("tonight", "tomorrow morning")."""
    return item.kind in _DATED or (item.kind == "part" and item.value.day is not None)


def _trailing_period(left: list[Item], right: list[Item]) -> tuple[list[Item], list[Item]]:
    """ "the first Monday 1pm to 3pm of next month": two times of day on the left's date, in the period named last."""
    left_dates = [i for i in left if i.kind not in TIME_KINDS]
    right_dates = [i for i in right if i.kind not in TIME_KINDS]
    clocks = all(any(i.kind == "clock" for i in side) for side in (left, right))
    periods = all(i.kind == "year" or is_date(i, (Unit, Month)) for i in right_dates)
    if not (clocks and left_dates and right_dates and periods):
        return left, right
    return [*left, *right_dates], [*(i for i in right if i.kind in TIME_KINDS), *left_dates, *right_dates]


def _weekday_period(left: list[Item], right: list[Item]) -> list[Item]:
    """ "between Tuesday and Thursday next week": a period named after the end's weekday holds the start's too."""
    periods = [i for i in right if is_date(i, Unit) and i.value.unit == "week"]
    if left and all(i.kind == "weekday" for i in left) and periods and any(i.kind == "weekday" for i in right):
        return [*left, *periods]
    return left


def _now_as_today(side: list[Item], other: list[Item]) -> list[Item]:
    """ "between Jan 2019 and now": beside an end naming no time of day, now is today."""
    return [TODAY] if [i.kind for i in side] == ["moment"] and not any(i.kind in TIME_KINDS for i in other) else side


def _rolls(named: list[Item], right: list[Item]) -> list[relativedelta]:
    """How far a range's end may move to follow its start: a month forward when the end (as ``named``) names only a
    day ("april 27th to the third"), a year back or forward when it names no year ("2 july to 10 july" said on July
    10; "10 to 12 May" said on May 15, whose start is this May 10, ends this May 12, never next year's)."""
    rolls: list[relativedelta] = []
    dates = [i for i in named if i.kind in {"date", "year"}]
    day_only = any((i.kind == "ordinal" and i.value.unit == "day") or is_date(i, DayOfMonth) for i in right)
    # "to last 01/25" names its year, "to the friday after may 6" its weekday: never moved
    fixed = any(i.kind in {"year", "nearest"} for i in named)
    if day_only and not any(is_date(i, (MonthDay, Month, _payloads.FullDate, Unit)) for i in dates):
        rolls.append(relativedelta(months=1))
    elif not fixed and any(is_date(i, MonthDay) and not i.value.years and i.value.rel is None for i in dates):
        rolls.extend((relativedelta(years=-1), relativedelta(years=1)))  # "10 to 12 May": both ends in one year
    return rolls


_POINT_GRAINS = frozenset({"minute", "second"})
"""Grains of an end that names a point in time: the end is that point's own window, half-open."""


def _paired(
    starts: list[Reading],
    ends: list[Reading],
    right: list[Item],
    calendar_rolls: list[relativedelta],
    timed_end: bool = False,
) -> list[Reading]:
    rolls: list[int | relativedelta] = [0]
    if timed_end or not any(i.kind in _DATED for i in right):
        rolls.append(1)  # "9pm to 1am" ends the next day
    if any(i.kind == "weekday" for i in right):
        rolls.append(7)
    rolls.extend(calendar_rolls)
    found: list[Reading] = []
    # "from Monday to today" said on a Monday (as "so far this week") is that day alone
    today = any(is_date(i, Days) and i.value.offset == 0 for i in right)
    # never the start itself when the end may move: "5 to 5" runs from 5am to 5pm (or from 5pm to 5am); "from next week
    # to next week" is that week ("from June to June" a year)
    yearless = any(is_date(i, YEARLY) and not i.value.years for i in right)
    fixed = today or (len(rolls) == 1 and not yearless)
    # an end naming its weekday is moved only by whole weeks or days, never a month or a year that would change it
    steps = [days for days in rolls if isinstance(days, int) or not any(i.kind == "weekday" for i in right)]
    deltas = [timedelta(days=days) if isinstance(days, int) else days for days in steps]
    for start in starts:
        options = []
        for end in ends:
            # a month or a year on keeps the end's day: never February 28 for a February 29
            moves = (
                end.start.shifted(move)
                for move in deltas
                if isinstance(move, timedelta) or (end.start.lo + move).day == end.start.lo.day
            )
            after = [moved for moved in moves if moved.lo >= start.start.lo and (moved != start.start or fixed)]
            if after:  # the first place of the end at or after the start
                first = min(after, key=lambda w: w.lo)
                if any(roll.years for roll in calendar_rolls) and first.lo > start.start.lo + relativedelta(years=1):
                    continue  # an end naming no year lies within a year of the start ("monday june 5 to friday june 7")
                if not timed_end or first.lo - start.start.lo < timedelta(days=1):
                    options.append(first)
        if options:
            best = min(options, key=lambda w: w.lo)
            # a day or longer also accepts its exclusive end ("june 3 to 5": june 6); a named minute or second is
            # itself the range's end ("3 to 4pm": 16:00, not 16:01), each of its readings on a day of its own ("dec 24
            # 6pm to dec 30 10": 10:00 or 22:00)
            if best.grain not in _POINT_GRAINS:
                found.append(Reading(start.start, replace(best, closed=True)))
            else:
                own_day = not timed_end and best.lo.date() != start.start.lo.date()
                same = [w for w in options if own_day and w.grain in _POINT_GRAINS and w.lo.date() == best.lo.date()]
                found.extend(Reading(start.start, end) for end in sorted(same or [best], key=lambda w: w.lo))
    if not found:
        raise DateProblem("the range ends before it starts")
    return list(dict.fromkeys(found))


def _month_container(items: list[Item], with_days: bool = True) -> list[Item]:
    """The items naming the month a bare day number of the other end belongs to (``with_days``: also the month of
    a full date, as in "march 3 to 5")."""
    found: list[Item] = []
    for item in items:
        if with_days and is_date(item, MonthDay) and len(item.value.days) == 1:
            found.append(Item("date", item.text, Month(item.value.days[0][0], item.value.years, item.value.rel)))
        elif item.kind == "year" or (
            item.kind == "date"
            and (isinstance(item.value, Month) or (isinstance(item.value, Unit) and item.value.unit == "month"))
        ):
            found.append(item)
    return found if any(i.kind == "date" for i in found) else []


def _as_point(item: Item) -> Item:
    if item.kind == "edge" and item.value in {"end", "mid", "finish"}:
        return Item("edge", item.text, item.value.replace("finish", "end") + "@")
    if item.kind == "edge" and item.value == "begin":  # "from the beginning of July": its first day
        return Item("edge", item.text, "start")
    return item


def _numbers_in_range(left: list[Item], right: list[Item]) -> tuple[list[Item], list[Item]]:
    """Bare numbers at the ends of a range: days of the month one end names ("march 3 to 5", "from 4 to 22 this
    month"), else hours ("3-4pm")."""
    # a day of the month is an end of its own ("the 3rd to the 10th"), or the date of a time beside it ("the 18th
    # from 9 to 5")
    sides = [
        side if any(i.kind in {"number", *TIME_KINDS} for i in side) else [_dom_number(i) for i in side]
        for side in (left, right)
    ]
    has = [any(i.kind == "number" for i in side) for side in sides]
    if not any(has):
        return left, right
    clocks = any(i.kind in TIME_KINDS for i in left + right)
    containers = [_month_container(side, not has[n]) for n, side in enumerate(sides)]
    for index in (0, 1):
        other = 1 - index
        if not has[index] or clocks:
            continue
        month = containers[other] if not has[other] else containers[index] or containers[other]
        if month:
            days = [Item("ordinal", i.text, Ordinal(i.value, "day")) for i in sides[index] if i.kind == "number"]
            rest = [i for i in sides[index] if i.kind != "number" and i not in month]
            # "march 5-7, 2025": the day of the month, then the month with the year the end names
            years = [i for i in rest if i.kind == "year"]
            sides[index] = [i for i in rest if i.kind != "year"] + days + month + years
    if any(i.kind == "number" and i.text.endswith(("st", "nd", "rd", "th")) for side in sides for i in side):
        if clocks or not all(i.kind != "number" or i.text.endswith(("st", "nd", "rd", "th")) for s in sides for i in s):
            raise DateProblem("a day of the month with no month")
        # "from the 3rd to the 10th": days of this month or the next, like "the 3rd" alone
        sides = [[Item("date", i.text, DayOfMonth(i.value)) if i.kind == "number" else i for i in s] for s in sides]
    # "Monday 21 from 9:30 to 3pm": a number beside a weekday and a time of day is the day of the month
    sides = [
        [Item("date", i.text, DayOfMonth(i.value)) if i.kind == "number" and 1 <= i.value <= 31 else i for i in side]
        if any(i.kind == "weekday" for i in side) and any(i.kind == "clock" for i in side)
        else side
        for side in sides
    ]
    final = [[hour_item(i) if i.kind == "number" else i for i in side] for side in sides]
    return final[0], final[1]


def _dom_number(item: Item) -> Item:
    """A lone day ordinal ("the ninth") is a bare number inside a range."""
    if is_date(item, DayOfMonth):
        text = item.text if item.text.endswith(("st", "nd", "rd", "th")) else item.text + "th"
        return Item("number", text, item.value.day)
    return item


def _share(side: list[Item], other: list[Item]) -> list[Item]:
    """Give one end of a range what only the other names: the date of a time of day, or the year."""
    kinds = {i.kind for i in side}
    other_dates = [i for i in other if i.kind in {"date", "weekday", "year", "ordinal"}]
    other_parts = [i for i in other if i.kind == "part"]
    if "part" not in kinds and other_parts and "clock" in kinds:
        explicit = all(i.value.explicit for i in side if i.kind == "clock")
        if explicit and other_parts[0].value.day is not None and not kinds & _DATED:
            # "from 8am to 3 yesterday afternoon": an hour with am/pm takes only the day of the other end's part
            return [*side, Item("date", other_parts[0].text, Days(other_parts[0].value.day))]
        # "between 5 and 6 in the afternoon", never an hour on a day of its own ("from 5 on dec 24 to 6 in the
        # afternoon on dec 26": 05:00 or 17:00)
        if not explicit and _same_days(side, other) is not False:
            side = side + other_parts
            kinds.add("part")
            if other_parts[0].value.day is not None:
                return side
    if kinds & TIME_KINDS and not any(_names_day(i) for i in side):
        return side + other_dates  # never beside a part naming its day ("from 10pm tonight to 6am tomorrow")
    if "year" not in kinds and not any(_year_of(i) is not None for i in side):
        years = [y for y in (_year_of(i) for i in other) if y is not None]
        # "from this May to Oct 2020": a date placed by this/next/last keeps its own year
        placed = any(is_date(i, (MonthDay, _payloads.Named)) and i.value.rel is not None for i in side)
        if years and not placed and any(is_date(i, YEARLY) for i in side):
            return [*side, Item("year", f"shared {years[0]}", years[0])]
    return side


def _same_days(
    side: list[Item], other: list[Item], read: Callable[[list[Item]], list[Reading]] | None = None
) -> bool | None:
    """Whether two ends of a range name the same days ("from 9 to 5 on monday" once shared; with ``read``, also in
    other words: "tomorrow" and "dec 3" said on December 2), or other ones ("dec 24 6pm to dec 30 10"); None when one
    names none."""
    days, others = ([i for i in s if i.kind in _DATED] for s in (side, other))
    if not days or not others:
        return None
    values, other_values = ([(i.kind, i.value) for i in s] for s in (days, others))
    if all(d in other_values for d in values) and all(d in values for d in other_values):
        return True
    if read is None:
        return False
    try:
        windows, other_windows = ({(r.start.lo, r.start.hi) for r in read(s)} for s in (days, others))
    except DateProblem:
        return False
    return bool(windows) and windows == other_windows


def _year_of(item: Item) -> int | None:
    """The year an item names, when it names one (a year with two readings is read one at a time: see
    ``_readings.readings``)."""
    if item.kind == "year":
        return int(item.value)
    if item.kind == "date" and isinstance(item.value, YEARLY) and len(item.value.years) == 1:
        return item.value.years[0]
    return None


def _am_pm(
    left: list[Item], right: list[Item], one_day: bool, pm: bool | None, wraps: bool
) -> tuple[list[Item], list[Item]]:
    """A clock without am/pm at one end of a range takes it from the other: in digits beside a 24-hour clock, its
    hour as written ("18:00 to 10" ends at 10:00); otherwise only when both ends are on one day
    (``3-4pm`` is 15:00-16:00, "6pm to 10" 18:00-22:00), never on another day ("dec 24 6pm to dec 30 10")."""
    lc = next((i for i in left if i.kind == "clock"), None)
    rc = next((i for i in right if i.kind == "clock"), None)
    if lc is None or rc is None:
        return left, right
    if rc.value.explicit and not any(i.kind == "part" for i in left):
        # "12:00-01:00", "11:00-01:00", "09:00-05:00": an end hour written with a zero below the start's on its day,
        # after a start 12-hour notation may write, is the next morning's as written or the same afternoon's
        zero = re.match(r"0[1-9]", rc.text) and _DIGITAL.fullmatch(lc.text) and _DIGITAL.fullmatch(rc.text)
        if wraps and zero and _written(rc.text) < _written(lc.text) <= 12:
            if pm is None:
                raise _EitherEnd(f"{rc.text!r} after {lc.text!r} may be the next morning or the same afternoon")
            if pm:
                pms = tuple(c._replace(lo=c.lo + 43200, hi=c.hi + 43200) for c in rc.value.spans)
                rc = Item("clock", rc.text, Clock(pms, True))
                right = [rc if i.kind == "clock" else i for i in right]
        return (left if lc.value.explicit else _settled(left, lc, rc, 1, one_day)), right
    if lc.value.explicit and not rc.value.explicit and not any(i.kind == "part" for i in right):
        return left, _settled(right, rc, lc, -1, one_day, pm)
    return left, right


def _written(text: str) -> int:
    """The hour of a clock in digits as written ("9:30" is 9, "1200" 12, "at 5" 5)."""
    digits = re.sub(r"^(?:at\s+|@\s*)?(\d+).*", r"\1", text)
    return int(digits[:-2] if len(digits) > 2 else digits)


def _settled(
    side: list[Item], clock: Item, other: Item, sign: int, one_day: bool, pm: bool | None = None
) -> list[Item]:
    """The side's clock kept to its hour as written when both are in digits and the other is at an hour only 24-hour
    notation writes ("18:00", "17", "00:30"; "09:00 to 5:30" may be 17:30), on one day or on two (a one-digit end hour
    after such a start on its day, "14:00 to 2:30", is 02:30 or 14:30: ``pm`` says which, None raises ``_EitherEnd``),
    else (on one day) to its readings within 12 hours before (``sign`` 1) or after (-1) the other clock's."""
    late = any(not 3600 <= o.lo < 13 * 3600 for o in other.value.spans)
    digital = bool(_DIGITAL.fullmatch(clock.text) and _DIGITAL.fullmatch(other.text))
    hour = _written(clock.text) % 24 if digital else -1  # the hour as written: "12" is noon, never 0
    if late and digital:
        short = re.match(r"(?:at\s+|@\s*)?\d\d?(?!\d)", clock.text)
        if hour == 12 and sign < 0 and short and any(o.lo >= 13 * 3600 for o in other.value.spans):
            raise DateProblem(f"{clock.text!r} after {other.text!r} may be noon or midnight")  # "23:00 to 12"
        kept: tuple[ClockSpan, ...] = tuple(c for c in clock.value.spans if c.lo // 3600 == hour)
        if not kept:
            raise DateProblem(f"could not read {clock.text!r} beside {other.text!r} as written")
        later = tuple(c for c in clock.value.spans[1:] if kept[0].lo < other.value.spans[0].lo < c.lo)
        if one_day and sign < 0 and later and re.match(r"(?:at\s+|@\s*)?\d(?!\d)", clock.text):
            # "14:00 to 2:30": 02:30 the next morning, or 14:30 in mixed notation
            if pm is None:
                raise _EitherEnd(f"{clock.text!r} after {other.text!r} may be the next morning or the same afternoon")
            kept = later if pm else kept
    elif one_day:
        kept = tuple(c for c in clock.value.spans if any(0 < sign * (o.lo - c.lo) <= 43200 for o in other.value.spans))
        if digital and sign > 0 and all(c.lo // 3600 != hour for c in kept):  # "12:00-01:00": noon is kept too
            kept = ()
    else:
        kept = ()
    return [Item("clock", clock.text, Clock(kept, True)) if i is clock else i for i in side] if kept else side
