"""Calendar arithmetic the libraries leave out: dual readings of ``next``/``this``/``last`` weekdays, the n-th
weekday of a month, steps of durations and working days, and calendar units as half-open windows (the day, week,
month, quarter, season or year around a date)."""

from __future__ import annotations

import calendar
import contextlib
import functools
import itertools
import re
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from datetime import date, datetime, time, timedelta

from dateutil.relativedelta import relativedelta

from ..._calendar_words import UNIT_MONTHS, UNIT_SECONDS
from ._items import DateProblem
from ._model import Window

__all__ = [
    "PLACES",
    "SEASONS",
    "STEPS",
    "Place",
    "across_years",
    "add_business_days",
    "counted_at",
    "country_zones",
    "day",
    "days",
    "half",
    "midnight",
    "month",
    "nth_weekday",
    "nth_working_day",
    "places",
    "places_of",
    "quarter",
    "relative_weekday_dates",
    "season",
    "southern",
    "step",
    "steps",
    "to_24h",
    "user_time_key",
    "week",
    "weekend",
    "year",
]


def relative_weekday_dates(word: str, weekday: int, today: date) -> list[date]:
    """Every reasonable date for ``<word> <weekday>`` said on ``today``.

    * ``next``: the first one after today, and the one in next calendar week (weeks starting Monday, or
      Sunday as in the US): ``next Friday`` said on Thursday 2024-02-01 is 2024-02-02 or 2024-02-09.
    * ``this``: the one in the current week (Monday-based) and the first one from today on.
    * ``last``/``past``/``previous``: the latest one before today, and the one in the previous calendar week.
    * ``coming``: the first one after today.
    """
    monday = today - timedelta(days=today.weekday())
    sunday = today - timedelta(days=(today.weekday() + 1) % 7)
    in_week_mon = monday + timedelta(days=weekday)
    in_week_sun = sunday + timedelta(days=(weekday + 1) % 7)
    ahead = (weekday - today.weekday()) % 7
    upcoming = today + timedelta(days=ahead or 7)
    latest = today - timedelta(days=(today.weekday() - weekday) % 7 or 7)
    if word in {"next", "following"}:
        found = [upcoming, in_week_mon + timedelta(days=7), in_week_sun + timedelta(days=7)]
    elif word == "this":
        found = [in_week_mon, today + timedelta(days=ahead)]
    elif word in {"last", "past", "previous"}:
        found = [latest, in_week_mon - timedelta(days=7), in_week_sun - timedelta(days=7)]
    else:  # "coming", "this coming"
        found = [upcoming]
    return sorted(set(found))


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date | None:
    """The ``n``-th (1-based; -1 for the last) ``weekday`` of a month, or None when it does not exist."""
    if n < 0:
        last = date(year, month, 1) + relativedelta(months=1, days=-1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    first = date(year, month, 1)
    found = first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    return found if found.month == month else None


def to_24h(hour: int, marker: str) -> int | None:
    """The 24-hour clock hour of ``hour`` with ``am``/``pm``; None when that hour cannot take a marker (0, 13...)."""
    return hour % 12 + (12 if marker == "pm" else 0) if 1 <= hour <= 12 else None


def user_time_key(user_time: datetime | None) -> tuple[datetime, timedelta | None] | None:
    """A hashable cache key for a request time: its wall clock and its offset (equal instants in other zones
    differ)."""
    return None if user_time is None else (user_time.replace(tzinfo=None), user_time.utcoffset())


def step(pieces: tuple[tuple[float, str], ...]) -> relativedelta:
    """The calendar step of a duration's pieces, applied in order."""
    total = relativedelta()
    for amount, unit in pieces:
        if unit == "business day":
            raise DateProblem("business days mixed with other units")
        total += _delta(amount, unit)
    return total


def steps(moment: date, pieces: tuple[tuple[float, str], ...]) -> list[relativedelta]:
    """The calendar steps of a duration's pieces from ``moment``: a count of years from February 29 into a year
    without one lands on February 28 or on March 1, as readers differ (a count of months keeps the month's end)."""
    delta = step(pieces)
    clamped = delta.years and not delta.months and (moment + relativedelta(years=delta.years)).day != moment.day
    return [delta, delta + relativedelta(days=1)] if clamped else [delta]


STEPS = {"this": 0, "current": 0, "next": 1, "coming": 1, "following": 1, "upcoming": 1, "this coming": 1,
          "last": -1, "past": -1, "previous": -1, "this past": -1, "after next": 2, "before last": -2}  # fmt: skip


def _delta(amount: float, unit: str) -> relativedelta:
    """The calendar step of ``amount`` ``unit``s (fractions of days and shorter units exactly)."""
    whole = int(amount)
    if unit in UNIT_MONTHS and whole == amount:
        return relativedelta(months=UNIT_MONTHS[unit] * whole)
    total = amount * UNIT_SECONDS[unit]
    if total != int(total):
        raise DateProblem(f"{amount} {unit} is not a whole number of seconds")
    if unit in {"second", "minute", "hour"}:
        return relativedelta(seconds=int(total))
    return relativedelta(days=int(total) // 86400, seconds=int(total) % 86400)


#: Where working days are counted: with no holidays but New Year's Day and Christmas, or without the public holidays
#: of the United States (federal) or of England (bank holidays), days observed in their stead included.
Place = tuple[str, str | None] | None
PLACES: tuple[Place, ...] = (None, ("US", None), ("GB", "ENG"))
#: The United States with the federal holidays most businesses close on alone (no Martin Luther King Jr. Day,
#: Presidents' Day, Juneteenth, Columbus Day or Veterans Day: banks and federal offices close, most firms do not).
_US_CLOSED: Place = ("US", "closed")
_CLOSED = {"New Year's Day", "Memorial Day", "Independence Day", "Labor Day", "Thanksgiving Day", "Christmas Day"}
#: The zones of the United States and of Great Britain: a user there counts that place's holidays alone.
_US_ZONE_RE = re.compile(
    r"US/.+|Pacific/Honolulu|Navajo|America/(?:New_York|Detroit|Chicago|Denver|Boise|Phoenix|Los_Angeles|Anchorage"
    r"|Juneau|Sitka|Metlakatla|Yakutat|Nome|Adak|Menominee|Indiana/.+|Kentucky/.+|North_Dakota/.+|Indianapolis"
    r"|Fort_Wayne|Louisville|Knox_IN|Atka|Shiprock)"
)
_GB_ZONES = {"Europe/London", "Europe/Belfast", "GB", "GB-Eire"}
_COUNTED_AT: ContextVar[tuple[Place, ...]] = ContextVar("counted_at", default=PLACES)
#: Whether the user is in the southern hemisphere (summer from December): their zone's place in the tz database;
#: None where it is not known or the seasons are not those of the temperate zones (see ``southern``).
_SOUTH: ContextVar[bool | None] = ContextVar("south", default=False)
#: The latitude of the tropic of Capricorn (degrees): nearer the equator, summer may be either half of the year.
_TROPIC = 23.44
_LATITUDE_RE = re.compile(r"([+-])(\d\d)(\d\d)(\d\d)?[+-]")


def places_of(zone: str | None) -> tuple[Place, ...]:
    """The places whose working days count for a user in ``zone`` (an IANA name): the US's (every federal holiday
    off, or the widely closed ones alone) or England's alone in their zones; in another zone the system's zone table
    lists, the national holidays of each country it lists there but Antarctica (``(country, "")``: see
    ``day_off``), each of ``PLACES`` in turn for the US, Great Britain and a country without a calendar (see
    ``places``); each of ``PLACES`` in any other zone (UTC, an offset, an older name) or none."""
    if zone is not None and _US_ZONE_RE.fullmatch(zone):
        return ("US", None), _US_CLOSED
    if zone in _GB_ZONES:
        return (("GB", "ENG"),)
    countries = [c for c in _zone_countries().get(zone or "", ()) if c != "AQ"]  # (Antarctic stations: no week)
    return tuple(dict.fromkeys(p for c in countries for p in (PLACES if c in {"US", "GB"} else ((c, ""),)))) or PLACES


def southern(zone: str | None) -> bool | None:
    """Whether the system's tz database places ``zone`` (an IANA name, or a link to one: ``NZ``, ``Australia/Canberra``)
    south of the tropics (True) or north of the equator (False); None in the southern tropics (Lima, Jakarta, Nairobi:
    summer may be either half of the year there). A bare offset, ``UTC``, a zone the database places nowhere and no
    zone at all name no place: the northern seasons, the convention of date parsers."""
    if zone is None:
        return False
    found = _LATITUDE_RE.match(_zone_places().get(_canonical(zone), ""))
    if found is None or found[1] == "+":
        return False
    latitude = int(found[2]) + int(found[3]) / 60 + int(found[4] or 0) / 3600
    return None if latitude < _TROPIC else True


def _tz_rows(name: str) -> list[list[str]]:
    """The rows of the system's tz database file ``name`` (its fields; comment lines left out); none without it."""
    import zoneinfo
    from pathlib import Path

    text = ""
    for folder in zoneinfo.TZPATH:
        with contextlib.suppress(OSError):
            text = text or Path(folder, name).read_text(encoding="utf-8")
    return [line.split() for line in text.splitlines() if not line.startswith("#")]


@functools.cache
def _zone_places() -> dict[str, str]:
    """The coordinates of each zone of the system's tz database tables ``zone.tab`` and ``zone1970.tab``, and for each
    link of its ``tzdata.zi``, the zone it names."""
    # (a link's line: "L" the zone it names, its own name; a table's: countries, coordinates, zone...)
    links = {row[2]: row[1] for row in _tz_rows("tzdata.zi") if len(row) > 2 and row[0] == "L"}
    tables = (row for name in ("zone.tab", "zone1970.tab") for row in _tz_rows(name))
    return links | {row[2]: row[1] for row in tables if len(row) > 2}


def _canonical(zone: str) -> str:
    """The zone a link of the system's tz database names (``Australia/Canberra``: ``Australia/Sydney``; an older
    database may link a link), else ``zone`` itself."""
    places = _zone_places()
    for _ in range(4):
        if places.get(zone, "+")[0] in "+-":  # a zone's coordinates, or no name the database knows
            break
        zone = places[zone]
    return zone


@functools.cache
def country_zones(zone: str) -> tuple[str, ...]:
    """The other zones of the country the system's ``zone.tab`` lists ``zone`` (an IANA name, or a link to one) in,
    its own alone (``zone1970.tab`` lists Tokyo for Japan and Australia), but Antarctic stations
    ("Australia/Brisbane": Sydney's, Adelaide's...)."""
    own = {row[2]: row[0] for row in _tz_rows("zone.tab") if len(row) > 2}
    named = _canonical(zone)
    country = own.get(zone) or own.get(named)
    return tuple(z for z, c in own.items() if c == country and z not in {zone, named} and "Antarctica/" not in z)


@functools.cache
def _zone_countries() -> dict[str, tuple[str, ...]]:
    """The countries the system's tz database lists for each zone (in ``zone1970.tab``; none without it)."""
    return {row[2]: tuple(row[0].split(",")) for row in _tz_rows("zone1970.tab") if len(row) > 2}


def places() -> tuple[Place, ...]:
    """The places working days are counted at now (see ``counted_at``), each of ``PLACES`` in turn in place of a
    country the ``holidays`` package has no calendar of (asked only when days are counted: importing it takes tens of
    ms)."""
    where = _COUNTED_AT.get()
    gone = {p for p in where if p is not None and p[1] == "" and not _has_calendar(p[0])}
    return tuple(dict.fromkeys(q for p in where for q in (PLACES if p in gone else (p,))))


@functools.cache
def _has_calendar(country: str) -> bool:
    import holidays

    return country in holidays.list_supported_countries()


@contextlib.contextmanager
def counted_at(where: tuple[Place, ...], south: bool | None = False) -> Iterator[None]:
    """Count working days at ``where`` (see ``places_of``), and read seasons in the southern hemisphere when
    ``south`` (see ``southern``), within the block."""
    token, side = _COUNTED_AT.set(where), _SOUTH.set(south)
    try:
        yield
    finally:
        _COUNTED_AT.reset(token)
        _SOUTH.reset(side)


@functools.lru_cache(maxsize=64)
def _holidays_in(place: tuple[str, str | None], year_: int) -> frozenset[date]:
    import holidays

    if place == _US_CLOSED:
        found = holidays.country_holidays("US", years=year_).items()
        return frozenset(d for d, name in found if name.removesuffix(" (observed)") in _CLOSED)
    return frozenset(holidays.country_holidays(place[0], subdiv=place[1] or None, years=year_))


@functools.lru_cache(maxsize=64)
def _national(country: str, year_: int) -> tuple[frozenset[date], frozenset[date]]:
    """The days off in ``country`` in ``year_`` (its weekend days, which the ``holidays`` package knows, and its
    national holidays), and the days not known to be worked or not: a day off in some of its regions but not in
    others (a holiday, or a weekend day where regions rest on other days), a holiday on a date the calendar only
    estimates, a weekend day worked in place of a holiday."""
    import holidays

    every = holidays.country_holidays(country, years=year_)
    regions = [holidays.country_holidays(country, r, years=year_) for r in every.subdivisions]
    year_days = [date(year_, 1, 1) + timedelta(days=i) for i in range(366 if calendar.isleap(year_) else 365)]
    rest = {d for d in year_days if every.is_weekend(d)}
    found = {d for d, name in every.items() if "(estimated)" in name} - rest
    found |= {d for r in regions for d in set(every) ^ set(r)} - rest
    found |= {d for r in regions for d in year_days if r.is_weekend(d) != (d in rest)} | every.weekend_workdays
    return frozenset(rest | set(every)), frozenset(found)


def day_off(d: date, place: Place) -> bool:
    """Whether ``d`` is no working day at ``place``: a Saturday or Sunday or a public holiday there (``None`` has no
    holidays). At a country's national holidays (``(country, "")``), its own weekend days; not understood on a day off
    in some of its regions alone or one some region works (which the user's is, the zone does not say), a holiday
    whose date is estimated (the moon may be seen a day later) or a weekend day worked in place of a holiday."""
    if place is None or place[1] != "":
        return d.weekday() >= 5 or (place is not None and d in _holidays_in(place, d.year))
    rest, doubtful = _national(place[0], d.year)
    if d in doubtful:
        raise DateProblem(f"working days counted over {d} in {place[0]}: a regional, estimated or moved day off")
    return d in rest


def add_business_days(start: date, count: int) -> list[date]:
    """``count`` working days after ``start`` (before it when negative): see ``nth_working_day``."""
    if count == 0:
        return [start]
    step = timedelta(days=1 if count >= 0 else -1)
    found = nth_working_day(lambda: (start + step * i for i in itertools.count(1)), abs(count))
    return [d for d in found if d is not None]


def nth_working_day(days: Callable[[], Iterator[date]], n: int) -> list[date | None]:
    """The ``n``-th working day (1-based; the first for 0) of ``days()`` at each of ``places()`` in turn (a date each,
    in their order; None where there are fewer): which days are days off depends on the place (see ``day_off``), so
    a count crossing one has a reading for each; not understood when the countries of the user's zone give different
    days (a zone several countries share does not say which is the user's). Not understood when a day counted is New
    Year's Day or Christmas, a day off in most countries: counted as a working day, it is no reading anyone means."""
    found = []
    for place in places():
        got = None
        for i, d in enumerate(itertools.islice((d for d in days() if not day_off(d, place)), max(n, 1)), 1):
            check_business_day(d)
            got = d if i == max(n, 1) else None
        found.append(got)
    if len(set(found)) > 1 and any(place is not None and place[1] == "" for place in places()):
        raise DateProblem("working days counted differ between the countries of the user's zone")
    return found


def check_business_day(d: date) -> None:
    """Refuse a working day counted on New Year's Day or Christmas (see ``add_business_days``)."""
    if (d.month, d.day) in {(1, 1), (12, 25)}:
        raise DateProblem(f"working days counted over {d:%B} {d.day}: a holiday in most countries, not in all")


def midnight(d: date) -> datetime:
    """The first instant of day ``d`` (naive)."""
    return datetime.combine(d, time())


def day(d: date) -> Window:
    """The whole day ``d``."""
    lo = datetime(d.year, d.month, d.day)
    return Window(lo, lo + _DAY, "day")


_DAY = timedelta(days=1)


def days(first: date, count: int, note: str) -> Window:
    """``count`` days from ``first``."""
    return Window(midnight(first), midnight(first) + timedelta(days=count), "span", note=note)


def week(d: date) -> Window:
    """The week around ``d`` (Monday to Sunday)."""
    first = midnight(d - timedelta(days=d.weekday()))
    return Window(first, first + timedelta(days=7), "span", note="week")


def weekend(d: date) -> Window:
    """The weekend (Saturday and Sunday) of the Monday-based week of ``d``."""
    first = midnight(d - timedelta(days=d.weekday()) + timedelta(days=5))
    return Window(first, first + timedelta(days=2), "span", note="weekend")


def month(year_: int, month_: int) -> Window:
    """The month ``month_`` of ``year_``."""
    first = datetime(year_, month_, 1)
    return Window(first, first + relativedelta(months=1), "month")


def quarter(year_: int, number: int) -> Window:
    """Quarter ``number`` (1-4) of ``year_``."""
    first = datetime(year_, 3 * number - 2, 1)
    return Window(first, first + relativedelta(months=3), "span", note=f"Q{number}")


def half(year_: int, number: int) -> Window:
    """Half ``number`` (1-2) of ``year_``."""
    first = datetime(year_, 6 * number - 5, 1)
    return Window(first, first + relativedelta(months=6), "span", note=f"H{number}")


def year(year_: int) -> Window:
    """The year ``year_``."""
    return Window(datetime(year_, 1, 1), datetime(year_ + 1, 1, 1), "year")


#: Seasons (northern hemisphere): meteorological and astronomical bounds, (month, day) of start and end.
SEASONS: dict[str, tuple[tuple[int, int, int, int], ...]] = {
    "spring": ((3, 1, 6, 1), (3, 20, 6, 21)),
    "summer": ((6, 1, 9, 1), (6, 21, 9, 23)),
    "fall": ((9, 1, 12, 1), (9, 23, 12, 21)),
    "autumn": ((9, 1, 12, 1), (9, 23, 12, 21)),
    "winter": ((12, 1, 3, 1), (12, 21, 3, 20)),
}


#: The season at the other end of the year: the southern hemisphere's summer is the northern one's winter.
_OPPOSITE = {"spring": "autumn", "summer": "winter", "fall": "spring", "autumn": "spring", "winter": "summer"}


def season(name: str, year_: int) -> list[Window]:
    """The readings of season ``name`` starting in ``year_``, in the hemisphere the user is in (see ``counted_at``)."""
    return [
        Window(datetime(year_, m1, d1), datetime(year_ + (1 if m2 < m1 else 0), m2, d2), "span", note=name)
        for m1, d1, m2, d2 in SEASONS[_OPPOSITE[name] if _south(name) else name]
    ]


def across_years(name: str) -> bool:
    """Whether season ``name`` runs from one year into the next where the user is (winter in the north, summer in
    the south)."""
    return name == ("summer" if _south(name) else "winter")


def _south(name: str) -> bool:
    """Whether the user is in the southern hemisphere (raises ``DateProblem`` where that is not known)."""
    south = _SOUTH.get()
    if south is None:
        raise DateProblem(f"which months {name!r} names is not known: the user's zone is in the southern tropics")
    return south
