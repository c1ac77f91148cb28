"""Readings are shared by every user_time of a calendar day, in the user's zone, and never across zones."""

from __future__ import annotations

import functools
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from mb.judges.base import Verdict
from mb.matching import MatchContext
from mb.matching.date_time import match_date_time
from mb.matching.date_time._phrase import _resolve
from mb.matching.parameters import parameter_row

NEW_YORK = ZoneInfo("America/New_York")


def test_user_times_of_one_day_give_the_results_of_a_fresh_resolution() -> None:
    said = [datetime(2024, 5, 14, h, m, s, tzinfo=timezone(timedelta(hours=2))) for h, m, s in
            ((0, 0, 1), (9, 41, 7), (23, 59, 59))]  # fmt: skip
    cases = [("tomorrow at 9am", "2024-05-15T09:00:00+02:00"), ("next Friday", "2024-05-17"),
             ("tomorrow at 9am", "2024-05-15T09:00:00+03:00"), ("in 2 days", "2024-05-16T10:00:00")]  # fmt: skip
    fresh = []
    for user_time in said:
        _resolve.cache_clear()
        fresh.append([match_date_time(phrase, argument, user_time) for phrase, argument in cases])
    _resolve.cache_clear()
    shared = [[match_date_time(phrase, argument, user_time) for phrase, argument in cases] for user_time in said]
    assert shared == fresh
    assert [o.passed for o in shared[0]] == [True, True, False, True]


def test_a_named_zone_keeps_its_day_across_a_dst_change() -> None:
    before = datetime(2024, 3, 10, 0, 30, tzinfo=NEW_YORK)  # EST, -05:00
    after = datetime(2024, 3, 10, 12, 0, tzinfo=NEW_YORK)  # EDT, -04:00
    assert before.utcoffset() != after.utcoffset()
    _resolve.cache_clear()
    for user_time in (before, after):
        assert match_date_time("tomorrow at 9am", "2024-03-11T09:00:00-04:00", user_time).passed
        assert not match_date_time("tomorrow at 9am", "2024-03-11T09:00:00-05:00", user_time).passed
        assert match_date_time("today", "2024-03-10T23:30:00-04:00", user_time).passed
        assert not match_date_time("today", "2024-03-10T00:30:00-04:00", user_time).passed  # 23:30 the day before


def test_fixed_offsets_of_the_same_wall_day_are_not_shared() -> None:
    winter = datetime(2024, 3, 10, 0, 30, tzinfo=timezone(timedelta(hours=-5)))
    summer = datetime(2024, 3, 10, 12, 0, tzinfo=timezone(timedelta(hours=-4)))
    _resolve.cache_clear()
    assert match_date_time("tomorrow at 9am", "2024-03-11T09:00:00-05:00", winter).passed
    assert not match_date_time("tomorrow at 9am", "2024-03-11T09:00:00-05:00", summer).passed
    assert match_date_time("tomorrow at 9am", "2024-03-11T09:00:00-04:00", summer).passed
    assert not match_date_time("tomorrow at 9am", "2024-03-11T09:00:00-04:00", winter).passed


def _clear_date_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name.startswith("mb.matching.date_time") and module is not None:
            for value in vars(module).values():
                if isinstance(value, functools._lru_cache_wrapper):
                    value.cache_clear()


_CASES: list[tuple[str, object, list[str] | None]] = [
    ("tomorrow at 9am", {"start_time": "2024-03-11T09:00:00-04:00", "end_time": "2024-03-11T10:00:00-04:00"},
     ["start_time", "end_time"]),
    ("tomorrow at 9am", "2024-03-11T09:00:00", None),
    ("next Friday at 2pm", {"start": "2024-03-15T14:00:00-05:00"}, ["start", "end"]),
    ("Monday, March 11, 2024 at 3pm", "2024-03-11T15:00:00-04:00", None),
    ("from 3pm to 4pm on March 12", {"start": "2024-03-12T15:00:00", "end": "2024-03-12T16:00:00"}, ["start", "end"]),
    ("today", "2024-03-10T23:30:00-04:00", None),
    ("end of month", "2024-03-29", None),
    ("in 2 hours", "2024-03-10T14:00:00-04:00", None),  # moves with the clock
    ("tomorrow at 9am", "tomorrow 9am", None),  # an argument in words is resolved against the user time too
    ("today", "in 2 hours", None),  # an argument in words that moves with the clock
    ("tomorrow at 9am", "2024-13-40T09:00:00", None),
]  # fmt: skip


@pytest.mark.parametrize(
    "said",
    [
        # one calendar day in a fixed offset
        [datetime(2024, 3, 10, h, m, s, tzinfo=timezone(timedelta(hours=-5))) for h, m, s in
         ((0, 0, 0), (0, 30, 5), (11, 59, 59), (23, 59, 59))],
        # one calendar day in a named zone, across its DST change (EST before 02:00, EDT after)
        [datetime(2024, 3, 10, h, m, tzinfo=NEW_YORK) for h, m in ((0, 30), (1, 59), (3, 0), (12, 0), (23, 45))],
        # naive user times of one day
        [datetime(2024, 3, 10, h) for h in (0, 8, 13, 23)],
    ],
    ids=["fixed-offset", "named-zone-dst", "naive"],
)  # fmt: skip
def test_remembered_verdicts_of_one_day_equal_fresh_ones(said: list[datetime]) -> None:
    ctx_of = functools.partial(MatchContext, lambda request: Verdict(1.0, "", "test"))
    remembered = []
    for user_time in said:
        row = []
        for phrase, argument, params in _CASES:
            spec = (params or ["when"], params is not None, ("date_time", phrase, None))
            values = argument if params is not None else {"when": argument}
            assert isinstance(values, dict)
            row.append(parameter_row(spec, values, ctx_of(user_time)))
        remembered.append(row)
    for user_time, row in zip(said, remembered, strict=True):
        for (phrase, argument, params), got in zip(_CASES, row, strict=True):
            _clear_date_caches()
            fresh = match_date_time(phrase, argument, user_time, params=params)  # type: ignore[arg-type]
            assert (got["passed"], got["reason"], got["error"]) == (fresh.passed, fresh.reason, fresh.error), (
                user_time,
                phrase,
            )
    assert any(row["passed"] for rows in remembered for row in rows)
    assert any(not row["passed"] for rows in remembered for row in rows)
