"""Everyday English forms of dates and times: abbreviations, "this hour", "after next", days of a relative month,
two-digit years, signed and compact durations, times in words, ordinals counted from the end. Each form passes its
own reading and fails an argument moved off it; a phrase the grammar reads only in part stays an error.

Calendar facts used (``python -m calendar``, ``dateutil.easter``): 2025-03-12 is a Wednesday; the Mondays of May 2025
fall on the 5th, 12th, 19th and 26th; the Fridays of March 2025 on the 7th, 14th, 21st and 28th; Easter 2024 fell on
March 31, Easter 2027 falls on March 28; 2019-01-01 was a Tuesday and 2025-12-25 is a Thursday.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

WED = datetime(2025, 3, 12, 10, 20)  # a Wednesday, naive (wall clock)
JUL = datetime(2025, 7, 2, 9, 0)  # after June
SUN = datetime(2025, 3, 16, 10, 0)  # a Sunday
DEC2 = datetime(2026, 12, 2, 10, 0)  # two years after a start in late 2024
OFF = datetime(2025, 3, 12, 10, 20, tzinfo=timezone(timedelta(hours=2)))
LONDON = ZoneInfo("Europe/London")  # clocks move forward at 01:00 GMT on 2025-03-30
NEW_YORK = ZoneInfo("America/New_York")
BERLIN = ZoneInfo("Europe/Berlin")
MADRID = ZoneInfo("Europe/Madrid")
LEAP = datetime(2028, 2, 29, 8, 15, tzinfo=ZoneInfo("America/Chicago"))  # a Tuesday, leap day
BRISBANE = datetime(2030, 1, 10, 10, tzinfo=ZoneInfo("Australia/Brisbane"))
ADELAIDE = datetime(2030, 4, 5, 16, 40, tzinfo=ZoneInfo("Australia/Adelaide"))  # autumn in the southern hemisphere
AFTER_LEAP = datetime(2029, 2, 28, 10, 0)  # a year after a leap year's February 28, a day before its March 1
NOV1 = datetime(2029, 11, 1, 14, 20, tzinfo=ZoneInfo("America/Denver"))  # the day after Halloween, a Wednesday
DEC26_EARLY = datetime(2026, 12, 26, 0, 30, tzinfo=ZoneInfo("Pacific/Kiritimati"))  # still December 25 in UTC
DEC26_LATE = datetime(2026, 12, 26, 23, 30, tzinfo=ZoneInfo("Pacific/Pago_Pago"))  # already December 27 in UTC
DEC27 = datetime(2026, 12, 27, 10, tzinfo=LONDON)  # a Sunday, two days after Christmas

ROWS: list[tuple[str, datetime, object, object]] = [
    # abbreviations: qtr, yr, yrs
    ("last qtr", WED, "2024-11-15", True),
    ("last qtr", WED, "2025-01-15", False),
    ("next qtr", WED, "2025-04-01", True),
    ("next qtr", WED, "2025-07-01", False),
    ("this qtr", WED, "2025-03-31", True),
    ("next yr", WED, "2026-06-01", True),
    ("next yr", WED, "2025-12-31", False),
    ("last yr", WED, "2024-02-29", True),
    ("2 yrs ago", WED, "2023-03-12", True),
    ("2 yrs ago", WED, "2023-03-13", False),
    # a count of years from February 29 into a year without one: February 28 or March 1, never a day further
    ("a year from today", LEAP, "2029-02-28", True),
    ("a year from today", LEAP, "2029-03-01", True),
    ("a year from today", LEAP, "2029-03-02", False),
    ("a year from today", LEAP, "2029-02-27", False),
    ("in 12 months", LEAP, "2029-03-01", True),
    ("1 yr ago", LEAP, "2027-03-01", True),
    ("1 yr ago", LEAP, "2027-02-27", False),
    ("this time next year", LEAP, "2029-03-01T08:15:00", True),
    ("this time next year", LEAP, "2029-03-01T09:15:00", False),
    ("in 4 years", LEAP, "2032-02-29", True),
    ("in 4 years", LEAP, "2032-03-01", False),
    ("in a month", LEAP, "2028-03-29", True),
    ("in a month", LEAP, "2028-03-30", False),
    ("a month ago", datetime(2025, 3, 31, 9, 0), "2025-02-28", True),
    ("a month ago", datetime(2025, 3, 31, 9, 0), "2025-03-01", False),  # a count of months keeps the month's end
    ("feb 29 next year", LEAP, "2029-03-01", ERROR),
    # a year back or on from February 28 or March 1 of a year without a February 29 is that day alone; a day beside
    # a count of months or years is counted from first ("a year ago tomorrow": a year before tomorrow), or moves the
    # count from today by a day (a year ago, and a day on): where the two differ both are kept
    ("same day last year", AFTER_LEAP, "2028-02-28", True),
    ("same day last year", AFTER_LEAP, "2028-02-29", False),
    ("this time last year", AFTER_LEAP, "2028-02-28T10:00:00", True),
    ("this time last year", AFTER_LEAP, "2028-02-29T10:00:00", False),
    ("the same date last year", AFTER_LEAP, "2028-02-28", True),
    ("the same date last year", AFTER_LEAP, "2028-02-29", False),
    ("same day next year", datetime(2027, 2, 28, 10), "2028-02-28", True),
    ("same day next year", datetime(2027, 2, 28, 10), "2028-02-29", False),
    ("a year ago tomorrow", AFTER_LEAP, "2028-03-01", True),
    ("a year ago tomorrow", AFTER_LEAP, "2028-02-29", True),
    ("a year ago yesterday", datetime(2029, 3, 1, 10), "2028-02-28", True),
    ("a year ago yesterday", datetime(2029, 3, 1, 10), "2028-02-29", True),
    ("a year ago yesterday", datetime(2028, 3, 1, 10), "2027-03-01", True),  # yesterday was February 29
    ("a month ago tomorrow", AFTER_LEAP, "2029-02-01", True),
    ("a month ago tomorrow", AFTER_LEAP, "2029-01-29", True),
    ("a year ago tomorrow", AFTER_LEAP, "2028-02-28", False),
    # (said on February 29, a year ago is February 28 or March 1: tomorrow a year ago is March 1 alone, never March 2)
    ("a year ago tomorrow", LEAP, "2027-03-01", True),
    ("a year ago tomorrow", LEAP, "2027-03-02", False),
    ("a year ago yesterday", LEAP, "2027-02-27", False),
    ("a month ago tomorrow", AFTER_LEAP, "2029-01-30", False),
    # the day said first: "tomorrow a year ago", "yesterday, one month ago", "tomorrow in a year"
    ("tomorrow a year ago", AFTER_LEAP, "2028-03-01", True),
    ("tomorrow, a year ago", datetime(2028, 6, 12, 10), "2027-06-13", True),
    ("tomorrow, a year ago", datetime(2028, 6, 12, 10), "2027-06-12", False),
    ("yesterday one month ago", datetime(2029, 6, 12, 10), "2029-05-11", True),
    ("tomorrow 2 months ago", datetime(2029, 6, 12, 10), "2029-04-13", True),
    ("tomorrow in a year", datetime(2029, 6, 12, 10), "2030-06-13", True),
    ("tomorrow in a year", datetime(2029, 6, 12, 10), "2030-06-12", False),
    ("tomorrow a month from now", datetime(2029, 6, 12, 10), "2029-07-13", True),
    # a number in words and again in digits, as contracts write it, when both agree
    ("within thirty (30) days", WED, "2025-03-30", True),
    ("within thirty (30) days", WED, "2025-04-20", False),
    ("ten (10) days from today", WED, "2025-03-22", True),
    ("ten (10) days from today", WED, "2025-03-23", False),
    ("within thirty (31) days", WED, "2025-03-30", ERROR),
    # two days each after its weekday, the month said once after the second: both days of that month
    ("mon 15 - fri 19 apr", ADELAIDE, "2030-04-15", True),
    ("mon 15 - fri 19 apr", ADELAIDE, "2030-04-16", False),
    ("mon 15 - fri 19 apr", ADELAIDE, "2030-04-15/2030-04-20", True),
    ("mon 15 - fri 19 apr", ADELAIDE, "2030-04-15/2030-04-22", False),
    ("from fri 19 to mon 22 april", ADELAIDE, "2030-04-19", True),
    ("tue 15 - fri 19 apr", ADELAIDE, "2030-04-15", ERROR),  # April 15 is a Monday
    # am or pm after an hour no 12-hour clock shows is a slip, never that hour
    ("13 p.m.", WED, "2025-03-12T13:00", ERROR),
    ("tomorrow 23 pm", WED, "2025-03-13T23:00", ERROR),
    ("0 am", WED, "2025-03-13T00:00", ERROR),
    ("friday 3 pm", WED, "2025-03-14T15:00", True),
    ("from 13 pm to 3pm", WED, "2025-03-12T13:00", ERROR),  # at the ends of a range too
    ("since 0 am", WED, "2025-03-12T00:00", ERROR),
    # a day named without its year, said the day after it, is that day too, never the year before's
    ("Oct. 31", NOV1, "2029-10-31", True),
    ("Oct. 31", NOV1, "2030-10-31", True),
    ("Oct. 31", NOV1, "2028-10-31", False),
    ("Halloween night", NOV1, "2029-10-31T20:00", True),
    ("Halloween night", NOV1, "2029-11-01T20:00", False),
    ("oct 30", NOV1, "2029-10-30", False),  # two days ago: next year's alone
    ("oct 30", NOV1, "2030-10-30", True),
    ("next oct 31", NOV1, "2029-10-31", False),
    ("2 days before oct 31", NOV1, "2029-10-29", False),  # never a day counted back into the past
    ("the friday before halloween", NOV1, "2029-10-26", False),  # nor a weekday before the one just gone
    ("the friday before halloween", NOV1, "2030-10-25", True),
    ("the weekend before oct 31", NOV1, "2029-10-27", False),
    ("the friday after halloween", NOV1, "2029-11-02", True),  # a day to come, counted from the one just gone
    # a weekday counted back from a day of the month said on that day: the one before next month's, never a day gone
    ("the friday before the 1st", NOV1, "2029-10-26", False),
    ("the friday before the 1st", NOV1, "2029-11-30", True),  # December 1 is a Saturday
    ("the friday before the 1st", NOV1, "2029-11-29", False),
    ("the friday before the 1st", NOV1, "2029-12-01", False),
    ("the friday before the 1st", NOV1, "2029-12-28", False),
    ("the friday after the 1st", NOV1, "2029-11-02", True),
    ("the friday after the 1st", NOV1, "2029-12-07", False),
    ("the evening of halloween", NOV1, "2029-10-31T20:00", True),
    # a week or weekday counted from a day named without its year gone within two weeks, while it lasts: that one's
    ("the week after christmas", DEC27, "2026-12-28", True),  # December 28 to January 3
    ("the week after christmas", DEC27, "2026-12-26", True),  # or the seven days from December 26
    ("the week after christmas", DEC27, "2027-12-28", False),  # never next year's
    ("the monday after christmas", DEC27, "2026-12-28", True),
    ("the monday after christmas", DEC27, "2027-12-27", False),
    ("the week before christmas", DEC27, "2027-12-20", True),  # one gone: next year's
    ("the week before christmas", DEC27, "2026-12-21", False),
    ("the week after easter", datetime(2031, 4, 14, 9, tzinfo=NEW_YORK), "2031-04-16", True),
    ("the week after easter", datetime(2031, 4, 14, 9, tzinfo=NEW_YORK), "2032-03-31", False),
    ("the week after thanksgiving", datetime(2031, 11, 28, 9, tzinfo=NEW_YORK), "2031-12-02", True),
    ("the week after thanksgiving", datetime(2031, 11, 28, 9, tzinfo=NEW_YORK), "2032-11-30", False),
    # a month named without its year said the day after it ended: a day or week of it is next year's, never the past
    ("the last friday of march", datetime(2026, 4, 1, 10, tzinfo=NEW_YORK), "2026-03-27", False),
    ("the last friday of march", datetime(2026, 4, 1, 10, tzinfo=NEW_YORK), "2027-03-26", True),
    ("the last day of october", NOV1, "2029-10-31", False),
    ("the last day of october", NOV1, "2030-10-31", True),
    ("the first weekend of june", datetime(2026, 7, 1, 10, tzinfo=NEW_YORK), "2026-06-06", False),
    ("the first week of december", datetime(2027, 1, 1, 10, tzinfo=NEW_YORK), "2026-12-01", False),
    ("the first week of december", datetime(2027, 1, 1, 10, tzinfo=NEW_YORK), "2027-12-01", True),
    # a day of the month said on that day is today's, and next month's too once the time of day it gives has passed
    ("the first of the month", NOV1, "2029-11-01", True),
    ("the first of the month", NOV1, "2029-12-01", False),
    ("by the 1st", NOV1, "2029-12-01", False),
    ("the 1st at 8am", NOV1, "2029-12-01T08:00", True),  # said at 14:20
    ("the 1st at 8am", NOV1, "2029-11-01T08:00", True),
    ("the first of the month at 9pm", NOV1, "2029-12-01T21:00", False),
    ("by the 1st at 9pm", NOV1, "2029-11-01T21:00", True),
    ("the first of the month", NOV1, "2029-10-01", False),
    ("the first of the month", NOV1, "2030-01-01", False),
    ("the 1st of this month", NOV1, "2029-12-01", False),
    ("the 1st of next month", NOV1, "2029-11-01", False),
    ("at 13 pm", WED, "2025-03-12T13:00", ERROR),  # after "at", or with "o'clock", too
    ("tomorrow at 13 p.m.", WED, "2025-03-13T13:00", ERROR),
    ("at 0 am", WED, "2025-03-13T00:00", ERROR),
    ("13 o'clock pm", WED, "2025-03-12T13:00", ERROR),
    ("at 1300 pm", WED, "2025-03-12T13:00", ERROR),  # a 24-hour clock past noon with am/pm: which was meant?
    ("tomorrow 1300 p.m.", WED, "2025-03-13T13:00", ERROR),
    ("1300 hours pm", WED, "2025-03-12T13:00", ERROR),
    ("0930 pm", WED, "2025-03-12T21:30", True),  # a leading zero still on a 12-hour clock's hour
    ("at 1230 am", WED, "2025-03-13T00:30", True),
    ("at 1 pm", WED, "2025-03-12T13:00", True),
    ("at 1 o'clock pm", WED, "2025-03-12T13:00", True),
    ("at 12 am", WED, "2025-03-13T00:00", True),
    # "arvo" (Australian) is the afternoon; "commencing" a date is from it, as "starting"; "effective" a date is not
    # understood (a notice may be backdated: the day just gone or the coming one is not said)
    ("this arvo", WED, "2025-03-12T15:00", True),
    ("this arvo", WED, "2025-03-12T10:00", False),
    ("fri arvo", WED, "2025-03-14T14:00", True),
    ("fri arvo", WED, "2025-03-14T09:00", False),
    ("effective march 17", WED, "2025-03-17", ERROR),
    ("effective as of monday", WED, "2025-03-17", ERROR),
    ("commencing monday", WED, "2025-03-17", True),
    ("commencing monday", WED, "2025-03-24", False),
    # "last <holiday>" said within a week after it is that one, never the one a year before; later, either
    ("last halloween", datetime(2029, 11, 1, 14, 20), "2029-10-31", True),
    ("last halloween", datetime(2029, 11, 1, 14, 20), "2028-10-31", False),
    ("last christmas", datetime(2029, 12, 28, 9), "2028-12-25", False),
    ("last christmas", datetime(2030, 2, 1, 9), "2029-12-25", True),
    ("last labor day", datetime(2029, 11, 1, 14, 20), "2028-09-04", True),
    # a US abbreviation the user's own zone, or another zone of the user's country, uses at another offset, alone or
    # after Australia's A, is not said to be either: "CST" in Adelaide (ACST) or Shanghai, "EST" in Sydney (AEST),
    # "CST", "EST" or "EDT" anywhere in Australia; elsewhere the US zone (EDT: -04:00, or New York's time that day)
    ("3pm EDT", BRISBANE, "2030-01-10T15:00-04:00", ERROR),
    ("3pm CST", BRISBANE, "2030-01-10T15:00-06:00", ERROR),
    ("3pm EST", BRISBANE.replace(tzinfo=ZoneInfo("Australia/Perth")), "2030-01-10T15:00-05:00", ERROR),
    ("3pm EDT", BRISBANE.replace(tzinfo=ZoneInfo("Asia/Kolkata")), "2030-01-10T15:00-04:00", True),
    ("3pm EDT", BRISBANE.replace(tzinfo=ZoneInfo("Asia/Kolkata")), "2030-01-10T15:00+05:30", False),
    ("3pm EDT", BRISBANE.replace(tzinfo=ZoneInfo("Asia/Kolkata")), "2030-01-10T15:00-06:00", False),
    # (a zone of its own country alone: Tokyo is Japan's, the table listing it for Australia too; a link's zone's)
    ("3pm EDT", BRISBANE.replace(tzinfo=ZoneInfo("Asia/Tokyo")), "2030-01-10T15:00-04:00", True),
    ("3pm CST", BRISBANE.replace(tzinfo=ZoneInfo("Asia/Tokyo")), "2030-01-10T15:00-06:00", True),
    ("3pm EDT", BRISBANE.replace(tzinfo=ZoneInfo("Australia/Queensland")), "2030-01-10T15:00-04:00", ERROR),
    ("3pm EST", BRISBANE.replace(tzinfo=ZoneInfo("Australia/West")), "2030-01-10T15:00-05:00", ERROR),
    ("3pm CST", BRISBANE.replace(tzinfo=ZoneInfo("Australia/Canberra")), "2030-01-10T15:00-06:00", ERROR),
    ("3pm IST", BRISBANE, "2030-01-10T15:00+05:30", True),  # India, Israel or Ireland: every one
    ("3pm IST", BRISBANE, "2030-01-10T15:00+01:00", True),
    ("3pm IST", BRISBANE, "2030-01-10T15:00Z", False),
    ("9am cst monday", ADELAIDE, "2030-04-08T09:00-05:00", ERROR),
    ("9am cst monday", ADELAIDE, "2030-04-08T09:00+09:30", ERROR),
    ("9am est monday", ADELAIDE.replace(tzinfo=ZoneInfo("Australia/Sydney")), "2030-04-08T09:00-04:00", ERROR),
    ("9am cst monday", ADELAIDE.replace(tzinfo=ZoneInfo("Asia/Shanghai")), "2030-04-08T09:00+08:00", ERROR),
    ("9am cst monday", ADELAIDE.replace(tzinfo=ZoneInfo("America/Chicago")), "2030-04-08T09:00-05:00", True),
    ("9am est monday", ADELAIDE.replace(tzinfo=BERLIN), "2030-04-08T09:00-04:00", True),
    ("9am est monday", ADELAIDE.replace(tzinfo=BERLIN), "2030-04-08T09:00-05:00", True),
    ("9am est monday", ADELAIDE.replace(tzinfo=BERLIN), "2030-04-08T11:00-04:00", False),
    # seasons south of the equator: winter from June, summer from December (the zone's place in the tz database)
    ("this winter", ADELAIDE, "2030-07-15", True),
    ("this winter", ADELAIDE, "2031-01-15", False),
    ("this autumn", ADELAIDE, "2030-04-20", True),
    ("this autumn", ADELAIDE, "2030-10-15", False),
    ("last summer", ADELAIDE, "2030-01-15", True),
    ("last summer", ADELAIDE, "2029-07-15", False),
    ("summer 2031", ADELAIDE, "2031-12-20", True),  # the summer that starts in 2031, or the one ending in it
    ("winter 2031", ADELAIDE, "2031-07-15", True),
    ("winter 2031", ADELAIDE, "2031-01-15", False),
    ("this winter", datetime(2030, 4, 5, 16, 40, tzinfo=NEW_YORK), "2031-01-15", True),
    # "this <season>" said while it is under way, begun last year, is the one under way; "next" and "last" are not
    ("this summer", datetime(2028, 2, 29, 10, tzinfo=ZoneInfo("Australia/Sydney")), "2028-02-10", True),
    ("this summer", datetime(2028, 2, 29, 10, tzinfo=ZoneInfo("Australia/Sydney")), "2028-12-20", False),
    ("this winter", datetime(2029, 2, 10, 10, tzinfo=LONDON), "2029-01-15", True),
    ("this winter", datetime(2029, 2, 10, 10, tzinfo=LONDON), "2029-12-20", False),
    ("next winter", datetime(2029, 2, 10, 10, tzinfo=LONDON), "2029-01-15", False),
    ("next winter", datetime(2029, 2, 10, 10, tzinfo=LONDON), "2029-12-20", True),
    ("last summer", datetime(2028, 2, 29, 10, tzinfo=ZoneInfo("Australia/Sydney")), "2028-02-10", True),
    ("this winter", datetime(2029, 12, 10, 10, tzinfo=LONDON), "2029-12-20", True),
    # said in December while the season running into the next year is under way, "next" is the one a year on
    ("next winter", datetime(2027, 12, 30, 10, tzinfo=LONDON), "2028-12-20", True),
    ("next winter", datetime(2027, 12, 30, 10, tzinfo=LONDON), "2028-01-15", False),
    ("next summer", datetime(2027, 12, 30, 21, tzinfo=ZoneInfo("Australia/Sydney")), "2028-12-20", True),
    ("next summer", datetime(2027, 12, 30, 21, tzinfo=ZoneInfo("Australia/Sydney")), "2028-01-20", False),
    ("next summer", datetime(2027, 12, 30, 21, tzinfo=ZoneInfo("Australia/Sydney")), "2028-07-15", False),
    # said while the one begun last year is under way, "next" is the one starting this year, never the year after's
    ("next winter", datetime(2028, 1, 15, 10, tzinfo=LONDON), "2028-12-15", True),
    ("next winter", datetime(2028, 1, 15, 10, tzinfo=LONDON), "2029-12-15", False),
    ("the start of next winter", datetime(2028, 2, 25, 10, tzinfo=LONDON), "2029-12-01", False),
    ("next summer", datetime(2028, 1, 15, 10, tzinfo=ZoneInfo("Australia/Sydney")), "2029-12-15", False),
    # "after next" is a year after each reading of "next" alone: said then, this December's winter's
    ("winter after next", datetime(2028, 1, 15, 10, tzinfo=LONDON), "2029-12-15", True),
    ("winter after next", datetime(2028, 1, 15, 10, tzinfo=LONDON), "2030-12-15", False),
    # February 29 is "leap day", in the leap years alone
    ("leap day", datetime(2027, 10, 29, 9, tzinfo=LONDON), "2028-02-29", True),
    ("leap day", datetime(2027, 10, 29, 9, tzinfo=LONDON), "2028-03-01", False),
    ("leap day 2027", datetime(2027, 10, 29, 9, tzinfo=LONDON), "2027-02-28", ERROR),
    # a zone named by a link of the tz database is placed as the zone it names
    ("this winter", datetime(2030, 7, 10, 10, tzinfo=ZoneInfo("Australia/Canberra")), "2030-07-15", True),
    ("this winter", datetime(2030, 7, 10, 10, tzinfo=ZoneInfo("NZ")), "2030-07-15", True),
    ("this summer", datetime(2030, 7, 10, 10, tzinfo=ZoneInfo("America/Buenos_Aires")), "2030-07-15", False),
    # in the southern tropics which months a season names is not known; north of the equator, at a bare offset or in
    # UTC (no place named) the northern seasons
    ("this summer", datetime(2030, 7, 10, 10, tzinfo=ZoneInfo("Africa/Nairobi")), "2030-07-15", ERROR),
    ("this winter", datetime(2030, 7, 10, 10, tzinfo=ZoneInfo("Africa/Harare")), "2030-07-15", ERROR),
    ("summer 2030", datetime(2030, 7, 10, 10, tzinfo=ZoneInfo("Asia/Singapore")), "2030-07-15", True),
    ("summer 2030", datetime(2030, 7, 10, 10, tzinfo=ZoneInfo("America/Lima")), "2030-07-15", ERROR),
    ("this summer", datetime.fromisoformat("2030-01-10T10:00+10:30"), "2030-01-15", False),
    ("this summer", datetime(2030, 7, 10, 10, tzinfo=ZoneInfo("UTC")), "2030-07-15", True),
    # a weekday with a month and day: the date nearest today, coming or past (both when about as near); never one
    # about a year away to find the weekday (said on Friday 5 April 2030, 9 April is a Tuesday, 6 April a Saturday)
    ("wednesday, 9 april", ADELAIDE, "2031-04-09", ERROR),
    ("friday 6 april", ADELAIDE, "2029-04-06", ERROR),
    ("tuesday 9 april", ADELAIDE, "2030-04-09", True),
    ("thursday 4 april", ADELAIDE, "2030-04-04", True),
    ("sunday, 3 february", ADELAIDE, "2030-02-03", True),
    ("monday, 3 february", ADELAIDE, "2031-02-03", ERROR),  # (the nearest, 2030's, was a Sunday)
    ("wednesday 29 january", datetime(2030, 1, 31, 10), "2031-01-29", ERROR),  # the 29th was a Tuesday
    ("tuesday 29 january", datetime(2030, 1, 31, 10), "2030-01-29", True),
    ("saturday 26 october", datetime(2029, 10, 30, 10), "2030-10-26", ERROR),
    ("saturday 14 december", datetime(2029, 12, 20, 10), "2030-12-14", ERROR),
    ("thursday 1 june", datetime(2029, 2, 28, 10), "2028-06-01", ERROR),  # 1 June 2029 is a Friday
    ("friday 1 june", datetime(2029, 2, 28, 10), "2029-06-01", True),
    ("tuesday 29 february", datetime(2029, 2, 28, 10), "2028-02-29", ERROR),  # a year back: not the nearest date
    ("tuesday 29 february", datetime(2028, 2, 20, 10), "2028-02-29", True),
    ("saturday 14 june", datetime(2029, 12, 14, 10), "2030-06-14", ERROR),  # (a Friday; 2029's was a Thursday)
    ("thursday 14 june", datetime(2029, 12, 14, 10), "2029-06-14", True),  # half a year either way: both near
    # ... and the coming one when the past one is over three months back (said in April 2031: 23 November 2030 was a
    # Saturday, 23 November 2031 is a Sunday; 6 January 2031 was a Monday, 2032's is a Tuesday)
    ("sun, nov 23", datetime(2031, 4, 9, 10), "2031-11-23", True),
    ("sun, nov 23", datetime(2031, 4, 9, 10), "2030-11-23", False),
    ("sat, nov 23", datetime(2031, 4, 9, 10), "2030-11-23", True),
    ("sat, nov 23", datetime(2031, 4, 9, 10), "2031-11-23", False),
    ("tuesday, january 6", datetime(2031, 4, 9, 10), "2032-01-06", True),
    ("wednesday, january 6", datetime(2031, 4, 9, 10), "2032-01-06", ERROR),  # neither falls on a Wednesday
    # the Easter long weekend: Good Friday to Easter Monday (its weekend alone is Saturday and Sunday)
    ("the easter long weekend", ADELAIDE, "2030-04-19", True),
    ("the easter long weekend", ADELAIDE, "2030-04-22", True),
    ("the easter long weekend", ADELAIDE, "2030-04-23", False),
    # Australia Day or Waitangi Day on a weekend: the Monday after is the day off, and the long weekend runs to it
    ("the australia day long weekend", BRISBANE, "2030-01-28", True),  # (January 26, 2030 is a Saturday)
    ("the australia day long weekend", BRISBANE, "2030-01-29", False),
    ("the australia day weekend", BRISBANE, "2030-01-28", False),
    ("the waitangi day long weekend", datetime(2027, 1, 20, 10, tzinfo=ZoneInfo("NZ")), "2027-02-08", True),
    ("easter weekend", ADELAIDE, "2030-04-19", False),
    # Australian Eastern (Central) time written as standard time while Sydney (Adelaide) keeps summer time: either
    ("3pm AEST tomorrow", ADELAIDE, "2030-04-06T15:00:00+11:00", True),
    ("3pm AEST tomorrow", ADELAIDE, "2030-04-06T15:00:00+10:00", True),
    ("3pm AEST tomorrow", ADELAIDE, "2030-04-06T15:00:00+10:30", False),
    ("3pm AEST monday", ADELAIDE, "2030-04-08T15:00:00+11:00", False),  # Sydney is back on standard time
    ("10am ACST tomorrow", ADELAIDE, "2030-04-06T10:00:00+10:30", True),
    ("10am ACST monday", ADELAIDE, "2030-04-08T10:00:00+10:30", False),
    # Australian and New Zealand holidays, and a city's time after a time of day in words
    ("anzac day", ADELAIDE, "2030-04-25", True),
    ("3 working days after anzac day", ADELAIDE, "2030-04-30", True),
    ("3 working days after anzac day", ADELAIDE, "2030-04-29", False),
    ("australia day 2030", ADELAIDE, "2030-01-26", True),
    ("melbourne cup day", ADELAIDE, "2030-11-05", True),
    ("melbourne cup day", ADELAIDE, "2030-11-04", False),
    ("waitangi day", ADELAIDE, "2031-02-06", True),
    ("noon brisbane time tomorrow", ADELAIDE, "2030-04-06T12:00:00+10:00", True),
    ("noon brisbane time tomorrow", ADELAIDE, "2030-04-06T12:00:00+10:30", False),
    ("next christmas time", ADELAIDE, "2030-12-25", ERROR),
    ("noon christmas time", ADELAIDE, "2030-12-25T12:00:00+07:00", ERROR),  # never Christmas Island's time
    ("noon easter time", ADELAIDE, "2030-04-21T12:00:00", ERROR),
    ("in 5 mins", WED, "2025-03-12T10:25:00", True),
    ("in 5 mins", WED, "2025-03-12T10:26:00", False),
    ("in 2 hrs", WED, "2025-03-12T12:20:00", True),
    ("in 2 hrs", WED, "2025-03-12T13:20:00", False),
    ("next mth", WED, "2025-04-30", True),
    ("next mth", WED, "2025-05-01", False),
    ("2nite at 9", WED, "2025-03-12T21:00:00", True),
    ("2nite at 9", WED, "2025-03-12T09:00:00", False),
    ("2day at 5pm", WED, "2025-03-12T17:00:00", True),
    ("2day at 5pm", WED, "2025-03-13T17:00:00", False),
    ("in 2day", WED, "2025-03-14", True),  # a length of days, never "in today"
    ("in 2day", WED, "2025-03-12", False),
    ("for 2morrow at 5pm", WED, "2025-03-13T17:00:00", True),  # only "2day" may be a length
    ("for 2nite", WED, "2025-03-12T21:00:00", True),
    # this hour, this minute
    ("this hour", WED, "2025-03-12T10:00:00", True),
    ("this hour", WED, "2025-03-12T10:59:00", True),
    ("this hour", WED, "2025-03-12T11:00:00", False),
    ("this hour", WED, "2025-03-12T09:59:00", False),
    ("this minute", WED, "2025-03-12T10:20:00", True),
    ("this minute", WED, "2025-03-12T10:21:00", False),
    ("the current hour", OFF, "2025-03-12T08:30:00Z", True),
    ("the current hour", OFF, "2025-03-12T10:30:00Z", False),
    # later today, later this week: what is left of the period
    ("later today", WED, "2025-03-12T18:00:00", True),
    ("later today", WED, "2025-03-12T09:00:00", False),
    ("later this week", WED, "2025-03-14", True),
    ("later this week", WED, "2025-03-10", False),
    # "after next", "before last" with months, holidays, seasons: one more year than each reading of next (last)
    ("June after next", WED, "2026-06-15", True),  # "next June" is June 2025 to some, June 2026 to others
    ("June after next", WED, "2027-06-15", True),
    ("June after next", WED, "2025-06-15", False),
    ("June after next", WED, "2026-07-01", False),
    ("June after next", JUL, "2027-06-01", True),  # said after June: next June is June 2026
    ("June after next", JUL, "2026-06-01", False),
    ("june before last", WED, "2023-06-30", True),
    ("june before last", WED, "2024-06-30", False),
    ("christmas after next", WED, "2026-12-25", True),
    ("christmas after next", WED, "2026-12-24", False),
    ("easter before last", WED, "2023-04-09", True),  # Easter 2024 was March 31
    ("easter before last", WED, "2024-03-31", False),
    ("march after next 2030", WED, "2030-03-01", ERROR),  # a year and "after next" do not go together
    # a day of a month named relative to this one
    ("the 14 of next month", WED, "2025-04-14", True),
    ("the 14 of next month", WED, "2025-04-15", False),
    ("the 3rd of last month", WED, "2025-02-03", True),
    ("the 3rd of last month", WED, "2025-03-03", False),
    ("last month on the 3rd", WED, "2025-02-03T09:00:00", True),
    ("the 3rd of the month before last", WED, "2025-01-03", True),
    ("the 3rd of the month before last", WED, "2025-02-03", False),
    ("the 31st of last month", WED, "2025-02-28", ERROR),  # February has no 31st
    # two-digit years: after a month, an apostrophe, a date joined by dashes or slashes, a day and month
    ("june 88", WED, "1988-06-15", True),
    ("june 88", WED, "2025-06-15", False),
    ("june 12", WED, "2025-06-12", True),  # a day, not a year
    ("june 12", WED, "2012-06-01", False),
    ("jan 3, '02", WED, "2002-01-03", True),
    ("jan 3, '02", WED, "2002-01-04", False),
    ("12-Sep-09", WED, "2009-09-12", True),
    ("12-Sep-09", WED, "2009-09-13", False),
    ("12-Sep-09", WED, "2025-10-09", False),
    ("Sep/12/09", WED, "2009-09-12", True),
    ("5 mar 12", WED, "2012-03-05", True),
    ("5 mar 12", WED, "2026-03-05T12:00:00", True),  # or noon that day: both readings kept
    ("5 mar 12", WED, "2026-03-05T15:00:00", False),
    ("5 mar 12pm", WED, "2026-03-05T12:00:00", True),
    ("2026 jan 30", WED, "2026-01-30", True),  # the year said first: the two digits last are the day
    ("2026 jan 30", WED, "2030-01-30", False),
    ("1999 dec 25", WED, "1999-12-25", True),
    ("1999 dec 25", WED, "2025-12-25", False),
    ("march 3-15", WED, "2025-03-03", True),  # a range of days, not a year
    ("march 5-7, 2025", WED, "2025-03-05", True),  # a range of days of a month, its year written after the end
    ("march 5-7, 2025", WED, "2025-03-06", False),
    ("june 88 minutes", WED, "1988-06-01", ERROR),
    # signed and compact durations
    ("+20 minutes", WED, "2025-03-12T10:40:00", True),
    ("+20 minutes", WED, "2025-03-12T10:41:00", False),
    ("-2 hours", WED, "2025-03-12T08:20:00", True),
    ("-2 hours", WED, "2025-03-12T12:20:00", False),
    ("+1d", WED, "2025-03-13", True),
    ("today - 3d", WED, "2025-03-09", True),  # a minus after "today" counts back, never joins a range
    ("today - 3d", WED, "2025-03-12", False),
    # signed lengths in a row add up, never a clock after the dash ("2h" is 02:00 in French notation)
    ("now - 3d - 2h", WED, "2025-03-09T08:20:00", True),
    ("now - 3d - 2h", WED, "2025-03-09T02:00:00", False),
    ("+3d - 2h", WED, "2025-03-15T08:20:00", True),
    ("today - 1 week - 3 days", WED, "2025-03-02", True),
    ("today - 3d - 2h", WED, "2025-03-09T02:00:00", ERROR),  # hours from now, three days back: not today
    ("today - 4d - 9h30", WED, "2025-03-08T09:30:00", ERROR),
    # months come first on the calendar: days written before them are not understood, months before days are read
    ("-1 day +1 month", datetime(2026, 1, 31, 12), "2026-02-27", ERROR),  # Feb 28 in the order written
    ("now - 1 day - 1 month", datetime(2026, 3, 31, 12), "2026-02-27T12:00:00", ERROR),
    ("+1 month -1 day", datetime(2026, 1, 31, 12), "2026-02-27", True),
    ("-1 day + one month", datetime(2026, 1, 31, 12), "2026-02-27", ERROR),  # in words, quarters and fortnights too
    ("-1 day +1 qtr", datetime(2026, 1, 31, 12), "2026-04-29", ERROR),
    ("-1 fortnight +1 month", datetime(2026, 3, 14, 12), "2026-03-31", ERROR),
    ("-two days +1 month", datetime(2026, 1, 31, 12), "2026-02-26", ERROR),  # any number word, and a day word
    ("yesterday + 1 month", datetime(2026, 1, 31, 12), "2026-02-27", ERROR),
    ("-a couple of days + 1 month", datetime(2026, 1, 31, 12), "2026-02-26", ERROR),  # an amount in words
    ("-a few days + 1 month", datetime(2026, 1, 31, 12), "2026-02-25", ERROR),
    ("now - half a dozen days + a month", datetime(2026, 1, 31, 12), "2026-02-22T12:00:00", ERROR),
    ("-1.5 days +1 month", datetime(2026, 1, 31, 12), "2026-02-27", ERROR),
    ("+ a couple of weeks - a month", datetime(2026, 3, 31, 12), "2026-03-14", ERROR),
    ("+1 month -a couple of days", datetime(2026, 1, 31, 12), "2026-02-26", True),
    ("tomorrow + 1 month", datetime(2026, 1, 30, 12), "2026-03-01", ERROR),
    ("a month from yesterday", datetime(2026, 3, 31, 12), "2026-04-30", True),
    ("+1d", WED, "2025-03-12", False),
    ("2w later", WED, "2025-03-26", True),
    ("2w later", WED, "2025-03-27", False),
    ("in 2w", WED, "2025-03-26T15:00:00", True),
    ("3y ago", WED, "2022-03-12", True),
    ("3y ago", WED, "2022-03-11", False),
    ("3pm - 2 hours", WED, "2025-03-12T13:00:00", ERROR),  # a dash inside the phrase joins a range's ends
    # times and amounts in words
    ("nine o five", WED, "2025-03-12T21:05:00", True),  # morning and evening: the evening is still to come
    ("nine o five", WED, "2025-03-13T09:05:00", True),
    ("nine o five", WED, "2025-03-12T21:50:00", False),
    ("nine o five pm", WED, "2025-03-13T09:05:00", False),
    ("seven o clock", WED, "2025-03-12T19:00:00", True),
    ("seven o clock", WED, "2025-03-12T19:01:00", False),
    ("in three-quarters of an hour", WED, "2025-03-12T11:05:00", True),
    ("in three-quarters of an hour", WED, "2025-03-12T10:35:00", False),
    ("in a couple of hours", WED, "2025-03-12T12:20:00", True),
    ("twenty past five", WED, "2025-03-12T17:20:00", True),
    ("twenty past five", WED, "2025-03-12T17:40:00", False),
    ("ten to six", WED, "2025-03-12T17:50:00", True),
    ("ten to six", WED, "2025-03-12T18:10:00", False),
    ("twelve noon", WED, "2025-03-12T12:00:00", True),
    ("twelve noon", WED, "2025-03-13T00:00:00", False),
    ("ninety minutes from now", WED, "2025-03-12T11:50:00", True),
    ("ninety minutes from now", WED, "2025-03-12T11:20:00", False),
    ("in seventy-five minutes", WED, "2025-03-12T11:35:00", True),
    ("within the hour", WED, "2025-03-12T11:00:00", True),
    ("within the hour", WED, "2025-03-12T11:30:00", False),
    # ordinals counted from the end
    ("the 2nd last monday of may", WED, "2025-05-19", True),
    ("the 2nd last monday of may", WED, "2025-05-26", False),
    ("the 2nd last monday of may", WED, "2025-05-12", False),
    ("the second to last friday of the month", WED, "2025-03-21", True),
    ("the second to last friday of the month", WED, "2025-03-28", False),
    ("the second to last friday of the month", WED, "2025-03-14", False),
    ("the third from last day of the month", WED, "2025-03-29", True),
    ("the third from last day of the month", WED, "2025-03-28", False),
    ("the next to last day of the month", WED, "2025-03-30", True),
    ("the next to last day of the month", WED, "2025-03-31", False),
    ("the last last day of may", WED, "2025-05-31", ERROR),
    # an hour beside a weekday and a part of the day is the hour, not a day of the month
    ("tuesday 7 in the evening", WED, "2025-03-18T19:00:00", True),
    ("tuesday 7 in the evening", WED, "2025-10-07T19:00:00", False),
    ("tuesday 7 in the evening", WED, "2025-03-18T07:00:00", False),
    ("saturday 10 in the morning", WED, "2025-03-15T10:00:00", True),
    ("saturday 10 in the morning", WED, "2025-03-15T22:00:00", False),
    # a recurring date placed by years counted from now; parts of the day counted in days
    ("easter in two years", WED, "2027-03-28", True),  # Easter 2027 falls on March 28
    ("easter in two years", WED, "2026-04-05", False),
    ("christmas 2 years ago", WED, "2023-12-25", True),
    ("christmas 2 years ago", WED, "2024-12-25", False),
    ("june in 2 years", WED, "2027-06-30", True),
    ("june in 2 years", WED, "2027-07-01", False),
    ("easter in 2 months", WED, "2025-04-20", ERROR),
    # a season or a holiday with its year in two digits names that year, never the coming one
    ("summer '19", WED, "2019-07-01", True),
    ("summer '19", WED, "2025-07-01", False),
    ("easter '19", WED, "2019-04-21", True),
    ("easter '19", WED, "2025-04-20", False),
    # weekdays counted from today
    ("the 3rd friday from now", WED, "2025-03-28", True),
    ("the 3rd friday from now", WED, "2025-03-21", False),
    ("3 fridays from now", WED, "2025-03-28", True),
    ("2 fridays back", WED, "2025-02-28", True),  # "back" counts back, as "ago" does
    ("2 fridays back", WED, "2025-03-07", False),
    ("two mornings back", WED, "2025-03-10T09:00:00", True),
    ("two mornings back", WED, "2025-03-11T09:00:00", False),
    ("0 fridays from now", WED, "2025-03-07", ERROR),  # no such friday
    # the n-th weekday after or before a holiday (New Year 2019 fell on a Tuesday, Christmas 2025 on a Thursday)
    ("the second friday after new year 2019", WED, "2019-01-11", True),
    ("the second friday after new year 2019", WED, "2019-01-04", False),
    ("the 2nd monday before christmas", WED, "2025-12-15", True),
    ("the 2nd monday before christmas", WED, "2025-12-22", False),
    ("two fridays after new year 2019", WED, "2019-01-11", True),  # counted: the second
    ("two fridays after new year 2019", WED, "2019-01-04", False),
    # a length after or before a period longer than a day: from its start or from its end, never the period moved
    ("3 days after april", WED, "2025-04-20", ERROR),
    ("3 days after april", WED, "2025-05-03", ERROR),
    ("3 days before next month", WED, "2025-04-10", ERROR),
    ("a week after next week", WED, "2025-03-26", ERROR),
    ("2 days after the weekend", WED, "2025-03-17", ERROR),
    ("a day after this year", WED, "2025-06-02", ERROR),
    ("2 days after q3", WED, "2025-07-20", ERROR),
    ("2 days after christmas", WED, "2025-12-27", True),  # a day: counted from it
    ("2 days after christmas", WED, "2025-12-28", False),
    ("3 days after the 20th", WED, "2025-03-23", True),
    ("3 mondays before christmas", WED, "2025-12-08", True),
    # "the last (final) friday before christmas" is the Friday before it, never any day up to it
    ("the last friday before christmas", WED, "2025-12-19", True),
    ("the last friday before christmas", WED, "2025-12-12", False),
    ("the last friday before christmas", WED, "2025-11-07", False),
    ("the final monday before easter", WED, "2025-04-14", True),
    ("the final monday before easter", WED, "2025-04-07", False),
    ("the last friday after christmas", WED, "2025-12-26", ERROR),
    # a weekday before a pair that may be a clock or a date (the Friday before June 12 or December 6, or before 6:12 on
    # Friday) is not understood, never any day before a date on that weekday (June 12 2026 is a Friday); before a date
    # it is not counted from, not understood either
    ("the friday before 6.12", WED, "2025-04-01", ERROR),
    ("the friday before 6.12", WED, "2025-03-14T05:00:00", ERROR),
    ("the monday after 6.12", WED, "2025-03-17T07:00:00", ERROR),
    ("the sunday before 5.10", WED, "2025-04-01", ERROR),
    # a pair that is no date day first is the clock, which may be 10:30 or 22:30 with no am or pm: not understood
    ("friday before 10.30", WED, "2025-03-14T09:00:00", ERROR),
    ("friday before 7.30", WED, "2025-03-14T19:00:00", ERROR),
    ("friday before 10.30pm", WED, "2025-03-14T22:00:00", True),
    ("friday morning before 10.30", WED, "2025-03-14T10:00:00", True),
    ("friday morning before 10.30", WED, "2025-03-14T20:00:00", False),
    ("friday before 10.30pm", WED, "2025-03-14T23:00:00", False),
    ("friday before 22.30", WED, "2025-03-15T09:00:00", False),
    ("friday before 10.30am", WED, "2025-03-14T09:00:00", True),
    ("friday before 10.30am", WED, "2025-03-14T11:00:00", False),
    ("friday before 6.12", WED, "2025-03-14T05:00:00", ERROR),  # 6:12 on Friday, or a day before June 12 or Dec 6
    # beside a weekday, "10.30" is no October 30 that falls on it (October 30 2026 is a Friday)
    ("10.30 on friday", datetime(2026, 10, 1, 9, 0), "2026-10-02T10:30:00", True),
    ("10.30 on friday", datetime(2026, 10, 1, 9, 0), "2026-10-02T22:30:00", True),
    ("10.30 on friday", datetime(2026, 10, 1, 9, 0), "2026-10-30", False),
    ("friday 10.30", datetime(2026, 10, 1, 9, 0), "2026-10-30", False),
    ("friday 10.30", datetime(2026, 10, 1, 9, 0), "2026-10-02T10:30:00", True),
    # beside a weekday a pair is a date day first alone: "sun 11.01" is 11:01 on Sunday, never November 1 2026 (a
    # Sunday; January 11 2026 was one too, but not January 11 2027)
    ("sun 11.01", datetime(2026, 10, 28, 21, 15), "2026-11-01T11:01:00", True),
    ("sun 11.01", datetime(2026, 10, 28, 21, 15), "2026-11-01T11:02:00", False),
    ("sun 11.01", datetime(2026, 10, 28, 21, 15), "2026-11-01", False),
    ("mon 11.01", datetime(2027, 1, 5, 10, 0), "2027-01-11", True),
    # a pair that may be a date day first keeps both readings ("fri 12.06": June 12 2026 is a Friday, or 12:06)
    ("fri 12.06", datetime(2026, 6, 8, 9, 0), "2026-06-12", True),
    ("fri 12.06", datetime(2026, 6, 8, 9, 0), "2026-06-12T12:06:00", True),
    ("fri 12.06", datetime(2026, 6, 8, 9, 0), "2026-06-13", False),
    ("friday after 17.30", WED, "2025-03-14T18:00:00", True),  # never a date
    ("friday before 12 june", WED, "2025-04-01", ERROR),
    ("the friday before 12 june at 5pm", WED, "2026-06-12T10:00:00", ERROR),  # never Friday June 12 2026 before 5pm
    ("the friday before 6.12 at 5pm", WED, "2026-06-12T10:00:00", ERROR),
    ("the friday before next 6.2", WED, "2025-04-01", ERROR),
    ("the friday before next 6/2", WED, "2025-04-01", ERROR),
    # a weekday before or after a date joined to a bare date by a dash or "to" (maybe the end of the date it is counted
    # from): not understood, never a year-long range nor one order's day
    ("the friday after 6.2-6.5", WED, "2025-06-06", ERROR),
    ("friday before 6.2-6.5", WED, "2025-05-30", ERROR),
    ("the friday after 6/2-6/5", WED, "2025-06-06", ERROR),
    ("the friday after june 2 to june 5", WED, "2025-06-06", ERROR),
    # an end that is only a clock is on the weekday counted, never on the date it is counted from
    ("the tuesday after 6.2 9-11am", WED, "2025-06-03T09:00:00", True),
    ("the tuesday after 6.2 9-11am", WED, "2025-06-02T09:00:00", False),
    ("3 mornings ago", WED, "2025-03-09T08:00:00", True),
    ("3 mornings ago", WED, "2025-03-09T14:00:00", False),
    ("3 mornings ago", WED, "2025-03-10T08:00:00", False),
    ("two evenings from now", WED, "2025-03-14T20:00:00", True),
    ("two evenings from now", WED, "2025-03-13T20:00:00", False),
    # counts in words: a couple, a dozen, half a dozen
    ("a couple of nights ago", WED, "2025-03-10T22:00:00", True),
    ("a couple of nights ago", WED, "2025-03-11T22:00:00", False),
    ("in two nights", WED, "2025-03-14T22:00:00", True),
    ("in two nights", WED, "2025-03-13T22:00:00", False),
    ("a dozen days ago", WED, "2025-02-28", True),
    ("a dozen days ago", WED, "2025-03-01", False),
    ("in half a dozen days", WED, "2025-03-18", True),
    ("in half a dozen days", WED, "2025-03-17", False),
    ("dozens of days ago", WED, "2025-02-28", ERROR),
    # "over" a count in words, of weekdays, weekends or parts of the day is more than it, as "over 12 days ago" is
    ("over a dozen days ago", WED, "2025-02-28", ERROR),
    ("over half a dozen days ago", WED, "2025-03-06", ERROR),
    ("over 2 weekends ago", WED, "2025-03-01", ERROR),
    ("over a couple of nights ago", WED, "2025-03-10T22:00:00", ERROR),
    ("over two saturdays ago", WED, "2025-03-01", ERROR),
    ("over 2h ago", WED, "2025-03-12T08:20:00", ERROR),  # a unit written close to the count too
    ("over 3d ago", WED, "2025-03-09", ERROR),
    ("over 10min ago", WED, "2025-03-12T10:10:00", ERROR),
    ("in over 2h", WED, "2025-03-13T02:00:00", ERROR),
    # weekdays and weekends counted from today (the Saturdays of March 2025: 1st, 8th, 15th, 22nd, 29th)
    ("in two saturdays", WED, "2025-03-22", True),
    ("in two saturdays", WED, "2025-03-15", False),
    ("in 2 saturdays later", WED, "2025-03-22", ERROR),  # "in" and "later" both: as "in 2 weeks from now"
    ("in two mornings later", WED, "2025-03-14T09:00:00", ERROR),
    ("4 tuesdays from today", WED, "2025-04-08", True),
    ("4 tuesdays from today", WED, "2025-04-01", False),
    ("in a few saturdays", WED, "2025-03-29", ERROR),  # "a few" names no exact day
    ("in a few saturdays", WED, "2025-03-22", ERROR),
    ("2 weekends ago", WED, "2025-03-02", True),
    ("2 weekends ago", WED, "2025-03-08", False),
    ("in 3 weekends", WED, "2025-03-29", True),
    ("in 3 weekends", WED, "2025-03-22", False),
    ("1 weekend ago", SUN, "2025-03-08", True),  # said on a Sunday: the weekend before this one
    ("1 weekend ago", SUN, "2025-03-15", False),
    # the clock hour or minute after next, before last
    ("the hour after next", WED, "2025-03-12T12:20:00", True),
    ("the hour after next", WED, "2025-03-12T11:20:00", False),
    ("the hour before last", WED, "2025-03-12T08:30:00", True),
    ("the hour before last", WED, "2025-03-12T09:30:00", False),
    ("the minute after next", WED, "2025-03-12T10:22:00", True),
    # the clock hour two on, when the clocks change before it, is not two hours on: not understood
    ("the hour after next", datetime(2025, 3, 30, 0, 30, tzinfo=LONDON), "2025-03-30T02:30:00+01:00", ERROR),
    ("the hour after next", datetime(2025, 3, 23, 0, 30, tzinfo=LONDON), "2025-03-23T02:30:00+00:00", True),
    ("the hour before last", datetime(2025, 3, 30, 3, 30, tzinfo=LONDON), "2025-03-30T00:30:00+00:00", ERROR),
    # a change inside the window counts, in either pass of a repeated hour or in a gap (clocks go back at 01:00 GMT
    # on 2025-10-26); one at the window's excluded end does not
    ("the hour after next", datetime(2025, 10, 25, 23, 30, tzinfo=LONDON), "2025-10-26T01:30:00+00:00", ERROR),
    ("the hour after next", datetime(2025, 3, 29, 23, 30, tzinfo=LONDON), "2025-03-30T02:30:00+01:00", ERROR),
    ("the hour after next", datetime(2025, 3, 29, 22, 30, tzinfo=LONDON), "2025-03-30T00:30:00+00:00", True),
    ("the minute after next", datetime(2025, 10, 26, 1, 59, fold=1, tzinfo=LONDON), "2025-10-26T02:01:00+00:00", True),
    ("the minute after next", datetime(2025, 10, 26, 1, 59, tzinfo=LONDON), "2025-10-26T02:01:00+00:00", ERROR),
    ("the minute after next", WED, "2025-03-12T10:21:00", False),
    # "now" in a repeated hour is the instant, never the same wall time an hour away in the other pass
    ("now", datetime(2025, 10, 26, 1, 30, fold=1, tzinfo=LONDON), "2025-10-26T01:30:00+00:00", True),
    ("now", datetime(2025, 10, 26, 1, 30, fold=1, tzinfo=LONDON), "2025-10-26T01:30:00+01:00", False),
    ("now", datetime(2025, 10, 26, 1, 30, tzinfo=LONDON), "2025-10-26T01:30:00+01:00", True),
    ("now", datetime(2025, 10, 26, 1, 30, tzinfo=LONDON), "2025-10-26T01:30:00+00:00", False),
    ("now", datetime(2025, 10, 26, 1, 30, tzinfo=LONDON), "2025-10-26T01:30:00", True),  # a wall time: either pass
    # "deadline:" labelling a date: the moment it names ("deadline friday 5pm" is not understood)
    ("deadline: 31 march, 23:59", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-31T23:59:00", True),
    ("deadline: 31 march, 23:59", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-30T23:59:00", False),
    ("2 days after the deadline", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-30", ERROR),
    ("deadline friday 5pm", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-04-02T17:00:00", ERROR),
    # "eve" after a weekday's abbreviation or "tomorrow" is the evening (chat shorthand)
    ("fri eve", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-04-02T19:00:00", True),
    ("fri eve", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-04-01T19:00:00", False),
    ("tomorrow eve", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-29T09:00:00", False),
    # "EOW" said on a weekend: this week's end (today) or the end of the working week ahead, never the one after
    ("by EOW", SUN, "2025-03-21", True),
    ("by EOW", SUN, "2025-03-28", False),
    ("by EOW", WED, "2025-03-21", False),
    # "utc" or "gmt" in lower case right after a clock, before a day, names the zone as at the end
    ("noon utc tomorrow", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-29T12:00:00Z", True),
    ("noon utc tomorrow", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-29T12:00:00", False),
    ("3pm gmt on friday", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-04-02T17:00:00", True),
    # a wall time the clocks skip is read as the hour after (02:30 as 03:30 on 2027-03-28 in Berlin), never before
    ("at 1:30 this morning", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-28T02:30:00", False),
    ("at 1:30 this morning", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-28T01:30:00", True),
    ("at 3:30 this morning", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-28T02:30:00", True),
    ("this very minute", WED, "2025-03-12T10:20:00", True),
    ("this very minute", WED, "2025-03-12T10:25:00", False),
    # the end of a period placed by next/last; a year alone after an apostrophe; "date" carries nothing
    ("next quarter end", WED, "2025-06-30", True),
    ("next quarter end", WED, "2025-03-31", True),  # the next quarter end to come
    ("next quarter end", WED, "2025-05-15", False),
    ("next quarter end", WED, "2024-12-31", False),
    ("last month end", WED, "2025-02-28", True),
    ("last month end", WED, "2025-03-31", False),
    ("next year end 2027", WED, "2027-12-31", ERROR),
    ("'26", WED, "2026-05-01", True),
    ("'26", WED, "2025-05-01", False),
    ("'45", WED, "2045-05-01", ERROR),  # 1945 or 2045
    # after a dash, the year of the date before it, never the end of a range from a date a year earlier
    ("mar-'26", WED, "2026-03-15", True),
    ("mar-'26", WED, "2025-03-15", False),
    ("15-mar-'26", WED, "2025-03-15", False),
    ("christmas-'26", WED, "2025-12-25", False),
    ("winter '25-'26", WED, "2025-01-15", ERROR),
    ("2025-'26", WED, "2025-06-01", ERROR),
    ("june to '26", WED, "2025-06-01", ERROR),
    ("until '26", WED, "2026-06-01", True),  # a deadline: no start said
    ("mar ~ '26", WED, "2025-03-15", ERROR),  # "~" joins a range as "-" does
    ("mar~'26", WED, "2025-03-15", ERROR),
    ("mar - '26", WED, "2026-03-15", ERROR),  # a dash with spaces joins a range: never March 2026
    ("mar \u2013 '26", WED, "2026-03-15", ERROR),
    ("jun \u2014 '26", WED, "2026-06-15", ERROR),
    ("h2-'26", WED, "2026-08-01", True),  # as "q1-'26"
    ("h2-'26", WED, "2025-08-01", False),
    ("q1-'26", WED, "2026-02-01", True),
    ("h2-2026", WED, "2026-08-01", True),  # four digits after a dash: the year of the half or week, as "q3-2026"
    ("h2-2026", WED, "2025-08-01", False),
    ("week 5-2026", WED, "2026-01-28", True),
    ("week 5-2026", WED, "2025-01-28", False),
    ("week 5-1200", WED, "1200-02-01", False),  # after a dash only a year as plain years are (1500 to 2199)
    ("week 5-1499", WED, "1499-02-01", ERROR),
    # near the new year a week number with no year is the nearer of this year's and the one of the week said in
    ("week 53", datetime(2027, 1, 2, 9, 0), "2026-12-30", True),  # the week under way, 2026-W53
    ("week 53", datetime(2027, 1, 2, 9, 0), "2027-01-04", False),
    ("week 1", datetime(2024, 12, 31, 9, 0), "2024-12-31", True),  # 2025-W01, under way
    ("week 1", datetime(2024, 12, 31, 9, 0), "2024-01-03", False),
    ("week 52", datetime(2024, 12, 31, 9, 0), "2024-12-24", True),
    ("week 52", datetime(2024, 12, 31, 9, 0), "2025-12-24", False),
    ("week 1", datetime(2027, 1, 2, 9, 0), "2027-01-05", True),
    ("week 1", datetime(2027, 1, 2, 9, 0), "2025-12-30", False),
    # only a week next to the one under way: "week 50" said on 2021-01-02 (in 2020-W53) is 2021's, never 2020's
    ("week 50", datetime(2021, 1, 2, 9, 0), "2021-12-14", True),
    ("week 50", datetime(2021, 1, 2, 9, 0), "2020-12-08", False),
    ("week 52", datetime(2021, 1, 2, 9, 0), "2020-12-22", True),
    ("cw53", datetime(2024, 12, 31, 9, 0), "2024-12-31", ERROR),  # neither 2024 nor 2025 has one
    # German public holidays by their English names
    ("german unity day", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-10-03", True),
    ("german unity day 1989", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "1989-10-03", ERROR),  # held from 1990
    ("the day of german unity", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-10-04", False),
    ("reformation day", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-10-31", True),
    ("2026-W53", WED, "2027-01-03", True),
    ("2026-W53", WED, "2026-12-27", False),
    ("2025-W01", WED, "2024-12-30", True),
    ("2025-W01", WED, "2025-01-06", False),
    ("week 1 of 2025", WED, "2024-12-30", True),
    ("2021-W53", WED, "2022-01-02", ERROR),
    ("mid-'26", WED, "2026-07-02", True),  # a part of the year before the hyphen: no range
    ("early-'26", WED, "2026-02-01", True),
    ("early-'26", WED, "2025-02-01", False),
    ("end-'26", WED, "2026-12-31", True),
    ("by late-'26", WED, "2026-11-01", True),
    ("up to '26", WED, "2026-05-01", True),  # as "until '26"
    ("'25 june'", WED, "2025-06-11", ERROR),  # a quoted day, never June 2025
    ("'12 noon'", WED, "2012-01-01T12:00:00", ERROR),
    ("the class of '25", WED, "2025-05-01", ERROR),
    # "the weekend coming" (British) is this coming weekend, as "friday coming" is this coming friday
    ("this weekend coming", WED, "2025-03-15", True),
    ("this weekend coming", WED, "2025-03-22", False),
    ("the weekend coming", WED, "2025-03-16", True),
    # "the end of the day" before a day is its end of day; "the same day" next week (month, year) is this day then
    ("by the end of the day tomorrow", WED, "2025-03-13T17:30:00", True),
    ("by the end of the day tomorrow", WED, "2025-03-12T17:30:00", False),
    ("the end of the day on friday", WED, "2025-03-14T18:00:00", True),
    ("the end of the day on friday", WED, "2025-03-14T09:00:00", False),
    ("the same day next month", WED, "2025-04-12", True),
    ("the same day next month", WED, "2025-04-13", False),
    ("same day last year", WED, "2024-03-12", True),
    ("same day last year", WED, "2024-03-13", False),
    ("tomorrow's date", WED, "2025-03-13", True),
    ("tomorrow's date", WED, "2025-03-12", False),
    ("start date march 20", WED, "2025-03-20", ERROR),  # the name of a field, never the start of the day
    # "date" adds nothing only after "'s": elsewhere it is not understood, never dropped
    ("friday's date", WED, "2025-03-14", True),
    ("(friday's date)", WED, "2025-03-14", True),  # in brackets or quotes as well
    ('"friday\'s date"', WED, "2025-03-14", True),
    ("(last year's date)", WED, "2024-07-01", ERROR),
    ("yesterday's date", WED, "2025-03-11", True),
    ("last year's date", WED, "2024-07-01", ERROR),  # a period's "date" names no day of it
    ("next week's date", WED, "2025-03-20", ERROR),
    ("christmas's date", WED, "2025-12-25", True),  # a holiday is a day
    ("the 5th's date", WED, "2025-04-05", ERROR),
    ("date night", WED, "2025-03-12T22:00:00", ERROR),
    ("the date before friday", WED, "2025-03-12", ERROR),
    ("date 5", WED, "2025-03-12T17:00:00", ERROR),
    ("date: 12", WED, "2025-03-12T12:00:00", ERROR),
    ("first date friday", WED, "2025-08-01", ERROR),
    ("due date tomorrow", WED, "2025-03-13", ERROR),
    ("starting date friday", WED, "2025-03-14", ERROR),
    ("3 biz days from now", WED, "2025-03-17", True),  # business days: Thursday, Friday, Monday
    ("3 biz days from now", WED, "2025-03-15", False),
    # the first of a year is its January 1; another day of a year names no month
    ("the 1st of next year", WED, "2026-01-01", True),
    ("the 1st of next year", WED, "2026-01-02", False),
    ("the first of 2027", WED, "2027-01-01", True),
    ("the first of 2027", WED, "2027-02-01", False),
    ("the 2nd of next year", WED, "2026-01-02", ERROR),
    ("first next year", WED, "2026-01-01", ERROR),  # without "of": no day of the year is named
    ("the 1st 2027", WED, "2027-01-01", ERROR),
    ("next year the first", WED, "2026-01-01", ERROR),
    ("first of all next year", WED, "2026-01-01", ERROR),  # "first of all" names no day, never the 1st
    ("first of all friday", WED, "2025-08-01", ERROR),  # never the Friday on a 1st
    # "five and twenty" (older British) is twenty-five, but after "between" the first end of a range
    ("five and twenty to six", WED, "2025-03-12T17:35:00", True),
    ("five and twenty to six", WED, "2025-03-12T17:25:00", False),
    ("between five and twenty past six", WED, "2025-03-12T17:00:00", True),
    ("between five and twenty past six", WED, "2025-03-12T17:25:00", False),
    # working days over a holiday of some places only (US federal, English bank holidays, days observed in their
    # stead): a reading for each place, never only the one that works through it; Christmas 2027 is a Saturday
    # (observed on Friday the 24th in the US, on Monday the 27th in England, Boxing Day on Tuesday the 28th)
    ("3 business days from dec 23", datetime(2027, 12, 20, 10, 0), "2027-12-28", True),
    ("3 business days from dec 23", datetime(2027, 12, 20, 10, 0), "2027-12-29", True),
    ("3 business days from dec 23", datetime(2027, 12, 20, 10, 0), "2027-12-30", True),
    ("3 business days from dec 23", datetime(2027, 12, 20, 10, 0), "2027-12-31", False),
    # ... of the user's place alone when the zone names one: US federal holidays in America/New_York, English bank
    # holidays in Europe/London (Thanksgiving 2025 is November 27, the late summer bank holiday August 25)
    ("the next business day", datetime(2025, 11, 26, 10, 0, tzinfo=LONDON), "2025-11-27", True),
    ("the next business day", datetime(2025, 11, 26, 10, 0, tzinfo=LONDON), "2025-11-28", False),
    ("the next business day", datetime(2025, 10, 10, 10, 0, tzinfo=LONDON), "2025-10-14", False),
    ("the next business day", datetime(2025, 11, 26, 10, 0, tzinfo=NEW_YORK), "2025-11-28", True),
    ("the next business day", datetime(2025, 11, 26, 10, 0, tzinfo=NEW_YORK), "2025-11-27", False),
    ("the next business day", datetime(2025, 8, 22, 10, 0, tzinfo=NEW_YORK), "2025-08-26", False),
    ("the next business day", datetime(2025, 4, 17, 10, 0, tzinfo=NEW_YORK), "2025-04-22", False),
    # ... in a US zone with every federal holiday off, or the widely closed ones alone (most firms work on Columbus
    # Day, Veterans Day, Presidents' Day, Martin Luther King Jr. Day and Juneteenth)
    ("the next business day", datetime(2025, 10, 10, 10, 0, tzinfo=NEW_YORK), "2025-10-13", True),
    ("the next business day", datetime(2025, 10, 10, 10, 0, tzinfo=NEW_YORK), "2025-10-14", True),
    ("the next business day", datetime(2025, 10, 10, 10, 0, tzinfo=NEW_YORK), "2025-10-15", False),
    ("the next business day", datetime(2025, 11, 10, 10, 0, tzinfo=NEW_YORK), "2025-11-11", True),
    ("next business day", datetime(2025, 2, 14, 10, 0, tzinfo=NEW_YORK), "2025-02-17", True),
    ("next business day", datetime(2025, 1, 17, 10, 0, tzinfo=NEW_YORK), "2025-01-20", True),
    ("next business day", datetime(2025, 6, 18, 10, 0, tzinfo=NEW_YORK), "2025-06-19", True),
    ("next business day", datetime(2025, 8, 29, 10, 0, tzinfo=NEW_YORK), "2025-09-01", False),  # Labor Day
    ("next business day", datetime(2026, 7, 2, 10, 0, tzinfo=NEW_YORK), "2026-07-03", False),  # July 4th observed
    ("the next business day", datetime(2025, 8, 22, 10, 0, tzinfo=LONDON), "2025-08-26", True),
    ("the next business day", datetime(2025, 8, 22, 10, 0, tzinfo=UTC), "2025-08-25", True),
    ("the next business day", datetime(2025, 8, 22, 10, 0, tzinfo=UTC), "2025-08-26", True),
    ("the first business day of september", datetime(2025, 8, 2, 10, 0, tzinfo=NEW_YORK), "2025-09-01", False),
    # ... in Great Britain's, England's bank holidays alone (never Scotland's St Andrew's Day or Belfast's July 12)
    ("the next business day", datetime(2027, 11, 29, 10, 0, tzinfo=LONDON), "2027-11-30", True),
    ("the next business day", datetime(2027, 11, 29, 10, 0, tzinfo=LONDON), "2027-12-01", False),
    ("next business day", datetime(2026, 3, 16, 10, 0, tzinfo=LONDON), "2026-03-18", False),
    ("in 2 business days", datetime(2027, 7, 9, 10, 0, tzinfo=LONDON), "2027-07-14", False),
    ("in 2 business days", datetime(2027, 7, 9, 10, 0, tzinfo=LONDON), "2027-07-13", True),
    # ... in the zone of one other country, its national holidays; not understood over a day off in some of its
    # regions alone (the zone does not say which is the user's) or over a holiday whose date is estimated
    ("the next business day", datetime(2027, 10, 11, 10, 0, tzinfo=MADRID), "2027-10-13", True),  # Spain's Oct 12
    ("the next business day", datetime(2027, 10, 11, 10, 0, tzinfo=MADRID), "2027-10-12", False),
    ("the next business day", datetime(2028, 5, 29, 10, 0, tzinfo=MADRID), "2028-05-31", ERROR),  # Canary Islands'
    ("the second business day of june", datetime(2028, 5, 1, tzinfo=MADRID), "2028-06-02", True),
    ("the next business day", datetime(2027, 11, 1, 10, 0, tzinfo=ZoneInfo("Australia/Perth")), "2027-11-03", ERROR),
    ("in 2 business days", datetime(2027, 6, 22, 10, 0, tzinfo=ZoneInfo("America/Vancouver")), "2027-06-25", ERROR),
    ("the next business day", datetime(2027, 3, 9, 10, 0, tzinfo=ZoneInfo("Asia/Karachi")), "2027-03-15", ERROR),
    # ... with the country's own weekend (Israel's Friday and Saturday, Iran's Friday, Egypt's Friday and Saturday)
    ("the next business day", datetime(2027, 4, 21, 10, 0, tzinfo=ZoneInfo("Asia/Jerusalem")), "2027-04-23", False),
    ("the next business day", datetime(2027, 4, 21, 10, 0, tzinfo=ZoneInfo("Asia/Jerusalem")), "2027-04-25", True),
    ("the next business day", datetime(2027, 6, 3, 10, 0, tzinfo=ZoneInfo("Asia/Tehran")), "2027-06-07", False),
    ("the next business day", datetime(2027, 6, 3, 10, 0, tzinfo=ZoneInfo("Asia/Tehran")), "2027-06-06", True),
    ("the next business day", datetime(2027, 1, 6, 10, 0, tzinfo=ZoneInfo("Africa/Cairo")), "2027-01-08", False),
    ("the next business day", datetime(2027, 1, 6, 10, 0, tzinfo=ZoneInfo("Africa/Cairo")), "2027-01-10", True),
    # ... nor over a Saturday or Sunday worked in place of a holiday (China's February 14th 2026, Russia's 2027's)
    ("the next business day", datetime(2026, 2, 13, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai")), "2026-02-24", ERROR),
    ("in 3 business days", datetime(2026, 2, 12, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai")), "2026-02-25", ERROR),
    ("the next business day", datetime(2026, 1, 1, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai")), "2026-01-05", ERROR),
    ("the next business day", datetime(2027, 2, 19, 10, 0, tzinfo=ZoneInfo("Europe/Moscow")), "2027-02-24", ERROR),
    ("the 11th business day of february", datetime(2026, 1, 5, tzinfo=ZoneInfo("Asia/Shanghai")), "2026-02-24", ERROR),
    # ... nor over a national holiday some region works (Holi, on March 3rd 2026 in Maharashtra, on the 4th in India)
    ("the next business day", datetime(2026, 3, 3, 10, 0, tzinfo=ZoneInfo("Asia/Kolkata")), "2026-03-05", ERROR),
    ("the next business day", datetime(2026, 3, 3, 10, 0, tzinfo=ZoneInfo("Asia/Kolkata")), "2026-03-04", ERROR),
    # ... under an older name, as in no zone
    ("the next business day", datetime(2027, 6, 23, 10, 0, tzinfo=ZoneInfo("Canada/Pacific")), "2027-06-24", True),
    # a zone the tz database lists for several countries counts each one's national holidays: Easter Monday is off in
    # all of Germany, Denmark, Norway and Sweden, Ascension Day in France and Monaco, in Switzerland, Germany and
    # Liechtenstein, Whit Monday in Belgium, Luxembourg and the Netherlands (each a US working day); the ten countries
    # of Africa/Lagos include two resting on Sunday alone (DR Congo, Niger): not understood there
    ("the next business day", datetime(2027, 9, 30, 10, 0, tzinfo=ZoneInfo("Africa/Lagos")), "2027-10-01", ERROR),
    ("the next business day", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-29", False),
    ("the next business day", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-30", True),
    ("in 2 working days", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-30", False),
    ("the next business day", datetime(2027, 5, 5, 10, 0, tzinfo=ZoneInfo("Europe/Paris")), "2027-05-06", False),
    ("the next business day", datetime(2027, 5, 5, 10, 0, tzinfo=ZoneInfo("Europe/Paris")), "2027-05-07", True),
    ("in 2 business days", datetime(2027, 5, 14, 10, 0, tzinfo=ZoneInfo("Europe/Brussels")), "2027-05-18", False),
    ("in 2 business days", datetime(2027, 5, 14, 10, 0, tzinfo=ZoneInfo("Europe/Brussels")), "2027-05-19", True),
    ("the next business day", datetime(2027, 5, 5, 10, 0, tzinfo=ZoneInfo("Europe/Zurich")), "2027-05-06", False),
    ("the next business day", datetime(2027, 5, 5, 10, 0, tzinfo=ZoneInfo("Europe/Zurich")), "2027-05-07", True),
    # ... not understood where the countries of a shared zone give different days (May Day: Denmark works, Germany
    # does not; Monaco's 19 November in Paris; Luxembourg's 23 June in Brussels)
    ("the next business day", datetime(2026, 4, 30, 10, 0, tzinfo=BERLIN), "2026-05-01", ERROR),
    ("the next business day", datetime(2026, 4, 30, 10, 0, tzinfo=BERLIN), "2026-05-04", ERROR),
    ("in 1 business day", datetime(2026, 11, 18, 10, 0, tzinfo=ZoneInfo("Europe/Paris")), "2026-11-19", ERROR),
    ("the next business day", datetime(2026, 6, 22, 10, 0, tzinfo=ZoneInfo("Europe/Brussels")), "2026-06-23", ERROR),
    # the first (next) working day after a date, the last before it: one working day after (before) it
    ("the next working day after easter", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-30", True),
    ("the next working day after easter", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-29", False),
    ("the first business day after christmas", datetime(2027, 12, 20, 10, 0, tzinfo=LONDON), "2027-12-29", True),
    ("the first business day after christmas", datetime(2027, 12, 20, 10, 0, tzinfo=LONDON), "2027-12-27", False),
    # ... never after or before the end of a period (its last day, or the midnight after it)
    (
        "the first business day after the end of the month",
        datetime(2026, 6, 10, 10, 0, tzinfo=NEW_YORK),
        "2026-07-02",
        ERROR,
    ),
    ("the last business day before month end", datetime(2026, 6, 10, 10, 0, tzinfo=NEW_YORK), "2026-06-29", ERROR),
    (
        "the first working day after the end of the week",
        datetime(2026, 6, 10, 10, 0, tzinfo=NEW_YORK),
        "2026-06-16",
        ERROR,
    ),
    ("the last business day before christmas", datetime(2026, 12, 1, 10, 0, tzinfo=NEW_YORK), "2026-12-24", True),
    ("the last business day before christmas", datetime(2026, 12, 1, 10, 0, tzinfo=NEW_YORK), "2026-12-23", False),
    ("the last business day after christmas", datetime(2026, 12, 1, 10, 0, tzinfo=NEW_YORK), "2026-12-28", ERROR),
    # ... never after a clock time: "the next business day after 3pm" is that day after 3pm, not one working day on
    ("the next business day after 3pm", datetime(2025, 6, 11, 10, 0, tzinfo=NEW_YORK), "2025-06-12T16:00", True),
    # "within" a count of business days: those days, or from now to the end of the last (as "within 3 days")
    ("within 3 business days", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-28T19:30/2027-04-02", True),
    ("within 3 business days", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-30/2027-04-02", True),
    ("within 3 business days", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-28T19:30/2027-04-05", False),
    ("the next 3 business days", datetime(2027, 3, 28, 19, 30, tzinfo=BERLIN), "2027-03-28T19:30/2027-04-02", False),
    ("the first business day of september", datetime(2025, 8, 2, 10, 0, tzinfo=LONDON), "2025-09-01", True),
    ("10 business days from today", datetime(2025, 6, 11, 10, 0), "2025-06-26", True),  # over Juneteenth
    ("10 business days from today", datetime(2025, 6, 11, 10, 0), "2025-06-27", False),
    ("the first business day of september", WED, "2025-09-02", True),  # Labor Day is September 1st
    ("the first business day of september", WED, "2025-09-03", False),
    ("the first weekday of september", WED, "2025-09-02", False),  # a weekday, holiday or not
    # a length after or before a date without its year counts from the latest past one while the day counted from it
    # has not passed, never then from next year's; else from the next occurrence (as the date alone names)
    ("oct 11 + 3 days", datetime(2027, 10, 13, 14, 35), "2027-10-14", True),
    ("oct 11 + 3 days", datetime(2027, 10, 13, 14, 35), "2028-10-14", False),
    ("dec 28 + 1 week", datetime(2028, 12, 29, 13, 50), "2029-01-04", True),
    ("dec 28 + 1 week", datetime(2028, 12, 29, 13, 50), "2030-01-04", False),
    ("2 weeks after christmas", DEC26_EARLY, "2027-01-08", True),
    ("2 weeks after christmas", DEC26_EARLY, "2028-01-08", False),
    ("the day after christmas", DEC26_LATE, "2026-12-26", True),
    ("the day after christmas", DEC26_LATE, "2027-12-26", False),
    ("the day after christmas", datetime(2026, 12, 27, 9, 0), "2027-12-26", True),  # today's is over: next year's
    ("the day after christmas", datetime(2026, 12, 27, 9, 0), "2026-12-26", False),
    ("the day after easter", datetime(2026, 4, 6, 1, 30, tzinfo=LONDON), "2027-03-29", False),
    ("5 days after halloween", NOV1, "2029-11-05", True),
    ("5 days after halloween", NOV1, "2030-11-05", False),
    ("3 days after christmas at 9am", datetime(2026, 12, 27, 8, 0), "2027-12-28T09:00:00", False),
    ("2 days after feb 29", LEAP + timedelta(days=1), "2028-03-02", True),
    ("2 days after feb 29", LEAP + timedelta(days=1), "2032-03-02", False),
    ("the day after march 8", datetime(2026, 3, 9, 1, 30, tzinfo=NEW_YORK), "2027-03-09", False),
    ("2 business days after christmas", datetime(2026, 12, 26, 12, 0), "2027-12-28", False),
    ("11 months after christmas", datetime(2026, 12, 29, 12, 0), "2028-11-25", False),
    ("jun 1 + 3 days", datetime(2028, 12, 29, 13, 50), "2028-06-04", False),
    ("jun 1 + 3 days", datetime(2028, 12, 29, 13, 50), "2029-06-04", True),
    ("thanksgiving + 2 days", datetime(2028, 12, 29, 13, 50), "2029-11-24", True),
    ("thanksgiving + 2 days", datetime(2028, 12, 29, 13, 50), "2028-11-25", False),
    ("christmas plus 3 days", datetime(2028, 12, 29, 13, 50), "2028-12-28", False),
    ("christmas plus 3 days", datetime(2028, 12, 29, 13, 50), "2029-12-28", True),
    ("3 days before christmas", datetime(2026, 6, 15, 10, 0), "2025-12-22", False),
    ("3 days before christmas", datetime(2026, 6, 15, 10, 0), "2026-12-22", True),
    ("the day before christmas", datetime(2026, 6, 15, 10, 0), "2025-12-24", False),
    ("2 weeks before easter", datetime(2028, 12, 29, 13, 50), "2028-04-02", False),
    ("3 days after mother's day", datetime(2028, 12, 29, 13, 50), "2028-05-17", False),
    ("1 business day before thanksgiving", WED, "2024-11-27", False),
    ("2 business days after christmas", datetime(2028, 12, 29, 13, 50), "2028-12-28", False),
    ("6 months after june 1", datetime(2028, 12, 29, 13, 50), "2028-12-01", False),
    ("10 days after christmas", datetime(2028, 12, 29, 13, 50), "2029-01-04", True),
    ("10 days after christmas", datetime(2028, 12, 29, 13, 50), "2030-01-04", False),
    ("10 days after christmas", datetime(2028, 12, 29, 13, 50), "2029-01-05", False),
    # ... and only when that one is at most a month ago and the day counted from it comes before the next one
    ("a year after christmas", datetime(2025, 6, 15, 10, 0), "2025-12-25", False),
    ("a year after christmas", datetime(2025, 6, 15, 10, 0), "2026-12-25", True),
    ("9 months after christmas", datetime(2029, 6, 15, 10, 0), "2029-09-25", False),
    ("9 months after christmas", datetime(2029, 6, 15, 10, 0), "2030-09-25", True),
    ("52 weeks after thanksgiving", datetime(2029, 6, 15, 10, 0), "2029-11-22", False),
    ("18 months after july 4", datetime(2029, 3, 1, 10, 0), "2030-01-04", False),
    ("18 months after july 4", datetime(2029, 3, 1, 10, 0), "2031-01-04", True),
    ("2 years after christmas", datetime(2028, 12, 29, 13, 50), "2030-12-25", False),
    ("2 years after christmas", datetime(2028, 12, 29, 13, 50), "2031-12-25", True),
    ("11 months after jan 29", datetime(2028, 12, 29, 13, 50), "2028-12-29", False),
    # "and a quarter" after a unit is a quarter of it, as "and a half" is half of it
    ("an hour and a quarter from now", WED, "2025-03-12T11:35:00", True),
    ("an hour and a quarter from now", WED, "2025-06-12T11:20:00", False),
    ("2 hours and three quarters ago", WED, "2025-03-12T07:35:00", True),
    # ... never before a unit of its own ("a quarter hour" is another amount), nor after a month (no number of days)
    ("in 2 hours and a quarter hour", WED, "2025-03-12T12:35:00", True),
    ("in an hour and a quarter hour", WED, "2025-03-12T11:35:00", True),
    ("in 1 day and a quarter of an hour", WED, "2025-03-13T10:35:00", True),
    ("in a week and a quarter of a day", WED, "2025-03-19T16:20:00", True),
    ("in a week and a quarter of a day", WED, "2025-03-19T16:35:00", False),
    ("in a month and a quarter", WED, "2025-04-19", ERROR),
    ("the next-to-last day of the year", WED, "2025-12-30", True),
    ("the next-to-last day of the year", WED, "2025-12-31", False),
    ("earlier this hour", WED, "2025-03-12T10:05:00", True),  # from the hour's start to now
    ("earlier this hour", WED, "2025-03-12T09:55:00", False),
    ("earlier this hour", datetime(2025, 3, 12, 10, 0), "2025-03-12T10:00:00", ERROR),  # said on the hour: no time
    ("earlier this hour", datetime(2025, 3, 12, 10, 0, 30), "2025-03-12T10:00:00", ERROR),
    # a length before or after a time of day that has passed today counts from today's, or from the next one
    ("half an hour before 9am", datetime(2028, 12, 29, 13, 50), "2028-12-30T08:30:00", True),
    ("half an hour before 9am", datetime(2028, 12, 29, 13, 50), "2028-12-29T08:30:00", True),
    ("half an hour before 9am", datetime(2028, 12, 29, 13, 50), "2028-12-30T09:00:00", False),
    ("5 hours before noon", datetime(2017, 6, 14, 7, 42), "2017-06-15T07:00:00", False),
    # ... never when the count from today's is still ahead
    ("3 hours after noon", datetime(2028, 12, 29, 13, 50), "2028-12-29T15:00:00", True),
    ("3 hours after noon", datetime(2028, 12, 29, 13, 50), "2028-12-30T15:00:00", False),
    ("2 hours after 12:30", datetime(2028, 12, 29, 13, 50), "2028-12-30T14:30:00", False),
    ("3 hours after 11am", datetime(2028, 12, 29, 13, 50), "2028-12-30T14:00:00", False),
    ("25 hours before 9am", datetime(2028, 12, 29, 13, 50), "2028-12-29T08:00:00", False),
    # ... counted in elapsed time, today's or tomorrow's, across a change of the clocks (2025: New York springs forward
    # on March 9th and falls back on November 2nd, London on March 30th and October 26th)
    ("2 hours after 1am", datetime(2025, 3, 8, 23, 30, tzinfo=NEW_YORK), "2025-03-09T04:00:00-04:00", True),
    ("2 hours after 1am", datetime(2025, 3, 8, 23, 30, tzinfo=NEW_YORK), "2025-03-09T03:00:00-04:00", False),
    ("2 hours after 1am", datetime(2025, 3, 9, 0, 30, tzinfo=NEW_YORK), "2025-03-09T03:00:00-04:00", False),
    ("an hour after 1am", datetime(2025, 3, 8, 23, 30, tzinfo=NEW_YORK), "2025-03-09T03:00:00-04:00", True),
    ("2 hours before 3am", datetime(2025, 3, 29, 23, 30, tzinfo=LONDON), "2025-03-30T00:00:00+00:00", True),
    ("2 hours before 3am", datetime(2025, 3, 29, 23, 30, tzinfo=LONDON), "2025-03-30T02:00:00+01:00", False),
    ("2 hours before 3am", datetime(2025, 3, 30, 3, 30, tzinfo=LONDON), "2025-03-30T02:00:00+01:00", False),
    ("an hour before 2am", datetime(2025, 10, 25, 23, 0, tzinfo=LONDON), "2025-10-26T01:00:00+00:00", True),
    ("an hour before 2am", datetime(2025, 10, 25, 23, 0, tzinfo=LONDON), "2025-10-26T01:00:00+01:00", False),
    ("an hour before 2am", datetime(2025, 11, 1, 23, 0, tzinfo=NEW_YORK), "2025-11-02T01:00:00-04:00", False),
    ("an hour before 2am", datetime(2025, 11, 1, 23, 0, tzinfo=NEW_YORK), "2025-11-02T01:00:00-05:00", True),
    # "in" and a number in words with no unit is minutes to most ("back in ten"), as in digits: never a time of day
    ("in ten", WED, "2025-03-12T22:00:00", ERROR),
    ("in five", WED, "2025-03-12T17:00:00", ERROR),
    ("in sixty", WED, "2025-03-12T11:20:00", ERROR),
    ("in 100", WED, "2025-03-12T13:00:00", ERROR),
    ("in 1000", WED, "2025-03-13T10:00:00", ERROR),
    ("quarter to midday", WED, "2025-03-12T11:45:00", True),  # "midday" is noon, before "to" as alone
    ("quarter to midday", WED, "2025-03-12T12:15:00", False),
    # a digit hour "to" noon, midday or midnight after "from" is a range; alone, "5" or "10" also minutes before it
    ("from 9 to midday", WED, "2025-03-12T11:51:00", False),
    ("from 10 to noon", WED, "2025-03-12T11:50:00", False),
    ("from 8 to midnight", WED, "2025-03-12T23:52:00", False),
    ("10 to midday", WED, "2025-03-12T11:50:00", True),
    ("5 to noon", WED, "2025-03-12T05:00:00", False),
    ("5 to noon", WED, "2025-03-12T11:55:00", True),
    ("10 to midnight tomorrow", WED, "2025-03-13T23:50:00", True),
    ("10 to midnight tomorrow", WED, "2025-03-12T23:50:00", False),
    # ... after a deadline word, the clock alone; in words before noon or midnight, the clock alone
    ("by 10 to noon", WED, "2025-03-12T11:50:00", True),
    ("by 10 to noon", WED, "2025-03-13T10:00:00", False),
    ("by 10 to noon", WED, "2025-03-12T12:00:00", False),
    ("10 to noon at the latest", WED, "2025-03-13T10:00:00", False),
    ("10 to noon at the latest", WED, "2025-03-12T10:00:00", False),
    ("no later than 10 to noon", WED, "2025-03-13T10:00:00", False),
    ("by 10 to 5", WED, "2025-03-12T16:50:00", True),
    ("by 10 to 5", WED, "2025-03-12T22:00:00", False),
    ("by ten to five", WED, "2025-03-12T22:00:00", False),
    ("five to midnight", WED, "2025-03-12T23:55:00", True),
    ("five to midnight", WED, "2025-03-12T17:00:00", False),
    ("ten to midnight", WED, "2025-03-12T22:00:00", False),
    ("ten to noon", WED, "2025-03-12T11:50:00", True),
    ("ten to noon", WED, "2025-03-12T10:00:00", False),
    ("ten till noon", WED, "2025-03-12T10:00:00", False),
    ("ten to noon tomorrow", WED, "2025-03-13T10:00:00", False),
    ("from ten to noon", WED, "2025-03-12T11:50:00", False),
    ("from five to midnight", WED, "2025-03-12T23:55:00", False),
    ("from 20 to midnight", WED, "2025-03-12T23:40:00", False),
    ("20 to midnight", WED, "2025-03-12T23:40:00", True),
    # "the first two weeks of" a period: two whole Monday-to-Sunday weeks, or fourteen days from its start
    ("the first two weeks of april", WED, "2025-04-01", True),
    ("the first two weeks of april", WED, "2025-04-07", True),
    ("the first two weeks of april", WED, "2025-03-31", False),
]


@pytest.mark.parametrize(
    ("user_time", "argument"),
    [
        (datetime(2025, 7, 3, 10, 0, tzinfo=LONDON), "2025-07-07"),  # after July 4, a US holiday alone
        (datetime(2027, 8, 27, 10, 0, tzinfo=NEW_YORK), "2027-08-31"),  # after August 30, England's alone
    ],
)
def test_working_days_in_us_and_british_zones_without_a_zone_table(
    user_time: datetime, argument: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The United States' and England's holidays count in their zones without the tz database's table too."""
    import zoneinfo

    from mb.matching.date_time import _calendar

    monkeypatch.setattr(zoneinfo, "TZPATH", ())
    _calendar._zone_countries.cache_clear()
    _calendar._zone_places.cache_clear()
    try:
        assert_verdict(match_date_time("the next business day", argument, user_time), False)
    finally:
        _calendar._zone_countries.cache_clear()
        _calendar._zone_places.cache_clear()


@pytest.mark.parametrize(
    ("argument", "expected"),
    [("2027-10-12", True), ("2027-10-13", False)],  # Spain's October 12th is not counted
)
def test_working_days_in_another_country_zone_without_a_zone_table(
    argument: str, expected: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the tz database's table, a zone of one other country counts no holiday, the US's or England's."""
    import zoneinfo

    from mb.matching.date_time import _calendar, _phrase

    monkeypatch.setattr(zoneinfo, "TZPATH", ())
    _calendar._zone_countries.cache_clear()
    _calendar._zone_places.cache_clear()
    _phrase._resolve.cache_clear()  # readings made with the table
    try:
        user_time = datetime(2027, 10, 11, 10, 0, tzinfo=MADRID)
        assert_verdict(match_date_time("the next business day", argument, user_time), expected)
    finally:
        _calendar._zone_countries.cache_clear()
        _calendar._zone_places.cache_clear()
        _phrase._resolve.cache_clear()


@pytest.mark.parametrize(("phrase", "user_time", "argument", "expected"), ROWS)
def test_one_parameter(phrase: str, user_time: datetime, argument: object, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, user_time), expected)  # type: ignore[arg-type]


GROUP_ROWS: list[tuple[str, datetime, dict[str, str], object]] = [
    ("march 5-7, 2025", WED, {"start": "2025-03-05", "end": "2025-03-07"}, True),
    ("march 5-7, 2025", WED, {"start": "2025-03-05", "end": "2025-03-09"}, False),
    ("march 5-7, 2025", WED, {"start": "2026-03-05", "end": "2026-03-07"}, False),
    ("later this week", WED, {"start": "2025-03-12", "end": "2025-03-16"}, True),  # as "the rest of the week"
    ("the remainder of the month", WED, {"start": "2025-03-12", "end": "2025-03-31"}, True),  # "the rest of"
    ("the remainder of the month", WED, {"start": "2025-03-12", "end": "2025-04-30"}, False),
    ("later this week", WED, {"start": "2025-03-10", "end": "2025-03-16"}, False),
    ("from 9 to midday", WED, {"start": "2025-03-12T09:00:00", "end": "2025-03-12T12:00:00"}, True),
    ("from 10 till midday", WED, {"start": "2025-03-12T10:00:00", "end": "2025-03-12T12:00:00"}, True),
    ("from 8 to midnight", WED, {"start": "2025-03-12T20:00:00", "end": "2025-03-13T00:00:00"}, True),
    # "10 to noon" and "10 to midnight" are also the last hours before it; "5 to noon" (from 5am) is 11:55 alone;
    # "10 to midnight tomorrow" tomorrow's last hours, never tonight's
    ("10 to midday", WED, {"start": "2025-03-12T10:00:00", "end": "2025-03-12T12:00:00"}, True),
    ("tomorrow 10 to noon", WED, {"start": "2025-03-13T10:00:00", "end": "2025-03-13T12:00:00"}, True),
    ("5 to noon", WED, {"start": "2025-03-12T05:00:00", "end": "2025-03-12T12:00:00"}, False),
    ("10 till midnight", WED, {"start": "2025-03-12T22:00:00", "end": "2025-03-13T00:00:00"}, True),
    ("friday 10 to midnight", WED, {"start": "2025-03-14T22:00:00", "end": "2025-03-15T00:00:00"}, True),
    ("10 to midnight tomorrow", WED, {"start": "2025-03-12T22:00:00", "end": "2025-03-13T00:00:00"}, False),
    ("10 to midnight tomorrow", WED, {"start": "2025-03-13T22:00:00", "end": "2025-03-14T00:00:00"}, True),
    ("from 1 to noon", WED, {"start": "2025-03-12T01:00:00", "end": "2025-03-12T12:00:00"}, True),  # 1am: before noon
    ("from ten to noon", WED, {"start": "2025-03-12T10:00:00", "end": "2025-03-12T12:00:00"}, True),
    ("from five to midnight", WED, {"start": "2025-03-12T17:00:00", "end": "2025-03-13T00:00:00"}, True),
    ("from 20 to midnight", WED, {"start": "2025-03-12T20:00:00", "end": "2025-03-13T00:00:00"}, True),
    ("from 18 to midnight", WED, {"start": "2025-03-12T18:00:00", "end": "2025-03-13T00:00:00"}, True),
    # hours before or after a range of times may move its start alone or the whole range: not understood
    ("an hour before 9am-10am", WED, {"start": "2025-03-13T08:00:00", "end": "2025-03-13T10:00:00"}, ERROR),
    ("2 hours after 9-10am", WED, {"start": "2025-03-12T11:00:00", "end": "2025-03-12T12:00:00"}, ERROR),
    # ... and so may days or weeks before or after a range of dates
    ("a week after jun 3-5", WED, {"start": "2025-06-10", "end": "2025-07-05"}, ERROR),
    ("a week after june 3 to 5", WED, {"start": "2025-06-10", "end": "2025-06-12"}, ERROR),
    ("a day before jun 3-5", WED, {"start": "2025-06-02", "end": "2025-06-05"}, ERROR),
    ("3 days before june 3 to june 5", WED, {"start": "2025-05-31", "end": "2025-06-05"}, ERROR),
    ("from an hour before 9am to 10am", WED, {"start": "2025-03-13T08:00:00", "end": "2025-03-13T10:00:00"}, True),
    ("friday before 6.2-6.5", WED, {"start": "2025-05-30", "end": "2025-06-05"}, ERROR),
    # a weekday before or after a date at one end of a range: the other end is its own day, or a clock on that weekday
    ("the tuesday after 6.2 9-11am", WED, {"start": "2025-06-03T09:00:00", "end": "2025-06-03T11:00:00"}, True),
    ("the tuesday after 6.2 9-11am", WED, {"start": "2025-06-03T09:00:00", "end": "2025-06-02T11:00:00"}, False),
    ("the monday after easter 9-5", WED, {"start": "2025-04-21T09:00:00", "end": "2025-04-21T17:00:00"}, True),
    ("the monday after easter 9-5", WED, {"start": "2025-04-21T09:00:00", "end": "2025-04-20T17:00:00"}, False),
    ("from today to the friday before christmas", WED, {"start": "2025-03-12", "end": "2025-12-19"}, True),
    ("from now until the friday before christmas", WED, {"start": "2025-03-12T10:20:00", "end": "2025-12-19"}, True),
    ("from the friday before christmas to january 2", WED, {"start": "2025-12-19", "end": "2026-01-02"}, True),
    ("from the friday before christmas until new year", WED, {"start": "2025-12-19", "end": "2026-01-01"}, True),
    ("between christmas and the monday after new year", WED, {"start": "2025-12-25", "end": "2026-01-05"}, True),
    ("from now until the monday after easter", WED, {"start": "2025-03-12T10:20:00", "end": "2025-04-21"}, True),
    ("from today to the sunday before mother's day", WED, {"start": "2025-03-12", "end": "2025-05-04"}, True),
    ("from today to the sunday before mother's day", WED, {"start": "2025-03-12", "end": "2025-05-11"}, False),
    (
        "from the friday before labor day to tuesday",
        datetime(2025, 8, 20, 10, 20),
        {"start": "2025-08-29", "end": "2025-09-02"},
        True,
    ),
    # a weekday alone at one end: within a week of the other, never a start moved a year back nor months before
    ("the monday after thanksgiving through friday", WED, {"start": "2024-12-01", "end": "2025-03-14"}, ERROR),
    ("from monday to the friday after 6/2", WED, {"start": "2025-03-17", "end": "2025-06-06"}, ERROR),
    (
        "from monday to the friday after 6/2",
        datetime(2025, 5, 28, 10, 20),
        {"start": "2025-06-02", "end": "2025-06-06"},
        True,
    ),
    (
        "from the monday after thanksgiving to the friday after christmas",
        WED,
        {"start": "2025-12-01", "end": "2025-12-26"},
        True,
    ),
    # an end naming no year lies within a year of a start naming its year
    ("from 2023-11-30 to the end of feb", datetime(2025, 6, 10), {"start": "2023-11-30", "end": "2026-02-28"}, ERROR),
    ("from 2023-11-30 to february", datetime(2025, 6, 10), {"start": "2023-11-30", "end": "2026-02-28"}, ERROR),
    # ... whatever the end names: a quarter, a half, a week, the end of a period ("the end of the year", "eom")
    ("from 2024-11-30 to q1", DEC2, {"start": "2024-11-30", "end": "2027-03-31"}, ERROR),
    ("from 2024-11-30 to the end of q1", DEC2, {"start": "2024-11-30", "end": "2027-03-31"}, ERROR),
    ("from 2024-11-30 to h1", DEC2, {"start": "2024-11-30", "end": "2027-06-30"}, ERROR),
    ("from h2 2024 to h1", DEC2, {"start": "2024-07-01", "end": "2027-06-30"}, ERROR),
    ("from 2024-11-30 to week 12", DEC2, {"start": "2024-11-30", "end": "2026-03-16"}, ERROR),
    ("from week 50 2024 to week 5", DEC2, {"start": "2024-12-09", "end": "2026-01-26"}, ERROR),
    ("from 2024-11-30 to the end of the year", DEC2, {"start": "2024-11-30", "end": "2026-12-31"}, ERROR),
    ("from 2024-11-30 to year end", DEC2, {"start": "2024-11-30", "end": "2026-12-31"}, ERROR),
    ("from 2024-11-30 to the end of the quarter", DEC2, {"start": "2024-11-30", "end": "2026-12-31"}, ERROR),
    ("from 2024-11-30 to eom", DEC2, {"start": "2024-11-30", "end": "2026-12-31"}, ERROR),
    # said within the year, or naming "this": read as before
    ("from 2024-11-30 to q1", datetime(2024, 12, 5), {"start": "2024-11-30", "end": "2025-03-31"}, True),
    (
        "from 2024-11-30 to the end of the year",
        datetime(2024, 12, 5),
        {"start": "2024-11-30", "end": "2024-12-31"},
        True,
    ),
    ("from 2024-11-30 to the end of this year", DEC2, {"start": "2024-11-30", "end": "2026-12-31"}, True),
    ("from 2024-11-30 to this year end", DEC2, {"start": "2024-11-30", "end": "2026-12-31"}, True),
    # an end placed by "next year", "this year", "this month" beside it is read as it is
    ("from 2024-11-30 to q1 next year", datetime(2025, 6, 10), {"start": "2024-11-30", "end": "2026-03-31"}, True),
    ("from 2024-11-30 to h1 next year", datetime(2025, 6, 10), {"start": "2024-11-30", "end": "2026-06-30"}, True),
    ("from 2024-11-30 to q4 this year", datetime(2025, 6, 10), {"start": "2024-11-30", "end": "2025-12-31"}, True),
    ("from 2024-11-30 to q4 this year", datetime(2025, 6, 10), {"start": "2024-11-30", "end": "2026-12-31"}, False),
    # the dates in digits of a range's two ends are read in one order, an end that is a date in one order only a
    # clock in the other
    ("from the friday after 6.2 to 6.20", WED, {"start": "2026-02-13", "end": "2026-06-20"}, False),
    ("from the friday after 6.2 to 6.20", WED, {"start": "2025-06-06", "end": "2025-06-20"}, True),
    ("from 6.2 to 6.20", WED, {"start": "2026-02-06", "end": "2026-06-20"}, False),
    ("5.6 - 7.30", WED, {"start": "2025-06-05T07:30:00", "end": "2025-06-05T07:30:00"}, True),
    ("5.6 - 7.30", WED, {"start": "2025-05-06", "end": "2025-07-30"}, True),
    # a weekday before or after a day is never moved a year by its date: it would be another weekday
    ("9-5 the monday after easter", WED, {"start": "2025-04-21T09:00:00", "end": "2025-04-21T17:00:00"}, True),
    ("from 1.10 to the friday after 6.5", WED, {"start": "2025-06-06T01:10:00", "end": "2025-06-07T12:00:00"}, False),
    ("the friday after 6.2 - 6.5 5pm", WED, {"start": "2025-06-06", "end": "2026-06-05T17:00:00"}, ERROR),
    (
        "from the monday after easter until today",
        datetime(2025, 5, 10),
        {"start": "2025-04-06", "end": "2025-05-10"},
        ERROR,
    ),
    (
        "from the friday before christmas to today",
        datetime(2026, 1, 5),
        {"start": "2025-12-18", "end": "2026-01-05"},
        ERROR,
    ),
    (  # Thanksgiving three days ago: that one's Monday, never a Sunday
        "the monday after thanksgiving through friday",
        datetime(2025, 11, 30),
        {"start": "2025-11-30", "end": "2025-12-05"},
        False,
    ),
    (
        "the monday after thanksgiving through friday",
        datetime(2025, 11, 30),
        {"start": "2025-12-01", "end": "2025-12-05"},
        True,
    ),
    ("from october 1 to the friday after may 6", WED, {"start": "2025-10-01", "end": "2026-05-09"}, ERROR),
    ("from the 1st to the 15th", NOV1, {"start": "2029-12-01", "end": "2029-12-15"}, False),  # said on the 1st
    ("from the 1st to the 15th", NOV1, {"start": "2029-11-01", "end": "2029-11-15"}, True),
    ("from the 30th to the 2nd", NOV1 + timedelta(days=29), {"start": "2029-12-30", "end": "2030-01-02"}, False),
    (  # Christmas yesterday: that one's Monday
        "from the monday after christmas to the friday after new year",
        datetime(2025, 12, 26),
        {"start": "2025-12-28", "end": "2026-01-02"},
        False,
    ),
    (
        "from the monday after christmas to the friday after new year",
        datetime(2025, 12, 26),
        {"start": "2025-12-29", "end": "2026-01-02"},
        True,
    ),
]


@pytest.mark.parametrize(("phrase", "user_time", "argument", "expected"), GROUP_ROWS)
def test_start_end_group(phrase: str, user_time: datetime, argument: dict[str, str], expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, user_time, params=["start", "end"]), expected)
