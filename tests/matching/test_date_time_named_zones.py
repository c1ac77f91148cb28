"""A phrase naming a zone is placed on the day of that zone (with the tz database's rules on that date), and a wall
time the clocks skip there is read as zoneinfo reads it (``fold=0``) without turning the window round.

US clocks moved forward on 2024-03-10 (02:00 EST -> 03:00 EDT) and back on 2024-11-03 (02:00 EDT -> 01:00 EST).
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time

LONDON = "2031-04-07T09:00:00+01:00"  # a Monday

CASES: list[tuple[str, str, str, bool, str]] = [
    # phrase, user_time, argument, passes, reason fragment
    # 10:00Z is 03:00 in Los Angeles: 9am Pacific is later that day
    ("9am Pacific", "2024-06-10T10:00:00Z", "2024-06-10T16:00:00Z", True, "2024-06-10T09:00 (America/Los_Angeles)"),
    ("9am Pacific", "2024-06-10T10:00:00Z", "2024-06-11T16:00:00Z", False, "1 day after 2024-06-10T09:00"),
    # 17:00Z is 10:00 in Los Angeles: 9am has passed, so tomorrow
    ("9am Pacific", "2024-06-10T17:00:00Z", "2024-06-11T16:00:00Z", True, "2024-06-11T09:00"),
    ("9am Pacific", "2024-06-10T17:00:00Z", "2024-06-10T16:00:00Z", False, ""),
    # 05:00Z is 01:00 in New York
    ("2:30am Eastern", "2024-06-10T05:00:00Z", "2024-06-10T06:30:00Z", True, "2024-06-10T02:30 (America/New_York)"),
    ("2:30am Eastern", "2024-06-10T05:00:00Z", "2024-06-11T06:30:00Z", False, ""),
    # the user's own offset does not decide the day: 23:00-05:00 on the 9th is 04:00Z on the 10th, 00:00 in New York
    ("2:30am Eastern", "2024-06-09T23:00:00-05:00", "2024-06-10T06:30:00Z", True, ""),
    # the day clocks spring forward, 00:00 EST: 2:30am does not exist and is read as 07:30Z (03:30 EDT)
    ("2:30am Eastern", "2024-03-10T05:00:00Z", "2024-03-10T07:30:00Z", True, "02:30 does not exist on 2024-03-10"),
    ("2:30am Eastern", "2024-03-10T05:00:00Z", "2024-03-10T06:30:00Z", False, "read as 03:30"),
    ("2:30am Eastern", "2024-03-10T05:00:00Z", "2024-03-11T06:30:00Z", False, ""),
    # the day clocks fall back, 00:00 EDT: 1:30am happens twice, both instants pass
    ("1:30am Eastern", "2024-11-03T04:00:00Z", "2024-11-03T05:30:00Z", True, ""),
    ("1:30am Eastern", "2024-11-03T04:00:00Z", "2024-11-03T06:30:00Z", True, ""),
    ("1:30am Eastern", "2024-11-03T04:00:00Z", "2024-11-03T07:30:00Z", False, ""),
    ("1:30am Eastern", "2024-11-03T04:00:00Z", "2024-11-04T06:30:00Z", False, ""),
    # "NZT" is New Zealand's time, daylight (+13:00) or standard (+12:00) as in force that day
    ("9am NZT Monday", "2028-01-05T09:00:00Z", "2028-01-10T09:00:00+13:00", True, "(Pacific/Auckland)"),
    ("9am NZT Monday", "2028-01-05T09:00:00Z", "2028-01-10T09:00:00+12:00", False, ""),
    ("9am NZT Monday", "2028-04-01T09:30:00Z", "2028-04-03T09:00:00+12:00", True, ""),
    ("9am NZT Monday", "2028-04-01T09:30:00Z", "2028-04-03T09:00:00+13:00", False, ""),
    # ... and with a zone abbreviation, 1:30am PST (09:30Z) and the 1:30am Pacific daylight time before it (08:30Z)
    ("1:30am pst", "2024-11-02T12:00:00-07:00", "2024-11-03T01:30:00-08:00", True, ""),
    ("1:30am pst", "2024-11-02T12:00:00-07:00", "2024-11-03T08:30:00Z", True, ""),
    ("1:30am pst", "2024-11-02T12:00:00-07:00", "2024-11-03T07:30:00Z", False, ""),
    ("1:30am pst", "2024-11-02T12:00:00-07:00", "2024-11-03T10:30:00Z", False, ""),
    ("1:30am pst", "2024-11-02T12:00:00-07:00", "2024-11-04T09:30:00Z", False, ""),
    # an absolute date in the gap
    ("March 10 2024 at 2:30am Eastern", "2024-03-01T00:00:00Z", "2024-03-10T07:30:00Z", True, "clocks move forward"),
    (
        "March 10 2024 at 2:30am Eastern",
        "2024-03-01T00:00:00Z",
        "2024-03-10T06:30:00Z",
        False,
        "1h00m before the start",
    ),
    ("March 10 2024 at 2:30am Eastern", "2024-03-01T00:00:00Z", "2024-03-10T07:31:00Z", False, "minute after"),
    (
        "March 10 2024 at 2:30am Eastern",
        "2024-03-01T00:00:00Z",
        "2024-03-10T08:30:00Z",
        False,
        "1h00m after 2024-03-10T03:30",
    ),
    # a miss across the change of the clocks is told in real time: 08:30Z is 04:30 EDT, 1h59m after 01:31 EST
    (
        "March 10 2024 at 1:30am Eastern",
        "2024-03-01T00:00:00Z",
        "2024-03-10T08:30:00Z",
        False,
        "2h00m after 2024-03-10T01:30",
    ),
    ("November 3 2024 at 1:30am Eastern", "2024-03-01T00:00:00Z", "2024-11-03T05:30:00Z", True, ""),
    ("November 3 2024 at 1:30am Eastern", "2024-03-01T00:00:00Z", "2024-11-03T06:30:00Z", True, ""),
    ("November 3 2024 at 1:30am Eastern", "2024-03-01T00:00:00Z", "2024-11-03T07:30:00Z", False, ""),
    # naive user_time: wall clocks as written, the skipped wall time too
    ("March 10 2024 at 2:30am Eastern", "2024-03-01T00:00:00", "2024-03-10T02:30:00", True, ""),
    ("March 10 2024 at 2:30am Eastern", "2024-03-01T00:00:00", "2024-03-10T03:30:00", True, ""),
    ("March 10 2024 at 2:30am Eastern", "2024-03-01T00:00:00", "2024-03-10T01:30:00", False, ""),
    # an offset after "UTC" or "GMT" may stand before the day it is said of, with its minutes
    ("9am UTC+05:30 monday", "2024-06-05T12:00:00", "2024-06-10T09:00:00+05:30", True, "2024-06-10T09:00+05:30"),
    ("9am UTC+05:30 monday", "2024-06-05T12:00:00", "2024-06-10T09:00:00+05:00", False, ""),
    ("noon gmt+1 on friday", "2024-06-05T12:00:00", "2024-06-07T12:00:00+01:00", True, ""),
    ("noon gmt+1 on friday", "2024-06-05T12:00:00", "2024-06-07T12:00:00+00:00", False, ""),
    # a zone in brackets after an offset (mail headers, JavaScript dates) repeats it: never a range to that hour, and
    # one that does not keep the offset is not understood
    ("Thu, 01 May 2031 20:20:00 -0400 (EDT)", "2031-04-09T10:25:00-04:00", "2031-05-01T20:20:00-04:00", True, ""),
    ("Thu, 01 May 2031 20:20:00 -0400 (EDT)", "2031-04-09T10:25:00-04:00", "2031-05-01T23:00:00-04:00", False, ""),
    ("Thu, 01 May 2031 20:20:00 -0400 (EDT)", "2031-04-09T10:25:00-04:00", "2031-05-02T03:00:00-04:00", False, ""),
    (
        "Thu, 01 May 2031 20:20:00 -0500 (EDT)",
        "2031-04-09T10:25:00-04:00",
        "2031-05-01T20:20:00-05:00",
        False,
        "could not understand",
    ),
    ("Thu, 01 May 2031 20:20:00 +0000 (UTC)", "2031-04-09T10:25:00-04:00", "2031-05-01T20:20:00Z", True, ""),
    # a sign and four digits after a clock without seconds, as mail headers write it: the offset, never a range end
    ("Tue, 8 Apr 2031 10:00 -0400", LONDON, "2031-04-08T14:00:00Z", True, ""),
    ("Tue, 8 Apr 2031 10:00 -0400", LONDON, "2031-04-08T10:00:00+01:00", False, ""),
    ("Tue, 8 Apr 2031 10:00 -0400", LONDON, "2031-04-08T13:00:00Z", False, ""),
    ("Tue, 8 Apr 2031 10:00 -0400", LONDON, "2031-04-08T15:00:00Z", False, ""),
    ("Tue, 8 Apr 2031 10:00 -0400", LONDON, "2031-04-08T06:00:00Z", False, ""),
    ("Tue, 8 Apr 2031 10:00 -0400", LONDON, "2031-04-09T04:00:00+01:00", False, ""),
    ("Tue, 8 Apr 2031 10:00 +0400", LONDON, "2031-04-08T06:00:00Z", True, ""),
    ("Tue, 8 Apr 2031 10:00 +0400", LONDON, "2031-04-08T14:00:00Z", False, ""),
    ("Tue, 8 Apr 2031 10:00 -0400 (EDT)", LONDON, "2031-04-08T14:00:00Z", True, ""),
    ("Tue, 8 Apr 2031 10:00 -0400 (EDT)", LONDON, "2031-04-08T10:00:00+01:00", False, ""),
    ("Tue, 8 Apr 2031 10:00 -0400 (EST)", LONDON, "2031-04-08T14:00:00Z", False, "could not understand"),
    ("Tue, 8 Apr 2031 10:00 am -0400 (EDT)", LONDON, "2031-04-08T14:00:00Z", True, ""),
    ("Tue, 8 Apr 2031 10:00 am -0400 (EDT)", LONDON, "2031-04-07T14:00:00Z", False, ""),
    ("10:00 am -0400 (EDT)", LONDON, "2031-04-07T14:00:00Z", True, ""),
    ("10:00 am -0400 (EDT)", LONDON, "2031-04-07T10:00:00+01:00", False, ""),
    # a clock without am/pm before a numeric offset is machine notation, 24-hour: 10:00, never 22:00
    ("Tue, 8 Apr 2031 10:00 -0400", LONDON, "2031-04-09T02:00:00Z", False, ""),
    ("Tue, 8 Apr 2031 10:00:00 -0400", LONDON, "2031-04-08T14:00:00Z", True, ""),
    ("Tue, 8 Apr 2031 10:00:00 -0400", LONDON, "2031-04-09T02:00:00Z", False, ""),
    ("Tue, 8 Apr 2031 10:00 -0400 (EDT)", LONDON, "2031-04-09T02:00:00Z", False, ""),
    ("Tue, 8 Apr 2031 10:00+0200", LONDON, "2031-04-08T20:00:00Z", False, ""),
    ("Tue, 8 Apr 2031 12:00 -0400", LONDON, "2031-04-08T16:00:00Z", True, ""),
    ("Tue, 8 Apr 2031 12:00 -0400", LONDON, "2031-04-08T04:00:00Z", False, ""),
    ("10:00 utc+2 tomorrow", LONDON, "2031-04-08T08:00:00Z", True, ""),
    ("10:00 utc+2 tomorrow", LONDON, "2031-04-08T20:00:00Z", False, ""),
    ("tomorrow at 11:00 GMT-3", LONDON, "2031-04-08T14:00:00Z", True, ""),
    ("tomorrow at 11:00 GMT-3", LONDON, "2031-04-09T02:00:00Z", False, ""),
    ("10:00 -0400", LONDON, "2031-04-07T14:00:00Z", True, ""),
    ("10:00 -0400", LONDON, "2031-04-08T02:00:00Z", False, ""),
    ("22:00 -0400", LONDON, "2031-04-08T02:00:00Z", True, ""),
    ("3:00 pm -0400", LONDON, "2031-04-07T19:00:00Z", True, ""),
    ("9:00-11:00 +0200", LONDON, "2031-04-07T07:00:00Z", True, ""),
    ("9:00-11:00 +0200", LONDON, "2031-04-07T19:00:00Z", False, ""),
    # ... while before a zone's name it keeps both halves of the day
    ("Tue, 8 Apr 2031 10:00 EDT", LONDON, "2031-04-09T02:00:00Z", True, ""),
    ("tomorrow 10:00 UTC", LONDON, "2031-04-08T22:00:00Z", True, ""),
    # ... while a clock range keeps its end
    ("10:00 - 14:00", LONDON, "2031-04-07T10:00:00+01:00", True, ""),
    ("9:00-0930", LONDON, "2031-04-07T09:00:00+01:00", True, ""),
    # ... and without the space, a sign and four digits an offset may have that would end the range before it starts
    ("Tue, 8 Apr 2031 10:00-0400", LONDON, "2031-04-08T10:00:00+01:00", False, "could not understand"),
    ("Tue, 8 Apr 2031 10:00-0400", LONDON, "2031-04-08T14:00:00Z", False, "could not understand"),
    ("Tue, 8 Apr 2031 10:00-0400", LONDON, "2031-04-09T03:00:00Z", False, "could not understand"),
    ("Tue, 8 Apr 2031 10:00-0400 (EDT)", LONDON, "2031-04-08T10:00:00+01:00", False, "could not understand"),
    ("10:00am-0400 tomorrow", LONDON, "2031-04-08T10:00:00+01:00", False, "could not understand"),
    ("22:30-0700", LONDON, "2031-04-07T22:30:00+01:00", False, "could not understand"),
    ("22:00-0200", LONDON, "2031-04-07T23:00:00+01:00", False, "could not understand"),
    ("9pm-1000", LONDON, "2031-04-07T21:00:00+01:00", False, "could not understand"),
    ("10:00-1000", LONDON, "2031-04-07T10:00:00+01:00", False, "could not understand"),
    ("9:00-1100", LONDON, "2031-04-07T09:00:00+01:00", True, ""),
    ("9:00-1100", LONDON, "2031-04-07T08:00:00+01:00", False, ""),
    ("10:00-1130", LONDON, "2031-04-07T10:00:00+01:00", True, ""),
    ("9:00-0930", LONDON, "2031-04-07T10:00:00+01:00", False, ""),
    ("1:00-0200", LONDON, "2031-04-08T01:00:00+01:00", True, ""),
    ("9am-1000", LONDON, "2031-04-07T09:00:00+01:00", True, ""),
    ("Tue, 8 Apr 2031 10:00+0200", LONDON, "2031-04-08T08:00:00Z", True, ""),
    ("Tue, 8 Apr 2031 10:00+0200", LONDON, "2031-04-08T10:00:00+01:00", False, ""),
    ("Tue, 8 Apr 2031 10:00+0200", LONDON, "2031-04-08T12:00:00Z", False, ""),
    ("Sat Aug 16 2031 18:40:39 GMT+0900 (JST)", "2031-04-09T10:25:00", "2031-08-16T18:40:39+09:00", True, ""),
    ("Sat Aug 16 2031 18:40:39 GMT+0900 (JST)", "2031-04-09T10:25:00", "2031-08-16T18:40:39+08:00", False, ""),
    (
        "Sat Aug 16 2031 18:40:39 GMT+0900 (Japan Standard Time)",
        "2031-04-09T10:25:00",
        "2031-08-16T09:40:39Z",
        True,
        "",
    ),
    (
        "Sat Aug 16 2031 18:40:39 GMT+0800 (Japan Standard Time)",
        "2031-04-09T10:25:00",
        "2031-08-16T18:40:39+08:00",
        False,
        "could not understand",
    ),
    (  # daylight time is -04:00 alone, though New York keeps -05:00 in winter
        "Sat Aug 16 2031 18:40:39 GMT-0500 (Eastern Daylight Time)",
        "2031-04-09T10:25:00",
        "2031-08-16T18:40:39-05:00",
        False,
        "could not understand",
    ),
    # a name in full is that zone's name, never read by its initials (BST, AST, CEST name other zones)
    (
        "Wed Apr 09 2031 10:25:00 GMT-0300 (Brasilia Standard Time)",
        "2031-04-09T10:00:00",
        "2031-04-09T13:25:00Z",
        True,
        "",
    ),
    (
        "Wed Apr 09 2031 10:25:00 GMT+0100 (Brasilia Standard Time)",
        "2031-04-09T10:00:00",
        "2031-04-09T09:25:00Z",
        False,
        "could not understand",
    ),
    (
        "Wed Apr 09 2031 10:25:00 GMT-0400 (Arabia Standard Time)",
        "2031-04-09T10:00:00",
        "2031-04-09T14:25:00Z",
        False,
        "could not understand",
    ),
    (
        "Wed Jan 08 2031 10:25:00 GMT+0200 (Central European Standard Time)",
        "2031-04-09T10:00:00",
        "2031-01-08T08:25:00Z",
        False,
        "could not understand",
    ),
    (
        "Wed Jan 08 2031 10:25:00 GMT+0100 (Central European Standard Time)",
        "2031-04-09T10:00:00",
        "2031-01-08T09:25:00Z",
        True,
        "",
    ),
    (
        "Wed Apr 09 2031 10:25:00 GMT+0200 (Central European Summer Time)",
        "2031-04-09T10:00:00",
        "2031-04-09T08:25:00Z",
        True,
        "",
    ),
    (
        "Wed Apr 09 2031 10:25:00 GMT+0000 (Coordinated Universal Time)",
        "2031-04-09T10:00:00",
        "2031-04-09T10:25:00Z",
        True,
        "",
    ),
    (
        "Wed Apr 09 2031 10:25:00 GMT+0800 (China Standard Time)",
        "2031-04-09T10:00:00",
        "2031-04-09T02:25:00Z",
        True,
        "",
    ),
    (  # a region's zone without a fixed offset: its offsets in the year the phrase names
        "Sat Aug 16 2031 18:40:39 GMT-0400 (Eastern)",
        "2031-04-09T10:25:00",
        "2031-08-16T22:40:39Z",
        True,
        "",
    ),
    (
        "Sat Aug 16 2031 18:40:39 GMT-0700 (Eastern)",
        "2031-04-09T10:25:00",
        "2031-08-17T01:40:39Z",
        False,
        "could not understand",
    ),
    (  # Alaska kept -10:00 in the winter of 1980, -09:00 now
        "Tue Jan 15 1980 10:00:00 GMT-1000 (Alaska)",
        "2031-04-09T10:25:00",
        "1980-01-15T20:00:00Z",
        True,
        "",
    ),
    ("Wed Jan 15 2031 10:00:00 GMT-1000 (Alaska)", "2031-04-09T10:25:00", "2031-01-15T20:00:00Z", False, "could not"),
    (
        "Sat Aug 16 2031 18:40:39 GMT+0900 (Mars Time)",
        "2031-04-09T10:25:00",
        "2031-08-16T18:40:39+09:00",
        False,
        "could not understand",
    ),
]


@pytest.mark.parametrize(("phrase", "user_time", "argument", "passed", "reason"), CASES)
def test_named_zone(phrase: str, user_time: str, argument: str, passed: bool, reason: str) -> None:
    outcome = match_date_time(phrase, argument, datetime.fromisoformat(user_time))
    assert outcome.passed is passed, outcome.reason
    assert reason in outcome.reason


def test_gap_window_is_not_inverted_for_a_range() -> None:
    params = ["start_time", "end_time"]
    call = {"start_time": "2024-03-10T07:30:00Z", "end_time": "2024-03-10T08:00:00Z"}
    user = datetime.fromisoformat("2024-03-01T00:00:00Z")
    outcome = match_date_time("March 10 2024 from 2:30am to 4am Eastern", call, user, params=params)
    assert outcome.passed, outcome.reason
    wrong = {"start_time": "2024-03-10T06:30:00Z", "end_time": "2024-03-10T08:00:00Z"}
    assert not match_date_time("March 10 2024 from 2:30am to 4am Eastern", wrong, user, params=params).passed
