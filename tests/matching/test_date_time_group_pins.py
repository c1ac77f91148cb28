"""A listed group may leave out a part of the date only when what it gives still pins the phrase's window, and never
a part the phrase names: the year of "2014", "next year" or "march 3 2014" cannot be left out (the year of "march
3", "tomorrow" or "christmas" can); a weekday stands in for the month and the day only in a window shorter than a
week."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from mb.matching.date_time import match_date_time, resolve
from mb.matching.date_time._compare import accepts
from mb.matching.date_time._model import Window
from mb.matching.date_time._value import Actual

USER = datetime.fromisoformat("2013-02-12T04:30:00-02:00")  # a Tuesday
#: The same instant in a named zone, for seasons (a bare offset places the user in no hemisphere).
NORTH = USER.astimezone(ZoneInfo("Europe/London"))

NAMES_YEAR: list[tuple[str, bool]] = [
    ("2014", True),
    ("march 3 2014", True),
    ("march 3 '14", True),
    ("diwali 2019", True),
    ("winter 2014", True),
    ("q3 2014", True),
    ("2014-03-03", True),
    ("next year", True),
    ("last year", True),
    ("this year", True),
    ("in 2 years", True),
    ("2 years ago", True),
    ("a year from today", True),
    ("the rest of the year", True),
    ("end of the year", True),
    ("the 1990s", True),
    ("last 2 years", True),
    ("from march 3 to march 5 2014", True),
    ("march 3", False),
    ("tomorrow", False),
    ("tomorrow at 2pm", False),
    ("next friday", False),
    ("christmas", False),
    ("next march", False),
    ("next week", False),
    ("next month", False),
    ("q3", False),
    ("in 18 months", False),
    ("3 weeks ago", False),
    ("this weekend", False),
    ("the first monday of march", False),
]


@pytest.mark.parametrize(("phrase", "named"), NAMES_YEAR)
def test_which_phrases_name_the_year(phrase: str, named: bool) -> None:
    resolution = resolve(phrase, _user(phrase, {}))
    assert resolution.problem is None, resolution.problem
    assert ("year" in resolution.named) is named


YEAR = "but the phrase names the year"

CASES: list[tuple[str, list[str], dict[str, object], bool, str]] = [
    # phrase, listed group, values, passes, reason fragment
    ("2014", ["month", "day"], {"month": 7, "day": 9}, False, f"the parameters give month and day {YEAR} (2014)"),
    ("2014", ["month", "day"], {"month": 1, "day": 1}, False, f"{YEAR} (2014)"),
    ("next year", ["month", "day"], {"month": 7, "day": 9}, False, f"give month and day {YEAR} (2014)"),
    ("last year", ["month", "day"], {"month": 7, "day": 9}, False, f"{YEAR} (2012)"),
    ("this year", ["month", "day"], {"month": 7, "day": 9}, False, f"{YEAR} (2013)"),
    ("in 2 years", ["month", "day"], {"month": 2, "day": 12}, False, f"{YEAR} (2015)"),
    ("2 years ago", ["month", "day"], {"month": 2, "day": 12}, False, f"{YEAR} (2011)"),
    ("march 3 2014", ["month", "day"], {"month": 3, "day": 3}, False, f"give month and day {YEAR} (2014)"),
    ("march 3 '14", ["month", "day"], {"month": 3, "day": 3}, False, f"{YEAR} (2014)"),
    ("diwali 2019", ["month", "day"], {"month": 10, "day": 27}, False, f"{YEAR} (2019)"),
    ("winter 2014", ["month", "day"], {"month": 1, "day": 15}, False, YEAR),
    ("2014-03-03", ["month", "day"], {"month": 3, "day": 3}, False, f"{YEAR} (2014)"),
    ("march 3 2014", ["month"], {"month": 3}, False, f"the parameters give month {YEAR} (2014) and the day"),
    ("march 2014", ["month"], {"month": 3}, False, f"give month {YEAR} (2014)"),
    ("march 3 2014", ["day", "hour"], {"day": 3, "hour": 9}, False, f"give day {YEAR} (2014) and the month"),
    # the year given, or a phrase that only implies it
    ("march 3 2014", ["year", "month", "day"], {"year": 2014, "month": 3, "day": 3}, True, ""),
    ("march 3 2014", ["year", "month", "day"], {"year": 2013, "month": 3, "day": 3}, False, ""),
    ("2014", ["year"], {"year": 2014}, True, ""),
    ("2014", ["year", "month"], {"year": 2014, "month": 7}, True, ""),
    ("2014", ["year", "month"], {"year": 2013, "month": 7}, False, ""),
    ("next year", ["year"], {"year": 2014}, True, ""),
    ("next year", ["year"], {"year": 2015}, False, ""),
    ("in 2 years", ["year", "month", "day"], {"year": 2015, "month": 2, "day": 12}, True, ""),
    ("march 2013", ["year", "month"], {"year": 2013, "month": 3}, True, ""),
    ("march 3", ["month", "day"], {"month": 3, "day": 3}, True, ""),
    ("march 3", ["month", "day"], {"month": 3, "day": 4}, False, ""),
    ("tomorrow", ["month", "day"], {"month": 2, "day": 13}, True, ""),
    ("tomorrow", ["month", "day"], {"month": 2, "day": 14}, False, ""),
    ("next friday", ["month", "day"], {"month": 2, "day": 15}, True, ""),
    ("next friday", ["month", "day"], {"month": 2, "day": 16}, False, ""),
    ("christmas", ["month", "day"], {"month": 12, "day": 25}, True, ""),
    ("christmas", ["month", "day"], {"month": 12, "day": 26}, False, ""),
    ("next march", ["month"], {"month": 3}, True, ""),
    ("next march", ["month"], {"month": 4}, False, ""),
    ("tomorrow at 2pm", ["month", "day", "hour"], {"month": 2, "day": 13, "hour": 14}, True, ""),
    ("tomorrow at 2pm", ["month", "day", "hour"], {"month": 2, "day": 13, "hour": 15}, False, ""),
    # a weekday stands in for the month and the day of a window shorter than a week
    ("tomorrow at 2pm", ["weekday", "hour"], {"weekday": "wednesday", "hour": 14}, True, "got Wednesday 14:00"),
    ("tomorrow at 2pm", ["weekday", "hour"], {"weekday": "thursday", "hour": 14}, False, ""),
    ("tomorrow at 2pm", ["weekday", "hour"], {"weekday": "wednesday", "hour": 15}, False, ""),
    ("march 3", ["weekday"], {"weekday": "sunday"}, True, "got Sunday (no date)"),
    ("march 3", ["weekday"], {"weekday": "monday"}, False, ""),
    ("tomorrow", ["weekday"], {"weekday": "wednesday"}, True, ""),
    ("tomorrow", ["weekday"], {"weekday": "tuesday"}, False, ""),
    ("this weekend", ["weekday"], {"weekday": "saturday"}, True, ""),
    ("this weekend", ["weekday"], {"weekday": "sunday"}, True, ""),
    ("this weekend", ["weekday"], {"weekday": "monday"}, False, ""),
    ("next friday at 2pm", ["weekday", "hour"], {"weekday": "friday", "hour": 14}, True, ""),
    ("march 3 2013", ["weekday"], {"weekday": "sunday"}, False, f"the parameters give a weekday {YEAR} (2013)"),
    ("next week", ["weekday"], {"weekday": "friday"}, False, "give only a weekday, which cannot pin 2013-02-18"),
    ("next week", ["weekday"], {"weekday": "monday"}, False, "names its month and day"),
    ("next month", ["weekday"], {"weekday": "friday"}, False, "which cannot pin 2013-03"),
    ("next month", ["weekday"], {"weekday": "friday"}, False, "names its month"),
    ("2014", ["weekday"], {"weekday": "wednesday"}, False, "which cannot pin 2014 (-02:00)"),
    ("2014", ["weekday"], {"weekday": "wednesday"}, False, "names its year"),
    ("next week", ["weekday", "hour"], {"weekday": "monday", "hour": 9}, False, "cannot pin"),
    # the end of a range takes the start's weekday when it gives none (the next day's once it ends before it starts)
    ("tomorrow from 2 to 3pm", ["start_weekday", "start_hour", "end_hour"],
     {"start_weekday": "wednesday", "start_hour": 14, "end_hour": 15}, True, "end Wednesday 15:00"),
    ("tomorrow from 2 to 3pm", ["start_weekday", "start_hour", "end_hour"],
     {"start_weekday": "wednesday", "start_hour": 14, "end_hour": 18}, False, "the end does not match"),
    ("tomorrow from 2 to 3pm", ["start_weekday", "start_hour", "end_weekday", "end_hour"],
     {"start_weekday": "wednesday", "start_hour": 14, "end_weekday": "friday", "end_hour": 15}, False, "the end"),
    ("from 10pm to 1am", ["start_weekday", "start_hour", "end_hour"],
     {"start_weekday": "tuesday", "start_hour": 22, "end_hour": 1}, True, "end Wednesday 01:00"),
    ("from 10pm to 1am", ["start_weekday", "start_hour", "end_hour"],
     {"start_weekday": "tuesday", "start_hour": 22, "end_hour": 2}, False, "the end does not match"),
    ("from 10pm to 1am", ["start_weekday", "start_hour", "end_weekday", "end_hour"],
     {"start_weekday": "tuesday", "start_hour": 22, "end_weekday": "tuesday", "end_hour": 1}, False, "the end"),
    ("from 10pm to 1am", ["start_weekday", "start_hour", "end_weekday", "end_hour"],
     {"start_weekday": "tuesday", "start_hour": 22, "end_weekday": "wednesday", "end_hour": 1}, True, ""),
    ("from 10pm to 1am", ["start_weekday", "start_hour", "end_hour"],
     {"start_weekday": "monday", "start_hour": 22, "end_hour": 1}, False, ""),
    # a weekday is the user's: 7am in Tokyo on Wednesday is 20:00 on Tuesday at -02:00
    ("tomorrow at 7am Tokyo time", ["weekday", "hour"], {"weekday": "tuesday", "hour": 20}, True, ""),
    ("tomorrow at 7am Tokyo time", ["weekday", "hour"], {"weekday": "wednesday", "hour": 20}, False, ""),
    ("tomorrow at 7am Tokyo time", ["weekday", "hour"], {"weekday": "monday", "hour": 20}, False, ""),
    ("tomorrow at 7am Tokyo time", ["weekday", "hour"], {"weekday": "tuesday", "hour": 19}, False, ""),
    ("tomorrow at 7am Tokyo time", ["month", "day", "hour"], {"month": 2, "day": 12, "hour": 20}, True, ""),
    ("this weekend", ["weekday"], {"weekday": "friday"}, False, ""),
    ("tomorrow at 11pm", ["weekday", "hour", "timezone"], {"weekday": "thu", "hour": 1, "timezone": "UTC"}, True, ""),
    ("tomorrow at 11pm", ["weekday", "hour", "timezone"], {"weekday": "wed", "hour": 1, "timezone": "UTC"}, False,
     ""),
    # a point phrase on a start/end group of weekdays: the end stays in a period's window
    ("this weekend", ["start_weekday", "end_weekday"], {"start_weekday": "saturday", "end_weekday": "sunday"}, True,
     ""),
    ("this weekend", ["start_weekday", "end_weekday"], {"start_weekday": "sunday", "end_weekday": "saturday"}, False,
     "the end is before the start"),
    ("tomorrow", ["start_weekday", "end_weekday"], {"start_weekday": "wednesday", "end_weekday": "friday"}, False,
     "the end cannot be placed in 2013-02-13"),
    ("tomorrow", ["start_weekday", "end_weekday"], {"start_weekday": "wednesday", "end_weekday": "wednesday"}, True,
     ""),
]  # fmt: skip


@pytest.mark.parametrize(("phrase", "params", "values", "passes", "fragment"), CASES)
def test_group_pins_the_window(
    phrase: str, params: list[str], values: dict[str, object], passes: bool, fragment: str
) -> None:
    outcome = match_date_time(phrase, values, _user(phrase, values), params=params)  # type: ignore[arg-type]
    assert outcome.passed is passes, outcome.reason
    assert fragment in outcome.reason
    assert outcome.error is None


LONG = Window(datetime(2013, 2, 12), datetime(2014, 8, 12), "span", note="18 months")
YEAR_LONG = Window(datetime(2013, 2, 12), datetime(2014, 2, 12), "span", note="a year")
NO_YEAR = frozenset({"year"})


@pytest.mark.parametrize(
    ("window", "month", "day", "passes"),
    [
        (YEAR_LONG, 7, 9, True),  # each month and day falls once in a year
        (YEAR_LONG, 2, 12, True),
        (YEAR_LONG, 2, 11, True),
        (LONG, 7, 9, False),  # twice in 18 months: the year is needed
        (LONG, 12, 25, False),
    ],
)
def test_a_window_longer_than_a_year_needs_the_year(window: Window, month: int, day: int, passes: bool) -> None:
    value = Actual(datetime(2000, month, day), datetime(2000, month, day + 1), "covers", free=NO_YEAR)
    assert accepts(window, value, None, frozenset()) is passes
    assert accepts(window, value, None, frozenset({"year"})) is False  # never when the phrase names it


def _user(phrase: str, values: dict[str, object]) -> datetime:
    """``USER``, or the same instant in a named zone where a season is said."""
    said = f"{phrase} {values}"
    return NORTH if any(name in said for name in ("winter", "summer", "spring", "autumn")) else USER
