"""What every source of the date corpus shares: the families, the grains' units, offsets and ISO formatting."""

from __future__ import annotations

import hashlib
import re
import subprocess
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path

from _families import family_of
from dateutil.relativedelta import relativedelta

__all__ = [
    "COARSE",
    "FAMILIES",
    "OFFSETS",
    "UNITS",
    "Drop",
    "git_file",
    "iso",
    "labelled",
    "offset_for",
    "style_of",
    "timex_window",
]

FAMILIES = (
    "absolute_date",
    "absolute_datetime",
    "clock_time",
    "clock_notation",
    "relative_day",
    "relative_weekday",
    "relative_offset",
    "ordinal_weekday",
    "part_of_day",
    "week_period",
    "weekend",
    "month_period",
    "quarter_period",
    "year_period",
    "season",
    "range",
    "fraction",
    "holiday_fixed",
    "holiday_moveable",
    "holiday_lunar",
    "end_of_period",
    "timezone",
    "argument_format",
)
OFFSETS = ("-02:00", "+05:30", "-07:00", "+01:00", "+09:00", "-03:30", "+10:00", "-05:00")
UNITS: dict[str, timedelta | relativedelta] = {
    "second": timedelta(seconds=1),
    "minute": timedelta(minutes=1),
    "hour": timedelta(hours=1),
    "day": timedelta(days=1),
    "week": timedelta(days=7),
    "weekend": timedelta(days=7),
    "part_of_day": timedelta(days=1),
    "month": relativedelta(months=1),
    "quarter": relativedelta(months=3),
    "season": relativedelta(months=3),
    "year": relativedelta(years=1),
}
COARSE = {"day", "week", "weekend", "month", "quarter", "season", "year"}


class Drop(Exception):
    """An item we cannot label with confidence; the message is the reason counted in the report."""


def git_file(checkout: Path, commit: str, path: str) -> str:
    """A file of a pinned source: read from a work tree, or shown from a bare git directory at ``commit``."""
    if (checkout / path).is_file():
        return (checkout / path).read_text(encoding="utf-8-sig")
    shown = subprocess.run(
        ["git", f"--git-dir={checkout}", "show", f"{commit}:{path}"], check=True, capture_output=True
    )
    return shown.stdout.decode("utf-8-sig")


def offset_for(ident: str) -> timezone | None:
    """The fixed offset an item's user_time is read in (about a quarter of the items), chosen by a hash of its id."""
    digest = hashlib.sha256(ident.encode()).digest()
    if digest[0] % 4:
        return None
    text = OFFSETS[digest[1] % len(OFFSETS)]
    sign = text[0]
    hours, minutes = int(text[1:3]), int(text[4:6])
    delta = timedelta(hours=hours, minutes=minutes)
    return timezone(-delta if sign == "-" else delta)


def iso(moment: datetime, zone: timezone | None, *, date_only: bool = False) -> str:
    """An argument in ISO 8601 with the user's offset (a bare date when asked and the user time is naive)."""
    if date_only and zone is None:
        return moment.date().isoformat()
    return moment.replace(tzinfo=zone).isoformat()


def style_of(ident: str) -> int:
    """How an item writes a coarse argument (0: a bare date, or noon with an offset; 1: 09:00; 2: midnight)."""
    return int(hashlib.sha256(ident.encode()).hexdigest()[2:4], 16) % 3


def labelled(
    ident: str,
    source: str,
    phrase: str,
    reference: datetime,
    grain: str,
    correct: Sequence[datetime],
    shifted: Sequence[datetime],
    timex: str = "",
) -> dict[str, object]:
    """A corpus item from naive moments: one for a point, a start and an end for a range; its offset (if any) and the
    way it writes a coarse argument come from its id."""
    zone = offset_for(ident)
    date_only = grain in COARSE and style_of(ident) == 0
    kind = "point" if len(correct) == 1 else "range"
    values = [iso(moment, zone, date_only=date_only) for moment in correct]
    moved = [iso(moment, zone, date_only=date_only) for moment in shifted]
    return {
        "id": ident,
        "source": source,
        "family": family_of(phrase, kind, grain, timex),
        "phrase": phrase,
        "user_time": reference.replace(tzinfo=zone).isoformat(),
        "grain": grain,
        "kind": kind,
        "correct": values[0] if kind == "point" else dict(zip(("start", "end"), values, strict=True)),
        "shifted": moved[0] if kind == "point" else dict(zip(("start", "end"), moved, strict=True)),
    }


def timex_window(value: str, source: str, seasons: dict[str, tuple[int, int]] | None = None) -> tuple[str, datetime]:
    """The grain and the start of a TIMEX3 value (a season's given middle day, when ``seasons`` names them);
    ``Drop`` (naming ``source``) for a value with no single window or at midnight."""
    if m := re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?", value):
        year, month, day, hour, minute = (int(m[n]) for n in range(1, 6))
        if hour in (0, 24) and minute == 0:
            raise Drop(f"{source}: midnight")
        grain = "second" if m[6] else ("minute" if minute else "hour")
        return grain, datetime(year, month, day, hour, minute, int(m[6] or 0))
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return "day", datetime.fromisoformat(value)
    if re.fullmatch(r"\d{4}-\d{2}", value):
        return "month", datetime.fromisoformat(f"{value}-01")
    if re.fullmatch(r"\d{4}", value):
        return "year", datetime(int(value), 1, 1)
    if m := re.fullmatch(r"(\d{4})-W(\d{2})", value):
        return "week", datetime.fromisocalendar(int(m[1]), int(m[2]), 1)
    if m := re.fullmatch(r"(\d{4})-Q([1-4])", value):
        return "quarter", datetime(int(m[1]), 3 * int(m[2]) - 2, 1)
    if seasons is not None and (m := re.fullmatch(r"(\d{4})-(SP|SU|FA)", value)):
        return "season", datetime(int(m[1]), *seasons[m[2]])
    raise Drop(f"{source}: value not labelled ({re.sub(r'[0-9]', '9', value)})")
