"""A phrase that names a length of time rather than a time (``for 2 hours``, ``a fortnight``, ``90 minutes``), and
the arguments it accepts: an ISO 8601 duration (``PT2H``, ``P1D``, ``P2W``, read by ``_value``) or a duration in
words (``2 hours``) of the same length.

A duration argument matches a duration phrase of the same length and nothing else: against a phrase naming a time
("in 2 hours", "tomorrow") it fails with a reason naming it as a duration. Lengths compare as months (a year is
twelve, a quarter three) plus seconds (a week is seven days of 24 hours), so ``P1M`` is not ``P30D`` and ``PT24H``
is ``P1D``. Durations read the same whatever ``user_time`` is.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from datetime import timedelta

from ..._calendar_words import UNIT_MONTHS, UNIT_SECONDS
from .._outcome import Outcome
from ._alternatives import alternatives
from ._grammar import parse
from ._names import Slot, classify, names_a_length, units_named
from ._phrase import MAX_LENGTH, normalize
from ._relative_elements import _DUR, _pieces
from ._value import Length, describe, iso_duration, show_length

__all__ = ["NoUnit", "duration_outcome", "group_duration_outcome", "phrase_duration", "read_duration"]


class NoUnit(str):
    """Why a number in a duration parameter cannot be compared: neither its name nor its value says its unit."""

    __slots__ = ()


@functools.cache
def _phrase_re() -> re.Pattern[str]:
    """A phrase (or an argument in words) that is a length of time and nothing else; compiled on first use."""
    return re.compile(
        r"(?:(?:for|lasting|a\s+duration\s+of|duration\s+of)\s+)?"
        rf"(?:(?:about|around|approximately|roughly|exactly|just|only)\s+)?{_DUR}(?:\s+long)?"
    )


_COMPACT_RE = re.compile(r"(?<=\d[a-z])(?=\d)|(?<=\d[a-z]{2})(?=\d)|(?<=\d[a-z]{3})(?=\d)")


@functools.lru_cache(maxsize=1024)
def phrase_duration(text: str) -> Length | None:
    """The length a phrase names when it names a length of time and nothing else (``for 2 hours``, ``a fortnight``),
    else ``None``. A phrase the grammar reads as a time is one (``15h`` is 15:00, ``one month`` a month)."""
    if len(text) > MAX_LENGTH:
        return None
    normalized = normalize(text)
    parsed = parse(normalized)
    if not parsed.unknown and any(item.kind not in {"duration", "filler"} for item in parsed.items):
        return None
    return words_duration(normalized)


def words_duration(text: str) -> Length | None:
    """The length a duration in words names (``2 hours``, ``for a fortnight``, ``2h``); ``None`` for anything else
    (a business day has no fixed length)."""
    # "1h30m", "2d4h": units written together are read apart, every one of them
    found = _phrase_re().fullmatch(_COMPACT_RE.sub(" ", normalize(text))) if len(text) <= MAX_LENGTH else None
    pieces = _pieces(found["dur"]) if found else None
    if pieces is None:
        return None
    months = seconds = 0.0
    for amount, unit in pieces:
        if unit in UNIT_MONTHS:
            months += amount * UNIT_MONTHS[unit]
        elif unit in UNIT_SECONDS:
            seconds += amount * UNIT_SECONDS[unit]
        else:
            return None
    return months, seconds


#: The lengths a phrase accepts: closed intervals ("for 2 hours": 2 to 2 hours; "for 2-3 hours": 2 to 3 hours).
Lengths = tuple[tuple[Length, Length], ...]


#: "15.30h": 15:30 on a date or time argument, 15.3 hours on a duration.
_DOTTED_HOURS_RE = re.compile(r"((?:1\d|2[0-3])\.[0-5]\d) ?h")


@functools.lru_cache(maxsize=1024)  # one reading of a phrase for every line that asks for it
def _wanted(expected: str) -> tuple[Lengths, str] | Outcome | None:
    """The lengths the phrase names and the start of every reason; ``None`` when it names no length, an error when
    the length is vague. A range of counts ("for 2-3 hours", "2 to 3 days") accepts any length from the first to the
    last, counts joined by "or" ("2 or 3 hours") each of them."""
    dotted = _DOTTED_HOURS_RE.fullmatch(expected.strip().lower())
    wanted = phrase_duration(expected) or (words_duration(f"{dotted[1]} hours") if dotted else None)
    listed = alternatives(normalize(expected)) if wanted is None and len(expected) <= MAX_LENGTH else None
    counts = [phrase_duration(part) for part in listed[0]] if listed is not None and listed[1] != "or" else []
    if wanted is None and (not counts or None in counts):
        return None
    if (vague := _vague(expected)) is not None:
        return vague
    if wanted is not None:
        return ((wanted, wanted),), f"{expected!r} names a duration of {show_length(wanted)}"
    found = [length for length in counts if length is not None]
    if listed is not None and listed[1] == "counts":
        named = " or ".join(show_length(length) for length in found)
        return tuple((length, length) for length in found), f"{expected!r} names a duration of {named}"
    named = f"{show_length(found[0])} to {show_length(found[-1])}"
    return ((found[0], found[-1]),), f"{expected!r} names a duration of {named}"


def _same(wanted: Lengths, given: Length) -> bool:
    return any(
        all(low - _CLOSE <= value <= high + _CLOSE for low, high, value in zip(*ends, given, strict=True))
        for ends in wanted
    )


_CLOSE = 1e-6


def duration_outcome(expected: str, actual: object) -> Outcome | None:
    """The verdict on one argument when the phrase names a length of time; ``None`` when it does not (an argument
    that is a duration then fails as any argument that is not a date or time does: see ``_value.parse_text``)."""
    named = _wanted(expected)
    if named is None or isinstance(named, Outcome):
        return named
    wanted, prefix = named
    given = iso_duration(actual) if isinstance(actual, str) else None
    written = "an ISO 8601 duration"
    if given is None and isinstance(actual, str):
        given, written = words_duration(actual), "a duration"
    if given is None:
        if _DOTTED_HOURS_RE.fullmatch(expected.strip().lower()):
            return None  # "15.30h" on a date or time argument: 15:30
        return Outcome.fail(f"{prefix}; got {describe(actual)}, which is not a duration")
    verdict = Outcome.ok if _same(wanted, given) else Outcome.fail
    return verdict(f"{prefix}; got {actual!r}, {written} of {show_length(given)}")


def group_duration_outcome(expected: str, params: Sequence[str], values: Mapping[str, object]) -> Outcome | None:
    """The verdict on a group when the phrase names a length of time; ``None`` when it does not. A group of one
    parameter reads like that parameter alone; a number is read in the unit its name says only when the name says
    it holds a duration (``duration_minutes``: 120 is two hours). A group of several parameters is not a length."""
    named = _wanted(expected)
    if named is None or isinstance(named, Outcome):
        return named
    wanted, prefix = named
    if len(params) != 1:
        if _DOTTED_HOURS_RE.fullmatch(expected.strip().lower()):
            return None  # "15.30h" on a start and end: 15:30
        shown = ", ".join(params[:5]) + (" ..." if len(params) > 5 else "")
        return Outcome.fail(f"{prefix}; the group ({shown}) is not a duration: list the one parameter that holds it")
    name = params[0]
    value = values.get(name)
    if value is None:
        return Outcome.fail(f"{prefix}; {name} is missing")
    if len(units_named(name)) > 1 and not (isinstance(value, str) and not _NUMBER_RE.fullmatch(value.strip())):
        why = f"{prefix}; {name} names two units of time: which one {describe(value)} is in cannot be told"
        return Outcome(False, why, 0.0, error=why)  # "hours_in_minutes": 2
    slot = classify(name)
    if slot.kind in {"hour", "minute", "second"} and names_a_length(name):
        # "hours" or "wait_min": 2 is a length here; "hour", "hh" or "start_hour" is a part of a clock
        slot = Slot(name, slot.role, "duration", slot.kind)
    if slot.kind != "duration" or (isinstance(value, str) and iso_duration(value) is not None):
        outcome = duration_outcome(expected, value)  # the parameter it was read from named in its reason
        return None if outcome is None else outcome._replace(reason=f"{outcome.reason} (from {name})")
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return Outcome.fail(f"{prefix}; got {describe(value)} in {name}, which is not a duration")
    given: Length | None = None
    if isinstance(value, str) and not _NUMBER_RE.fullmatch(value.strip()):
        given = words_duration(value)  # "2 hours", "1h 30m": every word read
    else:
        length = read_duration(slot, value)  # a number in the unit the name says
        if isinstance(length, NoUnit):  # a length the check cannot read: a defect of the benchmark
            return Outcome(False, f"{prefix}; {length}", 0.0, error=f"{prefix}; {length}")
        given = (0.0, length.total_seconds()) if not isinstance(length, str) else None
    if given is None:
        return Outcome.fail(f"{prefix}; got {describe(value)} in {name}, which is not a duration")
    verdict = Outcome.ok if _same(wanted, given) else Outcome.fail
    return verdict(f"{prefix}; got {value!r} in {name}, a duration of {show_length(given)}")


_VAGUE_RE = re.compile(r"\b(?:a\s+)?few\b")


def _vague(expected: str) -> Outcome | None:
    """A length given as "a few" units has no exact length: not understood (an error, or a question for a judge that
    answers date questions), never read as exactly three."""
    found = _VAGUE_RE.search(normalize(expected))
    if found is None:
        return None
    why = f"could not understand {found.group(0)!r} in {expected!r}: a vague number of units is no exact length"
    return Outcome(False, why, 0.0, error=why)


_NUMBER_RE = re.compile(r"\d+(?:\.\d+)?")


_CLOCK_RE = re.compile(r"(\d+):(\d\d)(?::(\d\d))?")


def read_duration(slot: Slot, value: object) -> timedelta | str:
    """A duration parameter: a number in the unit the name says (none said: :class:`NoUnit`), ``H:MM``, or an ISO
    8601 duration or one in words (``1h30m``) of a fixed length."""
    length: Length | None = None
    number = value if isinstance(value, int | float) and not isinstance(value, bool) else None
    if isinstance(value, str) and _NUMBER_RE.fullmatch(value.strip()):
        number = float(value)
    if number is not None:
        if slot.unit is None:
            why = "the parameter's name says no unit (as duration_minutes does) nor the value (as '2 hours', 'PT2H' do)"
            return NoUnit(
                f"{slot.name}: got {describe(value)}, a number with no unit, not comparable with a length: {why}"
            )
        length = (0.0, float(number) * UNIT_SECONDS[slot.unit])
    elif isinstance(value, str):
        clock = _CLOCK_RE.fullmatch(value.strip())
        if clock:
            length = (0.0, int(clock.group(1)) * 3600 + int(clock.group(2)) * 60 + int(clock.group(3) or 0))
        else:
            length = iso_duration(value.strip()) or words_duration(value.strip())
    if length is None or length[0]:
        return f"{slot.name}: got {describe(value)}, which is not a duration"
    return timedelta(seconds=length[1])
