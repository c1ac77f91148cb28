"""Deterministic evaluation throughput: ``mb eval`` on lines whose checks need no judge (equality, email,
missing, date_time), against plain ``orjson.loads`` of the same lines, plus peak memory.

Run: ``.venv/bin/python bench/evaluate.py [--lines 100000]``. Target: at least 10% of the raw parse rate with
flat memory. Date resolution is cached per (phrase, reference time): the first figure uses lines that share
reference times (as a run with ``mb run --user-time`` produces); the second gives every line its own
reference time, the worst case for the cache.
"""

from __future__ import annotations

import argparse
import copy
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import orjson

from mb.data import example_lines


def _deterministic(document: dict[str, Any]) -> dict[str, Any] | None:
    """The example without what needs a judge: expected_response and free-text parameters."""
    document = copy.deepcopy(document)
    document["expectations"].pop("expected_response", None)
    for assertion in document["expectations"].get("assertions", []):
        kept = []
        for parameter in assertion.get("parameters", []):
            matcher = parameter["matcher"]
            inner = matcher.get("default", {}) if matcher["match_as"] == "optional" else matcher
            if inner.get("match_as") != "free_text":
                kept.append(parameter)
        assertion["parameters"] = kept
    outputs = document.get("outputs") or {}
    if outputs.get("citations") or any(e.get("event") == "retriever" for e in outputs.get("trace", [])):
        return None
    return document


def _lines(count: int, distinct_times: bool) -> Iterator[bytes]:
    seeds = [d for d in map(_deterministic, example_lines(executed=True)) if d is not None]
    for index in range(count):
        document = copy.deepcopy(seeds[index % len(seeds)])
        document["inputs"]["messages"][-1]["content"] += f" (case {index})"
        environment = document["outputs"].get("environment")
        if distinct_times and environment and environment.get("user_time"):
            base = datetime.fromisoformat(environment["user_time"])
            environment["user_time"] = (base + timedelta(seconds=37 * index)).isoformat()  # over days
        yield json.dumps(document).encode() + b"\n"


_CLI = (
    "import re, sys, time\n"
    "t = time.perf_counter()\n"
    "from mb.cli import main\n"
    "try:\n"
    "    main(['eval', '--judge', 'lexical', '--metrics', 'none', '-q', '--format', 'json', '-o', sys.argv[2],"
    " sys.argv[1]])\n"
    "except SystemExit:\n"
    "    pass\n"
    "wall = time.perf_counter() - t\n"
    "import resource\n"
    "hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)\n"
    "print(wall, hwm, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
)


def _cli(path: Path) -> tuple[float, float, float]:
    """(wall seconds including start-up, peak RSS MiB, peak RSS MiB of the largest worker process) of ``mb eval``
    on ``path`` in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", _CLI, str(path), str(path) + ".results.jsonl"], capture_output=True, text=True
    )
    wall, hwm, worker = done.stderr.split()[-3:]
    return float(wall), int(hwm) / 1024, int(worker) / 1024


def _measure(path: Path, count: int, runs: int = 3) -> tuple[float, float]:
    """Best of ``runs`` for both the raw parse and ``mb eval`` (median of ``mb eval`` shown too); returns both
    best times (seconds)."""
    raw = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        with path.open("rb") as lines:
            for line in lines:
                orjson.loads(line)
        raw = min(raw, time.perf_counter() - start)
    measured = sorted(_cli(path) for _ in range(runs))
    wall, rss, worker = measured[0]
    median = measured[len(measured) // 2][0]
    results = path.with_name(path.name + ".results.jsonl")
    errors = sum(1 for line in results.open("rb") if b'"status":"error"' in line)
    if errors:
        raise SystemExit(f"{errors} unexpected error result(s) in {results}")
    print(f"  orjson.loads (reading the file): {count / raw:12,.0f} lines/s (best of {runs})")
    print(
        f"  mb eval (start-up included):     {count / wall:12,.0f} lines/s  ({raw / wall:.1%} of the raw rate; "
        f"median of {runs}: {raw / median:.1%})"
    )
    print(f"  peak RSS: {rss:.0f} MiB" + (f", largest worker process {worker:.0f} MiB" if worker else ""))
    return raw, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=100_000)
    args = parser.parse_args()
    timings: dict[tuple[int, bool], tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for count, distinct in ((args.lines // 10, False), (args.lines, False), (args.lines // 10, True)):
            path = Path(tmp) / f"det-{count}-{distinct}.jsonl"
            path.write_bytes(b"".join(_lines(count, distinct)))
            label = "a distinct reference time per line, spread over days" if distinct else "shared reference times"
            print(f"{count} deterministic executed lines, {label}:")
            timings[count, distinct] = _measure(path, count)
    (small_raw, small), (big_raw, big) = timings[args.lines // 10, False], timings[args.lines, False]
    lines = args.lines - args.lines // 10
    print(
        f"Past start-up (the extra {lines} lines of the large run): {lines / (big - small):,.0f} lines/s, "
        f"{(big_raw - small_raw) / (big - small):.1%} of the raw rate"
    )


if __name__ == "__main__":
    main()
