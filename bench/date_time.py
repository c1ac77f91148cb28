"""Throughput of the ``date_time`` matcher: uncached (every call resolves its phrase) and cached calls.

Run: ``python bench/date_time.py [--uncached N] [--cached N]``. Prints calls per second; asserts nothing.
"""

from __future__ import annotations

import argparse
import time
from datetime import datetime, timedelta, timezone

from mb.matching.date_time import match_date_time

__all__ = ["main"]

CASES: list[tuple[str, object, list[str] | None]] = [
    ("next Friday at 2pm", "2024-02-09T14:00:00", None),
    ("tomorrow", "2024-02-02T10:00:00Z", None),
    ("in 2 hours", 1706786100, None),
    ("June 3rd from 3pm to 4:30pm", {"start_time": "2024-06-03T15:00:00", "end_time": "2024-06-03T16:30:00"},
     ["start_time", "end_time"]),
    ("next Friday at 2pm", {"day": 9, "month": 2, "year": 2024, "hour": 14, "minute": 0},
     ["day", "month", "year", "hour", "minute"]),
    ("the last Friday of the month", "2024-02-23", None),
    ("tomorrow morning", "Feb 2, 2024 at 9am", None),
    ("3/5", "2024-05-03", None),
]  # fmt: skip
BASE = datetime(2024, 2, 1, 9, 15, tzinfo=timezone(timedelta(hours=1)))


def _rate(calls: int, seconds: float) -> str:
    return f"{calls / seconds:,.0f} calls/s ({seconds / calls * 1e3:.3f} ms/call)"


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--uncached", type=int, default=200, help="calls with a fresh user_time each")
    parser.add_argument("--cached", type=int, default=100_000, help="calls repeating the same inputs")
    args = parser.parse_args()

    started = time.perf_counter()
    match_date_time("tomorrow", "2024-02-02", BASE)  # loads the libraries
    print(f"first call (library loading): {time.perf_counter() - started:.2f} s")

    started = time.perf_counter()
    for i in range(args.uncached):
        phrase, actual, params = CASES[i % len(CASES)]
        match_date_time(phrase, actual, BASE + timedelta(minutes=i + 1), params=params)  # type: ignore[arg-type]
    print(f"uncached: {_rate(args.uncached, time.perf_counter() - started)}")

    started = time.perf_counter()
    for i in range(args.cached):
        phrase, actual, params = CASES[i % len(CASES)]
        match_date_time(phrase, actual, BASE, params=params)  # type: ignore[arg-type]
    print(f"cached:   {_rate(args.cached, time.perf_counter() - started)}")

    started = time.perf_counter()
    for i in range(args.cached):
        match_date_time("next Friday at 2pm", f"2024-02-09T14:{i % 60:02d}:00+01:00", BASE)
    print(f"cached phrase, fresh ISO argument each call: {_rate(args.cached, time.perf_counter() - started)}")


if __name__ == "__main__":
    main()
