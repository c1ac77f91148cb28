"""Place the date items of a phrase on the calendar: the day, week, month... windows they name.

Underspecified dates keep every reasonable reading: a month and day with no year (``March 3``) is this year's
and, once passed, next year's; a bare weekday is the next one from today on (today's also reads as a week
later); ``next``/``this``/``last`` weekdays get the readings of ``relative_weekday_dates``; ``next March``
is the coming March and next year's.
"""

from __future__ import annotations

import contextlib
import itertools
from datetime import date, datetime, timedelta
from typing import Any

from dateutil.relativedelta import relativedelta

from . import _calendar as units
from ._calendar import STEPS, add_business_days, relative_weekday_dates, step, steps
from ._grammar import Item
from ._holidays import holiday_spans
from ._items import DateProblem
from ._model import Window
from ._payloads import (
    WITH_YEAR,
    DayOfMonth,
    Days,
    Decades,
    FullDate,
    Half,
    IsoWeek,
    Month,
    MonthDay,
    Named,
    NthWeekday,
    Ordinal,
    PeriodEnd,
    Pieces,
    Quarter,
    Season,
    Unit,
    Weekday,
    WeekdayCount,
    Years,
    is_date,
)
from ._periods import edge, ordinal
from ._periods import inner as inner_windows

__all__ = ["DateProblem", "date_windows", "latest_decades", "unsaid"]

_BACK = {"last", "past", "previous", "this past"}
#: Words placing a recurring date one more occurrence away, with the word they count from.
_ONE_MORE = {"after next": "next", "before last": "last"}
_AHEAD = {"next", "coming", "following", "upcoming", "this coming"}


def date_windows(items: list[Item], today: date) -> list[Window]:
    """The windows the date items name together, said on ``today``; raises ``DateProblem``."""
    if not items:
        raise DateProblem("no date")
    last = items[-1]
    if last.kind == "offset" and last.value.mode in _ANCHORED and last.text[0] in "+-":
        items = [last, *items[:-1]]  # "easter + 1 week": counted from the date before the sign
    if len(items) == 2 and _bare_week(items[1]):
        # "tuesday week", "friday fortnight" (British): a week (two) after the coming weekday, "today week", "this day
        # week", "tomorrow fortnight" after that day; a "week" the grammar read with the words after it ("tuesday
        # week before last") is that week, and the pair before another day word ("wednesday week today") is refused
        # below
        first, later = items[0], ((1, items[1].text),)
        if first.kind == "weekday" and first.value.rel is None:
            return [s for w in _weekday(first.value, today) for s in _shifted(w, later)]
        if isinstance(first.value, Days) and first.value.offset in {0, 1}:
            return [s for w in date_windows([first], today) for s in _shifted(w, later)]
    for pair in itertools.pairwise(items):
        if {i.kind for i in pair} == {"weekday", "date"} and any(_bare_week(i) for i in pair):
            # "week tuesday", "tuesday week tomorrow": not said, or which day is meant is not clear
            raise DateProblem(f"{' '.join(i.text for i in pair)!r} is read differently in different places")
    nth = [i for i in items if is_date(i, NthWeekday)]
    if nth and len(items) > 1 and not any(i.kind in {"ordinal", "edge", "nearest"} for i in items):
        # "the first Monday evening of next month": the ordinal weekday of the period named after it
        ordinal = Item("ordinal", nth[0].text, Ordinal(nth[0].value.n, nth[0].value.weekday))
        items = [ordinal, *(i for i in items if i is not nth[0])]
    items = _day_of_relative_month(items, today)
    weekdays = [i for i in items if i.kind == "weekday" and i.value.rel is None]
    others = [i for i in items if not (i.kind == "weekday" and i.value.rel is None)]  # those not in weekdays
    weekday_anchor = bool(others) and others[-1].kind == "offset" and others[-1].value.mode in _ANCHORED
    # "2 days after wednesday today": counted from the weekday and the day after it, never from a day near the two
    weekday_anchor |= any(
        o.kind == "offset" and o.value.mode in _ANCHORED and w in weekdays for o, w in itertools.pairwise(items)
    )
    if weekdays and any(i.kind == "offset" for i in others) and not weekday_anchor:
        # "in 3 days on Friday", "Monday two weeks from now": the weekday nearest before or after the day reached
        return _around_weekday(date_windows(others, today), weekdays)
    for index, item in enumerate(items):
        if item.kind == "offset" and item.value.mode in _ANCHORED:
            return _anchored(items, index, today)
        if item.kind in {"ordinal", "edge", "nearest"}:
            if index + 1 >= len(items):
                raise DateProblem(f"{item.text!r} names no period")
            loose = next((i for i in items[:index] if unsaid(i)), None)
            if loose is not None:  # "quarter the monday after thanksgiving": which quarter is not said
                raise DateProblem(f"{loose.text!r} beside {item.text!r}: which {loose.text.split()[-1]} is not said")
            after = items[index + 1 :]
            later_weekdays = [i for i in after if i.kind == "weekday" and i.value.rel is None and i is not after[0]]
            reached = _reached(after, today)
            if reached is not None and item.kind != "ordinal":
                # "the end of a week from today": of that day, or of the week it reaches, is not said
                unit = after[0].value.pieces[0][1]
                raise DateProblem(f"{item.text!r} {after[0].text!r}: that day's or its {unit}'s is not said")
            named = [i for i in after if i not in later_weekdays]
            container = date_windows(named, today)
            if reached is not None:  # "the first Tuesday in 3 months": in the month that offset reaches
                container = _relative_unit(after[0].value.pieces[0][1], "this", reached)
            from_today = all(i.kind == "weekday" or isinstance(i.value, Days) for i in after)
            week = item.kind == "ordinal" and str(item.value.unit).startswith(("week ", "fortnight "))
            if week and all(is_date(i, (MonthDay, DayOfMonth, Named)) for i in after):
                # "w/e 17 may" said on the 19th, "w/c 13 may" on the 16th: that week just gone or under way (a
                # timesheet is handed in after it) as well as the next one
                recent = today - timedelta(days=21)
                found = date_windows(named, recent)
                container += [w for w in found if w.lo.date() >= recent and w not in container]
            now, gone = units.midnight(today), []
            if _yearless(named) and not week:  # the one gone within a month too (a week's own are kept above)
                gone = [w for w in date_windows(named, today - _RECENT) if now - _RECENT < w.hi <= now]
            inner = inner_windows(item, [w for w in container if w not in gone] or container, from_today, today)
            with contextlib.suppress(DateProblem):
                # "the week after christmas" said on December 27, "the friday after halloween" on November 1: from
                # the one just gone while what it names lasts (or a part of yesterday's, a single day: "the evening
                # of halloween"), never next year's; "the friday before halloween" said on November 1, "the last
                # friday of march" on April 1 (a month gone yesterday): next year's alone
                found = inner_windows(item, gone, from_today) if gone else []
                yesterday = [g for g in gone if g.hi == now and g.hi - g.lo <= timedelta(days=1)]
                inner = [r for r in found if r.hi > now or any(r.lo < g.hi and r.hi > g.lo for g in yesterday)] or inner
            if not week and len(named) == 1 and is_date(named[0], DayOfMonth) and all(w.hi <= now for w in inner):
                # "the friday before the 1st" said on the 1st: the day it reaches is gone, so from next month's alone
                next_days = date_windows(named, date(today.year, today.month, 1) + relativedelta(months=1))
                with contextlib.suppress(DateProblem):
                    inner = inner_windows(item, next_days, from_today, today) or inner
            if reached is not None and isinstance(item.value.unit, int) and item.value.n > 0:
                # ... or the first (second...) such weekday from the day reached on
                ahead = (item.value.unit - reached.weekday()) % 7 + 7 * (item.value.n - 1)
                inner = list(dict.fromkeys([*inner, units.day(reached + timedelta(days=ahead))]))
            if later_weekdays:  # "1st week of Oct. on Friday"
                inner = _filter_weekdays(inner, later_weekdays)
            if (
                item.kind == "ordinal"
                and isinstance(item.value.unit, int)
                and len(items) == index + 2
                and is_date(items[-1], Unit)
                and items[-1].value.rel == "this"
                and items[index + 1].text.startswith("the ")
                and items[index + 1].text.count(" ") == 1
                and all(w.hi <= units.midnight(today) for w in inner)
            ):
                # "the last Friday of the month" said after it: this month's or next month's (as "the first of the
                # month"); "of this month", this one's alone
                following = [Item("date", "", Unit(items[index + 1].value.unit, "next"))]
                inner = [*inner, *inner_windows(item, date_windows(following, today), today=today)]
            return _intersect_all([inner, *(_one(i, today, ()) for i in items[:index])], items[:index])
    # "19 February 2013 year": the word "year" after a date naming its year labels that year
    items = [
        i for n, i in enumerate(items) if not (n and i.kind == "date" and i.text == "year" and _own_year(items[n - 1]))
    ]
    if any(_pinnable(i) for i in items):
        # "Q3 this year", "halloween next year", "easter in two years": a relative year pins a yearless date
        items = [_as_year(i, today) for i in items]
    years = [i for i in items if i.kind == "year"]
    rest = [i for i in items if i.kind != "year"]
    if len(years) > 1:
        raise DateProblem("two years")
    pin: tuple[int, ...] = (years[0].value,) if years else ()
    if pin:
        # "march 3 2014 2015", "diwali 2019 2020": a year beside a date that names its own would be left unused
        dated = [i for i in rest if _own_year(i)]
        if dated:
            raise DateProblem(f"two years ({dated[0].text!r} and {years[0].text!r})")
    if not rest:
        return [units.year(pin[0])] if pin else []
    loose = next((i for i in rest if unsaid(i)), None)
    if loose is not None and len(rest) > 1:
        # "christmas week", "the week before friday", "friday the week": which week is not said ("this week", "the
        # week of christmas" are read); never the other words' date with the unit dropped
        other = next(i for i in rest if i is not loose)
        raise DateProblem(f"{loose.text!r} beside {other.text!r}: which {loose.text.split()[-1]} is not said")
    if pin and not any(_pinnable(i) for i in rest):
        raise DateProblem(f"the year {pin[0]} does not apply to {' '.join(i.text for i in rest)!r}")
    weekdays = [i for i in rest if i.kind == "weekday" and i.value.rel is None]
    others = [i for i in rest if not (i.kind == "weekday" and i.value.rel is None)]  # those not in weekdays
    if not others:
        if pin:
            raise DateProblem("a weekday with only a year")
        found = [w for i in weekdays for w in _one(i, today, ())]
        return _filter_weekdays(found, weekdays)
    wide = bool(weekdays) and not pin
    windows = _intersect_all([_one(i, today, pin, wide) for i in others], others)
    if not weekdays:
        return windows
    kept = _filter_weekdays(windows, weekdays)
    if wide and all(w.hi - w.lo <= timedelta(days=1) for w in kept):
        # "Thu 14th", "Sunday, Feb 10": the next date falling on that weekday, and the latest one before today unless
        # the next is within a month
        now = units.midnight(today)
        coming = [min((w for w in kept if w.hi > now), key=lambda w: w.lo, default=None)]
        past = [max((w for w in kept if w.hi <= now), key=lambda w: w.lo, default=None)]
        near = coming[0] is not None and coming[0].lo - now <= timedelta(days=31)
        kept = [w for w in coming + ([] if near else past) if w is not None]
    return kept


_YEARISH = timedelta(days=335)  # about a year away
_RECENT = timedelta(days=31)  # a day named without its year gone this long ago still anchors what is counted from it


def _day_of_relative_month(items: list[Item], today: date) -> list[Item]:
    """ "the 14 of next month", "last month on the 3rd": that day of the month named, as "the 14th day of"; "the 1st
    of next year" (of 2027, never "the 1st 2027" nor "first of all next year"): its first day; "in 2 months on the
    15th": that day of the month a whole count of months from now reaches."""
    days = [i for i in items if is_date(i, DayOfMonth)]
    counted = [i for i in items if i.kind == "offset" and i.value.mode == "from now"]
    if len(items) == 2 and len(days) == 1 and counted and counted[0].value.pieces[0][1] == "month":
        # "in 2 months on the 15th": that day of the month reached, never the day reached itself
        reached = _reached(counted, today)
        if reached is not None:
            return [
                Item(
                    "date",
                    " ".join(i.text for i in items),
                    MonthDay(((reached.month, days[0].value.day),), (reached.year,)),
                )
            ]
    years = [i for i in items if i.kind == "year" or (isinstance(i.value, Unit) and i.value.unit == "year")]
    first = len(items) == 2 and days[:1] == items[:1] and days[0].value.day == 1 and days[0].value.of
    if first and years and not unsaid(years[0]):
        return [Item("date", days[0].text, MonthDay(((1, 1),), ())), _as_year(years[0], today)]
    months = [i for i in items if is_date(i, Unit) and i.value.unit == "month"]
    if len(items) != 2 or len(days) != 1 or len(months) != 1 or (unsaid(months[0]) and items[0] is months[0]):
        return items  # "month the 20th": which month is not said (refused below)
    # "the 1st of the month": as "the 1st" (this month's, or the next month with that day)
    return days if unsaid(months[0]) else [Item("ordinal", days[0].text, Ordinal(days[0].value.day, "day")), months[0]]


def _reached(items: list[Item], today: date) -> date | None:
    """The day a whole number of weeks, months, quarters or years from today reaches, when ``items`` is that offset
    alone ("in 3 months")."""
    if len(items) != 1 or items[0].kind != "offset" or items[0].value.mode != "from now":
        return None
    pieces = items[0].value.pieces
    if len(pieces) != 1 or pieces[0][1] not in {"week", "month", "quarter", "year"} or pieces[0][0] % 1:
        return None
    return _shifted(units.day(today), pieces)[0].lo.date()


def _as_year(item: Item, today: date) -> Item:
    """The year a relative year names ("next year", "in 2 years", "3 years ago"), else the item itself."""
    if is_date(item, Unit) and item.value.unit == "year" and not unsaid(item):
        return Item("year", item.text, today.year + STEPS[item.value.rel])
    if item.kind == "offset" and item.value.mode == "from now" and len(item.value.pieces) == 1:
        amount, unit = item.value.pieces[0]
        if unit == "year" and amount == int(amount):
            return Item("year", item.text, today.year + int(amount))
    return item


def unsaid(item: Item) -> bool:
    """Whether ``item`` names a unit with no word saying which ("week", "the month", "day"), read alone as the
    current one."""
    if isinstance(item.value, Unit) and item.value.rel == "this":
        unit = item.value.unit
    elif item.value == Days(0):
        unit = "day"
    else:
        return False
    words = item.text.split()
    return item.kind == "date" and words[-1] == unit and set(words[:-1]) <= {"the", "calendar", "at", "@"}


def _pinnable(item: Item) -> bool:
    return (is_date(item, WITH_YEAR)) or item.kind == "number"


def _own_year(item: Item) -> bool:
    """Whether a date item names its year itself ("march 3 2014", "3/3/2014", "diwali 2019")."""
    return item.kind == "date" and (
        isinstance(item.value, FullDate) or (isinstance(item.value, WITH_YEAR) and bool(item.value.years))
    )


def _intersect_all(groups: list[list[Window]], items: list[Item]) -> list[Window]:
    result = groups[0]
    for other in groups[1:]:
        kept = []
        for a in result:
            for b in other:
                lo, hi = max(a.lo, b.lo), min(a.hi, b.hi)
                if lo < hi:
                    finer = a if a.hi - a.lo <= b.hi - b.lo else b
                    kept.append(Window(lo, hi, finer.grain, note=finer.note))
        result = kept
    if not result:
        raise DateProblem(f"{' '.join(i.text for i in items)!r} name no common date")
    return list(dict.fromkeys(result))


def _filter_weekdays(windows: list[Window], weekdays: list[Item]) -> list[Window]:
    wanted = {i.value.weekday for i in weekdays}
    if len(wanted) > 1:
        raise DateProblem("two weekdays")
    weekday = wanted.pop()
    kept = []
    for window in windows:
        if window.hi - window.lo <= timedelta(days=1):
            if window.lo.weekday() == weekday:
                kept.append(window)
            continue
        first = window.lo.date() + timedelta(days=(weekday - window.lo.weekday()) % 7)
        while units.midnight(first) < window.hi:
            kept.append(units.day(first))
            first += timedelta(days=7)
    if not kept:
        raise DateProblem("the weekday does not fall on the date named")
    return kept


def _around_weekday(windows: list[Window], weekdays: list[Item]) -> list[Window]:
    if len({i.value.weekday for i in weekdays}) > 1:
        raise DateProblem("two weekdays")
    weekday = weekdays[0].value.weekday
    found: list[Window] = []
    for window in windows:
        if window.hi - window.lo != timedelta(days=1):
            raise DateProblem(f"a weekday near {window.label}, which is not a day")
        day = window.lo.date()
        back = (day.weekday() - weekday) % 7
        found.extend((units.day(day - timedelta(days=back)), units.day(day + timedelta(days=(7 - back) % 7))))
    return list(dict.fromkeys(found))


#: Offset modes counted from a date the phrase names.
_ANCHORED = {"anchored", "since", "on"}
#: The first words of "the first (last) working day after (before)" a date: the first (last) one past its edge.
_EDGE_WORDS = {"the", "next", "first", "following", "last", "previous", "final"}


def _anchored(items: list[Item], index: int, today: date) -> list[Window]:
    if index != 0:
        raise DateProblem(f"{items[index].text!r} follows other words")
    pieces, mode = items[index].value.pieces, items[index].value.mode
    if mode == "on" and not (len(items) == 2 and items[1].kind == "weekday" and items[1].value.rel is None):
        # "a week on wednesday today", "a week on tuesday before last": counted from a weekday alone
        raise DateProblem(f"{items[index].text!r} counts from a weekday alone")
    anchor = date_windows(items[1:], today) if items[1:] else [units.day(today)]
    if mode == "since":  # "two weeks since 2011": counted from the start of the period
        anchor = [units.day(w.lo.date()) for w in anchor]
    edge = pieces[0][1] == "business day" and items[index].text.split()[0] in _EDGE_WORDS
    if not edge and any(w.hi - w.lo > timedelta(days=1) for w in anchor):  # "3 days after march": start or end?
        raise DateProblem(f"{items[index].text!r} a period longer than a day may count from its start or its end")

    def shifted(w: Window) -> list[Window]:
        # "the last business day before 2027", "the first working day after march": before its start, after its end
        return _shifted(
            units.day(w.lo.date() if pieces[0][0] < 0 else w.hi.date() - timedelta(days=1)) if edge else w, pieces
        )

    recent = mode == "anchored" and _yearless(items[1:])
    if recent:  # from the coming one (the one just gone counts below)
        anchor = [w for w in anchor if w.hi > units.midnight(today)] or anchor
    found = [s for w in anchor for s in shifted(w)]
    if recent:
        # "10 days after christmas" said on December 29th: from the latest Christmas when it is at most a month ago and
        # the day counted from it is neither past nor after the next one, and then from it alone ("the day after
        # christmas" said on December 26th is today, never next year's); else from the next one ("3 days before
        # christmas" or "a year after christmas" said in June, "2 years after christmas" said on December 29th: never
        # last December's)
        start = min(a.lo for a in anchor)
        earlier = [w for w in _one(items[1], today, (), wide=True) if w.lo < start and today - w.lo.date() <= _RECENT]
        with contextlib.suppress(DateProblem, ValueError):  # none, or counted over a day off in most countries
            latest = [s for s in shifted(max(earlier, key=lambda w: w.lo)) if today <= s.lo.date() < start.date()]
            found = latest or found
    return list(dict.fromkeys(found))


def _yearless(items: list[Item]) -> bool:
    """Whether ``items`` is one day named without its year or a word placing it ("oct 31", "halloween"), read as
    the next one and, said the day after it, the one just gone too."""
    named = items[0].value if len(items) == 1 else None
    return isinstance(named, MonthDay | Named) and not named.years and not named.rel


def _bare_week(item: Item) -> bool:
    """Whether an item is the word "week" or "fortnight" alone (the current one, when read alone)."""
    return is_date(item, Unit) and item.text in {"week", "fortnight"}


def _shifted(window: Window, pieces: Pieces) -> list[Window]:
    if pieces[0][1] == "business day":  # a day for each place whose holidays the count crosses differently
        return [units.day(d) for d in dict.fromkeys(add_business_days(window.lo.date(), int(pieces[0][0])))]
    return [window.shifted(delta) for delta in steps(window.lo, pieces)]


def _one(item: Item, today: date, pin: tuple[int, ...], wide: bool = False) -> list[Window]:
    """The windows of one date item; ``wide`` keeps last, this and next year's readings of a yearless date
    (a weekday named beside it then picks the one it falls on)."""
    if item.kind == "weekday":
        return _weekday(item.value, today)
    if item.kind == "number":
        raise DateProblem(f"the number {item.text!r} is not a date")
    if item.kind == "date":
        return _date(item.value, today, pin, wide)
    if item.kind == "offset":
        return _shifted(units.day(today), item.value.pieces)
    raise DateProblem(f"{item.text!r} is not a date")


def _weekday(value: Weekday, today: date) -> list[Window]:
    weekday, rel = value.weekday, value.rel
    if rel is None:
        ahead = (weekday - today.weekday()) % 7
        days = [today + timedelta(days=ahead)] + ([today + timedelta(days=7)] if ahead == 0 else [])
    elif rel in {"gone", "this past"}:  # "friday gone", "this past friday": the latest one before today alone
        days = [today - timedelta(days=(today.weekday() - weekday) % 7 or 7)]
    elif rel in {"after next", "before last"}:
        sign = 1 if rel == "after next" else -1
        base = relative_weekday_dates("next" if sign > 0 else "last", weekday, today)
        days = [d + timedelta(days=7 * sign) for d in base]
    else:
        word = {"this coming": "coming", "upcoming": "coming", "this upcoming": "coming"}.get(rel, rel)
        days = relative_weekday_dates(word, weekday, today)
    return [units.day(d) for d in sorted(set(days))]


def _pick(candidates: list[Window], rel: str | None, today: date) -> list[Window]:
    now = units.midnight(today)
    candidates = sorted(candidates, key=lambda w: w.lo)
    current = [w for w in candidates if w.lo.year == today.year]
    coming = [w for w in candidates if w.hi > now]
    past = [w for w in candidates if w.hi <= now]
    if rel is None:  # the coming one, and yesterday too ("oct 31", "halloween" said on November 1: either)
        return coming[:1] + [w for w in past[-1:] if w.hi == now and w.hi - w.lo <= timedelta(days=1)]
    if rel == "this":
        return current[:1]
    if rel == "current":  # the one under way, or none ("current winter" said in June)
        held = [w for w in candidates if w.lo <= now < w.hi]
        if not held:
            raise DateProblem("none is under way")
        return held
    if rel in _AHEAD:
        ahead = [w for w in candidates if w.lo > now]
        return ahead[:1] + [w for w in candidates if w.lo.year == today.year + 1 and w not in ahead[:1]]
    if rel in _BACK:
        return past[-1:] + [w for w in candidates if w.lo.year == today.year - 1 and w not in past[-1:]]
    raise DateProblem(f"{rel!r} before a date")


def latest_decades(value: Decades, year: int) -> tuple[int, ...]:
    """The first year of each decade read, said in ``year``: with no century named, the latest begun ("the 90s"), and
    the coming one when it is the next decade ("the 30s" said in 2026: the 1930s or the 2030s)."""
    if value.century:
        return value.starts
    latest = tuple(year - (year - y) % 100 for y in value.starts)
    return latest + tuple(y + 100 for y in latest if y + 100 == year // 10 * 10 + 10)


def _date(value: Any, today: date, pin: tuple[int, ...], wide: bool = False) -> list[Window]:
    if isinstance(value, FullDate):
        try:
            return [units.day(date(value.year, value.month, value.day))]
        except ValueError as exc:
            raise DateProblem(str(exc)) from exc
    if isinstance(value, Days):
        return [units.day(today + timedelta(days=value.offset))]
    if isinstance(value, MonthDay):
        pairs, years = value.days, value.years or pin
        rel = value.rel
        if rel is not None and years:
            raise DateProblem(f"{rel!r} with a year")
        days_found: list[Window] = []
        for m, d in pairs:
            options: list[Window] = []
            for y in years or range(today.year - 4, today.year + 5):
                with contextlib.suppress(ValueError):
                    options.append(units.day(date(y, m, d)))
            if not years and (not wide or rel is not None):  # "friday previous 7/6": the previous July 6 only
                options = _pick(options, rel, today)
            elif not years:
                # "Sunday, Feb 10": the Feb 10 nearest today, coming or past (both when about as near), and the
                # coming one when the past one is over three months back ("Sun, Nov 23" said in April); never one
                # about a year away to find the weekday ("friday 6 april" said on Friday 5 April is a slip, as is
                # "wednesday 29 january" said on January 31 when the 29th was a Tuesday)
                now = units.midnight(today)
                sides = _pick(options, None, today)[:1] + [w for w in options if w.hi <= now][-1:]
                nearest = min((abs(w.lo - now) for w in sides), default=timedelta(0))
                bound, far = min(nearest + timedelta(days=31), _YEARISH), nearest > timedelta(days=91)
                options = [w for w in sides if abs(w.lo - now) <= bound or (far and now < w.lo <= now + _YEARISH)]
            elif wide:
                options = [w for w in options if abs(w.lo.year - today.year) <= 1] or options
            days_found.extend(options)
        if not days_found:
            raise DateProblem("no such day")
        return days_found
    if isinstance(value, DayOfMonth):
        found: list[Window] = []
        for months in range(-13, 13) if wide else (0, 1, 2):  # a weekday and a day meet within 14 months
            first = date(today.year, today.month, 1) + relativedelta(months=months)
            with contextlib.suppress(ValueError):
                found.append(units.day(first.replace(day=value.day)))
        if wide:
            return found
        # this month's, and next month's too once this month's has passed ("the 14th" said on the 12th: the 14th)
        found = [w for w in found if w.lo.date() >= today.replace(day=1)] or found[:1]
        return found[:1] if found[0].lo.date() >= today else found[:2]
    if isinstance(value, Named):
        name, written, rel = value.name, value.years or pin, value.rel
        far = rel in _ONE_MORE
        # a season running into the next year is made for the year it ends in: one more for the one starting this year,
        # unless the one ending this year is still under way ("next winter" said in January is the one this December)
        now = units.midnight(today)
        across = isinstance(value, Season) and not written and units.across_years(str(name))
        more = across and not any(w.lo <= now < w.hi for w in units.season(str(name), today.year - 1))
        years = written or tuple(range(today.year - (3 if far else 1), today.year + (4 if far else 2) + more))
        candidates: list[Window] = []
        held: dict[Window, int] = {}  # a holiday's readings, by the year it is held in
        of_year: dict[Window, int] = {}  # every reading, by the year it was made for
        for y in years:
            found_: list[Window] = []
            if isinstance(value, Month):
                found_.append(units.month(y, int(name)))
            elif isinstance(value, Season) and units.across_years(str(name)) and written:
                # "winter 2014": the winter that ends in 2014 or the one that starts in it, as "last winter" keeps both
                found_.extend([*units.season(str(name), y - 1), *units.season(str(name), y)])
            elif isinstance(value, Season):
                found_.extend(units.season(str(name), y - across))
            else:
                for first_day, after in holiday_spans(str(name), y):
                    length = (after - first_day).days
                    window = units.day(first_day) if length == 1 else units.days(first_day, length, str(name))
                    found_.append(window)
                    held[window] = y
            candidates.extend(found_)
            of_year.update(dict.fromkeys(found_, y))
        if not candidates:
            raise DateProblem(f"no date known for {name!r}")
        if wide and rel is None:
            return candidates
        if written:
            if rel is not None:
                raise DateProblem(f"{rel!r} with a year")
            return candidates
        if rel in _ONE_MORE:
            # "June after next": a year after each reading of "next June" ("before last": before "last June"), as read
            # among the years "next June" alone looks in ("winter after next" said in January: after this December's)
            later = 1 if rel == "after next" else -1
            alone = [w for w in candidates if today.year - 1 <= of_year[w] < today.year + 2 + more]
            wanted = {of_year[w] + later for w in _pick(alone, _ONE_MORE[rel], today)}
            return [w for w in candidates if of_year[w] in wanted]
        if isinstance(value, Season) and rel is None:
            ongoing = [w for w in candidates if w.lo <= now < w.hi]
            coming = [w for w in candidates if w.lo > now]
            return ongoing + coming[: max(1, 2 - len(ongoing))] if ongoing else coming[:2]
        if isinstance(value, Season) and rel == "this":
            # "this winter" said in London in February, "this summer" in Sydney: the one under way, begun last year
            ongoing = [w for w in candidates if w.lo <= now < w.hi]
            if ongoing and all(w.lo.year < today.year for w in ongoing):
                return ongoing
        picked = _pick(candidates, rel, today)
        if held and rel in _BACK and picked and now - picked[0].hi < timedelta(days=6):
            # "last halloween" said within a week after it: that one, as "last friday" is, never the year before's
            # (a month keeps both: "last july" said in August is often last year's)
            picked = picked[:1]
        if held:  # every reading of the holiday picked (Passover's seven days and eight)
            years_picked = {held[w] for w in picked}
            return [w for w in candidates if held[w] in years_picked]
        return picked
    if isinstance(value, (Quarter, Half)):
        number, written = value.number, value.years or pin
        make = units.quarter if isinstance(value, Quarter) else units.half
        if written:
            return [make(y, number) for y in written]
        return _pick([make(y, number) for y in (today.year - 1, today.year, today.year + 1)], None, today)
    if isinstance(value, IsoWeek):
        said = value.years or pin
        # no year said: this year's week, or near the new year, for the week under way or one next to it, that of the
        # year of the week said in when nearer ("week 1" said on December 30 2024 is the week under way, "week 53" said
        # on January 2 2027 that of 2026, while "week 50" said then is that of 2027)
        iso = today.isocalendar()
        near = iso.year if abs(value.number - iso.week) <= 1 else today.year
        years = said or tuple(dict.fromkeys((today.year, near)))
        # (December 28 is in a year's last ISO week, the 52nd or 53rd)
        last = {y: date(y, 12, 28).isocalendar().week for y in years}
        weeks = [units.week(date.fromisocalendar(y, value.number, 1)) for y in years if 1 <= value.number <= last[y]]
        if not weeks or len(weeks) < len(said):
            raise DateProblem(f"{'/'.join(map(str, years))} has no ISO week {value.number}")
        return weeks if said else [min(weeks, key=lambda w: abs(w.lo.date() - today))]
    if isinstance(value, Decades):
        starts = latest_decades(value, today.year)
        decades = [Window(datetime(y, 1, 1), datetime(y + 10, 1, 1), "span", note="decade") for y in starts]
        hundreds = [Window(datetime(y, 1, 1), datetime(y + 100, 1, 1), "span", note="hundreds") for y in starts]
        return decades + hundreds if value.hundreds else decades
    if isinstance(value, Years):
        return [Window(datetime(max(value.first, 1), 1, 1), datetime(value.end, 1, 1), "span", note="century")]
    if isinstance(value, NthWeekday):
        this_month = _relative_unit("month", "this", today)[0]
        found = ordinal(Ordinal(value.n, value.weekday), this_month.lo.date(), this_month.hi.date())
        if not found:
            raise DateProblem("no such weekday this month")
        return found
    if isinstance(value, Unit):
        found = _relative_unit(value.unit, value.rel, today)
        if value.rel == "past" and value.unit in {"week", "fortnight", "month", "year"}:
            # "the past week": the last calendar week, or the days up to today ("the past 7 days")
            end = units.midnight(today)
            found = [*found, Window(end - step(((1, value.unit),)), end, "span", note=f"past {value.unit}")]
        return found
    if isinstance(value, PeriodEnd):
        # "next quarter end": the end of next quarter, or the next quarter end to come (this one's)
        rels = ("this", "next") if value.rel == "next" else (value.rel,)
        if (value.unit, value.rel, today.weekday() >= 5) == ("week", "this", True):
            rels = ("this", "next")  # "EOW" said on a weekend: this week's end, or the working week's ahead
        container = [c for rel in rels for c in _relative_unit(value.unit, rel, today)]
        return [w for c in container for w in edge(value.edge, c, c.lo.date(), (c.hi - c.lo).days)]
    if isinstance(value, WeekdayCount):
        sign = 1 if value.count > 0 else -1  # the first such weekday after (before) today, then a week apart
        gap = (sign * (value.weekday - today.weekday())) % 7 or 7
        day = today + timedelta(days=sign * (gap + 7 * (abs(value.count) - 1)))
        if value.weekend:  # weekends back are whole weeks back: said on a Sunday, "1 weekend ago" is the one before
            return [units.weekend(day if sign > 0 else today + timedelta(days=7 * value.count))]
        return [units.day(day)]
    raise DateProblem(f"unknown date {value!r}")


def _relative_unit(unit: str, rel: str, today: date) -> list[Window]:
    step = STEPS[rel]
    if unit == "week":
        return [units.week(today + timedelta(days=7 * step))]
    if unit == "working week":
        monday = units.week(today + timedelta(days=7 * step)).lo
        return [Window(monday, monday + timedelta(days=5), "span", note="working week")]
    if unit == "weekend":
        if rel in {"this coming", "coming", "upcoming"} and today.weekday() < 5:
            return [units.weekend(today)]  # "this coming weekend" said on a weekday: the one ahead this week
        found = [units.weekend(today + timedelta(days=7 * step))]
        if rel in {"next", "following", "after next"} and today.weekday() < 5:
            # said on a weekday, "next" may be the weekend ahead this week: each reading of it kept
            found.insert(0, units.weekend(today + timedelta(days=7 * (step - 1))))
        return found
    if unit == "fortnight":
        # this week and the next, as "this week" is the calendar week; "next fortnight" the two weeks after them
        first = today - timedelta(days=today.weekday() - 14 * step)
        return [units.days(first, 14, "fortnight")]
    if unit == "month":
        first = date(today.year, today.month, 1) + relativedelta(months=step)
        return [units.month(first.year, first.month)]
    if unit == "quarter":
        index = (today.year * 4 + (today.month - 1) // 3) + step
        return [units.quarter(index // 4, index % 4 + 1)]
    if unit == "year":
        return [units.year(today.year + step)]
    if unit == "decade":
        start = today.year // 10 * 10 + 10 * step
        return [Window(datetime(start, 1, 1), datetime(start + 10, 1, 1), "span", note="decade")]
    raise DateProblem(f"unknown unit {unit!r}")
