"""A second reader for phrases whose words the grammar leaves unread: Facebook's Duckling, from the optional ``dates``
extra (see :func:`mb._version.install_command`: the ``pyduckling-native-phihos`` wheel, Linux x86-64 and macOS arm64).

Its answer is taken only when it is complete and no guess; otherwise the grammar's error stands:

* one time whose text covers the whole phrase (fillers "the", "at", "on", "of" and punctuation aside);
* a value at its grain is the window ``[value, value + grain)``; an hour named as a clock time ("at 5") is its minute,
  as the grammar reads it; an offset from now ("in 2 days") is read at the day, or the minute for hours and less;
* several values are kept only as the occurrences of a time of day within a day ("at 5": 5am and 5pm, both kept);
  other repetitions (which Tuesday, which year's holiday) are refused;
* an interval is taken only as a range of two clock times on one day ("from 3:15 to 4:30pm"), its ``to`` excluded
  (the end is at ``to`` minus one grain, as "3-4pm" ends at 16:00); an interval with one end ("before 9am", "after
  6pm") or none of the phrase's range words ("tonight", "end of month": Duckling's conventions) is refused;
* phrases Duckling reads by a guess or a convention of its own are refused (see ``_GUESSES``), and so are holidays
  (their days are conventions: the eve, the day observed);
* the phrase is read twice, said at the same wall-clock time in UTC and in UTC+3: a phrase that names a zone ("9am
  PST") reads differently and is refused, so the wall-clock values stand in the user's own offset (or as written for
  a naive ``user_time``). Duckling gives every value in the offset of the time it is told the phrase was said, a zone
  named or not, so the offset of its answer alone would not show a zone;
* Duckling runs in a child process limited in memory and in time per phrase (see ``_Duckling``).
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import os
import re
import select
import subprocess
import sys
import threading
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from subprocess import DEVNULL, PIPE
from typing import Any

from ..._version import install_command
from ._lexicon import MONTH, NUMBER, WEEKDAY
from ._model import GRAIN_STEPS, Reading, Window, minute_window

__all__ = ["INSTALL_HINT", "READER", "available", "names_year", "read"]

READER = "Duckling"
INSTALL_HINT = f"{install_command('dates')} adds a second reader (Linux x86-64, macOS arm64)"

_FILLERS = frozenset({"the", "at", "on", "of"})
#: Phrases Duckling reads by a guess or a convention of its own, where the grammar keeps every reading or refuses.
_GUESSES = re.compile(
    "|".join(
        (
            r"^(?:before|after|since|until|till|til|by|prior to|(?:no )?later than|earlier than)\b",  # an open bound
            r"\bthe hour\b",  # no one hour: "on the hour", "ten minutes before the hour"
            r"(?:^|\s)(?:0+|zero|[-+]\d+)\s+[a-z]",  # a count of zero or a signed one: "0 fridays from now"
            rf"\b(?:{WEEKDAY})\b",  # which Tuesday ("tues the 4th 7pm"): the grammar keeps each reasonable one
            rf"\b(?:this|last|next|past|previous|coming|following)\s+(?:{MONTH})\b",  # which September
            rf"\b{NUMBER}\s+(?:to|till|til)\s+{NUMBER}\b",  # "five to seven": 6:55 or from 5 to 7
            r"\d\s*(?:[ap]m)?\s*[-\u2013]\s*\d",  # "12-4", "8am-3": a range or a date
            r"\b\d{1,2}[/.-]\d{1,2}[/.-]\d\d\b",  # "03/18/40": which century
            rf"\b{NUMBER}\s+(?:upcoming|next|past|previous|last|coming|following)\b",  # "2 next days"
            r"\b(?:around|about|approx(?:imately)?|roughly|circa|or so)\b|-?ish\b",  # an approximation, as exact
            r"\b(?:spring|summer|autumn|fall|winter)\b",  # a season: Duckling's are the northern hemisphere's
        )
    )
)
#: Units counted with no number ("the coming days", "seconds after midnight"): Duckling reads one of them.
_COUNTLESS = re.compile(r"\b(?:seconds|secs|minutes|mins|hours|hrs|days|nights|weeks|wks|months|quarters|years|yrs)\b")
_COUNT = re.compile(rf"\b(?:{NUMBER}|couple|few|half|quarters?|\d+\w*)\b")
#: Words joining the ends of a range; "to" after a count ("ten to noon") names a time of day.
_RANGE_ONLY = re.compile(r"\b(?:until|through|thru|between)\b|\s[-\u2013]\s")
_COUNTED = re.compile(rf"{NUMBER}|quarter|half|minutes?|mins?|seconds?|secs?", re.IGNORECASE)
_RANGE_WORDS = re.compile(r"\b(?:to|till|til|until|through|thru|between|and|from)\b|-|\u2013")
#: A count of units from now, and whether it names units under a day: its reading is the day reached, else the minute.
_OFFSET = re.compile(
    r"\b(?:ago|hence|later|earlier|from now)\b"
    r"|\bin (?:\S+ ){1,3}(?:\w+s|fortnight|week|month|year|day|hour|minute|second)\b"
)
#: What lets a reading fall in another year than the one it is said in: a year in digits, or years counted.
_YEAR_NAMED = re.compile(r"\d{4}|\b(?:years?|yrs?)\b")
_SHORT_UNITS = re.compile(r"\b(?:sec|min|hour|hr)")
_CALENDAR_UNITS = re.compile(r"\b(?:months?|quarters?|years?|yrs?)\b")
_UNITS = re.compile(r"\b(sec|min|hour|hr|day|fortnight|week|wk|month|quarter|year|yr)")
#: The offset of the second reading, which a phrase naming a zone does not follow.
_PROBE_ZONE, _PROBE_OFFSET = "GMT-3", timedelta(hours=3)
_CLOCK = frozenset({"second", "minute"})

_WORKER = Path(__file__).with_name("_duckling_worker.py")
#: Seconds Duckling may take to start, and to answer about one phrase (it does in a few milliseconds).
_START_TIME, _PHRASE_TIME = 30.0, 2.0

_lock = threading.RLock()
_engine: _Duckling | None = None
_missing = False
#: Phrases Duckling could not answer about in time or memory: refused at once when said again (at most 1,024 kept).
_hopeless: set[str] = set()


class _Duckling:
    """Duckling in a child process of its own (``_duckling_worker``), the one place its untyped answers come from: on
    a few words its parser can take exponential time and memory ("next 2024 day half minute" fills a gigabyte in two
    seconds), so the child is limited to 1 GiB and each phrase to 2 seconds; past either, the phrase is refused and the
    child started again for the next one."""

    def __init__(self) -> None:
        # a core dependency: its zoneinfo carries the fixed-offset zones Duckling needs
        import pytz  # type: ignore[import-untyped]

        zones = os.path.join(os.path.dirname(pytz.__file__), "zoneinfo", "Etc")
        if not os.path.isfile(os.path.join(zones, _PROBE_ZONE)):  # Duckling ends the process on a missing directory
            raise ImportError(f"no time zone {_PROBE_ZONE} in {zones}")
        command = [sys.executable, str(_WORKER), zones, _PROBE_ZONE]
        self._process = subprocess.Popen(command, stdin=PIPE, stdout=PIPE, stderr=DEVNULL, text=True)
        ready = self._answer(_START_TIME)
        if ready is None or not str(json.loads(ready)).endswith("+0300"):  # else the zone check would see nothing
            self.close()
            raise ImportError(f"Duckling did not start, or read {_PROBE_ZONE} wrong: {ready!r}")

    @property
    def alive(self) -> bool:
        """Whether the child still runs."""
        return self._process.poll() is None

    def parse(self, texts: list[tuple[str, str]], wall: datetime) -> list[list[Any]] | None:
        """Duckling's answers for each ``(text, zone)`` said at the wall-clock time ``wall`` in that zone (``UTC`` or
        the probe zone), or None when they took too long or too much memory."""
        stamps = {"UTC": _stamp(wall, timedelta(0)), _PROBE_ZONE: _stamp(wall, _PROBE_OFFSET)}
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(json.dumps([[text, stamps[zone], zone] for text, zone in texts]) + "\n")
            self._process.stdin.flush()
        except (OSError, ValueError):  # the child has ended
            self.close()
            return None
        answer = self._answer(_PHRASE_TIME)
        return None if answer is None else list(json.loads(answer))

    def _answer(self, seconds: float) -> str | None:
        output = self._process.stdout
        assert output is not None
        line = output.readline() if select.select([output], [], [], seconds)[0] else ""
        if not line:  # out of time, or the child ended (out of memory)
            self.close()
            return None
        return line

    def close(self) -> None:
        """End the child."""
        if self.alive:
            self._process.kill()
        self._process.wait()
        for stream in (self._process.stdin, self._process.stdout):
            if stream is not None:
                stream.close()


def _stamp(wall: datetime, offset: timedelta) -> int:
    return int((wall.replace(tzinfo=UTC) - offset).timestamp())


@atexit.register
def _stop() -> None:
    if _engine is not None:
        _engine.close()


def _load() -> _Duckling | None:
    global _engine, _missing
    with _lock:
        if _missing or (_engine is not None and _engine.alive):
            return _engine
        try:
            if importlib.util.find_spec("duckling") is None:
                raise ImportError("the dates extra is not installed")
            _engine = _Duckling()
        except (ImportError, OSError):  # not installed, or it does not start here
            _engine, _missing = None, True
        return _engine


def available() -> bool:
    """Whether the second reader is installed (starting it on first use)."""
    return _load() is not None


def read(text: str, wall: datetime, unread: tuple[str, ...]) -> tuple[Reading, ...] | None:
    """Duckling's readings of a normalized phrase said at the naive wall-clock ``wall``, or None when it is not
    installed or its answer is not complete (see the module docstring). ``unread`` are the words the grammar left
    unread: when Duckling reads them as a holiday, the phrase is refused."""
    if "\x00" in text or text in _hopeless or _guessed(text):  # a NUL would stop Duckling's native code
        return None
    probes = [(words, "UTC") for words in dict.fromkeys((" ".join(unread), *unread))]
    with _lock:  # one phrase at a time, on a child alive when it is asked
        engine = _load()
        if engine is None:
            return None
        answers = engine.parse([(text, "UTC"), (text, _PROBE_ZONE), *probes], wall.replace(microsecond=0))
        if answers is None:
            if len(_hopeless) >= 1024:
                _hopeless.clear()
            _hopeless.add(text)
    if answers is None or any("holiday" in t["value"] or "holidayBeta" in t["value"] for a in answers[2:] for t in a):
        return None
    readings = _readings(text, answers[0], wall, timedelta(0))
    return readings if readings is not None and readings == _readings(text, answers[1], wall, _PROBE_OFFSET) else None


def names_year(text: str) -> bool:
    """Whether the phrase names its year outright (in digits, or counting years): a parameter group may not leave the
    year out then."""
    return bool(_YEAR_NAMED.search(text))


def _guessed(text: str) -> bool:
    """Whether Duckling would read the phrase by a guess or a convention of its own."""
    if _GUESSES.search(text) or (_COUNTLESS.search(text) and not _COUNT.search(text)):
        return True
    # "1 month 21 days ago": Duckling adds the units up in seconds, a month as 30 days
    return bool(_OFFSET.search(text) and len(set(_UNITS.findall(text))) > 1 and _CALENDAR_UNITS.search(text))


def _names_a_range(text: str) -> bool:
    """Whether the phrase has a range word ("until", "between", " - ", "noon to 1pm"; not "quarter to five")."""
    if _RANGE_ONLY.search(text):
        return True
    return any(not _COUNTED.fullmatch(before) for before in re.findall(r"(\S+)\s+(?:to|till|til)\b", text))


def _readings(text: str, answer: list[Any], wall: datetime, offset: timedelta) -> tuple[Reading, ...] | None:
    """The readings of Duckling's answer when it is complete and names one time, else None."""
    if len(answer) != 1 or answer[0].get("dim") != "time" or answer[0].get("latent"):
        return None
    start, end, value = answer[0]["start"], answer[0]["end"], answer[0]["value"]
    if any(word not in _FILLERS for word in re.findall(r"[\w']+", text[:start] + " " + text[end:])):
        return None  # a word Duckling did not use
    if "holiday" in value or "holidayBeta" in value:
        return None
    values: list[dict[str, Any]] = value.get("values") or []
    clock = not re.search(r"\b(?:hours?|hrs?)\b", text)
    if len(values) == 1 and values[0].get("type") == "interval":
        reading = _interval(values[0], offset) if _RANGE_WORDS.search(text[start:end]) else None
        return None if reading is None else (reading,)
    if not values or any(v.get("type") != "value" for v in values) or _names_a_range(text):
        return None  # "a minute past noon to 1pm": Duckling read one end and dropped the other
    windows = [_window(v, offset, clock) for v in values]
    found = [Reading(w) for w in windows if w is not None]
    if len(found) < len(windows):
        return None
    if _OFFSET.search(text) and found[0].start.grain not in (_CLOCK if _SHORT_UNITS.search(text) else {"day"}):
        return None  # "in 2 years" read as a month, "in 2 days" as an hour: the grammar reads the day reached
    lo = found[0].start.lo
    if lo.year != wall.year and abs(lo - wall) > timedelta(days=62) and not _YEAR_NAMED.search(text):
        return None  # number words read as a year ("nine thirty" as the year 930, "five thirty" as 2030)
    return _one_day(found)


def _moment(value: dict[str, Any], offset: timedelta) -> tuple[datetime, str] | None:
    grain = value.get("grain")
    if not isinstance(grain, str) or grain not in GRAIN_STEPS or not isinstance(value.get("value"), str):
        return None
    moment = datetime.fromisoformat(value["value"])
    return (moment.replace(tzinfo=None), grain) if moment.utcoffset() == offset else None


def _window(value: dict[str, Any], offset: timedelta, clock: bool) -> Window | None:
    found = _moment(value, offset)
    if found is None:
        return None
    lo, grain = found
    if grain == "hour":  # "at 5pm" is its minute, as the grammar reads it; an hour named as a span is left to it
        return minute_window(lo) if clock else None
    if grain == "quarter":
        return Window(lo, lo + GRAIN_STEPS[grain], "span", note=f"Q{(lo.month - 1) // 3 + 1}")
    return Window(lo, lo + GRAIN_STEPS[grain], grain)


def _interval(value: dict[str, Any], offset: timedelta) -> Reading | None:
    """A range of two clock times on one day: the start's minute, and the minute of ``to`` minus one grain (``to`` is
    excluded: Duckling's "3-4pm" is from 15:00 to 17:00 at the hour, its "3:15-4:30pm" to 16:31 at the minute)."""
    if "from" not in value or "to" not in value:
        return None
    start, end = _window(value["from"], offset, clock=True), _moment(value["to"], offset)
    if start is None or end is None or start.grain not in _CLOCK or end[1] not in {"second", "minute", "hour"}:
        return None
    last = end[0] - GRAIN_STEPS[end[1]]
    if not start.lo < last or last.date() != start.lo.date():
        return None
    return Reading(start, minute_window(last))  # as the grammar reads "3-4pm": an end of 16:00 passes, 16:01 fails


def _one_day(found: list[Reading]) -> tuple[Reading, ...] | None:
    """Several values are kept only as the occurrences of a time of day within a day of the first, when it repeats
    daily (a time of day with no date: a time alone as the argument may match it) or names one day ("3 seconds past
    3 on 5 march 2024": am and pm)."""
    first, day = found[0].start.lo, timedelta(days=1)
    if len(found) > 1 and not (first < found[1].start.lo <= first + day and found[0].start.grain in _CLOCK):
        return None
    later = [r.start.lo for r in found if r.start.lo >= first + day]
    if later and later[0] != first + day:  # "3:45 on friday": the next one is a week on, which friday is a guess
        return None
    kept = [r for r in found if first <= r.start.lo < first + day]
    if later:  # repeating daily: a time of day with no date, placed today or tomorrow as the grammar places it
        kept = [Reading(replace(r.start, floating=True)) for r in kept]
    return tuple(dict.fromkeys(kept))
