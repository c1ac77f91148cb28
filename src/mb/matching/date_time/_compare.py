"""Compare what an argument says with the readings of the expected phrase, and explain the verdict.

Time zones (see also ``_zones``):

* ``user_time`` with an offset: the readings are wall-clock times in the user's zone; an argument with an
  offset (or ``Z``, or a Unix timestamp) is converted to it, a naive argument is taken as the user's wall clock.
  An offset some place keeping the user's offset changes to by the argument's time (summer time) may also be the
  user's wall clock after the change: undecided when the two readings disagree.
* naive ``user_time``: wall clocks are compared as written; an argument's offset is ignored (a Unix timestamp
  is read as UTC).
* a phrase naming a zone (``3pm UTC``): the reading is in that zone; a naive argument is taken in the user's
  zone when ``user_time`` has one, else as written in the phrase's zone; one time in two zones ("10am PT / 1pm ET")
  said at a naive ``user_time`` is not understood against it (either clock may be the user's).

Dates and spans (``2024-02-09`` as an argument, or a group that cannot hold a time) compare on wall-clock
dates without conversion.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import UTC, datetime, time, timedelta, timezone

from .._outcome import Outcome
from ._model import GRAIN_STEPS, Reading, Resolution, Window
from ._pins import OPEN_YEARS, YEAR_ONLY, completions, left_out, too_little
from ._value import Actual, show_moment
from ._zones import ZoneSpec, clock_change, format_offset

__all__ = ["accepts", "bounds_end", "judge"]


def _walls(actual: Actual, zone: ZoneSpec | None, user: ZoneSpec | None) -> tuple[datetime, ...]:
    """The wall-clock times, in the window's zone, that the argument may denote."""
    if zone is None:
        return (actual.lo,)
    if actual.offset is not None:
        instants: tuple[datetime, ...] = (actual.lo - actual.offset,)
    elif actual.zone is not None:
        instants = tuple(actual.lo - o for o in actual.zone.offsets_at_wall(actual.lo))
    elif user is None or zone == user:
        if len(zone.zones) != 1 or type(zone.zones[0]) is timezone:
            return (actual.lo,)
        # a wall time the clocks skip is read as zoneinfo reads it (fold=0), as the phrase's window is
        instants = tuple(actual.lo - o for o in zone.offsets_at_wall(actual.lo))
    else:
        instants = tuple(actual.lo - o for o in user.offsets_at_wall(actual.lo))
    return tuple(wall for instant in instants for wall in zone.walls_at(instant))


def accepts(window: Window, actual: Actual, user: ZoneSpec | None, named: frozenset[str] = YEAR_ONLY) -> bool:
    """Whether the argument falls in the window at the window's granularity; ``named``: the date parts the phrase
    names, which the argument may not leave out."""
    with contextlib.suppress(OverflowError, ValueError):  # conversions past year 1 or 9999
        for candidate in completions(actual, window, named):
            if candidate.hi is not None and window.closed and candidate.lo == window.hi and window.hi.time() == time(0):
                return True  # a range end written as its exclusive end date (June 3-5: June 6; March to June: July 1)
            if candidate.hi is not None and candidate.mode == "covers":
                if window.covers(candidate.lo, candidate.hi):
                    return True
            elif candidate.hi is not None:
                if candidate.lo < window.hi and window.lo < candidate.hi:
                    return True
            elif any(window.contains(wall) for wall in _walls(candidate, window.zone, user)):
                return True
    return False


def _reading_accepts(
    reading: Reading,
    starts: Sequence[Actual],
    ends: Sequence[Actual] | None,
    user: ZoneSpec | None,
    named: frozenset[str],
    whole: bool,
) -> tuple[bool, str | None]:
    """Whether the reading accepts the start, and why it does not accept the end (None: it does)."""
    if ends is not None and reading.end is None:
        return point_end(reading.start, starts, ends, user, named, whole=whole)
    start_ok = any(accepts(reading.start, a, user, named) for a in starts)
    if ends is None or reading.end is None or any(accepts(reading.end, a, user, named) for a in ends):
        return start_ok, None
    return start_ok, _end_miss(reading.end, ends, user, named)


def _end_miss(window: Window, ends: Sequence[Actual], user: ZoneSpec | None, named: frozenset[str]) -> str:
    """Why a range's end does not match, with how far the nearest end value lies from the end's window."""
    plain = replace(window, closed=False)  # measured from the last unit itself
    candidates = [candidate for end in ends for candidate in completions(end, window, named)]
    best = _closest(_nearest_miss(window.label, plain, candidate, user) for candidate in candidates)
    return f"the end does not match: it is {best}" if best else "the end does not match"


def judge(
    resolution: Resolution,
    starts: Sequence[Actual],
    ends: Sequence[Actual] | None,
    got: str,
    *,
    whole: bool = False,
) -> Outcome:
    """Pass when some reading accepts the start (and, for a range phrase given an end, the end); undecided when an
    argument's offset may be the user's clocks after a change (summer time) and reading it so changes the verdict.
    ``whole``: the start and end are one value (an interval), which a point phrase bounds at both ends."""
    outcome = _judge(resolution, starts, ends, got, whole)
    user, said_at = resolution.user_zone, resolution.said_at
    if said_at is None or user is None or type(user.zones[0]) is not timezone:
        return outcome  # a naive user_time, or one in a named zone
    if any(r.start.zone != user for r in resolution.readings):
        return outcome  # a zone named in the phrase: its rules apply
    values = (*starts, *(ends or ()))
    moved = {a for a in values if a.offset is not None and a.offset != said_at.utcoffset()}

    def on_clock() -> Outcome:  # the moved arguments read as the user's wall clock
        def walls(values: Sequence[Actual]) -> list[Actual]:
            return [replace(a, offset=None) if a in moved else a for a in values]

        return _judge(resolution, walls(starts), walls(ends) if ends is not None else None, got, whole)

    if not moved or on_clock().passed == outcome.passed:
        return outcome  # the verdict is the same either way: no place needs finding
    places = {a: clock_change(said_at, a.lo, a.offset or timedelta(0)) for a in moved}
    if not all(places.values()):  # only the arguments some place's clocks explain are read as its wall clock
        moved = {a for a, place in places.items() if place}
        if not moved or on_clock().passed == outcome.passed:
            return outcome
    verdicts = ["matches" if o.passed else "does not match" for o in (outcome, on_clock())]
    changed = next(a for a in values if a in moved)
    why = (
        f"{outcome.reason}; undecided: the argument's offset {format_offset(changed.offset or timedelta(0))} differs"
        f" from the user's {user.label}, and places such as {places[changed]} change their clocks from one to the"
        f" other by then: at the user's fixed offset the argument {verdicts[0]}, as a clock time after the change"
        f" it {verdicts[1]}; give the user's zone as outputs.environment.time_zone (such as"
        f" '{places[changed]}') or in the phrase to decide"
    )
    return Outcome(False, why, 0.0, undecided=True)


def _judge(
    resolution: Resolution, starts: Sequence[Actual], ends: Sequence[Actual] | None, got: str, whole: bool
) -> Outcome:
    if resolution.problem is not None:  # not understood, or relative while user_time is missing: a defect of the line
        why = resolution.problem if not resolution.understood else f"cannot resolve: {resolution.problem}"
        return Outcome(False, why, 0.0, error=why)
    unzoned = any(a.offset is None and a.zone is None and a.hi is None for a in (*starts, *(ends or ())))
    if resolution.either_clock and unzoned:
        why = f"could not understand {resolution.phrase!r} for this argument: {resolution.either_clock}"
        return Outcome(False, why, 0.0, error=why)
    prefix = f"resolved {resolution.phrase!r} to {resolution.label}; got {got}"
    named = resolution.named
    if ends is not None and any(a.ambiguous for a in (*starts, *ends)):
        return _every_reading(resolution, starts, ends, got, prefix, whole)
    if starts and ends is None and all(a.ambiguous for a in starts):
        zone = resolution.user_zone
        missed = [a for a in starts if not any(accepts(r.start, a, zone, named) for r in resolution.readings)]
        if not missed:
            return Outcome.ok(prefix)
        return Outcome.fail(f"{prefix}; the argument is ambiguous and its reading {missed[0].shown} does not match")
    end_problem: str | None = None
    for reading in resolution.readings:
        start_ok, problem = _reading_accepts(reading, starts, ends, resolution.user_zone, named, whole)
        if start_ok and problem is None:
            return Outcome.ok(prefix)
        if start_ok and end_problem is None:
            end_problem = problem
    if end_problem is not None:
        return Outcome.fail(f"{prefix}; {end_problem}")
    if starts and all(a.mode == "covers" for a in starts) and _finer(resolution, starts):
        return Outcome.fail(f"{prefix}; {_too_wide(resolution, starts)}")
    little = {name for a in starts for r in resolution.readings for name in too_little(a, r.start, named)}
    if starts and little and all(too_little(a, r.start, named) for a in starts for r in resolution.readings):
        if all(a.free == OPEN_YEARS and a.hi is not None and a.weekday is None for a in starts):
            return Outcome.fail(f"{prefix}; the parameters give neither a date nor a time of day")
        return Outcome.fail(f"{prefix}; {left_out(resolution, starts, little)}")
    if starts and all(a.dateless for a in starts):
        if all(reading.start.floating for reading in resolution.readings):
            return Outcome.fail(f"{prefix}; not the time of day the phrase names")
        return Outcome.fail(f"{prefix}; a time alone cannot match a phrase naming a date")
    distance = _miss(resolution, starts)
    return Outcome.fail(f"{prefix}, {distance}" if distance else prefix)


def _every_reading(
    resolution: Resolution, starts: Sequence[Actual], ends: Sequence[Actual], got: str, prefix: str, whole: bool
) -> Outcome:
    """A start/end group whose values read several ways passes only when every pair of their readings does."""
    for start in starts:
        for end in ends:
            pair = (replace(start, ambiguous=False),), (replace(end, ambiguous=False),)
            if not _judge(resolution, *pair, got, whole).passed:
                shown = f"{_text(start)} to {_text(end)}"
                return Outcome.fail(f"{prefix}; the value is ambiguous and its reading {shown} does not match")
    return Outcome.ok(prefix)


def _text(actual: Actual) -> str:
    return actual.shown or (f"{actual.lo:%Y-%m-%d}" if actual.hi is not None else show_moment(actual.lo, actual.offset))


def _miss(resolution: Resolution, starts: Sequence[Actual]) -> str:
    """How far the argument lies from the nearest reading: "the day after 'march 3'", "2:00:00 before ..."."""
    return _closest(
        _nearest_miss(resolution.phrase, reading.start, actual, resolution.user_zone)
        for actual in starts
        if not (actual.free or actual.dateless)
        for reading in resolution.readings
    )


def _closest(misses: Iterable[tuple[timedelta, str] | None]) -> str:
    """The description of the nearest miss ("" when there is none)."""
    found = [miss for miss in misses if miss is not None]
    return min(found, key=lambda miss: miss[0])[1] if found else ""


def _nearest_miss(label: str, window: Window, actual: Actual, user: ZoneSpec | None) -> tuple[timedelta, str] | None:
    """How far the value lies from ``window`` (the nearest of the instants it may denote), with its description."""
    try:
        walls = (actual.lo,) if actual.hi is not None else _walls(actual, window.zone, user)
    except (OverflowError, ValueError):
        return None
    length = actual.hi - actual.lo if actual.hi is not None else timedelta(0)
    found = [miss for wall in walls if (miss := _describe_miss(label, window, wall, length)) is not None]
    return min(found, key=lambda miss: miss[0]) if found else None


def _describe_miss(
    phrase: str, window: Window, wall: datetime, length: timedelta = timedelta(0)
) -> tuple[timedelta, str] | None:
    """``length``: how long the argument lasts (a day for a date; 0 for a moment)."""
    if window.contains(wall):
        return None
    gap = window.lo - wall if wall < window.lo else wall - window.hi + timedelta(microseconds=1)
    step = GRAIN_STEPS.get(window.grain)
    if step is not None:
        for sign, word in ((1, "after"), (-1, "before")):
            with contextlib.suppress(OverflowError, ValueError):  # no such neighbour: at an end of the calendar
                if window.shifted(step if sign > 0 else -step).contains(wall):
                    return gap, f"the {window.grain} {word} {phrase!r}"
    if wall == window.hi and not length:
        return gap, f"the instant {window.label} ends (excluded)"
    if wall < window.lo:
        return gap, f"{_span(_elapsed(window, wall, window.lo))} before the start of {window.label}"
    if window.grain in ("minute", "second"):  # a moment: "1h00m after 14:00" reads better than "0h59m after its end"
        return gap, f"{_span(_elapsed(window, window.lo, wall + length))} after {window.label}"
    return gap, f"{_span(_elapsed(window, window.hi, wall + length))} after the end of {window.label}"


def _elapsed(window: Window, first: datetime, last: datetime) -> timedelta:
    """The time from one wall clock to a later one in the window's zone: real time across a change of the clocks
    in a named zone (wall times read as zoneinfo reads them, ``fold=0``), else the difference of the walls."""
    zones = window.zone.zones if window.zone is not None else ()
    if len(zones) != 1 or type(zones[0]) is timezone:
        return last - first
    zone = zones[0]  # aware times sharing a tzinfo subtract as walls: go through UTC
    return last.replace(tzinfo=zone).astimezone(UTC) - first.replace(tzinfo=zone).astimezone(UTC)


def _span(length: timedelta) -> str:
    """``3 days 2h05m``-style text for a distance."""
    days, seconds = length.days, length.seconds
    parts = [f"{days} day{'s' if days != 1 else ''}"] if days else []
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours or minutes or secs or not parts:
        parts.append(f"{hours}h{minutes:02d}m" + (f"{secs:02d}s" if secs else ""))
    return " ".join(parts)


def _finer(resolution: Resolution, starts: Sequence[Actual]) -> bool:
    """Whether the right day was given but the phrase asks for a time within it (the instant a period of another
    reading ends, such as "EOM" read as midnight, names no time of day)."""
    period_ends = {r.start.hi for r in resolution.readings if _is_period(r.start)}
    return any(
        accepts(reading.start, replace(actual, mode="overlaps"), resolution.user_zone, resolution.named)
        for reading in resolution.readings
        if reading.start.lo not in period_ends or _is_period(reading.start)
        for actual in starts
    )


_MICROSECOND = timedelta(microseconds=1)
_ONE_DAY = timedelta(days=1)


def _too_wide(resolution: Resolution, starts: Sequence[Actual]) -> str:
    """Why values that cover a right period fail: a date for a phrase naming a time of day, or a month or a year
    (``march``, ``2014``) for a phrase naming something shorter (a day, a time of day)."""
    widest = max(starts, key=lambda a: (a.hi or a.lo) - a.lo)
    length = (widest.hi or widest.lo) - widest.lo
    if length <= _ONE_DAY:
        return "a date alone cannot match a phrase naming a time of day"
    kind = "year" if length > timedelta(days=31) else "month" if length >= timedelta(days=28) else "span of days"
    shortest = min(r.start.hi - r.start.lo for r in resolution.readings)
    named = "time of day" if shortest < _ONE_DAY else "day" if shortest == _ONE_DAY else "period"
    if named == "period":
        grains = {r.start.grain for r in resolution.readings}
        named = grains.pop() if len(grains) == 1 and not grains & {"span"} else named
    shown = f"{widest.lo:%Y}" if kind == "year" else f"{widest.lo:%Y-%m}" if kind == "month" else _text(widest)
    return f"the argument names a {kind} ({shown}), wider than the {named} the phrase names"


def _is_period(window: Window) -> bool:
    """Whether the window is a day or longer (a day, weekend, week, month, season, holiday...)."""
    return window.grain in {"day", "month", "year"} or (window.grain == "span" and window.hi - window.lo >= _ONE_DAY)


def bounds_end(window: Window) -> bool:
    """Whether the window bounds the end of an event said to fall in it: a day or longer, or a time the phrase names
    with "before" (its end then bounds the whole event); a shorter window bounds the start alone."""
    return _is_period(window) or window.closed or window.note == "before"


def _bounds(actual: Actual, window: Window, user: ZoneSpec | None) -> tuple[datetime, datetime]:
    """The first and last wall-clock times, in the window's zone, the value may denote."""
    if actual.hi is not None:
        return actual.lo, actual.hi - _MICROSECOND
    walls = _walls(actual, window.zone, user)
    return min(walls), max(walls)


def _end_distance(window: Window, first: datetime, last: datetime) -> str:
    """How far an end lies outside a period's window (ending at its exclusive end is inside)."""
    if first < window.lo:
        return f"the end is {_span(window.lo - first)} before the start of {window.label}"
    return f"the end is {_span(last + _MICROSECOND - window.hi)} after the end of {window.label}"


def point_end(
    window: Window,
    starts: Sequence[Actual],
    ends: Sequence[Actual],
    user: ZoneSpec | None,
    named: frozenset[str] = YEAR_ONLY,
    *,
    whole: bool = False,
) -> tuple[bool, str | None]:
    """A point phrase on a start and an end: whether the window accepts the start, and why the end fails (None: it
    does not). The end never comes before the start; for one value holding both (``whole``: an interval), a phrase a
    day or longer, or one naming a time the whole event comes before ("before 9am", "after 3pm and before 5pm"), it
    also stays inside the phrase's window or ends at its exclusive end, as an instant or a date (a sub-range of the
    period); a shorter phrase checks only the start of a start/end group ("at 2pm": the event starts then)."""
    try:
        firsts = [
            _bounds(c, window, user)[0]
            for a in starts
            for c in completions(a, window, named)
            if accepts(window, c, user, named)
        ]
        if not firsts:
            return False, None
        candidates = [candidate for end in ends for candidate in completions(end, window, named)]
        problem = "the end is before the start" if candidates else f"the end cannot be placed in {window.label}"
        for candidate in candidates:
            first, last = _bounds(candidate, window, user)
            if last < min(firsts):
                continue
            if not whole and not bounds_end(window):
                return True, None
            # a date at the exclusive end is the end written as a date (Q2 -> July 1), as for ranges
            inside = window.lo <= first and (last <= window.hi or candidate.lo == window.hi)
            if inside:
                return True, None
            problem = _end_distance(window, first, last)
        return True, problem
    except (OverflowError, ValueError):  # conversions past year 1 or 9999
        return False, None
