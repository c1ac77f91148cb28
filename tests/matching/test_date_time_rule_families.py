"""Forms of English time expressions a general grammar of them names: a clock time said about with a word after it
("7pm approximately", "seven o'clock-ish"), read as "7pm-ish" is, or before one with its minutes in words ("around half
seven"), read as "around 7:30" is; "the <ordinal> day after (before) <day>", a count of days from it; a weekday counted
from a holiday gone within a month ("the second monday after labor day" said a week after it); a few more holidays.
Each passes its reading and fails an argument an hour, a day, half a day or a year off.

Calendar facts used (``python -m calendar``, ``dateutil.easter``): 2027-09-13 is a Monday, Labor Day 2027 fell on
Monday September 6 and Labor Day 2028 falls on Monday September 4; Easter 2028 falls on April 16; the Sundays of
November 2027 fall on the 7th, 14th, 21st and 28th.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.support.verdicts import ERROR, assert_date_row

MON = datetime(2027, 9, 13, 16, 45, tzinfo=ZoneInfo("America/Los_Angeles"))  # a week after Labor Day
SAT = datetime(2028, 2, 19, 8, 15, tzinfo=ZoneInfo("Europe/London"))

ROWS: list[tuple[str, datetime, object, object]] = [
    # a word saying "about" after a clock time, or before one in words: that time as said about in digits
    ("7pm approximately", MON, "2027-09-13T19:00", True),
    ("7pm approximately", MON, "2027-09-13T21:00", False),
    ("7pm approximately", MON, "2027-09-14T07:00", False),
    ("noon approximately", MON, "2027-09-14T12:00", True),
    ("noon approximately", MON, "2027-09-14T14:00", False),
    ("6:15 pm roughly", MON, "2027-09-13T18:15", True),
    ("6:15 pm roughly", MON, "2027-09-13T19:15", False),
    ("7pm or thereabouts", MON, "2027-09-13T19:00", True),
    ("7pm or thereabouts", MON, "2027-09-13T20:30", False),
    ("10 o'clock-ish", SAT, "2028-02-19T10:00", True),
    ("10 o'clock-ish", SAT, "2028-02-19T12:00", False),
    ("seven o'clock or so tonight", MON, "2027-09-13T19:00", True),
    ("seven o'clock or so tonight", MON, "2027-09-13T07:00", False),
    ("around half seven tonight", SAT, "2028-02-19T19:30", True),
    ("around half seven tonight", SAT, "2028-02-19T18:30", False),
    ("around half seven tonight", SAT, "2028-02-20T19:30", False),
    ("around quarter past 7 tonight", MON, "2027-09-13T19:15", True),
    ("around quarter past 7 tonight", MON, "2027-09-13T20:15", False),
    ("about twenty to eight tonight", MON, "2027-09-13T19:40", True),
    ("about twenty to eight tonight", MON, "2027-09-13T20:20", False),
    ("around seven thirty tonight", MON, "2027-09-13T19:30", True),
    ("around seven thirty tonight", MON, "2027-09-13T07:30", False),
    ("about half an hour", MON, "PT30M", True),  # a length, as before
    ("in about 10 to 15 minutes", MON, "2027-09-13T16:50", False),
    # "the <ordinal> day after (before) <day>": that many days after (before) it
    ("the 3rd day after Halloween", MON, "2027-11-03", True),
    ("the 3rd day after Halloween", MON, "2027-11-02", False),
    ("the 3rd day after Halloween", MON, "2027-11-04", False),
    ("the 3rd day after Halloween", MON, "2028-11-03", False),
    ("the second day before Christmas", MON, "2027-12-23", True),
    ("the second day before Christmas", MON, "2027-12-24", False),
    ("the 3rd day before the end of the month", MON, "2027-09-27", True),  # the 27th, a day: never the instant
    ("the 3rd day before the end of the month", MON, "2027-09-28T00:00", False),
    ("first day after Halloween", MON, "2027-11-01", True),
    ("the second month after October", MON, ERROR, ERROR),  # from its start or its end: not said
    # a weekday counted from a holiday gone within a month: that one's while still to come, never next year's too
    ("the first Monday after Labor Day", MON, "2027-09-13", True),
    ("the second Monday after Labor Day", MON, "2027-09-20", True),
    ("the second Monday after Labor Day", MON, "2028-09-18", False),
    ("the second Monday after Labor Day", MON, "2027-09-27", False),
    ("the second Monday after Labor Day", MON, "2027-09-13", False),
    ("the Friday after Labor Day", MON, "2027-09-10", False),  # gone: next year's alone
    ("the Friday after Labor Day", MON, "2028-09-08", True),
    ("the Friday before Labor Day", MON, "2027-09-03", False),
    # holidays
    ("Hogmanay", SAT, "2028-12-31", True),
    ("Hogmanay", SAT, "2028-12-30", False),
    ("Burns Night", SAT, "2029-01-25", True),
    ("Burns Night", SAT, "2028-01-25", False),
    ("Mothering Sunday", SAT, "2028-03-26", True),  # three weeks before Easter
    ("Mothering Sunday", SAT, "2028-05-14", False),  # the US Mother's Day
    ("Remembrance Sunday", MON, "2027-11-14", True),
    ("Remembrance Sunday", MON, "2027-11-11", False),
    ("Flag Day", SAT, "2028-06-14", ERROR),  # June 14 in the US, another day in each country that keeps one
]


@pytest.mark.parametrize(("phrase", "user_time", "argument", "expected"), ROWS)
def test_rule_family(phrase: str, user_time: datetime, argument: object, expected: object) -> None:
    if argument == ERROR:
        argument = user_time.date().isoformat()
    assert_date_row(phrase, argument, user_time, expected)
