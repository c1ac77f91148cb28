"""Every item a phrase is read into must be used: a second year after a date that names its own, or a second length
of time, leaves the phrase not understood (an error), never a reading of its first part.

Each row is (phrase, argument, expected): ``True`` passes, ``False`` fails, ``ERROR`` is not understood. user_time
is 2013-02-12T04:30-02:00, a Tuesday; 2014-03-03 is a Monday, Diwali 2019 fell on 2019-10-27, Easter 2014 on
2014-04-20.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from mb.matching.date_time import match_date_time
from tests.support.verdicts import ERROR, assert_verdict

U = datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2)))

ROWS: list[tuple[str, str, object]] = [
    # a second year after a full date
    ("march 3 2014 2015", "2014-03-03", ERROR),
    ("march 3 2014 2015", "2015-03-03", ERROR),
    ("march 3 2014 in 2015", "2014-03-03", ERROR),
    ("march 3rd, 2014 2015", "2014-03-03", ERROR),
    ("monday march 3 2014 2015", "2014-03-03", ERROR),
    ("3/3/2014 2015", "2014-03-03", ERROR),
    ("2014-03-03 in 2015", "2014-03-03", ERROR),
    ("march 3 2014 next year", "2014-03-03", ERROR),
    # ... after a month, holiday, season, quarter, half or ISO week naming its year
    ("march 2014 2015", "2014-03-03", ERROR),
    ("diwali 2019 2020", "2019-10-27", ERROR),
    ("christmas 2014 2015", "2014-12-25", ERROR),
    ("easter 2014 2015", "2014-04-20", ERROR),
    ("the day after christmas 2014 2015", "2014-12-26", ERROR),
    ("the first monday of march 2014 2015", "2014-03-03", ERROR),
    ("winter 2014 2015", "2014-01-05", ERROR),
    ("q1 2014 2015", "2014-03-03", ERROR),
    ("h1 2014 2015", "2014-03-03", ERROR),
    ("week 5 2014 2015", "2014-01-28", ERROR),
    # four digits after a dated day are a second year, not a time of day: never the whole day
    ("3/3/2014 1730", "2014-03-03T09:00:00-02:00", ERROR),
    ("3/3/2014 1730", "2014-03-03T17:30:00-02:00", ERROR),
    ("march 3 2014 1730", "2014-03-03T17:30:00-02:00", ERROR),
    # an ISO 8601 date and time (compact time) reads the time
    ("2014-03-03 1730", "2014-03-03T17:30:00-02:00", True),
    ("2014-03-03 1730", "2014-03-03T09:00:00-02:00", False),
    # a second length of time
    ("tomorrow at 5pm for 2 hours for 3 hours", "2013-02-13T17:00:00-02:00", ERROR),
    # one year, used: still read
    ("march 3 2014", "2014-03-03", True),
    ("march 3 2014", "2015-03-03", False),
    ("march 3, 2014", "2014-03-04", False),
    ("2014 march 3", "2014-03-03", True),
    ("christmas 2014", "2014-12-25", True),
    ("christmas 2014", "2015-12-25", False),
    ("diwali 2019", "2019-10-27", True),
    ("march 2014", "2014-03-31", True),
    ("march 2014", "2014-04-01", False),
    ("march 3 2014 at 5pm", "2014-03-03T17:00:00-02:00", True),
    ("march 3 2014 at 5pm", "2014-03-03T18:00:00-02:00", False),
    # "2013 year" labels the year it follows
    ("19 february 2013 year 09:10", "2013-02-19T09:10:00-02:00", True),
    ("19 february 2013 year 09:10", "2013-02-19T09:11:00-02:00", False),
    # a year with no date naming its own still pins the date
    ("march 3 in 2015", "2015-03-03", True),
    ("march 3 in 2015", "2013-03-03", False),
    ("2014 2015", "2014-03-03", ERROR),
    ("tomorrow 1999", "2013-02-13", ERROR),
]


@pytest.mark.parametrize(("phrase", "argument", "expected"), ROWS)
def test_every_item_is_used(phrase: str, argument: str, expected: object) -> None:
    outcome = match_date_time(phrase, argument, U)
    assert_verdict(outcome, expected)


def test_the_reason_names_both_years() -> None:
    outcome = match_date_time("diwali 2019 2020", "2019-10-27", U)
    assert "two years" in outcome.reason
    assert "'diwali 2019'" in outcome.reason
    assert "'2020'" in outcome.reason
