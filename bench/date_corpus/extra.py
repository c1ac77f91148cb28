"""Write ``extra.jsonl``: hand-labelled date phrases for the families the public sources lack.

Run: ``python bench/date_corpus/extra.py`` (deterministic; then rebuild the corpus with ``build.py``). Every date
comes from a maintained calendar library, never from MorganaBench's matcher: ``holidays`` (US, India and China
holidays), ``dateutil.easter`` (Western and Orthodox Easter), ``convertdate`` (Hebrew calendar), ``hijridate``
(Umm al-Qura Hijri calendar) and ``zoneinfo`` (the tz database). Items carry the source ``handwritten``.

Families covered here: moveable and lunar holidays with an explicit year (festivals of several days and holiday
weekends among them), fixed holidays, seasons, end of a period
(EOM, EOY), clock notations, fractions of an hour, phrases naming a time zone, and arguments given as Unix
timestamps or ISO 8601 with ``Z``. Phrases whose readings vary by a day between conventions (Eid, the evening
before Hanukkah) are labelled only where a one-unit shift leaves every reading, or left out.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import holidays
from convertdate import hebrew
from dateutil.easter import EASTER_ORTHODOX, EASTER_WESTERN, easter
from dateutil.relativedelta import FR, MO, SU, TH, relativedelta
from hijridate import Gregorian, Hijri

__all__ = ["items", "main"]

OUT = Path(__file__).with_name("extra.jsonl")
YEARS = (2014, 2016, 2017, 2019, 2021, 2023, 2025, 2027)
# (naive wall clock, fixed offset or None): user times spread over the year, the day and the offsets
USER_TIMES = (
    (datetime(2013, 2, 12, 4, 30), timezone(timedelta(hours=-2))),
    (datetime(2019, 6, 3, 8, 0), timezone(timedelta(hours=5, minutes=30))),
    (datetime(2021, 11, 20, 6, 45), None),
    (datetime(2024, 3, 9, 7, 10), timezone(timedelta(hours=-5))),
    (datetime(2016, 8, 31, 9, 0), None),
    (datetime(2022, 12, 30, 5, 0), None),
    (datetime(2025, 1, 15, 7, 20), None),
    (datetime(2018, 10, 5, 2, 0), None),
)


def _iso(moment: datetime | date, zone: timezone | None) -> str:
    if isinstance(moment, datetime):
        return moment.replace(tzinfo=zone).isoformat()
    if zone is None:
        return moment.isoformat()
    return datetime.combine(moment, time(12)).replace(tzinfo=zone).isoformat()


def _item(
    family: str, phrase: str, user: datetime, zone: timezone | None, grain: str, correct: object, shifted: object
):
    return {
        "id": "",
        "source": "handwritten",
        "family": family,
        "phrase": phrase,
        "user_time": user.replace(tzinfo=zone).isoformat(),
        "grain": grain,
        "kind": "point",
        "correct": correct,
        "shifted": shifted,
    }


def _us(year: int, name: str) -> tuple[date, set[date]]:
    """A US holiday's date and every date observed for it that year. The holiday's own date is the one labelled
    with its name alone: when a weekend holiday is observed on the Friday before (Christmas 2021 and 2027, on
    Saturdays), the observed Friday sorts first but is not the day the phrase names."""
    days = holidays.US(years=year)
    found = sorted(day for day, label in days.items() if label.startswith(name))
    actual = [day for day in found if days[day] == name] or found
    return actual[0], set(found)


def _holidays() -> Iterator[dict[str, object]]:
    for index, year in enumerate(YEARS):
        user, zone = USER_TIMES[index % len(USER_TIMES)]
        western = easter(year, EASTER_WESTERN)
        thanksgiving, _ = _us(year, "Thanksgiving")
        moveable = {
            f"easter {year}": western,
            f"easter sunday {year}": western,
            f"good friday {year}": western - timedelta(days=2),
            f"easter monday {year}": western + timedelta(days=1),
            f"ash wednesday {year}": western - timedelta(days=46),
            f"pentecost {year}": western + timedelta(days=49),
            f"orthodox easter {year}": easter(year, EASTER_ORTHODOX),
            f"thanksgiving {year}": thanksgiving,
            f"black friday {year}": thanksgiving + timedelta(days=1),
            f"cyber monday {year}": thanksgiving + timedelta(days=4),
            f"memorial day {year}": _us(year, "Memorial Day")[0],
            f"labor day {year}": _us(year, "Labor Day")[0],
            f"martin luther king day {year}": _us(year, "Martin Luther King")[0],
            f"mother's day {year}": date(year, 5, 1) + relativedelta(weekday=SU(+2)),
            f"father's day {year}": date(year, 6, 1) + relativedelta(weekday=SU(+3)),
            f"columbus day {year}": date(year, 10, 1) + relativedelta(weekday=MO(+2)),
        }
        for phrase, day in moveable.items():
            yield _item("holiday_moveable", phrase, user, zone, "day", _iso(day, zone), _iso(day + timedelta(1), zone))
        new_year = min(d for d, label in holidays.CN(years=year).items() if "Spring Festival" in label)
        lunar = {
            f"diwali {year}": next(d for d, label in holidays.IN(years=year).items() if "Diwali" in label),
            f"chinese new year {year}": new_year,
            f"lunar new year {year}": new_year,
            f"the first day of hanukkah {year}": date(*hebrew.to_gregorian(year + 3761, 9, 25)),
        }
        for phrase, day in lunar.items():
            yield _item("holiday_lunar", phrase, user, zone, "day", _iso(day, zone), _iso(day + timedelta(1), zone))
        hijri_year = Gregorian(year, 7, 1).to_hijri().year
        start = Hijri(hijri_year, 9, 1).to_gregorian()
        middle = start + timedelta(days=14)
        phrase = f"ramadan {start.year}"
        yield _item(
            "holiday_lunar", phrase, user, zone, "month", _iso(middle, zone), _iso(middle + timedelta(30), zone)
        )
        for name, label in (("independence day", "Independence Day"), ("christmas", "Christmas Day")):
            day, observed = _us(year, label)
            step = 1 if day + timedelta(1) not in observed else -1
            if day + timedelta(step) in observed:
                continue
            shifted = day + timedelta(step)
            yield _item("holiday_fixed", f"{name} {year}", user, zone, "day", _iso(day, zone), _iso(shifted, zone))
        fixed = {
            f"the ides of march {year}": date(year, 3, 15),
            f"halloween {year}": date(year, 10, 31),
            f"valentine's day {year}": date(year, 2, 14),
            f"christmas eve {year}": date(year, 12, 24),
            f"new year's eve {year}": date(year, 12, 31),
        }
        for phrase, day in fixed.items():
            yield _item("holiday_fixed", phrase, user, zone, "day", _iso(day, zone), _iso(day - timedelta(1), zone))


def _seasons() -> Iterator[dict[str, object]]:
    for index, year in enumerate(YEARS):
        user, zone = USER_TIMES[(index + 3) % len(USER_TIMES)]
        for name, month in (("spring", 4), ("summer", 7), ("fall", 10), ("autumn", 10)):
            middle = date(year, month, 15)  # inside both the meteorological and the astronomical season
            shifted = middle + relativedelta(months=3)
            yield _item("season", f"{name} {year}", user, zone, "season", _iso(middle, zone), _iso(shifted, zone))


def _ends() -> Iterator[dict[str, object]]:
    for user, zone in USER_TIMES:
        month_end = (user.replace(day=1) + relativedelta(months=1) - timedelta(days=1)).replace(hour=23, minute=59)
        year_end = user.replace(month=12, day=31, hour=23, minute=59)
        for phrase, moment in (("EOM", month_end), ("end of month", month_end), ("EOY", year_end)):
            if moment.date() == user.date():
                continue
            shifted = moment - timedelta(days=1)
            yield _item("end_of_period", phrase, user, zone, "day", _iso(moment, zone), _iso(shifted, zone))


CLOCKS = (
    ("15h30", time(15, 30), "minute"),
    ("1530 hours", time(15, 30), "minute"),
    ("a quarter to noon", time(11, 45), "minute"),
    ("15 to noon", time(11, 45), "minute"),
    ("twenty after 3pm", time(15, 20), "minute"),
    ("four twenty-three p m", time(16, 23), "minute"),
    ("half past nine pm", time(21, 30), "minute"),
    ("quarter past 7 pm", time(19, 15), "minute"),
    ("15:23:24", time(15, 23, 24), "second"),
    ("ten to midnight", time(23, 50), "minute"),
)


def _clocks() -> Iterator[dict[str, object]]:
    for index, (user, zone) in enumerate(USER_TIMES):
        for offset, (phrase, clock, grain) in enumerate(CLOCKS):
            if (index + offset) % 2:
                continue
            tomorrow = (index + offset) % 4 == 0
            day = user.date() + timedelta(days=1 if tomorrow else 0)
            moment = datetime.combine(day, clock)
            if moment <= user:
                continue
            unit = timedelta(seconds=1) if grain == "second" else timedelta(minutes=1)
            text = f"tomorrow at {phrase}" if tomorrow else phrase
            yield _item("clock_notation", text, user, zone, grain, _iso(moment, zone), _iso(moment + unit, zone))


FRACTIONS = (
    ("in 1/2 hour", timedelta(minutes=30)),
    ("in half an hour", timedelta(minutes=30)),
    ("in a quarter of an hour", timedelta(minutes=15)),
    ("in 1/4 hour", timedelta(minutes=15)),
    ("in three quarters of an hour", timedelta(minutes=45)),
    ("in 1.5 hours", timedelta(minutes=90)),
    ("in 2 1/2 hours", timedelta(minutes=150)),
)


def _fractions() -> Iterator[dict[str, object]]:
    for index, (user, zone) in enumerate(USER_TIMES):
        for offset, (phrase, delta) in enumerate(FRACTIONS):
            if (index + offset) % 2:
                continue
            moment = user + delta
            shifted = moment + timedelta(minutes=1)
            yield _item("fraction", phrase, user, zone, "minute", _iso(moment, zone), _iso(shifted, zone))


ZONES = (
    ("9am Pacific", time(9), "America/Los_Angeles", "hour"),
    ("3pm Eastern", time(15), "America/New_York", "hour"),
    ("10:30 CET", time(10, 30), "Europe/Paris", "minute"),
    ("noon UTC", time(12), "UTC", "hour"),
    ("8pm London time", time(20), "Europe/London", "hour"),
    ("6:45pm India time", time(18, 45), "Asia/Kolkata", "minute"),
    ("7am Tokyo time", time(7), "Asia/Tokyo", "hour"),
    ("4pm Sydney time", time(16), "Australia/Sydney", "hour"),
)


def _zones() -> Iterator[dict[str, object]]:
    for index, (user, zone) in enumerate(USER_TIMES):
        if zone is None:
            continue
        for offset, (phrase, clock, name, grain) in enumerate(ZONES):
            if (index + offset) % 2:
                continue
            there = user.replace(tzinfo=zone).astimezone(ZoneInfo(name))
            if there.date() != user.date():
                continue  # "tomorrow" would name a different day there than here
            day = user.date() + timedelta(days=1)
            moment = datetime.combine(day, clock, tzinfo=ZoneInfo(name)).astimezone(zone)
            unit = timedelta(hours=1) if grain == "hour" else timedelta(minutes=1)
            text = f"tomorrow at {phrase}"
            yield _item("timezone", text, user, zone, grain, moment.isoformat(), (moment + unit).isoformat())


def _arguments() -> Iterator[dict[str, object]]:
    for user, zone in USER_TIMES:
        if zone is None:
            continue
        tomorrow = user.date() + timedelta(days=1)
        moment = datetime.combine(tomorrow, time(14), tzinfo=zone)
        stamp = int(moment.timestamp())
        yield _item("argument_format", "tomorrow at 2pm", user, zone, "hour", stamp, stamp + 3600)
        utc = moment.astimezone(UTC)
        text, shifted = utc.strftime("%Y-%m-%dT%H:%M:%SZ"), (utc + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
        yield _item("argument_format", "tomorrow at 2pm", user, zone, "hour", text, shifted)
        day_after = datetime.combine(tomorrow + timedelta(days=1), time(9, 30), tzinfo=zone)
        stamp = int(day_after.timestamp())
        yield _item("argument_format", "the day after tomorrow at 9:30", user, zone, "minute", stamp, stamp + 60)


def _range(
    phrase: str, user: datetime, zone: timezone | None, grain: str, start: datetime, end: datetime
) -> dict[str, object]:
    """A range item whose shifted start lies one unit of the start's grain earlier."""
    unit = timedelta(days=1) if grain == "day" else timedelta(hours=1)
    date_only = grain == "day" and zone is None
    correct = {
        "start": _iso(start.date() if date_only else start, zone),
        "end": _iso(end.date() if date_only else end, zone),
    }
    shifted_start = start - unit
    shifted = {"start": _iso(shifted_start.date() if date_only else shifted_start, zone), "end": correct["end"]}
    item = _item("range", phrase, user, zone, grain, correct, shifted)
    item["kind"] = "range"
    return item


def _quarter_start(moment: datetime) -> datetime:
    """The first instant of the quarter holding ``moment``."""
    return datetime(moment.year, 3 * ((moment.month - 1) // 3) + 1, 1)


def _examples() -> Iterator[dict[str, object]]:
    """Phrases of the kinds users write to benchmarks, labelled with dateutil's calendar arithmetic."""
    for user, zone in USER_TIMES:
        today = datetime.combine(user.date(), time())
        quarter = _quarter_start(user)
        yield _item(
            "quarter_period",
            "this quarter",
            user,
            zone,
            "quarter",
            _iso(quarter, zone),
            _iso(quarter + relativedelta(months=3), zone),
        )
        yield _range("last 2 days", user, zone, "day", today - timedelta(days=2), today)
        yield _range(
            "tomorrow from 3 to 4pm",
            user,
            zone,
            "hour",
            today + timedelta(days=1, hours=15),
            today + timedelta(days=1, hours=16),
        )
        if user.month < 3:  # before March 3 this year's is also the coming one
            march = datetime(user.year if user.month < 3 else user.year + 1, 3, 3)
            yield _item(
                "absolute_date", "march 3", user, zone, "day", _iso(march, zone), _iso(march + timedelta(1), zone)
            )
        if user.weekday() >= 5:  # at the weekend the coming Friday is next week's: one reading
            friday = today + relativedelta(days=1, weekday=FR(+1))
            moment = friday.replace(hour=14)
            yield _item(
                "relative_weekday",
                "next friday at 2pm",
                user,
                zone,
                "hour",
                _iso(moment, zone),
                _iso(moment + timedelta(hours=1), zone),
            )
        if user.weekday() != 3:
            thursday = today + relativedelta(days=-1, weekday=TH(-2))
            yield _item(
                "relative_weekday",
                "2 thursdays ago",
                user,
                zone,
                "day",
                _iso(thursday, zone),
                _iso(thursday + timedelta(1), zone),
            )
        if user.hour < 12:
            moment = today.replace(hour=20, minute=15)
            yield _item(
                "clock_notation",
                "tonight 815",
                user,
                zone,
                "minute",
                _iso(moment, zone),
                _iso(moment + timedelta(minutes=1), zone),
            )
            moment = today.replace(hour=15, minute=15)
            yield _item(
                "clock_notation",
                "at 3 15",
                user,
                zone,
                "minute",
                _iso(moment, zone),
                _iso(moment + timedelta(minutes=1), zone),
            )
            moment = today.replace(hour=12, minute=15)
            yield _item(
                "clock_notation",
                "at 12 15",
                user,
                zone,
                "minute",
                _iso(moment, zone),
                _iso(moment + timedelta(minutes=1), zone),
            )
        moment = today + timedelta(days=1, hours=4, minutes=23)
        yield _item(
            "clock_notation",
            "tomorrow at four twenty-three a m",
            user,
            zone,
            "minute",
            _iso(moment, zone),
            _iso(moment + timedelta(minutes=1), zone),
        )
        if user.month != 11:
            year = user.year - 1 if user.month < 11 else user.year
            thanksgiving = datetime.combine(_us(year, "Thanksgiving")[0], time())
            yield _item(
                "holiday_moveable",
                "last thanksgiving",
                user,
                zone,
                "day",
                _iso(thanksgiving, zone),
                _iso(thanksgiving + timedelta(1), zone),
            )
        october = datetime(user.year, 10, 5)
        nearest = min(
            (october + relativedelta(weekday=MO(-1)), october + relativedelta(weekday=MO(+1))),
            key=lambda monday: abs(monday - october),
        )
        if october.weekday() != 0:  # on a Monday itself the phrase would be odd
            yield _item(
                "ordinal_weekday",
                f"the closest Monday to Oct 5th {user.year}",
                user,
                zone,
                "day",
                _iso(nearest, zone),
                _iso(nearest + timedelta(1), zone),
            )
        sunday = today + relativedelta(days=1, weekday=SU(+1))
        yield _item("absolute_date", f"Sunday, {sunday:%b} {sunday.day}", user, zone, "day", _iso(sunday, zone),
                    _iso(sunday + timedelta(1), zone))  # fmt: skip


def _festivals() -> Iterator[dict[str, object]]:
    """Festivals of several days, dated by ``holidays.Israel`` (Passover: seven days in Israel, eight elsewhere, so the
    seventh day is in both readings and the sixth before the end of either; Sukkot: seven days before Shemini
    Atzeret), and the long weekends of US Monday holidays (Saturday to Monday)."""
    for index, year in enumerate(YEARS):
        user, zone = USER_TIMES[(index + 3) % len(USER_TIMES)]
        israel = {label: day for day, label in holidays.Israel(years=year).items()}
        first, seventh = israel["Pesach"], israel["Seventh day of Pesach"]
        sukkot, atzeret = israel["Sukkot"], israel["Simchat Torah / Shemini Atzeret"]
        one = timedelta(days=1)
        yield _item("holiday_lunar", f"passover {year}", user, zone, "day", _iso(first, zone), _iso(first - one, zone))
        yield _item("holiday_lunar", f"the last day of passover {year}", user, zone, "day", _iso(seventh, zone),
                    _iso(seventh - one, zone))  # fmt: skip
        yield _item("holiday_lunar", f"sukkot {year}", user, zone, "day", _iso(sukkot, zone), _iso(sukkot - one, zone))
        yield _item("holiday_lunar", f"the last day of sukkot {year}", user, zone, "day", _iso(atzeret - one, zone),
                    _iso(atzeret, zone))  # fmt: skip
        for name, label in (("memorial day", "Memorial Day"), ("labor day", "Labor Day")):
            monday = _us(year, label)[0]
            saturday = monday - timedelta(days=2)
            yield _item("holiday_moveable", f"{name} weekend {year}", user, zone, "day", _iso(saturday, zone),
                        _iso(saturday - one, zone))  # fmt: skip


def items() -> list[dict[str, object]]:
    """Every hand-labelled item, with stable ids."""
    found = [*_holidays(), *_seasons(), *_ends(), *_clocks(), *_fractions(), *_zones(), *_arguments(), *_examples()]
    found.extend(_festivals())  # last: the ids of the items above stay as they were
    for index, item in enumerate(found):
        item["id"] = f"hw-en-{index:04d}"
    return found


def main() -> None:
    """Write ``extra.jsonl`` next to this script."""
    written = items()
    OUT.write_text("".join(json.dumps(item, ensure_ascii=False) + "\n" for item in written), encoding="utf-8")
    print(f"wrote {len(written)} items to {OUT}")


if __name__ == "__main__":
    main()
