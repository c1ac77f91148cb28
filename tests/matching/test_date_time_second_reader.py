"""The second date reader (Duckling, the ``dates`` extra) reads only phrases whose words the grammar leaves unread, and
only when its answer is complete and no guess; the reason says it decided. Without the extra the grammar's error
stands, with a hint naming the extra. Rows are (phrase, user_time, argument, expected)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from datetime import datetime, timedelta, timezone

import pytest

from mb.judges.base import JudgeRequest, Verdict
from mb.matching import MatchContext
from mb.matching.date_time import match_date_time
from mb.matching.parameters import parameter_row
from tests.support.verdicts import ERROR, assert_verdict

U = datetime(2023, 11, 14, 22, 13, 20)  # a Tuesday evening, naive (wall clock)
EST = datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone(timedelta(hours=-5)))

needs_duckling = pytest.mark.skipif(
    importlib.util.find_spec("duckling") is None, reason="the dates extra (pyduckling-native-phihos) is not installed"
)

READ = [
    ("a minute past noon", U, "2023-11-15T12:01:00", True),  # tomorrow's noon: today's has passed, as the grammar does
    ("a minute past noon", U, "2023-11-15T12:02:00", False),
    ("a minute past noon", U, "2023-11-14T12:01:00", False),
    ("30 seconds past 5pm tomorrow", U, "2023-11-15T17:00:30", True),
    ("30 seconds past 5pm tomorrow", U, "2023-11-15T17:00:31", False),
    ("a second past midnight", U, "2023-11-15T00:00:01", True),
    ("the first minute of 2025", None, "2025-01-01T00:00:59", True),  # absolute: no user_time needed
    ("the first minute of 2025", None, "2025-01-01T00:01:00", False),
    ("4 secs past 4 pm on 4 april 2024", None, "2024-04-04T16:00:04", True),
    ("4 secs past 4 pm on 4 april 2024", None, "2024-04-04T04:00:04", False),
    # an offset user_time: the wall clock is read in that offset, arguments with offsets compared as instants
    ("a minute past noon", EST, "2023-11-15T17:01:00Z", True),
    ("a minute past noon", EST, "2023-11-15T12:01:00Z", False),
    # a time of day with no am/pm keeps both readings, never Duckling's first
    ("3 seconds past 3", U, "2023-11-15T03:00:03", True),
    ("3 seconds past 3", U, "2023-11-15T15:00:03", True),
    ("3 seconds past 3", U, "2023-11-15T09:00:03", False),
]


@needs_duckling
@pytest.mark.parametrize(("phrase", "user_time", "argument", "expected"), READ)
def test_phrases_the_grammar_leaves_unread_are_read_by_duckling(
    phrase: str, user_time: datetime | None, argument: str, expected: bool
) -> None:
    outcome = match_date_time(phrase, argument, user_time)
    assert_verdict(outcome, expected)
    assert "(read by Duckling)" in outcome.reason


@needs_duckling
def test_the_reason_lists_both_am_and_pm() -> None:
    outcome = match_date_time("3 seconds past 3", "2023-11-15T15:00:03", U)
    assert "2023-11-15T03:00:03 or 2023-11-15T15:00:03 (read by Duckling)" in outcome.reason


@needs_duckling
def test_a_range_read_by_duckling_checks_both_ends_as_the_grammar_does() -> None:
    phrase, group = "from a minute past noon to 1pm tomorrow", ["start", "end"]
    ok = match_date_time(phrase, {"start": "2023-11-15T12:01:00", "end": "2023-11-15T13:00:00"}, U, params=group)
    late = match_date_time(phrase, {"start": "2023-11-15T12:01:00", "end": "2023-11-15T13:01:00"}, U, params=group)
    early = match_date_time(phrase, {"start": "2023-11-15T12:00:00", "end": "2023-11-15T13:00:00"}, U, params=group)
    assert (ok.passed, late.passed, early.passed) == (True, False, False), (ok.reason, late.reason, early.reason)
    # one parameter falls in the start's window, as for any explicit range
    assert not match_date_time(phrase, "2023-11-15T12:30:00", U).passed


@needs_duckling
def test_a_time_alone_matches_a_time_of_day_with_no_date_only() -> None:
    # Duckling repeats "a minute past noon" every day: a time of day with no date, as the grammar's "12:01pm"
    assert match_date_time("a minute past noon", {"time": "12:01"}, U, params=["time"]).passed
    assert not match_date_time("a minute past noon", {"time": "12:02"}, U, params=["time"]).passed
    dated = match_date_time("30 seconds past 5pm tomorrow", {"time": "17:00:30"}, U, params=["time"])
    assert not dated.passed
    assert "a time alone cannot match a phrase naming a date" in dated.reason


@needs_duckling
def test_a_group_may_leave_out_the_year_only_when_the_phrase_names_none() -> None:
    group = {"month": 1, "day": 1, "hour": 0, "minute": 0}
    assert match_date_time("a minute past noon", group | {"month": 11, "day": 15, "hour": 12, "minute": 1}, U).passed
    named = match_date_time("the first minute of 2025", group, U, params=list(group))
    assert not named.passed
    assert "the phrase names the year (2025)" in named.reason


@needs_duckling
def test_an_argument_in_words_is_read_by_duckling_too() -> None:
    outcome = match_date_time("2023-11-15T12:01", "a minute past noon", U)
    assert outcome.passed, outcome.reason
    assert "read by Duckling" in outcome.reason
    assert not match_date_time("2023-11-15T12:02", "a minute past noon", U).passed


@needs_duckling
def test_a_relative_phrase_without_user_time_is_an_error_with_the_usual_reason() -> None:
    outcome = match_date_time("a minute past noon", "2023-11-15T12:01:00", None)
    assert outcome.error is not None
    assert not outcome.passed
    assert "is relative to when it was said and outputs.environment.user_time is missing" in outcome.reason


@needs_duckling
def test_a_phrase_duckling_reads_never_reaches_a_date_judge() -> None:
    asked: list[JudgeRequest] = []

    def judge(request: JudgeRequest) -> Verdict:
        asked.append(request)
        return Verdict(1.0, "yes", "llm:fake", None)

    spec = (["when"], False, ("date_time", "a minute past noon", None))
    row = parameter_row(spec, {"when": "2023-11-15T12:02:00"}, MatchContext(judge, U, lambda task: True))
    assert row["passed"] is False
    assert row["error"] is None
    assert asked == []


REFUSED = [
    "a minute to noon tomorrow",  # Duckling reads "noon tomorrow" only: a partial answer
    "the chimes of midnight",  # "midnight" only
    "a minute past noon PST",  # names a zone: read in two offsets, Duckling's answers differ
    "a minute past noon to 1pm tomorrow",  # Duckling drops the end of the range
    "since a minute past noon",  # an open bound (Duckling: from 12:01 on)
    "10 minutes before the hour",  # no one hour (Duckling: before the current one)
    "seconds after midnight",  # no count (Duckling: one second)
    "the eve of passover",  # a holiday's days are a convention
    "the last minute of today",  # words the grammar reads but finds contradictory stay its error
    "a minute past\x00noon",  # a NUL character never reaches Duckling's native code
]


@needs_duckling
@pytest.mark.parametrize("phrase", REFUSED)
def test_incomplete_or_guessed_answers_leave_the_grammar_s_error(phrase: str) -> None:
    outcome = match_date_time(phrase, "2023-11-15T12:01:00", U)
    assert_verdict(outcome, ERROR)
    assert outcome.reason.startswith("could not understand")
    assert "Duckling" not in outcome.reason
    assert "morganabench[dates]" not in outcome.reason  # installed: no hint


@needs_duckling
def test_a_phrase_duckling_cannot_read_in_time_or_memory_is_refused_and_the_next_is_read() -> None:
    # Duckling's parser fills a gigabyte on these five words: its process is limited and started again
    outcome = match_date_time("next 2024 day half minute", "2024-01-01T00:00:00", U)
    assert_verdict(outcome, ERROR)
    assert "could not understand 'half', 'minute'" in outcome.reason
    assert match_date_time("a second past noon", "2023-11-15T12:00:01", U).passed


_ABSENT = """
import json, sys
sys.modules["duckling"] = None  # the extra is not installed: importing it fails
from datetime import datetime
from mb.judges.base import JudgeRequest, Verdict
from mb.matching import MatchContext
from mb.matching.date_time import match_date_time
from mb.matching.parameters import parameter_row
outcome = match_date_time("a minute past noon", "2023-11-15T12:01:00", datetime(2023, 11, 14, 22, 13, 20))
print(json.dumps([outcome.passed, outcome.error, outcome.reason]))
"""


def test_without_the_extra_the_grammar_s_error_stands_with_a_hint() -> None:
    done = subprocess.run([sys.executable, "-c", _ABSENT], capture_output=True, text=True, check=True, timeout=120)
    passed, error, reason = json.loads(done.stdout)
    assert passed is False
    assert error == reason
    assert reason.startswith("could not understand 'a', 'minute', 'past' in 'a minute past noon'")
    hint = "pip install '/path/to/morganabench[dates]' adds a second reader (Linux x86-64, macOS arm64)"
    assert reason.endswith(f"; {hint}")
