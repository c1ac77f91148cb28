"""Holidays by name: the date a holiday falls on in a given year, from maintained calendar libraries.

* fixed Gregorian dates (Christmas, Halloween, Valentine's Day...) and rules relative to them;
* moveable Christian feasts from ``dateutil.easter`` (western and orthodox computus);
* US, UK and other national observances from the ``holidays`` package (Thanksgiving, Memorial Day...);
* Hindu and Chinese festivals from ``holidays``' national calendars (Diwali, Holi, Chinese New Year...);
* Islamic dates from ``hijridate`` (Umm al-Qura) and Hebrew dates from ``convertdate``.
"""

from __future__ import annotations

import contextlib
import functools
import warnings
from collections.abc import Callable
from datetime import date, timedelta
from typing import Literal

from dateutil.easter import EASTER_ORTHODOX, EASTER_WESTERN, easter

from ._calendar import nth_weekday

__all__ = ["HOLIDAYS", "holiday_spans", "weekends_of"]


def _fixed(month: int, day: int) -> Callable[[int], date | None]:
    return lambda year: date(year, month, day)


def _easter(offset: int, method: Literal[1, 2, 3] = EASTER_WESTERN) -> Callable[[int], date | None]:
    return lambda year: easter(year, method) + timedelta(days=offset)


def _national(country: str, name: str, subdivision: str | None = None) -> Callable[[int], date | None]:
    return lambda year: _from_holidays(country, subdivision, name, year)


@functools.lru_cache(maxsize=512)
def _from_holidays(country: str, subdivision: str | None, name: str, year: int) -> date | None:
    import holidays

    try:
        table = holidays.country_holidays(country, subdiv=subdivision, years=year)
    except (NotImplementedError, KeyError, ValueError):  # pragma: no cover - a year the package cannot compute
        return None
    # a label is the holiday when it names it exactly or adds a parenthesised gloss ("Chinese New Year (Spring
    # Festival)"); "Chinese New Year's Eve" is another day
    found = sorted(
        day
        for day, label in table.items()
        for part in label.split("; ")
        if part == name or part.startswith((f"{name} (", f"{name} Day"))
    )
    return found[0] if found else None


def _hijri(month: int, day: int, offset: int = 0) -> Callable[[int], date | None]:
    return lambda year: _hijri_in(month, day, year, offset)


@functools.lru_cache(maxsize=512)
def _hijri_in(month: int, day: int, year: int, offset: int) -> date | None:
    from hijridate import Gregorian, Hijri

    with contextlib.suppress(ValueError, OverflowError):
        first = Gregorian(year, 1, 1).to_hijri().year
        for hijri_year in (first, first + 1):
            moment = Hijri(hijri_year, month, day).to_gregorian()
            found = date(moment.year, moment.month, moment.day) + timedelta(days=offset)
            if found.year == year:
                return found
    return None


def _hebrew(month: int, day: int, offset: int = 0) -> Callable[[int], date | None]:
    return lambda year: _hebrew_in(month, day, year, offset)


@functools.lru_cache(maxsize=512)
def _hebrew_in(month: int, day: int, year: int, offset: int) -> date | None:
    from convertdate import hebrew

    for hebrew_year in (year + 3760, year + 3761):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # convertdate's own deprecated helper
            found = date(*hebrew.to_gregorian(hebrew_year, month, day)) + timedelta(days=offset)
        if found.year == year:
            return found
    return None


def _nth_weekday(month: int, weekday: int, n: int) -> Callable[[int], date | None]:
    return lambda year: nth_weekday(year, month, weekday, n)


def _after(rule: Callable[[int], date | None], days: int) -> Callable[[int], date | None]:
    return lambda year: (found := rule(year)) and found + timedelta(days=days)


_THANKSGIVING = _national("US", "Thanksgiving")
_MLK = _national("US", "Martin Luther King Jr. Day")
_UNITY = _national("DE", "German Unity Day")  # from the years it was held

#: Holiday names (lower case, as people write them) and the rule giving their date in a year.
HOLIDAYS: dict[str, Callable[[int], date | None]] = {
    "new year's day": _fixed(1, 1), "new years day": _fixed(1, 1), "new year": _fixed(1, 1),
    "new years": _fixed(1, 1), "new year's": _fixed(1, 1),
    "new year's eve": _fixed(12, 31), "new years eve": _fixed(12, 31), "nye": _fixed(12, 31),
    "new year eve": _fixed(12, 31), "new year day": _fixed(1, 1),
    "christmas": _fixed(12, 25), "christmas day": _fixed(12, 25), "xmas": _fixed(12, 25), "xmas day": _fixed(12, 25),
    "x-mas": _fixed(12, 25),
    "christmas eve": _fixed(12, 24), "xmas eve": _fixed(12, 24), "boxing day": _fixed(12, 26),
    "valentine's day": _fixed(2, 14), "valentines day": _fixed(2, 14), "valentine's": _fixed(2, 14),
    "valentines": _fixed(2, 14), "st patrick's day": _fixed(3, 17), "st. patrick's day": _fixed(3, 17),
    "saint patrick's day": _fixed(3, 17), "st patricks day": _fixed(3, 17), "halloween": _fixed(10, 31),
    "saint patrick": _fixed(3, 17), "st patrick": _fixed(3, 17), "st. patrick": _fixed(3, 17),
    "saint patricks day": _fixed(3, 17), "international workers' day": _fixed(5, 1),
    "international workers day": _fixed(5, 1), "workers' day": _fixed(5, 1), "yuandan": _fixed(1, 1),
    "all saints day": _fixed(11, 1), "all saints' day": _fixed(11, 1), "april fools day": _fixed(4, 1),
    "april fool's day": _fixed(4, 1), "april fools' day": _fixed(4, 1), "independence day": _fixed(7, 4),
    "the fourth of july": _fixed(7, 4), "fourth of july": _fixed(7, 4), "4th of july": _fixed(7, 4),
    "july 4th": _fixed(7, 4), "veterans day": _fixed(11, 11), "veteran's day": _fixed(11, 11),
    "veterans' day": _fixed(11, 11), "remembrance day": _fixed(11, 11), "armistice day": _fixed(11, 11),
    "juneteenth": _fixed(6, 19), "guy fawkes night": _fixed(11, 5), "bonfire night": _fixed(11, 5),
    "canada day": _fixed(7, 1), "bastille day": _fixed(7, 14), "earth day": _fixed(4, 22),
    "may day": _fixed(5, 1), "groundhog day": _fixed(2, 2), "german unity day": _UNITY,
    "day of german unity": _UNITY, "reformation day": _fixed(10, 31),
    "epiphany": _fixed(1, 6), "candlemas": _fixed(2, 2), "cinco de mayo": _fixed(5, 5),
    "anzac day": _fixed(4, 25), "australia day": _fixed(1, 26), "waitangi day": _fixed(2, 6),
    "melbourne cup day": _nth_weekday(11, 1, 1),
    "st george's day": _fixed(4, 23), "st andrew's day": _fixed(11, 30), "st david's day": _fixed(3, 1),
    "easter": _easter(0), "easter sunday": _easter(0), "easter day": _easter(0), "easter monday": _easter(1),
    "good friday": _easter(-2), "holy saturday": _easter(-1), "maundy thursday": _easter(-3),
    "holy thursday": _easter(-3), "palm sunday": _easter(-7), "ash wednesday": _easter(-46),
    "shrove tuesday": _easter(-47), "mardi gras": _easter(-47), "pancake day": _easter(-47),
    "ascension day": _easter(39), "ascension": _easter(39), "pentecost": _easter(49), "whit sunday": _easter(49),
    "whitsunday": _easter(49), "whit monday": _easter(50), "trinity sunday": _easter(56),
    "corpus christi": _easter(60), "orthodox easter": _easter(0, EASTER_ORTHODOX),
    "orthodox good friday": _easter(-2, EASTER_ORTHODOX), "orthodox christmas": _fixed(1, 7),
    "thanksgiving": _THANKSGIVING, "thanksgiving day": _THANKSGIVING, "black friday": _after(_THANKSGIVING, 1),
    "cyber monday": _after(_THANKSGIVING, 4), "martin luther king day": _national("US", "Martin Luther King Jr. Day"),
    "martin luther king jr. day": _MLK, "mlk day": _MLK,
    "presidents day": _national("US", "Washington's Birthday"),
    "presidents' day": _national("US", "Washington's Birthday"),
    "president's day": _national("US", "Washington's Birthday"),
    "washington's birthday": _national("US", "Washington's Birthday"), "memorial day": _national("US", "Memorial Day"),
    "labor day": _national("US", "Labor Day"), "columbus day": _national("US", "Columbus Day"),
    "indigenous peoples' day": _national("US", "Columbus Day"), "election day": _after(_nth_weekday(11, 0, 1), 1),
    "mother's day": _nth_weekday(5, 6, 2), "mothers day": _nth_weekday(5, 6, 2),
    "father's day": _nth_weekday(6, 6, 3), "fathers day": _nth_weekday(6, 6, 3),
    "tax day": _fixed(4, 15), "leap day": _fixed(2, 29), "hogmanay": _fixed(12, 31), "burns night": _fixed(1, 25),
    "mothering sunday": _easter(-21), "remembrance sunday": _nth_weekday(11, 6, 2),
    "spring bank holiday": _national("GB", "Spring Bank Holiday"),
    "early may bank holiday": _national("GB", "May Day"),
    "summer bank holiday": _national("GB", "Late Summer Bank Holiday", "ENG"),
    "victoria day": _national("CA", "Victoria Day", "ON"), "diwali": _national("IN", "Diwali"),
    "deepavali": _national("IN", "Diwali"), "holi": _national("IN", "Holi"), "dussehra": _national("IN", "Dussehra"),
    "chinese new year": _national("CN", "Chinese New Year"), "lunar new year": _national("CN", "Chinese New Year"),
    "spring festival": _national("CN", "Chinese New Year"),
    "mid-autumn festival": _national("CN", "Mid-Autumn Festival"),
    "dragon boat festival": _national("CN", "Dragon Boat Festival"), "ramadan": _hijri(9, 1),
    "eid al-fitr": _hijri(10, 1), "eid al fitr": _hijri(10, 1), "eid ul-fitr": _hijri(10, 1),
    "eid ul fitr": _hijri(10, 1), "eid": _hijri(10, 1), "eid al-adha": _hijri(12, 10), "eid al adha": _hijri(12, 10),
    "eid ul-adha": _hijri(12, 10), "eid ul adha": _hijri(12, 10), "islamic new year": _hijri(1, 1),
    "muharram": _hijri(1, 1), "ashura": _hijri(1, 10), "mawlid": _hijri(3, 12),
    "rosh hashanah": _hebrew(7, 1), "rosh hashana": _hebrew(7, 1), "yom kippur": _hebrew(7, 10),
    "sukkot": _hebrew(7, 15), "hanukkah": _hebrew(9, 25), "chanukah": _hebrew(9, 25), "hanukah": _hebrew(9, 25),
    "passover": _hebrew(1, 15), "pesach": _hebrew(1, 15), "purim": _hebrew(12, 14), "shavuot": _hebrew(3, 6),
}  # fmt: skip
#: "<holiday> eve" is the day before it ("thanksgiving eve", "easter eve"), for the names not ending "day" or "eve"
#: whose eve is not named above ("new year's eve" is December 31).
HOLIDAYS |= {
    f"{name} eve": _after(rule, -1)
    for name, rule in HOLIDAYS.items()
    if not name.endswith(("day", "eve")) and f"{name} eve" not in HOLIDAYS
}


def holiday_date(name: str, year: int) -> date | None:
    """The day holiday ``name`` falls on in ``year`` (``None`` when it has none that year)."""
    rule = HOLIDAYS.get(name)
    if rule is None or not 1900 <= year <= 2100:
        return None
    with contextlib.suppress(ValueError, OverflowError):
        return rule(year)
    return None


#: Holidays lasting more than a day: the rule giving the day after their last day.
_ENDS: dict[str, Callable[[int], date | None]] = {"ramadan": _hijri(10, 1)}


def holiday_spans(name: str, year: int) -> list[tuple[date, date]]:
    """Every reading of holiday ``name`` (or of its weekend: ``easter weekend``; ``easter long weekend`` is Good Friday
    to Easter Monday) in ``year``, each as its first day and the day after its last. Passover has two: seven days (15
    to 21 Nisan, as kept in Israel) and eight (to 22 Nisan, as kept elsewhere); a holiday's weekend on a Wednesday has
    two, the weekends before and after it."""
    if name.endswith(" weekend"):
        base = name.removesuffix(" weekend")
        days = _festival_spans(base.removesuffix(" long"), year)
        if len(days) != 1 or (days[0][1] - days[0][0]).days != 1:
            return []  # the weekend of a festival lasting several days is no one window
        day = days[0][0]
        if base.removesuffix(" long") in _EASTER_DAY and base.endswith(" long"):
            return [(day - timedelta(days=2), day + timedelta(days=2))]  # Good Friday to Easter Monday, both days off
        if base.removesuffix(" long") in _MONDAY_AFTER and base.endswith(" long") and day.weekday() >= 5:
            saturday = day - timedelta(days=day.weekday() - 5)  # the Monday after is the day off: Saturday to Monday
            return [(saturday, saturday + timedelta(days=3))]
        return weekends_of(day)
    return _festival_spans(name, year)


_EASTER_DAY = {"easter", "easter sunday", "easter day"}
#: Holidays whose day off moves to the Monday when they fall on a weekend.
_MONDAY_AFTER = {"australia day", "waitangi day"}


def _festival_spans(name: str, year: int) -> list[tuple[date, date]]:
    first = holiday_date(name, year)
    if first is None:
        return []
    if name in _DAYS:
        return [(first, first + timedelta(days=count)) for count in _DAYS[name]]
    end_rule = _ENDS.get(name)
    end = end_rule(year) if end_rule is not None else None
    if end is None or end <= first:
        end = _hijri_after(first) if name in _ENDS else first + timedelta(days=1)
    return [(first, end)]


#: Holidays lasting a fixed number of days from their first, every count kept somewhere: Hanukkah's eight days
#: (from 25 Kislev), Passover's seven in Israel and eight elsewhere (from 15 Nisan), Sukkot's seven (from 15 Tishrei;
#: Shemini Atzeret after it is a festival of its own).
_DAYS: dict[str, tuple[int, ...]] = {
    "hanukkah": (8,), "chanukah": (8,), "hanukah": (8,), "passover": (7, 8), "pesach": (7, 8), "sukkot": (7,),
}  # fmt: skip


def weekends_of(day: date) -> list[tuple[date, date]]:
    """The weekend of a one-day holiday, joined to it when it falls next to one: a Saturday or Sunday holiday's own
    Saturday and Sunday; Saturday to a Monday holiday, a Friday holiday to Sunday; across the one working day between
    (Saturday to a Tuesday holiday, a Thursday holiday to Sunday: "thanksgiving weekend" is Thursday to Sunday). A
    Wednesday holiday touches no weekend: the weekend before it and the weekend after it are both kept. "The weekend
    of the 22nd" is the Saturday and Sunday of these."""
    weekday = day.weekday()
    saturday = day - timedelta(days=weekday - 5)
    if weekday >= 5:
        return [(saturday, saturday + timedelta(days=2))]
    if weekday <= 1:  # Monday, Tuesday: from the Saturday before
        return [(saturday - timedelta(days=7), day + timedelta(days=1))]
    if weekday >= 3:  # Thursday, Friday: to the Sunday after
        return [(day, saturday + timedelta(days=2))]
    return [(saturday - timedelta(days=7), saturday - timedelta(days=5)), (saturday, saturday + timedelta(days=2))]


def _hijri_after(first: date) -> date:
    """The 1st of Shawwal following ``first`` (when it falls in the next Gregorian year)."""
    found = _ENDS["ramadan"](first.year + 1)
    return found if found is not None and found > first else first + timedelta(days=30)
