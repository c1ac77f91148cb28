"""Validation throughput: ``mb validate`` against plain ``orjson.loads`` of the same lines, and its memory.

Run: ``.venv/bin/python bench/validate.py [--lines 200000]``. Prints lines/s for both, their ratio (target: at
least 1/3), and the peak resident memory of ``mb validate`` on files of two sizes (target: flat).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _synth import write_synthetic

from mb.io import iter_documents, iter_lines
from mb.io._typos import iter_key_warnings


def _best_of(repeats: int, fn: object) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def _peak_rss_mb(path: Path) -> tuple[float, float]:
    """(wall seconds, peak RSS in MiB) of ``mb validate --executed PATH`` in a fresh process."""
    # VmHWM, not ru_maxrss: a forked child's ru_maxrss keeps the parent's high-water mark across exec.
    code = (
        "import re, sys, time; from mb.cli import main; t = time.perf_counter()\n"
        "try:\n    main(['validate', '--executed', '-q', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
        "hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)\n"
        "print(time.perf_counter() - t, hwm)"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    wall, rss_kb = out.stdout.split()[-2:]
    return float(wall), int(rss_kb) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=200_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = write_synthetic(Path(tmp) / "bench.jsonl", args.lines)
        size_mb = path.stat().st_size / 2**20
        lines = [data for _, data in iter_lines(path)]

        def parse() -> None:
            for data in lines:
                orjson.loads(data)

        def validate() -> None:
            for _, _, error in iter_documents(path, executed=True, check_only=True):
                if error is not None:
                    raise SystemExit(f"unexpected invalid line: {error}")

        def scan_keys() -> None:
            for warning in iter_key_warnings(path):
                raise SystemExit(f"unexpected warning: {warning}")

        raw = _best_of(3, parse)
        checked = _best_of(3, validate)
        scanned = _best_of(3, scan_keys)
        print(f"{args.lines} executed lines, {size_mb:.1f} MiB")
        print(f"orjson.loads (lines in memory): {args.lines / raw:12,.0f} lines/s")
        print(f"mb validate (reading the file): {args.lines / checked:12,.0f} lines/s")
        print(f"ratio: {raw / checked:.2f} of the raw parse rate (target >= 0.33)")
        print(f"unknown-key scan (the CLI's warnings):  {args.lines / scanned:12,.0f} lines/s")
        lines.clear()  # free the copy before measuring memory in fresh processes
        small = write_synthetic(Path(tmp) / "small.jsonl", max(args.lines // 10, 1000))
        for label, target in (("small", small), ("full", path)):
            wall, rss = _peak_rss_mb(target)
            count = sum(1 for _ in target.open("rb"))
            print(
                f"mb validate CLI, {label:5} file ({count:>7} lines): {wall:6.2f} s ({count / wall:,.0f} lines/s "
                f"with the key scan), peak RSS {rss:6.1f} MiB"
            )
    print(f"(python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
