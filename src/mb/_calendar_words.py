"""Calendar words read alike by the date grammar and the judges' guards: the names of months and weekdays, the units
of a length of time with their lengths, and the centuries a two-digit year is read in."""

from __future__ import annotations

__all__ = ["MONTHS", "UNITS", "UNIT_MONTHS", "UNIT_SECONDS", "WEEKDAYS", "short_years"]

_WEEKDAY_NAMES = (("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed", "weds"),
                  ("thursday", "thu", "thur", "thurs"), ("friday", "fri"), ("saturday", "sat"),
                  ("sunday", "sun"))  # fmt: skip
_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                "november", "december")  # fmt: skip

WEEKDAYS: dict[str, int] = {name: index for index, names in enumerate(_WEEKDAY_NAMES) for name in names}
"""Every spelling of a weekday (its name and abbreviations: "tuesday", "tue", "tues"), with its number (Monday 0)."""

MONTHS: dict[str, int] = {
    spelling: index for index, name in enumerate(_MONTH_NAMES, start=1) for spelling in (name, name[:3])
} | {"sept": 9}
"""Every spelling of a month (its name, its first three letters, "sept"), with its number (January 1)."""

UNITS: dict[str, str] = {
    "second": "second", "sec": "second", "s": "second", "minute": "minute", "min": "minute", "mins": "minute",
    "m": "minute", "hour": "hour", "hr": "hour", "hrs": "hour", "h": "hour", "day": "day", "d": "day",
    "week": "week", "wk": "week", "w": "week", "fortnight": "fortnight", "month": "month", "mo": "month",
    "year": "year", "yr": "year", "y": "year", "decade": "decade", "business day": "business day",
    "working day": "business day", "biz day": "business day", "weekday": "business day", "quarter": "quarter",
}  # fmt: skip
"""Every spelling of a unit of a length of time, singular, with the unit it names."""

UNIT_MONTHS = {"month": 1, "quarter": 3, "year": 12, "decade": 120}
"""The calendar units counted in months, with their number of months."""

UNIT_SECONDS = {"millisecond": 0.001, "second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400,
                "fortnight": 14 * 86400, "month": 30 * 86400, "quarter": 91 * 86400, "year": 365 * 86400,
                "decade": 3652 * 86400}  # fmt: skip
"""The length of every unit in seconds (a month as 30 days, a year as 365: a fraction of one is stepped as that many
seconds)."""


def short_years(short: int) -> tuple[int, ...]:
    """The readings of a year written in two digits, however it is written ("3/18/40", "june 88", "'35", "summer
    '19"). Where the common conventions agree, their century: 00 to 29 are 2000 to 2029 (POSIX ``%y``, Windows and
    spreadsheets, dateutil), 69 to 99 are 1969 to 1999 (POSIX ``%y``, Windows and spreadsheets, Recognizers-Text).
    From 30 to 68 they disagree (POSIX reads 2030 to 2068, Windows and spreadsheets 1930 to 1968): both readings."""
    if short < 30:
        return (2000 + short,)
    return (1900 + short,) if short >= 69 else (1900 + short, 2000 + short)
