"""Deadlines and starts that include their own day read as the moment they name, as "by friday" and "as of monday"
do: a tool's argument carries the deadline or the start itself. "Before" and "after" read as one side of the moment
they name, the moment included: "before 5pm tomorrow" is tomorrow up to 17:00 (from now when the day is today),
"before friday" from today to the start of Friday, "after 7pm" from 19:00 to the end of its day. After a day nothing
ends the window: not understood.

2025-10-09 is a Thursday.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

THU = datetime(2025, 10, 9, 9, 20)
PDT = timezone(timedelta(hours=-7))
CEST = timezone(timedelta(hours=2))

ROWS: list[tuple[str, object, object]] = [
    ("on or before the 24th", "2025-10-24", True),
    ("on or before the 24th", "2025-10-23", False),
    ("on or before saturday at noon", "2025-10-11T12:00:00", True),
    ("on or before saturday at noon", "2025-10-11T11:00:00", False),
    ("no earlier than tuesday", "2025-10-14", True),
    ("no earlier than tuesday", "2025-10-15", False),
    ("not earlier than 8am on monday", "2025-10-13T08:00:00", True),
    ("not earlier than 8am on monday", "2025-10-13T09:00:00", False),
    ("on or after november 2", "2025-11-02", True),
    ("on or after november 2", "2025-11-01", False),
    ("by 5pm tomorrow", "2025-10-10T17:00:00", True),
    ("by 5pm tomorrow", "2025-10-10T16:00:00", False),
    # before: from the start of the day named (now, today) up to the moment, itself included
    ("before 5pm tomorrow", "2025-10-10T16:00:00", True),
    ("before 5pm tomorrow", "2025-10-10T17:00:00", True),
    ("before 5pm tomorrow", "2025-10-10T17:01:00", False),
    ("before 5pm tomorrow", "2025-10-09T22:00:00", False),
    ("tomorrow before 9am", "2025-10-10T08:30:00", True),
    ("tomorrow before 9am", "2025-10-10T09:30:00", False),
    ("before noon", "2025-10-09T11:00:00", True),
    ("before noon", "2025-10-09T09:00:00", False),
    ("before noon", "2025-10-09T12:30:00", False),
    ("before 9am today", "2025-10-09T08:00:00", ERROR),  # already past: nothing is left before it
    ("earlier than 6pm tomorrow", "2025-10-10T17:00:00", True),
    ("in 2 days before 9am", "2025-10-11T08:00:00", True),  # two days from now, before 9am
    ("in 2 days before 9am", "2025-10-07T09:00:00", False),  # never "2 days before 9am", the "in" dropped
    ("tomorrow morning before 9am", "2025-10-10T07:00:00", True),
    ("tomorrow morning before 9am", "2025-10-10T04:00:00", False),  # before the morning
    ("before friday", "2025-10-09", True),
    ("before friday", "2025-10-09T15:00:00", True),
    ("before friday", "2025-10-10", False),
    ("prior to friday", "2025-10-09", True),
    ("ahead of 5pm tomorrow", "2025-10-10T16:00:00", True),
    ("ahead of 5pm tomorrow", "2025-10-10T18:00:00", False),
    ("before the end of next week", "2025-10-15", True),  # next week: October 13 to 19
    ("before the end of next week", "2025-10-20", False),
    ("after lunch tomorrow", "2025-10-10T15:00:00", True),
    ("after lunch tomorrow", "2025-10-10T12:00:00", False),
    # after: from the moment to the end of its day
    ("after 7pm", "2025-10-09T20:00:00", True),
    ("after 7pm", "2025-10-09T19:00:00", True),
    ("after 7pm", "2025-10-09T18:59:00", False),
    ("after 7pm", "2025-10-10T00:00:00", False),
    ("after 7pm tonight", "2025-10-09T19:00:00", True),
    ("friday after 6pm", "2025-10-10T21:00:00", True),
    ("friday after 6pm", "2025-10-09T21:00:00", False),
    ("later than 6pm", "2025-10-09T23:00:00", True),
    ("after friday", "2025-10-11", ERROR),  # no end
    # a number that may be an hour or a day of the month bounds by the hour
    ("before 3 on friday", "2025-10-10T14:00:00", ERROR),  # 3:00 or 15:00: say am or pm
    ("before 3pm on friday", "2025-10-10T14:00:00", True),
    ("before 3pm on friday", "2025-10-09T14:00:00", False),  # never "before Friday the 3rd"
    ("after 3pm on friday", "2025-10-10T16:00:00", True),
    # a pair that may be a time of day bounds that time, as an hour does, never any day up to a date; on a weekday,
    # that time on that day (November 15 is a Saturday); one that is no time of day is a date
    ("before 9.30", "2025-10-09T09:00:00", ERROR),  # before 9:30 or 21:30, kept together the later alone: say which
    ("before 9.30pm", "2025-10-09T21:00:00", True),
    ("before 9.30am", "2025-10-09T21:00:00", False),
    ("before 21.30", "2025-10-09T21:00:00", True),
    ("before 21.30", "2025-10-20", False),
    ("before 31.12", "2025-11-20", True),
    ("before sat 11.15", "2025-10-11T11:00:00", ERROR),
    ("before sat 11.15am", "2025-10-11T11:00:00", True),
    ("before sat 11.15am", "2025-10-14T09:00:00", False),
    ("before 10.30 on friday", "2025-10-10T10:00:00", ERROR),
    ("before 10.30am on friday", "2025-10-10T10:00:00", True),
    ("before 10.30am on friday", "2025-10-11T09:00:00", False),
    # a weekday beside a date says which day the date is, in the year the date alone is in (October 31 is a Friday)
    ("before friday 10/31", "2025-10-20", True),
    ("before friday 10/31", "2025-11-01", False),
    ("before 10/30 on friday", "2026-01-20", ERROR),  # October 30 is a Friday in 2026 only
    ("before thu 14th", "2025-11-10", ERROR),  # never up to Thursday May 14
    # both sides joined by "and": the time between, a date on one side holding for both
    ("after 3pm and before 5pm", "2025-10-09T16:00:00", True),
    ("after 3pm and before 5pm", "2025-10-09T17:00:00", True),
    ("after 3pm and before 5pm", "2025-10-09T17:01:00", False),
    ("after 3pm and before 5pm", "2025-10-09T14:59:00", False),
    ("after 3pm and before 5pm tomorrow", "2025-10-10T16:00:00", True),
    ("after 3pm and before 5pm tomorrow", "2025-10-09T16:00:00", False),
    ("after 5pm and before 3pm", "2025-10-09T16:00:00", ERROR),  # nothing between
    ("after 3pm and 5pm", "2025-10-09T16:00:00", ERROR),
    # "not before" is "no earlier than", "not after" is "no later than"
    ("not before 3pm", "2025-10-09T15:00:00", True),
    ("not before 3pm", "2025-10-09T14:00:00", False),
    ("not after friday", "2025-10-10", True),
    ("not after friday", "2025-10-11", False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_reading(phrase: str, argument: object, expected: object) -> None:
    assert_verdict(match_date_time(phrase, argument, THU), expected)


def test_after_a_time_passed_today_is_the_rest_of_tonight_and_tomorrow_evening() -> None:
    evening = datetime(2025, 10, 9, 19, 30)
    assert_verdict(match_date_time("after 6pm", "2025-10-09T21:00:00", evening), True)
    assert_verdict(match_date_time("after 6pm", "2025-10-10T18:30:00", evening), True)
    assert_verdict(match_date_time("after 6pm", "2025-10-09T19:00:00", evening), False)  # already past
    assert_verdict(match_date_time("after 6pm", "2025-10-10T17:00:00", evening), False)


def test_after_a_time_before_noon_is_never_the_rest_of_today() -> None:
    # said at 9:20: "after 3pm" is 3pm today, "after 3am" from 3am tomorrow, never this morning after 3:00; "after 3"
    # may be either: not understood
    assert_verdict(match_date_time("after 3pm", "2025-10-09T10:00:00", THU), False)
    assert_verdict(match_date_time("after 3pm", "2025-10-09T16:00:00", THU), True)
    assert_verdict(match_date_time("after 3am", "2025-10-09T10:00:00", THU), False)
    assert_verdict(match_date_time("after 3", "2025-10-09T16:00:00", THU), ERROR)
    assert_verdict(match_date_time("after midnight", "2025-10-09T15:00:00", THU), False)
    assert_verdict(match_date_time("after 1am", "2025-10-10T02:00:00", THU), True)


def test_a_start_and_end_group_starts_inside_the_side() -> None:
    group = ["start", "end"]
    inside = {"start": "2025-10-09T19:30:00", "end": "2025-10-09T20:30:00"}
    early = {"start": "2025-10-09T18:30:00", "end": "2025-10-09T19:30:00"}
    assert_verdict(match_date_time("after 7pm", inside, THU, params=group), True)
    assert_verdict(match_date_time("after 7pm", early, THU, params=group), False)


def test_a_start_and_end_group_before_a_time_ends_by_it() -> None:
    group = ["start", "end"]
    by_nine = {"start": "2025-10-10T08:00:00", "end": "2025-10-10T09:00:00"}
    past_nine = {"start": "2025-10-10T08:00:00", "end": "2025-10-10T10:00:00"}
    assert_verdict(match_date_time("before 9am tomorrow", by_nine, THU, params=group), True)
    assert_verdict(match_date_time("before 9am tomorrow", past_nine, THU, params=group), False)
    late = {"start": "2025-10-09T16:00:00", "end": "2025-10-09T19:00:00"}
    assert_verdict(match_date_time("after 3pm and before 5pm", late, THU, params=group), False)
    assert_verdict(match_date_time("before midnight", {"start": "2025-10-09T23:00:00", "end": "2025-10-10T01:00:00"},
                                   THU, params=group), False)  # fmt: skip


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [("by the beginning of the year", "2026-01-01", True), ("by the beginning of the year", "2025-01-01", False),
     ("by the start of the year", "2026-01-01", True), ("until the beginning of the year", "2025-01-01", False),
     ("by the beginning of the month", "2025-11-01", True), ("by the beginning of the month", "2025-10-01", False),
     ("by the start of the week", "2025-10-13", True), ("by the start of the week", "2025-10-06", False),
     ("by the beginning of the quarter", "2026-01-01", True), ("by the beginning of the quarter", "2025-10-01", False),
     ("from the beginning of the year", "2025-01-01", True)],
)  # fmt: skip
def test_a_deadline_at_the_start_of_the_current_period_is_the_next_start(
    phrase: str, argument: object, expected: object
) -> None:
    assert_verdict(match_date_time(phrase, argument, THU), expected)


MON = datetime(2024, 6, 10, 10, 0)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [("until the beginning of the month of july", "2024-07-01", True),
     ("until the beginning of the month of july", "2025-07-01", False),
     ("by the start of the month of june", "2024-06-01", ERROR),  # June 1 has passed: no deadline left
     ("by the start of the month of june", "2025-06-01", ERROR),
     ("by the beginning of the week of june 17", "2024-06-17", True),
     ("by the beginning of the week of june 17", "2024-06-24", False),
     ("by the start of the month after next", "2024-08-01", True),
     ("by the beginning of the week after next", "2024-06-24", True),
     ("by the start of the year 2025", "2025-01-01", True),
     ("by the beginning of the year at noon", "2025-01-01T12:00", True),
     ("by the beginning of the year at noon", "2024-01-01T12:00", False),
     ("by the start of the month at 9am", "2024-06-01T09:00", False),
     ("by the beginning of the year, please", "2024-01-01", False),
     ("by the start of the week at the latest", "2024-06-17", True),
     ("by the start of the week at the latest", "2024-06-10", False),
     ("by the start of the month in the morning", "2024-06-01T09:00", False),
     ("by the beginning of the calendar year", "2024-01-01", False),
     ("by the beginning of the calendar year", "2025-01-01", True),
     ("by the start of the new year", "2025-01-01", True),
     ("by the start of the week, after lunch", "2024-06-03T14:00", False)],
)  # fmt: skip
def test_the_next_start_unless_words_after_the_period_name_another(
    phrase: str, argument: object, expected: object
) -> None:
    assert_verdict(match_date_time(phrase, argument, MON), expected)


@pytest.mark.parametrize(
    ("when", "phrase", "argument"),
    [(datetime(2024, 6, 25, 10, 0), "by the start of the month in 2 weeks", "2024-07-09T08:00"),
     (datetime(2024, 6, 28, 10, 0), "by the start of the month in 3 days", "2024-07-01T07:00"),
     (datetime(2024, 6, 28, 10, 0), "by the start of the week in 2 days", "2024-07-01T07:00"),
     (datetime(2024, 12, 28, 10, 0), "by the start of the year in a week", "2025-01-01T07:00"),
     (datetime(2024, 6, 30, 10, 0), "by the start of the month tomorrow", "2024-07-01T08:00"),
     (datetime(2024, 6, 10, 10, 0), "by the start of the year end", "2025-01-01"),
     (datetime(2024, 6, 10, 10, 0), "by the start of the month in july", "2024-07-01"),
     (datetime(2024, 6, 10, 10, 0), "by the start of the week monday", "2024-06-17")],
)  # fmt: skip
def test_a_start_of_the_period_beside_another_day_is_not_understood(when: datetime, phrase: str, argument: str) -> None:
    assert_verdict(match_date_time(phrase, argument, when), ERROR)


def test_words_after_the_start_of_the_period_are_named_as_not_understood() -> None:
    outcome = match_date_time("by the start of the month at 9am sharp", "2024-07-01T09:00", MON)
    assert outcome.error is not None
    assert "'at 9am sharp'" in outcome.error
    assert "not said" not in outcome.error


@pytest.mark.parametrize(
    ("when", "phrase", "argument"),
    [(datetime(2024, 12, 20, 10, 0), "by the start of the quarter at 9am", "2025-01-01T09:00"),
     (datetime(2025, 1, 1, 10, 0), "by the start of the year at 9am", "2026-01-01T09:00"),
     (datetime(2025, 3, 31, 12, 0), "by the start of the quarter at 9am", "2025-04-01T09:00")],
)  # fmt: skip
def test_a_start_at_a_time_already_past_is_the_next_one(when: datetime, phrase: str, argument: str) -> None:
    assert_verdict(match_date_time(phrase, argument, when), True)


@pytest.mark.parametrize(
    ("when", "phrase", "argument", "expected"),
    [(datetime(2024, 7, 1, 0, 30), "by the start of the month at 9am", "2024-07-01T09:00", True),
     (datetime(2024, 7, 1, 0, 30), "by the start of the month at 9am", "2024-08-01T09:00", False),
     (datetime(2024, 7, 1, 0, 30), "by the start of the month 9am", "2024-08-01T09:00", False),
     (datetime(2024, 7, 1, 0, 30), "By the Start of the Month at 9 A.M.", "2024-08-01T09:00", False),
     (datetime(2025, 1, 1, 0, 30), "by the start of the year at 9am", "2026-01-01T09:00", False),
     (datetime(2024, 6, 10, 0, 30), "by the start of the week at 9am", "2024-06-10T09:00", True),
     (datetime(2024, 6, 10, 0, 30), "by the start of the week at 9am", "2024-06-17T09:00", False),
     (datetime(2024, 7, 1, 10, 30), "by the start of the month at 9", "2024-07-01T21:00", False),
     (datetime(2024, 7, 1, 10, 30), "by the start of the month at 9", "2024-08-01T09:00", True),
     # 9am PST is still to come at 09:30 PDT (10:00 PDT), 9am Pacific time has passed: this month's or the next's
     (datetime(2024, 7, 1, 9, 30, tzinfo=PDT), "by the start of the month at 9am pst", "2024-07-01T09:00-07:00", ERROR),
     (datetime(2024, 7, 1, 9, 30, tzinfo=PDT), "by the start of the month at 9am pst", "2024-08-01T09:00-07:00", ERROR),
     (datetime(2024, 8, 1, 8, 30, tzinfo=PDT), "by the start of the month at 9am mst", "2024-09-01T09:00-06:00", ERROR),
     (datetime(2024, 8, 1, 8, 30, tzinfo=PDT), "by the start of the month at 9am mst", "2024-08-01T09:00-07:00", ERROR),
     (datetime(2024, 8, 1, 7, 30, tzinfo=PDT), "by the start of the month at 9am mst", "2024-08-01T09:00-07:00", True),
     (datetime(2024, 7, 15, 10, tzinfo=PDT), "by the start of the month at 9am mst", "2024-08-01T09:00-07:00", True),
     (datetime(2024, 7, 15, 10, tzinfo=PDT), "by the start of the month at 9am mst", "2024-07-01T09:00-07:00", False),
     (datetime(2024, 8, 1, 9, 30, tzinfo=PDT), "by the start of the month at 9am mst", "2024-09-01T09:00-07:00", True),
     (datetime(2024, 7, 1, 17, 30, tzinfo=CEST), "by the start of the month 5pm cet", "2024-07-01T18:00+02:00", ERROR),
     (datetime(2024, 7, 1, 17, 30, tzinfo=CEST), "by the start of the month 5pm cet", "2024-08-01T17:00+02:00", ERROR),
     (datetime(2024, 7, 1, 18, 30, tzinfo=CEST), "by the start of the month 5pm cet", "2024-08-01T17:00+02:00", True),
     (datetime(2024, 7, 1, 10, 30), "by the start of the month at 9", "2024-07-01T09:00", False),
     (datetime(2024, 6, 10, 10, 0), "by the start of the week, after lunch", "2024-06-10T14:00", True),
     (datetime(2024, 6, 11, 10, 0), "by the start of the week, after lunch", "2024-06-17T14:00", True),
     (datetime(2024, 6, 11, 10, 0), "by the start of the week, after lunch", "2024-06-10T14:00", False)],
)  # fmt: skip
def test_a_start_at_a_time_still_ahead_today_is_the_current_one(
    when: datetime, phrase: str, argument: str, expected: bool
) -> None:
    assert_verdict(match_date_time(phrase, argument, when), expected)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [("by the start of the year UTC", "2025-01-01T00:00Z", True),
     ("by the start of the year UTC", "2024-01-01T00:00Z", False),
     ("by the start of the month GMT", "2024-07-01T00:00Z", True),
     ("by the start of the month CET", "2024-07-01T00:00+02:00", True),
     ("by friday utc", "2024-06-14T23:00Z", True),
     ("by the start of the year (UTC)", "2025-01-01T00:00Z", True)],
)  # fmt: skip
def test_utc_after_a_date_names_its_zone_as_other_zone_words_do(phrase: str, argument: str, expected: bool) -> None:
    assert_verdict(match_date_time(phrase, argument, MON), expected)


def test_a_pair_beside_the_weekday_it_falls_on_is_still_a_time_of_day() -> None:
    # said on Thursday 2026-10-08: October 30 is a Friday, but "before 10.30pm on friday" is no day up to it; with no
    # am or pm it may be before 10:30 or 22:30 (or the days before October 30): not understood, in either word order
    thursday = datetime(2026, 10, 8, 9, 0, tzinfo=UTC)
    for phrase in ("before 10.30 on friday", "before friday 10.30", "friday before 10.30"):
        assert_verdict(match_date_time(phrase, "2026-10-09T10:00:00Z", thursday), ERROR)
    for phrase in ("before 10.30pm on friday", "before friday 10.30pm", "friday before 10.30pm"):
        assert_verdict(match_date_time(phrase, "2026-10-09T10:00:00Z", thursday), True)
        assert_verdict(match_date_time(phrase, "2026-10-09T22:00:00Z", thursday), True)
        assert_verdict(match_date_time(phrase, "2026-10-09T22:31:00Z", thursday), False)
        assert_verdict(match_date_time(phrase, "2026-10-13T09:00:00Z", thursday), False)


def test_a_lone_bound_at_a_clock_of_twelve_hours_or_less_without_am_or_pm_is_not_understood() -> None:
    # before 10:30 or before 22:30 kept together is before 22:30: 19:00 would pass for a morning meant
    thursday = datetime(2026, 10, 8, 9, 0, tzinfo=UTC)
    for phrase in ("before 10:30 on friday", "friday before 10:30", "after 7:30 on friday", "before 10 on friday"):
        assert_verdict(match_date_time(phrase, "2026-10-09T19:00:00Z", thursday), ERROR)
    for phrase in ("before 10:30am on friday", "friday morning before 10:30", "before 13:30 on friday"):
        assert_verdict(match_date_time(phrase, "2026-10-09T10:00:00Z", thursday), True)
        assert_verdict(match_date_time(phrase, "2026-10-09T19:00:00Z", thursday), False)
    # two bounds make each reading a window in its own half of the day
    assert_verdict(match_date_time("after 9:30 and before 11 on friday", "2026-10-09T10:00:00Z", thursday), True)
    assert_verdict(match_date_time("after 9:30 and before 11 on friday", "2026-10-09T19:00:00Z", thursday), False)


# said on Wednesday 2026-11-25: October 30 was a Friday; September 30 and October 30 next are a Thursday and a Saturday
WED = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize("word", ["by", "until", "till", "no later than"])
def test_a_deadline_at_a_pair_that_may_be_a_clock_is_that_clock(word: str) -> None:
    # "by 9.30", as "before 9.30": 9:30 or 21:30 today, never September 30
    assert_verdict(match_date_time(f"{word} 9.30", "2026-11-25T09:30:00Z", WED), True)
    assert_verdict(match_date_time(f"{word} 9.30", "2026-11-25T21:30:00Z", WED), True)
    assert_verdict(match_date_time(f"{word} 9.30", "2027-09-30", WED), False)
    assert_verdict(match_date_time(f"{word} 9.30", "2027-09-30T09:00:00Z", WED), False)
    # on a weekday, that time on that day, never the last October 30 that was a Friday
    for phrase in (f"{word} 10.30 on friday", f"{word} friday 10.30"):
        assert_verdict(match_date_time(phrase, "2026-11-27T10:30:00Z", WED), True)
        assert_verdict(match_date_time(phrase, "2026-11-27T22:30:00Z", WED), True)
        assert_verdict(match_date_time(phrase, "2026-10-30T09:00:00Z", WED), False)
        assert_verdict(match_date_time(phrase, "2026-10-30", WED), False)
        assert_verdict(match_date_time(phrase, "2027-10-30", WED), False)


@pytest.mark.parametrize("word", ["by", "until", "no later than"])
def test_a_deadline_on_a_weekday_and_a_date_is_the_date_in_its_own_year(word: str) -> None:
    # November 27 is this Friday: the weekday confirms it
    assert_verdict(match_date_time(f"{word} friday 11/27", "2026-11-27", WED), True)
    assert_verdict(match_date_time(f"{word} friday 11/27", "2026-11-20", WED), False)
    # the next October 30 and November 20 are Saturdays: never the past Fridays they were
    for phrase in (f"{word} friday 10/30", f"{word} 10/30 on friday", f"{word} friday nov 20"):
        for argument in ("2026-10-30", "2026-11-20", "2027-10-30", "2027-11-20"):
            assert_verdict(match_date_time(phrase, argument, WED), ERROR)


def test_a_deadline_on_a_weekday_and_a_day_of_the_month_past_is_not_understood() -> None:
    # said on Wednesday the 25th: Friday the 20th has passed, and December 20 is a Sunday
    for argument in ("2026-11-20", "2026-12-20", "2027-08-20"):
        assert_verdict(match_date_time("by friday the 20th", argument, WED), ERROR)
    assert_verdict(match_date_time("by friday the 27th", "2026-11-27", WED), True)
    assert_verdict(match_date_time("by friday the 27th", "2026-11-20", WED), False)


# said on Wednesday 2026-11-25 at 22:00 in London (UTC in November)
WED_NIGHT = datetime(2026, 11, 25, 22, 0, tzinfo=ZoneInfo("Europe/London"))


@pytest.mark.parametrize("word", ["by", "until", "till", "through", "no later than"])
def test_a_deadline_already_passed_today_is_next_weeks(word: str) -> None:
    # 9am and 9:30 this morning have passed: next Wednesday's, which the words also name
    for phrase in (f"{word} wednesday 9am", f"{word} 9am wednesday"):
        assert_verdict(match_date_time(phrase, "2026-11-25T09:00:00Z", WED_NIGHT), False)
        assert_verdict(match_date_time(phrase, "2026-12-02T09:00:00Z", WED_NIGHT), True)
    for argument in ("2026-11-25T09:30:00Z", "2026-11-25T21:30:00Z"):
        assert_verdict(match_date_time(f"{word} wednesday 9.30", argument, WED_NIGHT), False)
    for argument in ("2026-12-02T09:30:00Z", "2026-12-02T21:30:00Z"):
        assert_verdict(match_date_time(f"{word} wednesday 9.30", argument, WED_NIGHT), True)
    group = {"start": "2026-11-25T08:00:00Z", "end": "2026-11-25T09:00:00Z"}
    assert_verdict(match_date_time(f"{word} wednesday 9am", group, WED_NIGHT, params=["start", "end"]), False)
    group = {"start": "2026-12-02T08:00:00Z", "end": "2026-12-02T09:00:00Z"}
    assert_verdict(match_date_time(f"{word} wednesday 9am", group, WED_NIGHT, params=["start", "end"]), True)
    # still ahead tonight: today's
    assert_verdict(match_date_time(f"{word} wednesday", "2026-11-25T23:00:00Z", WED_NIGHT), True)


def test_a_deadline_passed_earlier_on_the_day_named_is_that_days_later_reading() -> None:
    friday = datetime(2026, 11, 27, 11, 0, tzinfo=ZoneInfo("Europe/London"))
    assert_verdict(match_date_time("by friday 10.30", "2026-11-27T10:30:00Z", friday), False)
    assert_verdict(match_date_time("by friday 10.30", "2026-11-27T22:30:00Z", friday), True)
    assert_verdict(match_date_time("by friday 10.30", "2026-12-04T10:30:00Z", friday), True)
    # a zone named: 3pm Pacific is still ahead at 14:00 Pacific, 9am is not
    assert_verdict(match_date_time("by wednesday 3pm pst", "2026-11-25T23:00:00Z", WED_NIGHT), True)
    assert_verdict(match_date_time("by wednesday 9am pst", "2026-11-25T17:00:00Z", WED_NIGHT), False)
    assert_verdict(match_date_time("by wednesday 9am pst", "2026-12-02T17:00:00Z", WED_NIGHT), True)


@pytest.mark.parametrize("word", ["by", "until", "through"])
def test_a_deadline_on_a_day_of_the_month_passed_is_next_months(word: str) -> None:
    assert_verdict(match_date_time(f"{word} the first monday of the month", "2026-11-02", WED_NIGHT), False)
    assert_verdict(match_date_time(f"{word} the first monday of the month", "2026-12-07", WED_NIGHT), True)
    assert_verdict(match_date_time(f"{word} the 20th", "2026-11-20", WED_NIGHT), False)
    assert_verdict(match_date_time(f"{word} the 20th", "2026-11-20T12:00:00Z", WED_NIGHT), False)
    assert_verdict(match_date_time(f"{word} the 20th", "2026-12-20", WED_NIGHT), True)


@pytest.mark.parametrize(
    "phrase",
    ["by wednesday 25 november 9.30", "by wednesday 25 november at 9:30", "by wednesday the 25th at 9am",
     "until 9.30 tonight", "by this morning"],
)  # fmt: skip
def test_a_deadline_with_every_reading_passed_is_not_understood(phrase: str) -> None:
    for argument in ("2026-11-25T09:00:00Z", "2026-11-25T09:30:00Z", "2026-11-25T21:30:00Z", "2026-12-02T09:30:00Z"):
        outcome = match_date_time(phrase, argument, WED_NIGHT)
        assert_verdict(outcome, ERROR)
        assert outcome.reason == f"{phrase!r} said on Wednesday 2026-11-25 22:00 has passed"


def test_a_day_of_the_month_said_on_that_day_is_next_months_once_its_time_has_passed() -> None:
    # "the 25th at 9am" said on the 25th after 9:00 is today's or next month's: by today's, passed, the next month's
    # alone is left; said before 9:00, today's alone
    assert_verdict(match_date_time("by the 25th at 9am", "2026-11-25T09:00:00Z", WED_NIGHT), False)
    assert_verdict(match_date_time("by the 25th at 9am", "2026-12-25T09:00:00Z", WED_NIGHT), True)
    morning = WED_NIGHT.replace(hour=7)
    assert_verdict(match_date_time("by the 25th at 9am", "2026-11-25T09:00:00Z", morning), True)
    assert_verdict(match_date_time("by the 25th at 9am", "2026-12-25T09:00:00Z", morning), False)


@pytest.mark.parametrize(
    ("phrase", "argument"),
    [("until yesterday", "2026-11-24"), ("through last week", "2026-11-22"), ("until last friday", "2026-11-20"),
     ("until 2 hours ago", "2026-11-25T20:00:00Z"), ("until 1 june 2024", "2024-06-01"),
     ("the 20th", "2026-11-20"), ("wednesday 9am", "2026-11-25T09:00:00Z"),
     ("on wednesday at 9:30", "2026-11-25T09:30:00Z"),
     ("from the 20th to the 22nd", "2026-11-20")],
)  # fmt: skip
def test_a_past_the_words_name_and_a_point_or_range_in_the_past_are_kept(phrase: str, argument: str) -> None:
    # a past period asked about ("until yesterday"), or a point or range that may be meant ("what happened on the 20th")
    assert_verdict(match_date_time(phrase, argument, WED_NIGHT), True)


def test_the_last_weekday_of_a_month_passed_is_not_a_past_the_words_name() -> None:
    # said on Saturday 2026-11-28: "the last friday of november" was yesterday; "last friday" counts back
    saturday = datetime(2026, 11, 28, 10, 0, tzinfo=ZoneInfo("Europe/London"))
    assert_verdict(match_date_time("by the last friday of november", "2026-11-27", saturday), ERROR)
    assert_verdict(match_date_time("until last friday", "2026-11-20", saturday), True)
