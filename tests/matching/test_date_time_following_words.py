"""Words after a form that change what it reads: "week" taken by "before last", a day word after "a week on Monday",
minutes to an hour said in digits after "at", a window of no length, minutes to midnight of a day said, a year in
words after a month, "ending" or "commencing" after a week, "starting" with nothing after it.

Calendar facts used (checked with ``python -m calendar``): 2026-03-10 is a Tuesday; the Tuesdays around it are
2026-02-24, 03-03, 03-17, 03-24 and 03-31; the Fridays after it 2026-03-13, 03-20, 03-27 and 04-03; the Wednesday
after it 2026-03-11.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_date_row

TUE = datetime(2026, 3, 10, 10, 0)  # a Tuesday morning, naive (wall clock)

ROWS: list[tuple[str, object, object]] = [
    # "tuesday week" is a week after the coming Tuesday; a "week" the words after it take is that week
    ("tuesday week", "2026-03-17", True),
    ("tuesday week", "2026-03-24", True),  # said on a Tuesday: today's is also a week later
    ("tuesday week", "2026-03-31", False),
    ("friday fortnight", "2026-03-27", True),
    ("friday fortnight", "2026-03-20", False),
    ("tuesday week at 3pm", "2026-03-17T15:00:00", True),
    ("tuesday week at 3pm", "2026-03-17T16:00:00", False),
    ("tuesday week before last", "2026-02-24", True),
    ("tuesday week before last", "2026-03-03", False),
    ("tuesday week after next", "2026-03-24", True),
    ("tuesday week after next", "2026-03-31", False),
    ("friday week after next", "2026-03-27", True),
    ("friday week after next", "2026-04-03", False),
    # a day word after it: which day is meant is not clear (a "Wednesday week" is never tomorrow)
    ("wednesday week today", "2026-03-11", ERROR),
    ("wednesday week today", "2026-03-18", ERROR),
    ("tuesday week tomorrow", "2026-03-24", ERROR),
    ("tuesday week tomorrow", "2026-03-17", ERROR),
    ("week tuesday", "2026-03-17", ERROR),
    # "a week on" counts from a weekday alone
    ("a week on wednesday", "2026-03-18", True),
    ("a week on wednesday", "2026-03-11", False),
    ("a week on wednesday today", "2026-03-11", ERROR),
    ("a week on wednesday today", "2026-03-18", ERROR),
    ("a week on wednesday tomorrow", "2026-03-18", ERROR),
    ("a week on tuesday before last", "2026-03-03", ERROR),
    # a length after a weekday and a day word: counted from the two together, never from a day near them
    ("2 days after wednesday tomorrow", "2026-03-13", True),
    ("2 days after wednesday tomorrow", "2026-03-11", False),
    ("2 days after wednesday today", "2026-03-11", ERROR),
    ("2 days after wednesday today", "2026-03-13", ERROR),
    # after "at" (or "dead on", "bang on"), "5 to 7" is minutes before the hour, as "at five to seven" is
    ("at 5 to 7", "2026-03-10T18:55:00", True),
    ("at 5 to 7", "2026-03-11T06:55:00", True),
    ("at 5 to 7", "2026-03-10T17:00:00", False),
    ("at 5 to 7", {"start": "2026-03-11T05:00:00", "end": "2026-03-11T07:00:00"}, False),
    ("at 5 to 5", "2026-03-10T16:55:00", True),
    ("at 5 to 5", "2026-03-11T05:00:00", False),
    ("bang on 5 to 5", "2026-03-10T16:55:00", True),
    ("bang on 5 to 5", "2026-03-10T17:00:00", False),
    ("dead on 10 to 6 tomorrow", "2026-03-11T17:50:00", True),
    ("dead on 10 to 6 tomorrow", "2026-03-11T18:00:00", False),
    ("at 3 to 4pm", "2026-03-10T15:00:00", True),  # no minutes said so before an hour: a range, as in words
    ("at 3 to 4pm", "2026-03-10T15:57:00", False),
    ("5 to 7", "2026-03-10T17:00:00", True),  # without "at": both readings
    ("5 to 7", "2026-03-10T18:55:00", True),
    # a window of no length is not understood (no argument could fall in it)
    ("within the next 0 minutes", "2026-03-10T10:00:00", ERROR),
    ("within 0 minutes", "2026-03-10T10:00:00", ERROR),
    ("within 0 days from today", "2026-03-10", ERROR),
    ("within 5 minutes", "2026-03-10T10:03:00", True),
    ("within 5 minutes", "2026-03-10T10:05:00", False),
    # minutes before 12 said with a day lie on that day: 11:55 or 23:55 tomorrow, never 23:55 today
    ("5 to 12 tomorrow", "2026-03-11T11:55:00", True),
    ("5 to 12 tomorrow", "2026-03-11T23:55:00", True),
    ("5 to 12 tomorrow", "2026-03-10T23:55:00", False),
    ("five to twelve tomorrow", "2026-03-11T23:55:00", True),
    ("five to twelve tomorrow", "2026-03-10T23:55:00", False),
    ("at 5 to 12 tomorrow", "2026-03-11T23:55:00", True),
    ("at 5 to 12 tomorrow", "2026-03-10T23:55:00", False),
    ("5 to 12am tomorrow", "2026-03-11T23:55:00", True),
    ("5 to 12am tomorrow", "2026-03-10T23:55:00", False),
    ("ten to twelve on friday", "2026-03-13T23:50:00", True),
    ("ten to twelve on friday", "2026-03-12T23:50:00", False),
    ("5 past 12 tomorrow", "2026-03-11T00:05:00", True),
    ("five to twelve", "2026-03-10T23:55:00", True),  # no day said: the next such time
    # a month and a year said in two pairs of words: that month, or a day and a two-digit year ("June 19, '05")
    ("january twenty twenty-four", "2024-01-20", True),
    ("january twenty twenty-four", "2024-02-01", False),
    ("january twenty twenty-four", "2026-01-20", False),
    ("june nineteen oh five", "1905-06-10", True),
    ("june nineteen oh five", "2005-06-19", True),
    ("june nineteen oh five", "2005-06-20", False),
    ("march twenty forty", "1940-03-20", True),  # '40 is 1940 or 2040
    ("march twenty forty", "1940-03-21", False),
    ("january twenty hundred", "2000-01-20", True),
    ("january twenty hundred", "2020-01-20", False),  # no two-digit year said
    # the week (fortnight) ending a day is the 7 (14) days to it; one commencing a Monday or Sunday the 7 days from it
    ("the week ending friday", "2026-03-07", True),
    ("the week ending friday", "2026-03-13", True),
    ("the week ending friday", "2026-03-14", False),
    ("the week ending friday", "2026-03-06", False),
    ("the week ending friday", {"start": "2026-03-07", "end": "2026-03-13"}, True),
    ("the week ending friday", {"start": "2026-03-09", "end": "2026-03-15"}, False),
    ("w/e 13 march", "2026-03-07", True),
    ("the week ending sunday at 5pm", "2026-03-10T17:00:00", ERROR),  # the end's time, or each day's?
    ("the week ending sunday at 5pm", "2026-03-15T17:00:00", ERROR),
    ("the week ending 13 march", "2026-03-15", False),
    ("the fortnight ending friday", "2026-02-28", True),
    ("the fortnight ending friday", "2026-02-27", False),
    ("week commencing monday", "2026-03-22", True),
    ("week commencing monday", "2026-03-23", False),
    ("the week beginning sunday", "2026-03-21", True),  # Sunday to Saturday, never the week Sunday ends
    ("the week beginning sunday", "2026-03-14", False),
    ("fortnight commencing monday", "2026-03-29", True),
    ("fortnight commencing monday", "2026-03-30", False),
    ("the week beginning 5 may", "2026-05-04", True),  # a day inside a week: the calendar week holding it
    # "ending" with no day after it, or after something else, is not understood (never dropped as a filler)
    ("tuesday week ending", "2026-03-17", ERROR),
    ("fortnight ending", "2026-03-10", ERROR),
    ("the week ending", "2026-03-10", ERROR),
    ("march ending", "2026-03-05", ERROR),
    ("friday ending", "2026-03-13", ERROR),
    ("the week ending march", "2026-03-31", ERROR),
    # "starting", "beginning" and "from" mark what follows them: with nothing after them they are not understood
    ("month starting", "2026-03-20", ERROR),  # the start of the month to some, never the whole month
    ("friday starting", "2026-03-13", ERROR),
    ("starting friday", "2026-03-13", True),
    ("starting friday", "2026-03-12", False),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_the_words_after_a_form_decide_its_reading(phrase: str, argument: object, expected: object) -> None:
    assert_date_row(phrase, argument, TUE, expected)


def test_a_month_and_a_year_in_two_pairs_of_words_names_both_readings() -> None:
    outcome = match_date_time("january twenty twenty-four", "2024-01-05", TUE)
    assert outcome.passed, outcome.reason
    assert "to 2024-01 or 2024-01-20;" in outcome.reason  # never only the month
