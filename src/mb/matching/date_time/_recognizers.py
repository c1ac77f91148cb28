"""Thin, lazily loaded wrappers around the natural-language date libraries.

* Microsoft Recognizers-Text (``recognizers_date_time``): entities with TIMEX values, ranges and every
  ambiguous reading it knows (past and future weekday, AM and PM).
* ``dateparser``: a second opinion for phrases Recognizers-Text misses, and its table of zone abbreviations.

Both are imported on first use only; their deprecation warnings are silenced.
"""

from __future__ import annotations

import functools
import threading
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from ._zones import ZoneSpec, fixed_zone

__all__ = ["Entity", "dateparser_parse", "pop_zone_word", "recognize", "zone_offset"]

_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class Entity:
    """One date/time mention found by Recognizers-Text."""

    text: str
    """The matched text (lower-cased by the library)."""

    start: int
    """Index of its first character in the parsed text."""

    end: int
    """Index one past its last character in the parsed text."""

    kind: str
    """The entity type without prefix: ``date``, ``time``, ``datetime``, ``daterange``, ``timerange``..."""

    values: tuple[Mapping[str, str], ...]
    """The resolution values (``timex``, ``type``, ``value`` or ``start``/``end``, ``Mod``); empty if unresolved."""


@functools.cache
def _model() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import emoji

        if not hasattr(emoji, "UNICODE_EMOJI"):
            # recognizers-text 1.0.2a2 still reads the pre-2.0 emoji table.
            setattr(emoji, "UNICODE_EMOJI", emoji.EMOJI_DATA)  # noqa: B010
        from recognizers_date_time import DateTimeRecognizer
        from recognizers_text import Culture

        return DateTimeRecognizer(Culture.English).get_datetime_model()


@functools.lru_cache(maxsize=8192)
def recognize(text: str, reference: datetime) -> tuple[Entity, ...]:
    """Date/time entities of ``text`` resolved against the naive ``reference``; never raises."""
    model = _model()
    try:
        with _LOCK, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            results = model.parse(text, reference)
    except Exception:  # the library fails on some odd inputs; treat them as "nothing recognized"
        return ()
    entities: list[Entity] = []
    for result in results:
        resolution = result.resolution or {}
        raw_values = resolution.get("values") if isinstance(resolution, dict) else None
        values = tuple(
            {str(k): str(v) for k, v in value.items()} for value in raw_values or () if isinstance(value, dict)
        )
        kind = str(result.type_name).rsplit(".", 1)[-1]
        entities.append(Entity(str(result.text), int(result.start), int(result.end) + 1, kind, values))
    return tuple(entities)


@functools.cache
def _dateparser() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import dateparser.date

        return dateparser.date


@functools.lru_cache(maxsize=4096)
def dateparser_parse(text: str, reference: datetime) -> tuple[datetime, str] | None:
    """``dateparser``'s reading of ``text`` (future preferred) and its period (time, day, week, month, year)."""
    module = _dateparser()
    settings = {
        "PREFER_DATES_FROM": "future",
        "RELATIVE_BASE": reference,
        "RETURN_TIME_AS_PERIOD": True,
        "PREFER_DAY_OF_MONTH": "first",
    }
    try:
        with _LOCK, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            data = module.DateDataParser(languages=["en"], settings=settings).get_date_data(text)
    except Exception:  # dateparser raises on some inputs; no reading then
        return None
    if data is None or data.date_obj is None:
        return None
    return data.date_obj, str(data.period or "day")


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

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rest, tz = pop_tz_offset_from_string(text)
    if tz is None:
        return text, None
    offset = tz.utcoffset(datetime(2000, 1, 1))
    if not isinstance(offset, timedelta):
        return text, None
    return " ".join(rest.split()), fixed_zone(offset)
