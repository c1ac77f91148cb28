"""Readings are shared by every user_time of a calendar day, in the user's zone, and never across zones."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from mb.matching.date_time import match_date_time
from mb.matching.date_time._phrase import _resolve

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
    assert _resolve.cache_info().misses == 3  # one per phrase for the day (the ISO arguments aside)


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
