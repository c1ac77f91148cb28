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
from mb.evaluation import iter_evaluate
from mb.io import iter_lines


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
            environment["user_time"] = (base + timedelta(seconds=index)).isoformat()
        yield json.dumps(document).encode() + b"\n"


def _measure(path: Path, count: int) -> None:
    lines = [data for _, data in iter_lines(path)]
    start = time.perf_counter()
    for data in lines:
        orjson.loads(data)
    raw = time.perf_counter() - start
    start = time.perf_counter()
    for result in iter_evaluate(path, judge="lexical", metrics=[]):
        if result.status == "error":
            raise SystemExit(f"unexpected error on line {result.line}: {result.error}")
    evaluated = time.perf_counter() - start
    print(f"  orjson.loads:        {count / raw:12,.0f} lines/s")
    print(f"  evaluation:          {count / evaluated:12,.0f} lines/s  ({raw / evaluated:.1%} of the raw rate)")


def _peak_rss(path: Path) -> float:
    code = (
        "import re, sys; from mb.cli import main\n"
        "try:\n    main(['eval', '--judge', 'lexical', '--metrics', 'none', '-q', '-o', sys.argv[2], sys.argv[1]])\n"
        "except SystemExit:\n    pass\n"
        "print(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path), str(path) + ".results"], capture_output=True, text=True, check=True
    )
    return int(out.stdout.split()[-1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for distinct in (False, True):
            path = Path(tmp) / f"det-{distinct}.jsonl"
            path.write_bytes(b"".join(_lines(args.lines, distinct)))
            label = "a distinct reference time per line" if distinct else "shared reference times"
            print(f"{args.lines} deterministic executed lines, {label}:")
            _measure(path, args.lines)
        small = Path(tmp) / "small.jsonl"
        small.write_bytes(b"".join(_lines(args.lines // 10, False)))
        full = Path(tmp) / "det-False.jsonl"
        print(
            f"mb eval peak RSS: {_peak_rss(small):.1f} MiB ({args.lines // 10} lines), "
            f"{_peak_rss(full):.1f} MiB ({args.lines} lines)"
        )


if __name__ == "__main__":
    main()
