"""The pieces of the ``date_time`` matcher: phrase readings, parameter names, zones and argument parsing.

Dates were checked by hand against ``python -m calendar`` (2024-02-01 is a Thursday; Easter 2024 fell on
March 31 and Easter 2025 on April 20; the fourth Thursday of November 2024 is the 28th).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from mb.matching.date_time import resolve
from mb.matching.date_time._names import classify
from mb.matching.date_time._value import parse_value
from mb.matching.date_time._zones import pop_zone, user_zone

THU = datetime(2024, 2, 1, 9, 15)
FRI = datetime(2024, 2, 2, 8, 0)


def _starts(phrase: str, user_time: datetime | None = THU) -> set[str]:
    resolution = resolve(phrase, user_time)
    assert resolution.problem is None, resolution.problem
    return {f"{r.start.lo:%Y-%m-%dT%H:%M}" for r in resolution.readings}


@pytest.mark.parametrize(
    ("phrase", "user_time", "starts"),
    [
        ("this Monday", THU, {"2024-01-29T00:00", "2024-02-05T00:00"}),
        ("last Tuesday", THU, {"2024-01-23T00:00", "2024-01-30T00:00"}),
        ("next Sunday", THU, {"2024-02-04T00:00", "2024-02-11T00:00"}),
        ("this coming Friday", THU, {"2024-02-02T00:00"}),
        ("Thursday", THU, {"2024-02-01T00:00", "2024-02-08T00:00"}),
        ("Monday after next", THU, {"2024-02-12T00:00"}),
        ("the Friday after next", THU, {"2024-02-09T00:00", "2024-02-16T00:00"}),
        ("Easter", THU, {"2024-03-31T00:00"}),
        ("Good Friday 2025", None, {"2025-04-18T00:00"}),
        ("Thanksgiving", THU, {"2024-11-28T00:00"}),
        ("Christmas 2024", None, {"2024-12-25T00:00"}),
        ("the second Tuesday in April", THU, {"2024-04-09T00:00"}),
        ("the 15th of next month", THU, {"2024-03-15T00:00"}),
        ("Friday at midnight", THU, {"2024-02-02T00:00", "2024-02-03T00:00"}),
        ("next business day", FRI, {"2024-02-05T00:00"}),
        ("a fortnight from today", THU, {"2024-02-15T00:00"}),
        ("2 days ago", THU, {"2024-01-30T00:00"}),
        ("in 90 minutes", THU, {"2024-02-01T10:45"}),
        ("an hour and a half from now", THU, {"2024-02-01T10:45"}),
        ("10 minutes after 3pm", THU, {"2024-02-01T15:10"}),
        ("tmrw 2pm", THU, {"2024-02-02T14:00"}),
        ("Fri 2/9 2pm", THU, {"2024-02-09T14:00"}),
        ("at 9", THU, {"2024-02-02T09:00", "2024-02-01T21:00"}),
        ("early tomorrow morning", THU, {"2024-02-02T05:00"}),
        ("lunchtime tomorrow", THU, {"2024-02-02T11:30"}),
        ("EOD Friday", THU, {"2024-02-02T17:00"}),
        ("tonight", THU, {"2024-02-01T18:00"}),
        ("the week after next", THU, {"2024-02-12T00:00"}),
    ],
)
def test_readings(phrase: str, user_time: datetime | None, starts: set[str]) -> None:
    assert _starts(phrase, user_time) == starts


def test_time_range_without_am_pm_has_both_halves_of_the_day() -> None:
    resolution = resolve("from 9 to 5", THU)
    pairs = {(f"{r.start.lo:%d %H:%M}", f"{r.end.lo:%d %H:%M}") for r in resolution.readings if r.end}
    # 09:00 today has passed at 09:15: the morning pair is today's, under way, or tomorrow's; 21:00-05:00 is tonight's.
    assert pairs == {("01 09:00", "01 17:00"), ("02 09:00", "02 17:00"), ("01 21:00", "02 05:00")}
    assert resolution.is_range


def test_granularity_windows() -> None:
    (afternoon,) = resolve("tomorrow afternoon", THU).readings
    assert (afternoon.start.lo, afternoon.start.hi) == (datetime(2024, 2, 2, 12), datetime(2024, 2, 2, 18))
    (march,) = resolve("in March", THU).readings
    assert (march.start.lo, march.start.hi, march.start.grain) == (datetime(2024, 3, 1), datetime(2024, 4, 1), "month")
    (week,) = resolve("next week", THU).readings
    assert (week.start.lo, week.start.hi) == (datetime(2024, 2, 5), datetime(2024, 2, 12))


def test_cache_distinguishes_offsets_of_the_same_instant() -> None:
    new_york = datetime(2024, 2, 1, 23, 30, tzinfo=timezone(timedelta(hours=-5)))
    london = datetime(2024, 2, 2, 4, 30, tzinfo=UTC)
    assert new_york == london
    assert _starts("today", new_york) == {"2024-02-01T00:00"}
    assert _starts("today", london) == {"2024-02-02T00:00"}


def test_relative_phrase_needs_user_time() -> None:
    resolution = resolve("in 2 hours", None)
    assert resolution.readings == ()
    assert resolution.problem is not None
    assert "outputs.environment.user_time is missing" in resolution.problem


@pytest.mark.parametrize(
    ("name", "role", "kind"),
    [
        ("start_time", "start", "time"),
        ("end_time", "end", "time"),
        ("startDateTime", "start", "full"),
        ("dtstart", "start", "full"),
        ("endDate", "end", "date"),
        ("date_to", "end", "date"),
        ("from", "start", "full"),
        ("until", "end", "full"),
        ("deadline", "start", "full"),
        ("check_out_date", "end", "date"),
        ("timeZone", "start", "zone"),
        ("durationMinutes", "start", "duration"),
        ("day_of_week", "start", "weekday"),
        ("am_pm", "start", "ampm"),
        ("end_minute", "end", "minute"),
        ("year", "start", "year"),
    ],
)
def test_parameter_names(name: str, role: str, kind: str) -> None:
    slot = classify(name)
    assert (slot.role, slot.kind) == (role, kind)


def test_duration_unit_from_name() -> None:
    assert classify("durationHours").unit == "hour"
    assert classify("duration_s").unit == "second"
    assert classify("duration").unit is None  # a number in it cannot be read as a length


@pytest.mark.parametrize(
    ("text", "rest", "offset"),
    [
        ("3pm utc", "3pm", timedelta(0)),
        ("15:00 +0100", "15:00", timedelta(hours=1)),
        ("9am pst", "9am", timedelta(hours=-8)),
        ("tomorrow at 10 cet", "tomorrow at 10", timedelta(hours=1)),
    ],
)
def test_zone_words(text: str, rest: str, offset: timedelta) -> None:
    remaining, zone = pop_zone(text)
    assert remaining == rest
    assert zone is not None
    assert offset in zone.offsets_at_wall(datetime(2024, 1, 15, 12))


@pytest.mark.parametrize("text", ["2024-02-09", "march 5", "next friday at 2pm", "june 3-5"])
def test_no_zone_in_plain_phrases(text: str) -> None:
    assert pop_zone(text) == (text, None)


def test_region_zone_follows_daylight_saving() -> None:
    _, zone = pop_zone("3pm pacific time")
    assert zone is not None
    assert zone.offsets_at_wall(datetime(2024, 7, 1, 15)) == (timedelta(hours=-7),)


def test_fixed_user_offset_is_never_guessed_into_named_zones() -> None:
    zone = user_zone(datetime(2024, 3, 9, 10, tzinfo=timezone(timedelta(hours=-8))))
    assert zone is not None
    assert zone.offsets_at_wall(datetime(2024, 3, 10, 15)) == (timedelta(hours=-8),)
    assert zone.offsets_at_wall(datetime(2024, 7, 10, 15)) == (timedelta(hours=-8),)
    assert user_zone(THU) is None


def test_parse_values() -> None:
    (clock,) = parse_value("2:30 PM", THU)  # type: ignore[misc]
    assert (clock.lo.hour, clock.lo.minute, clock.free) == (14, 30, frozenset({"year", "month", "day"}))
    (stamp,) = parse_value(1707487200000, THU)  # type: ignore[misc]
    assert stamp.lo == datetime.fromtimestamp(1707487200, UTC).replace(tzinfo=None)
    assert stamp.offset == timedelta(0)
    (day,) = parse_value("2024-02-09", THU)  # type: ignore[misc]
    assert (day.lo, day.hi, day.mode) == (datetime(2024, 2, 9), datetime(2024, 2, 10), "covers")
    (aware,) = parse_value("2024-02-09T14:00:00.250+05:30", THU)  # type: ignore[misc]
    assert aware.offset == timedelta(hours=5, minutes=30)
    assert parse_value(float("nan"), THU) == "got NaN (number), which is not a valid Unix timestamp"
    assert parse_value({"a": 1}, THU) == 'got {"a": 1} (object), which is not a date or time'
    relative = parse_value("next Friday", None)
    assert isinstance(relative, str)
    assert "user_time is missing" in relative


def test_phrases_that_move_with_the_clock_stay_exact() -> None:
    from mb.matching.date_time import match_date_time

    assert match_date_time("in 2 hours", "2024-02-01T11:15:00", datetime(2024, 2, 1, 9, 15)).passed
    assert match_date_time("in 2 hours", "2024-02-01T19:40:00", datetime(2024, 2, 1, 17, 40)).passed
    assert not match_date_time("in 2 hours", "2024-02-01T11:15:00", datetime(2024, 2, 1, 17, 40)).passed
    # a bare clock time means today until it has passed, then tomorrow
    assert match_date_time("at 9am", "2024-02-01T09:00:00", datetime(2024, 2, 1, 8, 0)).passed
    assert match_date_time("at 9am", "2024-02-02T09:00:00", datetime(2024, 2, 1, 10, 0)).passed
    assert not match_date_time("at 9am", "2024-02-01T09:00:00", datetime(2024, 2, 1, 10, 0)).passed


@pytest.mark.parametrize("year", [9, 999, 1000, 2025, 9999])
def test_labels_and_shown_moments_are_the_strftime_forms(year: int) -> None:
    from mb.matching.date_time._model import Window
    from mb.matching.date_time._value import show_moment

    lo = datetime(year, 3, 4, 5, 6, 7, 890)
    forms = {"second": "%Y-%m-%dT%H:%M:%S", "minute": "%Y-%m-%dT%H:%M", "day": "%Y-%m-%d", "month": "%Y-%m",
             "year": "%Y"}  # fmt: skip
    for grain, form in forms.items():
        assert Window(lo, lo + timedelta(days=1), grain).label == lo.strftime(form)
    assert show_moment(lo) == lo.strftime("%Y-%m-%dT%H:%M:%S")
    assert show_moment(lo.replace(second=0, microsecond=0), timedelta(hours=-3)) == lo.strftime("%Y-%m-%dT%H:%M-03:00")


def test_a_fixed_offset_shows_an_instant_as_the_tz_conversion_does() -> None:
    from mb.matching.date_time._zones import ZoneSpec, fixed_zone

    for minutes in (-690, -300, 0, 330, 765):
        zone = fixed_zone(timedelta(minutes=minutes))
        for instant in (datetime(2025, 3, 30, 0, 59), datetime(1, 1, 2), datetime(2024, 12, 31, 23, 30)):
            converted = instant.replace(tzinfo=UTC).astimezone(zone.zones[0]).replace(tzinfo=None)
            assert zone.walls_at(instant) == (converted,)
    paris = ZoneSpec("Europe/Paris", (ZoneInfo("Europe/Paris"),))
    assert paris.walls_at(datetime(2025, 7, 1, 10)) == (datetime(2025, 7, 1, 12),)


def test_the_reference_kept_from_the_last_call_is_not_given_for_the_same_instant_in_another_zone() -> None:
    from mb.matching.date_time._phrase import reference_of

    paris = datetime(2025, 3, 4, 0, 30, tzinfo=timezone(timedelta(hours=1)))
    london = paris.astimezone(timezone(timedelta(0)))
    assert paris == london
    assert reference_of("tomorrow at 9am", paris)[0] == datetime(2025, 3, 4)
    assert reference_of("tomorrow at 9am", london)[0] == datetime(2025, 3, 3)
    assert reference_of("tomorrow at 9am", london)[1] != reference_of("tomorrow at 9am", paris)[1]
    naive = datetime(2025, 3, 4, 0, 30)
    assert reference_of("tomorrow at 9am", naive) == (datetime(2025, 3, 4), None, None)
    assert reference_of("in 2 hours", naive) == (naive, None, None)
