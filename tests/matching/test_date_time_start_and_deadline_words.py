"""Words naming one end of an event, read no wider than they say: "from" before a past period is the time the event
falls in or starts in ("from last week"), a deadline beside a start word bounds neither alone ("starting Monday by
9am" starts on Monday), "all through June" and "through the night" cover the whole period, "through June" ends in
its last day, a deadline reached ("until yesterday") leaves the start open, and a range whose one end lies inside the
other is not understood unless both are the same day.

2024-06-12 is a Wednesday.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_date_row, assert_verdict

WED = datetime(2024, 6, 12, 10, 0)
MON = datetime(2024, 6, 10, 10, 0)
JUL_2 = datetime(2024, 7, 2, 10, 0)


def _g(start: str, end: str) -> dict[str, str]:
    return {"start": start, "end": end}


ROWS: list[tuple[str, object, object]] = [
    # "from" before a past period of a day or longer: the event falls in the period, or starts in it
    ("from last week", _g("2024-06-03", "2024-06-30"), True),
    ("from last week", "2024-06-03/2024-06-30", True),
    ("from last week", _g("2024-06-10", "2024-06-12"), False),
    ("from last week", _g("2024-06-05", "2024-06-01"), False),
    ("from last week", "2024-06-10/2024-06-30", False),
    ("from last month", _g("2024-05-01", "2024-06-12"), True),
    ("from yesterday", _g("2024-06-11", "2024-06-30"), True),
    ("from June 2023", _g("2023-06-01", "2024-06-12"), True),
    ("from the 80s", _g("1980-01-01", "2024-06-12"), True),
    ("from last year", _g("2023-03-01", "2024-06-01"), True),
    ("from the 3rd", _g("2024-06-03", "2024-06-20"), True),
    ("from last Monday", _g("2024-06-10", "2024-06-20"), True),
    ("from 3 days ago", _g("2024-06-09", "2024-06-12"), True),
    ("from 2023", _g("2023-03-01", "2024-06-01"), True),
    ("from last June", _g("2023-06-05", "2024-06-12"), True),
    ("from last week", _g("2024-06-03", "2024-06-07"), True),
    ("from yesterday", _g("2024-06-11T09:00", "2024-06-11T10:00"), True),
    ("from last week", _g("2024-06-10", "2024-06-30"), False),
    ("from last week", "2024-06-10/2024-06-30", False),
    ("from last week", _g("2024-06-05", "2024-06-04"), False),
    ("from yesterday", _g("2024-06-10T08:00", "2024-06-11T09:00"), False),
    ("from 2023", _g("2022-12-01", "2023-03-01"), False),
    ("from last Monday", _g("2024-06-11", "2024-06-20"), False),
    ("from tomorrow", _g("2024-06-13", "2024-06-30"), True),
    # a start word and a deadline: the start is still on the day the start word names
    ("starting Monday by 9am", _g("2024-06-12T10:00", "2024-06-17T09:00"), False),
    ("from tomorrow by 9am", _g("2024-06-12T10:00", "2024-06-13T09:00"), False),
    ("beginning Friday by noon", _g("2024-06-12T10:00", "2024-06-14T12:00"), False),
    # "all through" and "through the night (day, summer)": the whole period
    ("all through next week", _g("2024-06-12T10:00", "2024-06-17T09:00"), False),
    ("all through June", _g("2024-06-12", "2024-06-13"), False),
    ("all through the night", _g("2024-06-12T18:00", "2024-06-12T19:00"), False),
    ("all through the day", _g("2024-06-12T10:00", "2024-06-12T11:00"), False),
    ("through the summer", _g("2024-06-12", "2024-06-13"), False),
    ("through the night", _g("2024-06-12T18:00", "2024-06-12T19:00"), False),
    ("all through next week", _g("2024-06-17", "2024-06-23"), True),
    ("all through June", "2024-06-01/2024-06-30", True),
    ("through the night", _g("2024-06-12T22:00", "2024-06-13T06:00"), True),
    ("all through the night", _g("2024-06-12T20:00", "2024-06-13T04:00"), True),
    ("through the night", "2024-06-12T22:00/2024-06-13T06:00", True),
    ("through the night", _g("2024-06-12T23:00", "2024-06-13T01:00"), False),
    ("through the night", _g("2024-06-13T01:00", "2024-06-13T06:00"), False),
    ("through the night", _g("2024-06-12T22:00", "2024-06-13T10:00"), False),
    ("right through next week", _g("2024-06-17", "2024-06-23"), True),
    ("right through next week", _g("2024-06-12T10:00", "2024-06-23"), False),
    ("right through June", _g("2024-06-01", "2024-06-30"), True),
    ("right through June", _g("2024-06-01", "2024-06-20"), False),
    ("right through Friday", _g("2024-06-14T00:00", "2024-06-14T23:59"), True),
    ("right through Friday", _g("2024-06-14T09:00", "2024-06-14T10:00"), False),
    ("right thru the weekend", _g("2024-06-15", "2024-06-16"), True),
    # "through" a period as a deadline: the end falls in its last day
    ("through June", _g("2024-06-12", "2024-06-13"), False),
    ("through next week", _g("2024-06-12", "2024-06-18"), False),
    ("through June", _g("2024-06-12", "2024-06-30"), True),
    ("through next week", _g("2024-06-12", "2024-06-23"), True),
    ("through last week", _g("2024-06-03", "2024-06-09"), True),
    # "beginning of" is no start word: the start of the period alone
    ("beginning of next week", _g("2024-06-17", "2024-12-31"), False),
    ("beginning of next month", _g("2024-07-01", "2024-12-31"), False),
    # a deadline reached leaves the start open
    ("until yesterday", _g("2024-06-01", "2024-06-11"), True),
    ("until last Friday", _g("2024-06-01", "2024-06-07"), True),
    ("up to now", _g("2024-06-01", "2024-06-12T10:00"), True),
    ("up to today", _g("2024-06-01", "2024-06-12"), True),
    ("until today", _g("2024-05-20", "2024-06-12"), True),
    ("until yesterday", _g("2024-06-01", "2024-06-12T10:00"), False),
    # one end of a range inside the other is not understood
    ("from 2024 to January 2024", _g("2024-01-01", "2024-01-31"), ERROR),
    ("from June to June 1", _g("2024-06-01", "2024-06-01"), ERROR),
    ("June - June 1", _g("2024-06-01", "2024-06-01"), ERROR),
    ("from tomorrow to tomorrow midnight", _g("2024-06-13", "2024-06-13T00:00"), ERROR),
    ("from 2025 to March 2025", _g("2025-01-01", "2025-03-31"), ERROR),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_words_naming_one_end(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


def test_a_range_to_the_same_day_said_on_it() -> None:
    assert_date_row("from Monday to today", _g("2024-06-10", "2024-06-10"), MON, True)
    assert_date_row("from this week to Monday", _g("2024-06-10", "2024-06-10"), MON, ERROR)


UTC_ROWS: list[tuple[str, object, object]] = [
    # four digits before UTC beside a date word are its year; alone, after "at", a day, a start or deadline word, a
    # clock
    ("June 2024 UTC", "2024-06-15", True),
    ("March 3, 2025 UTC", "2025-03-03", True),
    ("1 March 2024 GMT", "2024-03-01", True),
    ("Q3 2024 UTC", "2024-08-01", True),
    ("in 2024 GMT", "2024-08-01", True),
    ("the year 2024 UTC", "2024-08-01", True),
    ("by 2025 UTC", _g("2024-06-12", "2025-03-01"), False),
    ("by 2030 UTC", "2024-06-12T20:30:00Z", True),
    ("by 2030 UTC", "2030-01-01T00:00:00Z", False),
    ("from 1930 UTC", "1930-03-01", False),
    ("from 1930 UTC", _g("2024-06-12T19:30:00Z", "2024-06-12T21:00:00Z"), True),
    ("starting 2000 UTC", "2000-03-01", False),
    ("until 2000 GMT", _g("2024-06-12T10:00:00Z", "2024-06-12T20:00:00Z"), True),
    ("by 1899 UTC", "1899-03-01", ERROR),
    ("between 1900 UTC and 2100 UTC", _g("2024-06-12T19:00:00Z", "2024-06-12T21:00:00Z"), True),
    ("between 1900 UTC and 2100 UTC", _g("2024-06-12T19:00:00Z", "2024-06-12T22:00:00Z"), False),
    ("from 1900 UTC to 2000 UTC", _g("1900-01-01", "2000-12-31"), False),
    ("after 1400 UTC", "2024-08-09T18:00:00Z", False),
    ("1400 UTC", "2024-06-12T14:00:00Z", True),
    ("at 2000 UTC", "2024-06-12T20:00:00Z", True),
    ("Friday 2030 UTC", "2024-06-14T20:30:00Z", True),
    ("by 1400 UTC", _g("2024-06-12T10:00:00Z", "2024-06-12T14:00:00Z"), True),
    ("Q3 2024 UTC", "2024-06-12T20:24:00Z", False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), UTC_ROWS)
def test_four_digits_before_utc(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, WED, expected)


@pytest.mark.parametrize(
    ("phrase", "day"),
    [("beginning July 1st", "2024-07-01"), ("beginning July first", "2024-07-01"), ("beginning June 3rd", "2025-06-03"),
     ("beginning June the 3rd", "2025-06-03"), ("beginning 2025-07-01", "2025-07-01"),
     ("beginning July the second", "2024-07-02"), ("beginning August 15th", "2024-08-15")],
)  # fmt: skip
def test_beginning_a_day_is_from_that_day(phrase: str, day: str) -> None:
    assert_date_row(phrase, day, WED, True)
    assert_date_row(phrase, _g(day, "2025-12-31"), WED, True)
    assert_date_row(phrase, f"{day}T09:00", WED, True)


@pytest.mark.parametrize(
    ("phrase", "start", "end"),
    [("from 12.06 to 14.06", "2024-06-12", "2024-06-14"), ("from 1.07 to 15.07", "2024-07-01", "2024-07-15"),
     ("01.06 - 15.06", "2025-06-01", "2025-06-15"), ("from 10.05 to 20.05", "2025-05-10", "2025-05-20"),
     ("from 20.06 until 25.06", "2024-06-20", "2024-06-25")],
)  # fmt: skip
def test_day_and_month_ranges_keep_their_dates(phrase: str, start: str, end: str) -> None:
    assert_date_row(phrase, _g(start, end), WED, True)
    assert_date_row(phrase, _g(start, "2025-12-31"), WED, False)


@pytest.mark.parametrize(
    ("phrase", "actual"),
    [("from 12.06 to 14.06", _g("2024-12-06", "2025-06-14")),
     ("from 12.06 to 14.06", _g("2024-06-14T12:06", "2024-06-15")),
     ("from 12.06 to 14.06", _g("2024-06-14T00:06", "2024-06-15")), ("12.06-14.06", "2024-06-14T12:06"),
     ("12.06-14.06", _g("2024-06-14T12:06", "2024-06-14T12:06")),
     ("from 10.06 to 11.06", _g("2024-11-06T10:06", "2024-11-07")),
     ("from 10.06 to 11.06", _g("2024-10-06", "2025-06-11")),
     ("between 12.06 and 14.06", _g("2024-12-06", "2025-06-14")),
     ("from 3.06 to 4.07", _g("2025-03-06", "2025-07-04"))],
)  # fmt: skip
def test_day_and_month_ranges_read_both_ends_in_one_order(phrase: str, actual: object) -> None:
    assert_date_row(phrase, actual, WED, False)


def test_dotted_dates_in_two_orders_are_not_understood() -> None:
    assert_date_row("from 12.06 to 14.06 and 06.13", _g("2024-06-12", "2024-06-14"), WED, ERROR)


@pytest.mark.parametrize(
    ("phrase", "length", "clock"),
    [("15.30h", "PT15H18M", "2024-06-12T15:30"), ("10.50h", "PT10H30M", "2024-06-12T10:50"),
     ("12.25h", "PT12H15M", "2024-06-12T12:25"), ("20.00h", "PT20H", "2024-06-12T20:00")],
)  # fmt: skip
def test_dotted_hours_are_a_length_on_a_duration_and_a_clock_on_a_time(phrase: str, length: str, clock: str) -> None:
    assert_date_row(phrase, length, WED, True)
    assert_date_row(phrase, clock, WED, True)
    assert_date_row(phrase, "PT1H", WED, False)
    seconds = (int(phrase[:2]) * 60 + int(phrase[3:5]) * 60 // 100) * 60
    assert match_date_time(phrase, {"duration_seconds": seconds}, WED, params=["duration_seconds"]).passed
    assert_date_row(phrase, _g(clock, "2024-06-12T23:00"), WED, True)


SUNDAY = datetime(2024, 6, 16, 12, 0)


@pytest.mark.parametrize(
    ("phrase", "start", "end", "expected"),
    [("the past week", "2024-06-10", "2024-06-16", True), ("the past week", "2024-06-09", "2024-06-15", True),
     ("the past week", "2024-06-10", "2024-06-15", False), ("the past week", "2024-06-01", "2024-06-16", False),
     ("the past month", "2024-05-17", "2024-06-16", True), ("the past month", "2024-05-16", "2024-06-15", True),
     ("the past month", "2024-05-17", "2024-06-14", False)],
)  # fmt: skip
def test_the_past_week_ends_yesterday_or_today(phrase: str, start: str, end: str, expected: bool) -> None:
    assert_date_row(phrase, _g(start, end), SUNDAY, expected)


def test_the_nth_of_the_month_reads_as_the_nth() -> None:
    last_of_january = datetime(2024, 1, 31, 10, 0)
    for phrase in ("the 30th of the month", "the 30th"):
        assert_date_row(phrase, "2024-03-30", last_of_january, True)
        assert_date_row(phrase, "2024-01-30", last_of_january, True)
        assert_date_row(phrase, "2024-02-29", last_of_january, False)
    for phrase in ("the 30th of the month", "the 31st of the month"):  # none in February: the next month with one
        assert_date_row(phrase, f"2024-03-{phrase[4:6]}", datetime(2024, 2, 12, 10, 0), True)
        assert_date_row(phrase, "2024-02-29", datetime(2024, 2, 12, 10, 0), False)


@pytest.mark.parametrize("phrase", ["the next fortnight", "next fortnight", "within the next fortnight"])
def test_the_next_fortnight_runs_to_the_same_minute(phrase: str) -> None:
    assert_date_row(phrase, _g("2024-06-12T10:00", "2024-06-26T10:00"), WED, True)
    assert_date_row(phrase, _g("2024-06-12T10:00", "2024-06-26T12:00"), WED, False)


@pytest.mark.parametrize(
    ("phrase", "actual", "expected"),
    [("beginning of next month", _g("2024-07-01", "2024-07-03"), True),
     ("beginning of next month", "2024-07-03", True), ("at the beginning of next month", "2024-07-08", True),
     ("the beginning of July", _g("2024-07-02", "2024-07-05"), True),
     ("beginning of next month", "2024-07-20", False),
     ("beginning of next month", _g("2024-07-01", "2024-07-20"), False),
     ("the beginning of next week", "2024-06-19", False), ("the beginning of next week", "2024-06-17", True),
     ("from the beginning of next month", _g("2024-07-03", "2024-07-20"), False),
     ("from the beginning of next month", _g("2024-07-01", "2024-07-20"), True),
     ("by the beginning of next month", _g("2024-06-12", "2024-07-05"), False),
     ("from the beginning of July to the end of August", _g("2024-07-05", "2024-08-31"), False)],
)  # fmt: skip
def test_the_beginning_of_a_month_is_its_early_days(phrase: str, actual: object, expected: bool) -> None:
    assert_date_row(phrase, actual, WED, expected)


@pytest.mark.parametrize(
    ("phrase", "actual", "expected"),
    [("from next week to next week", _g("2024-06-17", "2024-06-23"), True),
     ("from next week to next week", _g("2024-06-17", "2024-06-30"), False),
     ("from tomorrow to tomorrow", _g("2024-06-13T09:00", "2024-06-13T17:00"), True),
     ("from tomorrow to tomorrow", _g("2024-06-13", "2024-06-15"), False),
     ("from next month to next month", _g("2024-07-01", "2024-07-31"), True),
     ("from Monday to Monday", _g("2024-06-17", "2024-06-24"), True),
     ("from Monday to Monday", _g("2024-06-17", "2024-06-17"), False)],
)  # fmt: skip
def test_a_range_may_end_in_the_window_it_starts_in(phrase: str, actual: object, expected: bool) -> None:
    assert_date_row(phrase, actual, WED, expected)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [  # a time in dots before a dotted date: never the date's day and month swapped with the time
     ("between 9.30 and 11.30 on 12.06", {"start": "2024-09-30T00:00", "end": "2024-11-30T00:06"}, ERROR),
     ("by 9.30 on 12.06", "2024-09-30T12:06", ERROR), ("13.12 on 12.06", "2024-12-13T12:06", ERROR),
     ("before 10.15 on 12.06", "2024-10-15T08:00", ERROR), ("9.30 on 12.06", "2024-09-30T12:06", ERROR),
     ("11.30 12.06", "2024-11-30T12:06", ERROR), ("13.12, 12.06", "2024-12-13T12:06", ERROR),
     # dotted numbers joined with "or" may be times of day
     # (said at 10:00, 9:30 has passed: tomorrow's, as for "9:30")
     ("9.30 or 10.30", "2024-06-11T09:30", True), ("9.30 or 10.30", "2024-06-10T10:30", True),
     ("9.30 or 10.30", "2024-06-10T09:30", False),
     ("12.06 or 9.30", "2024-06-11T09:30", True), ("12.06 or 9.30", "2024-06-11T10:30", False),
     # a dotted time does not decide the order of the date beside it
     ("3.30 on 5/6", "2025-06-05T03:30", True), ("5/6 3.30", "2025-06-05T15:30", True),
     ("12.06. 9.30", "2024-12-06T09:30", ERROR), ("12.06 13.12", "2024-12-06T13:12", ERROR),
     # two dotted dates, each with a dotted time: never the second time read as the end's date
     ("from 12.06 9.30 to 13.06 11.30", {"start": "2024-12-06T09:30", "end": "2025-11-30T13:06"}, ERROR),
     ("from 12.06, 9.30 to 13.06, 11.30", {"start": "2024-12-06T09:30", "end": "2025-11-30T13:06"}, ERROR),
     ("from 12.06 at 9.30 to 13.06 11.30", {"start": "2024-12-06T09:30", "end": "2025-11-30T13:06"}, ERROR),
     ("from 12.06 9.30 to 13.06 by 11.30", {"start": "2024-12-06T09:30", "end": "2025-11-30T13:06"}, ERROR),
     ("12.06 9.30 to 13.06", {"start": "2024-06-12T09:30", "end": "2024-06-12T13:06"}, ERROR),
     # a dotted end with no clock of its own and no month of the start's date: a clock range on that day
     ("12.06, 9.45 to 11.10", {"start": "2024-06-12T09:45", "end": "2024-06-12T11:10"}, True),
     ("12.06, 9.45 to 11.10", {"start": "2024-06-12T09:45", "end": "2024-10-11"}, False),
     ("from 12.06 9.45 to 11.10", {"start": "2024-06-12T09:45", "end": "2024-06-12T11:10"}, True),
     ("12.06 at 9.45 until 11.10", {"start": "2024-06-12T09:45", "end": "2024-06-12T11:10"}, True),
     ("12.06.2024 9.45 to 11.10", {"start": "2024-06-12T09:45", "end": "2024-10-11"}, False),
     ("friday 14.06 9.45 to 11.10", {"start": "2024-06-14T09:45", "end": "2024-06-14T11:10"}, True),
     ("friday 14.06 9.45 to 11.10", {"start": "2024-06-14T09:45", "end": "2024-10-11"}, False),
     ("12.06 9.45-11.05", {"start": "2024-06-12T09:45", "end": "2024-06-12T11:05"}, True),
     ("12.06 9.45 to 11.12", {"start": "2024-06-12T09:45", "end": "2024-12-11"}, False),
     ("12.06 9.45 to 11.12", {"start": "2024-06-12T09:45", "end": "2024-06-12T11:12"}, True),
     # an end that may be a clock or a date weeks later is not understood
     ("14.06 9.45 to 14.07", {"start": "2024-06-14T09:45", "end": "2024-07-14"}, ERROR),
     ("12.06 9:45 to 10.07", {"start": "2024-06-12T09:45", "end": "2024-06-12T10:07"}, ERROR),
     ("12.06 9h00 to 9.07", {"start": "2024-06-12T09:00", "end": "2024-06-12T09:07"}, ERROR),
     ("between 12.06 9:45 and 10.07", {"start": "2024-06-12T09:45", "end": "2024-06-12T10:07"}, ERROR),
     ("12.06 9:45 to 1.07", {"start": "2024-06-12T09:45", "end": "2024-06-12T13:07"}, ERROR),
     ("12.06 9.00 to 10.07", {"start": "2024-06-12T09:00", "end": "2024-06-12T10:07"}, ERROR),
     ("12.06 9:45 to 11.07", {"start": "2024-06-12T09:45", "end": "2024-06-12T11:07"}, ERROR),
     ("12.06 9:45 to 10.07", {"start": "2024-06-12T09:45", "end": "2024-07-10"}, ERROR),
     ("20.12 9.45 to 3.01", {"start": "2024-12-20T09:45", "end": "2025-01-03"}, ERROR),
     # an end with its own clock on the start's day is that day
     ("12.06 9.45 to 12.06 10.00", {"start": "2024-06-12T09:45", "end": "2024-06-12T10:00"}, True),
     ("12.06 10.00 to 12.06 17.00", {"start": "2024-06-12T10:00", "end": "2024-06-12T17:00"}, True),
     # an end with its own clock weeks later, across the year's end in one order, is that date
     ("12.06 9.45 to 1.07 10.00", {"start": "2024-06-12T09:45", "end": "2024-07-01T10:00"}, True),
     ("12.06 9.45 to 1.07 10.00", {"start": "2024-06-12T09:45", "end": "2024-06-12T13:07"}, False),
     ("20.12 9.45 to 3.01 10.00", {"start": "2024-12-20T09:45", "end": "2025-01-03T10:00"}, True),
     ("20.12 9.45 to 3.01 10.00", {"start": "2024-12-20T09:45", "end": "2024-01-03T10:00"}, False),
     ("1.12 9.45 to 31.01 10.00", {"start": "2024-12-01T09:45", "end": "2025-01-31T10:00"}, True),
     ("30.11 22.00 to 2.01 10.00", {"start": "2024-11-30T22:00", "end": "2025-01-02T10:00"}, True),
     ("20.12 9.45 to 3.02 10.00", {"start": "2024-12-20T09:45", "end": "2025-02-03T10:00"}, True),
     # ... never February 28 for a February 29 moved into the year after a start naming its year
     ("31.12.2024 22.00 to 29.02 10.00", _g("2024-12-31T22:00", "2025-02-28T10:00"), ERROR),
     ("31.12.2024 to 29.02", _g("2024-12-31", "2025-02-28"), ERROR),
     ("dec 31 2024 10pm to feb 29 10am", _g("2024-12-31T22:00", "2025-02-28T10:00"), ERROR),
     # ... and only within two months (62 days): a date further on after the year's end is before the start
     ("1.11 9.00 to 5.01 10.00", {"start": "2024-11-01T09:00", "end": "2025-01-05T10:00"}, ERROR),
     # ... counted in the real years: 62 days across a common February, 63 across a leap one
     ("30.12 22.00 to 2.03 10.00", _g("2024-12-30T22:00", "2025-03-02T10:00"), True),
     ("30.12.2023 22.00 to 2.03 10.00", _g("2023-12-30T22:00", "2024-03-02T10:00"), ERROR),
     ("30.12.23 22.00 to 2.03 10.00", _g("2023-12-30T22:00", "2024-03-02T10:00"), ERROR),
     ("20.12 9.45 to 20.06 10.00", {"start": "2024-12-20T09:45", "end": "2025-06-20T10:00"}, ERROR),
     ("from 25.12 9.45am to 1.06 10.00", {"start": "2024-12-25T09:45", "end": "2025-06-01T10:00"}, ERROR),
     ("20.09 9.45 to 30.01", {"start": "2024-09-20T09:45", "end": "2025-01-30"}, ERROR),
     ("9.30 to 13.45 12.06", {"start": "2024-06-12T09:30", "end": "2024-06-12T13:45"}, True),
     # two clocks that no date can be between two dates; a date outside the range leaves a clock at its end
     ("12.06 9.30 to 13.45 14.06", {"start": "2024-06-12T09:30", "end": "2024-06-14T13:45"}, True),
     ("14.06 9.30 to 11.45 15.06", {"start": "2024-06-14T09:30", "end": "2024-06-15T11:45"}, True),
     ("on 12.06 from 9.30 to 12.05", {"start": "2024-06-12T09:30", "end": "2024-06-12T12:05"}, True)],
)  # fmt: skip
def test_a_time_in_dots_beside_a_date_in_digits(phrase: str, argument: object, expected: object) -> None:
    params = ["start", "end"] if isinstance(argument, dict) else None
    assert_verdict(match_date_time(phrase, argument, MON, params=params), expected)


@pytest.mark.parametrize(
    ("phrase", "argument"),
    [  # a dotted end that may be a clock, or a date months after the start: neither is passed
     ("12.06 9.45 to 12.10", _g("2024-06-12T09:45", "2024-10-12")),
     ("12.06 9.45 to 12.10", _g("2024-06-12T09:45", "2024-06-12T12:10")),
     ("12.06 at 9.45 to 12.10", _g("2024-06-12T09:45", "2024-10-12")),
     ("12.06.2024 9.45 to 12.10", _g("2024-06-12T09:45", "2024-10-12")),
     ("12.06 9.45 to 12.11", _g("2024-06-12T09:45", "2024-11-12")),
     # a date, a range of clocks and another day after it: never the start a year back
     ("12.06 9.45 to 11.10 tomorrow", _g("2023-06-12T09:45", "2024-06-11T11:10")),
     ("on 12.06 9.45 to 11.10 tomorrow", _g("2023-06-12T09:45", "2024-06-11T11:10")),
     ("12.06 9.45 to 11.10 today", _g("2023-06-12T09:45", "2024-06-10T11:10")),
     ("12.06 9:45 to 11:10 tomorrow", _g("2023-06-12T09:45", "2024-06-11T11:10")),
     ("12.06 9.45 to 11.10 friday", _g("2024-06-12T09:45", "2024-06-14T11:10")),
     ("12.06 9.45 to 11.10 on monday", _g("2024-06-12T09:45", "2024-06-17T11:10")),
     # the same with other forms of the start's clock, and with minutes of 12 or less
     ("12.06 9.00 to 12.10", _g("2024-06-12T09:00", "2024-10-12")),
     ("12.06 9.45am to 12.10", _g("2024-06-12T09:45", "2024-10-12")),
     ("12.06 9.45 am to 12.10", _g("2024-06-12T09:45", "2024-10-12")),
     ("12.06 9:45 to 12.10", _g("2024-06-12T09:45", "2024-10-12")),
     ("12.06 9h45 to 12.10", _g("2024-06-12T09:45", "2024-10-12")),
     ("between 12.06 9.45 and 12.10", _g("2024-06-12T09:45", "2024-10-12")),
     # a bare hour, or a day before the end's clock: never the start a year back
     ("12.06 9 to 11 tomorrow", _g("2023-06-12T09:00", "2024-06-11T11:00")),
     ("12/06 at 9 till 11 tomorrow", _g("2023-06-12T09:00", "2024-06-11T11:00")),
     ("june 12 9-11 tomorrow", _g("2023-06-12T09:00", "2024-06-11T11:00")),
     ("12.06 9.45 to tomorrow at 11.10", _g("2023-06-12T09:45", "2024-06-11T11:10")),
     ("june 12 at 9am until tomorrow at 5pm", _g("2023-06-12T09:00", "2024-06-11T17:00")),
     # a dated end that would come before the start: never next year's
     ("12.06 9.45 to 11.06, 10.00", _g("2024-06-12T09:45", "2025-06-11T10:00")),
     ("12.06 9.45 to 11.06 at 10am", _g("2024-06-12T09:45", "2025-06-11T10:00")),
     ("1.07 10.00 to 30.06", _g("2024-07-01T10:00", "2025-06-30"))],
)  # fmt: skip
def test_a_range_of_clocks_after_a_date_with_an_end_that_may_be_another_day(phrase: str, argument: object) -> None:
    assert_verdict(match_date_time(phrase, argument, MON, params=["start", "end"]), ERROR)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [  # a dotted end that would be a date before the start (or next year's) is a clock on the start's day
     ("13.06 9.45 to 11.06", _g("2024-06-13T09:45", "2025-06-11"), False),
     ("13.06 9.45 to 11.06", _g("2024-06-13T09:45", "2024-06-13T11:06"), True),
     ("12.06 9.45 to 10.06", _g("2024-06-12T09:45", "2025-06-10"), False),
     ("14.06 9.45 to 14.06", _g("2024-06-14T09:45", "2025-06-14"), False),
     ("14.06 9.45 to 14.06", _g("2024-06-14T09:45", "2024-06-14T14:06"), True),
     # ... unless, in the other order, it is a date weeks later across the year's end (December 6 to January 6)
     ("12.06 23.30 to 1.06", _g("2024-06-12T23:30", "2025-06-01"), ERROR),
     ("12.06 23.30 to 1.06", _g("2024-06-12T23:30", "2024-06-13T01:06"), ERROR),
     ("1.12 9.45 to 1.11", _g("2024-12-01T09:45", "2025-11-01"), False),
     # a date a few days after the start stays a date
     ("14.06 9.45 to 16.06", _g("2024-06-14T09:45", "2024-06-16"), True),
     ("june 12 9am to friday 5pm", _g("2024-06-12T09:00", "2024-06-14T17:00"), True),
     ("between 4pm on june 3 and 5pm today", _g("2024-06-03T16:00", "2024-06-10T17:00"), True),
     # the same with minutes of 12 or less, or another form of the start's clock
     ("12.06 9.00 to 11.06", _g("2024-06-12T09:00", "2025-06-11"), False),
     ("12.06 9.00 to 11.06", _g("2024-06-12T09:00", "2024-06-12T11:06"), True),
     ("12.06 21.00 to 2.06", _g("2024-06-12T21:00", "2025-06-02"), False),
     ("12.06 21.00 to 2.06", _g("2024-06-12T21:00", "2024-06-13T02:06"), True),
     ("12.06 9:45 to 11.06", _g("2024-06-12T09:45", "2025-06-11"), False),
     ("12.06 9:45 to 11.06", _g("2024-06-12T09:45", "2024-06-12T11:06"), True),
     ("12.06 at 9:45 to 12.06", _g("2024-06-12T09:45", "2024-06-12T12:06"), True),
     ("between 12.06 9.45 and 11.06", _g("2024-06-12T09:45", "2024-06-12T11:06"), True),
     ("12.06 9:45 to 13.06", _g("2024-06-12T09:45", "2024-06-13"), True),
     # a start half a year ahead, before a day said from today, is the last one
     ("from dec 20 9am to today 5pm", _g("2023-12-20T09:00", "2024-06-10T17:00"), True),
     # an end with its own clock, or a day no clock can be, after the start
     ("30.12 9.45 to 2.01, 10.00", _g("2024-12-30T09:45", "2025-01-02T10:00"), True),
     ("1.07 10.00 to 30.07", _g("2024-07-01T10:00", "2024-07-30"), True),
     # a start with its year: the end read in the start's order of day and month, a date a few days later
     ("12.06.2024 9.45 to 13.06", _g("2024-06-12T09:45", "2024-06-13"), True),
     ("12.06.2024 9.45 to 13.06", _g("2024-12-06T09:45", "2025-06-13"), False),
     ("12.06.2024 9.45 to 13.06", _g("2024-06-12T09:45", "2024-06-12T13:06"), False),
     ("12.06.24 9.45 to 14.06", _g("2024-06-12T09:45", "2024-06-14"), True),
     ("12.06.24 9.45 to 14.06", _g("2012-06-24T09:45", "2013-06-14"), False),
     ("12.06.24 9.45 to 14.06", _g("2024-12-06T09:45", "2025-06-14"), False),
     # a date a few days later across the end of a month or a year stays a date
     ("30.06 9.45 to 2.07", _g("2024-06-30T09:45", "2024-07-02"), True),
     ("30.06 9.45 to 2.07", _g("2024-06-30T09:45", "2024-06-30T14:07"), False),
     ("31.12 9.45 to 2.01", _g("2024-12-31T09:45", "2025-01-02"), True),
     ("30.12 22.00 to 1.01", _g("2024-12-30T22:00", "2025-01-01"), True)],
)  # fmt: skip
def test_an_end_after_a_dated_start_is_a_date_a_few_days_later_or_a_clock(
    phrase: str, argument: object, expected: object
) -> None:
    assert_verdict(match_date_time(phrase, argument, MON, params=["start", "end"]), expected)


@pytest.mark.parametrize(
    ("phrase", "user_time", "argument", "expected"),
    [  # a start naming no year is moved a year back only when the range then spans at most half a year ...
     ("june 12 to tomorrow", MON, _g("2023-06-12", "2024-06-11"), ERROR),
     ("june 12 to friday", MON, _g("2023-06-12", "2024-06-14"), False),
     ("june 12 to friday", MON, _g("2024-06-12", "2024-06-14"), True),
     ("dec 28 9am to monday 5pm", datetime(2024, 6, 26, 10), _g("2023-12-28T09:00", "2024-07-01T17:00"), ERROR),
     ("dec 28 to monday", datetime(2024, 6, 26, 10), _g("2023-12-28", "2024-07-01"), ERROR),
     ("dec 28 to monday", datetime(2024, 6, 20, 10), _g("2023-12-28", "2024-06-24"), True),
     ("from dec 20 9am to today 5pm", MON, _g("2023-12-20T09:00", "2024-06-10T17:00"), True),
     ("from dec 20 to today", MON, _g("2023-12-20", "2024-06-10"), True),
     # ... or when it ends by today: then it is the last one, however long ago
     ("from jan 1 to today", datetime(2024, 8, 31, 10), _g("2024-01-01", "2024-08-31"), True),
     ("from jan 1 to today", datetime(2024, 8, 31, 10), _g("2023-01-01", "2024-08-31"), False),
     ("from march 1 to today", datetime(2024, 12, 30, 10), _g("2024-03-01", "2024-12-30"), True),
     ("jan 1 to yesterday", datetime(2024, 12, 30, 10), _g("2024-01-01", "2024-12-29"), True),
     ("from september 1 to today", MON, _g("2023-09-01", "2024-06-10"), True),
     ("from july 1 to date", datetime(2025, 1, 5, 10), _g("2024-07-01", "2025-01-05"), True),
     ("from august 15 to last friday", MON, _g("2023-08-15", "2024-06-07"), True),
     ("from jan 1 9am to today 5pm", datetime(2024, 8, 31, 10), _g("2024-01-01T09:00", "2024-08-31T17:00"), True),
     ("from jan 1 to today", datetime(2024, 12, 30, 10), _g("2024-01-01", "2024-12-30"), True),
     # ... unless its day this year is a month or less ahead: perhaps a slip, never a year ago
     ("from june 12 to today", MON, _g("2023-06-12", "2024-06-10"), ERROR),
     ("from june 11 to yesterday", MON, _g("2023-06-11", "2024-06-09"), ERROR),
     ("from 12/6 to today", MON, _g("2023-12-06", "2024-06-10"), ERROR),  # or June 12
     ("from dec 31 to today", datetime(2024, 12, 30, 10), _g("2023-12-31", "2024-12-30"), ERROR),
     ("from aug 31 11am to now", datetime(2024, 8, 31, 10), _g("2023-08-31T11:00", "2024-08-31T10:00"), ERROR),
     # ... the whole phrase, though its start may also be a time of day
     ("from 7.12 to today", datetime(2024, 11, 30, 10), _g("2024-07-12", "2024-11-30"), ERROR),
     ("from 7.12 to today", datetime(2024, 11, 30, 10), _g("2024-11-30T07:12", "2024-12-01"), ERROR),
     ("from 1.12 to yesterday", datetime(2024, 11, 30, 10), _g("2024-01-12", "2024-11-29"), ERROR),
     # never February 28 for a February 29, nor a day of the month alone at the end read in today's month
     ("from feb 29 to today", datetime(2024, 2, 28, 10), _g("2023-02-28", "2024-02-28"), ERROR),
     ("from new year's eve to the 2nd", datetime(2024, 7, 2, 10), _g("2023-12-31", "2024-07-02"), ERROR)],
)  # fmt: skip
def test_a_start_moved_a_year_back_spans_at_most_half_a_year_or_ends_by_today(
    phrase: str, user_time: datetime, argument: object, expected: object
) -> None:
    assert_verdict(match_date_time(phrase, argument, user_time, params=["start", "end"]), expected)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [  # both ends of one range in digits are read in one order: never a day-first start with a month-first end
     ("from 5.6 to 7.6", _g("2025-06-05", "2025-06-07"), True),
     ("from 5.6 to 7.6", _g("2025-05-06", "2025-07-06"), True),
     ("from 5.6 to 7.6", _g("2025-05-06", "2025-06-07"), False),
     ("from 5/6 to 7/6", _g("2025-05-06", "2025-06-07"), False),
     ("between 1.2 and 3.4", _g("2025-01-02", "2025-04-03"), False),
     ("between 1.2 and 3.4", _g("2025-02-01", "2025-03-04"), False),
     ("between 1.2 and 3.4", _g("2025-02-01", "2025-04-03"), True),
     ("from 12/6 to 14/6", _g("2024-12-06", "2025-06-14"), False),
     ("from 12/6 to 14/6", _g("2024-06-12", "2024-06-14"), True),
     ("from 1.2.24 to 3.4.24", _g("2024-02-01", "2024-03-04"), False),
     ("from 5.6 3pm to 7.6 5pm", _g("2025-05-06T15:00", "2025-06-07T17:00"), False),
     ("from 5.6 to 12.06", _g("2025-05-06", "2025-06-12"), False),
     ("from 5.6 to 12.06", _g("2025-05-06", "2025-12-06"), True),
     ("from 13/6 to 6/14", "2025-06-13", ERROR),
     # also beside a year after the end, or a time in dots beside the start (the time left a time)
     ("from 5.6 to 7.6 next year", _g("2025-05-06", "2025-06-07"), False),
     ("from 5.6 to 7.6 next year", _g("2025-06-05", "2025-06-07"), True),
     ("from 5/6 to 7/6 next year", _g("2025-05-06", "2025-06-07"), False),
     ("5.6 - 7.6 next year", _g("2025-05-06", "2025-06-07"), False),
     ("from 5.6 until 7.6 next year", _g("2025-05-06", "2025-06-07"), False),
     ("9.30 on 5.6 to 7.6", _g("2025-05-06T09:30", "2025-06-07"), False),
     ("9.30 on 5.6 to 7.6", _g("2025-06-05T09:30", "2025-06-07"), True),
     ("from 5.6 9.30 to 7.6", _g("2025-05-06T09:30", "2025-06-07"), False),
     ("from 5.6 9.30 to 7.6", _g("2025-05-06T09:30", "2025-07-06"), True)],
)  # fmt: skip
def test_both_ends_of_a_range_in_digits_are_read_in_one_order(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, MON, expected)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [  # a dotted pair right after "on" is a date, never a clock; after "at" a clock, never a date
     ("on 12.06 or 14.06", "2024-06-10T12:06", False), ("on 12.06 or 14.06", "2024-06-10T14:06", False),
     ("on 12.06 or 14.06", "2024-06-14", True), ("on 12.06 or 14.06", "2024-06-12", True),
     ("on 12.06", "2024-06-10T12:06", False), ("on 12.06", "2024-06-12", True),
     ("at 12.06 or 14.06", "2024-06-10T14:06", True), ("at 12.06 or 14.06", "2024-06-14", False),
     ("at 9.30 or 10.30", "2024-06-10T10:30", True), ("at 9.30 or 10.30", "2024-10-30", False),
     ("on 12.06 at 9.30", "2024-06-12T09:30", True), ("12.06 or 14.06", "2024-06-10T14:06", True),
     ("on the 12.06", "2024-06-10T12:06", False), ("on the 12.06", "2024-06-12", True),
     # dates listed after "on" are read in one order: never December 6 beside June 14
     ("on 12.06 or 14.06", "2024-12-06", False), ("on 12.06 or 14.06 at 3pm", "2024-12-06T15:00", False),
     ("on 12.06 or 9.30", "2024-12-06", True), ("on 12.06 or 9.30", "2024-06-12", False),
     ("on 1.2 or 3.4", "2025-04-03", True), ("on 13.06 or 6.14", "2024-06-13", ERROR),
     # "the 12.06" is a day and a month, never the 12th at 6 o'clock
     ("the 12.06", "2024-06-12T09:00", True), ("the 12.06", "2024-12-06", True), ("the 5.6", "2025-06-05", True),
     ("the 12.06.2024", "2024-06-12", True),
     # so are dates listed after "the": in one order, never a clock
     ("the 12.06 or 14.06", "2024-12-06", False), ("the 12.06 or 14.06", "2024-06-10T14:06", False),
     ("the 12.06 or the 14.06", "2024-12-06", False), ("the 12.06 or the 14.06", "2024-06-10T14:06", False),
     ("the 12.06 or 14.06", "2024-06-14", True), ("the 12.06 or the 14.06", "2024-06-12", True),
     ("the 1.2 or the 3.4", "2025-04-03", True), ("the 1.2 or the 3.4", "2025-03-04", True),
     ("the 13.06 or 6.14", "2024-06-13", ERROR),
     # and alone, their readings as clocks kept
     ("12.06 or 14.06", "2024-12-06", False), ("12.06 or 14.06", "2024-06-14", True),
     ("12/06 or 14/06", "2024-12-06", False), ("12.06.2024 or 14.06.2024", "2024-12-06", False),
     ("12.06.2024 or 14.06.2024", "2024-06-12", True), ("9.30 or 10.30", "2024-10-30", True),
     # with two-digit years, and alone before a time, too
     ("the 12.6.24 or 14.6.24", "2024-12-06", False), ("12.6.24 or 14.6.24", "2024-12-06", False),
     ("on 12/6/24 or 14/6/24", "2024-12-06", False), ("12.6.24 or 14.6.24", "2024-06-14", True),
     ("the 12.06.24 or the 14.06.24", "2012-06-24", False), ("1.2.24 or 3.4.24", "2024-04-03", True),
     ("12.06 or 14.06 at 3pm", "2024-12-06T15:00", False), ("12.06 or 14.06 at 9", "2024-12-06T09:00", False),
     ("12.06 or 14.06 at 3pm", "2024-06-14T15:00", True), ("12.06 or 14.06 at noon", "2024-12-06T12:00", False),
     ("12.06 or 14.06 at noon", "2024-06-12T12:00", True), ("12-06-24 or 14-06-24", "2024-12-06", False),
     ("12-06-24 or 14-06-24", "2024-06-12", True), ("12-06-2024 or 14-06-2024", "2024-12-06", False),
     # the midnight ending a listed day, as for one date ("12.06 at midnight")
     ("12.06 or 14.06 at midnight", "2024-06-13T00:00", True), ("12.06 or 14.06 at midnight", "2024-06-12T00:00", True),
     ("12.06.24 or 14.06.24 at midnight", "2024-06-15T00:00", True),
     ("12.06 or 14.06 at midnight", "2024-12-07T00:00", False),
     # ... never the whole day after it, read in the other order, nor in another year
     ("7.1 or 30.6", "2024-07-01", False), ("1/12 or 11/30", "2024-12-01", False), ("3.1 or 28.2", "2025-03-01", False),
     ("12.01.2025 or 30.11.2024", "2025-12-01", False), ("on 12.1, 30.11 or 15.11", "2024-12-01", False),
     ("12.01.2025 or 30.11.2024 at midnight", "2025-12-01T00:00", False),
     ("12.01.2025 or 30.11.2024 at midnight", "2024-12-01T00:00", True),
     ("7.1 or 30.6 at midnight", "2024-07-01T00:00", True),
     # hyphenated, sharing a two-digit year first: also year first, as ISO dates are
     ("24-06-12 or 24-06-14", "2024-06-12", True), ("24-06-12 or 24-06-14", "2024-06-14", True),
     ("12-06-24 or 14-06-24", "2012-06-24", False), ("13-06-24 or 14-06-24", "2013-06-24", False)],
)  # fmt: skip
def test_a_dotted_pair_after_on_is_a_date(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, MON, expected)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [  # "the 20-22" is days of a month, never the hours from 20:00 to 22:00; "the 12-14th" days of this month
     ("the 20-22", _g("2024-06-10T20:00", "2024-06-10T22:00"), ERROR),
     ("on the 20-22", _g("2024-06-10T20:00", "2024-06-10T22:00"), ERROR),
     ("from the 20-22", _g("2024-06-10T20:00", "2024-06-10T22:00"), ERROR),
     ("the 12-14", _g("2024-06-10T12:00", "2024-06-10T14:00"), ERROR),
     ("the 5-6", _g("2024-06-10T17:00", "2024-06-10T18:00"), ERROR),
     ("the 12-14th", _g("2024-06-12", "2024-06-14"), True), ("the 20-22nd", _g("2024-06-20", "2024-06-22"), True),
     ("by the 20-22nd", _g("2024-06-20", "2024-06-22"), True), ("the 3-5th", _g("2024-07-03", "2024-07-05"), True),
     ("the 12-06-2024", "2024-06-12", True)],
)  # fmt: skip
def test_the_days_of_a_month_about_a_hyphen_are_no_clocks(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, MON, expected)


@pytest.mark.parametrize(
    ("when", "phrase", "argument", "expected"),
    [  # both ends of a range of days of the month in one month: June has no 31st, so never June 28 to July 31
     (MON, "the 28-31st", _g("2024-06-28", "2024-07-31"), ERROR), (MON, "the 28-31st", "2024-06-28", ERROR),
     (MON, "the 28th-31st", _g("2024-06-28", "2024-07-31"), ERROR),
     (MON, "the 28th to the 31st", _g("2024-06-28", "2024-07-31"), ERROR),
     (MON, "friday the 28th to the 31st", _g("2024-06-28", "2024-07-31"), ERROR),
     (MON, "june 28 to the 31st", _g("2024-06-28", "2024-07-31"), ERROR),
     (MON, "friday the 28th to the 30th", _g("2024-06-28", "2024-06-30"), True),
     (MON, "friday the 28th to the 3rd", _g("2024-06-28", "2024-07-03"), True),
     (MON, "the 30-31st", _g("2024-06-30", "2024-07-31"), ERROR),
     (datetime(2024, 6, 29, 10, 0), "the 28-31st", _g("2024-07-28", "2024-07-31"), True),
     (datetime(2024, 6, 29, 10, 0), "the 28th-31st", _g("2024-06-28", "2024-07-31"), False),
     (MON, "the 28-30th", _g("2024-06-28", "2024-06-30"), True),
     (MON, "the 28th to the 3rd", _g("2024-06-28", "2024-07-03"), True),
     (MON, "the 28th at 9am to the 31st at 5pm", _g("2024-06-28T09:00", "2024-07-31T17:00"), ERROR),
     (MON, "the 28th at 9am to the 30th at 5pm", _g("2024-06-28T09:00", "2024-06-30T17:00"), True),
     # ... nor June 30 for "the 31st" moved a month on
     (datetime(2024, 5, 2, 10), "from june 28 to the 31st 5pm", _g("2024-06-28", "2024-06-30T17:00"), ERROR),
     (datetime(2024, 3, 1, 10), "from monday the 1st to the 31st", _g("2024-04-01", "2024-04-30"), ERROR),
     # ... unless said in the next month, a past start's month having no such day after it: then this month's
     (JUL_2, "from last friday to the 31st", _g("2024-06-28", "2024-07-31"), True),
     (JUL_2, "from 3 days ago to the 31st", _g("2024-06-29", "2024-07-31"), True),
     (JUL_2, "from 3 fridays ago to the 31st", _g("2024-06-14", "2024-07-31"), True),
     (JUL_2, "from 2 weekends ago to the 31st", _g("2024-06-22", "2024-07-31"), True),
     (JUL_2, "from last month end to the 31st", _g("2024-06-30", "2024-07-31"), True),
     (datetime(2024, 5, 10, 10), "from last quarter end to the 31st", _g("2024-03-31", "2024-05-31"), True),
     (datetime(2024, 5, 2, 10), "from last quarter end to the 30th", _g("2024-03-31", "2024-05-30"), ERROR),
     (datetime(2024, 7, 1, 10), "from yesterday to the 31st", _g("2024-06-30", "2024-07-31"), True),
     (datetime(2024, 7, 1, 10), "from yesterday to the 30th", _g("2024-06-30", "2024-07-30"), True),
     (JUL_2, "from last friday to the 30th", _g("2024-06-28", "2024-07-30"), ERROR),  # or June 30
     (JUL_2, "friday the 28th to the 30th", _g("2024-06-28", "2024-07-30"), ERROR),
     # ... a start naming its own day of a month is no start said from today, with or without a clock
     (JUL_2, "friday the 28th to the 31st", _g("2024-06-28", "2024-07-31"), ERROR),
     (JUL_2, "from 2024-06-28 to the 31st", _g("2024-06-28", "2024-07-31"), ERROR),
     (JUL_2, "from june 28 to the 31st", _g("2024-06-28", "2024-07-31"), ERROR),
     (JUL_2, "from june 28 to the 31st 5pm", _g("2024-06-28", "2024-07-31T17:00"), ERROR),
     (JUL_2, "from 28.06 9am to the 31st 5pm", _g("2024-06-28T09:00", "2024-07-31T17:00"), ERROR),
     (JUL_2, "the 28th to the 31st", _g("2024-06-28", "2024-07-31"), False),
     (JUL_2, "the 28th to the 31st", _g("2024-07-28", "2024-07-31"), True)],
)  # fmt: skip
def test_a_range_of_days_of_the_month_stays_in_one_month(
    when: datetime, phrase: str, argument: object, expected: object
) -> None:
    assert_date_row(phrase, argument, when, expected)


@pytest.mark.parametrize(
    ("phrase", "argument", "expected"),
    [  # an end naming its weekday is never moved a year to a day that is not that weekday
     ("tuesday may 6 to thursday july 6", _g("2024-05-06", "2024-07-06"), ERROR),
     ("from monday june 5 to friday june 7", _g("2023-06-05", "2023-06-07"), ERROR),
     ("from monday 5.6 to friday 7.6", _g("2024-05-06", "2024-06-07"), ERROR),
     ("from monday june 10 to friday june 14", _g("2024-06-10", "2024-06-14"), True),
     # (the nearest May 6, five weeks back, was a Monday: never eleven months ahead to find the Tuesday)
     ("from tuesday may 6 to thursday may 8", _g("2025-05-06", "2025-05-08"), ERROR),
     ("from monday may 6 to wednesday may 8", _g("2024-05-06", "2024-05-08"), True),
     ("from thursday 9pm to friday 1am", _g("2024-06-13T21:00", "2024-06-14T01:00"), True),
     ("from june 12 to june 5", _g("2024-06-12", "2025-06-05"), True)],
)  # fmt: skip
def test_a_range_end_keeps_its_weekday(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, MON, expected)
