"""Working days counted where the weekend is not Saturday and Sunday, and from the edge of a year.

Each country of the user's zone rests on its own weekend (the ``holidays`` package's: the United Arab Emirates'
Saturday and Sunday since 2022, Oman's, Saudi Arabia's, Qatar's, Bahrain's, Israel's, Egypt's and Afghanistan's Friday
and Saturday, Iran's Friday, DR Congo's and Niger's Sunday alone); where a zone lists several countries, a count is
understood only when all give the same day, never read as a day some of them do not work. Said at 10:00 in the zone.

Calendar facts used (``python -m calendar``): 2026-06-10, 2026-09-09 and 2026-10-07 are Wednesdays, 2026-06-05 a
Friday, 2026-07-13 a Monday; January 1, 2027 is a Friday, December 31, 2026 a Thursday, December 31, 2027 a Friday.
Holidays used: Passover's first day falls on 2027-04-22; the UAE keep the Islamic New Year on 2026-06-15, Oman on
the 18th; Germany rests on May Day (2026-05-01, a Friday), Denmark works.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict


def _at(day: str, zone: str | None) -> datetime:
    said = datetime.fromisoformat(f"{day}T10:00")
    return said.replace(tzinfo=ZoneInfo(zone)) if zone else said


ROWS: list[tuple[str, str, str | None, str, object]] = [
    # Dubai (UAE, Réunion, Seychelles: Saturday and Sunday; Oman: Friday and Saturday): a Thursday's next working
    # day is Friday in some, Sunday in Oman
    ("next business day", "2026-06-10", "Asia/Dubai", "2026-06-11", True),
    ("next business day", "2026-06-10", "Asia/Dubai", "2026-06-12", False),
    ("next business day", "2026-06-11", "Asia/Dubai", "2026-06-12", ERROR),
    ("next business day", "2026-06-11", "Asia/Dubai", "2026-06-14", ERROR),
    ("next business day", "2026-06-14", "Asia/Dubai", "2026-06-15", ERROR),  # the UAE's Islamic New Year
    ("in 3 working days", "2026-09-09", "Asia/Dubai", "2026-09-14", True),  # Thu, Fri, Mon; Thu, Sun, Mon
    ("in 3 working days", "2026-09-09", "Asia/Dubai", "2026-09-11", False),
    ("in 2 working days", "2026-09-09", "Asia/Dubai", "2026-09-11", ERROR),
    ("in 2 working days", "2026-09-09", "Asia/Dubai", "2026-09-13", ERROR),
    # Riyadh (Saudi Arabia, Kuwait, Yemen: Friday and Saturday; the zone's Antarctic station keeps no business week)
    ("next business day", "2026-10-06", "Asia/Riyadh", "2026-10-07", True),
    ("next business day", "2026-10-08", "Asia/Riyadh", "2026-10-11", True),
    ("next business day", "2026-10-08", "Asia/Riyadh", "2026-10-09", False),
    # Qatar and Bahrain, Israel, Iran, Afghanistan: each zone's countries rest alike
    ("next business day", "2026-10-08", "Asia/Qatar", "2026-10-11", True),
    ("next business day", "2026-10-08", "Asia/Qatar", "2026-10-09", False),
    ("in 3 working days", "2026-10-07", "Asia/Qatar", "2026-10-12", True),
    ("next business day", "2026-06-11", "Asia/Jerusalem", "2026-06-14", True),
    ("next business day", "2026-06-11", "Asia/Jerusalem", "2026-06-12", False),
    ("in 3 working days", "2026-06-10", "Asia/Jerusalem", "2026-06-15", True),
    ("in 3 working days", "2026-06-10", "Asia/Jerusalem", "2026-06-16", False),
    ("next business day", "2027-04-21", "Asia/Jerusalem", "2027-04-25", True),  # Passover, then the weekend
    ("next business day", "2026-07-09", "Asia/Tehran", "2026-07-11", True),
    ("next business day", "2026-07-09", "Asia/Tehran", "2026-07-10", False),
    ("next business day", "2026-10-08", "Asia/Kabul", "2026-10-11", True),
    # Lagos: Nigeria and most of its neighbours rest on Saturday and Sunday, DR Congo and Niger on Sunday alone
    ("next business day", "2026-06-10", "Africa/Lagos", "2026-06-11", True),
    ("next business day", "2026-06-05", "Africa/Lagos", "2026-06-08", ERROR),
    ("next business day", "2026-06-05", "Africa/Lagos", "2026-06-06", ERROR),
    ("in 3 working days", "2026-07-13", "Africa/Lagos", "2026-07-16", True),
    # Kuching (Malaysia, Brunei): some Malaysian states rest on Friday, which the zone does not say
    ("next business day", "2026-06-10", "Asia/Kuching", "2026-06-11", True),
    ("next business day", "2026-06-11", "Asia/Kuching", "2026-06-12", ERROR),
    ("next business day", "2026-06-11", "Asia/Kuching", "2026-06-15", ERROR),
    # the n-th working day of a period: the same agreement (May Day: Germany rests, Denmark works)
    ("the first business day of may", "2026-04-10", "Europe/Berlin", "2026-05-01", ERROR),
    ("the first business day of may", "2026-04-10", "Europe/Berlin", "2026-05-04", ERROR),
    ("the first working day of 2027", "2026-06-10", "Asia/Riyadh", "2027-01-03", True),
    ("the first working day of 2027", "2026-06-10", "Asia/Riyadh", "2027-01-02", False),
    # ... counted at each place's own days off: New Year's Day is no working day where it is a holiday or a weekend
    # day, and counted as one (no place named) it is not understood
    ("the first working day of 2027", "2026-06-10", "Europe/London", "2027-01-04", True),
    ("the first working day of 2027", "2026-06-10", "Europe/London", "2027-01-01", False),
    ("the first working day of 2027", "2026-06-10", "America/Chicago", "2027-01-04", True),
    ("the first working day of 2027", "2026-06-10", "Asia/Jerusalem", "2027-01-03", True),
    ("the first working day of 2027", "2026-06-10", "Asia/Qatar", "2027-01-03", True),
    ("the first working day of 2027", "2026-06-10", None, "2027-01-04", ERROR),
    ("the last working day of the year", "2026-06-10", "Asia/Dubai", "2026-12-31", True),
    ("the last working day of the year", "2026-06-10", "Asia/Jerusalem", "2026-12-31", True),
    # the last working day before a year: before its first day; the first after it: after its last day
    ("the last business day before 2027", "2026-06-10", None, "2026-12-31", True),
    ("the last business day before 2027", "2026-06-10", "Europe/London", "2026-12-30", False),
    ("the last business day before 2027", "2026-06-10", "Asia/Qatar", "2026-12-31", True),
    ("the last business day before 2028", "2026-06-10", "Asia/Jerusalem", "2027-12-30", True),
    ("the last business day before 2028", "2026-06-10", "Asia/Jerusalem", "2027-12-31", False),
    ("the last working day before next year", "2026-06-10", "America/New_York", "2026-12-31", True),
    ("the first business day after 2026", "2026-06-10", "Europe/London", "2027-01-04", True),
    ("the first business day after 2026", "2026-06-10", "Asia/Jerusalem", "2027-01-03", True),
    ("the first business day after 2026", "2026-06-10", None, "2027-01-04", ERROR),
    ("the first working day after march", "2026-01-10", "America/New_York", "2026-04-01", True),
    ("the first working day after march", "2026-01-10", "America/New_York", "2026-03-02", False),
    ("the last working day before march", "2026-01-10", "America/New_York", "2026-02-27", True),
    ("3 business days after march", "2026-01-10", "America/New_York", "2026-04-03", ERROR),  # its start or its end
]


@pytest.mark.parametrize(("phrase", "said", "zone", "argument", "expected"), ROWS)
def test_working_days_at_each_weekend(
    phrase: str, said: str, zone: str | None, argument: str, expected: object
) -> None:
    assert_verdict(match_date_time(phrase, argument, _at(said, zone)), expected)
