"""Validation throughput: ``mb validate`` against plain ``orjson.loads`` of the same lines, and its memory.

Run: ``.venv/bin/python bench/validate.py [--lines 200000] [--runs 5] [--memory-lines 1000000]``.

Two generated files of executed lines, neither a repetition of one line: the realistic lines of
``bench/evaluate.py`` (each its own ``user_time`` over a year, mixed matchers, e-mails, 5% ``date_time`` groups) and
lines shaped like the published examples (citations, retrievals, metadata) with per-line ids and wording. For each:

- lines/s of the raw parse of the file and of its validation as ``mb validate`` does it (each line read once: its
  validity, and its unknown keys when it is among the first 10,000), with their ratio (target: at least 0.25). Both
  read the file from the page cache, so that neither side is spared the reading: the raw parse is ``orjson.loads``
  of each line, the lines read in the faster of two plain ways (iterating over the open file, or splitting 1 MiB
  blocks): the way with the best run is used for every run (taking the faster of the two in each run would favour
  the raw side by the noise). Runs are interleaved, both are timed as CPU time of this process (the machine is
  shared), and the same garbage-collector settings apply to both; the best run of each and the median of the
  per-run ratios are printed (the best is the least disturbed). For reference, the ratio to ``orjson.loads`` of the
  lines already held in memory (no reading) is printed too;
- the same validation with worker processes, as ``mb validate`` checks a file of 32 MiB or more (one per CPU, each
  checking blocks of lines the main process reads, unknown keys included), in wall time (the workers' start
  included) against the raw parse in wall time;
- the ``mb validate --executed`` command in a fresh process (after its imports), and its peak resident memory on
  files of two sizes, a tenth of ``--lines`` and ``--lines``, and of ``--memory-lines`` when given (target: flat).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _synth import write_synthetic
from evaluate import write_lines

from mb.io import iter_lines
from mb.io._pool import auto_jobs
from mb.io._validate import Tally, iter_line_errors


def _timed(fn: Callable[[], None]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def _wall(fn: Callable[[], None]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


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


def _measure(label: str, path: Path, count: int, runs: int) -> None:
    held = [data for _, data in iter_lines(path)]

    def parse_held() -> None:
        loads = orjson.loads
        for data in held:
            loads(data)

    def parse_lines() -> None:
        loads = orjson.loads
        with path.open("rb") as stream:
            for data in stream:
                loads(data)

    def parse_blocks() -> None:
        loads = orjson.loads
        rest = b""
        with path.open("rb") as stream:
            while block := stream.read(1 << 20):
                lines = (rest + block).split(b"\n")
                rest = lines.pop()
                for data in lines:
                    loads(data)
        if rest.strip():
            loads(rest)

    def validate(jobs: int | None = 1) -> None:
        tally = Tally()
        for problem in iter_line_errors(path, tally, executed=True, jobs=jobs, key_lines=10_000):
            raise SystemExit(f"unexpected problem: {problem}")
        if tally.valid != count:
            raise SystemExit(f"{tally.valid} valid lines of {count}")

    by_lines: list[float] = []
    by_blocks: list[float] = []
    in_memory: list[float] = []
    checked: list[float] = []
    raw_wall: list[float] = []
    workers: list[float] = []
    for _ in range(runs):
        by_lines.append(_timed(parse_lines))
        by_blocks.append(_timed(parse_blocks))
        in_memory.append(_timed(parse_held))
        checked.append(_timed(validate))
        raw_wall.append(min(_wall(parse_lines), _wall(parse_blocks)))
        workers.append(_wall(lambda: validate(jobs=None)))
    raw = min(by_lines, by_blocks, key=min)
    ratio = statistics.median(r / c for r, c in zip(raw, checked, strict=True))
    size = path.stat().st_size / 2**20
    print(f"{label}: {count:,} executed lines, {size:.1f} MiB")
    print(f"  orjson.loads (reading the file):   {count / min(raw):12,.0f} lines/s")
    print(f"  mb validate (reading the file):    {count / min(checked):12,.0f} lines/s")
    best = min(raw) / min(checked)
    print(f"  ratio: best {best:.2f}, median of runs {ratio:.2f} of the raw parse rate (target >= 0.25)")
    held_best = min(in_memory) / min(checked)
    held_ratio = statistics.median(r / c for r, c in zip(in_memory, checked, strict=True))
    print(f"  (against orjson.loads of the lines held in memory: best {held_best:.2f}, median {held_ratio:.2f})")
    jobs = auto_jobs(path, 0)
    print(f"  with worker processes (as mb validate reads a file of 32 MiB or more; {jobs} here), wall time:")
    print(f"    orjson.loads (reading the file):   {count / min(raw_wall):12,.0f} lines/s")
    print(f"    mb validate (workers started too): {count / min(workers):12,.0f} lines/s")
    wall_ratio = statistics.median(r / c for r, c in zip(raw_wall, workers, strict=True))
    print(f"    ratio: best {min(raw_wall) / min(workers):.2f}, median of runs {wall_ratio:.2f} (target >= 0.25)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--memory-lines", type=int, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        realistic = write_lines(Path(tmp) / "realistic.jsonl", args.lines)
        spec_shaped = write_synthetic(Path(tmp) / "spec-shaped.jsonl", args.lines)
        _measure("realistic lines (bench/evaluate.py)", realistic, args.lines, args.runs)
        _measure("lines shaped like the published examples", spec_shaped, args.lines, args.runs)
        small = write_lines(Path(tmp) / "small.jsonl", max(args.lines // 10, 1000))
        sizes = [("small", small), ("full", realistic)]
        if args.memory_lines:
            sizes.append(("large", write_lines(Path(tmp) / "large.jsonl", args.memory_lines)))
        for label, target in sizes:
            wall, rss = _peak_rss_mb(target)
            count = sum(1 for _ in target.open("rb"))
            print(
                f"mb validate CLI, {label:5} realistic file ({count:>7} lines): {wall:6.2f} s ({count / wall:,.0f} "
                f"lines/s), peak RSS {rss:6.1f} MiB"
            )
    print(f"(python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
