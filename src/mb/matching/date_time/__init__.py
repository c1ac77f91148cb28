"""The ``date_time`` matcher: does an argument (or a group of arguments) name the time a phrase describes?

The expected value is natural language resolved against ``outputs.environment.user_time`` into every
reasonable reading (``next Friday`` said on a Thursday is the next day or the Friday of next week;
``10:30`` is 10:30 or 22:30). Every word of the phrase must be understood (fillers such as "at", "on", "the"
aside): a phrase with a word the grammar does not use is not understood, an error naming the words (or a
question for a judge that answers date questions), never a broader reading; with the ``dates`` extra, Duckling reads
it first, and its answer counts only when complete and no guess (``_duckling``). A reading is a half-open window
at the phrase's grain: ``at 2pm`` is the minute 14:00, ``March 3`` that day, ``this quarter`` that quarter; the
end instant belongs to the next window. A range phrase (``from 3pm to 4pm``) checks the start of one parameter
and both ends of a start/end group (the end at the exclusive end or in the last unit). A point phrase on a
start/end group checks the start, and the end may not come before it; for a phrase of a day or longer the end also
stays inside the phrase's window (or at its exclusive end), and an end parameter the group lists must be given. A
``user_time`` with an offset is read in that fixed offset (an argument in the offset a place keeping the user's
changes to by then may be either reading: undecided when they disagree); a zone named in the phrase is read on that
zone's day, with the tz database's rules for the date (and on the user's day too when a phrase counting days is said
while the two dates differ).

>>> from datetime import datetime, timedelta
>>> outcome = match_date_time("next Friday at 2pm", "2024-02-09T14:00:00", datetime(2024, 2, 1, 9, 15))
>>> outcome.passed, outcome.reason
(True, "resolved 'next Friday at 2pm' to 2024-02-02T14:00 or 2024-02-09T14:00; got 2024-02-09T14:00:00")
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import JsonValue

from ...judges.base import JudgeRequest, JudgeTask
from .._context import MatchContext
from .._outcome import Outcome
from .._values import compact_json
from ._compare import bounds_end, judge
from ._durations import NoUnit, duration_outcome, group_duration_outcome
from ._group import assemble
from ._model import Reading, Resolution, Window
from ._names import names_an_end, unknown_keys, unknown_keys_reason
from ._phrase import NO_USER_TIME, elapsed_time, normalize, resolve
from ._pins import needed
from ._readings import DEADLINE
from ._value import Actual, describe, interval, parse_value, range_ends, shown

__all__ = ["judge_unread", "load", "match_date_time", "resolve"]

#: Words that begin a phrase naming when the event starts, whenever it ends ("from Monday", "beginning June").
_STARTING = re.compile(r"(?:from|starting|beginning|commencing|effective) (?!now\b|of\b)")
#: A deadline that includes the day it names: the event ends on that day, not at its start.
_THROUGH = re.compile(r"\b(?:thru|through) ")
#: Words placing a moment before the request ("until yesterday", "through last week", "until 3 days ago"); never the
#: last of a period ("by the last friday of november").
_PAST = re.compile(r"\b(?:yesterday|last(?! \w+ of\b)|ago|previous|earlier)\b")
#: Words saying the event lasts the whole period ("all through June", "through the night").
_COVER = re.compile(r"\ball (?:thru|through) |\b(?:thru|through) the (?:night|day|spring|summer|autumn|fall|winter)\b")


def match_date_time(
    expected: str,
    actual: JsonValue | Mapping[str, JsonValue],
    user_time: datetime | None,
    *,
    params: Sequence[str] | None = None,
) -> Outcome:
    """Match one argument (``params is None``) or the group ``params`` of a call's arguments.

    ``actual`` is the argument's value, or, for a group, the tool call's whole parameter object (only the
    names in ``params`` matter; absent and null ones are missing). Never raises for bad input: an
    unreadable argument fails with a reason naming it; a phrase that cannot be understood at all is
    reported as an error (a defect of the benchmark, not of the agent).
    """
    if params is None:
        duration = duration_outcome(expected, actual)
        if duration is not None:  # a duration argument ("PT2H"), or a phrase naming a length of time
            return duration
    elif isinstance(actual, Mapping):
        duration = group_duration_outcome(expected, params, actual)
        if duration is not None:  # a phrase naming a length of time: the one parameter that holds it
            return duration
    resolution = resolve(expected, user_time)
    resolution = _ahead(resolution, user_time)
    if resolution.problem is not None:
        return judge(resolution, (), None, "")
    resolution = needed(resolution, user_time)
    if user_time is not None and user_time.utcoffset() is not None and not elapsed_time(expected):
        resolution = replace(resolution, said_at=user_time)  # elapsed time is an instant, never a clock reading
    if params is None:
        if isinstance(actual, Mapping):
            return _object(resolution, actual, user_time)
        return _single(resolution, actual, user_time)
    if not isinstance(actual, Mapping):
        return _fail(resolution, f"expected the call's parameters as an object, got {describe(actual)}")
    return _group(resolution, list(params), actual, user_time)


def load() -> None:
    """Load the date grammars now rather than on first use: a process about to start workers loads them once
    for all of them. Resolving one phrase with a zone builds everything a phrase needs."""
    match_date_time("tomorrow at 9am CET", "2024-01-02T09:00:00+01:00", datetime(2024, 1, 1, 12))


def judge_unread(expected: str, actual: Any, ctx: MatchContext, unread: Outcome) -> Outcome:
    """Ask the judge about a phrase the grammar left unread (``unread`` is that error); the error stands when
    the judge cannot answer date questions, or when the phrase is relative and the line gives no user_time."""
    if unread.error is None or unread.error.endswith(NO_USER_TIME) or not ctx.supports(JudgeTask.DATE):
        return unread
    argument = actual if isinstance(actual, str) else compact_json(actual)
    user_time = ctx.user_time.isoformat() if ctx.user_time is not None else "not given"
    verdict = ctx.oracle(JudgeRequest(JudgeTask.DATE, candidate=argument, reference=expected, question=user_time))
    if verdict.error is not None:
        why = f"{unread.reason}; the {verdict.judge} judge failed: {verdict.error}"
        return Outcome(False, why, 0.0, error=verdict.error)
    verb = "undecided" if verdict.undecided else "matches" if verdict.passed else "does not match"
    reason = f"{unread.reason}; the {verdict.judge} judge: {verb} ({verdict.reason})"
    return Outcome(verdict.passed, reason, verdict.score, undecided=verdict.undecided)


def _fail(resolution: Resolution, why: str) -> Outcome:
    """A failure; an error when an argument is relative and the line gives no user_time (a defect of the line)."""
    reason = f"resolved {resolution.phrase!r} to {resolution.label}; {why}"
    return Outcome(False, reason, 0.0, error=why) if why.endswith(NO_USER_TIME) else Outcome.fail(reason)


def _object(resolution: Resolution, actual: Mapping[str, object], user_time: datetime | None) -> Outcome:
    """An object argument: read as a group of its keys when each names a part of a date or time."""
    keys = [str(key) for key in actual]
    unknown = unknown_keys(keys)
    if unknown or not keys:
        why = unknown_keys_reason(unknown) if unknown else "no keys"
        return _fail(resolution, f"the argument is an object with {why}")
    # The same leave-out rules as a listed group: a part of the date the object does not give is taken from the
    # reading only when what it gives still pins the phrase's window.
    return _group(resolution, keys, actual, user_time)


def _single(resolution: Resolution, actual: object, user_time: datetime | None) -> Outcome:
    ends = interval(actual, user_time) if isinstance(actual, str) else None  # an ISO 8601 interval
    if isinstance(ends, str):
        return Outcome(False, f"resolved {resolution.phrase!r} to {resolution.label}; {ends}", 0.0, error=ends)
    if ends is not None:
        starts, last, got = ends
        return _one_end(resolution, starts, last, got, user_time) or judge(resolution, starts, last, got, whole=True)
    parsed = parse_value(actual, user_time)
    if isinstance(parsed, str):
        return _fail(resolution, parsed)
    # a range in words ("June 10 to June 20") is checked at both ends, as an ISO 8601 interval is
    worded_ends = range_ends(actual, user_time) if isinstance(actual, str) else None
    return judge(_whole(resolution), parsed, worded_ends, shown(parsed, actual), whole=True)


def _whole(resolution: Resolution) -> Resolution:
    """The resolution with each span ("the next 3 days", "last fortnight") as one window, as a single parameter reads
    it (explicit ranges keep their ends: the start's window is checked)."""
    if not any(r.span for r in resolution.readings):
        return resolution
    return replace(resolution, readings=tuple(dict.fromkeys(r.whole() for r in resolution.readings)))


def _is_deadline(resolution: Resolution) -> bool:
    """Whether the phrase names when the whole event ends ("until Friday", "tomorrow by noon"); never one naming its
    start ("starting Monday by 9am": the start is on Monday)."""
    text = normalize(resolution.phrase)
    return (
        not resolution.is_range
        and DEADLINE.search(text) is not None
        and not _STARTING.match(text)
        and not _COVER.search(text)
    )


def _ahead(resolution: Resolution, user_time: datetime | None) -> Resolution:
    """A deadline never ends before the request: a reading that has ended when the user asked is dropped ("by
    wednesday 9am" said on Wednesday evening is next week's), and a deadline with none left is not understood, unless
    its words place it in the past, counting back from the request or naming the year ("until yesterday", "through
    last week", "until 1 June 2024": a past period asked about)."""
    if user_time is None or not resolution.readings or not _is_deadline(resolution):
        return resolution
    utc = user_time.astimezone(UTC).replace(tzinfo=None) if user_time.tzinfo is not None else None

    def ended(w: Window) -> bool:
        walls = w.zone.walls_at(utc) if w.zone is not None and utc is not None else (user_time.replace(tzinfo=None),)
        return w.hi < min(walls) if w.closed else w.hi <= min(walls)

    left = tuple(r for r in resolution.readings if not ended(r.whole().start))
    if left:
        return replace(resolution, readings=left) if len(left) < len(resolution.readings) else resolution
    if "year" in resolution.named or _PAST.search(normalize(resolution.phrase)):
        return resolution
    why = f"{resolution.phrase!r} said on {user_time:%A %Y-%m-%d %H:%M} has passed"
    return replace(resolution, readings=(), problem=why, understood=False)


def _covered(resolution: Resolution) -> Resolution:
    """ "all through June", "through the night": the event starts in the period's first day (hour, for a period
    under two days; the evening, for the night) and ends in its last (from the night's last hour to the early
    morning)."""

    def cover(w: Window) -> Reading:
        if w.note == "night":  # it starts in the evening or the night and ends from its last hour to the early morning
            hour = timedelta(hours=1)
            last = replace(w, lo=w.hi - hour, hi=w.hi + 4 * hour, closed=True)
            return Reading(replace(w, hi=w.lo + 6 * hour), last, until=last.hi)
        unit = timedelta(days=1) if w.hi - w.lo >= timedelta(days=2) else timedelta(hours=1)
        grain = "day" if unit.days else "span"
        first, last = replace(w, hi=w.lo + unit, grain=grain), replace(w, lo=w.hi - unit, grain=grain, closed=True)
        return Reading(first, last, until=w.hi)

    return replace(resolution, readings=tuple(dict.fromkeys(cover(r.whole().start) for r in resolution.readings)))


def _during(resolution: Resolution, user_time: datetime | None) -> bool:
    """ "from last week", "from yesterday": a past period of a day or longer, the time the event falls in or the
    day or period it starts in."""
    if user_time is None or not normalize(resolution.phrase).startswith("from "):
        return False
    today = datetime.combine(user_time.date(), datetime.min.time())
    return any(r.start.hi <= today and r.start.hi - r.start.lo >= timedelta(days=1) for r in resolution.readings)


def _one_end(
    resolution: Resolution, starts: Sequence[Actual], ends: Sequence[Actual], got: str, user_time: datetime | None
) -> Outcome | None:
    """A phrase naming one end of the event, checked on a start and an end: a deadline ("until Friday", "by 5pm")
    bounds the end, a start ("from Monday", "beginning June") the start; None for any other phrase."""
    if not resolution.is_range and _COVER.search(normalize(resolution.phrase)):
        return judge(_covered(resolution), starts, ends, got)
    deadline = _is_deadline(resolution)
    if not deadline and (
        resolution.is_range
        or any(r.end is not None for r in resolution.readings)  # "starting Monday for 3 days" names its end
        or not _STARTING.match(normalize(resolution.phrase))
    ):
        return None
    during = not deadline and _during(resolution, user_time)
    if during and not starts:
        return None
    if starts and all(_after(start, end) for start in starts for end in ends):
        return _fail(resolution, f"got {got}; the end is before the start")
    if not deadline and not starts:
        return _fail(resolution, f"got {got}; the phrase names when the event starts but the start is absent")
    if deadline and _begun_long_before(resolution, starts, user_time):
        why = "the start lies before the day of the request by more than the event has left to run after it"
        return _fail(resolution, f"got {got}; {why}")
    if during:  # "from last week": the time the event falls in, or its start whenever it ends
        period = judge(resolution, starts, ends, got)
        opened = judge(resolution, starts, None, got) if not period.passed and period.error is None else period
        return opened if opened.passed else period
    return _by_deadline(resolution, ends, got) if deadline else judge(resolution, starts, None, got)


def _begun_long_before(resolution: Resolution, starts: Sequence[Actual], user_time: datetime | None) -> bool:
    """Whether every start lies before both the day of the request and the request itself by more than the time
    from it to the deadline: a deadline leaves the start open, and an event may be under way, but not one begun
    years before ("until Friday" asked on Wednesday: from Sunday evening on)."""
    wall, offset = (user_time.replace(tzinfo=None), user_time.utcoffset()) if user_time else (None, None)
    if wall is None or not starts or all(r.start.lo <= wall for r in resolution.readings):
        return False  # a deadline reached ("until yesterday", "up to now") bounds the end alone
    left = max(r.start.hi for r in resolution.readings) - wall
    earliest = min(datetime.combine(wall.date(), datetime.min.time()), wall - left)

    def at(start: Actual) -> datetime:  # on the user's wall clock
        return start.lo - start.offset + offset if start.offset is not None and offset is not None else start.lo

    return all(not start.free and at(start) < earliest for start in starts)


def _by_deadline(resolution: Resolution, ends: Sequence[Actual], got: str) -> Outcome:
    """ "until Friday", "by 5pm": the end falls in the moment the whole event ends by, whenever it starts. A clock
    time is its minute; a longer window takes its exclusive end too, and "through Friday" excludes Friday's start."""
    readings = tuple(
        replace(r, start=replace(r.start, closed=True))
        if r.start.grain not in {"minute", "second"} or r.start.lo == r.start.hi
        else r
        for r in _whole(resolution).readings
    )
    if _THROUGH.search(normalize(resolution.phrase)):  # "through June" ends in its last day
        day = timedelta(days=1)
        readings = tuple(
            replace(r, start=Window(r.start.hi - day, r.start.hi, "day", closed=True))
            if r.start.hi - r.start.lo > day
            else r
            for r in readings
        )
        days = {r.start.lo for r in readings if r.start.hi - r.start.lo >= timedelta(days=1)}
        ends = [end for end in ends if end.hi is not None or end.lo not in days]
        if not ends:
            return _fail(resolution, f"got {got}; the end is at the start of the day the phrase includes")
    return judge(replace(resolution, readings=readings), ends, None, got)


def _bounds_end(resolution: Resolution) -> bool:
    """Whether a point phrase bounds the end of the event as well as its start ("this weekend", "tomorrow", "before
    9am"), never one naming its start alone ("from Monday")."""
    starting = _STARTING.match(normalize(resolution.phrase)) is not None
    return not starting and any(bounds_end(r.whole().start) for r in resolution.readings)


def _after(start: Actual, end: Actual) -> bool:
    """Whether a start comes after an end (a date end takes its whole day), both as written."""
    if start.free or end.free:
        return False
    zero = timedelta(0)
    first, last = start.lo - (start.offset or zero), (end.hi or end.lo) - (end.offset or zero)
    return first >= last if end.hi is not None else first > last


def _group(
    resolution: Resolution, params: list[str], values: Mapping[str, object], user_time: datetime | None
) -> Outcome:
    is_range = resolution.is_range
    # A point phrase checks the end too (it must not come before the start, and stays in a period's window).
    assembled = assemble(params, values, user_time, with_end=True)
    if not is_range and not isinstance(assembled, str) and assembled.starts and not assembled.ends:
        assembled = assemble(params, values, user_time, with_end=False)  # no end given: the start alone
    if isinstance(assembled, NoUnit):  # a length the check cannot read: a defect of the benchmark
        why = f"resolved {resolution.phrase!r} to {resolution.label}; {assembled}"
        return Outcome(False, why, 0.0, error=why)
    if isinstance(assembled, str):
        return _fail(resolution, assembled)
    starts, ends = assembled.starts, assembled.ends
    deadline = _is_deadline(resolution)
    declared = any(names_an_end(name) for name in params) if deadline else bool(assembled.end_missing)
    if not ends and declared and (deadline or _bounds_end(resolution)):
        # the phrase bounds the end ("until Friday", "this weekend"): a start alone says nothing of it
        missing = ", ".join(assembled.end_missing) or "end"
        bounds = "names when the event ends" if deadline else "bounds the end"
        return _fail(resolution, f"got {assembled.got}; the phrase {bounds} but {missing} is absent")
    if ends and (bounded := _one_end(resolution, starts, ends, assembled.got, user_time)) is not None:
        return bounded
    if ends is None and not any(names_an_end(name) for name in params):
        resolution = _whole(resolution)  # a point group ("when", "date" + "time") reads like one parameter
        is_range = resolution.is_range
    if not starts:
        if assembled.start_missing:
            return _fail(resolution, f"the start is missing ({', '.join(assembled.start_missing)} absent)")
        if is_range:
            return _fail(resolution, f"only the end is given: {assembled.got}")
        return judge(resolution, ends or (), None, assembled.got)
    if not is_range:
        return judge(resolution, starts, ends or None, assembled.got)
    if ends is not None and not ends:
        missing = ", ".join(assembled.end_missing) or "end"
        return _fail(resolution, f"got {assembled.got}; the phrase names an end but {missing} is absent")
    return judge(resolution, starts, ends, assembled.got)
