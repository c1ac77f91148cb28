"""Throughput and memory of the ``date_time`` matcher on realistic calls: every call has its own ``user_time``.

Run: ``python bench/date_time.py [--calls 20000] [--memory-calls 200000] [--file LINES.jsonl]``. Prints calls per
second and the peak memory at both sizes (bounded caches: it should stay flat); asserts nothing. With ``--file`` (an
executed benchmark such as the realistic lines ``bench/evaluate.py`` writes), also the CPU time of each date_time
check of the file through the matcher, every date cache cleared before each of five passes (as a fresh process sees
the checks, the grammar compiled beforehand), best and median. Timings on a shared machine are noisy: run it a few
times and take the best.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import re
import resource
import statistics
import sys
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from mb.matching.date_time import _grammar, match_date_time

__all__ = ["main"]

_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]  # fmt: skip
_OFFSETS = [None, -8, -5, 0, 1, 5.5, 9]


def calls(count: int, seed: int = 7) -> Iterator[tuple[str, object, list[str] | None, datetime]]:
    """Generated calls: a distinct user time each, a phrase from a mix of families, a right or wrong argument."""
    rng = random.Random(seed)
    for _ in range(count):
        offset = rng.choice(_OFFSETS)
        tz = None if offset is None else timezone(timedelta(hours=offset))
        now = datetime(2025, 1, 1, tzinfo=tz) + timedelta(seconds=rng.randrange(365 * 86400))
        hour = rng.randint(8, 18)
        clock = f"{hour % 12 or 12}{'am' if hour < 12 else 'pm'}"
        kind = rng.randrange(6)
        if kind == 0:
            day, phrase = now.date() + timedelta(days=1), f"tomorrow at {clock}"
        elif kind == 1:
            day, phrase = now.date() + timedelta(days=(4 - now.weekday()) % 7 or 7), f"next Friday at {clock}"
        elif kind == 2:
            day = now.date() + timedelta(days=rng.randint(2, 60))
            phrase = f"{_WEEKDAYS[day.weekday()]}, {_MONTHS[day.month - 1]} {day.day}, {day.year} at {clock}"
        elif kind == 3:
            minutes = rng.choice([15, 30, 90, 120])
            moment = now + timedelta(minutes=minutes)
            yield f"in {minutes} minutes", moment.isoformat(), None, now
            continue
        elif kind == 4:
            yield "end of month", (now + timedelta(days=rng.randint(0, 3))).date().isoformat(), None, now
            continue
        else:
            day = now.date() + timedelta(days=rng.randint(1, 5))
            yield (
                f"from {clock} to {hour % 12 + 1}pm on {_MONTHS[day.month - 1]} {day.day}",
                {
                    "start": datetime(day.year, day.month, day.day, hour, tzinfo=tz).isoformat(),
                    "end": datetime(day.year, day.month, day.day, hour + 1, tzinfo=tz).isoformat(),
                },
                ["start", "end"],
                now,
            )
            continue
        start = datetime(day.year, day.month, day.day, hour, tzinfo=tz) + timedelta(hours=rng.choice([0, 0, 0, 1]))
        group = {"start_time": start.isoformat(), "end_time": (start + timedelta(minutes=30)).isoformat()}
        yield phrase, group, ["start_time", "end_time"], now


def _run(count: int) -> tuple[float, int]:
    started = time.perf_counter()
    passed = 0
    for phrase, actual, params, now in calls(count):
        passed += match_date_time(phrase, actual, now, params=params).passed  # type: ignore[arg-type]
    return time.perf_counter() - started, passed


def file_checks(path: Path) -> list[tuple[str, Any, list[str] | None, datetime | None]]:
    """The date_time checks of an executed benchmark file: phrase, argument (or the call's parameters for a group),
    the group's names, and the line's user_time; each against the first call of its tool."""
    found: list[tuple[str, Any, list[str] | None, datetime | None]] = []
    with path.open("rb") as lines:
        for raw in lines:
            if b'"date_time"' not in raw:
                continue
            line = json.loads(raw)
            outputs = line.get("outputs") or {}
            said = (outputs.get("environment") or {}).get("user_time")
            user_time = datetime.fromisoformat(said) if said else None
            calls = [e for e in outputs.get("trace") or [] if e.get("event") == "tool_call"]
            for assertion in (line.get("expectations") or {}).get("assertions") or []:
                call = next((c for c in calls if c.get("tool") == assertion.get("tool")), None)
                for parameter in assertion.get("parameters") or []:
                    matcher = parameter.get("matcher") or {}
                    if call is None or matcher.get("match_as") != "date_time":
                        continue
                    values = call.get("params") or {}
                    if "params" in parameter:
                        found.append((matcher["value"], values, list(parameter["params"]), user_time))
                    elif parameter.get("param") in values:
                        found.append((matcher["value"], values[parameter["param"]], None, user_time))
    return found


def _clear_date_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name.startswith("mb.matching.date_time") and module is not None:
            for obj in vars(module).values():
                if isinstance(obj, functools._lru_cache_wrapper):
                    obj.cache_clear()


def file_cost(path: Path, passes: int = 5) -> tuple[int, float, float]:
    """The date_time checks of a file, and the best and median CPU microseconds per check over ``passes`` passes,
    each with every date cache cleared."""
    checks = file_checks(path)
    _grammar.parse("")
    for element in _grammar.ELEMENTS:  # every pattern compiled (in re's cache): date_phrase_cost.py times first use
        re.compile(element.pattern)
    times = []
    for _ in range(passes):
        _clear_date_caches()
        started = time.process_time()
        for phrase, actual, params, now in checks:
            match_date_time(phrase, actual, now, params=params)
        times.append((time.process_time() - started) / max(len(checks), 1) * 1e6)
    return len(checks), min(times), statistics.median(times)


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000, help="calls for the throughput run")
    parser.add_argument("--memory-calls", type=int, default=200_000, help="calls for the memory run (0: skip)")
    parser.add_argument("--file", type=Path, help="also time the date_time checks of this executed benchmark")
    args = parser.parse_args()
    if args.file is not None:
        count, best, median = file_cost(args.file)
        print(
            f"{args.file.name}: {count:,} date_time checks, {best:.1f} us CPU each (median {median:.1f}), caches cold"
        )
    started = time.perf_counter()
    match_date_time("tomorrow at 9am CET", "2024-01-02T09:00:00+01:00", datetime(2024, 1, 1, 12))
    print(f"first call (imports): {time.perf_counter() - started:.2f} s")
    seconds, passed = _run(args.calls)
    print(f"{args.calls:,} calls, a distinct user_time each: {args.calls / seconds:,.0f} calls/s ({passed:,} passed)")
    small = _peak_mib()
    print(f"peak RSS after {args.calls:,} calls: {small:.0f} MiB")
    if args.memory_calls:
        seconds, _ = _run(args.memory_calls)
        print(f"{args.memory_calls:,} calls: {args.memory_calls / seconds:,.0f} calls/s")
        print(
            f"peak RSS after {args.memory_calls:,} more calls: {_peak_mib():.0f} MiB ({_peak_mib() / small - 1:+.1%})"
        )


if __name__ == "__main__":
    main()
