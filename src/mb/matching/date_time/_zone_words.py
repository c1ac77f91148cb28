"""Zone abbreviations (``cet``, ``ist``, ``jst``...): the offsets the tz database gives them, else ``dateparser``'s
table.

An abbreviation the tz database uses with several offsets (``IST``: India +05:30, Israel +02:00, Ireland +01:00) is
read with every one of them, never guessed into one. ``dateparser`` finds the abbreviation in the phrase and answers
for the ones the tz database does not use; it is imported on first use only, its deprecation warnings silenced.
"""

from __future__ import annotations

import functools
import threading
import warnings
import zoneinfo
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from ._zones import ZoneSpec, fixed_zone

__all__ = ["abbreviation_zone", "pop_zone_word", "zone_offset"]

_LOCK = threading.Lock()


@functools.cache
def _dateparser() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import dateparser.date

        return dateparser.date


@functools.cache
def _tz_abbreviations() -> dict[str, tuple[timedelta, ...]]:
    """Every alphabetic abbreviation the tz database's zones show in January and July of this year and the last,
    with the offsets it stands for."""
    found: dict[str, set[timedelta]] = {}
    year = datetime.now(UTC).year
    instants = [datetime(y, m, 15, 12, tzinfo=UTC) for y in (year - 1, year) for m in (1, 7)]
    for key in zoneinfo.available_timezones():
        if "/" not in key or key.startswith(("Etc/", "posix", "right", "SystemV")):
            continue
        zone = zoneinfo.ZoneInfo(key)
        for instant in instants:
            local = instant.astimezone(zone)
            name, offset = local.tzname(), local.utcoffset()
            if name and name.isalpha() and offset is not None:
                found.setdefault(name.lower(), set()).add(offset)
    return {name: tuple(sorted(offsets)) for name, offsets in found.items()}


def abbreviation_zone(word: str) -> ZoneSpec | None:
    """The zone a zone abbreviation names: every offset the tz database gives it (several when it is ambiguous),
    else ``dateparser``'s offset for it."""
    offsets = _tz_abbreviations().get(word.lower())
    if offsets:
        if len(offsets) == 1:
            return fixed_zone(offsets[0])
        return ZoneSpec(word.upper(), tuple(timezone(o) for o in offsets))
    offset = zone_offset(word)
    return fixed_zone(offset) if offset is not None else None


@functools.lru_cache(maxsize=1024)
def zone_offset(word: str) -> timedelta | None:
    """The fixed offset ``dateparser`` knows for a zone abbreviation (``cet``, ``ist``, ``jst``...)."""
    _dateparser()
    from dateparser.timezone_parser import pop_tz_offset_from_string

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rest, tz = pop_tz_offset_from_string(f"1 pm {word}")
    if tz is None or rest.strip() != "1 pm":
        return None
    offset = tz.utcoffset(datetime(2000, 1, 1))
    return offset if isinstance(offset, timedelta) else None


def pop_zone_word(text: str) -> tuple[str, ZoneSpec | None]:
    """Remove a trailing zone abbreviation ``dateparser`` knows (``3pm cet``)."""
    if not any(ch.isdigit() for ch in text) and "noon" not in text and "midnight" not in text:
        return text, None
    _dateparser()
    from dateparser.timezone_parser import pop_tz_offset_from_string

    with _LOCK, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rest, tz = pop_tz_offset_from_string(text)
    removed = set(text.split()) - set(rest.split())
    if tz is None or not any(ch.isalpha() for word in removed for ch in word):
        return text, None
    words = [word for word in removed if word.isalpha()]
    spec = abbreviation_zone(words[0]) if len(words) == 1 else None
    if spec is None:
        offset = tz.utcoffset(datetime(2000, 1, 1))
        if not isinstance(offset, timedelta):
            return text, None
        spec = fixed_zone(offset)
    return " ".join(rest.split()), spec
