"""A second reader for phrases the grammar does not understand: Facebook's Duckling, from the optional ``dates`` extra
(``pip install 'morganabench[dates]'``: the ``pyduckling-native-phihos`` wheel, Linux x86-64 and macOS arm64).

Its answer is taken only when it is complete and names one time, never a guess:

* one time whose text covers the whole phrase (fillers such as "the", "at", "on", "of" and punctuation aside);
* a value at its grain is the window ``[value, value + grain)``, an hour named as a clock time ("at 5") its minute as
  the grammar reads it; an interval from ``from`` to ``to`` (``to`` excluded) is a range when the phrase has a range
  word ("to", "-", "between"...), else one span; an interval with one end ("before 9am", "after 6pm") is refused;
* several values are kept only as the occurrences of a time of day within a day of the first ("at 5": 5am and 5pm,
  both kept); other repetitions (which Tuesday, which year's holiday) are refused;
* the phrase is read twice, said at the same wall-clock time in UTC and in UTC+3: a phrase that names a zone ("9am
  PST") reads differently and is refused, so the wall-clock values stand in the user's own offset (or as written for
  a naive ``user_time``).
"""

from __future__ import annotations

import json
import os
import re
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

from dateutil.relativedelta import relativedelta

from ._lexicon import NUMBER
from ._model import Reading, Window, minute_window

__all__ = ["INSTALL_HINT", "READER", "available", "read"]

READER = "Duckling"
INSTALL_HINT = "pip install 'morganabench[dates]' adds a second reader (Linux x86-64, macOS arm64)"

_FILLERS = frozenset({"the", "at", "on", "of"})
#: An open bound ("after lunch", "before 9am", "since monday") names no window of its own: refused as the grammar does.
_OPEN = re.compile(r"^(?:before|after|since|until|till|til|by|prior to|(?:no )?later than|earlier than)\b")
#: Units counted with no number ("the coming days", "in hours") are vague: Duckling would read one of them.
_UNITS = re.compile(r"\b(?:seconds|secs|minutes|mins|hours|hrs|days|nights|weeks|wks|months|quarters|years|yrs)\b")
_COUNT = re.compile(rf"\b(?:{NUMBER}|couple|few|half|quarters?|\d+\w*)\b")
#: A count of zero or a signed count ("0 fridays from now", "-1 weeks") Duckling reads as some other count.
_NO_COUNT = re.compile(r"(?:^|\s)(?:0+|zero|[-+]\d+)\s+[a-z]")
#: "the hour" names no one hour ("on the hour", "ten minutes before the hour"): Duckling would read the current one.
_ANY_HOUR = re.compile(r"\bthe hour\b")
#: Words that only join the two ends of a range; "to" after a count ("ten to five") names a time of day.
_RANGE_ONLY = re.compile(r"\b(?:until|through|thru|between)\b|\s[-\u2013]\s")
_COUNTED = re.compile(rf"{NUMBER}|quarter|half|minutes?|mins?|seconds?|secs?", re.IGNORECASE)
_RANGE_WORDS = re.compile(r"\b(?:to|till|til|until|through|thru|between|and|from)\b|-|\u2013")
#: The offset of the second reading, which a phrase naming a zone does not follow.
_PROBE_ZONE, _PROBE_OFFSET = "GMT-3", timedelta(hours=3)
_STEPS: dict[str, timedelta | relativedelta] = {
    "second": timedelta(seconds=1),
    "minute": timedelta(minutes=1),
    "hour": timedelta(hours=1),
    "day": timedelta(days=1),
    "week": timedelta(days=7),
    "month": relativedelta(months=1),
    "quarter": relativedelta(months=3),
    "year": relativedelta(years=1),
}

_lock = threading.Lock()
_engine: _Duckling | None = None
_missing = False


class _Duckling:
    """The one place the untyped ``duckling`` module is used: parse English text said at a UTC or UTC+3 wall clock."""

    def __init__(self, module: Any) -> None:
        # a core dependency: its zoneinfo carries the fixed-offset zones Duckling needs
        import pytz  # type: ignore[import-untyped]

        self._module = module
        self._zones = module.load_time_zones(os.path.join(os.path.dirname(pytz.__file__), "zoneinfo", "Etc"))
        self._locale = module.default_locale_lang(module.parse_lang("EN"))
        self._dimensions = module.parse_dimensions(["time"])
        probe = module.parse_ref_time(self._zones, _PROBE_ZONE, 0).iso8601
        if not str(probe).endswith("+0300"):  # the zone was not found: the zone check would see nothing
            raise ImportError(f"duckling read {_PROBE_ZONE} as {probe}")

    def parse(self, text: str, wall: datetime, zone: str, offset: timedelta) -> list[dict[str, Any]]:
        stamp = int((wall.replace(tzinfo=UTC) - offset).timestamp())
        context = self._module.Context(self._module.parse_ref_time(self._zones, zone, stamp), self._locale)
        answer: list[dict[str, Any]] = json.loads(self._module.parse_text(text, context, self._dimensions, False))
        return answer


def _load() -> _Duckling | None:
    global _engine, _missing
    with _lock:
        if _engine is None and not _missing:
            try:
                import duckling

                _engine = _Duckling(duckling)
            except (ImportError, OSError):  # not installed, or its native libraries do not load here
                _missing = True
        return _engine


def available() -> bool:
    """Whether the second reader is installed (loading it on first use)."""
    return _load() is not None


def read(text: str, wall: datetime) -> tuple[Reading, ...] | None:
    """Duckling's readings of a normalized phrase said at the naive wall-clock ``wall``, or None when it is not
    installed or its answer is not complete (see the module docstring)."""
    engine = _load()
    if engine is None or _guessed(text):
        return None
    wall = wall.replace(microsecond=0)
    with _lock:
        first = engine.parse(text, wall, "UTC", timedelta(0))
        second = engine.parse(text, wall, _PROBE_ZONE, _PROBE_OFFSET)
    found = _readings(text, first, timedelta(0))
    if found is None or found != _readings(text, second, _PROBE_OFFSET):
        return None
    return found


def _guessed(text: str) -> bool:
    """Whether Duckling would read the phrase by a guess: an open bound, "the hour", units counted with no number."""
    if _OPEN.match(text) or _ANY_HOUR.search(text) or _NO_COUNT.search(text):
        return True
    return bool(_UNITS.search(text) and not _COUNT.search(text))


def _names_a_range(text: str) -> bool:
    """Whether the phrase has a range word ("until", "between", " - ", "noon to 1pm"; not "quarter to five")."""
    if _RANGE_ONLY.search(text):
        return True
    return any(not _COUNTED.fullmatch(before) for before in re.findall(r"(\S+)\s+(?:to|till|til)\b", text))


def _readings(text: str, answer: list[dict[str, Any]], offset: timedelta) -> tuple[Reading, ...] | None:
    if len(answer) != 1 or answer[0].get("dim") != "time" or answer[0].get("latent"):
        return None
    start, end = answer[0]["start"], answer[0]["end"]
    if any(word not in _FILLERS for word in re.findall(r"[\w']+", text[:start] + " " + text[end:])):
        return None
    values: list[dict[str, Any]] = answer[0]["value"].get("values") or []
    hour_is_clock = not re.search(r"\b(?:hours?|hrs?)\b", text)
    ranged = bool(_RANGE_WORDS.search(text[start:end]))
    found: list[Reading] = []
    if values and values[0].get("type") == "value" and _names_a_range(text):
        return None  # "a minute past noon to 1pm": Duckling read one end and dropped the other
    for value in values:
        if value.get("type") == "value":
            window = _window(value, offset, hour_is_clock)
            if window is None:
                return None
            found.append(Reading(window))
        elif value.get("type") == "interval" and len(values) == 1:
            reading = _interval(value, offset, hour_is_clock, ranged)
            if reading is None:
                return None
            found.append(reading)
        else:
            return None
    return _one_day(found)


def _moment(value: dict[str, Any], offset: timedelta) -> tuple[datetime, str] | None:
    grain = value.get("grain")
    if not isinstance(grain, str) or grain not in _STEPS or not isinstance(value.get("value"), str):
        return None
    moment = datetime.fromisoformat(value["value"])
    if moment.utcoffset() != offset:
        return None
    return moment.replace(tzinfo=None), grain


def _window(value: dict[str, Any], offset: timedelta, hour_is_clock: bool) -> Window | None:
    found = _moment(value, offset)
    if found is None:
        return None
    lo, grain = found
    if grain == "hour":  # "at 5pm" is its minute, as the grammar reads it; an hour named as a span is left to it
        return minute_window(lo) if hour_is_clock else None
    if grain in {"second", "minute", "day", "month", "year"}:
        return Window(lo, lo + _STEPS[grain], grain)
    note = f"Q{(lo.month - 1) // 3 + 1}" if grain == "quarter" else grain
    return Window(lo, lo + _STEPS[grain], "span", note=note)


def _interval(value: dict[str, Any], offset: timedelta, hour_is_clock: bool, ranged: bool) -> Reading | None:
    """``from`` to ``to`` (excluded): a range (its start's window, and its end at ``to`` or in its last unit) when the
    phrase has a range word, else one span; one end alone is refused."""
    if "from" not in value or "to" not in value:
        return None
    start, end = _window(value["from"], offset, hour_is_clock), _moment(value["to"], offset)
    if start is None or end is None:
        return None
    hi, grain = end
    if hi <= start.lo:
        return None
    if not ranged:
        return Reading(Window(start.lo, hi, "span"))
    last = hi - _STEPS[grain]
    if grain in {"second", "minute"} or (grain == "hour" and hour_is_clock):
        return Reading(start, Window(last, last + timedelta(minutes=1), "minute", closed=True))
    return Reading(start, Window(last, hi, grain if grain in {"day", "month", "year"} else "span", closed=True))


def _one_day(found: list[Reading]) -> tuple[Reading, ...] | None:
    """Several values are kept only as the occurrences of a time of day within a day of the first, when it repeats
    daily (a time of day with no date)."""
    if not found:
        return None
    first, day = found[0].start.lo, timedelta(days=1)
    if len(found) > 1 and not (
        first < found[1].start.lo <= first + day and found[0].start.grain in {"second", "minute"}
    ):
        return None
    later = [r.start.lo for r in found if r.start.lo >= first + day]
    if later and later[0] != first + day:  # "3:45 on friday": the next one is a week on, which friday is a guess
        return None
    return tuple(dict.fromkeys(r for r in found if first <= r.start.lo < first + day))
