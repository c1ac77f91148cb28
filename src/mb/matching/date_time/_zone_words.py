"""Zone abbreviations (``cet``, ``ist``, ``jst``...) read with ``dateparser``'s maintained table of them.

``dateparser`` is imported on first use only (a phrase or a parameter naming a zone word the other rules do not
know); its deprecation warnings are silenced.
"""

from __future__ import annotations

import functools
import threading
import warnings
from datetime import datetime, timedelta
from typing import Any

from ._zones import ZoneSpec, fixed_zone

__all__ = ["pop_zone_word", "zone_offset"]

_LOCK = threading.Lock()


@functools.cache
def _dateparser() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import dateparser.date

        return dateparser.date


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
    offset = tz.utcoffset(datetime(2000, 1, 1))
    if not isinstance(offset, timedelta):
        return text, None
    return " ".join(rest.split()), fixed_zone(offset)
