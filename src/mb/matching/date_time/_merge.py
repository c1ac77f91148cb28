"""Combine the fields of a group's parameters into one value; parameters that disagree make no value.

Fields combine in the order given (full moments, then ``date``/``time`` values, then single components). A field
two parameters give must agree: a ``date`` of ``2013-02-13T10:00`` beside a ``time`` of ``14:00``, or a ``date``
of ``2013-02-14`` beside a ``day`` of 13, says two different things and is reported naming both. The one exception
is a date written as a date-time at midnight (``2013-02-13T00:00:00``, as many serializers write a date): its time
of day (and offset) is no time of day, and a ``time`` parameter beside it gives the time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from ._fields import Fields
from ._zones import format_offset

__all__ = ["WEEKDAY_NAMES", "merge_fields"]

_FIELD_NAMES = tuple(item.name for item in fields(Fields))
_CLOCK = ("hour", "minute", "second")
_DATE = ("year", "month", "day")
#: Fields a date written at midnight gives only as a placeholder.
_SOFT = frozenset({*_CLOCK, "offset"})
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def merge_fields(parts: Sequence[Fields], names: Sequence[str], kinds: Sequence[str]) -> Fields | str:
    """The fields of ``parts`` (given by the parameters ``names`` of ``kinds``) combined, or why they disagree."""
    if len(parts) == 1:
        return parts[0]
    merged: dict[str, Any] = {}
    source: dict[str, int] = {}
    soft: set[str] = set()
    for index, part in enumerate(parts):
        placeholder = kinds[index] in {"full", "date"} and part.hour == part.minute == part.second == 0
        for name in _FIELD_NAMES:
            value = getattr(part, name)
            if value is None:
                continue
            if name in merged and merged[name] != value and name not in soft:
                first = source[name]
                return (
                    f"the parameters disagree: {names[first]} gives {_shown(parts[first], name)} and {names[index]}"
                    f" gives {_shown(part, name)}"
                )
            merged[name] = value
            source[name] = index
            if placeholder and name in _SOFT:
                soft.add(name)
            else:
                soft.discard(name)
    return Fields(**merged)


def _shown(part: Fields, name: str) -> str:
    """What one parameter says of a field, as a whole date or time of day when it gives one."""
    dated = part.year is not None and part.month is not None and part.day is not None
    day = f"{part.year:04d}-{part.month:02d}-{part.day:02d}" if dated else ""
    if name in _CLOCK and part.hour is not None:
        text = f"{part.hour:02d}:{part.minute or 0:02d}" + (f":{part.second:02d}" if part.second else "")
        return f"{day}T{text}" if day else text
    if name in _DATE and day:
        return day
    value = getattr(part, name)
    if name == "offset":
        return f"the offset {format_offset(value)}"
    if name == "zone":
        return f"the zone {value.label}"
    if name == "weekday":
        return WEEKDAY_NAMES[value]
    return f"{name} {value}"
