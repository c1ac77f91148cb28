"""Time zones: the user's zone, zones named in a phrase or a parameter, and conversions between them.

A zone is modelled as a set of real zones (``ZoneSpec``). A fixed offset coming from ``user_time`` (for
instance ``+01:00``) is that fixed offset on every date: it is never guessed into a named zone. A zone named
in a phrase (``9am Pacific``) follows the tz database's rules for the date in question; a US abbreviation
(``PST``) stands for its fixed offset and for the region's zone on that date.

Zone abbreviations (``cet``, ``ist``, ``jst``...): the offsets the tz database gives them, else ``dateparser``'s
table.

An abbreviation the tz database uses with several offsets (``IST``: India +05:30, Israel +02:00, Ireland +01:00) is
read with every one of them, never guessed into one. ``dateparser`` finds the abbreviation in the phrase and answers
for the ones the tz database does not use; it is imported on first use only, its deprecation warnings silenced.
"""

from __future__ import annotations

import contextlib
import functools
import re
import threading
import warnings
import zoneinfo
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Any

from ...entities.outputs import place_zone_names

__all__ = ["ZoneSpec", "clock_change", "fixed_zone", "format_offset", "home_abbreviation", "parse_zone_name",
           "pop_zone", "real_offset", "user_zone"]  # fmt: skip


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """One or several real zones a wall-clock time may be expressed in."""

    label: str
    """How the zone is shown in reasons (``+01:00``, ``UTC``, ``America/New_York``)."""

    zones: tuple[tzinfo, ...]
    """The candidate zones (fixed offsets or IANA zones)."""

    def __hash__(self) -> int:  # zones are keys of the caches of every check: by the label alone, which is cached
        return hash(self.label)

    def offsets_at_wall(self, wall: datetime) -> tuple[timedelta, ...]:
        """The UTC offsets a naive wall-clock time may have in this zone: both when the clocks go back past it, the
        one before the change (as ``zoneinfo`` reads it, ``fold=0``) when they skip it."""
        return _offsets_at_wall(self, wall)

    def walls_at(self, utc: datetime) -> tuple[datetime, ...]:
        """The naive wall-clock times a naive UTC instant shows in this zone."""
        zones = self.zones
        if len(zones) == 1 and type(zones[0]) is timezone:  # a fixed offset: the instant moved by it
            return (utc + zones[0].utcoffset(None),)
        return _walls_at(self, utc)


@functools.lru_cache(maxsize=4096)
def _offsets_at_wall(spec: ZoneSpec, wall: datetime) -> tuple[timedelta, ...]:
    found = (wall.replace(tzinfo=zone, fold=fold) for zone in spec.zones for fold in (0, 1))
    # a skipped wall ("02:30" as clocks go forward from 02:00 to 03:00) is never read with its fold (the hour before)
    return tuple(dict.fromkeys(o for a in found if (o := a.utcoffset()) is not None and not (a.fold and _skipped(a))))


def _skipped(aware: datetime) -> bool:
    return aware.astimezone(UTC).astimezone(aware.tzinfo).replace(tzinfo=None) != aware.replace(tzinfo=None)


@functools.lru_cache(maxsize=1024)
def _walls_at(spec: ZoneSpec, utc: datetime) -> tuple[datetime, ...]:
    aware = utc.replace(tzinfo=UTC)
    return tuple(dict.fromkeys(aware.astimezone(zone).replace(tzinfo=None) for zone in spec.zones))


@functools.lru_cache(maxsize=256)
def format_offset(offset: timedelta) -> str:
    """``+01:00`` style text for an offset (``UTC`` for zero)."""
    if not offset:
        return "UTC"
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def real_offset(offset: timedelta) -> bool:
    """Whether some place keeps this UTC offset: -12:00 to +14:00, in whole, half or three-quarter hours."""
    minutes = int(offset.total_seconds()) // 60
    return -12 * 60 <= minutes <= 14 * 60 and minutes % 60 in (0, 30, 45) and not offset.total_seconds() % 60


@functools.lru_cache(maxsize=256)
def fixed_zone(offset: timedelta) -> ZoneSpec:
    """A zone with exactly one offset."""
    return ZoneSpec(format_offset(offset), (timezone(offset),))


def user_zone(user_time: datetime) -> ZoneSpec | None:
    """The zone ``user_time`` is expressed in; ``None`` when it is naive (wall-clock comparison)."""
    tz, offset = user_time.tzinfo, user_time.utcoffset()
    if tz is None or offset is None:
        return None
    return ZoneSpec(tz.key, (tz,)) if isinstance(tz, zoneinfo.ZoneInfo) else fixed_zone(offset)


# Zone words people write after a time. US, Central European and Australian Eastern and Central abbreviations are
# read both as the fixed offset they name and as the region's zone on that date ("9am PST" written in July usually
# means Pacific time, "9am CET" Central European time, "3pm AEST" written in January Sydney time).
_REGIONS = {
    **dict.fromkeys(("eastern", "et"), "America/New_York"),
    **dict.fromkeys(("central", "ct"), "America/Chicago"),
    **dict.fromkeys(("mountain", "mt"), "America/Denver"),
    **dict.fromkeys(("pacific", "pt"), "America/Los_Angeles"),
    "alaska": "America/Anchorage",
    "hawaii": "Pacific/Honolulu",
    "nzt": "Pacific/Auckland",  # New Zealand time, standard or daylight
}
_SEASONAL_ABBREVIATIONS = {
    "est": (-5, "America/New_York"),
    "edt": (-4, "America/New_York"),
    "cst": (-6, "America/Chicago"),
    "cdt": (-5, "America/Chicago"),
    "mst": (-7, "America/Denver"),
    "mdt": (-6, "America/Denver"),
    "pst": (-8, "America/Los_Angeles"),
    "pdt": (-7, "America/Los_Angeles"),
    "cet": (1, "Europe/Berlin"),
    "cest": (2, "Europe/Berlin"),
    "aest": (10, "Australia/Sydney"),
    "aedt": (11, "Australia/Sydney"),
    "acst": (9.5, "Australia/Adelaide"),
    "acdt": (10.5, "Australia/Adelaide"),
}
_REGION_RE = re.compile(
    r"\b(?:in\s+)?(?P<name>eastern|central|mountain|pacific|alaska|hawaii|et|ct|mt|pt|nzt)"
    r"(?:\s+(?:standard|daylight))?(?:\s+time)?(?:\s*\((?:us|usa)\))?(?=\s|,|$)"
)
# A region zone inside a phrase must follow a clock time directly ("9am Pacific tomorrow").
_CLOCK_END_RE = re.compile(r"(?:\d\s*(?:am|pm|a\.m\.|p\.m\.)?|\bnoon|\bmidnight)\s*$")
_ABBREV_RE = re.compile(r"\b(?P<name>est|edt|cst|cdt|mst|mdt|pst|pdt|cet|cest|aest|aedt|acst|acdt)\b")
_IANA_RE = re.compile(r"\b(?:in\s+)?(?P<name>[a-z]+(?:/[a-z_+\-]+)+)\b")
#: An offset ending the phrase, or one after "utc" or "gmt" anywhere ("9am utc+5:30 monday").
_NUMERIC_RE = re.compile(
    r"(?:\b(?P<named>utc|gmt)\s*)?(?P<sign>[+-])(?P<h>\d{1,2})(?::?(?P<m>\d{2}))?(?(named)(?=\s|$)|\s*$)"
)
_UTC_RE = re.compile(r"\b(?:utc|gmt|zulu|z)(?=\)?\s*$)")
#: What makes a bare "-hh:mm" after it an offset: a full ISO date-time or a clock with its seconds ("2026-02-01 10:00
#: -05:00", "Thu, 5 Feb 2026 14:00:00 -0500"); without seconds, a "-hhmm" after a space ("10:00 -0500") is one too.
_ISO_BEFORE_RE = re.compile(r"(?:\d{4}-\d\d-\d\d[t ]\d\d:\d\d|\d:\d\d:\d\d)(?::\d\d(?:\.\d+)?)?\s*$")
_CLOCK_BEFORE_RE = re.compile(r"(?:\d:\d\d(?::\d\d)?|\d\s*[ap]\.?m\.?|\bnoon|\bmidnight)\s*$")


def home_abbreviation(
    written: ZoneSpec, home: ZoneSpec, year: int, country: tuple[str, ...] = (), phrase: str = ""
) -> str | None:
    """Why ``written`` (a US, Central European or Australian abbreviation) is not said, when the user's zone ``home``,
    or a zone of the user's ``country`` (IANA names), uses it in ``year`` at another offset than the table gives it,
    with the same letters ("CST" in Shanghai or Havana) or after Australia's A ("CST" in Adelaide or Brisbane, where
    Adelaide keeps ACST; "EST" in Sydney or Perth, AEST): which of the two the user means is not said. A name in full
    in brackets ending ``phrase`` ("3pm (Eastern Standard Time)") is checked by its initials."""
    said, letters, low = written.label, written.label.lower(), " ".join(phrase.lower().split())
    full = None if _COMMENT_RE.search(low) else _FULL_NAME_AFTER_RE.search(low)
    if full and _full_name_offset(full["name"]) == _SEASONAL_ABBREVIATIONS.get(_initials(full["name"]), (None,))[0]:
        said, letters = phrase[phrase.rindex("(") + 1 : phrase.rindex(")")], _initials(full["name"])
    found = _SEASONAL_ABBREVIATIONS.get(letters)
    if found is None:
        return None
    for zone in [*home.zones, *map(zoneinfo.ZoneInfo, country)]:
        for month in (1, 7):
            probe = datetime(year, month, 1, 12)
            name, offset = zone.tzname(probe) or "", zone.utcoffset(probe)
            if name.lower() in {letters, f"a{letters}"} and offset != timedelta(hours=found[0]):
                where = f"own {name} ({home.label})" if zone in home.zones else f"country's {name} ({zone})"
                return f"{said} may be the user's {where} or {found[1]}'s"
    return None


def _initials(name: str) -> str:
    """The letters a zone name written in full is abbreviated to ("eastern standard time": "est")."""
    return "".join(word[0] for word in name.split())


def parse_zone_name(name: str) -> ZoneSpec | None:
    """A zone from a parameter value or a phrase's zone word (IANA name, abbreviation, offset)."""
    text = name.strip()
    low = text.lower()
    if not low:
        return None
    if low in {"utc", "gmt", "z", "zulu", "etc/utc", "etc/gmt"}:
        return fixed_zone(timedelta(0))
    if low in _SEASONAL_ABBREVIATIONS:
        hours, key = _SEASONAL_ABBREVIATIONS[low]
        return ZoneSpec(text.upper(), (timezone(timedelta(hours=hours)), zoneinfo.ZoneInfo(key)))
    region = _REGION_RE.fullmatch(low)
    if region:
        return _iana(_REGIONS[region.group("name")])
    numeric = _NUMERIC_RE.fullmatch(low)
    if numeric:
        sign = -1 if numeric.group("sign") == "-" else 1
        offset = timedelta(minutes=sign * (int(numeric.group("h")) * 60 + int(numeric.group("m") or 0)))
        if real_offset(offset):
            return fixed_zone(offset)
    if "/" in text or text.isalpha():
        with contextlib.suppress(zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
            real = _lowered_keys().get(text.lower())
            if real is not None:
                return _iana(real)
    return _abbreviation_zone(low) if text.isalpha() else None


@functools.cache
def _lowered_keys() -> dict[str, str]:
    """Every time-zone key by its lower-case form (reading tzdata's key list once)."""
    return {k.lower(): k for k in place_zone_names()}


def _iana(key: str) -> ZoneSpec:
    """The zone of a tz database key."""
    return ZoneSpec(key, (zoneinfo.ZoneInfo(key),))


#: A zone in brackets right after a clock ("3pm (gmt) tomorrow", "3pm (ET)"), never after an offset ("-0400 (EDT)"),
#: and naming it in letters: "3pm (+1)" on an itinerary is the next day, never an offset
_BRACKETED_RE = re.compile(
    r"(?:(?<![+-]\d\d)(?<![+-]\d\d:)\d|\d\s*[ap]\.?m\.?|\bnoon|\bmidnight)\s*"
    r"(?P<paren>\((?P<inner>(?=[^()]{0,39}[A-Za-z])[^()]{1,40})\))"
)


def pop_zone(text: str, abbreviations: bool = True) -> tuple[str, ZoneSpec | None]:
    """Split a trailing or embedded zone word off a phrase (``3pm UTC``, ``9am PST``, ``10:00 Europe/Paris``);
    ``abbreviations=False`` leaves out the table of other zone abbreviations (``cet``, ``ist``...). A zone in brackets
    right after a clock is read as it is at the phrase's end, or as written without them ("3pm (gmt) tomorrow",
    "3pm (ET)")."""
    found = _pop_zone(text, abbreviations)
    bracketed = _BRACKETED_RE.search(text) if found[1] is None and not _COMMENT_RE.search(text) else None
    if bracketed is None:
        return found
    head, rest = text[: bracketed.start("paren")], text[bracketed.end() :]
    for before in (text[: bracketed.end()], f"{head}{bracketed['inner']}"):
        cut, spec = _pop_zone(before, abbreviations) if before != text else (text, None)
        if spec is not None:
            return _cut(f"{cut} {rest}", 0, 0), spec
    return found


def _pop_zone(text: str, abbreviations: bool) -> tuple[str, ZoneSpec | None]:
    """``pop_zone`` of the zone written as it is."""
    comment = _COMMENT_RE.search(text)
    if comment:
        # "Thu, 1 May 2031 20:20:00 -0400 (EDT)", "GMT+0900 (Japan Standard Time)": a zone in brackets after an
        # offset, as mail headers and JavaScript write it, repeats the offset; one that does not keep it (or names no
        # zone) leaves the phrase not understood
        head, spec = pop_zone(text[: comment.start("paren")], abbreviations)
        keeps = spec is not None and _keeps_offset(comment["name"], spec, text[: comment.start()])
        return (head, spec) if keeps else (text, None)
    full = _FULL_NAME_AFTER_RE.search(text)
    hours = _full_name_offset(" ".join(full["name"].split())) if full else None
    if full and hours is not None and _CLOCK_BEFORE_RE.search(text[: full.start()]):
        # "10:00 (Central European Summer Time)": a zone name in full after a clock keeps its own offset
        return _cut(text, full.start(), full.end()), fixed_zone(timedelta(hours=hours))
    for pattern in (_IANA_RE, _ABBREV_RE):
        found = pattern.search(text)
        if found:
            spec = parse_zone_name(found.group("name"))
            if spec is not None:
                return _cut(text, found.start(), found.end()), spec
    for found in _REGION_RE.finditer(text):
        before = text[: found.start()]
        at_end = not text[found.end() :].strip(" ,")
        if (at_end and re.search(r"\d|noon|midnight", before)) or _CLOCK_END_RE.search(before):
            return _cut(text, found.start(), found.end()), parse_zone_name(found.group(0))
    found = _UTC_RE.search(text) or _NUMERIC_RE.search(text)
    inner = None if found else re.search(r"\b(?:utc|gmt)\b", text)  # "noon utc tomorrow": right after a clock
    found = found or (inner if inner and _CLOCK_BEFORE_RE.search(text[: inner.start()]) else None)
    if found:
        before = text[: found.start()]
        named = found.group(0).lstrip()[:1].isalpha()
        # A bare "-hh:mm" after a clock is a range ("9:00-17:00") unless a full ISO date-time or seconds precede it.
        signed = found.group(0).lstrip()[:1] == "+" or _ISO_BEFORE_RE.search(before) is not None
        # ... or it is a sign and four digits after a space, as mail headers write the offset ("10:00 -0400")
        signed = signed or (before[-1:].isspace() and re.fullmatch(r"-\d{4}", found.group(0).strip()) is not None)
        # an ISO offset has a two-digit hour: a "-h" or "-h:mm" against a clock ends a range ("09:00:00-5:00")
        signed = signed and not (found.group(0)[0] == "-" and len(found.group("h")) < 2 and before[-1:].isdigit())
        clock = _CLOCK_BEFORE_RE.search(before) is not None
        # "utc" and "gmt" name a zone after any date ("by friday utc"), "z" only after a number or a time
        said = re.search(r"\d|noon|midnight", before) or found.group(0).strip() in ("utc", "gmt")
        if (named and said) or (not named and signed and clock):
            spec = parse_zone_name(found.group(0))
            if spec is not None:
                return _cut(text, found.start(), found.end()), spec
    city = _CITY_RE.search(text)
    if city:
        # "noon uk time": a country may be the last word alone (never a city: "next christmas time")
        first, last = city.group("city").split()[0], city.group("city").split()[-1]
        # ... and a city after a time of day in words ("noon brisbane time"; never a holiday, "noon christmas time")
        after_clock = first in {"noon", "midnight"} and last not in {"christmas", "easter"}  # Indian/, Pacific/
        country = last in _BRITAIN or last in _zone_keys_by_country() or after_clock
        for words in (city.group("city"), last) if country else (city.group("city"),):
            spec = _place_zone(words)
            if spec is not None:
                return _cut(text, city.end("city") - len(words), city.end()), spec
    for found in _IN_CITY_RE.finditer(text):
        # "5pm in Tokyo": a place right after a clock time names its zone
        if not _CLOCK_END_RE.search(text[: found.start()]):
            continue
        for words in (found.group("city"), found.group("city").split()[0]):
            spec = _place_zone(words.removeprefix("the "))  # "10am in the uk"
            if spec is not None:
                return _cut(text, found.start(), found.start("city") + len(words)), spec
    return _pop_zone_word(text) if abbreviations else (text, None)


_COMMENT_RE = re.compile(r"[+-]\d\d:?\d\d\s*(?P<paren>\((?P<name>[a-z][a-z .-]*)\))\s*$")
_YEAR_RE = re.compile(r"\b\d{4}\b")
# Zone names written in full, as JavaScript prints them ("GMT+0100 (Central European Standard Time)"): the standard
# offset of a region whose "<region> standard time" has a "<region> daylight (summer) time" an hour ahead, of a region
# with standard time alone, and names read whole
_DAYLIGHT_NAMES = {
    "eastern": -5, "central": -6, "mountain": -7, "pacific": -8, "alaska": -9, "hawaii-aleutian": -10, "atlantic": -4,
    "newfoundland": -3.5, "western european": 0, "central european": 1, "eastern european": 2, "israel": 2,
    "australian central": 9.5, "australian eastern": 10, "new zealand": 12, "chile": -4, "brasilia": -3,
}  # fmt: skip
_STANDARD_NAMES = {
    "japan": 9, "korean": 9, "china": 8, "taipei": 8, "hong kong": 8, "singapore": 8, "philippine": 8, "india": 5.5,
    "australian western": 8, "pakistan": 5, "gulf": 4, "arabian": 3, "arabia": 3, "moscow": 3, "south africa": 2,
    "west africa": 1, "argentina": -3, "hawaii": -10,
}  # fmt: skip
_WHOLE_NAMES = {
    "coordinated universal time": 0, "greenwich mean time": 0, "british summer time": 1, "irish standard time": 1,
    "central africa time": 2, "east africa time": 3, "eastern africa time": 3, "indochina time": 7,
    "western indonesia time": 7,
}  # fmt: skip
_FULL_NAME_AFTER_RE = re.compile(r"\((?P<name>[a-z][a-z -]*\btime)\)\s*$")
_FULL_NAME_RE = re.compile(r"(?P<region>.+?) (?P<kind>standard|daylight|summer) time")


def _full_name_offset(name: str) -> float | None:
    """The offset in hours a zone name written in full has ("central european summer time": 2), or ``None``."""
    if name in _WHOLE_NAMES:
        return _WHOLE_NAMES[name]
    found = _FULL_NAME_RE.fullmatch(name)
    if found is None:
        return None
    region, kind = found["region"], found["kind"]
    if kind == "standard":
        return _DAYLIGHT_NAMES.get(region, _STANDARD_NAMES.get(region))
    return _DAYLIGHT_NAMES[region] + 1 if region in _DAYLIGHT_NAMES else None


def _keeps_offset(name: str, spec: ZoneSpec, before: str) -> bool:
    """Whether the zone ``name`` keeps the one fixed offset of ``spec``: a name in full ("japan standard time") its
    own offset, never read by its initials; initials ("edt") their fixed offsets, else their offsets in January or
    July of the year written ``before`` it (not understood without one)."""
    if len(spec.zones) != 1 or type(spec.zones[0]) is not timezone:
        return False
    offset, name = spec.zones[0].utcoffset(None), " ".join(name.split())
    hours = _full_name_offset(name)
    if hours is not None:
        return offset == timedelta(hours=hours)
    named = parse_zone_name(name) if _FULL_NAME_RE.fullmatch(name) is None else None
    if named is None:
        return False
    fixed: list[tzinfo] = [z for z in named.zones if type(z) is timezone]
    years = [int(y) for y in _YEAR_RE.findall(before) if int(y)][-1:]
    kept = {z.utcoffset(None) for z in fixed} or {
        z.utcoffset(datetime(y, m, 15)) for z in named.zones for y in years for m in (1, 7)
    }
    return offset in kept


_CITY_RE = re.compile(r"\b(?:in\s+)?(?P<city>[a-z.]+(?:\s[a-z.]+)?)\s+time\b")
_IN_CITY_RE = re.compile(r"\bin\s+(?P<city>[a-z]+(?:\s[a-z]+)?)(?=\s|,|$)")


_BRITAIN = frozenset({"uk", "u.k.", "britain", "great britain", "british"})


def _place_zone(name: str) -> ZoneSpec | None:
    """The zone a city ("new york") or a country with a single zone ("india", "uk") names."""
    name = "britain (uk)" if name in _BRITAIN else name
    key = _zone_keys_by_city().get(name.replace(" ", "_")) or _zone_keys_by_country().get(name)
    return _iana(key) if key is not None else None


@functools.cache
def _zone_keys_by_city() -> dict[str, str]:
    """tz database keys by their city, lower case (``london``: ``Europe/London``)."""
    found: dict[str, str] = {}
    for key in sorted(k for k in place_zone_names() if "/" in k and not k.startswith("Etc/")):  # places, not UTC
        found.setdefault(key.rsplit("/", 1)[1].lower(), key)
    return found


@functools.cache
def _zone_keys_by_country() -> dict[str, str]:
    """tz database keys by country name, lower case, for countries with a single zone (``india``:
    ``Asia/Kolkata``); a country spanning several zones names none of them."""
    import pytz  # type: ignore[import-untyped]

    return {
        name.lower(): zones[0]
        for code, name in pytz.country_names.items()
        if len(zones := pytz.country_timezones.get(code, [])) == 1
    }


def _cut(text: str, start: int, end: int) -> str:
    return re.sub(r"\s+", " ", f"{text[:start]} {text[end:]}").strip(" ,")


_LOCK = threading.Lock()


def _pop_tz(text: str) -> tuple[str, Any]:
    """``dateparser``'s split of a zone abbreviation off ``text``: the rest and the zone (None when there is none),
    imported on first use with its deprecation warnings silenced."""
    with _LOCK, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from dateparser.timezone_parser import pop_tz_offset_from_string

        rest, tz = pop_tz_offset_from_string(text)
    return rest, tz


def _offset_of(tz: Any) -> timedelta | None:
    offset = tz.utcoffset(datetime(2000, 1, 1))
    return offset if isinstance(offset, timedelta) else None


@functools.cache
def _tz_abbreviations() -> dict[str, tuple[timedelta, ...]]:
    """Every alphabetic abbreviation the tz database's zones show in January and July of this year and the last,
    with the offsets it stands for."""
    found: dict[str, set[timedelta]] = {}
    year = datetime.now(UTC).year
    instants = [datetime(y, m, 15, 12, tzinfo=UTC) for y in (year - 1, year) for m in (1, 7)]
    for key in place_zone_names() - {"UTC"}:
        zone = zoneinfo.ZoneInfo(key)
        for instant in instants:
            local = instant.astimezone(zone)
            name, offset = local.tzname(), local.utcoffset()
            if name and name.isalpha() and offset is not None:
                found.setdefault(name.lower(), set()).add(offset)
    return {name: tuple(sorted(offsets)) for name, offsets in found.items()}


def _abbreviation_zone(word: str) -> ZoneSpec | None:
    """The zone a zone abbreviation names: every offset the tz database gives it (several when it is ambiguous),
    else ``dateparser``'s offset for it."""
    offsets = _tz_abbreviations().get(word.lower())
    if offsets:
        if len(offsets) == 1:
            return fixed_zone(offsets[0])
        return ZoneSpec(word.upper(), tuple(timezone(o) for o in offsets))
    offset = _zone_offset(word)
    return fixed_zone(offset) if offset is not None else None


@functools.lru_cache(maxsize=1024)
def _zone_offset(word: str) -> timedelta | None:
    """The fixed offset ``dateparser`` knows for a zone abbreviation (``cet``, ``ist``, ``jst``...)."""
    rest, tz = _pop_tz(f"1 pm {word}")
    return _offset_of(tz) if tz is not None and rest.strip() == "1 pm" else None


def _pop_zone_word(text: str) -> tuple[str, ZoneSpec | None]:
    """Remove a trailing zone abbreviation ``dateparser`` knows (``3pm cet``)."""
    if not any(ch.isdigit() for ch in text) and "noon" not in text and "midnight" not in text:
        return text, None
    rest, tz = _pop_tz(text)
    removed = set(text.split()) - set(rest.split())
    if tz is None or not any(ch.isalpha() for word in removed for ch in word):
        return text, None
    words = [word for word in removed if word.isalpha()]
    spec = _abbreviation_zone(words[0]) if len(words) == 1 else None
    if spec is None:
        offset = _offset_of(tz)
        if offset is None:
            return text, None
        spec = fixed_zone(offset)
    return " ".join(rest.split()), spec


def clock_change(said_at: datetime, wall: datetime, offset: timedelta) -> str | None:
    """A place (tz database name) whose clocks show ``said_at``'s offset at ``said_at`` and ``offset`` at the naive
    ``wall`` written with it: an argument in that offset may be the wall clock of the user's zone after a change of
    the clocks (summer time), or else the instant at the user's fixed offset. ``None`` when no inhabited place does."""
    then = said_at.utcoffset()
    if then is None or then == offset:
        return None
    try:
        first, last = said_at.replace(tzinfo=None) - then, wall - offset
    except (OverflowError, ValueError):  # past year 1 or 9999
        return None
    return _changing(then, offset, first.replace(minute=0, second=0, microsecond=0), last.replace(minute=0, second=0))


#: Places shown first when several change their clocks alike.
_KNOWN = ("America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "Europe/London",
          "Europe/Paris", "Australia/Sydney", "America/Sao_Paulo", "Pacific/Auckland")  # fmt: skip


@functools.lru_cache(maxsize=4096)
def _changing(then: timedelta, offset: timedelta, first: datetime, last: datetime) -> str | None:
    """A place whose clocks show ``then`` at the naive UTC hour ``first`` and ``offset`` at ``last`` (changes fall
    on the hour): a well-known one if any, else one of the places whose seasons these years have both offsets."""

    def keeps(place: str) -> bool:
        zone = zoneinfo.ZoneInfo(place)
        shown = (first.replace(tzinfo=UTC).astimezone(zone), last.replace(tzinfo=UTC).astimezone(zone))
        return (shown[0].utcoffset(), shown[1].utcoffset()) == (then, offset)

    known = next((p for p in _KNOWN if keeps(p)), None)
    if known is not None:
        return known
    seasonal = {p for year in {first.year, last.year} for p in _seasons(year).get((then, offset), ())}
    return min((p for p in seasonal if keeps(p)), default=None)


@functools.lru_cache(maxsize=64)
def _seasons(year: int) -> dict[tuple[timedelta, timedelta], tuple[str, ...]]:
    """The inhabited places whose clocks change in ``year``, by their offsets in January and July (both orders)."""
    found: dict[tuple[timedelta, timedelta], list[str]] = {}
    for key in _places():
        zone = zoneinfo.ZoneInfo(key)
        winter, summer = (datetime(year, m, 15, tzinfo=UTC).astimezone(zone).utcoffset() for m in (1, 7))
        if winter is not None and summer is not None and winter != summer:
            found.setdefault((winter, summer), []).append(key)
            found.setdefault((summer, winter), []).append(key)
    return {pair: tuple(keys) for pair, keys in found.items()}


@functools.cache
def _places() -> tuple[str, ...]:
    return tuple(sorted(n for n in place_zone_names() if "/" in n and not n.startswith("Antarctica/")))
