"""Table-driven coverage of holiday weekends, calendar fortnights, festivals lasting several days, the weekday after or
before a date, durations counted from today, spans "within the next" unit, halves of a period, the year of a range's
ends, possessives, period ends in one word ("year-end") and "earlier today", each family with negatives (an argument
moved one day or one window off, a broader reading refused).

Calendar facts used (checked with ``python -m calendar``, ``dateutil.easter`` and ``holidays.Israel``): 2021-05-20 is
a Thursday (its week starts Monday 2021-05-17); Easter 2022 fell on Sunday 2022-04-17 and Good Friday on 2022-04-15;
US Memorial Day 2021 was Monday 2021-05-31, Labor Day 2021 Monday 2021-09-06, Thanksgiving 2021 Thursday
2021-11-25; 2017-07-04 was a Tuesday and 2019-07-04 a Thursday; Halloween 2018 fell on a Wednesday and Halloween 2021
on a Sunday; Christmas 2021 on a Saturday. Passover 5782 began on 15 Nisan = 2022-04-16, its seventh day 2022-04-22
(the eighth, kept outside Israel, 2022-04-23); Passover 5781 began on 2021-03-28; Sukkot 5782 began on 15 Tishrei =
2021-09-21 (seven days, to 2021-09-27), Sukkot 5783 on 2022-10-10. Christmas 2021 fell on a Saturday (the next
Monday is 2021-12-27); Easter 2022's Palm Sunday was 2022-04-10; US Election Day 2020 was Tuesday 2020-11-03.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from mb.matching.date_time import match_date_time
from mb.matching.date_time._holidays import holiday_spans
from tests.support.verdicts import ERROR, assert_verdict

THU = datetime(2021, 5, 20, 10, 0)  # a Thursday, naive (wall clock)
OFF = datetime(2021, 5, 20, 10, 0, tzinfo=timezone(timedelta(hours=-3)))  # the same, fixed offset -03:00
OCT = datetime(2018, 10, 24, 12, 0)

Row = tuple[str, str, datetime, object, object]

ROWS: list[Row] = [
    # a holiday's weekend: a Sunday holiday's own Saturday and Sunday (Easter: the narrower reading, no Friday, Monday)
    ("holiday weekend", "easter weekend", THU, "2022-04-16", True),
    ("holiday weekend", "easter weekend", THU, "2022-04-17T18:00:00", True),
    ("holiday weekend", "easter weekend", THU, "2022-04-15", False),
    ("holiday weekend", "easter weekend", THU, "2022-04-18", False),
    ("holiday weekend", "easter weekend", THU, "2021-04-03", False),  # this year's Easter has passed
    ("holiday weekend", "easter weekend 2022", OFF, "2022-04-17T23:59:00-03:00", True),
    ("holiday weekend", "easter weekend 2022", OFF, "2022-04-18T00:00:00-03:00", False),  # the end instant
    # a Monday holiday: Saturday to Monday
    ("holiday weekend", "memorial day weekend", THU, "2021-05-29", True),
    ("holiday weekend", "memorial day weekend", THU, "2021-05-31", True),
    ("holiday weekend", "memorial day weekend", THU, "2021-05-28", False),
    ("holiday weekend", "memorial day weekend", THU, "2021-06-01", False),
    ("holiday weekend", "labor day long weekend 2021", THU, "2021-09-04", True),
    ("holiday weekend", "labor day long weekend 2021", THU, "2021-09-07", False),
    # a Thursday holiday: the holiday to Sunday, across the Friday between
    ("holiday weekend", "thanksgiving weekend", THU, "2021-11-25", True),
    ("holiday weekend", "thanksgiving weekend", THU, "2021-11-28", True),
    ("holiday weekend", "thanksgiving weekend", THU, "2021-11-24", False),
    ("holiday weekend", "thanksgiving weekend", THU, "2021-11-29", False),
    ("holiday weekend", "fourth of july weekend 2019", THU, "2019-07-07", True),
    ("holiday weekend", "fourth of july weekend 2019", THU, "2019-07-03", False),
    # a Tuesday holiday: from the Saturday before, across the Monday between
    ("holiday weekend", "fourth of july weekend 2017", THU, "2017-07-01", True),
    ("holiday weekend", "fourth of july weekend 2017", THU, "2017-07-04", True),
    ("holiday weekend", "fourth of july weekend 2017", THU, "2017-06-30", False),
    ("holiday weekend", "fourth of july weekend 2017", THU, "2017-07-05", False),
    # a Friday holiday: Friday to Sunday
    ("holiday weekend", "good friday weekend 2022", THU, "2022-04-15", True),
    ("holiday weekend", "good friday weekend 2022", THU, "2022-04-14", False),
    ("holiday weekend", "good friday weekend 2022", THU, "2022-04-18", False),
    # a Wednesday holiday touches no weekend: the one before and the one after, never the days between
    ("holiday weekend", "halloween weekend 2018", THU, "2018-10-27", True),
    ("holiday weekend", "halloween weekend 2018", THU, "2018-11-04", True),
    ("holiday weekend", "halloween weekend 2018", THU, "2018-10-31", False),
    ("holiday weekend", "halloween weekend 2018", THU, "2018-10-29", False),
    ("holiday weekend", "halloween weekend 2018", THU, "2018-11-05", False),
    # a Saturday or Sunday holiday: that weekend
    ("holiday weekend", "halloween weekend 2021", THU, "2021-10-30", True),
    ("holiday weekend", "halloween weekend 2021", THU, "2021-11-01", False),
    ("holiday weekend", "christmas weekend", THU, "2021-12-26", True),
    ("holiday weekend", "christmas weekend", THU, "2021-12-24", False),
    ("holiday weekend", "next christmas weekend", THU, "2021-12-25", True),
    # no broader reading: a festival of several days has no one weekend; an unknown holiday is not understood
    ("holiday weekend", "hanukkah weekend", THU, "2021-12-04", ERROR),
    ("holiday weekend", "blurple weekend", THU, "2021-05-22", ERROR),
    # calendar fortnights: this week and the next; "next fortnight" also the two weeks after them
    ("fortnight", "this fortnight", THU, "2021-05-17", True),
    ("fortnight", "this fortnight", THU, "2021-05-30T23:59:00", True),
    ("fortnight", "this fortnight", THU, "2021-05-16", False),
    ("fortnight", "this fortnight", THU, "2021-05-31T00:00:00", False),  # the end instant
    ("fortnight", "the fortnight", THU, "2021-05-24", True),
    ("fortnight", "the fortnight", THU, "2021-05-31", False),
    ("fortnight", "current fortnight", OFF, "2021-05-17T00:00:00-03:00", True),
    ("fortnight", "current fortnight", OFF, "2021-05-17T00:00:00Z", False),  # 21:00 on the 16th at -03:00
    ("fortnight", "the fortnight after next", THU, "2021-06-14", True),
    ("fortnight", "the fortnight after next", THU, "2021-06-13", False),
    ("fortnight", "the fortnight after next", THU, "2021-06-28", False),
    ("fortnight", "in a fortnight", THU, "2021-06-03", True),
    ("fortnight", "in a fortnight", THU, "2021-06-04", False),
    ("fortnight", "a fortnight later", THU, "2021-06-03", True),
    ("fortnight", "a fortnight later", THU, "2021-06-02", False),
    ("fortnight", "2 fortnights ago", THU, "2021-04-22", True),
    ("fortnight", "2 fortnights ago", THU, "2021-04-23", False),
    ("fortnight", "this fortnightly", THU, "2021-05-20", ERROR),
    # festivals of several days: Passover seven days (Israel) or eight (elsewhere), Sukkot seven
    ("festival", "passover 2022", THU, "2022-04-16", True),
    ("festival", "passover 2022", THU, "2022-04-22", True),
    ("festival", "passover 2022", THU, "2022-04-23", True),  # the eighth day kept outside Israel
    ("festival", "passover 2022", THU, "2022-04-15", False),
    ("festival", "passover 2022", THU, "2022-04-24", False),
    ("festival", "pesach 2021", THU, "2021-03-28", True),
    ("festival", "pesach 2021", THU, "2021-04-05", False),
    ("festival", "the first day of passover 2022", THU, "2022-04-16", True),
    ("festival", "the first day of passover 2022", THU, "2022-04-17", False),
    ("festival", "the last day of passover 2022", THU, "2022-04-22", True),
    ("festival", "the last day of passover 2022", THU, "2022-04-23", True),
    ("festival", "the last day of passover 2022", THU, "2022-04-21", False),
    ("festival", "sukkot 2021", THU, "2021-09-21", True),
    ("festival", "sukkot 2021", THU, "2021-09-27", True),
    ("festival", "sukkot 2021", THU, "2021-09-20", False),
    ("festival", "sukkot 2021", THU, "2021-09-28", False),  # Shemini Atzeret, a festival of its own
    ("festival", "sukkot", THU, "2021-09-24", True),
    ("festival", "next sukkot", THU, "2022-10-12", True),
    ("festival", "next sukkot", THU, "2022-10-17", False),
    # the first weekday after (before) a date: after its last day, before its first
    ("weekday beside", "the monday after thanksgiving", THU, "2021-11-29", True),
    ("weekday beside", "the monday after thanksgiving", THU, "2021-11-22", False),
    ("weekday beside", "the friday after thanksgiving", THU, "2021-11-26", True),
    ("weekday beside", "the friday after thanksgiving", THU, "2021-12-03", False),
    ("weekday beside", "the sunday before easter", THU, "2022-04-10", True),
    ("weekday beside", "the sunday before easter", THU, "2022-04-17", False),  # Easter itself is not before it
    ("weekday beside", "the friday before memorial day", THU, "2021-05-28", True),
    ("weekday beside", "the friday before memorial day", THU, "2021-05-21", False),
    ("weekday beside", "the first monday after christmas 2021", THU, "2021-12-27", True),
    ("weekday beside", "the first monday after christmas 2021", THU, "2021-12-20", False),
    ("weekday beside", "the tuesday after the first monday of november 2020", THU, "2020-11-03", True),
    ("weekday beside", "the tuesday after the first monday of november 2020", THU, "2020-11-10", False),
    ("weekday beside", "the monday after this week", THU, "2021-05-24", True),
    ("weekday beside", "the monday after this week", THU, "2021-05-17", False),
    # after a holiday with an apostrophe, a date in digits or a period placed by next/last: that weekday, never
    # "before" the date with the weekday dropped (Mother's Day 2022 falls on May 8, Father's Day 2021 on June 20)
    ("weekday beside", "the sunday before mother's day", THU, "2022-05-01", True),
    ("weekday beside", "the sunday before mother's day", THU, "2021-05-20", False),
    ("weekday beside", "the friday before father's day", THU, "2021-06-18", True),
    ("weekday beside", "the friday before father's day", THU, "2021-06-11", False),
    ("weekday beside", "wednesday before 6/2", THU, "2021-05-26", True),
    ("weekday beside", "wednesday before 6/2", THU, "2021-05-21", False),
    ("weekday beside", "the monday after 2021-06-02", THU, "2021-06-07", True),
    ("weekday beside", "the monday after 2021-06-02", THU, "2021-05-31", False),
    ("weekday beside", "the friday before next week", THU, "2021-05-21", True),
    ("weekday beside", "the friday before next week", THU, "2021-05-20", False),
    ("weekday beside", "the friday after next week", THU, "2021-06-04", True),
    ("weekday beside", "the friday after next week", THU, "2021-05-28", False),
    # a holiday or a month placed by next/last, a dotted date that is no clock (Easter 2022 falls on April 17)
    ("weekday beside", "the sunday before next mother's day", THU, "2022-05-01", True),
    ("weekday beside", "the sunday before next mother's day", THU, "2022-05-03", False),
    ("weekday beside", "the sunday before next easter", THU, "2022-04-10", True),
    ("weekday beside", "the sunday before next easter", THU, "2022-04-12", False),
    ("weekday beside", "the friday before 6.2", THU, "2021-05-28", True),
    ("weekday beside", "the friday before 6.2", THU, "2021-05-25", False),
    # a pair that is no date day first is a time of day, as in "friday 6.30": before 6:30 or 18:30 on Friday
    ("weekday beside", "friday before 6.30", THU, "2021-05-21T06:00:00", ERROR),  # 6:30 or 18:30: say am or pm
    ("weekday beside", "friday before 6.30am", THU, "2021-05-21T06:00:00", True),
    ("weekday beside", "friday before 6.30am", THU, "2021-05-21T19:00:00", False),
    # "before" a date or a time names no moment of its own: not understood, never read as that moment
    ("weekday beside", "friday before 5pm", THU, "2021-05-21T16:00:00", True),
    ("weekday beside", "friday before 5pm", THU, "2021-05-21T17:01:00", False),
    ("weekday beside", "before christmas", THU, "2021-12-24", True),
    ("weekday beside", "before christmas", THU, "2021-12-25", False),
    ("weekday beside", "the friday after next", THU, "2021-05-28", True),
    ("weekday beside", "the friday after next", THU, "2021-05-21", False),
    ("weekday beside", "the monday after blurple", THU, "2021-05-24", ERROR),
    # a duration of days or more counted from today or tomorrow
    ("duration today", "a week today", THU, "2021-05-27", True),
    ("duration today", "a week today", THU, "2021-05-28", False),
    ("duration today", "a fortnight tomorrow", THU, "2021-06-04", True),
    ("duration today", "a fortnight tomorrow", THU, "2021-06-03", False),
    ("duration today", "a year today", OFF, "2022-05-20T08:00:00-03:00", True),
    ("duration today", "a year today", OFF, "2022-05-21T08:00:00-03:00", False),
    ("duration today", "2 hours today", THU, "2021-05-20T12:00:00", ERROR),
    # within the next unit: a span from now (a single parameter is checked at its start)
    ("within next", "within the next hour", THU, "2021-05-20T10:00:00", True),
    ("within next", "within the next hour", THU, "2021-05-20T09:59:00", False),
    ("within next", "within the next day", THU, "2021-05-20", True),
    ("within next", "within the next day", THU, "2021-05-19", False),
    # halves of a period: a year's are H1 and H2; another's its first and last whole halves of days
    ("half", "the first half of march 2022", THU, "2022-03-15", True),
    ("half", "the first half of march 2022", THU, "2022-03-16", False),  # the middle of 31 days is in neither half
    ("half", "the second half of march 2022", THU, "2022-03-17", True),
    ("half", "the second half of march 2022", THU, "2022-03-16", False),
    ("half", "the second half of february 2021", THU, "2021-02-15", True),
    ("half", "the second half of february 2021", THU, "2021-02-14", False),
    ("half", "the latter half of the month", THU, "2021-05-31", True),  # May 2021: the 17th to the 31st
    ("half", "the latter half of the month", THU, "2021-05-16", False),
    ("half", "the latter half of 2020", THU, "2020-07-01", True),
    ("half", "the latter half of 2020", THU, "2020-06-30", False),
    ("half", "the first half of q3", THU, "2021-08-15", True),  # Q3 2021: 92 days, 46 each
    ("half", "the first half of q3", THU, "2021-08-16", False),
    ("half", "the latter week of june", THU, "2021-06-28", ERROR),  # "latter" of two halves only
    ("half", "the third half of march", THU, "2022-03-20", ERROR),
    # a possessive reads as the phrase without it
    ("possessive", "last week's friday", THU, "2021-05-14", True),
    ("possessive", "last week's friday", THU, "2021-05-21", False),
    ("possessive", "next year's christmas", THU, "2022-12-25", True),
    ("possessive", "next year's christmas", THU, "2021-12-25", False),
    ("possessive", "this month's 15th", THU, "2021-05-15", True),
    ("possessive", "this month's 15th", THU, "2021-06-15", False),
    ("possessive", "blurple's friday", THU, "2021-05-21", ERROR),
    # a period's end written as one word: the last day, or the instant the period ends
    ("period end", "year-end", THU, "2021-12-31", True),
    ("period end", "year-end", THU, "2022-01-01T00:00:00", True),
    ("period end", "year-end", THU, "2021-12-30", False),
    ("period end", "year end 2020", THU, "2020-12-31", True),
    ("period end", "year end 2020", THU, "2021-12-31", False),
    ("period end", "the year-end of 2019", THU, "2019-12-31", True),
    ("period end", "the year-end of 2019", THU, "2020-12-31", False),
    ("period end", "month-end", THU, "2021-05-31", True),
    ("period end", "month-end", THU, "2021-05-30", False),
    ("period end", "month end at 5pm", THU, "2021-05-31T17:00:00", True),
    ("period end", "month end at 5pm", THU, "2021-05-31T18:00:00", False),
    ("period end", "month-end march", THU, "2022-03-31", True),
    ("period end", "month-end march", THU, "2021-05-31", False),
    ("period end", "quarter-end", OFF, "2021-06-30T12:00:00-03:00", True),
    ("period end", "quarter-end", OFF, "2021-06-29T12:00:00-03:00", False),
    ("period end", "week-end", THU, "2021-05-22", ERROR),  # the weekend to some: not read as the end of the week
    # earlier in a period: from its start to now (10:00 on Thursday 2021-05-20)
    ("so far", "earlier today", THU, "2021-05-20T09:59:00", True),
    ("so far", "earlier today", THU, "2021-05-20T10:00:00", False),  # now is not earlier
    ("so far", "earlier today", THU, "2021-05-19T23:59:00", False),
    ("so far", "earlier today", OFF, "2021-05-20T12:30:00Z", True),  # 09:30 at -03:00
    ("so far", "earlier today", OFF, "2021-05-20T13:30:00Z", False),  # 10:30 at -03:00
    ("so far", "earlier this week", THU, "2021-05-17", True),
    ("so far", "earlier this week", THU, "2021-05-16", False),
    ("so far", "earlier this week", THU, "2021-05-20T11:00:00", False),
    ("so far", "earlier this month", THU, "2021-05-01T00:00:00", True),
    ("so far", "earlier this month", THU, "2021-04-30T23:59:00", False),
    ("so far", "earlier today at 9", THU, "2021-05-20T09:00:00", True),  # today's 9 o'clock, before now
    ("so far", "earlier today at 9", THU, "2021-05-20T21:00:00", False),
    ("so far", "earlier today at 11", THU, "2021-05-20T11:00:00", ERROR),  # not yet 11: no such time
]

GROUP_ROWS: list[Row] = [
    # a start/end group checks the start in the window and the end inside it or at its exclusive end
    ("holiday weekend", "memorial day weekend", THU, {"start": "2021-05-29", "end": "2021-06-01"}, True),
    ("holiday weekend", "memorial day weekend", THU, {"start": "2021-05-29", "end": "2021-06-02"}, False),
    ("holiday weekend", "easter weekend 2022", THU, {"start": "2022-04-15", "end": "2022-04-18"}, False),
    ("fortnight", "the fortnight", THU, {"start": "2021-05-17", "end": "2021-05-31"}, True),
    ("fortnight", "the fortnight", THU, {"start": "2021-05-16", "end": "2021-05-31"}, False),
    ("fortnight", "next fortnight", THU, {"start": "2021-05-31", "end": "2021-06-14"}, True),  # calendar weeks
    ("fortnight", "next fortnight", THU, {"start": "2021-05-21", "end": "2021-06-04"}, True),  # fourteen days
    ("fortnight", "next fortnight", THU, {"start": "2021-05-30", "end": "2021-06-14"}, False),
    ("fortnight", "next fortnight", THU, {"start": "2021-05-31", "end": "2021-06-15"}, False),
    ("fortnight", "last fortnight", THU, {"start": "2021-05-03", "end": "2021-05-17"}, True),
    ("fortnight", "last fortnight", THU, {"start": "2021-05-06", "end": "2021-05-20"}, True),
    ("fortnight", "last fortnight", THU, {"start": "2021-05-04", "end": "2021-05-17"}, False),
    ("festival", "passover 2022", THU, {"start": "2022-04-16", "end": "2022-04-23"}, True),  # seven days
    ("festival", "passover 2022", THU, {"start": "2022-04-16", "end": "2022-04-24"}, True),  # eight days
    ("festival", "passover 2022", THU, {"start": "2022-04-16", "end": "2022-04-25"}, False),
    ("festival", "sukkot 2021", THU, {"start": "2021-09-21", "end": "2021-09-28"}, True),
    ("festival", "sukkot 2021", THU, {"start": "2021-09-21", "end": "2021-09-29"}, False),
    ("within next", "within the next hour", THU, {"start": "2021-05-20T10:00", "end": "2021-05-20T11:00"}, True),
    ("within next", "within the next hour", THU, {"start": "2021-05-20T10:00", "end": "2021-05-20T11:02"}, False),
    # "in under (less than)" a length is within it: the span from now
    ("within next", "in under an hour", THU, {"start": "2021-05-20T10:00", "end": "2021-05-20T11:00"}, True),
    ("within next", "in under an hour", THU, {"start": "2021-05-20T10:00", "end": "2021-05-20T11:30"}, False),
    ("within next", "in less than 2 hours", THU, {"start": "2021-05-20T10:00", "end": "2021-05-20T12:00"}, True),
    ("within next", "in less than 2 hours", THU, {"start": "2021-05-20T12:00", "end": "2021-05-20T13:00"}, False),
    (
        "within next",
        "within the next day and 5 hours",
        OFF,
        {"start": "2021-05-20T10:00:00-03:00", "end": "2021-05-21T15:00:00-03:00"},
        True,
    ),
    (
        "within next",
        "within the next day and 5 hours",
        OFF,
        {"start": "2021-05-20T10:00:00-03:00", "end": "2021-05-21T16:00:00-03:00"},
        False,
    ),
    ("within next", "within the next week", THU, {"start": "2021-05-21", "end": "2021-05-28"}, True),
    ("within next", "within the next week", THU, {"start": "2021-05-21", "end": "2021-05-29"}, False),
    # a range end's year is not given to a start placed by this/next/last ("this May" said in October 2018)
    ("range year", "from this May to Oct 2020", OCT, {"start": "2018-05-01", "end": "2020-10-01"}, True),
    ("range year", "from this May to Oct 2020", OCT, {"start": "2020-05-01", "end": "2020-10-01"}, False),
    ("range year", "from this May to Oct 2020", OCT, {"start": "2018-04-30", "end": "2020-10-01"}, False),
    ("range year", "from May to Oct 2020", OCT, {"start": "2020-05-01", "end": "2020-10-01"}, True),
    ("range year", "from May to Oct 2020", OCT, {"start": "2018-05-01", "end": "2020-10-01"}, False),
    # a number beside a weekday and a time of day is the day of the month (June 21, 2021 is a Monday)
    (
        "weekday day",
        "Monday 21 between 9:30 and 3:00 pm",
        THU,
        {"start": "2021-06-21T09:30", "end": "2021-06-21T15:00"},
        True,
    ),
    (
        "weekday day",
        "Monday 21 between 9:30 and 3:00 pm",
        THU,
        {"start": "2021-06-21T09:29", "end": "2021-06-21T15:00"},
        False,
    ),
    (
        "weekday day",
        "Monday 21 from 9:30 to 3:00 pm",
        THU,
        {"start": "2021-06-14T09:30", "end": "2021-06-14T15:00"},
        False,
    ),
    ("weekday day", "friday 2 to 4pm", THU, {"start": "2021-05-21T14:00", "end": "2021-05-21T16:00"}, True),  # hours
    ("weekday day", "friday 2 to 4pm", THU, {"start": "2021-06-02T14:00", "end": "2021-06-02T16:00"}, False),
]


def _check(phrase: str, user_time: datetime, argument: object, expected: object, group: bool) -> None:
    if group:
        assert isinstance(argument, dict)
        outcome = match_date_time(phrase, argument, user_time, params=["start", "end"])
    else:
        outcome = match_date_time(phrase, argument, user_time)  # type: ignore[arg-type]
    assert_verdict(outcome, expected)


@pytest.mark.parametrize(("family", "phrase", "user_time", "argument", "expected"), ROWS)
def test_one_parameter(family: str, phrase: str, user_time: datetime, argument: object, expected: object) -> None:
    _check(phrase, user_time, argument, expected, group=False)


@pytest.mark.parametrize(("family", "phrase", "user_time", "argument", "expected"), GROUP_ROWS)
def test_start_end_group(family: str, phrase: str, user_time: datetime, argument: object, expected: object) -> None:
    _check(phrase, user_time, argument, expected, group=True)


def test_reasons_show_each_reading_of_a_festival_and_a_weekend() -> None:
    outcome = match_date_time("passover 2022", "2022-04-24", THU)
    assert "2022-04-16..2022-04-22 (passover) or 2022-04-16..2022-04-23 (passover)" in outcome.reason
    assert "1 day after the end of 2022-04-16..2022-04-23" in outcome.reason
    outcome = match_date_time("halloween weekend 2018", "2018-10-31", THU)
    assert "2018-10-27..2018-10-28 (halloween weekend) or 2018-11-03..2018-11-04 (halloween weekend)" in outcome.reason


@pytest.mark.parametrize(
    ("name", "year", "spans"),
    [
        ("passover", 2023, [("2023-04-06", "2023-04-13"), ("2023-04-06", "2023-04-14")]),
        ("sukkot", 2023, [("2023-09-30", "2023-10-07")]),
        ("hanukkah", 2023, [("2023-12-08", "2023-12-16")]),
        ("thanksgiving weekend", 2023, [("2023-11-23", "2023-11-27")]),
        ("new year's day weekend", 2024, [("2023-12-30", "2024-01-02")]),  # a Monday: from the Saturday before
        ("ramadan weekend", 2023, []),
        ("blurple", 2023, []),
    ],
)
def test_holiday_spans(name: str, year: int, spans: list[tuple[str, str]]) -> None:
    found = [(a.isoformat(), b.isoformat()) for a, b in holiday_spans(name, year)]
    assert found == spans
