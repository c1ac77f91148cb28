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

import contextlib
import itertools
import re
from dataclasses import replace
from datetime import datetime, timedelta

from dateutil.relativedelta import relativedelta

from ..._calendar_words import UNIT_MONTHS, UNIT_SECONDS, short_years
from ._calendar import STEPS, step
from ._calendar import day as day_window
from ._calendar import midnight as start_of_day
from ._date_elements import year_first
from ._dates import DateProblem, date_windows, latest_decades, unsaid
from ._grammar import Item, parse
from ._lexicon import HOUR_WORD, number_value
from ._model import Reading, Window
from ._payloads import (
    WITH_YEAR,
    Clock,
    ClockSpan,
    DayOfMonth,
    Days,
    Decades,
    FullDate,
    Half,
    Month,
    MonthDay,
    Offset,
    Part,
    PeriodEnd,
    Unit,
    Weekday,
    WeekdayCount,
    is_date,
)
from ._ranges import TIME_KINDS, TODAY, Slip, hour_item, read_range
from ._spans import bounded, clipped, day_range, end_window, from_now, leading, moment, rest_of, span

__all__ = ["DEADLINE", "DateProblem", "clock_dependent", "elapsed", "from_clock", "readings"]

#: Words before a moment that the whole event ends by ("until Friday", "tomorrow by 5pm", "Friday, no later than noon").
DEADLINE = re.compile(r"\b(?:until|till|til|by|up to|thru|through) |\bat the latest\b")

_DAY = 86400
_MORNING = 5 * 3600
"""When the morning begins, in seconds from midnight."""


def clock_dependent(items: tuple[Item, ...]) -> bool:
    """Whether the readings depend on the time of day ``user_time`` gives (not only on its date), in either parse of
    a word read two ways ("9.30 tonight" is 21:30 today said at 9am, never yesterday's)."""
    other = _other_parse(items)
    return _clock_dependent(items) or (other is not None and _clock_dependent(other))


def _clock_dependent(items: tuple[Item, ...]) -> bool:
    kinds = {i.kind for i in items}
    if kinds & {"moment", "span", "rest", "bound"} or any(
        i.kind == "clock" and i.value.special == "now" for i in items
    ):
        return True
    if any(is_date(i, Unit) and i.value.rel == "past" for i in items):
        return True  # "the past week" is also the week to this minute
    if any(i.kind == "offset" and any(u in _ELAPSED_UNITS or a != int(a) for a, u in i.value.pieces) for i in items):
        return True
    if kinds & TIME_KINDS and _day_of_month([i for i in items if i.kind not in TIME_KINDS]):
        return True  # "by the 25th at 9am" said on the 25th: next month's too once 9:00 has passed (see ``_placed``)
    dated = any(i.kind in {"date", "weekday", "year", "offset"} for i in items)
    return bool(kinds & (TIME_KINDS | {"number"})) and not dated


#: Units an offset counts in elapsed time (instants) rather than in calendar steps on the wall clock.
_ELAPSED_UNITS = frozenset({"second", "minute", "hour"})


def elapsed(items: tuple[Item, ...]) -> bool:
    """Whether the phrase is only an offset from now in hours, minutes or seconds ("in 2 hours", "3 hours ago", "the
    next 90 minutes") or "now" alone: elapsed time, the same instant whatever zone the phrase names, across a change
    of the clocks too (in either pass of a repeated hour). Offsets of a day or longer stay calendar steps on the wall
    clock."""
    parts = [i for i in items if i.kind != "filler"]
    if len(parts) != 1:
        return False
    item = parts[0]
    if item.kind == "moment":
        return True
    if item.kind == "offset" and item.value.mode == "from now":
        pieces = item.value.pieces
    elif item.kind == "span":
        pieces = item.value
    else:
        return False
    return all(unit in _ELAPSED_UNITS for _, unit in pieces)


def from_clock(items: tuple[Item, ...]) -> timedelta | None:
    """The hours or minutes a phrase counts from a time of day ("2 hours after 1am", "30 minutes before noon
    tomorrow"): elapsed time, so across a change of the clocks the wall time moves by the change; else None."""
    first = items[0] if items else None
    if first is None or first.kind != "offset" or first.value.mode != "anchored" or any(i.kind == "sep" for i in items):
        return None
    pieces = first.value.pieces
    if not any(i.kind in TIME_KINDS for i in items) or any(u not in _ELAPSED_UNITS for _, u in pieces):
        return None
    return sum((timedelta(seconds=a * UNIT_SECONDS[u]) for a, u in pieces), timedelta())


#: "five to seven", "ten till six pm": minutes before an hour, or a range of hours (both kept); never before noon or
#: midnight ("ten to noon" is 11:50: said so, the hours from ten are "ten till noon" or "from ten to noon")
_HOURS_TO = re.compile(rf"(?P<a>{HOUR_WORD})\s+(?P<rest>(?:to|till|til)\s(?!noon|mid).+)")
#: "9.30": a month and day, or a time of day (both kept).
_DOTTED = re.compile(r"\d{1,2}\.[0-5]\d")
#: Such a date, or one with its year: "12.06", "12.06.2024", "12.6.24".
_DOTTED_DATE = re.compile(r"\d{1,2}\.[0-5]\d|\d{1,2}\.\d{1,2}\.(?:\d\d|\d{4})")
#: A day and a month in digits, perhaps with a year: "5.6", "12/06", "5.6.2024", "5/6/24".
_DIGIT_DATE = re.compile(r"\d{1,2}[./]\d{1,2}(?:[./](?:\d\d|\d{4}))?")
#: "1h26": 01:26 (French), or the first half of 2026 (business writing; "2h25" the second half of 2025): both kept.
_HALF_YEAR = re.compile(r"([12])h(\d\d)")


class _Inside(DateProblem):
    """A range with one end inside the other ("tomorrow until 10:30"), which the grammar does not read."""


def readings(items: tuple[Item, ...], ref: datetime, *, deadline: bool = False) -> list[Reading]:
    """Every reading of the items said at naive ``ref``, a moment the event ends by with ``deadline`` (said after
    one of the ``DEADLINE`` words); raises ``DateProblem`` when they do not combine. Some words
    are read two ways, each kept when it combines with the rest: "five to seven" is 6:55 and the hours from 5 to 7,
    "9.30" is September 30 and 9:30, a two-digit year with two readings ("3/18/40") is 1940 and 2040, the whole
    phrase in one century at a time ("march 5 to april 9 '47" never runs from 1947 to 2047)."""
    # a decade naming no century begun last century ("the 30s" said in 2026) is also this century's where the phrase
    # looks forward: a deadline alone ("by the 30s", "until the end of the 30s": the 1930s have passed; never "through
    # the 90s", which may name a past period as "through last week" does), or the end after a bound or deadline word
    # that leaves the phrase without a reading, from a start after the decade passed ("before the 30s", "from now until
    # the 30s"; never "from 1995 until the 90s"); never beside a reading of the latest begun, nor beside another decade
    # ("from the 80s through the 90s" keeps the latest begun alone)
    try:
        found = _every_reading(items, ref, deadline)
    except DateProblem as exc:
        ahead = None if isinstance(exc, Slip) else _decade_ahead(items, ref, _DEADLINE_WORDS | {"before"})
        try:
            found = [r for r in _every_reading(ahead[0], ref, deadline) if r.start.lo >= ahead[1]] if ahead else []
        except DateProblem:
            found = []
        if not found:
            raise
        return found
    ahead = _decade_ahead(items, ref, _FORWARD, alone=True) if deadline else None
    if ahead is not None:
        with contextlib.suppress(DateProblem):
            found += _every_reading(ahead[0], ref, deadline)
    return found


#: The deadline words after which a decade alone may be the next one ("by" itself is read as the deadline).
_FORWARD = {"until", "till", "til", "up to"}


def _decade_ahead(
    items: tuple[Item, ...], ref: datetime, words: set[str], alone: bool = False
) -> tuple[tuple[Item, ...], datetime] | None:
    """The items with their one decade, naming no century, begun before the century of ``ref`` and ending the phrase
    after one of ``words`` (or, ``alone``, said with nothing but one of them), read a century on, and the end of the
    decade read first; or None."""
    at = [k for k, i in enumerate(items) if is_date(i, Decades)]
    said = [i for i in items if i.kind != "edge"]
    if len(at) != 1 or said[-1] is not items[at[0]] or items[at[0]].value.century:
        return None
    lead = said[:-1]
    follows = bool(lead) and lead[-1].kind in ("sep", "bound") and lead[-1].value in words
    if (lead and not follows) or not (lead or alone) or (alone and len(lead) > 1):
        return None
    value = items[at[0]].value
    starts = latest_decades(value, ref.year)
    if any(y >= ref.year // 100 * 100 for y in starts):
        return None  # begun this century: under way, or the next one a century on ("by the 10s" said in 2026)
    moved = replace(items[at[0]], value=replace(value, starts=tuple(y + 100 for y in starts), century=True))
    return (*items[: at[0]], moved, *items[at[0] + 1 :]), datetime(max(starts) + 10, 1, 1)


_NOON_WORDS = ("noon", "midday", "mid-day", "midnight")


#: An hour written in digits, alone or as a clock's ("at 13", "13 o'clock", "1300", "13:00", "1300 hours"): am or pm
#: after it must find it on a 12-hour clock
_HOUR_SAID_RE = re.compile(r"(?:(?:at|@)\s+)?(\d{1,2}):?(?:[0-5]\d)?(?:\s*o(?:'|\s)?clock|\s*(?:hours|hrs|hr|h))?")


def _every_reading(items: tuple[Item, ...], ref: datetime, deadline: bool) -> list[Reading]:
    found: list[Reading] = []
    problem: DateProblem | None = None
    # "by 10 to noon", "by ten to five": the clock alone; so is "5 to noon" (5am to noon: a range only after "from")
    to = [
        m
        for n in range(len(items) - 2)
        if ((deadline and items[n + 1].text == "to") or (items[n + 2].text in _NOON_WORDS[:3] and items[n].text == "5"))
        and (m := _as_minutes_to(items, n))
    ]
    # "10 to midnight tomorrow": tomorrow's 23:50 or its last two hours, never tonight's ("midnight tomorrow" may be
    # the midnight tomorrow begins with)
    late = [
        n
        for n in range(len(items) - 3)
        if [i.text for i in items[n + 2 : n + 4]] == ["midnight", "tomorrow"] and _minutes_to(items, n)
    ]
    items = to[0] if to else (*items[: late[0]], items[late[0] + 3], *items[late[0] : late[0] + 3]) if late else items
    # "13 pm", "at 13 pm", "13 o'clock pm", "since 0 am", "from 13 pm to 3pm", "at 1300 pm": am or pm after a number
    # (or a clock in digits) no 12-hour clock shows, never that hour
    for number, part in itertools.pairwise(items):
        said = _HOUR_SAID_RE.fullmatch(number.text)
        hour = number.value if number.kind == "number" else int(said[1]) if said and number.kind == "clock" else 1
        if part.kind == "part" and part.value.note in {"am", "pm"} and not 1 <= hour <= 12:
            raise DateProblem(f"{part.text!r} after {number.text!r}, which is no hour of a 12-hour clock")
    pairs = [(c, _other_parse(c, deadline)) for o in _orders(items) for c in _centuries(o)]
    variants = [(v, v is o) for c, o in pairs for v in ((_day_first(c), o) if o else (c,)) if v is not None]
    # a range to now ("since 10.30", "from 10.30 to now") read one way that does not combine (10:30 today, after now)
    # is not understood, never left to the other reading (October 30)
    to_now = len(variants) > 1 and len(items) > 2 and [i.kind for i in items[-2:]] == ["sep", "moment"]
    for variant, second in variants:
        try:
            found.extend(_read(variant, ref, deadline))
        except Slip:
            raise  # a start that may be a slip: not understood, whatever else the phrase may be
        except _Inside as exc:
            if second and not _range_ends(items):
                # "tomorrow until 10.30" is not understood as 10:30 (nor is "tomorrow until 10:30"), so never read as
                # tomorrow to October 30 alone ("from 5.6 to 12.06" writes both ends as dates)
                raise
            problem = problem or exc
        except DateProblem as exc:
            if to_now:
                raise
            problem = problem or exc
    if problem is not None and not found:
        raise problem  # none combines: the first one's problem
    return found


def _orders(items: tuple[Item, ...]) -> list[tuple[Item, ...]]:
    """The items once per order of day and month that every dotted date ("12.06 to 14.06") and both ends of a range
    in digits ("from 5.6 to 7.6", "between 5/6 and 7/6") can be read in (month first, then day first): two such dates
    in one phrase are never read in different orders."""
    dotted = [n for n, i in enumerate(items) if i.kind == "date" and _DOTTED_DATE.fullmatch(i.text)]
    ends = _range_ends(items)
    dotted = sorted({*(dotted if len(dotted) > 1 else ()), *ends})
    if len(dotted) < 2:
        return [items]
    found = []
    for month_first in (True, False):
        kept: list[tuple[Item, ...]] = [(i,) for i in items]
        for n in dotted:
            a, b = (int(part) for part in re.split(r"[./]", items[n].text)[:2])
            one = (a, b) if month_first else (b, a)
            if isinstance(items[n].value, MonthDay) and one in items[n].value.days:
                kept[n] = (replace(items[n], value=replace(items[n].value, days=(one,))),)
                continue
            # an end that is a date in the other order only may be a clock in this one ("5.6 - 7.30": June 5 at 7:30)
            clock = parse(f"at {items[n].text}") if n in ends and _DOTTED.fullmatch(items[n].text) else None
            if clock is None or [i.kind for i in clock.items] != ["clock"] or _said_on(items[n]):
                break
            kept[n] = tuple(clock.items)
        else:
            found.append(tuple(i for some in kept for i in some))
    if not found:
        raise DateProblem(f"{' and '.join(items[n].text for n in dotted)} are not all days and months in one order")
    return found


def _range_ends(items: tuple[Item, ...]) -> list[int]:
    """Where the two ends of one range write a day and a month in digits, one date on each side of its separator
    ("from 5.6 3pm to 7.6 5pm", "from 5.6 to 7.6 next year"); none otherwise. A side's date is the one of its dates in
    digits that cannot be a clock ("5.6" beside "9.30" in "from 5.6 9.30 to 7.6"), else its only one; an end that may
    be a clock ("7.30") is read as one in an order it is no date in."""
    seps = [n for n, i in enumerate(items) if i.kind == "sep"]
    if len(seps) != 1:
        return []
    ends = []
    for side in (range(seps[0]), range(seps[0] + 1, len(items))):
        dates = [n for n in side if isinstance(items[n].value, MonthDay) and _DIGIT_DATE.fullmatch(items[n].text)]
        sure = [n for n in dates if not _DOTTED.fullmatch(items[n].text)]
        if len(sure or dates) != 1:
            return []
        ends.extend(sure or dates)
    return ends


def _centuries(items: tuple[Item, ...]) -> list[tuple[Item, ...]]:
    """The items once per reading of the two-digit years they write (see ``short_years``: the first readings, then
    the second), or as they are."""
    count = max((len(i.value.years) for i in items if is_date(i, WITH_YEAR)), default=1)
    if count < 2:
        return [items]
    return [
        tuple(
            replace(i, value=replace(i.value, years=i.value.years[n : n + 1]))
            if is_date(i, WITH_YEAR) and len(i.value.years) > 1
            else i
            for i in items
        )
        for n in range(count)
    ]


def _other_parse(items: tuple[Item, ...], deadline: bool = False) -> tuple[Item, ...] | None:
    """The items with the first word read two ways read the other way, if any ("five to seven" after a deadline word
    is the clock alone)."""
    # the dotted dates of a range are read in one order ("12.06.24 9.45 to 14.06": never 2012-06-24 to June 14)
    dates = _DOTTED_DATE if any(i.kind == "sep" for i in items) else _DOTTED
    dotted = sum(i.kind == "date" and dates.fullmatch(i.text) is not None for i in items)
    for n, item in enumerate(items):
        width = 1
        if item.kind == "date" and (ymd := year_first(item.text)) is not None and ymd != item.value and dotted < 2:
            return (*items[:n], Item("date", item.text, ymd), *items[n + 1 :])
        if item.kind == "clock" and (half := _HALF_YEAR.fullmatch(item.text)):
            return (*items[:n], Item("date", item.text, Half(int(half[1]), short_years(int(half[2])))), *items[n + 1 :])
        hours = _HOURS_TO.fullmatch(item.text) if item.kind == "clock" else None
        if hours is not None and deadline and hours["rest"].startswith("to "):
            return None
        if hours is not None:
            text = f"{number_value(hours['a'])} {hours['rest']}"
        elif item.kind == "date" and _DOTTED.fullmatch(item.text) and not _said_on(item):
            if dotted > 1:
                return None  # "from 12.06 to 14.06", "12.06.2024 9.45 to 13.06": dates, never a clock beside a date
            text = f"at {item.text}"
        elif _minutes_to(items, n):
            return _as_minutes_to(items, n)
        elif _dashed_date(items, n):
            text, width = f"{item.text}/{items[n + 2].text}", 3
        elif _day_and_short_year(items, n):
            text, width = f"{item.text} {items[n + 1].value // 100} '{items[n + 1].value % 100:02d}", 2
        elif _month_and_year(items, n):
            month, century = item.text.rsplit(" ", 1)
            text, width = f"{month} {number_value(century)}{items[n + 1].value}", 2
        else:
            continue
        other = parse(text)
        return None if other.unknown else (*items[:n], *other.items, *items[n + width :])
    return None


def _said_on(item: Item) -> bool:
    """Whether a date was written right after "on" or "the" ("on 12.06", "the 12.06"): a date, never a time of day."""
    return isinstance(item.value, MonthDay) and item.value.on


def _day_first(items: tuple[Item, ...]) -> tuple[Item, ...] | None:
    """The items with a pair beside a weekday that may be a time of day read as a date day first alone, as dates with
    dots are written ("sun 11.01": January 11, never November 1), or None when it is no date so ("friday 10.30")."""
    if not any(i.kind == "weekday" for i in items):
        return items
    read: list[Item] = []
    for item in items:
        if _may_be_clock(item) and isinstance(item.value, MonthDay):
            day, month = (int(n) for n in item.text.split("."))
            if (month, day) not in item.value.days:
                return None
            item = Item(item.kind, item.text, replace(item.value, days=((month, day),)))
        read.append(item)
    return tuple(read)


def _may_be_clock(item: Item) -> bool:
    """Whether a date in digits may be a time of day as well ("9.30", never "on 9.30", "31.12" nor "9/30")."""
    if item.kind != "date" or not _DOTTED.fullmatch(item.text) or _said_on(item):
        return False
    return [i.kind for i in parse(f"at {item.text}").items] == ["clock"]


def _as_minutes_to(items: tuple[Item, ...], n: int) -> tuple[Item, ...] | None:
    """The items with "10 to noon" at ``n`` read as minutes before the hour (see ``_minutes_to``), else None."""
    if not _minutes_to(items, n):
        return None
    other = parse(f"{items[n].text} minutes to {items[n + 2].text}")
    return None if other.unknown else (*items[:n], *other.items, *items[n + 3 :])


def _minutes_to(items: tuple[Item, ...], n: int) -> bool:
    """Whether "5" or "10" before "to" (or "till") and an hour may be minutes before it, as "five to seven" is:
    "5 to 5 tomorrow" is 4:55, or the hours from 5 to 5 ("10 to noon" likewise, while "5 to noon" is 11:55 alone:
    see ``_every_reading``); never after "from" or "between"."""
    three = items[n : n + 3]
    return (
        [i.kind for i in three] in (["number", "sep", "number"], ["number", "sep", "clock"])
        and three[0].text in {"5", "10"}
        and three[1].text in {"to", "till", "til"}
        and (three[2].text in _NOON_WORDS or re.fullmatch(r"(?:[1-9]|1[0-2])(?:\s*[ap]m)?", three[2].text) is not None)
        and not any(i.kind == "between" for i in items[:n])
    )


#: A year said as two pairs of words whose first is a day of any month ("twenty twenty-four", "nineteen oh five").
_DAY_PAIR_YEAR = re.compile(r"(?:nineteen|twenty)[\s-](?!hundred\b|thousand\b)\S.*")


def _day_and_short_year(items: tuple[Item, ...], n: int) -> bool:
    """Whether a month and a year said in two pairs of words ("january twenty twenty-four") may be a day and a
    two-digit year ("January 20, '24"), as the same words say it aloud."""
    two = items[n : n + 2]
    return (
        [i.kind for i in two] == ["date", "year"]
        and isinstance(two[0].value, Month)
        and _DAY_PAIR_YEAR.fullmatch(two[1].text) is not None
    )


def _month_and_year(items: tuple[Item, ...], n: int) -> bool:
    """Whether a month, "twenty" or "nineteen" and a number from ten in words ("june twenty twelve") may be that
    month of a year said in two pairs of words (June 2012), as well as a day and an hour."""
    two = items[n : n + 2]
    return (
        [i.kind for i in two] == ["date", "number"]
        and isinstance(two[0].value, MonthDay)
        and not two[0].value.years
        and re.fullmatch(r"[a-z]+ (?:twenty|nineteen)", two[0].text) is not None
        and 10 <= two[1].value <= 19
        and not two[1].text.isdigit()
    )


def _dashed_date(items: tuple[Item, ...], n: int) -> bool:
    """Whether two numbers joined by a dash, said alone or beside a weekday only ("4-22", "friday 7-6"), may be a
    month and a day (as "4/22" is) beside a range of hours."""
    three = items[n : n + 3]
    return (
        [i.kind for i in three] == ["number", "sep", "number"]
        and three[1].text == "-"
        and all(i.kind in {"weekday", "filler"} for i in items[:n] + items[n + 3 :])
    )


def _read(items: tuple[Item, ...], ref: datetime, deadline: bool) -> list[Reading]:
    parts = [i for i in items if i.kind != "filler"]
    duration = [i for i in parts if i.kind == "duration"]
    parts = [i for i in parts if i.kind != "duration"]
    if len(duration) > 1:
        raise DateProblem(f"two lengths of time ({duration[0].text!r} and {duration[1].text!r})")
    anchorless = [i.kind for i in parts] == ["offset"] and parts[0].value.mode in {"anchored", "since"}
    if anchorless and not parts[0].text.startswith("the "):  # "the day before" is yesterday, as most take it
        raise DateProblem(f"{parts[0].text!r} names no day it counts from")  # "2 days before", "a week since"
    if parts and parts[-1].kind == "offset" and parts[-1].value.mode == "anchored" and parts[-1].text[0] in "+-":
        said, added = " ".join(i.text for i in parts[:-1]), parts[-1].text
        if duration or not parts[1:] or any(i.kind not in {"date", "weekday", "year"} or unsaid(i) for i in parts[:-1]):
            # "oct 18-22 + 2 days", "in 1 week - 2 weeks", "1 day - 3 days", "friday 3pm + 2 days": not one date
            raise DateProblem(f"{added!r} after {said!r}, which is not one date")
        if added.startswith("- ") and not (len(parts) == 2 and parts[0].value in {Days(-1), Days(0), Days(1)}):
            # "jan 5 - 3 days": 3 days before it, or January 5th for 3 days ("today - 3 days" subtracts)
            raise DateProblem(f"{said!r} {added!r}: a dash before a length takes it away or says how long, unclear")
    if any(i.kind == "bound" for i in parts):
        if duration:
            raise DateProblem(f"{duration[0].text!r} with 'before' or 'after'")
        return _bounded(parts, ref)
    between = bool(parts) and parts[0].kind == "between"
    if between:
        if parts[0].text == "between" and not any(i.kind == "sep" for i in parts):
            raise DateProblem("'between' with one end")
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
        periods = [i for i in parts[: middle[0]] if is_date(i, (Unit, Month))]
        parts = parts[: middle[0]] + parts[middle[0] + 1 :]
    if any(i.kind == "between" for i in parts):
        raise DateProblem(f"{next(i.text for i in parts if i.kind == 'between')!r} in the middle of the phrase")
    if (
        len(parts) > 1
        and parts[0].kind == "sep"
        and parts[0].value in _DEADLINE_WORDS
        and not any(i.kind == "sep" for i in parts[1:])
    ):
        parts = parts[1:]  # "until 2pm": a deadline word reads as the moment it names
    seps = [n for n, i in enumerate(parts) if i.kind == "sep"]
    if seps:
        if len(seps) > 1 or duration:
            raise DateProblem("more than one range")
        left, right = parts[: seps[0]], parts[seps[0] + 1 :]
        if parts[seps[0]].value == "to date" and not right:
            right = [TODAY]  # "from March to date": until today
            if len(left) == 1 and is_date(left[0], Unit) and left[0].value.rel in STEPS:
                left = [Item("edge", "start", "start"), *left]  # "year to date": from the start of this year
        if periods and right and all(i.kind in {"weekday", "number", "year"} for i in right):
            right = [*periods, *right]  # "last week between Friday and Sunday": Sunday of last week
        if not left or not right:
            raise DateProblem(f"a range with one end ({parts[seps[0]].text!r})")
        if parts[seps[0]].text == "and" and not between:
            raise DateProblem("'and' joins two dates without 'between'")
        if left[0].kind == "offset" and not between and left[0].value.mode == "anchored" and len(left) > 1:
            # "an hour before 9am-10am", "a week after jun 3-5": moves the start alone, or the whole range
            raise DateProblem(f"{left[0].text!r} before a range may move its start alone or the whole range")
        dated = any(i.kind == "weekday" or (i.kind == "date" and not isinstance(i.value, Days)) for i in left)
        dated &= parts[seps[0]].text == "-" and not between
        if dated and [i.value.mode for i in right if i.kind == "offset"] == ["from now"]:
            # "monday - 2 weeks from now": the range to that day, or the Monday two weeks from now
            raise DateProblem(f"a dash before {right[-1].text!r}: a range to it, or a date of it, unclear")
        if parts[seps[0]].text == "-" and not between and _joined(left, right):
            return _point(left + right, ref)  # "6 jan 2017 - 6:37am", "previous week - Monday"
        said_after = [any(_after_said(i, i is side[-1]) for i in side) for side in (left, right)]
        if any(said_after) and not (said_after == [False, True] and _today(left)):
            # "from oct 20 to two weeks later", "monday - 2 days after": counted from the other end, never from now
            # (from today, "from today until 2 weeks later", the same)
            raise DateProblem("a length at one end of a range counted from the other end")
        left, right = _counted_day(left, right, between, parts[seps[0]].text)
        found = _within_year(left, right, _one_month(left, right, read_range(left, right, ref, _point), ref))
        if any(i.kind == "nearest" for i in left + right) and {"weekday"} in (
            {i.kind for i in s} for s in (left, right)
        ):
            # "the monday after thanksgiving through friday", "from monday to the friday after 6/2": a weekday alone
            # in the week of the other end, never months or a year away
            found = [r for r in found if r.end is not None and r.end.lo - r.start.lo < timedelta(days=7)]
            if not found:
                raise DateProblem("a weekday alone at one end of a range more than a week from the other")
        # (an end the same as the start is one day: "from Monday to today" said on a Monday)
        if any(
            r.end is not None
            and r.start.lo <= r.end.lo
            and r.end.hi <= r.start.hi
            and (r.end.lo, r.end.hi) != (r.start.lo, r.start.hi)
            for r in found
        ):
            raise _Inside("one end of the range lies inside the other")
        return found
    # "by 10.30 on friday", "until 9.30": a deadline is read as "before" reads the moment it bounds
    found = _bounding(parts, ref) if deadline else _point(parts, ref)
    if duration:
        length = step(duration[0].value)
        ends = [Reading(r.start, end_window(r.start.lo + length)) for r in found]
        if any(u in {"second", "minute", "hour"} for _, u in duration[0].value):
            return ends
        # whole days: the end is the last day, or the instant after it
        days = [
            Reading(r.start, day_range(r.start.lo, r.start.lo + length).end) for r in found if r.start.grain == "day"
        ]
        return days or ends
    return found


def _today(side: list[Item]) -> bool:
    """Whether one end of a range is today alone."""
    return len(side) == 1 and is_date(side[0], Days) and side[0].value.offset == 0


def _after_said(item: Item, last: bool) -> bool:
    """Whether an item is a length counted from a date said before it ("2 days later", "a week earlier"; last in its
    part of the phrase, "2 days after")."""
    if item.kind != "offset":
        return False
    return item.text.split()[-1] in {"later", "earlier"} or (last and item.value.mode in {"anchored", "since"})


def _counted_day(left: list[Item], right: list[Item], between: bool, sep: str) -> tuple[list[Item], list[Item]]:
    """A weekday before or after a date at one end of a range ("the monday after easter 9-5"): an end that is only a
    time of day is on that weekday too, never on the date it is counted from; a bare day and month joined by a dash
    or "to" with no "from" or "between" ("the friday after 6.2-6.5") may be the end of the date it is counted
    from, and is not understood. An end that names its own day ("from today to the friday before christmas") is read
    as it is."""
    counted = [
        next((n for n, i in enumerate(s) if i.kind == "nearest" and i.value.direction), -1) for s in (left, right)
    ]
    if (counted[0] < 0) == (counted[1] < 0):
        return left, right
    said, other = (left, right) if counted[0] >= 0 else (right, left)
    day = [i for i in said[max(counted) :] if i.kind not in {*TIME_KINDS, "number"}]
    if not any(i.kind in {"date", "weekday", "year", "offset", "span", "moment", "ordinal"} for i in other):
        if said is right and not any(i.kind in {*TIME_KINDS, "number"} for i in said):
            # "from 1.10 to the friday after 6.5": never 01:10 on that Friday to the Saturday after it
            raise DateProblem("a time of day alone at the start of a range ending on a weekday before or after a date")
        other = day + other  # "the tuesday after 6.2 9-11am": 11am on that Tuesday
    elif (
        said is left
        and not between
        and sep in {"-", "to"}
        and all(isinstance(i.value, MonthDay) for i in [*day[1:2], *other] if i.kind not in TIME_KINDS)
    ):  # with a time of day too ("the friday after 6.2 - 6.5 5pm": never a year long)
        raise DateProblem("a weekday before or after a date joined to another date without 'from' or 'between'")
    return (said, other) if said is left else (other, said)


def _within_year(left: list[Item], right: list[Item], found: list[Reading]) -> list[Reading]:
    """The readings of a range whose end names no year ("the end of feb", "q1", "h1", "week 5", "the end of the
    year", "eom") that lie within a year of a start naming its year ("from 2023-11-30"): said in 2025, never February
    2026. An end placed from now by a word ("next month", "the end of this year") is read as it is."""

    def year(item: Item) -> bool:
        value = item.value
        return (
            item.kind == "year"
            or isinstance(value, FullDate)
            or (isinstance(value, (*WITH_YEAR, Month)) and bool(value.years))
        )

    def unplaced(item: Item) -> bool:
        value = item.value
        if isinstance(value, (Unit, PeriodEnd)):  # "the year", "year end": the current one, unless "this" is said
            return value.rel == "this" and not item.text.startswith("this")
        return isinstance(value, WITH_YEAR) and not value.years and getattr(value, "rel", None) is None

    def placed(item: Item) -> bool:  # "next year", "this year", "this month" beside the end place it
        value = item.value
        return isinstance(value, (Unit, PeriodEnd)) and (value.rel != "this" or item.text.startswith("this"))

    yearless = any(i.kind == "date" and unplaced(i) for i in right) and not any(map(placed, right))
    if not (any(map(year, left)) and yearless and not any(map(year, right))):
        return found
    kept = [r for r in found if r.end is None or r.end.lo <= r.start.lo + relativedelta(years=1)]
    if not kept:
        raise DateProblem("an end naming no year more than a year after a start naming its year")
    return kept


def _one_month(left: list[Item], right: list[Item], found: list[Reading], ref: datetime) -> list[Reading]:
    """A range of days of the month, a later day at its end ("the 28-31st", "the 28th at 9am to the 31st"), lies in
    one month: never June 28 to July 31 because June has no 31st (said in June, July 28 to 31 once June 28 has passed,
    else not understood); an earlier day at the end crosses into the next month ("the 28th to the 3rd"). So does a
    range from any day to a day of the month alone ("friday the 28th to the 31st"), unless the start is said from today
    naming no day of a month, that day is this month's and the start's month, the last one, has no such day after the
    start ("from last friday to the 31st" said on July 2 ends July 31; "from last friday to the 30th" may end June 30
    or July 30: not understood; "from june 28 to the 31st" is not understood)."""
    kinds = {"date", "weekday", "year", "ordinal", "offset", "number"}
    dated = [i for i in right if i.kind in kinds]
    starts = [i for i in left if i.kind in kinds]
    if len(dated) != 1 or not isinstance(dated[0].value, DayOfMonth) or not starts:
        return found
    # said from today, naming no day of a month ("last friday", "3 days ago", "yesterday", "2 fridays ago", "last
    # month end"; never "friday the 28th")
    relative = all(isinstance(i.value, (Weekday, Offset, Days, Unit, WeekdayCount, PeriodEnd)) for i in starts)

    def months(when: datetime) -> int:
        return when.year * 12 + when.month

    def skipped(r: Reading, end: Window) -> bool:
        """Whether no month from the start's to the one before the end's has the end's day after the start."""
        day = end.lo.day
        firsts = (r.start.lo + relativedelta(months=n, day=1) for n in range(months(end.lo) - months(r.start.lo)))
        return not any(d.day == day and d > r.start.lo for d in (f + relativedelta(day=day) for f in firsts))

    kept = [
        r
        for r in found
        if r.end is None
        or (r.start.lo.day > r.end.lo.day and months(r.end.lo) - months(r.start.lo) == 1)
        or r.start.lo.month == r.end.lo.month
        or (  # this month's day, and none after the start in the months from the start's ("from last month end to
            # the 31st" said in May: May 31 from April 30, as from March 31 for the last quarter's end)
            relative and months(r.end.lo) == months(ref) and skipped(r, r.end)
        )
    ]
    if not kept:
        start = " ".join(i.text for i in left if i.kind in kinds)
        raise DateProblem(f"no month near has both {start!r} and {dated[0].text!r}")
    return kept


def _bounded(parts: list[Item], ref: datetime) -> list[Reading]:
    """``before 9am tomorrow``: one side of a time (see ``bounded``); ``after 3pm and before 5pm``: the time between
    the two, a date named on one side holding for both."""
    seps = [n for n, i in enumerate(parts) if i.kind == "sep"]
    words = sorted(i.value for i in parts if i.kind == "bound")
    if len(seps) == 1 and parts[seps[0]].value == "and" and words == ["after", "before"]:
        left, right = parts[: seps[0]], parts[seps[0] + 1 :]
        if left[0].kind == "bound" and right[0].kind == "bound":
            left_dates, right_dates = (
                [i for i in side if i.kind in {"date", "weekday", "year"}] for side in (left, right)
            )
            left = left if left_dates else left + right_dates
            right = right if right_dates else right + left_dates
            return clipped(_side(left, ref, alone=False), _side(right, ref, alone=False))
    if len(words) > 1 or seps or any(i.kind == "between" for i in parts):
        raise DateProblem("'before' or 'after' with a range or another bound")
    return _side(parts, ref)


def _side(parts: list[Item], ref: datetime, *, alone: bool = True) -> list[Reading]:
    bound = next(i for i in parts if i.kind == "bound")
    rest = [i for i in parts if i is not bound]
    said, named = parts[: parts.index(bound)], parts[parts.index(bound) + 1 :]
    kinds = {i.kind for i in named}
    # the clock reading of a pair that may be a date day first too (see ``_day_first``: "6.12"; never "10.30")
    paired = any(i.kind == "clock" and _DOTTED.fullmatch(i.text[3:]) and 0 < int(i.text[-2:]) < 13 for i in named)
    if "weekday" in {i.kind for i in said} and ("date" in kinds or paired or not kinds & {"clock", "part", "number"}):
        # "friday before 12 june (at 5pm)" is no time before Friday June 12, and "the friday before 6.12" may be the
        # Friday before June 12 or December 6 as well as before 6:12 on Friday: the weekday before a date is counted
        # from it (see ``_weekday_beside``) or not understood
        raise DateProblem(f"the weekday before {bound.text!r} is not counted from the date after it")
    dotted = [i.text.removeprefix("at ") for i in rest if i.kind == "clock"]
    twelve = next((t for t in dotted if _DOTTED.fullmatch(t) and 0 < int(t.split(".")[0]) <= 12), None)
    if twelve is not None and not any(i.kind == "part" for i in rest):
        # "before 10.30" is before 10:30 or before 22:30 (or October 30): kept together the later bound alone counts;
        # a part of the day says which ("friday morning before 10.30")
        raise DateProblem(f"{bound.text} {twelve!r} may be in the morning or the evening: say am or pm")
    points = _bounding(rest, ref)
    kinds = {i.kind for i in rest}
    if "number" in kinds and any(r.start.hi - r.start.lo < timedelta(days=1) for r in points):
        # "before 3 on friday" (3:00, 15:00 or Friday the 3rd): the hour bounds the side
        points = [r for r in points if r.start.hi - r.start.lo < timedelta(days=1)]
    clocks = {r.start.lo.time() for r in points if r.start.hi - r.start.lo < timedelta(days=1)}
    if alone and len(clocks) > 1 and "part" not in kinds:
        # "before 10:30", "after 3 on friday": before 10:30 or 22:30 kept together is before 22:30 (two bounds make
        # each reading a window of its own half of the day: "after 9:30 and before 11")
        raise DateProblem(
            f"{bound.text} {' '.join(i.text for i in rest)!r} may be in the morning or the evening: say am or pm"
        )
    found = bounded(bound.value, points, ref)
    if "part" in kinds and kinds & {"clock", "number"}:
        # "tomorrow morning before 9am": inside that part of the day too
        found = clipped(found, _point([i for i in rest if i.kind not in {"clock", "number"}], ref))
    return found


def _bounding(rest: list[Item], ref: datetime) -> list[Reading]:
    """The readings of the moment a bound or a deadline names ("before 9.30", "by 10.30 on friday", "until friday
    10/30"): a pair that may be a time of day is that time (read in the other parse), as the hour is in "before 3",
    never September 30 nor a day up to it, and a weekday beside a date only confirms it (see ``_weekday_on_date``)."""
    clock = next((i for i in rest if _may_be_clock(i)), None)
    if clock is not None:
        raise DateProblem(f"{clock.text!r} bounding a time is a time of day")
    points = _point(rest, ref)
    return _weekday_on_date(rest, points, ref) if any(i.kind == "weekday" for i in rest) else points


def _weekday_on_date(rest: list[Item], points: list[Reading], ref: datetime) -> list[Reading]:
    """The readings of a weekday and a day of the month a bound or a deadline names ("before Friday 10/30"): the
    weekday only says which day the date is, as it falls in the year (month) the date alone is read in and not yet
    past, never a year it sends the date to ("before 10/30 on Saturday" said in 2026 is no time before October 30
    2027; "by friday the 20th" said on the 25th is no deadline past)."""
    days = [i for i in rest if is_date(i, (MonthDay, DayOfMonth))]
    if not days:
        return points
    plain = _point([i for i in rest if i.kind not in {"weekday", "number", *TIME_KINDS}], ref)
    kept = [r for r in points if r.start.hi > ref and any(w.start.lo <= r.start.lo < w.start.hi for w in plain)]
    if not kept:
        raise DateProblem(f"no {' '.join(i.text for i in days)!r} still ahead falls on the weekday")
    return kept


#: Words before a span that make it the time from now alone ("within the next fortnight").
_FROM_NOW = ("within", "in ", "over ", "during ")
_DEADLINE_WORDS = {"until", "till", "til", "thru", "through", "up to"}


def _joined(left: list[Item], right: list[Item]) -> bool:
    """Whether a dash joins a date and a time of day, or a period and a day in it, rather than two ends."""

    def level(items: list[Item]) -> str:
        if all(i.kind in TIME_KINDS for i in items):
            return "time"
        if all(is_date(i, Unit) for i in items):
            return "period"
        if all(i.kind == "weekday" for i in items):
            return "weekday"
        return "date" if not any(i.kind in TIME_KINDS for i in items) else "mixed"

    if any(i.kind == "number" for i in left + right):
        return False
    pair = (level(left), level(right))
    return pair in {("date", "time"), ("time", "date"), ("period", "weekday"), ("weekday", "period")}


def _point(items: list[Item], ref: datetime) -> list[Reading]:
    if not items:
        raise DateProblem("nothing to read")
    rests = [i for i in items if i.kind == "rest"]
    if rests:
        others = [i for i in items if i is not rests[0]]
        if others and rests[0].value == "earlier day" and all(i.kind == "clock" for i in others):
            # "earlier today at 9": today's time, kept only before now
            (within,) = rest_of(rests[0].value, ref)
            kept = [
                r
                for r in _point([TODAY, *others], ref)
                if within.start.lo <= r.start.lo and r.start.hi <= within.start.hi
            ]
            if not kept:
                raise DateProblem(f"{' '.join(i.text for i in items)!r} names no time before now")
            return kept
        if others:
            raise DateProblem(f"{rests[0].text!r} with other words")
        return rest_of(rests[0].value, ref)
    leads = [i for i in items if i.kind in {"lead", "window"}]
    if leads:
        return leading(leads[0], [i for i in items if i is not leads[0]], ref)
    spans = [i for i in items if i.kind == "span"]
    if spans:
        if len(items) > 1:
            raise DateProblem(f"{spans[0].text!r} with other words")
        # "within (in, over) the next fortnight", "the coming fortnight": the 14 days from now, never calendar weeks
        text = spans[0].text
        return span(spans[0].value, ref, calendar=not text.startswith(_FROM_NOW) and "coming" not in text)
    moments = [i for i in items if i.kind == "moment" or (i.kind == "offset" and i.value.mode == "from now")]
    if moments:
        instants = moment(moments[0], ref) if len(items) == 1 else None
        if instants is not None:
            return instants
        if moments[0].kind == "moment":
            raise DateProblem(f"{moments[0].text!r} with other words")
    if any(i.kind == "clock" and i.value.special == "now" for i in items):
        dated = sum(i.kind in {"date", "weekday", "year", "ordinal"} for i in items)
        items = [_same_time(i, ref, alone=dated == 1) for i in items]
    alternatives = _same_day(items, ref)
    if len(alternatives) > 1:  # "a year ago tomorrow" said on February 28, 2029: March 1 or February 29, 2028
        return list(dict.fromkeys(r for alternative in alternatives for r in _point(alternative, ref)))
    items = alternatives[0]
    counted = [i for i in items if i.kind == "offset" and i.value.mode == "from now"]
    if any(_after_said(i, False) or i.text[:1] in "+-" for i in counted) and any(
        i.kind in {"date", "weekday", "year"} for i in items
    ):  # "friday, 2 days later", "+2 days friday"
        raise DateProblem(f"{counted[0].text!r} counts from another date or from now")
    if any(u in _ELAPSED_UNITS or a != int(a) for i in counted for a, u in i.value.pieces):
        # "in 2 hours tomorrow", "in 2 hours at 3pm", "midnight 2.5 days later": hours (or part of a day) from now name
        # their own moment, no other word's
        found = moment(counted[0], ref) if len(items) == 1 else None
        if not found or any(r.start.lo.date() != ref.date() for r in found):  # "in 20 hours today"
            raise DateProblem(f"{counted[0].text!r} counts from now, not from another day or time")
        return found
    items = _edge_on_part(items)
    if (years := _year_or_hour(items, ref)) is not None:
        return years
    times = [i for i in items if i.kind in TIME_KINDS]
    dates = [i for i in items if i.kind not in TIME_KINDS]
    numbers = [i for i in dates if i.kind == "number"]
    if len(items) == 1 and numbers:
        return _lone_number(numbers[0], ref)
    if numbers:
        dates = [i for i in dates if i.kind != "number"]
        weekdays = bool(dates) and all(d.kind == "weekday" for d in dates)
        if weekdays and not times and len(numbers) == 1 and 1 <= numbers[0].value <= 12:
            # "tues 3": Tuesday the 3rd, or 3 o'clock on Tuesday (both kept; "next tues 3" has no 3rd)
            days: list[Reading] = []
            with contextlib.suppress(DateProblem):
                days = _placed(*_numbers(numbers, dates, times), ref)
            return [*days, *_placed(dates, [hour_item(numbers[0])], ref)]
        dates, times = _numbers(numbers, dates, times)
    found = _placed(dates, times, ref)
    if times and [i.kind for i in dates] == ["offset"] and dates[0].value.mode == "anchored":
        pieces = dates[0].value.pieces
        if all(u in _ELAPSED_UNITS for _, u in pieces):
            # "half an hour before 9am" said at 13:50: from today's 9:00, or from tomorrow's (as "9am" alone names)
            # when the count from today's has passed ("3 hours after noon" said at 13:50 is today's 15:00 alone)
            later = (r.shifted(step(pieces)) for r in _placed([], times, ref))
            back = relativedelta(days=-1)
            found = list(dict.fromkeys([*found, *(r for r in later if r.shifted(back).start.hi <= ref < r.start.hi)]))
    return found


def _placed(dates: list[Item], times: list[Item], ref: datetime) -> list[Reading]:
    """The readings of the dates, at the times of day given if any."""
    if times:  # "the beginning of next month at 9am": its first day, as "9am at the beginning of next month"
        edges = {"begin": "start", "finish": "end"}  # "the end of November at 5pm": its last day's
        dates = [Item("edge", i.text, edges[i.value]) if i.kind == "edge" and i.value in edges else i for i in dates]
    if times and len(dates) == 1 and unsaid(dates[0]):  # "month 10:00", "the day at 3pm": which one is not said
        raise DateProblem(f"{dates[0].text!r} beside {times[0].text!r}: which {dates[0].text.split()[-1]} is not said")
    days = date_windows(dates, ref.date()) if dates else None
    if times and days and _day_of_month(dates) and {w.lo.date() for w in days} == {ref.date()}:
        # "by the 25th at 9am" said at 22:00 on the 25th: today's time has passed, so next month's too (said at 7:00,
        # today's alone)
        passed = all(r.start.hi <= ref for r in _timed(times, days, ref))
        days += [w for w in date_windows(dates, ref.date() + timedelta(days=1)) if w not in days] if passed else []
    # "3pm in July", "9am in 2025", "3pm in early July", "3pm in July next year": a time of day in a period longer than
    # a week names no day (never its first day), unless the period is said from today alone ("next month at 6pm": 18:00
    # on the 1st, see ``_day_starts``)
    long = bool(times and days and any(w.hi - w.lo > timedelta(days=7) for w in days))
    if long and not all(is_date(i, Unit) for i in dates):
        raise DateProblem(f"{times[0].text!r} in {' '.join(i.text for i in dates)!r}: which day is not said")
    if not times:
        if days is None:
            raise DateProblem("no date or time")
        # "the past week" as the days up to yesterday or up to today is a span: both ends checked, as for "the past 7
        # days"; or the time from this minute a week ago to now
        found = [day_range(w.lo, w.hi) if w.note.startswith("past ") else Reading(w) for w in days]
        pasts = [w for w in days if w.note.startswith("past ")]
        # (the days up to today, read as one window by a single argument, run to this minute: today is not over)
        day = timedelta(days=1)
        shifted = [replace(day_range(w.lo + day, w.hi + day), until=ref) for w in pasts[:1]]
        return found + shifted + [from_now(ref - (w.hi - w.lo), ref) for w in pasts[:1]]
    return _timed(times, days, ref)


def _day_of_month(dates: list[Item]) -> bool:
    """Whether ``dates`` name a day of the month alone ("the 25th", "the first of the month")."""
    return bool(dates) and is_date(dates[0], DayOfMonth) and all(unsaid(i) for i in dates[1:])


def _same_time(item: Item, ref: datetime, alone: bool) -> Item:
    """``this time``, ``same time``: the minute of the day ``ref`` is at; beside a relative week, month or year,
    the same day of it ("same time next week" is a week from now, not next Monday)."""
    if item.kind == "clock" and item.value.special == "now":
        start = ref.hour * 3600 + ref.minute * 60
        return Item("clock", item.text, Clock((ClockSpan(start, start + 60, "minute"),), True))
    if alone and is_date(item, Unit) and item.value.unit in {"week", "month", "year"}:
        count = STEPS.get(item.value.rel)
        if count is not None:
            return Item("offset", item.text, Offset(((count, item.value.unit),), "from now"))
    return item


def _same_day(items: list[Item], ref: datetime) -> list[list[Item]]:
    """``this day next year``, ``2 years ago today``: today beside one relative unit or offset is the same day of it;
    ``a week ago yesterday``: an offset of days or more beside yesterday or tomorrow is counted from that day. A count
    of months or years beside yesterday or tomorrow (``a year ago tomorrow``) is read both ways: counted from that
    day, and the count from today moved by a day (they differ near a month's end). The items, or their readings."""
    todays = [i for i in items if is_date(i, Days) and abs(i.value.offset) <= 1 and not unsaid(i)]
    others = [i for i in items if i.kind in {"date", "weekday", "year", "ordinal", "offset"} and i not in todays]
    if len(todays) != 1 or len(others) != 1:
        return [items]
    other, shift = others[0], todays[0].value.offset
    if other.kind == "offset" and other.value.mode == "from now":
        if shift and any(unit in {"second", "minute", "hour", "business day"} for _, unit in other.value.pieces):
            if other.text[:1] in "+-" and other.value.pieces[0][1] == "business day":  # "tomorrow + 1 business day"
                if len(items) > 2:  # "tomorrow + 1 business day at 3pm": the time is not counted with it
                    raise DateProblem(f"{other.text!r} counted from {todays[0].text!r} with more beside them")
                return [[Item("offset", other.text, Offset(other.value.pieces, "anchored")), todays[0]]]
            return [items]
        moved = Item("offset", other.text, Offset((*other.value.pieces, (float(shift), "day")), "from now"))
        found = [[moved if i is other else i for i in items if i is not todays[0]]]
        if shift and any(unit in UNIT_MONTHS for _, unit in other.value.pieces):
            # ("a year from tomorrow": counted from that day; the anchored count first, as it is read). The count from
            # today moved by a day only when today has its own day in the month counted to ("a year ago tomorrow"
            # said on February 29 is March 1 alone, never a year ago read as March 1 and a day on)
            anchored = [
                Item("offset", other.text, Offset(other.value.pieces, "anchored")),
                *(i for i in items if i is not other),
            ]
            exact = (ref.date() + step(other.value.pieces)).day == ref.day
            return [anchored, *found] if exact else [anchored]
        return found
    if shift == 0 and is_date(other, Unit) and other.value.rel != "this":
        moved = _same_time(other, ref, alone=True)  # "today week" is no "today this week": not moved
        if moved is not other:
            return [[moved if i is other else i for i in items if i is not todays[0]]]
    return [items]


def _edge_on_part(items: list[Item]) -> list[Item]:
    """``early tomorrow morning``: an early/late that names no period applies to the part of the day."""
    edges = [i for i in items if i.kind == "edge" and i.value in {"early", "late", "mid"}]
    parts = [i for i in items if i.kind == "part"]
    if len(edges) != 1 or len(parts) != 1 or items.index(edges[0]) > items.index(parts[0]):
        return items
    edge, part = edges[0], parts[0]
    changed = Item("part", f"{edge.text} {part.text}", part.value.edged(edge.value))
    return [changed if i is part else i for i in items if i is not edge]


_SPACED_YEAR = re.compile(r"(?<!\bof)(?<=[a-z.])\s+(\d\d)$")


def _year_or_hour(items: list[Item], ref: datetime) -> list[Reading] | None:
    """``march 5 12``, ``5 mar 12``: two digits after a date written with its month's name are its year or (10 to
    23) an hour of it; both readings are kept, whichever the order."""
    digits: str | None = None
    if len(items) == 2 and items[1].kind == "number" and len(items[1].text) == 2 and items[1].text.isdigit():
        digits = items[1].text
    elif len(items) == 1 and (found := _SPACED_YEAR.search(items[0].text)):
        digits = found.group(1)
    date = items[0].value
    if digits is None or not isinstance(date, MonthDay) or date.rel is not None:
        return None
    if (not date.years) != (len(items) == 2):  # "march 15": the day itself; "march 5 2012 12": not two digits
        return None
    if re.match(r"\d{4}\b", items[0].text):  # "2026 jan 30", "2012 mar 12": the year said first, then the day
        return None
    day = Item("date", items[0].text, replace(date, years=()))
    dated = Item("date", items[0].text, replace(date, years=short_years(int(digits))))
    found_readings = [Reading(w) for w in date_windows([dated], ref.date())]
    if digits[0] != "0" and int(digits) <= 23:  # "03" alone is not how an hour is written
        hour = hour_item(Item("number", digits, int(digits)))
        found_readings.extend(_timed([hour], date_windows([day], ref.date()), ref))
    return found_readings


def _lone_number(number: Item, ref: datetime) -> list[Reading]:
    """A number said alone ("seven", "15"): the next time at that hour; digits past 12 also that day of this or
    next month."""
    found: list[Reading] = []
    if 0 <= number.value <= 23:
        found.extend(_timed([hour_item(number)], None, ref))
    if 12 < number.value <= 31 and number.text.isdigit():
        for months in (0, 1):
            first = (ref.replace(day=1) + relativedelta(months=months)).date()
            if number.value <= ((first + relativedelta(months=1)) - first).days:
                day = first.replace(day=number.value)
                if day >= ref.date():
                    found.append(Reading(day_window(day)))
                    break
    if not found:
        raise DateProblem(f"the number {number.text!r} is neither a day of a month nor an hour")
    return found


def _numbers(numbers: list[Item], dates: list[Item], times: list[Item]) -> tuple[list[Item], list[Item]]:
    """A bare number is a day of the month beside a month, else an hour beside a part of the day."""
    if len(numbers) > 1:
        raise DateProblem(f"the numbers {' '.join(n.text for n in numbers)!r}")
    number = numbers[0]
    months = [d for d in dates if is_date(d, Month) and d.value.rel is None]
    if months and 1 <= number.value <= 31:
        month = months[0]
        day = Item(
            "date", f"{month.text} {number.text}", MonthDay(((month.value.name, number.value),), month.value.years)
        )
        return [d for d in dates if d is not month] + [day], times
    day_named = any(is_date(d, (Days, DayOfMonth, MonthDay, FullDate)) for d in dates)
    if not times and day_named and number.value <= 23:
        return dates, [hour_item(number)]  # "tomorrow 3", "friday the 26th around 4": an hour of that day
    parts = bool(times) and all(t.kind == "part" for t in times)
    if parts and 1 <= number.value <= 12:
        return dates, [*times, hour_item(number)]  # "tuesday 7 in the evening": an hour of that part of the day
    if not day_named and any(d.kind == "weekday" for d in dates) and 1 <= number.value <= 31:
        return [*dates, Item("date", number.text, DayOfMonth(number.value))], times
    if parts and 0 <= number.value <= 23:
        return dates, [*times, hour_item(number)]
    raise DateProblem(f"the number {number.text!r} is neither a day of a month nor an hour")


def _timed(times: list[Item], days: list[Window] | None, ref: datetime) -> list[Reading]:
    clocks = [t for t in times if t.kind == "clock"]
    parts = [t for t in times if t.kind == "part"]
    if len(clocks) > 1 or len(parts) > 1:
        raise DateProblem("two times of day")
    part: Part | None = parts[0].value if parts else None
    if part is not None and part.day is not None:
        if days is not None:
            raise DateProblem(f"{parts[0].text!r} beside another date")
        day = start_of_day(ref.date() + timedelta(days=part.day))
        days = [Window(day, day + timedelta(days=1), "day")]
        if part.day == 0 and part.hi > _DAY and ref < day + timedelta(seconds=part.hi - _DAY):
            # "tonight at 1am" said at 00:30: the night in progress (its small hours alone), or the coming one
            days.insert(0, Window(day - timedelta(days=1), day, "day", note="small hours"))
    spans: list[tuple[int, int, str, str]] = []
    if clocks:
        candidates = clocks[0].value.spans
        midnight = clocks[0].value.special == "midnight"
        for lo, hi, grain in candidates:
            if part is None:
                spans.append((lo, hi, grain, ""))
                if midnight and days is not None:
                    spans.append((lo - _DAY, hi - _DAY, grain, ""))
                continue
            for shift in (0, _DAY):
                if part.lo <= lo + shift < part.hi:
                    spans.append((lo + shift, hi + shift, grain, ""))
        if not spans and part is not None:
            # no am/pm reading falls in the part of the day: the one nearest to it ("afternoon at 7" is 19:00), in
            # the part's half of the day ("3pm in the morning", "10 in the afternoon" are no times of those parts);
            # an hour said with the morning may lie in the small hours before it ("2 in the morning" is 02:00)
            noon = _DAY // 2
            lo_part = 0 if part.lo <= _MORNING and part.hi <= noon else part.lo
            hi_part = part.hi
            if part.hi > _DAY:  # a part that runs past midnight: the hour that ends it is the next day's ("4 at night")
                candidates = tuple(
                    c._replace(lo=c.lo + _DAY, hi=c.hi + _DAY) if c.lo + _DAY <= part.hi else c for c in candidates
                )
            if part.hi <= noon or part.lo >= noon:
                candidates = tuple(c for c in candidates if (c.lo <= noon if part.hi <= noon else c.lo >= noon))

            def distance(c: ClockSpan) -> int:
                return int(max(lo_part - c.lo, c.lo - hi_part, 0))

            nearest = min(map(distance, candidates), default=_DAY)
            # within two hours with am or pm ("4pm in the evening", not "3pm tonight"), less than two without
            # ("afternoon at 7:30" is 19:30; "3 in the evening" and "8 in the afternoon" are not understood)
            if nearest > 2 * 3600 or (nearest == 2 * 3600 and not clocks[0].value.explicit):
                raise DateProblem(f"{clocks[0].text!r} is not in the {parts[0].text!r}")
            spans.extend((*c, "") for c in candidates if distance(c) == nearest)
    elif part is not None:
        spans.append((part.lo, part.hi, "span", part.note))
    found: list[Reading] = []
    if days is None:
        today = start_of_day(ref.date())
        for lo, hi, grain, note in spans:
            window = Window(
                today + timedelta(seconds=lo), today + timedelta(seconds=hi), grain, note=note, floating=True
            )
            before = window.shifted(timedelta(days=-1))
            if hi > _DAY and before.hi > ref:
                window = before  # "12 in the night" said at 00:00: the night in progress
            found.append(Reading(window.shifted(timedelta(days=1)) if window.hi <= ref else window))
        return found
    night = days[0].lo if days and days[0].note == "small hours" else None
    for day_start, within in _day_starts(days, ref).items():
        for lo, hi, grain, note in spans:
            window = Window(day_start + timedelta(seconds=lo), day_start + timedelta(seconds=hi), grain, note=note)
            if day_start == night:  # the night in progress: its small hours not yet over ("tonight" said at 00:30)
                if window.hi <= ref:
                    continue
                window = replace(window, lo=max(window.lo, day_start + timedelta(days=1)))
            if within is None or within.lo <= window.lo < within.hi:
                found.append(Reading(window))
    return found


def _day_starts(days: list[Window], ref: datetime) -> dict[datetime, Window | None]:
    """The days a time of day is placed on: each day of a week or a weekend ("this weekend at 3pm"), never of a week
    from, to or of a day ("w/c Monday at 9am": that Monday's time, or each day's?); a longer period names its first
    day, or today once it has begun ("next month at 6pm" is 18:00 on the 1st of next month, as a reminder set for it
    would be); a part of a day names its day, and the time must fall inside the part ("late tomorrow at 11" is
    23:00)."""
    starts: dict[datetime, Window | None] = {}
    today = start_of_day(ref.date())
    for window in days:
        length = window.hi - window.lo
        if length < timedelta(days=1):
            starts.setdefault(start_of_day(window.lo.date()), window)
            continue
        if length > timedelta(days=1) and (length % timedelta(days=1) or window.lo.time() != datetime.min.time()):
            raise DateProblem(f"a time of day on a period longer than a day ({window.label})")
        if window.note.endswith(("ending", "from", "of")):  # "w/c Monday at 9am": that day's time, or each day's?
            raise DateProblem(f"a time of day on the {window.note} a day: which day is not said")
        if length <= timedelta(days=7):
            for n in range(length.days):  # a weekend, a week: any day
                starts.setdefault(window.lo + timedelta(days=n), None)
        else:
            starts.setdefault(today if window.lo <= today < window.hi else window.lo, None)
    return starts
