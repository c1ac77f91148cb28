"""The end of a period to come said alone ("at the end of November") is its last week or the instant it ends; of one
under way or gone, after a start or deadline word, or with a time of day, its last day. A zone name in full in
brackets after a clock keeps its offset (one the user's country also names is not understood); "half seven pm" is
19:30; a time written in two zones ("10am PT / 1pm ET", "8/7c") is read when both name one instant."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from mb.matching.date_time import match_date_time

SAID = datetime(2027, 10, 29, 17, 40)  # a Friday
SAID_IN_LONDON = SAID.replace(tzinfo=ZoneInfo("Europe/London"))

ROWS: list[tuple[str, str, bool]] = [
    ("at the end of November", "2027-11-27", True),
    ("at the end of November", "2027-11-24", True),
    ("end of November", "2027-11-30", True),
    ("end of November", "2027-12-01T00:00", True),
    ("at the end of November", "2027-11-23", False),
    ("at the end of November", "2027-12-01", False),
    ("the end of next month", "2027-11-29", True),
    ("the end of february", "2028-02-20", False),
    ("end of 2027", "2027-12-31", True),  # the year under way, however worded: its last day
    ("end of 2027", "2027-12-30", False),
    ("by the end of November", "2027-11-30", True),
    ("by the end of November", "2027-11-28", False),
    ("the end of November at 5pm", "2027-11-30T17:00", True),
    ("the end of November at 5pm", "2027-11-28T17:00", False),
    ("the end of the month", "2027-10-30", False),  # the month under way: month-end, its last day
    ("at the end of this year", "2027-12-30", False),
    ("the end of next week", "2027-11-03", False),  # a week's end: its Friday, its Sunday or the instant it ends
    ("the end of next week", "2027-11-05", True),
]


@pytest.mark.parametrize(("phrase", "argument", "passes"), ROWS)
def test_the_end_of_a_period_said_alone_is_its_last_week(phrase: str, argument: str, passes: bool) -> None:
    outcome = match_date_time(phrase, argument, SAID)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passes, outcome.reason


@pytest.mark.parametrize(
    ("said", "phrase", "argument", "passes"),
    [
        (datetime(2027, 11, 29, 9), "end of November", "2027-11-30", True),
        (datetime(2027, 11, 29, 9), "end of November", "2027-11-24", False),
        (datetime(2027, 12, 30, 9), "end of December", "2027-12-25", False),
        (datetime(2027, 12, 30, 9), "at the end of 2027", "2027-12-25", False),
        (datetime(2027, 12, 30, 9), "end of January", "2028-01-25", True),
    ],
)
def test_the_end_of_a_period_under_way_is_its_last_day(
    said: datetime, phrase: str, argument: str, passes: bool
) -> None:
    outcome = match_date_time(phrase, argument, said)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passes, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "zone"),
    [("3pm (Eastern Standard Time)", "Australia/Sydney"), ("3pm (central standard time)", "Australia/Adelaide")],
)
def test_a_zone_name_in_full_the_users_country_shares_is_not_understood(phrase: str, zone: str) -> None:
    said = SAID.replace(tzinfo=ZoneInfo(zone))  # the user's own AEST or ACST may be meant, as with "EST" or "CST"
    outcome = match_date_time(phrase, "2027-10-29T15:00-05:00", said)
    assert outcome.error is not None
    assert "may be the user's own A" in outcome.reason


def test_a_tv_listing_inside_a_longer_token_is_not_understood_in_the_users_words() -> None:
    outcome = match_date_time("8/7c/2028", "2028-08-07", SAID_IN_LONDON)
    assert outcome.error is not None
    assert "'et'" not in outcome.reason


@pytest.mark.parametrize(
    ("phrase", "argument", "passes"),
    [
        ("10pm (central european summer time)", "2027-10-29T22:00+02:00", True),
        ("10pm (CENTRAL EUROPEAN SUMMER TIME)", "2027-10-29T22:00+01:00", False),
        ("10pm (PACIFIC DAYLIGHT TIME)", "2027-10-29T22:00-07:00", True),
        ("10pm (Pacific Daylight Time)", "2027-10-29T22:00-08:00", False),
    ],
)
def test_a_zone_name_in_full_in_brackets_after_a_clock_keeps_its_offset(
    phrase: str, argument: str, passes: bool
) -> None:
    outcome = match_date_time(phrase, argument, SAID)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passes, outcome.reason


def test_a_zone_name_in_brackets_naming_no_zone_is_not_understood() -> None:
    assert match_date_time("10pm (Mars Standard Time)", "2027-10-29T22:00", SAID).error is not None


@pytest.mark.parametrize(
    ("phrase", "argument", "passes"),
    [
        ("half seven pm", "2027-10-29T19:30", True),
        ("half seven pm", "2027-10-29T07:30", False),
        ("half 7am tomorrow", "2027-10-30T07:30", True),
        ("half 7am tomorrow", "2027-10-30T19:30", False),
    ],
)
def test_half_an_hour_with_am_or_pm_is_half_past_it(phrase: str, argument: str, passes: bool) -> None:
    outcome = match_date_time(phrase, argument, SAID)
    assert outcome.error is None, outcome.reason
    assert "Duckling" not in outcome.reason  # read by the grammar, with or without the second reader
    assert outcome.passed is passes, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "argument", "passes"),
    [
        ("tonight at 8/7c", "2027-10-29T20:00-04:00", True),  # 8 Eastern, 7 Central: one instant
        ("tonight at 8/7c", "2027-10-29T19:00-04:00", False),
        ("tonight at 8/7c", "2027-10-29T20:00+01:00", False),
        ("10am PT / 1pm ET", "2027-10-29T13:00-04:00", True),
        ("10am PT / 1pm ET", "2027-10-29T10:00-04:00", False),
        ("10am PT / 1pm ET", "2027-10-29T10:00+01:00", False),
    ],
)
def test_one_time_written_in_two_zones_is_that_instant(phrase: str, argument: str, passes: bool) -> None:
    outcome = match_date_time(phrase, argument, SAID_IN_LONDON)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passes, outcome.reason


@pytest.mark.parametrize(
    ("argument", "passes"),
    [("2027-10-30T10:00", None), ("2027-10-30T13:00", None), ("2027-10-30T13:00-04:00", True)],
)
def test_one_time_in_two_zones_said_at_a_naive_time_needs_the_argument_zone(argument: str, passes: bool | None) -> None:
    outcome = match_date_time("10am PT / 1pm ET", argument, SAID)  # either clock may be the user's
    assert outcome.passed is bool(passes), outcome.reason
    assert (outcome.error is None) is (passes is not None), outcome.reason


@pytest.mark.parametrize("phrase", ["10am PT / 2pm ET", "8/6c", "3pm UTC / 5pm BST"])
def test_two_zones_naming_different_instants_are_an_error(phrase: str) -> None:
    outcome = match_date_time(phrase, "2027-10-29T10:00-07:00", SAID_IN_LONDON)
    assert outcome.error is not None
    assert not outcome.passed


@pytest.mark.parametrize(
    ("phrase", "zone", "argument", "passes"),
    [
        ("10am PT / 1pm ET", "America/Los_Angeles", "2027-10-30T10:00-07:00", True),  # one side the user's own zone
        ("10am PT / 1pm ET", "America/Los_Angeles", "2027-10-30T10:00-04:00", False),
        ("10am PT / 1pm ET tomorrow", "Europe/London", "2027-10-30T13:00-04:00", True),  # the day word counts for both
        ("10am PT / 1pm ET tomorrow", "Europe/London", "2027-10-29T13:00-04:00", False),
        ("tomorrow 9am PT / 12pm ET", "Europe/London", "2027-10-30T12:00-04:00", True),
        ("tomorrow 9am PT / 12pm ET", "Europe/London", "2027-10-30T09:00-04:00", False),
        ("2pm ET/11am PT", "Europe/London", "2027-10-29T14:00-04:00", True),  # no spaces around the slash
        ("2pm ET/11am PT", "Europe/London", "2027-10-29T14:00+01:00", False),
    ],
)
def test_one_time_in_two_zones_beside_the_users_zone_or_a_day(
    phrase: str, zone: str, argument: str, passes: bool
) -> None:
    outcome = match_date_time(phrase, argument, SAID.replace(tzinfo=ZoneInfo(zone)))
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passes, outcome.reason


@pytest.mark.parametrize(
    ("phrase", "zone"),
    [
        ("10am PT / 2pm ET tomorrow", "Europe/London"),
        ("tomorrow 9am PT / 1pm ET", "Europe/London"),
        ("2pm ET/10am PT", "Europe/London"),
        ("10am PT / 2pm ET", "America/Los_Angeles"),
    ],
)
def test_two_zones_with_a_day_or_the_users_zone_naming_different_instants_are_an_error(phrase: str, zone: str) -> None:
    outcome = match_date_time(phrase, "2027-10-30T14:00-04:00", SAID.replace(tzinfo=ZoneInfo(zone)))
    assert outcome.error is not None
    assert "name different times" in outcome.reason


@pytest.mark.parametrize(
    ("zone", "argument", "passes"),
    [
        ("America/Los_Angeles", "2027-10-29T20:00-07:00", True),  # shows air at the Eastern hour on Pacific clocks
        ("America/Los_Angeles", "2027-10-29T20:00-04:00", False),
        ("America/Vancouver", "2027-10-29T20:00-07:00", True),
        ("America/Chicago", "2027-10-29T19:00-05:00", True),
        ("America/Chicago", "2027-10-29T20:00-05:00", False),
    ],
)
def test_a_tv_listing_is_read_on_the_viewers_clock(zone: str, argument: str, passes: bool) -> None:
    outcome = match_date_time("tonight at 8/7c", argument, datetime(2027, 10, 29, 10, 40, tzinfo=ZoneInfo(zone)))
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passes, outcome.reason


@pytest.mark.parametrize(
    "zone", ["America/Denver", "America/Phoenix", "Pacific/Honolulu", "Etc/GMT+6", "America/Regina"]
)
def test_a_tv_listing_said_where_its_hour_is_not_known_is_not_understood(zone: str) -> None:
    said = datetime(2027, 10, 29, 10, 40, tzinfo=ZoneInfo(zone))  # Mountain markets air it at 7, 8 or live at 6
    outcome = match_date_time("tonight at 8/7c", "2027-10-29T20:00-04:00", said)
    assert outcome.error is not None
    assert "TV listing" in outcome.reason


@pytest.mark.parametrize(
    ("phrase", "argument", "passes"),
    [
        ("3pm (gmt) tomorrow", "2027-10-30T15:00Z", True),
        ("3pm (gmt) tomorrow", "2027-10-30T15:00+02:00", False),
        ("3pm (ET) on monday", "2027-11-01T15:00-04:00", True),
        ("3pm (ET) on monday", "2027-11-01T15:00+01:00", False),
        ("noon (PT) tomorrow", "2027-10-30T12:00-07:00", True),
    ],
)
def test_a_zone_in_brackets_before_a_day_is_that_zone(phrase: str, argument: str, passes: bool) -> None:
    outcome = match_date_time(phrase, argument, datetime(2027, 10, 29, 10, 40, tzinfo=ZoneInfo("Europe/Berlin")))
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passes, outcome.reason


@pytest.mark.parametrize("phrase", ["3pm (+1)", "6:45am (+1) tomorrow", "9pm (+2) on friday", "23:10 (+1) tomorrow"])
def test_a_signed_number_in_brackets_after_a_clock_is_no_zone(phrase: str) -> None:
    # on an itinerary "(+1)" is the next day, never an offset of an hour
    said = datetime(2027, 10, 29, 10, 40, tzinfo=ZoneInfo("Europe/Berlin"))
    assert match_date_time(phrase, "2027-10-30T06:45+01:00", said).error is not None


@pytest.mark.parametrize(("argument", "passes"), [("2027-07-10", True), ("2028-07-10", False)])
def test_this_season_said_in_the_season_after_it_is_the_one_just_gone(argument: str, passes: bool) -> None:
    said = datetime(2027, 9, 10, 10, tzinfo=ZoneInfo("Australia/Sydney"))
    outcome = match_date_time("this winter", argument, said)
    assert outcome.error is None, outcome.reason
    assert outcome.passed is passes, outcome.reason
